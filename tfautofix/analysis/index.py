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
