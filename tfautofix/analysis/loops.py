"""Loops around a node, and the names a piece of code binds or reads.

Used by rules whose hazard is "this runs once per iteration" (TFA006, TFA011).
"""

from __future__ import annotations

from typing import Iterator
from weakref import WeakKeyDictionary

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes

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
        if isinstance(ancestor, cst.For) and child is ancestor.body and (trip_count(ctx, ancestor) or 2) <= 1:
            pass  # `for batch in ds.take(1):` runs its body once: not a loop
        elif isinstance(ancestor, (cst.For, cst.While)) and child is ancestor.body:
            yield ancestor
        elif isinstance(ancestor, Comprehension) and not (child is ancestor.for_in and grandchild is ancestor.for_in.iter):
            yield ancestor
        grandchild, child = child, ancestor


def trip_count(ctx: FileContext, loop: cst.CSTNode) -> int | None:
    """At most how many times a ``for`` loop's body (a comprehension's element) runs: the
    :func:`size` of its iterable (of a comprehension's ``for``\\ s, multiplied). None: unknown."""
    if isinstance(loop, cst.For):
        return size(ctx, loop.iter)
    total, comp = 1, loop.for_in if isinstance(loop, Comprehension) else None
    while comp is not None:
        count = size(ctx, comp.iter)
        if count is None:
            return None
        total, comp = total * count, comp.inner_for_in
    return total if isinstance(loop, Comprehension) else None


#: Builtins whose result has at most one item per item of their (first) argument.
_ITEM_PER_ITEM = frozenset({"enumerate", "list", "tuple", "sorted", "reversed", "set", "iter", "frozenset"})
#: Builtins that read a container without changing how many items it has.
_READERS = _ITEM_PER_ITEM | {"len", "zip", "print", "str", "repr", "max", "min", "sum", "any", "all"}
_VIEWS = frozenset({"keys", "values", "items"})
#: Libraries whose functions read a list they are given (convert it, stack it) and never add to it.
_CONVERTERS = ("tensorflow.", "keras.", "numpy.")


def size(ctx: FileContext, expr: cst.BaseExpression, seen: frozenset = frozenset()) -> int | None:
    """At most how many items iterating ``expr`` yields, when the code says so: a list, tuple,
    set or dict display; a comprehension over such; ``range`` of known bounds; ``ds.take(n)``;
    ``np.linspace(a, b, n)``; ``enumerate``, ``zip`` (its shortest known argument), ``list``,
    ``sorted``... of such; a name bound only to such and never grown. None: unknown."""
    if isinstance(expr, (cst.List, cst.Tuple, cst.Set, cst.Dict)):
        starred = (cst.StarredElement, cst.StarredDictElement)
        return None if any(isinstance(e, starred) for e in expr.elements) else len(expr.elements)
    if isinstance(expr, Comprehension):
        return trip_count(ctx, expr)
    if isinstance(expr, cst.Name):
        if expr in seen:
            return None
        values = values_of(ctx, expr)
        if values is None or any(isinstance(v, _GROWABLE) for v in values) and not _never_grown(ctx, expr):
            return None
        return _most(size(ctx, v, seen | {expr}) for v in values)
    if not isinstance(expr, cst.Call) or any(a.star for a in expr.args):
        return None
    positional = [a.value for a in expr.args if a.keyword is None]
    func, names, builtin = expr.func, ctx.names(expr.func), _builtin(ctx, expr.func)
    if builtin == "range" and 1 <= len(positional) <= 2 and len(expr.args) == len(positional):
        if len(positional) == 2 and not isinstance(positional[0], cst.Integer):
            return None  # the stop is an upper bound: the start must be exact
        stop = value(ctx, positional[-1], seen)
        start = int(positional[0].value, 0) if len(positional) == 2 else 0
        return None if stop is None else max(0, stop - start)
    if builtin == "zip":
        return min((s for s in (size(ctx, p, seen) for p in positional) if s is not None), default=None)
    if builtin in _ITEM_PER_ITEM and positional:
        return size(ctx, positional[0], seen)
    if names & {"numpy.linspace"}:
        num = positional[2] if len(positional) > 2 else next((a.value for a in expr.args if a.keyword and a.keyword.value == "num"), None)
        return 50 if num is None else value(ctx, num, seen)
    if isinstance(func, cst.Attribute):
        if func.attr.value == "take" and len(positional) == 1 and len(expr.args) == 1:
            return value(ctx, positional[0], seen)  # `ds.take(n)`
        if func.attr.value in _VIEWS and not expr.args:
            return size(ctx, func.value, seen)  # `d.items()`
    return None


def value(ctx: FileContext, expr: cst.BaseExpression, seen: frozenset = frozenset()) -> int | None:
    """At most what integer ``expr`` holds: a literal, ``len(x)`` of a known :func:`size`, or a
    name (a parameter: its arguments at every call) bound only to such. None: unknown."""
    if isinstance(expr, cst.Integer):
        return int(expr.value, 0)
    if isinstance(expr, cst.Name) and expr not in seen:
        values = values_of(ctx, expr)
        return None if values is None else _most(value(ctx, v, seen | {expr}) for v in values)
    if isinstance(expr, cst.Call) and _builtin(ctx, expr.func) == "len" and len(expr.args) == 1:
        return size(ctx, expr.args[0].value, seen)
    return None


def _builtin(ctx: FileContext, func: cst.BaseExpression) -> str | None:
    """The builtin ``func`` names (``range``, ``len``...), unless the module rebinds it."""
    names = ctx.names(func)
    return next(iter(names))[len("builtins."):] if len(names) == 1 and next(iter(names)).startswith("builtins.") else None


def _most(counts) -> int | None:
    counts = list(counts)
    return None if not counts or None in counts else max(counts)


#: Values whose number of items can change after they are bound (``.append``, ``.update``...).
_GROWABLE = (cst.List, cst.Set, cst.Dict, cst.ListComp, cst.SetComp, cst.DictComp)


def _never_grown(ctx: FileContext, name: cst.Name) -> bool:
    """Is every use of the container ``name`` holds a read that cannot add items: iterated,
    indexed, read by a builtin (``len``, ``enumerate``...) or given to TensorFlow, Keras or NumPy?
    A method call (``.append``), an alias or handing it on elsewhere (which may add) are not."""
    bindings = {getattr(a, "node", None) for a in ctx.scope(name)[name.value]}
    for use in m.findall(ctx.module, m.Name(name.value)):
        if use in bindings or ctx.scope(use) is None or name.value not in ctx.scope(use) \
                or {getattr(a, "node", None) for a in ctx.scope(use)[name.value]} != bindings:
            continue  # the binding itself, or another variable of the same spelling
        parent = ctx.parent(use)
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is use:
            continue
        if isinstance(parent, cst.Subscript) and parent.value is use and not isinstance(ctx.parent(parent), (cst.AssignTarget, cst.Del)):
            continue
        if isinstance(parent, cst.Attribute) and parent.attr.value in _VIEWS:
            continue
        call = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
        if isinstance(call, cst.Call) and (_builtin(ctx, call.func) in _READERS and parent.keyword is None
                                           or any(n.startswith(_CONVERTERS) for n in ctx.names(call.func))):
            continue
        return False
    return True


def values_of(ctx: FileContext, name: cst.Name) -> list[cst.BaseExpression] | None:
    """Every value ``name`` may hold where it is read: the right-hand sides of its assignments,
    and for a parameter each argument its function is given (or its default), every call of the
    function being in the module. None: some value is unknown (a loop target, an import...)."""
    scope = ctx.scope(name)
    if scope is None or name.value not in scope:
        return None
    values: list[cst.BaseExpression] = []
    for assignment in scope[name.value]:
        node = getattr(assignment, "node", None)
        if isinstance(node, cst.Param):
            arguments = _arguments(ctx, node)
            if arguments is None:
                return None
            values += arguments
            continue
        target = ctx.parent(node) if node is not None else None
        assign = ctx.parent(target) if isinstance(target, cst.AssignTarget) and target.target is node else None
        if not isinstance(assign, cst.Assign):
            return None
        values.append(assign.value)
    return values or None


def _arguments(ctx: FileContext, param: cst.Param) -> list[cst.BaseExpression] | None:
    """What ``param`` is given at each call of its function (its default where not given), when
    every use of the function is a call in the module that passes no ``*args``/``**kwargs``."""
    function = ctx.enclosing(param, cst.FunctionDef)
    if function is None or function.decorators or param not in (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params):
        return None
    positional = [*function.params.posonly_params, *function.params.params]
    method = isinstance(ctx.parent(ctx.parent(function)), cst.ClassDef)
    index = positional.index(param) if param in positional else None
    arguments = []
    for use in m.findall(ctx.module, m.Name(function.name.value)):
        if use is function.name:
            continue
        attribute = ctx.parent(use)
        bound = isinstance(attribute, cst.Attribute) and attribute.attr is use  # `self.show(...)`
        use = attribute if bound else use
        call = ctx.parent(use)
        if not (isinstance(call, cst.Call) and call.func is use) or any(a.star for a in call.args) or method != bound:
            return None
        given = [a.value for a in call.args if a.keyword is None]
        at = None if index is None else index - (1 if method else 0)
        keyword = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == param.name.value), None)
        argument = given[at] if at is not None and 0 <= at < len(given) else keyword or param.default
        if argument is None:
            return None
        arguments.append(argument)
    return arguments or None


def runs(ctx: FileContext, node: cst.CSTNode) -> int | None:
    """At most how many times ``node`` runs per run of the function (or module) around it, or
    None: unknown. The product of the trip counts (:func:`trip_count`) of the loops around it in
    that function, a loop that waits on the user on each iteration counting once
    (:func:`_waits_on_user`). How often the function itself is called is its callers' business,
    as for a function with no loop at all."""
    total = 1
    for loop in enclosing_loops(ctx, node):
        count = 1 if _waits_on_user(ctx, loop) else trip_count(ctx, loop)
        if count is None:
            return None
        total *= count
    return total


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


# -- loops in the callers: "this runs once per iteration" across the functions of the file -------

_CALLERS: WeakKeyDictionary[FileContext, dict[cst.FunctionDef, list[cst.Call]]] = WeakKeyDictionary()


def callers(ctx: FileContext, function: cst.FunctionDef) -> list[cst.Call]:
    """The calls in the module that may run ``function`` (closed world: the file's own calls).
    A function by its name where that name denotes it; a method as ``self.m(...)``/``cls.m(...)``
    in its class (or a subclass of the file), or ``obj.m(...)`` where ``obj`` holds only
    instances the file makes of such a class (``agent = Agent(); agent.act(s)``,
    ``self.agent = Agent()``)."""
    known = _CALLERS.setdefault(ctx, {})
    if function not in known:
        known[function] = list(_callers(ctx, function))
    return known[function]


def _callers(ctx: FileContext, function: cst.FunctionDef) -> Iterator[cst.Call]:
    name = function.name.value
    cls = ctx.parent(ctx.parent(function))
    if not isinstance(cls, cst.ClassDef):
        yield from (call for call in nodes(ctx, cst.Call)
                    if isinstance(call.func, cst.Name) and call.func.value == name and _denotes(ctx, call.func, function))
        return
    classes = _subclasses(ctx, cls)
    for call in nodes(ctx, cst.Call):
        if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == name):
            continue
        receiver = call.func.value
        if m.matches(receiver, m.Name("self") | m.Name("cls")):
            if ctx.enclosing(call, cst.ClassDef) in classes:
                yield call
        elif _instances_of(ctx, receiver, classes):
            yield call


def _denotes(ctx: FileContext, name: cst.Name, function: cst.FunctionDef) -> bool:
    scope = ctx.scope(name)
    return scope is not None and name.value in scope and any(getattr(a, "node", None) is function for a in scope[name.value])


def _subclasses(ctx: FileContext, cls: cst.ClassDef) -> set[cst.ClassDef]:
    """``cls`` and the classes of the file that derive from it, directly or not."""
    found, grown = {cls}, True
    while grown:
        grown = False
        for other in nodes(ctx, cst.ClassDef):
            if other not in found and any(isinstance(b.value, cst.Name) and any(
                    _denotes_class(ctx, b.value, c) for c in found) for b in other.bases):  # type: ignore[attr-defined]
                found.add(other)  # type: ignore[arg-type]
                grown = True
    return found


def _denotes_class(ctx: FileContext, name: cst.Name, cls: cst.ClassDef) -> bool:
    scope = ctx.scope(name)
    return scope is not None and name.value in scope and any(getattr(a, "node", None) is cls for a in scope[name.value])


def _instances_of(ctx: FileContext, receiver: cst.BaseExpression, classes: set[cst.ClassDef]) -> bool:
    """Does ``receiver`` (a name, or ``self.attr``) hold only instances of ``classes`` the file makes?"""
    if isinstance(receiver, cst.Name):
        values = values_of(ctx, receiver)
    elif m.matches(receiver, m.Attribute(value=m.Name("self"))):
        owner = ctx.enclosing(receiver, cst.ClassDef)
        attr = receiver.attr.value  # type: ignore[attr-defined]
        target = m.Attribute(value=m.Name("self"), attr=m.Name(attr))
        values = [a.value for a in nodes(ctx, cst.Assign) if len(a.targets) == 1 and m.matches(a.targets[0].target, target)
                  and ctx.enclosing(a, cst.ClassDef) is owner] if owner is not None else None
    else:
        return False
    return bool(values) and all(
        isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and any(_denotes_class(ctx, v.func, c) for c in classes)
        for v in values)  # type: ignore[union-attr]


def _function_of(ctx: FileContext, node: cst.CSTNode) -> cst.FunctionDef | None:
    """The function whose body holds ``node`` directly (None at module level or in a lambda/class body)."""
    for ancestor in ctx.ancestors(node):
        if isinstance(ancestor, cst.FunctionDef):
            return ancestor
        if isinstance(ancestor, (cst.Lambda, cst.ClassDef)):
            return None
    return None


def repeating_loops(ctx: FileContext, node: cst.CSTNode, seen: frozenset = frozenset()) -> Iterator[tuple[cst.CSTNode, tuple[cst.Call, ...]]]:
    """Loops each iteration of which runs ``node``, with the calls that lead from the loop to it:
    the loops around it in its function (no calls), then, through every call of that function in
    the file (:func:`callers`), the loops around those calls, transitively (``agent.act(state)``
    once per step of the caller's loop runs the ``predict`` inside ``act`` once per step)."""
    for loop in enclosing_loops(ctx, node):
        yield loop, ()
    function = _function_of(ctx, node)
    if function is None or function in seen:
        return
    for call in callers(ctx, function):
        for loop, calls in repeating_loops(ctx, call, seen | {function}):
            yield loop, (call, *calls)


def runs_through_calls(ctx: FileContext, node: cst.CSTNode, seen: frozenset = frozenset()) -> int | None:
    """At most how many times ``node`` runs in all: :func:`runs` in its function, times the runs of
    the calls of that function in the file, summed (a function no code of the file calls: its own
    runs). None: unknown, or recursion."""
    local = runs(ctx, node)
    function = _function_of(ctx, node)
    if local is None or function is None:
        return local
    if function in seen:
        return None
    calls = callers(ctx, function)
    if not calls:
        return local
    outer = [runs_through_calls(ctx, call, seen | {function}) for call in calls]
    return None if None in outer else local * sum(outer)  # type: ignore[arg-type]


def argument_for(ctx: FileContext, call: cst.Call, function: cst.FunctionDef, param: str) -> cst.BaseExpression | None:
    """What ``call`` passes ``function``'s parameter ``param`` (its default when not given), or None."""
    params = [*function.params.posonly_params, *function.params.params]
    names = [p.name.value for p in params]
    if isinstance(ctx.parent(ctx.parent(function)), cst.ClassDef) and isinstance(call.func, cst.Attribute):
        names = names[1:]  # bound: `self` is the receiver
    if any(a.star for a in call.args):
        return None
    keyword = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == param), None)
    positional = [a.value for a in call.args if a.keyword is None]
    if keyword is not None:
        return keyword
    if param in names and names.index(param) < len(positional):
        return positional[names.index(param)]
    default = next((p.default for p in (*params, *function.params.kwonly_params) if p.name.value == param), None)
    return default
