"""Cost of one large generated module: is `check` linear in the file's size?

    python benchmarks/large_file.py                          # 0.25, 0.5, 1 MB; hazard-free and hazardous
    python benchmarks/large_file.py --sizes 1,2,4.8 --kinds clean

A generated module is many small functions (``def plain_N(a, b)``); one in 50 is a
``tf.function`` (``--kinds hazard``: with a ``print`` and a ``random.random()``, two
findings each; ``clean``: without). Each tool runs as its own process on the
same file; we report wall seconds, the ratio to ``ast.parse`` of that file
(goal: <= 5x; in CPU seconds too, which a shared machine disturbs less) and
CPU seconds per MB (constant when the cost is linear).
``--max-file-size 0`` lifts the default 2MB limit, above which ``check`` skips a
file with a note. Numbers are evidence, never assertions in tests.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def generate(size_mb: float, kind: str) -> str:
    parts, total, index = ["import random\n\nimport tensorflow as tf\n\n"], 0, 0
    while total < size_mb * 1_000_000:
        if index % 50 == 0:
            body = "    y = x * 2\n    print(y)\n    return y + random.random()\n" if kind == "hazard" else "    y = x * 2\n    return y\n"
            part = f"\n@tf.function\ndef traced_{index}(x):\n{body}\n"
        else:
            part = f"\ndef plain_{index}(a, b):\n    c = a + b * {index}\n    return c\n\n"
        parts.append(part)
        total += len(part)
        index += 1
    return "".join(parts)


def timed(command: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``command``: CPU is what compares on a shared machine."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="0.25,0.5,1", help="MB, comma-separated")
    parser.add_argument("--kinds", default="clean,hazard", help="clean and/or hazard")
    args = parser.parse_args()
    print("| module | size MB | ast.parse s (CPU) | tfautofix check s (CPU) | ratio wall | ratio CPU | check CPU s/MB |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as directory:
        for kind in args.kinds.split(","):
            for size in map(float, args.sizes.split(",")):
                path = Path(directory) / f"generated_{kind}.py"
                path.write_text(generate(size, kind), encoding="utf-8")
                megabytes = path.stat().st_size / 1e6
                # the interpreter's start-up is in both: the ratio compares like with like
                floor, floor_cpu = timed([sys.executable, "-c", f"import ast; ast.parse(open({str(path)!r}).read())"])
                check, check_cpu = timed([sys.executable, "-m", "tfautofix", "check", "--no-cache", "--max-file-size", "0", str(path)])
                print(
                    f"| {kind} | {megabytes:.2f} | {floor:.2f} ({floor_cpu:.2f}) | {check:.2f} ({check_cpu:.2f}) "
                    f"| {check / floor:.1f}x | {check_cpu / floor_cpu:.1f}x | {check_cpu / megabytes:.1f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
