"""All nodes of a module by type, collected in one pass and shared by the rules.

A LibCST traversal of a large module takes about a second; rules asking for
"every call" each with their own ``m.findall`` paid it again and again.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple, TypeVar
from weakref import WeakKeyDictionary

import libcst as cst

from tfautofix.analysis.context import FileContext

N = TypeVar("N", bound=cst.CSTNode)


class _Index(NamedTuple):
    by_type: dict[type, list[cst.CSTNode]]
    order: dict[cst.CSTNode, int]  # pre-order position, to merge lists of several types


_INDEX: WeakKeyDictionary[FileContext, _Index] = WeakKeyDictionary()


class _Collector(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.index = _Index(defaultdict(list), {})

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.index.by_type[type(node)].append(node)
        self.index.order[node] = len(self.index.order)
        return True


def nodes(ctx: FileContext, kind: type[N], *more: type) -> list[N]:
    """Every node of exactly type ``kind`` (or of one of the ``more`` types) in
    ``ctx.module``, in source order."""
    index = _INDEX.get(ctx)
    if index is None:
        collector = _Collector()
        ctx.module.visit(collector)
        index = _INDEX[ctx] = collector.index
    if not more:
        return index.by_type.get(kind, [])  # type: ignore[return-value]
    found = [node for k in (kind, *more) for node in index.by_type.get(k, ())]
    return sorted(found, key=index.order.__getitem__)  # type: ignore[return-value]
