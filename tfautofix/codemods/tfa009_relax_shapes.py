"""TFA009 deprecated-relax-shapes: ``experimental_relax_shapes`` → ``reduce_retracing``."""

from __future__ import annotations

import ast
from typing import Iterator

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import TF_FUNCTION
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site

DEPRECATED = "experimental_relax_shapes"
CURRENT = "reduce_retracing"
#: ``reduce_retracing``'s position in ``tf.function(func, input_signature, autograph, jit_compile, reduce_retracing, ...)``.
CURRENT_POSITION = 4


def _keyword(call: cst.Call, name: str) -> cst.Arg | None:
    return next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == name), None)


def _current_elsewhere(call: cst.Call) -> bool:
    """May ``reduce_retracing`` be given other than by keyword: ``*args``/``**options``, or a fifth positional?"""
    positional = [arg for arg in call.args if arg.keyword is None]
    return any(arg.star for arg in call.args) or len(positional) > CURRENT_POSITION


class DeprecatedRelaxShapes(Rule):
    code = "TFA009"
    name = "deprecated-relax-shapes"
    summary = "`experimental_relax_shapes` is a deprecated alias of `reduce_retracing`"
    fixable = "safe"
    contract = "exact"
    changes_behaviour = False
    triggers = (DEPRECATED,)
    docs = """
`tf.function(experimental_relax_shapes=True)` is deprecated since TensorFlow 2.9:
TensorFlow logs a deprecation warning and treats it as `reduce_retracing=True`
(`if experimental_relax_shapes: reduce_retracing = True`). Both ask TensorFlow to
generalise input shapes after a retrace, so a function called with batch sizes 8,
16 and 32 traces twice instead of three times.

The fix renames the keyword, in decorators and in `tf.function(f, ...)` calls, for
any spelling of `tf.function` (aliases, `from tensorflow import function`).
When both keywords are given, it keeps `reduce_retracing` and drops the
deprecated one if the result is the same (literal `False`/`None`, or literal
`True` with a literal `reduce_retracing`); otherwise it only reports. It also
only reports when `reduce_retracing` may come another way — `*args`/`**options`
unpacked into the call, or five positional arguments (`reduce_retracing` is the
fifth parameter) —: the renamed keyword would be given twice (`TypeError`).
"""
    before = """\
import tensorflow as tf

@tf.function(experimental_relax_shapes=True)
def scale(x):
    return x * 2
"""
    after = """\
import tensorflow as tf

@tf.function(reduce_retracing=True)
def scale(x):
    return x * 2
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Each call (a decorator too) given the deprecated keyword."""
        return [site for site in screen.sites(ast.Call) if any(k.arg == DEPRECATED for k in site.node.keywords)]

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            if not any(m.matches(arg.keyword, m.Name(DEPRECATED)) for arg in call.args):
                continue
            assert isinstance(call, cst.Call)
            if not ctx.resolves_to(call.func, TF_FUNCTION):
                continue
            deprecated = _keyword(call, DEPRECATED)
            assert deprecated is not None
            message = f"`{DEPRECATED}` is deprecated; use `{CURRENT}`"
            if _current_elsewhere(call):
                message += f" (not fixed: `{CURRENT}` may also be passed positionally or unpacked; renaming would pass it twice)"
                yield self.finding(ctx, deprecated, message)
                continue
            yield self.finding(ctx, deprecated, message, self._fix(call, deprecated))

    @staticmethod
    def _fix(call: cst.Call, deprecated: cst.Arg) -> Fix | None:
        current = _keyword(call, CURRENT)
        if current is None:
            return Fix({deprecated: deprecated.with_changes(keyword=cst.Name(CURRENT))})
        value = deprecated.value
        if m.matches(value, m.Name("False") | m.Name("None")):
            new_current = current
        elif m.matches(value, m.Name("True")) and m.matches(current.value, m.Name("True") | m.Name("False")):
            new_current = current.with_changes(value=cst.Name("True"))
        else:
            return None

        def rewrite(updated: cst.Call) -> cst.Call:
            args = [new_current if arg is current else arg for arg in call.args if arg is not deprecated]
            if call.args[-1] is deprecated:  # keep the call's own trailing-comma style
                args[-1] = args[-1].with_changes(comma=deprecated.comma)
            return updated.with_changes(args=args)

        return Fix({call: rewrite})
