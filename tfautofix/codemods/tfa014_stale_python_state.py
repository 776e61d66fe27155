"""TFA014 stale-python-state: traced code reads Python state that eager code rebinds between calls."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator

from tfautofix.rule import Finding, Rule
from tfautofix.screen import Screen

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
(`__init__`, `build`, `_build*`, a Keras model's `compile`, which drops the
functions Keras traced, and methods only those call) assigns `self.x`; in a module, traced code
reading a global that a non-traced function rebinds (`global x`) or that
module-level code rebinds in a loop. Left alone: attributes and globals that
hold a `tf.Variable` (created with `tf.Variable`/`add_weight`/`add_variable`,
or `assign`ed in traced code), attributes a setter (`set_x`, `@x.setter`) stores an
argument into but that never hold a number otherwise (`set_model(self, m)`), attributes used as objects (`self.dense(x)`,
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

    def detect(self, screen: Screen) -> Iterator[Finding]:
        attrs, global_names = _rebinding(screen)
        if not attrs and not global_names:
            return
        model = screen.traced_code
        reads: list[tuple[ast.AST, ast.AST, str, ast.stmt]] = []  # (node, function, what, rebinding)
        for function in model.reasons:
            cls = screen.class_around(function)
            for node in _reads(function):
                if isinstance(node, ast.Attribute):
                    where = attrs.get((cls, node.attr))
                    if where is not None:
                        reads.append((node, function, f"`self.{node.attr}`", where))
                else:
                    where = global_names.get(node.id)
                    if where is not None and screen.scope_of(node.id, function) is None:
                        reads.append((node, function, f"the global `{node.id}`", where))
        if not reads:
            return
        variables = _variable_holders(screen)
        reported: set[tuple[ast.AST | None, str]] = set()
        # Attributes first, then globals, each in source order: one finding per function and name.
        reads.sort(key=lambda read: (isinstance(read[0], ast.Name), read[0].lineno, read[0].col_offset))
        for node, function, what, where in reads:
            name = node.id if isinstance(node, ast.Name) else node.attr
            holder = (None, name) if isinstance(node, ast.Name) else (screen.class_around(function), name)
            if holder in variables or not model.is_traced(function, node.lineno):
                continue
            key = (_def_around(screen, function), name)
            if key not in reported:
                reported.add(key)
                yield self.finding(
                    screen,
                    node,
                    f"traced code ({model.why(function)[0].text}) reads {what}, which eager code rebinds (line "
                    f"{where.lineno}): the value of the first trace is frozen into the graph, later rebinding is "
                    "ignored; keep it in a `tf.Variable` that the eager code `assign`s, or pass it as a tensor argument",
                )


def _reads(function: ast.AST) -> Iterator[ast.Attribute | ast.Name]:
    """``self.x`` and names that ``function``'s own code (not nested functions') reads as a value:
    not called, not an object whose members or items are used, not assigned."""
    body = function.body if isinstance(function.body, list) else [function.body]  # not defaults: evaluated once, at the def
    stack: list[tuple[ast.AST, ast.AST]] = [(child, function) for child in body]
    while stack:
        node, parent = stack.pop()
        kind = type(node)
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda):
            continue
        if kind is ast.Name or (kind is ast.Attribute and type(node.value) is ast.Name and node.value.id == "self"):
            if type(node.ctx) is ast.Load and not (
                (isinstance(parent, ast.Attribute) and parent.value is node)
                or (isinstance(parent, ast.Call) and parent.func is node)
                or (isinstance(parent, ast.Subscript) and parent.value is node)
            ):
                yield node
            if kind is ast.Name:
                continue
        stack += [(child, node) for child in ast.iter_child_nodes(node)]


def _def_around(screen: Screen, function: ast.AST | None) -> ast.AST | None:
    """The innermost ``def`` holding ``function`` (itself unless a lambda)."""
    while isinstance(function, ast.Lambda):
        function = screen.outer.get(function)
    return function


def _rebinding(screen: Screen) -> tuple[dict[tuple[ast.ClassDef, str], ast.stmt], dict[str, ast.stmt]]:
    """(class, attribute) rebound by a non-traced, non-set-up method of a class with traced code;
    globals rebound by eager code (a function declaring them ``global``, or module-level code in
    a loop) → the first such statement."""
    attrs: dict[tuple[ast.ClassDef, str], ast.stmt] = {}
    globals_: dict[str, ast.stmt] = {}
    declared = {(site.function, name) for site in screen.sites(ast.Global) for name in site.node.names}
    traced_classes: set[ast.ClassDef | None] | None = None
    numbers: set[tuple[ast.ClassDef, str]] | None = None
    setups: dict[ast.ClassDef, set[str]] = {}
    for kind in (ast.Assign, ast.AugAssign, ast.AnnAssign):
        for site in sorted(screen.sites(kind), key=lambda site: (site.node.lineno, site.node.col_offset)):
            statement, function = site.node, site.function
            rebound: list[tuple[ast.ClassDef, str] | str] = []
            for target in statement.targets if kind is ast.Assign else [statement.target]:
                if _self_attribute(target) and function is not None:
                    if traced_classes is None:  # only their attributes are read by traced code
                        traced_classes = {screen.class_around(f) for f in screen.traced_code.reasons}
                    cls = screen.class_around(function)
                    if cls in traced_classes and cls is not None:
                        rebound.append((cls, target.attr))
                elif isinstance(target, ast.Name) and ((function is None and site.in_loop) or (function, target.id) in declared):
                    rebound.append(target.id)
            if not rebound or not _python_number(statement, function):
                continue
            if _python_number(statement, function, setters=False) is False:  # a setter's argument: a number only if
                numbers = _number_attributes(screen) if numbers is None else numbers  # the attribute holds one elsewhere
                rebound = [key for key in rebound if key in numbers or isinstance(key, str)]
            if function is not None and screen.traced_code.is_traced(function, statement.lineno):
                continue  # a traced mutation: TFA012's business
            for key in [key for key in rebound if not isinstance(key, str)]:  # set-up methods last: they cost a walk
                cls = key[0]
                if cls not in setups:
                    setups[cls] = _setup_methods(screen, cls)
                if function.name in setups[cls]:
                    rebound.remove(key)
            if not rebound:
                continue
            for key in rebound:
                if isinstance(key, str):
                    globals_.setdefault(key, statement)
                else:
                    attrs.setdefault(key, statement)
    return attrs, globals_


def _setup_methods(screen: Screen, cls: ast.ClassDef) -> set[str]:
    """Set-up methods of ``cls``: ``__init__``, ``build``, ``_build*``..., a Keras model's
    ``compile`` (it drops the train/test/predict functions: the next trace reads what it set),
    and the methods only they call (``self._init_token_ids(...)`` from ``__init__``)."""
    methods = [f for f in cls.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
    callers: dict[str, set[str]] = defaultdict(set)
    for site in screen.sites(ast.Call):  # `self.m(...)` anywhere in a method's body (its nested code too)
        if cls.lineno <= site.node.lineno <= cls.end_lineno and _self_attribute(site.node.func):
            method = next((f for f in screen.functions_around(site) if f in methods), None)
            if method is not None:
                callers[site.node.func.attr].add(method.name)
    keras = cls in screen.keras_classes
    setup = {f.name for f in methods if _setup(f.name) or (keras and f.name == "compile")}
    grew = True
    while grew:
        more = {f.name for f in methods if callers.get(f.name) and callers[f.name] <= setup}
        grew = not more <= setup
        setup |= more
    return setup


def _python_number(statement: ast.Assign | ast.AugAssign | ast.AnnAssign, function: ast.AST | None, setters: bool = True) -> bool:
    """Does the statement bind a Python number or string — the values a graph freezes silently?
    Literals, arithmetic on names and literals, `float(...)`-like conversions, and in a setter
    (`set_*`, `@x.setter`; unless not ``setters``: the caller then checks that the attribute holds a
    number elsewhere, a model stored by `set_model` is no number) or for a parameter with a literal
    default, the parameter itself. Not `True`/`False`:
    flags are mostly one-way (`self.built = True`, warn-once) and set during set-up or the first
    trace. Containers, objects and tensors are mostly structure that never changes."""
    parameters: dict[str, ast.expr | None] = {}
    if function is not None:
        args = function.args
        positional = [*args.posonlyargs, *args.args]
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        parameters = {a.arg: d for a, d in zip(positional, defaults) if a not in args.posonlyargs}
        parameters.update((a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults))
    setter = setters and function is not None and _setter(function)
    if isinstance(statement, ast.AugAssign):
        return _number(statement.value, False, parameters, setter) or _self_attribute(statement.value)
    return _number(statement.value, True, parameters, setter)


def _setter(function: ast.AST) -> bool:
    """``def set_x(self, value)`` or a property's ``@x.setter``."""
    return isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and (function.name.startswith("set_") or any(
        isinstance(d, ast.Attribute) and d.attr == "setter" for d in function.decorator_list))


def _number_attributes(screen: Screen) -> set[tuple[ast.ClassDef, str]]:
    """(class, attribute) that some method binds to a Python number without the setter rule (``self.t = 1.0``)."""
    found = set()
    for kind in (ast.Assign, ast.AugAssign, ast.AnnAssign):
        for site in screen.sites(kind):
            statement, function = site.node, site.function
            targets = statement.targets if kind is ast.Assign else [statement.target]
            if function is not None and any(_self_attribute(t) for t in targets) and _python_number(statement, function, setters=False):
                cls = screen.class_around(function)
                found.update((cls, t.attr) for t in targets if _self_attribute(t))
    return found


def _number(expr: ast.expr | None, top: bool, parameters: dict[str, ast.expr | None], setter: bool) -> bool:
    if isinstance(expr, ast.Constant):
        return type(expr.value) in (int, float, str, bytes)
    if isinstance(expr, ast.Name):
        if not top:
            return True
        if expr.id not in parameters:
            return False
        default = parameters[expr.id]
        return setter or (default is not None and _number(default, True, parameters, setter))
    if isinstance(expr, ast.UnaryOp):
        return _number(expr.operand, False, parameters, setter)
    if isinstance(expr, ast.BinOp):
        return all(_number(e, False, parameters, setter) or _self_attribute(e) for e in (expr.left, expr.right))
    if isinstance(expr, ast.Call):
        return isinstance(expr.func, ast.Name) and expr.func.id in ("float", "int", "bool", "round")
    return False


def _self_attribute(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self"


def _variable_holders(screen: Screen) -> set[tuple[ast.ClassDef | None, str]]:
    """(class, attribute) and (None, global) ever bound to a variable, or ``assign``ed: reading them
    in a graph reads the current value."""
    holders: set[tuple[ast.ClassDef | None, str]] = set()

    def key(expr: ast.expr, function: ast.AST | None):
        if _self_attribute(expr):
            return (screen.class_around(function), expr.attr)
        return (None, expr.id) if isinstance(expr, ast.Name) else None

    for site in screen.sites(ast.Assign):
        value = site.node.value
        if isinstance(value, ast.Call) and (
            screen.names(value.func) & {"tensorflow.Variable", "keras.Variable"}
            or (isinstance(value.func, ast.Attribute) and value.func.attr in _VARIABLE_CALLS)
        ):
            holders.update(k for t in site.node.targets if (k := key(t, site.function)) is not None)
    stack: list[tuple[ast.AST, ast.AST | None]] = [(screen.tree, None)]
    while stack:  # `x.assign` anywhere, called or not
        node, function = stack.pop()
        if isinstance(node, ast.Attribute) and node.attr in _ASSIGNS and (k := key(node.value, function)) is not None:
            holders.add(k)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            function = node
        stack += [(child, function) for child in ast.iter_child_nodes(node)]
    return holders
