"""Overhead of `tfautofix trace` on a program that does not retrace.

    python benchmarks/trace_overhead.py [--calls 2000] [--blocks 15]

Runs one workload under `tfautofix trace`: a tf.function called with one
input shape (traced once). Inside that process it alternates blocks of CALLS
calls through TensorFlow's original `Function.__call__` and through the
recorder's wrapper, and reports the minimum (least disturbed by machine load) and median
time per call of each and the difference. Alternating blocks in one process keeps machine load and
TensorFlow's import time out of the comparison. It also reports the wall
time of the whole command plainly and under `trace` (import-dominated).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORKLOAD = """
import json, statistics, sys, time
import tensorflow as tf

@tf.function
def step(x):
    return tf.reduce_sum(x * 2.0)

x = tf.ones([32, 8])
step(x)
calls, blocks = int(sys.argv[1]), int(sys.argv[2])
recorder = sys.modules.get("_tfautofix_recorder")
Function = type(step)
wrapped = Function.__call__
original = recorder.originals["__call__"] if recorder else wrapped
timings = {"original": [], "recorded": []}
for _ in range(blocks):
    for name, call in (("original", original), ("recorded", wrapped)):
        Function.__call__ = call
        start = time.perf_counter()
        for _ in range(calls):
            step(x)
        timings[name].append((time.perf_counter() - start) / calls)
Function.__call__ = wrapped
print(json.dumps({"median": {k: statistics.median(v) for k, v in timings.items()},
                  "min": {k: min(v) for k, v in timings.items()}, "traces": step.experimental_get_tracing_count()}))
"""


def run(command: list[str]) -> tuple[str, float]:
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    return completed.stdout, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--blocks", type=int, default=15)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "workload.py"
        script.write_text(WORKLOAD)
        plain_cmd = [sys.executable, str(script), str(args.calls), "1"]
        _, plain_wall = run(plain_cmd)
        traced_cmd = [sys.executable, "-m", "tfautofix", "trace", "-o", str(Path(tmp) / "t.json"), "--",
                      sys.executable, str(script), str(args.calls), str(args.blocks)]
        stdout, traced_wall = run(traced_cmd)
    result = json.loads([line for line in stdout.splitlines() if line.startswith("{")][-1])
    print(f"{args.blocks} alternating blocks of {args.calls} calls; traces: {result['traces']}")
    for statistic in ("min", "median"):
        original, recorded = result[statistic]["original"], result[statistic]["recorded"]
        print(
            f"{statistic:>6} per call: original {original * 1e6:7.1f} µs, with the recorder {recorded * 1e6:7.1f} µs, "
            f"overhead {(recorded - original) * 1e6:+6.1f} µs ({(recorded / original - 1) * 100:+.1f}%)"
        )
    print(f"whole command: plain {plain_wall:.1f} s, under `tfautofix trace` {traced_wall:.1f} s (both dominated by importing TensorFlow)")


if __name__ == "__main__":
    main()
