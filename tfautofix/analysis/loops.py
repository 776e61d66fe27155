"""Loops around a node, and the names a piece of code binds or reads.

Used by rules whose hazard is "this runs once per iteration" (TFA006, TFA011).
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext

Comprehension = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
#: A loop never repeats code across these boundaries.
_BOUNDARIES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


def enclosing_loops(ctx: FileContext, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Loops whose body repeats ``node``, innermost first, within the same function.

    A node in a ``for`` loop's iterable or a ``while`` loop's ``else`` runs once, so it
    does not count; neither does the iterable of a comprehension's first ``for``, nor a
    ``for`` loop that runs at most once (:func:`trip_count`).
    """
    grandchild, child = None, node
    for ancestor in ctx.ancestors(node):
        if isinstance(ancestor, _BOUNDARIES):
            return
        if isinstance(ancestor, cst.For) and child is ancestor.body and (trip_count(ancestor) or 2) <= 1:
            pass  # `for batch in ds.take(1):` runs its body once: not a loop
        elif isinstance(ancestor, (cst.For, cst.While)) and child is ancestor.body:
            yield ancestor
        elif isinstance(ancestor, Comprehension) and not (child is ancestor.for_in and grandchild is ancestor.for_in.iter):
            yield ancestor
        grandchild, child = child, ancestor


def trip_count(loop: cst.CSTNode) -> int | None:
    """At most how many times a ``for`` loop (or a one-``for`` comprehension) runs, when its
    iterable says so with literals: ``range(n)``, ``range(a, b)``, ``ds.take(n)``, a list, tuple,
    set or dict display. None: unknown."""
    iterable = loop.iter if isinstance(loop, cst.For) else None
    if isinstance(loop, Comprehension) and loop.for_in.inner_for_in is None:
        iterable = loop.for_in.iter
    if isinstance(iterable, (cst.List, cst.Tuple, cst.Set, cst.Dict)):
        starred = (cst.StarredElement, cst.StarredDictElement)
        return None if any(isinstance(e, starred) for e in iterable.elements) else len(iterable.elements)
    if not isinstance(iterable, cst.Call) or not all(isinstance(a.value, cst.Integer) and a.keyword is None and not a.star for a in iterable.args):
        return None
    bounds = [int(a.value.value, 0) for a in iterable.args]
    if isinstance(iterable.func, cst.Name) and iterable.func.value == "range" and 1 <= len(bounds) <= 2:
        return max(0, bounds[-1] - (bounds[0] if len(bounds) == 2 else 0))
    if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "take" and len(bounds) == 1:
        return max(0, bounds[0])
    return None


def runs(ctx: FileContext, node: cst.CSTNode, seen: frozenset = frozenset()) -> int | None:
    """At most how many times ``node`` runs per run of its module, or None: unknown.

    The product of the trip counts (:func:`trip_count`) of the loops around it, a loop that
    waits on the user on each iteration counting once (:func:`_waits_on_user`); in a function,
    times the runs of its calls, all found in the module (a function handed on, decorated,
    or called from elsewhere may run any number of times)."""
    total = 1
    for loop in enclosing_loops(ctx, node):
        count = 1 if _waits_on_user(ctx, loop) else trip_count(loop)
        if count is None:
            return None
        total *= count
    boundary = ctx.enclosing(node, _BOUNDARIES)
    if boundary is None:
        return total
    if isinstance(boundary, cst.ClassDef):
        outer = runs(ctx, boundary, seen)
        return None if outer is None else total * outer
    if isinstance(boundary, cst.Lambda) or boundary.decorators or boundary in seen:
        return None
    calls = 0
    for use in m.findall(ctx.module, m.Name(boundary.name.value)):  # `show`, `self.show`, `other.show`
        if use is boundary.name:
            continue
        attribute = ctx.parent(use)
        use = attribute if isinstance(attribute, cst.Attribute) and attribute.attr is use else use
        call = ctx.parent(use)
        if not (isinstance(call, cst.Call) and call.func is use):
            return None  # handed on: a callback, `map(fn, ...)`
        count = runs(ctx, call, seen | {boundary})
        if count is None:
            return None
        calls += count
    return total * calls if calls else None


def _waits_on_user(ctx: FileContext, loop: cst.CSTNode) -> bool:
    """Does each iteration wait on the user: ``input()`` in the body, or the files of a Colab
    ``files.upload()`` (the user picks them)? Then the calls are paced by a person."""
    if not isinstance(loop, (cst.For, cst.While)):
        return False
    if any(ctx.names(call.func) & {"input", "builtins.input"} for call in m.findall(loop.body, m.Call(func=m.Name("input")))):
        return True
    iterable = loop.iter if isinstance(loop, cst.For) else None
    if m.matches(iterable, m.Call(func=m.Attribute(attr=m.Name("keys") | m.Name("items") | m.Name("values")), args=[])):
        iterable = iterable.func.value  # type: ignore[union-attr]
    value = ctx.bound_value(iterable) if isinstance(iterable, cst.Name) else None
    return isinstance(value, cst.Call) and "google.colab.files.upload" in ctx.names(value.func)


class _Names(cst.CSTVisitor):
    def __init__(self, nested: bool) -> None:
        self.nested = nested  # look inside nested functions and classes?
        self.read: set[str] = set()
        self.bound: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.read.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)  # `x.attr` reads `x`, not a variable `attr`
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)  # not the keyword
        return False

    def _bind(self, target: cst.CSTNode) -> None:
        for name in _target_names(target):
            self.bound.add(name)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._bind(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._bind(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._bind(node.target)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._bind(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._bind(node.target)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._bind(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        self._bind(node.name)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.bound.add(node.name.value)
        return self.nested

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.bound.add(node.name.value)
        return self.nested

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return self.nested

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:
            self.bound.add(cst.Module([]).code_for_node(node.name).split(".")[0])

    def visit_Global(self, node: cst.Global) -> None:
        self.bound.update(item.name.value for item in node.names)


def _target_names(target: cst.CSTNode) -> Iterator[str]:
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _target_names(target.value)


def names_in(node: cst.CSTNode, nested: bool = True) -> tuple[set[str], set[str]]:
    """``(read, bound)``: every identifier appearing in ``node``, and those it binds
    (with ``nested=False``, not looking inside nested functions, lambdas and classes)."""
    visitor = _Names(nested)
    node.visit(visitor)
    return visitor.read, visitor.bound


def loop_bound_names(loop: cst.CSTNode) -> set[str]:
    """Names that may take a new value on each iteration of ``loop``."""
    if isinstance(loop, (cst.For, cst.While)):
        bound = names_in(loop.body, nested=False)[1]
        if isinstance(loop, cst.For):
            bound |= set(_target_names(loop.target))
        return bound
    bound: set[str] = set()
    comp = loop.for_in
    while comp is not None:
        bound |= set(_target_names(comp.target))
        comp = comp.inner_for_in
    return bound


def statement_of(ctx: FileContext, node: cst.CSTNode) -> cst.CSTNode:
    """The statement containing ``node`` (``node`` itself for a statement)."""
    for candidate in (node, *ctx.ancestors(node)):
        if isinstance(candidate, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
            return candidate
    raise ValueError("node is not inside a statement")
