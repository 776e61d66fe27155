"""Overhead of `tfautofix trace` on a program that does not retrace.

    python benchmarks/trace_overhead.py [--calls 20000] [--repeats 3]

Runs the same workload (one tf.function called CALLS times with one input
shape, after a warm-up call) plainly and under `tfautofix trace`, REPEATS times
each, interleaved, and reports the best time per call of each and their ratio.
The workload times its own loop, so TensorFlow's import time is not counted;
the end-to-end wall time of each run is shown too.
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
import json, sys, time
import tensorflow as tf

@tf.function
def step(x):
    return tf.reduce_sum(x * 2.0)

x = tf.ones([32, 8])
step(x)
calls = int(sys.argv[1])
start = time.perf_counter()
for _ in range(calls):
    step(x)
print(json.dumps({"seconds": time.perf_counter() - start, "traces": step.experimental_get_tracing_count()}))
"""


def run(command: list[str]) -> tuple[dict, float]:
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    line = [line for line in completed.stdout.splitlines() if line.startswith("{")][-1]
    return json.loads(line), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    env_path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    os.environ["PYTHONPATH"] = env_path
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "workload.py"
        script.write_text(WORKLOAD)
        plain_cmd = [sys.executable, str(script), str(args.calls)]
        traced_cmd = [sys.executable, "-m", "tfautofix", "trace", "-o", str(Path(tmp) / "t.json"), "--", *plain_cmd]
        plain, traced = [], []
        for _ in range(args.repeats):
            plain.append(run(plain_cmd))
            traced.append(run(traced_cmd))
    best_plain = min(r["seconds"] for r, _ in plain) / args.calls
    best_traced = min(r["seconds"] for r, _ in traced) / args.calls
    print(f"calls per run: {args.calls}, runs: {args.repeats} each, traces: {plain[0][0]['traces']} plain / {traced[0][0]['traces']} traced")
    print(f"plain  : {best_plain * 1e6:8.1f} µs/call   (wall {min(w for _, w in plain):.1f} s)")
    print(f"traced : {best_traced * 1e6:8.1f} µs/call   (wall {min(w for _, w in traced):.1f} s)")
    print(f"overhead: {(best_traced - best_plain) * 1e6:+.1f} µs/call, ratio {best_traced / best_plain:.3f}")


if __name__ == "__main__":
    main()
