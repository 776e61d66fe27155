"""Editor latency of `tfautofix server`: time from a change to its diagnostics.

    python benchmarks/lsp_latency.py [--changes 10]

Starts `python -m tfautofix server` as an editor does (LSP over stdio), opens a
generated 1,000-line module, then N times sends one `textDocument/didChange` (a
character typed inside a function body) and times until the `publishDiagnostics`
for that version arrives: the debounce (`tfautofix.server.DEBOUNCE`), the check,
the JSON-RPC round trip. Two modules: a typical one (Keras layers, NumPy helpers,
one `tf.function` with one finding) and a hazard-dense one (a `tf.function` with a
finding every 7 lines). For comparison, the same check in-process
(`tfautofix.buffers.check_text`, what the server runs), in wall and CPU time (CPU
time is what a loaded machine distorts least). Reports medians and the range. Goal (issue 30): ≤ 100 ms on a 1,000-line file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from lsp_support import Client

LAYER = '''
class Block{i}(tf.keras.layers.Layer):
    def __init__(self, units={units}, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units))

    def call(self, inputs):
        return tf.nn.relu(tf.matmul(inputs, self.kernel))


def preprocess_{i}(values, scale={i}.0):
    out = []
    for v in values:
        out.append(float(v) * scale)
    return np.asarray(out)

'''
STEP = '''
@tf.function
def step_{i}(x, y):
    z = tf.reduce_sum(x * y)
    print("step", z)
    return z + {i}

'''
TRAIN = '''
@tf.function
def train_step(model, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    print("loss", loss)
    return loss
'''


def module(block: str, lines: int = 1000) -> str:
    parts = ['"""A generated module."""\n\nimport numpy as np\nimport tensorflow as tf\n\n']
    i = 0
    while sum(p.count("\n") for p in parts) < lines - TRAIN.count("\n"):
        parts.append(block.format(i=i, units=i + 8))
        i += 1
    return "".join(parts) + TRAIN


def measure(text: str, changes: int, directory: Path) -> tuple[list[float], list[float], int]:
    path = directory / "train.py"
    path.write_text(text)
    uri = path.as_uri()
    client = Client(directory)
    try:
        client.initialize(directory)
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}})
        found = len(client.diagnostics(uri))
        line = text.splitlines().index("    return loss")  # typing inside train_step: `loss` -> `losss` -> ...
        lsp = []
        for version in range(2, changes + 2):
            start = time.perf_counter()
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
                {"range": {"start": {"line": line, "character": 15}, "end": {"line": line, "character": 15}}, "text": "s"}]})
            while True:
                message = client._next(time.monotonic() + 120)
                params = message.get("params", {})
                if message.get("method") == "textDocument/publishDiagnostics" and params.get("version") == version:
                    break
            lsp.append(time.perf_counter() - start)
    finally:
        client.close()
    from tfautofix.buffers import check_text, options_for_file

    options = options_for_file(str(path))[0]
    check_text(str(path), text, options)  # warm
    direct, cpu = [], []
    for _ in range(changes):
        start, start_cpu = time.perf_counter(), time.process_time()
        check_text(str(path), text, options)
        direct.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return lsp, direct, cpu, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--changes", type=int, default=10)
    args = parser.parse_args()
    from tfautofix.server import DEBOUNCE

    print("| module (1,000 lines) | findings | change → diagnostics, median (range), ms | in-process check: wall ms (CPU ms), median |")
    print("|---|---:|---:|---:|")
    for name, block in (("typical: Keras layers + helpers, one tf.function", LAYER), ("hazard-dense: a tf.function every 7 lines", STEP)):
        text = module(block)
        with tempfile.TemporaryDirectory() as directory:
            lsp, direct, cpu, found = measure(text, args.changes, Path(directory))
        ms = lambda values: 1000 * statistics.median(values)
        print(f"| {name} ({text.count(chr(10))} lines) | {found} | {ms(lsp):.0f} ({1000 * min(lsp):.0f}–{1000 * max(lsp):.0f}) "
              f"| {ms(direct):.0f} ({ms(cpu):.0f}) |")
    print(f"\n(debounce {DEBOUNCE * 1000:.0f} ms included; {args.changes} changes each)")


if __name__ == "__main__":
    main()
