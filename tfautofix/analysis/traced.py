"""Which functions of a module run at trace time.

Seeds (PRODUCT.md, "traced code"): functions decorated with or wrapped by
``tf.function``; functions passed to ``tf.map_fn``-like ops and to
``Dataset.map``-like methods; Keras ``call``/``train_step``/... methods; callables
given to ``compile(loss=, metrics=)``; Keras activations (``Dense(activation=f)``)
and ``layers.Lambda(f)``. Then, transitively, the same-module functions and
``self.`` methods those call. Nested definitions inside a traced function are
traced with it (see ``FileContext.is_traced``).

:func:`find_autograph` says where AutoGraph does *not* convert the traced code
(measured on TF 2.21, Keras 3.15 and tf-keras 2.21): ``tf.function(autograph=False)``,
``do_not_convert``, functions Keras calls itself (activations, ``Lambda``; in
Keras 3 also every ``call``/``train_step``/metric/loss), and what those call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

import libcst as cst

from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import (
    COMPILE_KEYWORDS,
    DATASET_METHODS,
    DO_NOT_CONVERT,
    KERAS2_PREFIXES,
    KERAS_FUNCTION_LAYERS,
    KERAS_TRACED_METHODS,
    TF_FUNCTION,
    TRACING_HIGHER_ORDER,
)

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

    for func in nodes(ctx, cst.FunctionDef):
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
        for name in ctx.names(callee):
            if name in KERAS_FUNCTION_LAYERS:
                add(_argument_functions(ctx, call, KERAS_FUNCTION_LAYERS[name]), f"called by `{name.rsplit('.', 1)[-1]}`")
        add(_argument_functions(ctx, call, ((-1, "activation"),)), "Keras calls it as an activation")
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
        if 0 <= index < len(positional):
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


def find_autograph(ctx: FileContext) -> dict[Function, str | None]:
    """Traced functions whose AutoGraph setting is known: ``None`` when AutoGraph
    converts them (a ``tf.function`` root), else why it does not.

    Not converted: ``tf.function(autograph=False)`` (decorator or wrapper),
    ``do_not_convert``, Keras activations and ``Lambda`` functions, and in Keras 3
    (``keras``, ``tf.keras`` since TF 2.16; not ``tf_keras``) the Keras methods and
    ``compile`` callables. Then every same-module function those call or hand to
    ``tf.cond``/``tf.map_fn``-like ops, unless it is a converting ``tf.function``
    itself. A helper reached both ways counts as not converted: it fails on that path.
    """
    traced = ctx.traced
    setting: dict[Function, str | None] = {}
    legacy_file = _imports_keras2(ctx)

    def tf_function_setting(call: cst.Call | None) -> str | None:
        for arg in call.args if call is not None else ():
            if arg.keyword is not None and arg.keyword.value == "autograph" and _false(arg.value):
                return "`tf.function(autograph=False)`"
        return None

    for func in nodes(ctx, cst.FunctionDef):
        for decorator in func.decorators:
            expr = decorator.decorator
            call = expr if isinstance(expr, cst.Call) else None
            callee = call.func if call is not None else expr
            if ctx.resolves_to(callee, TF_FUNCTION):
                setting[func] = tf_function_setting(call)
            elif ctx.resolves_to(callee, DO_NOT_CONVERT):
                setting[func] = "`do_not_convert`"
    for func, reason in traced.items():
        if reason.startswith("Keras traces"):
            cls = ctx.enclosing(func, cst.ClassDef)
            if cls is not None and not _keras2_class(ctx, cls):
                setting.setdefault(func, f"Keras 3 runs `{func.name.value}` without AutoGraph")
        elif reason.startswith("given to compile") and not legacy_file:
            setting.setdefault(func, "Keras 3 runs compiled losses and metrics without AutoGraph")
        elif reason == "Keras calls it as an activation" or reason.startswith("called by `"):
            setting.setdefault(func, f"{reason}, without AutoGraph")
    for call in nodes(ctx, cst.Call):
        if ctx.resolves_to(call.func, TF_FUNCTION):
            for target in _argument_functions(ctx, call, ((0, "func"),)):
                setting.setdefault(target, tf_function_setting(call))
        elif ctx.resolves_to(call.func, DO_NOT_CONVERT):
            for target in _argument_functions(ctx, call, ((0, "func"),)):
                setting.setdefault(target, "`do_not_convert`")

    pending = [func for func, reason in setting.items() if reason is not None]
    while pending:
        func = pending.pop()
        caller = func.name.value if isinstance(func, cst.FunctionDef) else "a lambda"
        for call in _calls_inside(func):
            targets = list(_resolve_callable(ctx, call.func))
            for name in ctx.names(call.func):
                if name in TRACING_HIGHER_ORDER:
                    targets += _argument_functions(ctx, call, TRACING_HIGHER_ORDER[name])
            for target in targets:
                if target not in setting:
                    setting[target] = f"called from `{caller}`, which AutoGraph does not convert"
                    pending.append(target)
    return setting


def _false(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "False"


def _keras2(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    return any(name.startswith(KERAS2_PREFIXES) for name in ctx.raw_names(expr))


def _keras2_class(ctx: FileContext, cls: cst.ClassDef, seen: frozenset[str] = frozenset()) -> bool:
    """Is ``cls`` a tf-keras (Keras 2) class, through its bases of this module?"""
    for base in cls.bases:
        if _keras2(ctx, base.value):
            return True
        if isinstance(base.value, cst.Name) and base.value.value not in seen:
            local = next((c for c in nodes(ctx, cst.ClassDef) if c.name.value == base.value.value), None)
            if local is not None and _keras2_class(ctx, local, seen | {cls.name.value}):
                return True
    return False


def _imports_keras2(ctx: FileContext) -> bool:
    """Does the module import tf-keras (so ``compile`` is Keras 2's)?"""
    for node in [*nodes(ctx, cst.Import), *nodes(ctx, cst.ImportFrom)]:
        modules = [alias.name for alias in node.names] if isinstance(node, cst.Import) else [node.module]
        for module in modules:
            if module is not None and ctx.code(module).startswith(KERAS2_PREFIXES):
                return True
    return False
