"""Notebook sweep (issue 27): `check` and `fix --write --unsafe-fixes --jobs 2` over a copy of a corpus.

    python benchmarks/notebook_sweep.py [CORPUS=/work/corpus/users] [--jobs 2] [--keep DIR]

CORPUS is the user-code set `benchmarks/realcode/users/fetch.py` rebuilds (public TF2 / Keras
notebooks and scripts). Runs the tool as `python -m tfautofix` subprocesses (the one on
PYTHONPATH) on a temporary copy, never on CORPUS, and reports: files, exit codes, worker deaths
("worker died" in stderr), tracebacks ("Traceback" in stderr), files that could not be
processed, then per rewritten file: notebooks `nbformat.validate`-valid, every cell's outputs and
metadata, the notebook metadata, the cell count and kinds and every markdown cell unchanged;
scripts still parse (`ast.parse`) and notebook code cells that parsed before still parse (IPython
magics masked), and no cell changed only in its blank lines (a cell no fix is for: seen). Cells are numbered
from 1, as `check` numbers them. Exit 1 on any failure; `--compare-only` redoes the comparisons on a `--keep` dir.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from tfautofix.buffers import parses

_MAGIC = re.compile(r"^(\s*)([%!].*|[\w.]+\?{1,2}\s*)$")  # %magic, !shell, obj? / obj??


def _code(cell_source: str) -> str:
    """A code cell's Python, IPython magics and shell escapes blanked (what `ast.parse` can read)."""
    return "\n".join(m.group(1) + "pass" if (m := _MAGIC.match(line)) else line
                     for line in cell_source.splitlines())


def _lines(source: str) -> list[str]:
    return [line for line in source.splitlines() if line.strip()]


def _cells(notebook: dict) -> list[dict]:
    return notebook.get("cells", [])


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def compare_notebook(before: bytes, after: bytes) -> list[str]:
    """What `fix` changed that it must not have: validity, outputs, metadata, cells other than code."""
    problems = []
    old, new = json.loads(before), json.loads(after)
    try:
        nbformat.validate(nbformat.reads(after.decode("utf-8"), as_version=nbformat.NO_CONVERT))
    except Exception as error:  # noqa: BLE001 - any validation failure is the finding
        problems.append(f"nbformat.validate: {type(error).__name__}: {str(error).splitlines()[0][:200]}")
    if old.get("metadata") != new.get("metadata"):
        problems.append("notebook metadata changed")
    for key in ("nbformat", "nbformat_minor"):
        if old.get(key) != new.get(key):
            problems.append(f"{key} changed")
    a, b = _cells(old), _cells(new)
    if [c.get("cell_type") for c in a] != [c.get("cell_type") for c in b]:
        return problems + [f"cells changed: {len(a)} -> {len(b)}"]
    for index, (x, y) in enumerate(zip(a, b)):
        for key in ("outputs", "metadata", "execution_count", "attachments", "id"):
            if x.get(key) != y.get(key):
                problems.append(f"cell {index + 1}: {key} changed")
        if x.get("cell_type") != "code" and _source(x) != _source(y):
            problems.append(f"cell {index + 1}: {x.get('cell_type')} source changed")
        elif x.get("cell_type") == "code" and parses(_code(_source(x))) and not parses(_code(_source(y))):
            problems.append(f"cell {index + 1}: code no longer parses")
        elif _source(x) != _source(y) and _lines(_source(x)) == _lines(_source(y)):
            problems.append(f"cell {index + 1}: only blank lines changed (a cell no fix is for)")
    return problems


def run(args: list[str], cwd: Path) -> tuple[int, str, str, float]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tfautofix", *args], cwd=cwd, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - start


def sweep(corpus: Path, work: Path, jobs: int, compare_only: bool = False) -> int:
    copy = work / "corpus"
    if not compare_only:
        shutil.copytree(corpus, copy, ignore=shutil.ignore_patterns(".git-cache", ".tfautofix_cache"))
    files = sorted(p for p in copy.rglob("*") if p.suffix in (".py", ".ipynb") and p.is_file())
    before = {p: (corpus / p.relative_to(copy)).read_bytes() for p in files}
    notebooks = sum(p.suffix == ".ipynb" for p in files)
    print(f"tool: {run(['--version'], copy)[1].strip()} from PYTHONPATH={os.environ.get('PYTHONPATH', '')}")
    print(f"corpus: {len(files)} files ({notebooks} notebooks, {len(files) - notebooks} scripts) from {corpus}")
    failed = False
    options = ["--no-cache", "--isolated", "-j", str(jobs)]
    commands = [("check", ["check", *options, "--format", "json", "."]),
                ("fix", ["fix", "--write", "--unsafe-fixes", *options, "."])]
    for name, args in [] if compare_only else commands:
        code, out, err, seconds = run(args, copy)
        deaths = err.count("worker died")
        tracebacks = err.count("Traceback")
        unprocessed = [line for line in err.splitlines() if "cannot" in line or "skipped" in line]
        print(f"\n{name}: exit {code} in {seconds:.0f} s; worker deaths {deaths}; tracebacks {tracebacks}; "
              f"files not processed {len(unprocessed)}")
        if name == "check" and code in (0, 1, 2):
            try:
                print(f"  findings: {sum(1 for f in json.loads(out) if f['code'])}")
            except ValueError:
                print("  output is not JSON")
                failed = True
        for line in unprocessed[:20]:
            print(f"  {line}")
        for line in [l for l in err.splitlines() if "Error" in l and "Traceback" not in l][:10]:
            print(f"  stderr: {line[:200]}")
        failed |= deaths > 0 or tracebacks > 0 or code not in (0, 1, 2)
    changed = [p for p in files if p.read_bytes() != before[p]]
    bad = {}
    for path in changed:
        if path.suffix == ".ipynb":
            problems = compare_notebook(before[path], path.read_bytes())
        else:
            problems = [] if parses(path.read_text(encoding="utf-8")) or not parses(before[path].decode()) \
                else ["no longer parses"]
        if problems:
            bad[path.relative_to(copy)] = problems
    notebook_changes = sum(p.suffix == ".ipynb" for p in changed)
    print(f"\nrewritten: {len(changed)} files ({notebook_changes} notebooks, {len(changed) - notebook_changes} scripts); "
          f"with problems: {len(bad)}")
    for path, problems in sorted(bad.items()):
        print(f"  {path}: {'; '.join(problems)}")
    failed |= bool(bad)
    print("\nFAIL" if failed else "\nOK")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=Path("/work/corpus/users"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="work in this (new) directory and keep it")
    parser.add_argument("--compare-only", action="store_true",
                        help="only compare a --keep directory of an earlier sweep with CORPUS again")
    args = parser.parse_args(argv)
    if args.compare_only:
        return sweep(args.corpus.resolve(), args.keep, args.jobs, compare_only=True)
    if args.keep:
        args.keep.mkdir(parents=True)
        return sweep(args.corpus.resolve(), args.keep, args.jobs)
    with tempfile.TemporaryDirectory(prefix="notebook-sweep-") as work:
        return sweep(args.corpus.resolve(), Path(work), args.jobs)


if __name__ == "__main__":
    sys.exit(main())
