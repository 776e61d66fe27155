"""TFA016 file-io-in-traced-function: Python file reads and writes in traced code run once, at trace time."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from tfautofix.rule import Finding, Rule
from tfautofix.screen import Screen, Site, last_name

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
    #: Each name of `_SHORT` contains one (`load` covers `loadtxt`, `save` `savez`/`savetxt`); the
    #: commonest first: each string is a scan of the file until one is found.
    triggers = ("load", "glob", "save", "exists", "open", "dump", "GFile", "listdir", "fromfile", "genfromtxt",
                "read_csv", "read_json", "read_parquet")
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

    def detect(self, screen: Screen) -> Iterator[Finding]:
        for site in screen.sites(ast.Call):
            call = site.node
            if last_name(call.func) not in _SHORT or not _file_io(screen, call.func, site.function):
                continue
            model = screen.traced_code
            if _on_opened_file(screen, site) or not model.is_traced(site.function, call.lineno):
                continue
            yield self.finding(
                screen,
                call,
                f"`{screen.code(call.func)}(...)` does file I/O in traced code ({model.why(site.function)[0].text}): it "
                "runs once, while tracing, and what it reads is frozen into the graph; read it before the call and pass "
                "the value, or use `tf.io.read_file`/`tf.io.write_file` to do it on every call",
            )


def _file_io(screen: Screen, func: ast.expr, function: ast.AST | None) -> bool:
    """Is ``func``, called in ``function``, a Python file-I/O function (the builtin ``open`` unless rebound)?"""
    if isinstance(func, ast.Name) and func.id == "open" and screen.builtin("open", function):
        return True
    return not screen.names(func).isdisjoint(FILE_IO)


def _on_opened_file(screen: Screen, site: Site) -> bool:
    """Does the call read or write a file that a reported call opened (`json.load(f)` in
    `with open(p) as f:`, `json.dump(d, open(p, "w"))`)? Then that call's finding covers it."""
    call, function = site.node, site.function
    for value in (*(a.value if isinstance(a, ast.Starred) else a for a in call.args), *(k.value for k in call.keywords)):
        if isinstance(value, ast.Call) and _file_io(screen, value.func, function):
            return True
        if isinstance(value, ast.Name):
            owner = screen.scope_of(value.id, function)  # the `with` binding it is in the scope it belongs to
            if any(
                isinstance(item.optional_vars, ast.Name) and item.optional_vars.id == value.id
                and isinstance(item.context_expr, ast.Call) and _file_io(screen, item.context_expr.func, owner)
                for with_ in screen.sites(ast.With, ast.AsyncWith) if with_.function is owner
                for item in with_.node.items
            ):
                return True
    return False
