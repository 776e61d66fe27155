"""All nodes of a module by type, collected in one pass and shared by the rules.

A LibCST traversal of a large module takes about a second; rules asking for
"every call" each with their own ``m.findall`` paid it again and again.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TypeVar
from weakref import WeakKeyDictionary

import libcst as cst

from tfautofix.analysis.context import FileContext

N = TypeVar("N", bound=cst.CSTNode)


_INDEX: WeakKeyDictionary[FileContext, dict[type, list[cst.CSTNode]]] = WeakKeyDictionary()


class _Collector(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.by_type: dict[type, list[cst.CSTNode]] = defaultdict(list)

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.by_type[type(node)].append(node)
        return True


def nodes(ctx: FileContext, kind: type[N]) -> list[N]:
    """Every node of exactly type ``kind`` in ``ctx.module``, in source order."""
    index = _INDEX.get(ctx)
    if index is None:
        collector = _Collector()
        ctx.module.visit(collector)
        index = _INDEX[ctx] = dict(collector.by_type)
    return index.get(kind, [])  # type: ignore[return-value]


def calls_inside(function: cst.FunctionDef | cst.Lambda | cst.CSTNode) -> list[cst.Call]:
    """The calls in the body of ``function`` (nested definitions included), in source order."""
    calls: list[cst.Call] = []

    class Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            calls.append(node)

    getattr(function, "body", function).visit(Calls())
    return calls


def is_keras_class(ctx: FileContext, cls: cst.ClassDef, seen: frozenset = frozenset()) -> bool:
    """Does ``cls`` derive from a Keras class, directly or through classes of this module?"""
    for base in cls.bases:
        if any(name == "keras" or name.startswith("keras.") for name in ctx.names(base.value)):
            return True
        scope = ctx.scope(base.value)
        if isinstance(base.value, cst.Name) and scope is not None and base.value.value in scope:
            for assignment in scope[base.value.value]:
                node = getattr(assignment, "node", None)
                if isinstance(node, cst.ClassDef) and node not in seen and is_keras_class(ctx, node, seen | {cls}):
                    return True
    return False
