"""Real-corpus sweep: every rule, unsafe fixes included, over a copy of the
installed ``tensorflow`` and ``keras`` packages.

    python benchmarks/sweep.py [--limit N] [--jobs N]

Fails (exit 1) on any crash, any rewritten file that does not compile, a
second pass that changes anything, or a file where ``check`` (LibCST on the
screen's focus) reports other than LibCST on the whole file. Prints findings and
fixes per rule so regressions are visible. ``tests/test_sweep.py`` runs it in CI.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from concurrent.futures import ProcessPoolExecutor

import libcst as cst

from tfautofix.bulk import Overrides, execute, plan
from tfautofix.codemods import all_rules
from tfautofix.engine import _detect, write_result
from tfautofix.files import SourceError, read_source
from tfautofix.screen import screen_file


def corpus_roots(packages=("tensorflow", "keras")) -> list[Path]:
    roots = []
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            roots.append(Path(next(iter(spec.submodule_search_locations))))
    return roots


def copy_corpus(destination: Path, limit: int | None = None) -> int:
    count = 0
    for root in corpus_roots():
        for source in sorted(root.rglob("*.py")):
            if limit is not None and count >= limit:
                return count
            target = destination / root.name / source.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            count += 1
    return count


def _focus_mismatch(path: str) -> str | None:
    """``path`` if check's findings (LibCST on the screen's focus) differ from
    LibCST's on the whole file."""
    rules = [rule for rule in all_rules() if not rule.needs_traces]
    try:
        text = read_source(Path(path)).text
        screened, focus, screen = screen_file(text, rules, path=path)
        if not screened or focus == text:
            return None
        # What `check` runs: LibCST on the focus, the traced-code model of the whole text.
        focused = _detect(cst.parse_module(focus), text, screened, path, screen=screen)[1]
        whole = _detect(cst.parse_module(text), text, screened, path)[1]
    except (SourceError, SyntaxError, cst.ParserSyntaxError, RecursionError):
        return None  # unreadable inputs are the sweep's other business

    def key(f):
        return (f.code, f.line, f.column, f.end_line, f.end_column, f.message, f.fix and f.fix.applicability)

    return None if [key(f) for f in focused] == [key(f) for f in whole] else path


def sweep(directory: Path, jobs: int = 2) -> dict:
    every_rule = Overrides(unsafe_fixes=True)  # the default selection: every rule
    started = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:  # before fixing: on the original files
        files = sorted(map(str, directory.rglob("*.py")))
        focus_mismatches = [path for path in pool.map(_focus_mismatch, files, chunksize=16) if path]
    first = execute(plan([directory], every_rule), fix=True, jobs=jobs).results
    unreadable = [r for r in first if r.error and r.error.startswith(("cannot parse", "cannot decode"))]
    crashes = [f"{r.path}: {r.error}" for r in first if r.error and r not in unreadable]
    for result in first:
        if result.changed and not result.error:
            write_result(result)
    invalid = []
    for result in first:
        if result.changed and not result.error:
            try:
                compile(result.fixed, result.path, "exec")
            except SyntaxError as error:
                invalid.append(f"{result.path}: {error}")
    second = execute(plan([directory], every_rule), fix=True, jobs=jobs).results
    unstable = [r.path for r in second if r.changed]
    return {
        "files": len(first),
        "seconds": time.perf_counter() - started,
        "findings": Counter(f.code for r in first for f in (*r.findings, *r.applied)),
        "fixes": Counter(f.code for r in first for f in r.applied),
        "changed_files": sum(1 for r in first if r.changed and not r.error),
        "unparsable_inputs": [f"{r.path}: {r.error}" for r in unreadable],
        "crashes": crashes,
        "invalid_outputs": invalid,
        "unstable": unstable,
        "focus_mismatches": focus_mismatches,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N files")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tfautofix-sweep-") as workdir:
        count = copy_corpus(Path(workdir), args.limit)
        if not count:
            print("no tensorflow/keras installation found to sweep")
            return 1
        report = sweep(Path(workdir), args.jobs)
    print(f"{report['files']} files, {report['changed_files']} changed, {report['seconds']:.1f} s (two passes)")
    print(f"{'rule':8} {'findings':>9} {'fixes':>7}")
    for code in sorted(report["findings"]):
        print(f"{code:8} {report['findings'][code]:>9} {report['fixes'][code]:>7}")
    for key in ("unparsable_inputs", "crashes", "invalid_outputs", "unstable", "focus_mismatches"):
        print(f"{key}: {len(report[key])}")
        for line in report[key][:20]:
            print(f"  {line}")
    return 1 if report["crashes"] or report["invalid_outputs"] or report["unstable"] or report["focus_mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
