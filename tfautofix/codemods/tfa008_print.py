"""TFA008 print-in-traced-function: ``print`` → ``tf.print`` inside traced code."""

from __future__ import annotations

import ast
import re
from typing import Iterator

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site

#: ``print("Tracing with", x)`` is the documented idiom to *observe* tracing; keep it.
_TRACE_LOGGING = re.compile(r"trac(e|ing)", re.IGNORECASE)
_STREAMS = ("sys.stdout", "sys.stderr")


class PrintInTracedFunction(Rule):
    code = "TFA008"
    name = "print-in-traced-function"
    summary = "`print` in traced code runs once, at trace time; `tf.print` runs on every call"
    fixable = "safe"
    contract = "side-effect"
    triggers = ("print",)
    docs = """
Inside a `tf.function` (and anything it calls, `Dataset.map` functions, Keras
`call`/`train_step`, ...) Python's `print` runs while TensorFlow *traces* the
function, not when the compiled graph runs: it prints once (or once per retrace),
and it prints symbolic tensors (`Tensor("x:0", shape=(), dtype=float32)`), not
values. Eagerly, the same code prints on every call. `tf.print` is a graph op and
prints the values on every call.

The fix turns `print(a, b, sep=..., end=...)` into
`tf.print(a, b, sep=..., end=..., output_stream=sys.stdout)`: `tf.print` writes to
stderr by default, so the stream is kept (`file=sys.stderr` becomes
`output_stream=sys.stderr`); `flush=` is dropped (`tf.print` does not buffer).
`sys` is the module's own import of it, else a new `import sys` (where isort puts it),
spelled `sys_` when the file already uses the name `sys` for something else.
Prints to other files, and prints whose value is used (`print(x) or y`:
`tf.print` returns an operation, not `None`), are reported without a fix.

Left alone: prints whose text mentions tracing (`print("Tracing with", x)`),
which is TensorFlow's own idiom to observe retracing and is meant to run at
trace time; and prints outside traced code.
"""
    before = """\
import tensorflow as tf

@tf.function
def step(x):
    print("loss", x)
    return x * 2
"""
    after = """\
import sys

import tensorflow as tf

@tf.function
def step(x):
    tf.print("loss", x, output_stream=sys.stdout)
    return x * 2
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Each ``print(...)`` call in code that may be traced."""
        return [
            site for site in screen.traced_sites(ast.Call)
            if isinstance(site.node.func, ast.Name) and site.node.func.id == "print"
        ]

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            if not m.matches(call.func, m.Name("print")):
                continue
            assert isinstance(call, cst.Call)
            if not ctx.resolves_to(call.func, "builtins.print") or not ctx.is_traced(call):
                continue
            if any(
                isinstance(arg.value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))
                and _TRACE_LOGGING.search(ctx.code(arg.value))
                for arg in call.args
            ):
                continue
            reason = ctx.traced_reason(call)
            message = f"`print` runs only when the function is traced ({reason}); use `tf.print` to print on every call"
            if not isinstance(ctx.parent(call), cst.Expr):
                # print() returns None, tf.print an Operation in graph mode.
                message += " (not fixed: the value of `print(...)` is used)"
                fix = None
            else:
                fix = self._fix(ctx, call)
                if fix is None:
                    message += " (not fixed: `file=` is neither sys.stdout nor sys.stderr)"
            yield self.finding(ctx, call, message, fix)

    @staticmethod
    def _fix(ctx: FileContext, call: cst.Call) -> Fix | None:
        tf_name, tf_import = ctx.tensorflow_alias
        args: list[cst.Arg] = []
        sys_name, sys_import = ctx.import_name("sys")
        stream: cst.BaseExpression = cst.parse_expression(f"{sys_name}.stdout")
        imports = [sys_import] if sys_import is not None else []
        for arg in call.args:
            keyword = arg.keyword.value if arg.keyword else None
            if keyword == "flush":
                continue
            if keyword == "file":
                if ctx.code(arg.value) not in _STREAMS and not ctx.names(arg.value) & {"sys.stdout", "sys.stderr"}:
                    return None
                stream, imports = arg.value, []
                continue
            args.append(arg.with_changes(comma=cst.MaybeSentinel.DEFAULT))
        no_space = cst.SimpleWhitespace("")
        equal = cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space)
        args.append(cst.Arg(keyword=cst.Name("output_stream"), value=stream, equal=equal))
        if tf_import is not None:
            imports.append(tf_import)
        new_call = call.with_changes(func=cst.parse_expression(f"{tf_name}.print"), args=args)
        return Fix({call: new_call}, imports=tuple(imports))
