"""TFA014 stale-python-state: traced code reads Python state that eager code rebinds between calls."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from functools import cached_property

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Fact, Unknown
from tfautofix.analysis.names import TF_FUNCTION, counts_traces
from tfautofix.lift import calls_of, eager_wrapper, lift, lift_dtypes, lifted_expression, python_data_use
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)

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
    fixable = "unsafe"
    contract = "exact"
    facts = (
        Fact("every-call", "every call of the function is in the file, outside traced code (no other module imports it), "
             "so each can pass the value; for a method, the eager wrapper keeps its name and signature"),
        Fact("tensor-value", "each use of the value takes a tensor of the dtype `tf.constant` gives as it took the Python value"),
    )
    triggers = ("=",)  # every change of state assigns; `check` screens files for TensorFlow first
    docs = """
A traced function reads Python values while it is traced and bakes them into the
graph as constants. If `self.temperature` or a module global `LR` is a Python
number that eager code rebinds between calls (`model.temperature = 2.0`,
`global LR; LR *= 0.5`), the graph keeps the value of the first trace: eagerly
1.0, 2.0, 3.0, compiled 1.0, 1.0, 1.0 — no error, no retrace (a `tf.function`
does not watch Python attributes; Keras builds its train function once).

The right home for the value is a design choice: keep it in a `tf.Variable`
created once and `assign` it from the eager code (the graph reads the variable
on every call), or pass it to the function as a tensor argument. The fix does the
latter (`tfautofix/lift.py`), as unsafe candidates `fix --verify` chooses by
execution (float32 and `tf.constant`'s inferred dtype, the likelier first): the value read becomes
a parameter of the `@tf.function` and every call in the file passes it
(`step(x)` → `step(x, tf.constant(scale))`; `next(it)` moves to the call,
`evaluate(m, x)` passes `tf.constant(m.bias)`); a `@tf.function` method becomes
an eager wrapper keeping its name and signature, which passes
`tf.constant(self.scale)` to a traced core (`_traced_call`). Unsafe: another
module may call the function, and only execution shows the dtype its uses need.
No fix where the function uses the value as Python data (control flow, `range`,
an index or key, a shape), where a call cannot be found (the function is passed
on), or where traced code changes the value itself (`self.count += 1`: a
`tf.Variable` it `assign`s is the rewrite).

Found, in traced code: reads of `self.x` where another method of the class that is
not traced and not set-up code (`__init__`, `build`, `_build*`, a Keras model's
`compile`, which drops the functions Keras traced, and methods only those call)
assigns `self.x`, or where eager code holding an instance (`m = Model()`) assigns
`m.x` between two calls of its `@tf.function` methods; reads of `self.x` that traced code itself
accumulates (`self.count += 1`, `self.n = self.n + 1`: eagerly once per call,
compiled once per trace); reads of a global that a non-traced function rebinds
(`global x`), that module-level code rebinds in a loop, or between two calls of
the function (TensorFlow's guide: `foo = 1; f(); foo = 100; f()`); reads of
`arg.x` of an argument whose `x` the caller rebinds between two calls (the
guide's `SimpleModel`: `evaluate(m, x); m.bias += 5.0; evaluate(m, x)`, no
retrace); and `next(it)` on what is known to be a Python iterator (`iter` of
Python data, a generator, `itertools`): the element of the first trace on every
call (a `tf.data` iterator's `next` is an op, and is left alone).
Left alone: attributes and globals that hold a `tf.Variable` (created with
`tf.Variable`/`add_weight`/`add_variable`, or `assign`ed in traced code),
attributes used as objects (`self.dense(x)`, `self.x.y`, `self.table[i]`),
set-up code, trace counters (`tracing_count`), values read only to name ops
(`name=`, `"{}".format(...)`), state that traced code also sets afresh
(`self.n = 0` before `self.n += 1`), and reads that decide only work lifted
out of the graph (`if self.counter == 0:` around `with tf.init_scope():`, the
guide's workaround: it runs once, at the first trace, as it runs once eagerly).
"""
    before = """\
import tensorflow as tf

scale = 1.0


@tf.function
def step(x):
    return x * scale


for epoch in range(3):
    scale = scale * 0.5  # compiled, `step` keeps the first value
    print(step(tf.constant(2.0)))
"""
    after = """\
import tensorflow as tf

scale = 1.0


@tf.function
def step(x, scale):
    return x * scale


for epoch in range(3):
    scale = scale * 0.5  # compiled, `step` keeps the first value
    print(step(tf.constant(2.0), tf.constant(scale, dtype=tf.float32)))
"""

    def _reports(self, screen: Screen) -> Iterator[tuple[ast.AST, ast.AST, str, str]]:
        """Each stale read: its node, its function, the message, and what it reads (``global``,
        ``self``, ``argument``, ``iterator``; ``traced`` when traced code itself changes it)."""
        model = screen.traced_code
        if not model.reasons:
            return
        changes = _Changes(screen)
        reads: list[tuple[ast.AST, ast.AST, str, ast.stmt]] = []  # (node, function, what, rebinding)
        for function in model.reasons:
            cls = screen.class_around(function)
            for node, guard in _reads(function):
                if any(s.lineno <= node.lineno <= s.end_lineno for s in changes.traced):
                    continue  # the update itself (`self.n = self.n + 1`): its reads are reported where they decide
                if guard is not None and _decides_nothing_traced(model, function, guard):
                    continue  # it only decides eager work (`with tf.init_scope():`): no graph op depends on it
                if isinstance(node, ast.Name):
                    where = changes.global_rebinding(node.id, function)
                    if where is not None and screen.scope_of(node.id, function) is None:
                        reads.append((node, function, f"the global `{node.id}`", where))
                elif node.value.id == "self":
                    where = changes.attrs.get((cls, node.attr))
                    if where is not None:
                        reads.append((node, function, f"`self.{node.attr}`", where))
                else:
                    where = changes.argument_attribute(function, node.value.id, node.attr)
                    if where is not None:
                        reads.append((node, function, f"`{node.value.id}.{node.attr}`", where))
        variables = _variable_holders(screen) if reads else set()
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
                if where in changes.traced:
                    who, later, keep = "traced code itself changes on every eager call", "later changes are", "that is `assign`ed"
                    kind = "traced"
                else:
                    who, later, keep = "eager code rebinds", "later rebinding is", "that the eager code `assign`s"
                    kind = "global" if isinstance(node, ast.Name) else "self" if node.value.id == "self" else "argument"
                yield (node, function,
                       f"traced code ({model.why(function)[0].text}) reads {what}, which {who} (line "
                       f"{where.lineno}): the value of the first trace is frozen into the graph, {later} ignored; "
                       f"keep it in a `tf.Variable` {keep}, or pass it as a tensor argument", kind)
        yield from self._python_iterators(screen, changes)

    def _python_iterators(self, screen: Screen, changes: _Changes) -> Iterator[tuple[ast.AST, ast.AST, str, str]]:
        """``next(it)`` in traced code on what is known to be a Python iterator."""
        for site in screen.traced_sites(ast.Call):
            call = site.node
            if not (isinstance(call.func, ast.Name) and call.func.id == "next" and call.args and isinstance(call.args[0], ast.Name)):
                continue
            if not screen.builtin("next", site.function):
                continue
            name = call.args[0].id
            scope = screen.scope_of(name, site.function)
            if scope is None:
                known = changes.python_iterator_name(name)
            elif scope is site.function:
                known = changes.python_iterator_argument(site.function, name)
            else:
                known = False
            if known:
                yield (call, site.function,
                       f"`next({name})` on a Python iterator runs only while the function is traced "
                       f"({screen.traced_code.why(site.function)[0].text}): the element of the first trace is frozen into "
                       "the graph and later calls neither advance the iterator nor see its next element; iterate a "
                       "`tf.data.Dataset` (its iterator's `next` is an op), or pass each element as an argument", "iterator")

    def prescreen(self, screen: Screen) -> bool:
        return next(self._reports(screen), None) is not None

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        reports = list(self._reports(ctx.screen))
        starts = {}  # (start, end) of the model's nodes → LibCST's
        for node in m.findall(ctx.module, m.Name() | m.Attribute() | m.Call() | m.FunctionDef()):
            starts.setdefault((type(node).__name__, ctx.span(node)[0][0], ctx.span(node)[0][1]), node)
        def at(node: ast.AST | None) -> cst.CSTNode | None:
            if node is None:
                return None
            kind = {"AsyncFunctionDef": "FunctionDef"}.get(type(node).__name__, type(node).__name__)
            return starts.get((kind, *ctx.screen.span(node)[0]))
        by_function: dict[ast.AST, list] = defaultdict(list)
        for node, function, _, kind in reports:
            by_function[_def_around(ctx.screen, function)].append((at(node), kind))
        lifts = {function: self._lift(ctx, at(function), reads) for function, reads in by_function.items()}
        for node, function, message, _ in reports:
            candidates, why = lifts[_def_around(ctx.screen, function)]
            if not candidates:
                yield self.finding(ctx, at(node), message + (f" (not fixed: {why})" if why else ""))
                continue
            first, *others = candidates
            tried = f"; other candidates for `fix --verify`: {', '.join(c.label for c in others)}" if others else ""
            yield self.finding(ctx, at(node), f"{message} ({why}{tried}){self.unsafe_note(first)}", first, alternatives=others)

    def _lift(self, ctx: FileContext, func: cst.FunctionDef | None, reads: list[tuple[cst.CSTNode | None, str]]) -> tuple[list[Fix], str]:
        """The candidates passing the function's stale reads as tensor arguments (``tfautofix.lift``),
        one per dtype, and what they do (or why there are none)."""
        if func is None or any(node is None for node, _ in reads):
            return [], ""
        if any(kind == "traced" for _, kind in reads):
            return [], ""  # traced code changes it itself: a `tf.Variable` it assigns is the rewrite
        decorators = [d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator for d in func.decorators]
        if len(decorators) != 1 or not ctx.resolves_to(decorators[0], TF_FUNCTION):
            return [], ""
        targets: list[cst.BaseExpression] = []
        for node, kind in reads:
            if kind == "iterator":
                same = [node]
            elif isinstance(node, cst.Name):
                same = [n for n in m.findall(func.body, m.Name(node.value)) if _value_read(ctx, n)]
            else:
                same = [a for a in m.findall(func.body, m.Attribute()) if a.deep_equals(node) and _value_read(ctx, a)]
            for read in same:
                lifted = lifted_expression(ctx, read)
                if not any(lifted is t for t in targets):
                    targets.append(lifted)
        targets.sort(key=lambda t: ctx.span(t)[0])
        for target in targets:
            why = python_data_use(ctx, func, target)
            if why:
                return [], f"`{func.name.value}` uses `{ctx.code(target).strip()}` {why}, where a tensor would not do"
        method = isinstance(ctx.parent(ctx.parent(func)), cst.ClassDef)
        calls = [] if method else calls_of(ctx, [func])
        if isinstance(calls, str):
            return [], calls
        evidence = {"every-call": Unknown("another module may call it" if not method else "a subclass may call the traced core"),
                    "tensor-value": Unknown("no trace log saw which dtype its uses need: execution chooses")}
        fixes = []
        for dtype in lift_dtypes(ctx, targets):
            lifted = lift(ctx, func, targets, calls, dtype, method, wrapped=method)
            if isinstance(lifted, str):
                return [], lifted
            edits = {func: eager_wrapper(ctx, func, lifted, dtype) if method else lifted.definition, **lifted.calls}
            tf = ctx.tensorflow_alias[0]
            fixes.append(self.closed_fix(edits, evidence, lifted.imports, label=f"dtype={tf}.{dtype}" if dtype else "the dtype tf.constant infers"))
        passed = ", ".join(f"`{ctx.code(t).strip()}`" for t in targets)
        how = "an eager wrapper passes" if method else "every call passes"
        return fixes, f"{how} {passed} as {'a tensor argument' if len(targets) == 1 else 'tensor arguments'}"


class _Changes:
    """Where Python state read by traced code changes between calls (eagerly), each → the first such statement.

    ``attrs``: ``(class, attribute)`` rebound by a non-traced, non-set-up method, by eager code
    holding an instance between calls of its ``tf.function`` methods (``m(x); m.bias = 5.0; m(x)``), or accumulated
    by traced code itself (``self.count += 1``: once per call eagerly, once per trace compiled).
    ``globals``: rebound by a function declaring them ``global`` (eager code, or the ``tf.init_scope``
    of traced code), by module-level code in a loop, or by module-level code between two calls of
    a traced function reading them (``global_rebinding``). ``arguments``: ``(function, parameter,
    attribute)`` of a traced function's argument that the caller rebinds between two calls.
    ``traced``: the statements of traced code among them."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        model = screen.traced_code
        self.attrs: dict[tuple[ast.ClassDef, str], ast.stmt] = {}
        self.globals: dict[str, ast.stmt] = {}
        self.traced: set[ast.stmt] = set()
        self._between: dict[str, list[ast.stmt]] = defaultdict(list)  # module-level straight-line rebinding
        self._objects: list[tuple[ast.stmt, ast.AST | None, str, str, bool]] = []  # `obj.attr = ...` in eager code
        self._arguments: dict[tuple[ast.AST, str, str], ast.stmt] | None = None
        declared = {(site.function, name) for site in screen.sites(ast.Global) for name in site.node.names}
        traced_classes = {screen.class_around(f) for f in model.reasons} - {None}
        setups: dict[ast.ClassDef, set[str]] = {}
        resets: set[tuple[ast.ClassDef, str]] = set()  # attributes traced code sets afresh: per-call state
        numbers: set[tuple[ast.ClassDef, str]] | None = None
        for kind in (ast.Assign, ast.AugAssign, ast.AnnAssign):
            for site in sorted(screen.sites(kind), key=lambda site: (site.node.lineno, site.node.col_offset)):
                statement, function = site.node, site.function
                traced = function in model.reasons  # it runs at trace time (its `init_scope` too), not between calls
                for target in statement.targets if kind is ast.Assign else [statement.target]:
                    if _self_attribute(target) and function is not None:
                        cls = screen.class_around(function)
                        if cls not in traced_classes or not _python_number(statement, function):
                            continue
                        if not _python_number(statement, function, setters=False):  # a setter's argument is a number
                            numbers = _number_attributes(screen) if numbers is None else numbers  # only if the
                            if (cls, target.attr) not in numbers:  # attribute holds one elsewhere (not `set_model`)
                                continue
                        if traced:
                            if not _accumulates(statement, target):
                                resets.add((cls, target.attr))
                            elif not counts_traces(target.attr):
                                self.traced.add(statement)
                                self.attrs.setdefault((cls, target.attr), statement)
                            continue
                        if cls not in setups:
                            setups[cls] = _setup_methods(screen, cls)
                        if function.name not in setups[cls]:
                            self.attrs.setdefault((cls, target.attr), statement)
                    elif isinstance(target, ast.Name) and _python_number(statement, function):
                        if traced:  # assigned while tracing: TFA012 reports it, unless lifted out by `tf.init_scope`
                            if (function, target.id) in declared and model.eager_line(function, statement.lineno) and _accumulates(statement, target):
                                self.traced.add(statement)
                                self.globals.setdefault(target.id, statement)
                        elif (function, target.id) in declared or (function is None and site.in_loop):
                            self.globals.setdefault(target.id, statement)
                        elif function is None:
                            self._between[target.id].append(statement)
                    elif (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id != "self"
                          and not traced and _python_number(statement, function)):
                        self._objects.append((statement, function, target.value.id, target.attr, site.in_loop))
        for key in resets:
            if self.attrs.get(key) in self.traced:
                del self.attrs[key]
        for statement, function, name, attr, in_loop in self._objects:  # `m.bias += 5.0` on an instance of a class here
            cls = self._instance_class(name, function)
            methods = _compiled_methods(screen, cls) if cls in traced_classes else set()
            if methods and (cls, attr) not in self.attrs and self._between_calls(statement, function, in_loop, _method_call(name, methods)):
                self.attrs[(cls, attr)] = statement

    # -- between two calls ----------------------------------------------------
    def _between_calls(self, statement: ast.stmt, function: ast.AST | None, in_loop: bool, uses) -> bool:
        """Does ``statement`` run between two calls that ``uses`` recognises, in ``function``: one
        before and one after, or one in a loop around it?"""
        calls = [site.node for site in self.screen.sites(ast.Call) if site.function is function and uses(site.node)]
        if in_loop:
            for loop in self.screen.sites(ast.For, ast.While):
                node = loop.node
                if loop.function is function and node.lineno <= statement.lineno <= node.end_lineno and any(
                    node.lineno <= call.lineno <= node.end_lineno for call in calls
                ):
                    return True
        return any(call.lineno < statement.lineno for call in calls) and any(call.lineno > statement.end_lineno for call in calls)

    def global_rebinding(self, name: str, function: ast.AST) -> ast.stmt | None:
        """The statement rebinding the global ``name`` that its reader ``function`` sees stale:
        straight-line module code counts only between two calls of ``function``."""
        if name in self.globals:
            return self.globals[name]
        if name not in self._between or not isinstance(function, _DEFS):
            return None
        callers = self._callers(function)
        return next((s for s in self._between.get(name, ()) if self._between_calls(s, None, False, _named_call(callers))), None)

    # -- objects ---------------------------------------------------------------
    @cached_property
    def _classes(self) -> dict[str, ast.ClassDef]:
        return {site.node.name: site.node for site in self.screen.sites(ast.ClassDef) if site.function is None}

    def _instance_class(self, name: str, function: ast.AST | None) -> ast.ClassDef | None:
        """The class of this module that ``name`` (in ``function``) is bound to an instance of, if one."""
        classes = self._classes
        found = None
        for site in self.screen.sites(ast.Assign):
            if site.function is function and any(isinstance(t, ast.Name) and t.id == name for t in site.node.targets):
                value = site.node.value
                cls = classes.get(value.func.id) if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) else None
                if cls is None or found not in (None, cls):
                    return None
                found = cls
        return found

    def argument_attribute(self, function: ast.AST, parameter: str, attr: str) -> ast.stmt | None:
        """The eager statement rebinding ``attr`` of what the caller passes ``function`` as
        ``parameter``, between two calls (``evaluate(m, x); m.bias += 5.0; evaluate(m, x)``)."""
        if self._arguments is None:
            self._arguments = {}
            for statement, caller, name, attribute, in_loop in self._objects:
                for site in self.screen.sites(ast.Call):
                    call = site.node
                    if site.function is not caller or not isinstance(call.func, ast.Name):
                        continue
                    target = self._traced_def(call.func.id)
                    if target is None:
                        continue
                    for parameter_name in _parameters_given(target, call, name):
                        if self._between_calls(statement, caller, in_loop, _named_call({call.func.id})):
                            self._arguments.setdefault((target, parameter_name, attribute), statement)
        return self._arguments.get((function, parameter, attr))

    @cached_property
    def _module_defs(self) -> dict[str, list[ast.AST]]:
        defs: dict[str, list[ast.AST]] = defaultdict(list)
        for site in self.screen.sites(*_DEFS):
            if site.function is None:
                defs[site.node.name].append(site.node)
        return defs

    @cached_property
    def _wrapped(self) -> dict[str, str]:
        """Module-level ``name = tf.function(f)`` → ``"f"``."""
        wrapped = {}
        for site in self.screen.sites(ast.Assign):
            value = site.node.value
            if (site.function is None and isinstance(value, ast.Call) and value.args and isinstance(value.args[0], ast.Name)
                    and TF_FUNCTION in self.screen.names(value.func)):
                wrapped.update((t.id, value.args[0].id) for t in site.node.targets if isinstance(t, ast.Name))
        return wrapped

    def _traced_def(self, name: str) -> ast.AST | None:
        """The traced module-level ``def`` that calling ``name`` runs: the ``def`` so named, or the
        one wrapped by ``name = tf.function(f)``; if exactly one."""
        defs = self._module_defs.get(name) or self._module_defs.get(self._wrapped.get(name, ""), [])
        return defs[0] if len(defs) == 1 and defs[0] in self.screen.traced_code.reasons else None

    def _callers(self, function: ast.AST) -> set[str]:
        """The module-level names whose call runs ``function`` (its own, ``step = tf.function(function)``)."""
        return {function.name} | {name for name, wrapped in self._wrapped.items() if wrapped == function.name}

    # -- Python iterators ------------------------------------------------------
    def python_iterator_name(self, name: str, function: ast.AST | None = None) -> bool:
        """Is ``name``, in ``function`` (None: a global), bound only (and at least once) to a Python iterator?"""
        values = [site.node.value for site in self.screen.sites(ast.Assign) if site.function is function
                  and any(isinstance(t, ast.Name) and t.id == name for t in site.node.targets)]
        return bool(values) and all(self._python_iterator(value) for value in values)

    def python_iterator_argument(self, function: ast.AST, parameter: str) -> bool:
        """Does some call of the traced ``function`` pass ``parameter`` a Python iterator?"""
        callers = self._callers(function)
        for site in self.screen.sites(ast.Call):
            call = site.node
            if isinstance(call.func, ast.Name) and call.func.id in callers:
                for value in _arguments_for(function, call, parameter):
                    if self._python_iterator(value) or (isinstance(value, ast.Name) and self.python_iterator_name(
                        value.id, self.screen.scope_of(value.id, site.function)
                    )):
                        return True
        return False

    def _python_iterator(self, value: ast.expr) -> bool:
        """``iter``/``enumerate``/``zip``... of Python data (displays, ``range``, module lists),
        ``itertools`` iterators, generator expressions, calls of this module's generator functions."""
        if isinstance(value, ast.GeneratorExp):
            return True
        if not isinstance(value, ast.Call):
            return False
        func = value.func
        if any(name.startswith("itertools.") for name in self.screen.names(func)):
            return True
        if not isinstance(func, ast.Name):
            return False
        if func.id in _ITERATOR_BUILTINS and self.screen.builtin(func.id, None):
            return bool(value.args) and all(self._python_data(arg) for arg in value.args)
        generators = [site.node for site in self.screen.sites(*_DEFS) if site.function is None and site.node.name == func.id]
        return len(generators) == 1 and _generator(generators[0])

    def _python_data(self, value: ast.expr) -> bool:
        if isinstance(value, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp, ast.Constant)):
            return True
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("range", "list", "tuple", "sorted") and self.screen.builtin(value.func.id, None):
            return value.func.id == "range" or all(self._python_data(arg) for arg in value.args)
        if isinstance(value, ast.Name):
            values = [site.node.value for site in self.screen.sites(ast.Assign) if site.function is None
                      and any(isinstance(t, ast.Name) and t.id == value.id for t in site.node.targets)]
            return bool(values) and all(isinstance(v, (ast.List, ast.Tuple, ast.ListComp, ast.Constant)) for v in values)
        return False


def _named_call(names: set[str]):
    return lambda call: isinstance(call.func, ast.Name) and call.func.id in names


def _method_call(name: str, methods: set[str]):
    """``name.m(...)`` for ``m`` in ``methods`` (``name(...)`` for ``__call__``)."""
    def uses(call: ast.Call) -> bool:
        func = call.func
        if isinstance(func, ast.Name):
            return func.id == name and "__call__" in methods
        return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == name and func.attr in methods
    return uses


def _compiled_methods(screen: Screen, cls: ast.ClassDef) -> set[str]:
    """Methods of ``cls`` decorated with ``tf.function``: compiled once per instance, called again
    and again. (Keras' ``fit``/``predict`` each trace afresh at their first call, ``compile``
    drops what they traced, and ``model(x)`` runs eagerly: not evidence of a stale read.)"""
    return {
        f.name for f in cls.body if isinstance(f, _DEFS)
        and any(TF_FUNCTION in screen.names(d.func if isinstance(d, ast.Call) else d) for d in f.decorator_list)
    }


_ITERATOR_BUILTINS = frozenset({"iter", "enumerate", "zip", "reversed", "map", "filter"})


def _generator(function: ast.AST) -> bool:
    """Does ``function``'s own body (not nested functions') yield?"""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack += ast.iter_child_nodes(node)
    return False


def _arguments_for(function: ast.AST, call: ast.Call, parameter: str) -> list[ast.expr]:
    """What ``call`` passes ``function``'s ``parameter`` (no ``*args``/``**kwargs`` guessing)."""
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    found = [k.value for k in call.keywords if k.arg == parameter]
    if parameter in positional:
        index = positional.index(parameter)
        if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
            found.append(call.args[index])
    return found


def _parameters_given(function: ast.AST, call: ast.Call, name: str) -> list[str]:
    """The parameters of ``function`` that ``call`` passes the name ``name``."""
    positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
    every = positional + [a.arg for a in function.args.kwonlyargs]
    return [p for p in every if any(isinstance(v, ast.Name) and v.id == name for v in _arguments_for(function, call, p))]


def _accumulates(statement: ast.stmt, target: ast.expr) -> bool:
    """Does the statement update ``target`` from its previous value (``x += 1``, ``x = x * 2``)?"""
    if isinstance(statement, ast.AugAssign):
        return True
    text = ast.dump(target, annotate_fields=False).replace("Store()", "Load()")
    return statement.value is not None and any(
        ast.dump(node, annotate_fields=False) == text for node in ast.walk(statement.value) if type(node) is type(target)
    )


def _decides_nothing_traced(model, function: ast.AST, guard: ast.If) -> bool:
    """Does every statement the test of ``guard`` decides run eagerly (``with tf.init_scope():``)?
    Then no op of the graph depends on the value read: it decides trace-time work only."""
    statements = [*guard.body, *guard.orelse]
    return all(
        model.eager_line(function, s.lineno) and model.eager_line(function, s.end_lineno)
        or (isinstance(s, (ast.With, ast.AsyncWith)) and model.eager_line(function, s.body[0].lineno)
            and model.eager_line(function, s.body[-1].end_lineno))
        for s in statements
    )


def _reads(function: ast.AST) -> Iterator[tuple[ast.Attribute | ast.Name, ast.If | None]]:
    """Names and ``name.x`` that ``function``'s own code (not nested functions') reads as a value:
    not called, not an object whose members or items are used, not assigned, not only put in a
    string (an op's name); each with the ``if`` whose test holds it."""
    body = function.body if isinstance(function.body, list) else [function.body]  # not defaults: evaluated once, at the def
    stack: list[tuple[ast.AST, ast.AST, ast.If | None]] = [(child, function, None) for child in body]
    while stack:
        node, parent, guard = stack.pop()
        kind = type(node)
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.JoinedStr) or _builds_string(node):
            continue
        if kind is ast.Name or (kind is ast.Attribute and type(node.value) is ast.Name):
            if type(node.ctx) is ast.Load and not (
                (isinstance(parent, ast.Attribute) and parent.value is node)
                or (isinstance(parent, ast.Call) and parent.func is node)
                or (isinstance(parent, ast.Subscript) and parent.value is node)
            ):
                yield node, guard
            if kind is ast.Name:
                continue
        if isinstance(node, ast.stmt):
            guard = None
        stack += [(child, node, node if kind is ast.If and child is node.test else guard) for child in ast.iter_child_nodes(node)]


def _builds_string(node: ast.AST) -> bool:
    """``"...".format(...)``, ``"..." % ...``, ``str(...)``, ``name=...``: what it reads names ops, not data."""
    if isinstance(node, ast.keyword):
        return node.arg == "name"
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
    if isinstance(node, ast.Call):
        func = node.func
        return (isinstance(func, ast.Name) and func.id == "str") or (
            isinstance(func, ast.Attribute) and func.attr == "format" and isinstance(func.value, ast.Constant)
        )
    return False


def _def_around(screen: Screen, function: ast.AST | None) -> ast.AST | None:
    """The innermost ``def`` holding ``function`` (itself unless a lambda)."""
    while isinstance(function, ast.Lambda):
        function = screen.outer.get(function)
    return function


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


def _value_read(ctx: FileContext, node: cst.CSTNode) -> bool:
    """Is ``node`` read as a value (not assigned, called, or the object of an attribute or item)?"""
    parent = ctx.parent(node)
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)) and getattr(parent, "target", None) is node:
        return False
    if isinstance(parent, cst.Attribute) and (parent.value is node or parent.attr is node):
        return False
    if isinstance(parent, cst.Call) and parent.func is node or isinstance(parent, cst.Subscript) and parent.value is node:
        return False
    return not (isinstance(parent, cst.Arg) and parent.keyword is node)
