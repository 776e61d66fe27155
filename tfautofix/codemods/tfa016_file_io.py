"""TFA016 file-io-in-traced-function: Python file reads and writes in traced code run once, at trace time."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.rule import Finding, Rule
from tfautofix.screen import Screen, Site

#: Python-side file access (canonical names); ``tf.io.read_file``/``write_file`` are graph ops and fine.
FILE_IO = frozenset(
    """builtins.open io.open numpy.load numpy.loadtxt numpy.genfromtxt numpy.fromfile numpy.save numpy.savez
    numpy.savetxt json.load json.dump pickle.load pickle.dump pandas.read_csv pandas.read_json
    pandas.read_parquet tensorflow.io.gfile.GFile tensorflow.io.gfile.glob tensorflow.io.gfile.listdir
    tensorflow.io.gfile.exists""".split()
)
_SHORT = frozenset(name.rsplit(".", 1)[-1] for name in FILE_IO)


class FileIoInTracedFunction(Rule):
    code = "TFA016"
    name = "file-io-in-traced-function"
    summary = "Python file I/O in traced code runs once, while tracing, not on every call"
    fixable = "display-only"
    contract = "exact"
    triggers = tuple(sorted(_SHORT))
    docs = """
Inside a `tf.function` (or anything traced: `Dataset.map` functions, Keras
`call`/`train_step`, helpers they call) Python code runs only while TensorFlow
traces. `open(...)`, `np.load`, `json.load`, `pickle.load`, `pd.read_csv`,
`tf.io.gfile.GFile`/`glob`/`listdir`/`exists` there read the file once and bake
what they read into the graph as constants: later calls never see the file
change (and each retrace reads it again, at unpredictable times). Writes
(`json.dump`, `np.save`, `open(..., "w")`) happen once per trace instead of once
per call. Eagerly the same code does its I/O on every call.

Reported, not fixed: read the file before calling the function and pass what
you need (or keep it in a `tf.Variable`/lookup table built once), or use the
graph ops `tf.io.read_file`/`tf.io.write_file` (and `tf.io.decode_*`,
`tf.strings.*`) when the content is used by TensorFlow ops on every call.
Left alone: code that is not traced, and `tf.py_function`/`numpy_function`
bodies (they run on every call).
"""
    before = """\
import json
import tensorflow as tf

@tf.function
def scale(x):
    with open("config.json") as f:
        factor = json.load(f)["factor"]
    return x * factor
"""
    after = """\
import json
import tensorflow as tf

with open("config.json") as f:
    FACTOR = json.load(f)["factor"]

@tf.function
def scale(x, factor):
    return x * factor

scale(x, tf.constant(FACTOR))  # re-read and pass it when it may change
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Traced calls of ``open`` (the builtin or an import) or an imported file-I/O function."""
        return [
            site for site in screen.traced_sites(ast.Call)
            if (isinstance(site.node.func, ast.Name) and site.node.func.id == "open")
            or not screen.names(site.node.func).isdisjoint(FILE_IO)
        ]

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            func = call.func
            short = func.value if isinstance(func, cst.Name) else getattr(getattr(func, "attr", None), "value", None)
            if short not in _SHORT:
                continue
            if not ctx.resolves_to(func, *FILE_IO) or _on_opened_file(ctx, call) or not ctx.is_traced(call):
                continue
            yield self.finding(
                ctx,
                call,
                f"`{ctx.code(func)}(...)` does file I/O in traced code ({ctx.traced_reason(call)}): it runs once, "
                "while tracing, and what it reads is frozen into the graph; read it before the call and pass the "
                "value, or use `tf.io.read_file`/`tf.io.write_file` to do it on every call",
            )


def _on_opened_file(ctx: FileContext, call: cst.Call) -> bool:
    """Does ``call`` read or write a file that a reported call opened (`json.load(f)` in
    `with open(p) as f:`, `json.dump(d, open(p, "w"))`)? Then that call's finding covers it."""
    for arg in call.args:
        value = arg.value
        if isinstance(value, cst.Call) and ctx.resolves_to(value.func, *FILE_IO):
            return True
        scope = ctx.scope(value) if isinstance(value, cst.Name) else None
        if scope is None or value.value not in scope:
            continue
        for assignment in scope[value.value]:
            item = ctx.parent(ctx.parent(assignment.node)) if getattr(assignment, "node", None) is not None else None
            opened = isinstance(item, cst.WithItem) and isinstance(item.item, cst.Call)
            if opened and ctx.resolves_to(item.item.func, *FILE_IO):
                return True
    return False
