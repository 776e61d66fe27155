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


def _pure(expr: cst.BaseExpression) -> bool:
    """Can ``expr`` be evaluated in another order, or not at all, without changing anything (no calls)?"""
    if isinstance(expr, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(expr, cst.Attribute):
        return _pure(expr.value)
    if isinstance(expr, cst.UnaryOperation):
        return _pure(expr.expression)
    if isinstance(expr, cst.Subscript):
        return _pure(expr.value) and all(
            isinstance(element.slice, cst.Index) and _pure(element.slice.value) for element in expr.slice
        )
    return False


def _truth(expr: cst.BaseExpression) -> bool | None:
    """The truth value of a literal (``True``, ``None``, ``0``, ``"x"``...), None when not a literal."""
    if m.matches(expr, m.Name("True") | m.Name("False") | m.Name("None")) or isinstance(
        expr, (cst.Integer, cst.Float, cst.SimpleString)
    ):
        return bool(ast.literal_eval(cst.Module([]).code_for_node(expr)))
    return None


def _merged(relax: cst.BaseExpression, current: cst.BaseExpression) -> cst.BaseExpression | None:
    """``reduce_retracing``'s value once ``experimental_relax_shapes=relax`` goes: tf.function runs
    ``if experimental_relax_shapes: reduce_retracing = True``. None when the two cannot be reordered."""
    truth = _truth(relax)
    if truth is False:
        return current
    if not (_pure(relax) and _pure(current)):
        return None
    if truth or _truth(current) is True:
        return cst.Name("True")
    return cst.IfExp(test=relax, body=cst.Name("True"), orelse=current)


def _unpacked_merged(relax: cst.BaseExpression, options: cst.BaseExpression) -> cst.BaseExpression | None:
    """What to unpack instead of ``**options`` once ``experimental_relax_shapes=relax`` goes."""
    truth = _truth(relax)
    forced = cst.Dict(
        [cst.StarredDictElement(options), cst.DictElement(cst.SimpleString(f'"{CURRENT}"'), cst.Name("True"))]
    )
    if truth is not None:
        return forced if truth else options
    if not (_pure(relax) and _pure(options)):
        return None
    return cst.IfExp(test=relax, body=forced, orelse=options, lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


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
When `reduce_retracing` is given too — by keyword, as the fifth positional
argument, or possibly inside one `**options` mapping — renaming would pass it twice
(`TypeError`), so the deprecated value is merged into it as TensorFlow does:
`reduce_retracing=True if RELAX else R`, or `**({**options, "reduce_retracing": True}
if RELAX else options)`, simplified when `RELAX` is a literal. Merging reorders the two
expressions, so it is done only for expressions without calls; with `*args` or several
`**` mappings the rule only reports.
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
            fix = self._fix(call, deprecated)
            if fix is None:
                message += (
                    f" (not fixed: `{CURRENT}` may come from `*args`, several `**` mappings or an expression with"
                    f" calls, which `{DEPRECATED}` cannot be merged into without reordering them)"
                )
            yield self.finding(ctx, deprecated, message, fix)

    @staticmethod
    def _fix(call: cst.Call, deprecated: cst.Arg) -> Fix | None:
        """Merge the deprecated keyword into wherever ``reduce_retracing`` comes from: its keyword, the
        fifth positional argument, one ``**options`` mapping, or nowhere (then a rename)."""
        positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
        unpacked = [arg for arg in call.args if arg.star == "**"]
        if any(arg.star == "*" for arg in call.args):
            return None
        current = _keyword(call, CURRENT) or (positional[CURRENT_POSITION] if len(positional) > CURRENT_POSITION else None)
        if current is None and not unpacked:
            return Fix({deprecated: deprecated.with_changes(keyword=cst.Name(CURRENT))})
        if current is not None:
            value = _merged(deprecated.value, current.value)
        elif len(unpacked) == 1:
            current = unpacked[0]
            value = _unpacked_merged(deprecated.value, current.value)
        else:
            return None
        if value is None:
            return None
        new_current = current.with_changes(value=value)

        def rewrite(updated: cst.Call) -> cst.Call:
            args = [new_current if arg is current else arg for arg in call.args if arg is not deprecated]
            if call.args[-1] is deprecated:  # keep the call's own trailing-comma style
                args[-1] = args[-1].with_changes(comma=deprecated.comma)
            return updated.with_changes(args=args)

        return Fix({call: rewrite})
