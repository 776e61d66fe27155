"""TFA014 stale-python-state: traced code reads Python state that eager code rebinds between calls."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator

import libcst as cst
from libcst.metadata import GlobalScope

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.analysis.index import calls_inside
from tfautofix.rule import Finding, Rule
from tfautofix.screen import Screen, Site, last_name

#: Methods that set state up once, before any call (Keras builds lazily, once).
_SETUP = frozenset({"__init__", "__new__", "__setstate__", "build", "setUp", "setUpClass"})


_VARIABLE_CALLS = frozenset({"Variable", "add_weight", "add_variable"})
_ASSIGNS = frozenset({"assign", "assign_add", "assign_sub"})


def _setup(name: str) -> bool:
    return name in _SETUP or name.startswith("_build")


class StalePythonState(Rule):
    code = "TFA014"
    name = "stale-python-state"
    summary = "traced code reads a Python attribute or global that eager code rebinds: the first trace froze its value"
    fixable = "display-only"
    contract = "exact"
    triggers = ("self.", "global")
    docs = """
A traced function reads Python values while it is traced and bakes them into the
graph as constants. If `self.temperature` or a module global `LR` is a Python
number that eager code rebinds between calls (`model.temperature = 2.0`,
`global LR; LR *= 0.5`), the graph keeps the value of the first trace: eagerly
1.0, 2.0, 3.0, compiled 1.0, 1.0, 1.0 — no error, no retrace (a `tf.function`
does not watch Python attributes; Keras builds its train function once).

Reported, not fixed (the right home for the value is a design choice): keep it
in a `tf.Variable` created once and `assign` it from the eager code (the graph
reads the variable on every call), or pass it to the function as a tensor
argument.

Found: in a class, a traced method (Keras `call`/`train_step`, a
`@tf.function` method, a helper they call) reading `self.x` as a value, where
another method of the class that is not traced and not set-up code
(`__init__`, `build`, `_build*`, and methods only those call) assigns `self.x`; in a module, traced code
reading a global that a non-traced function rebinds (`global x`) or that
module-level code rebinds in a loop. Left alone: attributes and globals that
hold a `tf.Variable` (created with `tf.Variable`/`add_weight`/`add_variable`,
or `assign`ed in traced code), attributes used as objects (`self.dense(x)`,
`self.x.y`, `self.table[i]`), and set-up code.
"""
    before = """\
import keras

class Scaled(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.temperature = 1.0

    def set_temperature(self, t):
        self.temperature = t

    def call(self, x):
        return x / self.temperature
"""
    after = """\
import keras

class Scaled(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.temperature = self.add_weight(shape=(), initializer="ones", trainable=False)

    def set_temperature(self, t):
        self.temperature.assign(t)

    def call(self, x):
        return x / self.temperature
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Traced definitions of a class with an attribute rebound outside set-up code, or
        of a module with a global rebound by eager code, with those rebinding statements."""
        rebound_attrs: dict[ast.ClassDef, list[Site]] = defaultdict(list)
        rebound_globals: list[Site] = []
        declared: dict[ast.AST, set[str]] = defaultdict(set)
        for site in screen.sites(ast.Global):
            declared[site.function].update(site.node.names)
        variables: list[Site] = []
        for site in screen.sites(ast.Assign, ast.AugAssign, ast.AnnAssign):
            function = site.function
            targets = site.node.targets if isinstance(site.node, ast.Assign) else [site.node.target]
            if isinstance(site.node.value, ast.Call) and last_name(site.node.value.func) in _VARIABLE_CALLS:
                variables.append(site)
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    cls = screen.class_around(function)
                    if cls is not None and not _setup(getattr(function, "name", "")):
                        rebound_attrs[cls].append(site)
                elif isinstance(target, ast.Name) and (
                    (function is None and site.in_loop) or target.id in declared.get(function, ())
                ):
                    rebound_globals.append(site)
        found: list[Site] = []
        traced = screen.traced_code.reasons
        for site in screen.sites(ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda):
            if site.node not in traced:
                continue
            cls = screen.class_around(site.node)
            if rebound_globals or (cls is not None and cls in rebound_attrs):
                found.append(site)
        if found:  # and what `check` looks at besides: the rebinding, variables, `assign`s
            found += rebound_globals + [s for sites in rebound_attrs.values() for s in sites] + variables
            found += [s for s in screen.sites(ast.Call) if getattr(s.node.func, "attr", None) in _ASSIGNS]
            found += [  # which methods are set-up: those only set-up methods call
                s for s in screen.sites(ast.Call)
                if getattr(getattr(s.node.func, "value", None), "id", None) == "self"
                and screen.class_around(s.function) in rebound_attrs
            ]
        return found

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        attrs, global_names = _rebinding(ctx)
        if not attrs and not global_names:
            return
        variables = _variable_holders(ctx)
        reported: set[tuple[cst.CSTNode, str]] = set()
        for node in nodes(ctx, cst.Attribute):
            if not (isinstance(node.value, cst.Name) and node.value.value == "self") or not _read_as_value(ctx, node):
                continue
            cls = ctx.enclosing(node, cst.ClassDef)
            where = attrs.get((cls, node.attr.value))
            if where is None or (cls, node.attr.value) in variables or not ctx.is_traced(node):
                continue
            function = ctx.enclosing(node, cst.FunctionDef)
            if (function, node.attr.value) in reported:
                continue
            reported.add((function, node.attr.value))
            yield self.finding(ctx, node, _message(ctx, node, f"`self.{node.attr.value}`", where))
        for node in nodes(ctx, cst.Name):
            where = global_names.get(node.value)
            if where is None or (None, node.value) in variables or not _read_as_value(ctx, node):
                continue
            scope = ctx.scope(node)
            if scope is None or isinstance(scope, GlobalScope) or node.value not in scope:
                continue
            if not all(isinstance(a.scope, GlobalScope) for a in scope[node.value]) or not ctx.is_traced(node):
                continue
            function = ctx.enclosing(node, cst.FunctionDef)
            if (function, node.value) in reported:
                continue
            reported.add((function, node.value))
            yield self.finding(ctx, node, _message(ctx, node, f"the global `{node.value}`", where))


def _message(ctx: FileContext, node: cst.CSTNode, what: str, where: cst.CSTNode) -> str:
    line = ctx.span(where)[0][0]
    return (
        f"traced code ({ctx.traced_reason(node)}) reads {what}, which eager code rebinds (line {line}): the "
        "value of the first trace is frozen into the graph, later rebinding is ignored; keep it in a "
        "`tf.Variable` that the eager code `assign`s, or pass it as a tensor argument"
    )


def _read_as_value(ctx: FileContext, node: cst.CSTNode) -> bool:
    """Is ``node`` loaded as a value, not called, not an object whose members are used, not assigned?"""
    parent = ctx.parent(node)
    if isinstance(parent, cst.Attribute):  # `self.x.y`, or the `x` of `obj.x`
        return False
    if isinstance(parent, cst.Arg) and parent.keyword is node:
        return False
    if isinstance(parent, cst.Call) and parent.func is node:
        return False
    if isinstance(parent, cst.Subscript) and parent.value is node:
        return False
    return not (isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)) and parent.target is node)


def _rebinding(ctx: FileContext) -> tuple[dict[tuple[cst.ClassDef, str], cst.CSTNode], dict[str, cst.CSTNode]]:
    """(class, attribute) rebound by a non-traced, non-set-up method; globals rebound by eager code
    (a function declaring them ``global``, or module-level code in a loop) → the first such statement."""
    attrs: dict[tuple[cst.ClassDef, str], cst.CSTNode] = {}
    globals_: dict[str, cst.CSTNode] = {}
    declared = {
        (ctx.enclosing(g, cst.FunctionDef), n.name.value) for g in nodes(ctx, cst.Global) for n in g.names
    }
    setups: dict[cst.ClassDef, set[str]] = {}

    def setup(cls: cst.ClassDef) -> set[str]:
        if cls not in setups:
            setups[cls] = _setup_methods(cls)
        return setups[cls]

    for statement in (*nodes(ctx, cst.Assign), *nodes(ctx, cst.AugAssign), *nodes(ctx, cst.AnnAssign)):
        targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
        function = ctx.enclosing(statement, cst.FunctionDef)
        if function is not None and ctx.is_traced(statement):
            continue  # a traced mutation: TFA012's business
        for target in targets:
            if not _python_number(statement, function):
                continue
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
                cls = ctx.enclosing(statement, cst.ClassDef)
                if cls is not None and function is not None and function.name.value not in setup(cls):
                    attrs.setdefault((cls, target.attr.value), statement)
            elif isinstance(target, cst.Name):
                in_loop = function is None and ctx.enclosing(statement, (cst.For, cst.While)) is not None
                if in_loop or (function, target.value) in declared:
                    globals_.setdefault(target.value, statement)
    return attrs, globals_


def _setup_methods(cls: cst.ClassDef) -> set[str]:
    """Set-up methods of ``cls``: ``__init__``, ``build``, ``_build*``..., and the methods only
    they call (``self._init_token_ids(...)`` from ``__init__``)."""
    methods = [f for f in cls.body.body if isinstance(f, cst.FunctionDef)]
    callers: dict[str, set[str]] = defaultdict(set)
    for method in methods:
        for call in calls_inside(method):
            func = call.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
                callers[func.attr.value].add(method.name.value)
    setup = {f.name.value for f in methods if _setup(f.name.value)}
    grew = True
    while grew:
        more = {f.name.value for f in methods if callers.get(f.name.value) and callers[f.name.value] <= setup}
        grew = not more <= setup
        setup |= more
    return setup


def _python_number(statement: cst.Assign | cst.AugAssign | cst.AnnAssign, function: cst.FunctionDef | None) -> bool:
    """Does the statement bind a Python number or string — the values a graph freezes silently?
    Literals, arithmetic on names and literals, `float(...)`-like conversions, and in a setter
    (`set_*`) or for a parameter with a literal default, the parameter itself. Not `True`/`False`:
    flags are mostly one-way (`self.built = True`, warn-once) and set during set-up or the first
    trace. Containers, objects and tensors are mostly structure that never changes."""
    parameters = {}
    if function is not None:
        parameters = {p.name.value: p for p in (*function.params.params, *function.params.kwonly_params)}
    setter = function is not None and function.name.value.startswith("set_")

    def number(expr: cst.BaseExpression | None, top: bool) -> bool:
        if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(expr, cst.Name):
            if expr.value in ("True", "False", "None"):
                return False
            if not top:
                return True
            param = parameters.get(expr.value)
            return param is not None and (setter or (param.default is not None and number(param.default, True)))
        if isinstance(expr, cst.UnaryOperation):
            return number(expr.expression, False)
        if isinstance(expr, cst.BinaryOperation):
            return all(number(e, False) or _self_attribute(e) for e in (expr.left, expr.right))
        if isinstance(expr, cst.Call):
            return isinstance(expr.func, cst.Name) and expr.func.value in ("float", "int", "bool", "round")
        return False

    if isinstance(statement, cst.AugAssign):
        return number(statement.value, False) or _self_attribute(statement.value)
    return number(statement.value, True)


def _self_attribute(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self"


def _variable_holders(ctx: FileContext) -> set[tuple[cst.ClassDef | None, str]]:
    """(class, attribute) and (None, global) ever bound to a variable, or ``assign``ed: reading them
    in a graph reads the current value."""
    holders: set[tuple[cst.ClassDef | None, str]] = set()

    def key(expr: cst.BaseExpression):
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self":
            return (ctx.enclosing(expr, cst.ClassDef), expr.attr.value)
        return (None, expr.value) if isinstance(expr, cst.Name) else None

    for statement in nodes(ctx, cst.Assign):
        value = statement.value
        if isinstance(value, cst.Call) and (
            ctx.resolves_to(value.func, "tensorflow.Variable", "keras.Variable")
            or (isinstance(value.func, cst.Attribute) and value.func.attr.value in _VARIABLE_CALLS)
        ):
            holders.update(k for t in statement.targets if (k := key(t.target)) is not None)
    for attribute in nodes(ctx, cst.Attribute):
        if attribute.attr.value in _ASSIGNS and (k := key(attribute.value)) is not None:
            holders.add(k)
    return holders
