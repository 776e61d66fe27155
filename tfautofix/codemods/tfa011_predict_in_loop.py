"""TFA011 predict-in-loop: ``model.predict(x)`` per item in a loop → ``model(x, training=False)``."""

from __future__ import annotations

import ast
from typing import Iterator, Literal

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.analysis.loops import enclosing_loops
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen

#: What we know of a receiver: a Sequential model (one output), another Keras
#: model (may return a list or dict), something else, or nothing (None).
Kind = Literal["sequential", "keras", "other"]
_SEQUENTIAL = frozenset({"keras.Sequential", "keras.models.Sequential"})
_DROPPED_KEYWORDS = frozenset({"verbose", "batch_size"})


class PredictInLoop(Rule):
    code = "TFA011"
    name = "predict-in-loop"
    summary = "`model.predict` per item in a loop pays its setup (and traces) on every call"
    fixable = "safe"
    contract = "exact"
    triggers = (".predict(",)
    docs = """
`model.predict(x)` is built for large inputs: every call wraps `x` in a data
adapter, builds (and in Keras 3 traces) a predict function, runs a batch loop
with callbacks, and converts the result to NumPy. Called once per item in a
Python loop, that overhead dominates: on TensorFlow 2.21 / Keras 3.15 three
`predict` calls on one-row batches trace 10 times, while `model(x, training=False)`
runs the layers directly (no tracing at all).

The fix calls the model: `model.predict(x)` → `model(x, training=False).numpy()`
(`.numpy()` keeps the NumPy result `predict` returned; it is left out when the
result goes straight into a TensorFlow op or is not used). `verbose=` and `batch_size=` are
dropped. The fix is safe for a `keras.Sequential` model built in the same
module; for other models it is unsafe: a functional or subclassed model may
return a list or dict, and a receiver of unknown type may not be a Keras model
at all (scikit-learn's `predict` is a different method).

Reported without a fix: calls with other arguments (`callbacks=`, `steps=`, several
positional arguments). Left alone: `predict` outside loops, and receivers
known not to be Keras models (an instance of a local non-Keras class, a
scikit-learn estimator, ...).
"""
    before = """\
import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
scores = [model.predict(row[None], verbose=0) for row in np.ones((8, 3))]
"""
    after = """\
import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
scores = [model(row[None], training=False).numpy() for row in np.ones((8, 3))]
"""

    def prescreen(self, screen: Screen) -> bool:
        """A ``.predict(...)`` call inside a loop or comprehension."""
        return any(
            site.in_loop and isinstance(site.node.func, ast.Attribute) and site.node.func.attr == "predict"
            for site in screen.sites(ast.Call)
        )


    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            if not m.matches(call.func, m.Attribute(attr=m.Name("predict"))):
                continue
            loop = next(enclosing_loops(ctx, call), None)
            if loop is None or ctx.is_traced(call):
                continue
            receiver = call.func.value
            kind = _kind(ctx, receiver, frozenset())
            if kind == "other":
                continue
            text = ctx.code(receiver)
            message = (f"`{text}.predict(...)` inside a loop (line {ctx.span(loop)[0][0]}) sets up a data adapter and "
                       f"a predict function on every call (and may retrace); call the model directly: "
                       f"`{text}(x, training=False)`")
            fix = _fix(ctx, call, receiver)
            if fix is None:
                message += " (not fixed: arguments `predict` treats differently from a call)"
            elif kind != "sequential":
                fix = Fix(fix.edits, applicability="unsafe")
                message += (" (unsafe: the model may return a list or dict)" if kind == "keras"
                            else f" (unsafe: `{text}` may not be a Keras model)")
            yield self.finding(ctx, call, message, fix)


def _fix(ctx: FileContext, call: cst.Call, receiver: cst.BaseExpression) -> Fix | None:
    inputs = [arg for arg in call.args if arg.keyword is None or arg.keyword.value == "x"]
    others = [arg for arg in call.args if arg not in inputs]
    if len(inputs) != 1 or inputs[0].star or any(arg.keyword.value not in _DROPPED_KEYWORDS for arg in others):
        return None
    no_space = cst.SimpleWhitespace("")
    training = cst.Arg(cst.Name("False"), keyword=cst.Name("training"),
                       equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space))
    new: cst.BaseExpression = cst.Call(receiver, [cst.Arg(inputs[0].value, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))), training])
    parent = ctx.parent(call)
    into_tf_op = isinstance(parent, cst.Arg) and isinstance(ctx.parent(parent), cst.Call) and any(
        n.startswith("tensorflow.") for n in ctx.names(ctx.parent(parent).func)  # type: ignore[union-attr]
    )
    if not into_tf_op and not isinstance(parent, cst.Expr):  # the result is used as an array
        new = cst.Call(cst.Attribute(new, cst.Name("numpy")))
    return Fix({call: new.with_changes(lpar=call.lpar, rpar=call.rpar)})


def _kind(ctx: FileContext, expr: cst.BaseExpression, seen: frozenset) -> Kind | None:
    """What ``expr`` is known to hold, following assignments and local factory functions."""
    if isinstance(expr, cst.Call):
        names = ctx.names(expr.func)
        if names & _SEQUENTIAL:
            return "sequential"
        if any(n == "keras" or n.startswith("keras.") for n in names):
            return "keras"
        local = _local_definitions(ctx, expr.func)
        if local:
            return _definition_kind(ctx, local[0], seen)
        return "other" if names and not any(n.startswith("tensorflow.") for n in names) else None
    if not isinstance(expr, cst.Name) or expr in seen:
        return None
    scope = ctx.scope(expr)
    if scope is None or expr.value not in scope:
        return None
    kinds = set()
    for assignment in scope[expr.value]:
        node = getattr(assignment, "node", None)
        if isinstance(node, cst.Param):
            annotation = node.annotation.annotation if node.annotation else None
            kinds.add("keras" if annotation is not None and any(n.startswith("keras.") for n in ctx.names(annotation)) else None)
            continue
        parent = ctx.parent(node) if node is not None else None
        assign = ctx.parent(parent) if isinstance(parent, cst.AssignTarget) else None
        kinds.add(_kind(ctx, assign.value, seen | {expr}) if isinstance(assign, cst.Assign) else None)
    return kinds.pop() if len(kinds) == 1 else None


def _local_definitions(ctx: FileContext, func: cst.BaseExpression) -> list[cst.CSTNode]:
    if not isinstance(func, cst.Name):
        return []
    scope = ctx.scope(func)
    if scope is None or func.value not in scope:
        return []
    return [a.node for a in scope[func.value] if isinstance(getattr(a, "node", None), (cst.FunctionDef, cst.ClassDef))]


def _definition_kind(ctx: FileContext, definition: cst.CSTNode, seen: frozenset) -> Kind | None:
    if isinstance(definition, cst.ClassDef):
        for base in definition.bases:
            if any(n == "keras" or n.startswith("keras.") for n in ctx.names(base.value)):
                return "keras"
            local = _local_definitions(ctx, base.value)
            if local and _definition_kind(ctx, local[0], seen) == "keras":
                return "keras"
        return "other"
    returns = [r.value for r in m.findall(definition, m.Return()) if r.value is not None]  # type: ignore[attr-defined]
    kinds = {_kind(ctx, value, seen) for value in returns}
    return kinds.pop() if len(kinds) == 1 else None
