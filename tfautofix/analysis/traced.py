"""Which functions of a module run at trace time.

Seeds (PRODUCT.md, "traced code"): functions decorated with or wrapped by
``tf.function``; functions passed to ``tf.map_fn``-like ops and to
``Dataset.map``-like methods; Keras ``call``/``train_step``/... methods; callables
given to ``compile(loss=, metrics=)``. Then, transitively, the same-module
functions and ``self.`` methods those call. Nested definitions inside a traced
function are traced with it (see ``FileContext.is_traced``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

import libcst as cst

from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import (
    COMPILE_KEYWORDS,
    DATASET_METHODS,
    KERAS_TRACED_METHODS,
    TF_FUNCTION,
    TRACING_HIGHER_ORDER,
)
from tfautofix.tracing.log import ran_at_trace_time

if TYPE_CHECKING:
    from tfautofix.analysis.context import FileContext

Function = cst.FunctionDef | cst.Lambda


def find_traced_functions(ctx: FileContext) -> dict[Function, str]:
    """Map each traced function or lambda to a short reason, for messages."""
    classes: dict[str, cst.ClassDef] = {}
    for cls in nodes(ctx, cst.ClassDef):
        classes.setdefault(cls.name.value, cls)
    traced: dict[Function, str] = {}

    def add(targets: Iterator[Function], reason: str) -> None:
        for target in targets:
            traced.setdefault(target, reason)

    ran = ctx.traces.functions_run(ctx.path) if ctx.traces is not None else set()
    names = [func.name.value for func in nodes(ctx, cst.FunctionDef)] if ran else []
    for func in nodes(ctx, cst.FunctionDef):
        lines = {ctx.span(node)[0][0] for node in (func.name, *func.decorators)} if ran else set()
        if ran and ran_at_trace_time(ran, func.name.value, lines, names):
            traced.setdefault(func, "ran at trace time in the recorded run")
        for decorator in func.decorators:
            expr = decorator.decorator
            if isinstance(expr, cst.Call):
                expr = expr.func
            if ctx.resolves_to(expr, TF_FUNCTION):
                traced.setdefault(func, "decorated with tf.function")
        cls = ctx.parent(ctx.parent(func)) if ctx.parent(func) is not None else None
        if (
            isinstance(cls, cst.ClassDef)
            and func.name.value in KERAS_TRACED_METHODS
            and _is_keras_class(ctx, cls, classes)
        ):
            traced.setdefault(func, f"Keras traces `{func.name.value}`")

    for call in nodes(ctx, cst.Call):
        callee = call.func
        if ctx.resolves_to(callee, TF_FUNCTION):
            add(_argument_functions(ctx, call, ((0, "func"),)), "wrapped by tf.function")
            continue
        for name in ctx.names(callee):
            if name in TRACING_HIGHER_ORDER:
                short = name.rsplit(".", 1)[-1]
                add(_argument_functions(ctx, call, TRACING_HIGHER_ORDER[name]), f"passed to tf.{short}")
        if isinstance(callee, cst.Attribute):
            method = callee.attr.value
            if method in DATASET_METHODS:
                add(_argument_functions(ctx, call, ((0, "map_func"), (0, "predicate"))), f"passed to Dataset.{method}")
            elif method == "compile":
                for arg in call.args:
                    if arg.keyword is not None and arg.keyword.value in COMPILE_KEYWORDS:
                        add(_callables_in(ctx, arg.value), f"given to compile({arg.keyword.value}=...)")

    # Same-module helpers called from traced code are traced too.
    pending = list(traced)
    while pending:
        func = pending.pop()
        for call in _calls_inside(func):
            for target in _resolve_callable(ctx, call.func):
                if target not in traced:
                    caller = func.name.value if isinstance(func, cst.FunctionDef) else "a lambda"
                    traced[target] = f"called from traced `{caller}`"
                    pending.append(target)
    return traced


class _CallCollector(cst.CSTVisitor):
    def __init__(self) -> None:
        self.calls: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.append(node)


def _calls_inside(func: Function) -> list[cst.Call]:
    collector = _CallCollector()
    func.body.visit(collector)
    return collector.calls


def _is_keras_class(ctx: FileContext, cls: cst.ClassDef, classes: dict[str, cst.ClassDef], seen=None) -> bool:
    seen = seen or set()
    if cls.name.value in seen:
        return False
    seen.add(cls.name.value)
    for base in cls.bases:
        if any(name == "keras" or name.startswith("keras.") for name in ctx.names(base.value)):
            return True
        if isinstance(base.value, cst.Name) and base.value.value in classes:
            if _is_keras_class(ctx, classes[base.value.value], classes, seen):
                return True
    return False


def _argument_functions(ctx: FileContext, call: cst.Call, positions) -> Iterator[Function]:
    positional = [arg for arg in call.args if arg.keyword is None and arg.star == ""]
    for index, keyword in positions:
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == keyword:
                yield from _resolve_callable(ctx, arg.value)
        if index < len(positional):
            yield from _resolve_callable(ctx, positional[index].value)


def _callables_in(ctx: FileContext, expr: cst.BaseExpression) -> Iterator[Function]:
    """Callables named in a ``compile`` argument: a name, or a list/tuple/dict of them."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        for element in expr.elements:
            yield from _callables_in(ctx, element.value)
    elif isinstance(expr, cst.Dict):
        for element in expr.elements:
            if isinstance(element, cst.DictElement):
                yield from _callables_in(ctx, element.value)
    else:
        yield from _resolve_callable(ctx, expr)


def _resolve_callable(ctx: FileContext, expr: cst.BaseExpression) -> Iterator[Function]:
    """Function definitions of this module that ``expr`` may denote."""
    if isinstance(expr, cst.Lambda):
        yield expr
    elif isinstance(expr, cst.Name):
        scope = ctx.scope(expr)
        if scope is None or expr.value not in scope:
            return
        for assignment in scope[expr.value]:
            node = getattr(assignment, "node", None)
            if isinstance(node, cst.FunctionDef):
                yield node
    elif (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and expr.value.value in ("self", "cls")
    ):
        cls = ctx.enclosing(expr, cst.ClassDef)
        if cls is None:
            return
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == expr.attr.value:
                yield stmt
    elif isinstance(expr, cst.Call) and ctx.resolves_to(expr.func, "functools.partial") and expr.args:
        yield from _resolve_callable(ctx, expr.args[0].value)
