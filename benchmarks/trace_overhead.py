"""Overhead of `tfautofix trace`: on steady-state calls, and on tracing itself.

    python benchmarks/trace_overhead.py [--calls 2000] [--blocks 15] [--traces 8]

Runs one workload under `tfautofix trace`. Inside that process:

1. steady state: two tf.functions called with one input shape (traced once) --
   a tiny op and a Keras training step (Dense 64 → 1, Adam, batch 32) -- in
   alternating blocks of CALLS calls through TensorFlow's original
   `Function.__call__` and through the recorder's wrapper;
2. tracing: new tf.function objects of the same training step (each traces
   once), alternating TensorFlow's own `_create_concrete_function`, the
   recorder without trace-time observation (`TFAUTOFIX_TRACE_OBSERVE=0`), with it but
   without watching conversions of Python-number arguments (FORMAT.md `converted`), and
   with both.

Reports the minimum (least disturbed by machine load) and median of each and
the difference. Alternating in one process keeps machine load and TensorFlow's
import time out of the comparison. It also reports the wall time of the whole
command plainly and under `trace` (import-dominated).
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
import keras
import tensorflow as tf
from tensorflow.python.eager.polymorphic_function import tracing_compilation

@tf.function
def step(x):
    return tf.reduce_sum(x * 2.0)

model = keras.Sequential([keras.Input(shape=(16,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
optimizer = keras.optimizers.Adam(0.001)

def train_body(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss

train_step = tf.function(train_body)
x, y = tf.ones([32, 8]), tf.ones([32, 1])
batch = tf.ones([32, 16])
step(x); train_step(batch, y); train_step(batch, y)
calls, blocks, traces = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
recorder = sys.modules.get("_tfautofix_recorder")
Function = type(step)
wrapped = Function.__call__
original = recorder.originals["__call__"] if recorder else wrapped
timings = {}
for label, fn, args in (("tiny op", step, (x,)), ("training step", train_step, (batch, y))):
    rows = timings[label] = {"original": [], "recorded": []}
    n = calls if label == "tiny op" else max(calls // 10, 50)
    for _ in range(blocks):
        for name, call in (("original", original), ("recorded", wrapped)):
            Function.__call__ = call
            start = time.perf_counter()
            for _ in range(n):
                fn(*args)
            rows[name].append((time.perf_counter() - start) / n)
    Function.__call__ = wrapped
# Tracing: each new tf.function of train_body traces once (its variables exist already).
create = tracing_compilation._create_concrete_function
modes = {"original": recorder.originals["create"], "recorded": create, "unconverted": create, "observed": create}
conversion = recorder._conversion[0]
tracing = {name: [] for name in modes}
for _ in range(traces):
    for name, function in modes.items():
        tracing_compilation._create_concrete_function = function
        recorder.OBSERVE = name in ("observed", "unconverted")
        recorder._conversion[0] = None if name == "unconverted" else conversion  # conversions not watched
        fresh = tf.function(train_body)
        start = time.perf_counter()
        fresh(batch, y)
        tracing[name].append(time.perf_counter() - start)
tracing_compilation._create_concrete_function = create
recorder.OBSERVE = True
recorder._conversion[0] = conversion
summary = lambda rows: {"median": {k: statistics.median(v) for k, v in rows.items()}, "min": {k: min(v) for k, v in rows.items()}}
print(json.dumps({"calls": {k: summary(v) for k, v in timings.items()}, "tracing": summary(tracing),
                  "traces": step.experimental_get_tracing_count()}))
"""


def run(command: list[str]) -> tuple[str, float]:
    start = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=True)
    return completed.stdout, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--blocks", type=int, default=15)
    parser.add_argument("--traces", type=int, default=8)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "workload.py"
        script.write_text(WORKLOAD.replace("recorder.originals", "(recorder.originals if recorder else {})"))
        plain_cmd = [sys.executable, "-c", "import tensorflow, keras"]
        _, plain_wall = run(plain_cmd)
        traced_cmd = [sys.executable, "-m", "tfautofix", "trace", "-o", str(Path(tmp) / "t.json"), "--",
                      sys.executable, str(script), str(args.calls), str(args.blocks), str(args.traces)]
        stdout, traced_wall = run(traced_cmd)
        _, traced_import = run([sys.executable, "-m", "tfautofix", "trace", "-o", str(Path(tmp) / "i.json"), "--", *plain_cmd])
    result = json.loads([line for line in stdout.splitlines() if line.startswith("{")][-1])
    print(f"steady state: {args.blocks} alternating blocks per function; traces of the tiny op: {result['traces']}")
    for label, stats in result["calls"].items():
        for statistic in ("min", "median"):
            original, recorded = stats[statistic]["original"], stats[statistic]["recorded"]
            print(
                f"  {label:>13} {statistic:>6} per call: original {original * 1e6:8.1f} µs, with the recorder {recorded * 1e6:8.1f} µs, "
                f"overhead {(recorded - original) * 1e6:+6.1f} µs ({(recorded / original - 1) * 100:+.1f}%)"
            )
    print(f"tracing a Keras training step ({args.traces} alternating fresh tf.functions, first call = trace + run):")
    for statistic in ("min", "median"):
        times = result["tracing"][statistic]
        base = times["original"]
        print(
            f"  {statistic:>6}: TensorFlow {base * 1e3:7.1f} ms, recorder {times['recorded'] * 1e3:7.1f} ms "
            f"({(times['recorded'] / base - 1) * 100:+.0f}%), recorder + trace-time observation {times['observed'] * 1e3:7.1f} ms "
            f"({(times['observed'] / base - 1) * 100:+.0f}%), of which watching conversions "
            f"{(times['observed'] - times['unconverted']) * 1e3:+.1f} ms"
        )
    print(f"importing tensorflow+keras: plain {plain_wall:.1f} s, under `tfautofix trace` {traced_import:.1f} s; "
          f"the whole benchmark under trace {traced_wall:.1f} s")


if __name__ == "__main__":
    main()
