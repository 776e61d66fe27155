"""Speed of tfautofix against the floor (ast.parse) and peers, in one run on the same files.

    python benchmarks/bench.py                      # the tensorflow + keras packages installed here
    python benchmarks/bench.py --sample 10          # every 10th file (fixit takes ~1 s per file)
    python benchmarks/bench.py --corpus DIR --jobs 2 --output benchmarks/RESULTS.md

The corpus is *copied* from site-packages (never modified there) into a scratch
directory. Every tool runs as its own process on that copy; we report wall time,
CPU time (user+sys, robust on a busy machine) and ratios to the ``ast.parse``
floor. Numbers are evidence for the README, never assertions in tests.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BIN = Path(PYTHON).parent

AST_FLOOR = """
import ast, pathlib, sys
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.py")):
    try:
        ast.parse(path.read_bytes())
    except SyntaxError:
        pass
"""
LIBCST_PARSE = """
import libcst, pathlib, sys
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.py")):
    try:
        libcst.parse_module(path.read_bytes())
    except Exception:
        pass
"""


def build_corpus(destination: Path, sample: int) -> int:
    import site

    packages = [Path(p) for p in site.getsitepackages()]
    count = 0
    for package in ("tensorflow", "keras"):
        source = next((p / package for p in packages if (p / package).is_dir()), None)
        if source is None:
            sys.exit(f"error: {package} is not installed in this environment")
        for index, path in enumerate(sorted(source.rglob("*.py"))):
            if index % sample:
                continue
            target = destination / package / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            count += 1
    return count


def measure(command: list[str], cwd: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the process and its children, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TFAUTOFIX_CACHE_DIR": str(cwd / ".bench_cache")}
    completed = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, completed.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, help="directory of .py files (default: copy tensorflow + keras)")
    parser.add_argument("--sample", type=int, default=1, help="keep every N-th file of the installed packages")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of the floor and of `check` (alternating; the median is reported)")
    parser.add_argument("--skip", default="", help="comma-separated tools to skip: fixit,ruff,libcst")
    parser.add_argument("--output", type=Path, help="also write the Markdown table here")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))

    scratch = Path(tempfile.mkdtemp(prefix="tfautofix-bench-"))
    corpus = scratch / "corpus"
    if args.corpus:
        shutil.copytree(args.corpus, corpus)
    else:
        build_corpus(corpus, args.sample)
    files = sorted(corpus.rglob("*.py"))
    lines = sum(len(p.read_bytes().splitlines()) for p in files)
    tfautofix = [PYTHON, "-m", "tfautofix"]
    jobs = ["--jobs", str(args.jobs)]

    rows: list[tuple[str, str, float, float]] = []

    def sample(name: str, command: list[str], cwd: Path = corpus) -> tuple[float, float]:
        wall, cpu, code = measure(command, cwd)
        print(f"{name:<40} {wall:8.2f}s wall {cpu:8.2f}s cpu  (exit {code})", flush=True)
        return wall, cpu

    def row(name: str, command: list[str], wall: float, cpu: float) -> None:
        rows.append((name, " ".join(Path(c).name if i == 0 else c for i, c in enumerate(command)), wall, cpu))

    def run(name: str, command: list[str], cwd: Path = corpus) -> tuple[float, float]:
        wall, cpu = sample(name, command, cwd)
        row(name, command, wall, cpu)
        return wall, cpu

    def median_of(runs: list[tuple[str, list[str]]]) -> list[tuple[float, float]]:
        """Run the commands in turn ``--repeat`` times (a shared machine drifts: alternating
        exposes them to the same conditions) and keep one row each, with the medians."""
        samples: list[list[tuple[float, float]]] = [[] for _ in runs]
        for _ in range(args.repeat):
            for index, (name, command) in enumerate(runs):
                samples[index].append(sample(name, command))
        medians = []
        for (name, command), taken in zip(runs, samples):
            wall, cpu = statistics.median(w for w, _ in taken), statistics.median(c for _, c in taken)
            walls = sorted(w for w, _ in taken)
            label = f"{name} (median of {len(taken)}: {walls[0]:.2f}–{walls[-1]:.2f} s)" if len(taken) > 1 else name
            row(label, command, wall, cpu)
            medians.append((wall, cpu))
        return medians

    (floor, floor_cpu), (cold, _) = median_of([
        ("ast.parse, 1 process (floor)", [PYTHON, "-c", AST_FLOOR, "."]),
        (f"tfautofix check, {args.jobs} jobs, no cache", [*tfautofix, "check", ".", *jobs, "--no-cache"]),
    ])
    first, first_cpu = run(f"tfautofix check, {args.jobs} jobs, first run (fills cache)", [*tfautofix, "check", ".", *jobs])
    warm, warm_cpu = run("tfautofix check, unchanged tree (cached)", [*tfautofix, "check", ".", *jobs])
    fix_copy = scratch / "fix"
    shutil.copytree(corpus, fix_copy)
    fix_wall, _ = run(f"tfautofix fix --write, {args.jobs} jobs", [*tfautofix, "fix", ".", "--write", "--no-verify", *jobs, "--no-cache"], fix_copy)
    if "ruff" not in skip and (BIN / "ruff").exists():
        run("ruff check (reference)", [str(BIN / "ruff"), "check", "--no-cache", "--isolated", "--exit-zero", "."])
    if "libcst" not in skip:
        libcst, _ = run("LibCST parse, 1 process", [PYTHON, "-c", LIBCST_PARSE, "."])
    if "fixit" not in skip and (BIN / "fixit").exists():
        fixit, _ = run("fixit lint (default rules)", [str(BIN / "fixit"), "lint", "."])

    table = [
        f"Corpus: {len(files)} files, {lines:,} lines ({'every %d-th file of ' % args.sample if args.sample > 1 else ''}"
        f"the installed tensorflow + keras), {os.cpu_count()} CPUs, Python {sys.version.split()[0]}.",
        "",
        "| tool | wall s | CPU s | wall / ast floor |",
        "|---|---:|---:|---:|",
    ]
    table += [f"| {name} | {wall:.2f} | {cpu:.2f} | {wall / floor:.2f}× |" for name, _, wall, cpu in rows]
    ratios = [
        f"- check vs ast floor: {cold / floor:.2f}× (target ≤ 2×)",
        f"- cached re-run vs first run: {warm / first:.3f}× wall, {warm_cpu / first_cpu:.3f}× CPU (target ≤ 0.1×)",
        f"- fix --write: {len(files) / fix_wall:.0f} files/s, {fix_wall:.1f} s in total",
    ]
    if "libcst" not in skip:
        ratios.append(f"- LibCST parse / check: {libcst / cold:.1f}× (target ≥ 5×)")
    if "fixit" not in skip and (BIN / "fixit").exists():
        ratios.append(f"- fixit lint / check: {fixit / cold:.1f}× (target ≥ 20×)")
    command = "python benchmarks/bench.py " + " ".join(sys.argv[1:])
    text = "\n".join(table + [""] + ratios + ["", f"Reproduce: `{command.strip()}`"]) + "\n"
    print()
    print(text)
    if args.output:
        args.output.write_text(textwrap.dedent(text), encoding="utf-8")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
