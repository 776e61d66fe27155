"""The traced-code model: which code of a module runs at trace time, and why.

Built once per file from the builtin ``ast`` (over the :class:`~tfautofix.screen.Screen`'s
walk) and consumed alike by the screen's prescreens and by the LibCST rules
(``FileContext.is_traced`` maps LibCST nodes onto it by position).

Seeds (PRODUCT.md, "traced code"): functions decorated with or wrapped by
``tf.function`` or by a *wrapper* of it (a function that returns ``tf.function`` of
its argument, like TF-Agents' ``common.function``, with its ``autograph=``
default); functions passed to ``tf.map_fn``-like ops and to ``Dataset.map``-like
methods; Keras ``call``/``train_step``/... methods; callables given to
``compile(loss=, metrics=)``; and what the project index (``analysis/project.py``)
says other files of the run trace here. Then, transitively, nested definitions
and the functions and ``self.`` methods those call.

Not traced, though reached from traced code (names.py lists them): callbacks of
``tf.py_function``/``tf.numpy_function`` (and what only they reach), the bodies of
``with tf.init_scope():``/``context.eager_mode()`` and of
``if tf.executing_eagerly():`` (and what follows ``if not tf.executing_eagerly(): return``),
of Keras' ``if in_grain_data_pipeline():`` (a Grain worker, plain Python), the branch for an
omitted optional argument (``if decoder is None:``) when every traced call passes it, the body
of ``if JAX_MODE:`` for a module constant ``JAX_MODE = False``, Keras classes built with ``dynamic=True``, the
``update_state`` of Keras layers (preprocessing layers: ``adapt()`` runs it
eagerly), and the files of Keras 3's other backends (``keras/src/backend/jax``...),
which never run under TensorFlow. Backend-agnostic Keras code (``keras.ops``) *is*
traced when it runs on the TensorFlow backend, so its ``call`` stays a seed.

``tf.autograph.to_graph(f)`` traces nothing (called eagerly, the converted ``f`` runs eagerly);
what it returns, called from traced code, traces ``f`` there converted, even under ``autograph=False``.

Each reason carries the AutoGraph features it applies (``experimental_autograph_options``:
``LISTS``, ``BUILTIN_FUNCTIONS``...; unknown for a variable), and why AutoGraph does *not* convert the code it reaches, if it
does not (measured on TF 2.21, Keras 3.15 and tf-keras 2.21): ``tf.function(autograph=False)``
and wrappers defaulting to it, ``do_not_convert``, functions Keras calls itself
(activations, ``Lambda``; in Keras 3 also every ``call``/``train_step``/metric/loss).
Helpers inherit it from their callers (and functions they hand to ``tf.map_fn``-like
ops), unless they are a converting ``tf.function`` themselves.

Argument kinds (:attr:`TracedCode.tensor_parameters`): every parameter of an entry
point may hold a tensor; a helper's only when some traced call passes one, here or (through
the project index's :class:`~tfautofix.analysis.project.Passed`) in another module.
Precision first: a value is a tensor only when it may visibly come from one (an op, a
parameter that may be one, and what is built from those); the result of a call of
another module given no tensor is taken for a Python value.
"""

from __future__ import annotations

import ast
import weakref
import re
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Iterator, NamedTuple

from tfautofix.analysis.names import (
    last_name,
    AUTOGRAPH_FEATURE,
    AUTOGRAPH_FEATURES,
    COMPILE_KEYWORDS,
    DATASET_METHODS,
    DO_NOT_CONVERT,
    KERAS2_PREFIXES,
    KERAS_FUNCTION_LAYERS,
    EAGER_CALLBACKS,
    EAGER_CONTEXTS,
    EAGER_GUARDS,
    KERAS_TRACED_METHODS,
    NEST_MAPS,
    NEST_MODULES,
    PYTHON_PARAMETERS,
    STATIC_METHODS,
    TENSOR_METADATA,
    TF_FUNCTION,
    TO_GRAPH,
    TRACING_HIGHER_ORDER,
    builds_tensor,
    static_fact,
)
from tfautofix.analysis.project import Passed
from tfautofix.tracing.log import ran_at_trace_time

if TYPE_CHECKING:
    from tfautofix.screen import Screen

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: Files of Keras 3 backends other than TensorFlow: never run under TensorFlow.
_HIGHER_ORDER = frozenset(TRACING_HIGHER_ORDER)
_FUNCTION_LAYERS = frozenset(KERAS_FUNCTION_LAYERS)
_OTHER_BACKEND = re.compile(r"(^|/)keras/src/backend/(numpy|jax|torch|openvino)/")


@dataclass(frozen=True)
class Why:
    """One reason a function is traced; ``off``: why AutoGraph does not convert it there (None: it does);
    ``features``: the optional conversions AutoGraph applies there (``Feature.LISTS``... by name; None: unknown,
    ``experimental_autograph_options=options``). Callees inherit both: AutoGraph converts them with the same options."""

    text: str
    off: str | None = None
    features: frozenset[str] | None = frozenset()


class TracedCode:
    """The traced functions of one file (``ast`` nodes) and the eager regions inside them."""

    def __init__(self, screen: Screen) -> None:
        self.screen = weakref.proxy(screen)  # the screen holds the model: no cycle, the file's tree is freed at once
        facts = screen.facts
        self._traced_names = facts.traced if facts is not None else {}
        self._locals_cache: dict[ast.AST, _Locals] = {}
        self._steps = 0  # names and returns followed for one call's arguments (see _BUDGET)
        self._passed_in = facts.passed if facts is not None else {}  # what other files' traced calls pass
        self._never: dict[ast.AST, list[tuple[int, int]]] = {}  # see `_never_taken`

    # -- queries --------------------------------------------------------------
    def is_traced(self, function: ast.AST | None, line: int | None = None) -> bool:
        """Does code of ``function`` (at ``line``, if given) run at trace time?"""
        return function in self.reasons and (line is None or not self.eager_line(function, line))

    def why(self, function: ast.AST) -> list[Why]:
        return self.reasons.get(function, [])

    def autograph_off(self, function: ast.AST | None) -> str | None:
        """Why some path traces ``function`` without AutoGraph (None: every path converts it)."""
        off = next((why.off for why in self.why(function) if why.off is not None), None)
        return off if off is not None or function not in self._not_converted else "`do_not_convert`"

    def autograph_feature(self, function: ast.AST | None, feature: str) -> frozenset[bool | None]:
        """On the paths that trace ``function``, does AutoGraph apply its optional conversion ``feature``
        (``"LISTS"``, ``"BUILTIN_FUNCTIONS"``...)? True, False (also where it does not convert at all), None:
        unknown (options held by a variable). Empty when nothing traces ``function``."""
        if function in self._not_converted:
            return frozenset({False}) if self.why(function) else frozenset()
        return frozenset(False if why.off is not None else None if why.features is None else feature in why.features
                         for why in self.why(function))

    def traced_by(self, *texts: str) -> set[ast.AST]:
        """The functions traced through seeds whose reason starts with one of ``texts`` (``"given to compile"``),
        and what those call and define."""
        return set(self._reasons([(f, why) for f, why in self._seeds[0] if why.text.startswith(texts)]))

    def eager_line(self, function: ast.AST, line: int) -> bool:
        """Is ``line`` of ``function`` inside an eager region (init_scope, executing_eagerly())
        or a branch its traced callers never take?"""
        return any(first <= line <= last for first, last in (*self._eager_regions.get(function, ()), *self._never.get(function, ())))

    @cached_property
    def regions(self) -> dict[ast.AST | None, list[tuple[int, int]]]:
        """Function → line ranges that do not run traced: eager blocks, branches never taken."""
        self.reasons  # noqa: B018 - computes `_never`
        return {f: [*self._eager_regions.get(f, ()), *self._never.get(f, ())] for f in {*self._eager_regions, *self._never}}

    # -- eager escapes --------------------------------------------------------
    @cached_property
    def _eager_regions(self) -> dict[ast.AST | None, list[tuple[int, int]]]:
        """Function → line ranges of its eager blocks."""
        screen = self.screen
        regions: dict[ast.AST | None, list[tuple[int, int]]] = defaultdict(list)
        for site in screen.sites(ast.With, ast.AsyncWith):
            node = site.node
            if any(isinstance(item.context_expr, ast.Call) and screen.names(item.context_expr.func) & EAGER_CONTEXTS for item in node.items):
                regions[site.function].append(_lines(node.body))
        exits: dict[ast.If, ast.AST | None] = {}
        for site in screen.sites(ast.If):
            branch = self._eager_branch(site.node, site.function)
            if branch:
                regions[site.function].append(_lines(branch))
            node = site.node
            if not node.orelse and isinstance(node.body[-1], (ast.Return, ast.Raise)) and branch is node.orelse:
                exits[node] = site.function
        if exits:  # `if not tf.executing_eagerly(): return x`: what follows in the block is eager
            pending: list[ast.AST] = [screen.tree]  # statements (and handlers, cases): blocks hold no others
            while pending:
                node = pending.pop()
                for block in (getattr(node, "body", None), getattr(node, "orelse", None), getattr(node, "finalbody", None)):
                    for index, statement in enumerate(block if isinstance(block, list) else ()):
                        if statement in exits and index + 1 < len(block):
                            regions[exits[statement]].append(_lines(block[index + 1:]))
                    pending += block if isinstance(block, list) else ()
                pending += [*getattr(node, "handlers", ()), *getattr(node, "cases", ())]
        return dict(regions)

    @cached_property
    def _flags(self) -> dict[tuple[ast.AST | None, str], ast.AST]:
        """``(function, name)`` → the value of a name assigned once there (``is_torch = backend.backend() == "torch"``)."""
        flags: dict[tuple[ast.AST | None, str], ast.AST] = {}
        seen: set[tuple[ast.AST | None, str]] = set()
        for site in self.screen.sites(ast.Assign):
            for target in site.node.targets:
                if isinstance(target, ast.Name):
                    key = (site.function, target.id)
                    if key in seen:  # assigned twice: not a flag
                        flags.pop(key, None)
                    else:
                        flags[key] = site.node.value
                    seen.add(key)
        return flags

    def _eager_branch(self, node: ast.If, function: ast.AST | None) -> list[ast.stmt] | None:
        """The branch of ``if`` that never runs traced by TensorFlow: the body under
        ``executing_eagerly()`` (alone or and-ed) or under a Keras backend test that
        excludes TensorFlow (``backend.backend() == "jax"``, ``!= "tensorflow"``); the
        else branch under their negation (alone or or-ed). ``regions`` also makes eager
        what follows an ``if`` of the latter kind whose body returns or raises."""
        def guard(expr: ast.AST, negated: bool = False) -> bool:
            if isinstance(expr, ast.Name):  # a flag holding a backend test, or a module's constant False
                expr = self._flags.get((function, expr.id)) or self._module_false(expr.id, function) or expr
            return self._is_guard(expr, negated)

        def traced_true(expr: ast.AST) -> bool:  # true whenever TensorFlow traces the code
            pending = [expr]  # not recursive: a recursive closure is a reference cycle, freed only by the GC
            while pending:
                expr = pending.pop()
                if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
                    pending.extend(reversed(expr.values))
                elif guard(expr.operand) if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not) else guard(expr, negated=True):
                    return True
            return False

        test = node.test
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            return node.body if any(guard(value) for value in test.values) else None
        if guard(test):
            return node.body
        return node.orelse if traced_true(test) else None

    def _module_false(self, name: str, function: ast.AST | None) -> ast.AST | None:
        """``JAX_MODE = False`` (TensorFlow Probability's backend flags): a module-level name
        bound once to False, never declared ``global``, not bound in ``function``."""
        value = self._flags.get((None, name))
        if not (isinstance(value, ast.Constant) and value.value is False) or function is None:
            return None
        if any(name in site.node.names for site in self.screen.sites(ast.Global)):
            return None
        bound = any((isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load))
                    or (isinstance(n, ast.arg) and n.arg == name) for n in ast.walk(function))
        return None if bound else value

    def _is_guard(self, expr: ast.AST, negated: bool = False) -> bool:
        """Is ``expr`` true only outside TensorFlow's tracing (``negated``: only inside it)?
        A constant False is never true: its branch never runs traced."""
        if isinstance(expr, ast.Constant) and expr.value is False:
            return not negated
        if isinstance(expr, ast.Call):
            return not negated and bool(self.screen.names(expr.func) & EAGER_GUARDS)
        if not (isinstance(expr, ast.Compare) and len(expr.ops) == 1 and isinstance(expr.left, ast.Call)):
            return False
        if not any(name.startswith("keras") and name.endswith(".backend") for name in self.screen.names(expr.left.func)):
            return False
        op, right = expr.ops[0], expr.comparators[0]
        values = [right] if isinstance(right, ast.Constant) else getattr(right, "elts", None)
        if not values or not all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in values):
            return False
        has_tf = "tensorflow" in {v.value for v in values}
        excludes_tf = (isinstance(op, (ast.Eq, ast.In)) and not has_tf) or (isinstance(op, (ast.NotEq, ast.NotIn)) and has_tf)
        only_tf = isinstance(op, (ast.Eq, ast.In)) and has_tf and len(values) == 1
        return only_tf if negated else excludes_tf

    @cached_property
    def eager_functions(self) -> set[ast.AST]:
        """Functions handed to ``tf.py_function``-like calls, or decorated with one
        (``@tf.py_function(Tout=tf.float32)``): they run in Python, every call."""
        screen = self.screen
        found: set[ast.AST] = {
            site.node for site in screen.sites(*_DEFS)
            if any(isinstance(d, ast.Call) and screen.names(d.func) & EAGER_CALLBACKS for d in site.node.decorator_list)
        }
        for site in self.screen.calls_to(EAGER_CALLBACKS):
            call = site.node
            args = call.args[:1] + [k.value for k in call.keywords if k.arg in ("func", "fn")]
            for arg in args:
                found.update(self.resolve(arg, site.function))
        return found

    @cached_property
    def graph_only(self) -> set[ast.AST]:
        """Local functions decorated with ``tf.function`` that the function around uses only
        as ``f.get_concrete_function(...)``, and what they nest: traced to build a graph and
        never called here, so their Python code runs once per graph, as meant (TensorFlow
        collecting saveables while tracing, a test reading result shapes). What happens
        once per trace there is no hazard; what fails to trace still is."""
        screen = self.screen
        roots = set()
        for function, why in self._seeds[0]:
            outer = screen.outer.get(function)
            if outer is None or not isinstance(function, _DEFS) or not why.text.startswith("decorated with"):
                continue
            uses = concrete = 0
            for node in ast.walk(outer):
                if isinstance(node, ast.Name) and node.id == function.name:
                    uses += 1
                elif (isinstance(node, ast.Attribute) and node.attr == "get_concrete_function"
                      and isinstance(node.value, ast.Name) and node.value.id == function.name):
                    concrete += 1
            if uses and uses == concrete:
                roots.add(function)
        return {f for f in screen.outer if f in roots or not roots.isdisjoint(screen.functions_around_function(f))} if roots else set()

    # -- wrappers -------------------------------------------------------------
    @cached_property
    def wrappers(self) -> dict[str, bool]:
        """Functions of this file that return ``tf.function`` of their arguments (like
        TF-Agents' ``common.function``) → their ``autograph=`` default."""
        found: dict[str, bool] = {}
        screen = self.screen
        candidates = {site.function for site in screen.calls_to(frozenset({TF_FUNCTION}))}
        for func in candidates:
            if not isinstance(func, _DEFS) or screen.outer.get(func) is not None or func in screen.class_of:
                continue
            params = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
            if func.args.vararg:
                params.add(func.args.vararg.arg)
            for node in ast.walk(func):
                if not (isinstance(node, ast.Return) and isinstance(node.value, ast.Call)):
                    continue
                call = node.value
                if TF_FUNCTION not in screen.names(call.func) or not call.args:
                    continue
                first = call.args[0].value if isinstance(call.args[0], ast.Starred) else call.args[0]
                if isinstance(first, ast.Name) and first.id in params:
                    found[func.name] = _autograph_default(func, call)
        return found

    @cached_property
    def _wrapper_names(self) -> frozenset[str]:
        """Last names a call of ``tf.function`` or a wrapper can have (a cheap first test)."""
        short = {"function", *self.wrappers}
        if self.screen.facts is not None:
            short |= {name.rsplit(".", 1)[-1] for name in self.screen.facts.wrappers}
        short |= {local for local, modules in self.screen._imports.items() if any(m.rsplit(".", 1)[-1] in short for m in modules)}
        return frozenset(short)

    @cached_property
    def _not_converted(self) -> set[ast.AST]:
        """Functions decorated with or wrapped by ``tf.autograph.experimental.do_not_convert``."""
        screen = self.screen
        found = {
            site.node for site in screen.sites(*_DEFS)
            if any(DO_NOT_CONVERT in screen.names(getattr(d, "func", d)) for d in site.node.decorator_list)
        }
        for site in screen.calls_to(frozenset({DO_NOT_CONVERT})):
            for arg in site.node.args[:1]:
                found.update(self.resolve(arg, site.function))
        return found

    def _wrapper_default(self, func: ast.AST) -> bool | None:
        """``autograph`` default of ``func`` if it is ``tf.function`` or a wrapper of it, else None."""
        if last_name(func) not in self._wrapper_names:
            return None
        names = self.screen.names(func)
        if TF_FUNCTION in names:
            return True
        if isinstance(func, ast.Name) and func.id in self.wrappers and not self.screen.imported(func.id):
            return self.wrappers[func.id]
        facts = self.screen.facts
        if facts is not None:
            for name in names:
                if name in facts.wrappers:
                    return facts.wrappers[name]
        return None

    @cached_property
    def _wrappings(self) -> dict[ast.Call, tuple[list[ast.AST], str | None, str]]:
        """Every ``tf.function``-like call of the file (see :meth:`_wrapping`)."""
        short = self._wrapper_names
        found = {}
        for site in self.screen.sites(ast.Call):
            call = site.node
            if last_name(call.func) in short or (isinstance(call.func, ast.Call) and last_name(call.func.func) in short):
                wrapping = self._wrapping(call)
                if wrapping is not None:
                    found[call] = wrapping
        return found

    def _wrapping(self, call: ast.Call) -> tuple[list[ast.AST], str | None, str, frozenset[str] | None] | None:
        """The functions a ``tf.function``-like call wraps, why AutoGraph is off there
        (None: on), how it is spelled (``tf.function(f, ...)``, ``wrapper(f)``,
        ``tf.function(...)(f)``) and the AutoGraph features it asks for."""
        for wrapper, settings, args in ((call.func, call, [*call.args[:1], *(k.value for k in call.keywords if k.arg in ("func", "python_function"))]),
                                        (getattr(call.func, "func", None), call.func, call.args[:1])):
            default = self._wrapper_default(wrapper) if wrapper is not None else None
            if default is not None:
                name = self._name(wrapper)
                off = None if _autograph(settings, default) else (
                    f"`{name}(autograph=False)`" if _says_autograph(settings) else f"`{name}` defaults to autograph=False"
                )
                return args, off, name, self._features(settings, "experimental_autograph_options")
        return None

    def _features(self, call: ast.Call, keyword: str) -> frozenset[str] | None:
        """The AutoGraph features ``call`` asks for with ``keyword=`` (a ``Feature``, a tuple or list of
        them, ``Feature.ALL``, None); None when they are not known (a variable, ``**options``)."""
        value = self._constant(next((k.value for k in call.keywords if k.arg == keyword), None))
        if value is None:
            return None if any(k.arg is None for k in call.keywords) else frozenset()
        found: set[str] = set()
        for item in value.elts if isinstance(value, (ast.Tuple, ast.List)) else [value]:
            item = self._constant(item)
            if _is_none(item) and item is value:
                return frozenset()
            name = item.attr if isinstance(item, ast.Attribute) else None
            base = self._constant(item.value) if name is not None else None
            if name not in {*AUTOGRAPH_FEATURES, "ALL"} or AUTOGRAPH_FEATURE not in self.screen.names(base):
                return None
            found |= AUTOGRAPH_FEATURES if name == "ALL" else {name}
        return frozenset(found)

    def _constant(self, expr: ast.AST | None) -> ast.AST | None:
        """The value of a module-level name bound once and never declared ``global``
        (``F = tf.autograph.experimental.Feature``), else ``expr``."""
        for _ in range(3):
            if not isinstance(expr, ast.Name) or self.screen.imported(expr.id) or (None, expr.id) not in self._flags:
                break
            if any(expr.id in site.node.names for site in self.screen.sites(ast.Global)):
                break
            expr = self._flags[(None, expr.id)]
        return expr

    def _name(self, wrapper: ast.AST) -> str:
        """How messages name a wrapper: ``tf.function`` whatever its spelling, a wrapper as spelled."""
        return "tf.function" if TF_FUNCTION in self.screen.names(wrapper) else _spelled(wrapper)

    # -- discovery ------------------------------------------------------------
    @cached_property
    def _functions(self) -> dict[object, list[ast.AST]]:
        """Definitions by name; methods by (class, name)."""
        screen = self.screen
        functions: dict[object, list[ast.AST]] = defaultdict(list)
        for site in screen.sites(*_DEFS):
            node = site.node
            functions[node.name if node not in screen.class_of else (screen.class_of[node], node.name)].append(node)
        return functions

    def resolve(self, expr: ast.AST, where: ast.AST | None) -> list[ast.AST]:
        """The functions of this file ``expr`` in ``where`` may denote: a name (a
        definition visible from ``where``), ``self.m``/``cls.m`` (a method of the class
        around), a lambda, ``partial(f, ...)``, and the entries of a list, tuple or dict of those."""
        screen = self.screen
        found = []
        for callable_ in _callables(expr):
            if isinstance(callable_, str):
                found += self._visible(callable_, where) or [
                    f for call, scope in self._to_graph_alias(callable_, where) for f in self.resolve(call.args[0], scope)]
            elif isinstance(callable_, tuple):
                found += self._functions.get((screen.class_around(where), callable_[1]), ())
            else:
                found.append(callable_)
        return found

    def _visible(self, name: str, where: ast.AST | None) -> list[ast.AST]:
        """The definitions ``name`` denotes in ``where``, as Python looks it up: the innermost
        scope defining it, unless a scope on the way binds it otherwise (a parameter, an
        assignment: ``def test(monitor): tf.function(monitor)`` wraps the argument, not the
        module's ``monitor``)."""
        defs = self._functions.get(name)
        if not defs:
            return []
        screen = self.screen
        for scope in (where, *screen.functions_around_function(where)) if where is not None else ():
            here = [f for f in defs if screen.outer.get(f) is scope]
            if here:
                return here
            bound = self._locals(scope)
            if (name in bound.parameters or name in bound.values) and not _declares(scope, name):
                return []
        return [f for f in defs if screen.outer.get(f) is None]

    # -- tf.autograph.to_graph ---------------------------------------------------
    @cached_property
    def _to_graph(self) -> dict[ast.AST, frozenset[str] | None]:
        """What ``tf.autograph.to_graph`` converts, wherever it is called: its calls given a function,
        and the definitions it decorates → the features asked for (``experimental_optional_features=``).
        Not traced for that: called eagerly, the converted code runs eagerly."""
        screen = self.screen
        found: dict[ast.AST, frozenset[str] | None] = {
            site.node: frozenset() for site in screen.sites(*_DEFS)
            if any(TO_GRAPH in screen.names(d) for d in site.node.decorator_list)}
        for site in screen.calls_to(frozenset({TO_GRAPH})):
            if site.node.args:
                found[site.node] = self._features(site.node, "experimental_optional_features")
        return found

    @cached_property
    def _to_graph_names(self) -> dict[tuple[ast.AST | None, str], tuple[ast.Call, ast.AST | None]]:
        """``(scope, name)`` assigned once there ``to_graph(f)`` (``converted = tf.autograph.to_graph(f)``)
        → the call and the scope."""
        found: dict[tuple[ast.AST | None, str], tuple[ast.Call, ast.AST | None]] = {}
        if any(isinstance(node, ast.Call) for node in self._to_graph):
            for (scope, name), value in self._flags.items():
                if isinstance(value, ast.Call) and value in self._to_graph:
                    found[(scope, name)] = (value, scope)
        return found

    def _to_graph_alias(self, name: str, where: ast.AST | None) -> list[tuple[ast.Call, ast.AST | None]]:
        """The ``to_graph(f)`` call ``name`` holds in ``where`` (a local, or one of the scopes around)."""
        aliases = self._to_graph_names
        for scope in (where, *self.screen.functions_around_function(where), None) if where is not None else (None,):
            if (scope, name) in aliases:
                call, bound = aliases[(scope, name)]
                return [] if call.args and isinstance(call.args[0], ast.Name) and call.args[0].id == name else [(call, bound)]
        return []

    def _converted(self, expr: ast.AST, where: ast.AST | None, why: Why) -> Why:
        """``why`` for a function reached through ``expr`` in ``where``: converted by AutoGraph, with the
        features ``to_graph`` asked for, when ``expr`` is a ``to_graph(...)`` call, a name holding one or a
        definition ``to_graph`` decorates, whatever converts the code around (``autograph=False``)."""
        converting = self._to_graph
        if not converting:
            return why
        calls = [expr] if expr in converting else [call for call, _ in self._to_graph_alias(expr.id, where)] if isinstance(expr, ast.Name) else []
        if not calls:  # a definition `@to_graph` decorates
            calls = [f for f in self.resolve(expr, where) if f in converting]
        if not calls:
            return why
        features = {converting[c] for c in calls}
        return Why(why.text, None, features.pop() if len(features) == 1 else None)

    @cached_property
    def reasons(self) -> dict[ast.AST, list[Why]]:
        """Each traced function → why (see :meth:`_reasons`), again without the branches
        its traced callers never take, if some are found."""
        first = self._reasons()
        self._never = self._never_taken(first)
        return self._reasons() if self._never else first

    def _never_taken(self, traced: dict[ast.AST, list[Why]]) -> dict[ast.AST, list[tuple[int, int]]]:
        """The branch for an omitted optional argument (``if decoder is None:``, ``if not
        decoder:``) of a function every traced call of which passes that argument (TF-Agents'
        ``load_tfrecord_dataset(..., decoder=decoder)`` from a Dataset.interleave function):
        calls seen in this file, and those of the other files of the run (``Facts.passed``).
        Precision first: a passed name may hold None; a literal None is not passed."""
        screen = self.screen
        branches: dict[ast.AST, list[tuple[str, list[ast.stmt]]]] = defaultdict(list)
        for site in screen.sites(ast.If):
            function = site.function
            if function in traced and isinstance(function, _DEFS) and screen.outer.get(function) is None:
                found = _omitted_branch(site.node, function)
                if found is not None:
                    branches[function].append(found)
        if not branches:
            return {}
        seeds, by_facts = self._seeds
        entries = {f for f, why in seeds if not why.text.startswith("called from traced")}  # decorated, wrapped...
        calls: dict[ast.AST, list[Passed]] = defaultdict(list)
        for caller in traced:
            for site in screen.calls_in(caller):
                if not self.eager_line(caller, site.node.lineno):
                    for target in self.resolve(site.node.func, caller):
                        if target in branches:
                            calls[target].append(self.passed(site.node))
        never: dict[ast.AST, list[tuple[int, int]]] = {}
        for function, found in branches.items():
            method = function in screen.class_of
            passed = list(calls.get(function, ()))
            if function in by_facts:  # traced by calls in other files
                edge = self._passed_in.get(by_facts[function], Passed())
                passed.append(replace(edge, count=0) if method else edge)
            if function in entries or not passed:
                continue
            params = _positional(function, method)
            for name, branch in found:
                index = params.index(name) if name in params else len(params) + 1
                if all(index < call.count or name in call.keywords for call in passed):
                    never.setdefault(function, []).append(_lines(branch))
        if never:  # not for a function also handed over as a callback: called who knows how
            callees = {id(site.node.func) for site in screen.sites(ast.Call)}
            names = {f.name for f in never}
            for node in ast.walk(screen.tree):
                if isinstance(node, (ast.Name, ast.Attribute)) and last_name(node) in names and id(node) not in callees:
                    never = {f: lines for f, lines in never.items() if f.name != last_name(node)}
        return never

    @cached_property
    def _seeds(self) -> tuple[list[tuple[ast.AST, Why]], dict[ast.AST, str]]:
        """Functions traced for a reason of their own (not only as callees or nested defs),
        and those of them traced because other files' traced code calls them (→ qualname)."""
        return self._seeds_with(self._keras_traced_classes)

    def _seeds_with(self, keras_traced: set[ast.ClassDef]) -> tuple[list[tuple[ast.AST, Why]], dict[ast.AST, str]]:
        """:attr:`_seeds`, given the Keras classes whose methods Keras traces."""
        screen = self.screen
        seeds: list[tuple[ast.AST, Why]] = []
        by_facts: dict[ast.AST, str] = {}
        keras2_file = any(module.startswith(KERAS2_PREFIXES) for modules in screen._imports.values() for module in modules)
        names = [site.node.name for site in screen.sites(*_DEFS)] if screen.ran else []
        for site in screen.sites(*_DEFS):
            func = site.node
            if screen.ran and ran_at_trace_time(screen.ran, func.name, {func.lineno, *(d.lineno for d in func.decorator_list)}, names):
                seeds.append((func, Why("ran at trace time in the recorded run")))
            for decorator in func.decorator_list:
                wrapping = self._wrapping(decorator) if isinstance(decorator, ast.Call) else None
                if wrapping is not None and not wrapping[0]:  # @tf.function(...): a decorator factory
                    seeds.append((func, Why(f"decorated with {wrapping[2]}", wrapping[1], wrapping[3])))
                default = self._wrapper_default(decorator)
                if default is not None:
                    name = self._name(decorator)
                    seeds.append((func, Why(f"decorated with {name}", None if default else f"`{name}` defaults to autograph=False")))
            cls = screen.class_of.get(func)
            if func.name in KERAS_TRACED_METHODS and cls in keras_traced and func.name not in _replaced(cls):
                if func.name != "update_state" or cls not in self._keras_layers:
                    off = None if self._keras2(cls, set()) else f"Keras 3 runs `{func.name}` without AutoGraph"
                    seeds.append((func, Why(f"Keras traces `{func.name}`", off)))
            if site.function is None:
                qualname = func.name if cls is None else f"{cls.name}.{func.name}"
                why = self._traced_names.get(qualname)
                if why is not None:
                    seeds.append((func, Why(*why)))
                    by_facts[func] = qualname
        wrappings = self._wrappings
        for site in screen.calls_to(_HIGHER_ORDER):
            for name in screen.names(site.node.func) & TRACING_HIGHER_ORDER.keys():
                for arg in _arguments(site.node, TRACING_HIGHER_ORDER[name]):
                    seeds += [(f, Why(f"passed to tf.{name.rsplit('.', 1)[-1]}")) for f in self.resolve(arg, site.function)]
        for site in screen.calls_to(_FUNCTION_LAYERS):  # Lambda(f), Activation(f)
            for name in screen.names(site.node.func) & KERAS_FUNCTION_LAYERS.keys():
                reason = f"called by `{name.rsplit('.', 1)[-1]}`"
                for arg in _arguments(site.node, KERAS_FUNCTION_LAYERS[name]):
                    seeds += [(f, Why(reason, f"{reason}, without AutoGraph")) for f in self.resolve(arg, site.function)]
        for site in screen.sites(ast.Call):
            call = site.node
            wrapping = wrappings.get(call)
            if wrapping is not None:
                for arg in wrapping[0]:
                    why = Why(f"wrapped by {wrapping[2]}", wrapping[1], wrapping[3])
                    seeds += [(f, self._converted(arg, site.function, why)) for f in self.resolve(arg, site.function)]
                continue
            for keyword in call.keywords:  # Keras calls activations: Dense(activation=f), not the file's own `plot(activation=f)`
                if keyword.arg == "activation" and not self.resolve(call.func, site.function):
                    reason = "Keras calls it as an activation"
                    seeds += [(f, Why(reason, f"{reason}, without AutoGraph")) for f in self.resolve(keyword.value, site.function)]
            method = call.func.attr if isinstance(call.func, ast.Attribute) else None
            if method in DATASET_METHODS and _dataset_call(screen, call, site.function):
                for arg in _arguments(call, ((0, "map_func"), (0, "predicate"))):
                    seeds += [(f, Why(f"passed to Dataset.{method}")) for f in self.resolve(arg, site.function)]
            elif method == "compile":
                off = None if keras2_file else "Keras 3 runs compiled losses and metrics without AutoGraph"
                for keyword in call.keywords:
                    if keyword.arg in COMPILE_KEYWORDS:
                        why = Why(f"given to compile({keyword.arg}=...)", off)
                        seeds += [(f, why) for f in self.resolve(keyword.value, site.function)]
        return seeds, by_facts

    def _reasons(self, seeds: list[tuple[ast.AST, Why]] | None = None) -> dict[ast.AST, list[Why]]:
        """Each traced function → why: its decorator, the call wrapping it, the traced
        function calling or enclosing it (from ``seeds``, by default :attr:`_seeds`)."""
        screen = self.screen
        if screen.path and _OTHER_BACKEND.search(screen.path.replace("\\", "/")):
            return {}
        seeds = self._seeds[0] if seeds is None else seeds
        roots = {f for f, why in seeds if why.off is None and why.text.startswith(("decorated with", "wrapped by"))}
        nested: dict[ast.AST | None, list[ast.AST]] = defaultdict(list)
        for function, outer in screen.outer.items():
            nested[outer].append(function)
        eager = self.eager_functions
        not_converted = self._not_converted
        higher_order = {site.node for site in screen.calls_to(_HIGHER_ORDER)}

        reasons: dict[ast.AST, list[Why]] = defaultdict(list)
        pending = [(f, why) for f, why in seeds if f not in eager]
        while pending:
            function, why = pending.pop()
            if why.off is None and function in not_converted:
                why = Why(why.text, "`do_not_convert`")
            known = reasons.get(function)
            # Propagate a function's first reason, the first that turns AutoGraph off, and the first
            # converting it with other AutoGraph features.
            spread = known is None or (why.off is not None and all(w.off is None for w in known)) or (
                why.off is None and all(w.off is not None or w.features != why.features for w in known))
            if spread or (why not in known and len(known) < 4):
                reasons[function].append(why)
            if not spread:
                continue
            name = getattr(function, "name", None)
            caller = f"called from traced `{name}`" if name else "called from a traced lambda"
            off = None if why.off is None else f"called from `{name or 'a lambda'}`, which AutoGraph does not convert"
            for inner in nested.get(function, ()):
                if inner not in eager and not self.eager_line(function, inner.lineno):
                    pending.append((inner, Why(f"defined in traced `{name or 'a lambda'}`", why.off, why.features)))
            for site in screen.calls_in(function):
                call = site.node
                if self.eager_line(function, call.lineno):
                    continue
                called = self._converted(call.func, function, Why(caller, off, why.features))
                targets = [(target, called) for target in self.resolve(call.func, function)]
                if call in higher_order:
                    for higher in screen.names(call.func) & TRACING_HIGHER_ORDER.keys():
                        for arg in _arguments(call, TRACING_HIGHER_ORDER[higher]):
                            targets += [(target, Why(caller, off, why.features)) for target in self.resolve(arg, function)]
                for target, reached in targets:
                    if target not in eager and not (reached.off is not None and target in roots):
                        pending.append((target, reached))
        return dict(reasons)

    # -- what traced code passes to its helpers -------------------------------
    def passed_tensor(self, function: ast.AST | None, parameter: str) -> bool:
        """Does some call in this file pass ``parameter`` of ``function`` a TensorFlow op's result
        (``schedule(tf.constant(s))``)? Then it certainly holds a tensor on that call; other
        callers may still pass Python values."""
        return parameter in self._tensors_passed.get(function, ())

    @cached_property
    def _tensors_passed(self) -> dict[ast.AST, set[str]]:
        screen, found = self.screen, defaultdict(set)
        for site in screen.sites(ast.Call):
            call = site.node
            targets = self.resolve(call.func, site.function) if isinstance(call.func, ast.Name) else []
            if len(targets) != 1 or not isinstance(targets[0], _DEFS):
                continue
            arguments = targets[0].args
            params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
            given = list(zip(params, call.args[:next((i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)), len(call.args))]))
            given += [(k.arg, k.value) for k in call.keywords if k.arg is not None]
            found[targets[0]].update(name for name, arg in given
                                     if isinstance(arg, ast.Call) and builds_tensor(screen.names(arg.func)))
        return found

    def may_receive_tensor(self, function: ast.AST | None, parameter: str) -> bool:
        """May ``parameter`` of traced ``function`` hold a tensor (see :attr:`tensor_parameters`)?"""
        names = self.tensor_parameters.get(function)
        return names is None or parameter in names

    @cached_property
    def tensor_parameters(self) -> dict[ast.AST, frozenset[str] | None]:
        """Traced function → the parameters that may hold tensors (None: every one).

        An entry point gets its arguments from TensorFlow or Keras (a ``tf.function``,
        ``call``, a ``Dataset.map`` or ``tf.map_fn`` callback), or from code the model does
        not follow (a function used as a value, a decorated one, a lambda, a method other
        files call): every parameter may be a tensor. A *helper*, traced only because
        traced code calls it by name here (or in other files: ``Facts.passed``), gets
        what those calls pass: a parameter may be a tensor only when some traced call
        passes one (:meth:`passed`), so ``helper(self._size, x.shape[-1], 3)``
        leaves its parameters Python values."""
        reasons = self.reasons
        seeds, by_facts = self._seeds
        passed_in = self._passed_in
        class_of = self.screen.class_of
        known = {f: name for f, name in by_facts.items() if f not in class_of and passed_in.get(name, Passed()).tensors is not None}
        entries = {f for f, why in seeds if f not in known or why != Why(*self._traced_names[known[f]])}
        helpers = {f for f in reasons if isinstance(f, _DEFS) and f not in entries and not f.decorator_list}
        if helpers:
            values = self._used_as_values
            helpers = {f for f in helpers if f.name not in values}
        helpers |= {f for f in self._nest_mapped if isinstance(f, ast.Lambda) and f in reasons and f not in entries}
        found: dict[ast.AST, set[str] | None] = {f: None for f in reasons if f not in helpers}
        for helper in helpers:
            found[helper] = _bind(helper, passed_in[known[helper]].tensors, False) if helper in known else set()
        changed = bool(helpers)
        while changed:  # callers' parameters feed their helpers': until nothing changes
            changed = False
            for caller in reasons:
                for site in self.screen.calls_in(caller):
                    call = site.node
                    mapped = self._nest_map(call)
                    func = call.func if mapped is None else mapped[0]
                    targets = [t for t in self.resolve(func, caller) if t in helpers]
                    if not targets or self.eager_line(caller, call.lineno) or self._non_tensor_line(caller, call.lineno):
                        continue
                    if mapped is not None:  # a nest map passes the leaves of its structures
                        call = ast.Call(func, mapped[1], [])
                    passed = self.passed(call, caller, found).tensors
                    for target in targets:
                        names = _bind(target, passed, target in class_of and isinstance(func, ast.Attribute))
                        if not names <= found[target]:
                            found[target] |= names
                            changed = True
        return {f: None if names is None else frozenset(names) for f, names in found.items()}

    def _nest_map(self, call: ast.Call) -> tuple[ast.AST, list[ast.AST]] | None:
        """``nest.map_structure(f, *structures)``-like calls: ``f`` and the structures whose
        leaves it receives."""
        if not isinstance(call.func, ast.Attribute) or call.func.attr not in NEST_MAPS:
            return None
        if not any(name.startswith(NEST_MODULES) for name in self.screen.names(call.func)):
            return None
        index = NEST_MAPS[call.func.attr]
        return (call.args[index], call.args[index + 1:]) if len(call.args) > index else None

    @cached_property
    def _nest_mapped(self) -> set[ast.AST]:
        """Functions and lambdas of the file given to ``nest.map_structure``-like calls."""
        found = set()
        for site in self.screen.sites(ast.Call):
            mapped = self._nest_map(site.node)
            if mapped is not None:
                found.update(self.resolve(mapped[0], site.function))
        return found

    @cached_property
    def _used_as_values(self) -> set[str]:
        """Names (and ``self.``/``cls.`` attributes) the file reads other than as the callee
        of a call or the function of a ``nest.map_structure``: a function or method of that
        name may be called by code the model does not follow."""
        return self._values[0]

    @cached_property
    def values_imported(self) -> set[str]:
        """Qualified names of imported functions the file reads other than by calling them
        (``tf.vectorized_map(utils.helper, x)``, ``nest.map_structure(utils.helper, x)``):
        called who knows how, so the project index learns nothing of what they are passed."""
        return self._values[1]

    @cached_property
    def _values(self) -> tuple[set[str], set[str]]:
        screen = self.screen
        called = {id(site.node.func) for site in screen.sites(ast.Call)}
        mapped = {id(mapped[0]) for site in screen.sites(ast.Call) if (mapped := self._nest_map(site.node)) is not None}
        local, imported = set(), set()
        for node in ast.walk(screen.tree):
            if id(node) in called or not isinstance(getattr(node, "ctx", None), ast.Load):
                continue
            here = id(node) not in mapped  # this file follows what a nest map passes; the others do not
            if isinstance(node, ast.Name):
                local.update([node.id] if here else ())
                if screen.imported(node.id):
                    imported |= screen.names(node)
            elif isinstance(node, ast.Attribute):
                base = node.value
                while isinstance(base, ast.Attribute):
                    base = base.value
                if node.value is base and isinstance(base, ast.Name) and base.id in PYTHON_PARAMETERS:
                    local.update([node.attr] if here else ())
                elif isinstance(base, ast.Name) and screen.imported(base.id):
                    imported |= screen.names(node)
        return local, imported

    @cached_property
    def _non_tensor_branches(self) -> dict[ast.AST | None, list[tuple[int, int]]]:
        """Function → the branches its author wrote for values that are not tensors: the body
        of ``if not tf.is_tensor(...):``, the ``else`` of ``if tf.is_tensor(...):`` (TF-Agents'
        ``restart``/``termination`` build NumPy time steps there)."""
        screen = self.screen
        found: dict[ast.AST | None, list[tuple[int, int]]] = defaultdict(list)
        for site in screen.sites(ast.If):
            test, branch = site.node.test, site.node.orelse
            if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test, branch = test.operand, site.node.body
            if branch and isinstance(test, ast.Call) and "tensorflow.is_tensor" in screen.names(test.func):
                found[site.function].append(_lines(branch))
        return found

    def _non_tensor_line(self, function: ast.AST | None, line: int) -> bool:
        """Is ``line`` in a branch for non-tensors of ``function`` or of a function around it?
        Calls there pass no tensors (precision first: the author's type test is taken at its word)."""
        while function is not None:
            if any(first <= line <= last for first, last in self._non_tensor_branches.get(function, ())):
                return True
            function = self.screen.outer.get(function)
        return False

    def passed(self, call: ast.Call, caller: ast.AST | None = None, found: dict | None = None) -> Passed:
        """What ``call`` (in traced ``caller``) passes (see :class:`Passed`); which arguments
        may be tensors only given ``found``, the parameter kinds so far."""
        count = next((i for i, arg in enumerate(call.args) if isinstance(arg, ast.Starred) or _is_none(arg)), len(call.args))
        keywords = tuple(sorted(k.arg for k in call.keywords if k.arg is not None and not _is_none(k.value)))
        return Passed(count, keywords, None if found is None else self._tensors(call, caller, found))

    def _tensors(self, call: ast.Call, caller: ast.AST, found: dict) -> tuple[tuple[bool, ...], tuple[str, ...]] | None:
        """Which arguments of ``call`` may be tensors: a flag per positional argument and the
        keywords; None when unpacked arguments that may be tensors hide where they go."""
        self._steps = 0
        positions = []
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                if any(self._tensor(a.value if isinstance(a, ast.Starred) else a, caller, found) for a in call.args[index:]):
                    return None
                break
            positions.append(self._tensor(arg, caller, found))
        keywords = []
        for keyword in call.keywords:
            if self._tensor(keyword.value, caller, found):
                if keyword.arg is None:  # **kwargs
                    return None
                keywords.append(keyword.arg)
        return tuple(positions), tuple(keywords)

    def _tensor(self, expr: ast.AST, function: ast.AST, found: dict, seen: frozenset = frozenset()) -> bool:
        """May ``expr``, evaluated in ``function``, be a tensor? A TensorFlow op's result, a
        parameter that may be one, a local assigned one, and what arithmetic, subscripts,
        containers and attributes (not ``.shape``/``.dtype``...) of those, methods of those
        and other calls given those make. Not: literals, ``None``, ``self.<attr>``,
        module-level values, ``len(...)``, ``x.shape[...]``, calls given no tensor."""
        if isinstance(expr, ast.Name):
            return self._name_tensor(expr.id, function, found, seen)
        if isinstance(expr, ast.Call):
            names = self.screen.names(expr.func)
            if builds_tensor(names):
                return True
            if self._static_call(expr):
                return False
            func = expr.func
            mapped = self._nest_map(expr)
            if mapped is not None and self.resolve(mapped[0], function):  # what the function mapped returns
                return any(self._returns_tensor(target, found, seen, (mapped[0], function)) for target in self.resolve(mapped[0], function))
            if isinstance(func, ast.Attribute) and (func.attr in STATIC_METHODS or self._tensor(func.value, function, found, seen)):
                return func.attr not in STATIC_METHODS
            targets = self.resolve(func, function)
            if targets:  # a function of this file: what it returns (`self._sample()` may build tensors)
                return any(self._returns_tensor(target, found, seen, (func, function)) for target in targets)
            return any(self._tensor(a, function, found, seen) for a in (*expr.args, *(k.value for k in expr.keywords)))
        if isinstance(expr, ast.Attribute):
            return expr.attr not in _STATIC_ATTRIBUTES and not self.screen.names(expr) and self._tensor(expr.value, function, found, seen)
        if isinstance(expr, (ast.Subscript, ast.Starred, ast.NamedExpr, ast.Await)):
            return self._tensor(expr.value, function, found, seen)
        if isinstance(expr, ast.BinOp):
            return self._tensor(expr.left, function, found, seen) or self._tensor(expr.right, function, found, seen)
        if isinstance(expr, ast.UnaryOp):
            return self._tensor(expr.operand, function, found, seen)
        if isinstance(expr, ast.Compare) and all(isinstance(op, (ast.Is, ast.IsNot)) for op in expr.ops):
            return False  # `w is not None`: identity is a Python bool
        if isinstance(expr, (ast.BoolOp, ast.Compare, ast.IfExp, ast.List, ast.Tuple, ast.Set, ast.Dict)):
            parts = {ast.BoolOp: lambda e: e.values, ast.Compare: lambda e: [e.left, *e.comparators],
                     ast.IfExp: lambda e: [e.body, e.orelse], ast.Dict: lambda e: e.values}.get(type(expr), lambda e: e.elts)(expr)
            return any(self._tensor(part, function, found, seen) for part in parts)
        if isinstance(expr, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return any(self._tensor(g.iter, function, found, seen) for g in expr.generators) or self._tensor(expr.elt, function, found, seen)
        return False  # literals, f-strings, lambdas, comprehensions of dicts

    def _static_call(self, call: ast.Call) -> bool:
        """Does ``call`` return a Python value whatever it is given (``len``, ``tf.as_dtype``)?"""
        if isinstance(call.func, ast.Name) and call.func.id in _STATIC_BUILTINS and not self.screen.imported(call.func.id):
            return True
        return static_fact(self.screen.names(call.func))

    def _returns_tensor(self, target: ast.AST, found: dict, seen: frozenset, key: tuple) -> bool:
        """May ``target`` (called at ``key``: callee and caller) return a tensor?"""
        if key in seen:
            return False
        self._steps += 1
        if self._steps > _BUDGET:  # too long a chain to follow: it may be
            return True
        return any(self._tensor(value, target, found, seen | {key}) for value in self._locals(target).returns)

    def _name_tensor(self, name: str, function: ast.AST | None, found: dict, seen: frozenset) -> bool:
        """May ``name`` in ``function`` be a tensor: its local values, or a parameter, or
        the same in the functions around (closures); module-level values are concrete."""
        while function is not None:
            local = self._locals(function)
            parameters, values = local.parameters, local.values
            if name in parameters or name in values:
                if (function, name) in seen:
                    return False
                self._steps += 1
                if self._steps > _BUDGET:
                    return True
                seen = seen | {(function, name)}
                if name in parameters and function in found and name not in PYTHON_PARAMETERS and name not in local.replaced:
                    names = found[function]
                    if names is None or name in names:
                        return True
                return any(self._tensor(value, function, found, seen) for value in values.get(name, ()))
            function = self.screen.outer.get(function)
        return False

    def _locals(self, function: ast.AST) -> _Locals:
        """What ``function`` binds (see :class:`_Locals`)."""
        cached = self._locals_cache.get(function)
        if cached is not None:
            return cached
        args = function.args
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs, *filter(None, (args.vararg, args.kwarg))]
        defaulted = set(_defaults(function))
        values: dict[str, list[ast.AST]] = defaultdict(list)
        body = function.body if isinstance(function.body, list) else []
        returns = [] if body else [function.body]
        pending = list(body)
        while pending:
            node = pending.pop()
            if isinstance(node, (*_DEFS, ast.ClassDef, ast.Lambda)):
                continue
            pairs: list[tuple[ast.AST, ast.AST]] = []
            if isinstance(node, ast.Return) and node.value is not None:
                returns.append(node.value)
            elif isinstance(node, ast.Assign):
                pairs = [(t, node.value) for t in node.targets]
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
                pairs = [(node.target, node.value)]
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                pairs = [(node.target, node.iter)]
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                pairs = [(node.optional_vars, node.context_expr)]
            for target, value in pairs:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        values[sub.id].append(value)
            pending.extend(ast.iter_child_nodes(node))
        replaced = set(defaulted)
        for name in {a.arg for a in every} - defaulted:  # `dtype = tf.as_dtype(dtype)` first thing
            first = next((stmt for stmt in body if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(stmt))), None)
            if (
                isinstance(first, ast.Assign) and [getattr(t, "id", None) for t in first.targets] == [name]
                and isinstance(first.value, ast.Call) and self._static_call(first.value)
            ):
                replaced.add(name)
        cached = self._locals_cache[function] = _Locals({a.arg for a in every}, replaced, dict(values), returns)
        return cached

    def _keras2(self, cls: ast.ClassDef, seen: set) -> bool:
        """Is ``cls`` a tf-keras (Keras 2) class, through its bases of this module? AutoGraph
        converts Keras 2's ``call``; Keras 3 (``keras``, ``tf.keras`` since TF 2.16) does not."""
        screen = self.screen
        seen.add(cls)
        for base in cls.bases:
            if any(name.startswith(KERAS2_PREFIXES) for name in screen.raw_names(base)):
                return True
            if isinstance(base, ast.Name):
                local = next((s.node for s in screen.sites(ast.ClassDef) if s.node.name == base.id), None)
                if local is not None and local not in seen and self._keras2(local, seen):
                    return True
        return False

    @cached_property
    def _keras_traced_classes(self) -> set[ast.ClassDef]:
        """Keras classes whose ``call``/``train_step``... Keras traces (not ``dynamic=True`` ones, nor
        those compiled with ``run_eagerly=True``)."""
        screen = self.screen
        dynamic = {  # super().__init__(..., dynamic=True): Keras runs `call` eagerly
            screen.class_around(site.function)
            for site in screen.sites(ast.Call)
            if getattr(site.node.func, "attr", None) == "__init__"
            and any(_true(k, "dynamic") for k in site.node.keywords)
        }
        compiles: dict[ast.AST | None, set[bool]] = defaultdict(set)
        for site in screen.sites(ast.Call):
            if getattr(site.node.func, "attr", None) == "compile":
                compiles[site.function].add(any(_true(k, "run_eagerly") for k in site.node.keywords))
        # Classes defined in a function that compiles its models only with run_eagerly=True (a test
        # counting `train_step` calls): Keras runs them eagerly.
        eager = {site.node for site in screen.sites(ast.ClassDef) if site.function is not None and compiles.get(site.function) == {True}}
        classes = {cls for cls in screen.keras_classes if cls not in dynamic and cls not in eager}
        return self._traced_by_program(classes) if classes and screen.program else classes

    def _traced_by_program(self, classes: set[ast.ClassDef]) -> set[ast.ClassDef]:
        """Of the Keras ``classes`` of a program (``Screen.program``: all its entry points are in
        it), those it has Keras trace: a library's classes may be traced by its users, a
        program's only by itself. A class is traced when the program hands it or an instance
        to code the model does not see run eagerly (``fit``, a list for ``Sequential``, a
        ``compile`` keyword, any function), uses them in traced code, calls an instance on a
        functional ``Input``, or stores one on a traced class; and when a subclass is traced.
        Constructing an instance, calling it and reading its weights outside traced code is eager."""
        conditions = _escapes(self.screen, classes)
        traced: set[ast.ClassDef] = set()
        while True:  # traced classes make their methods' callees traced, which may use other classes
            reasons = self._reasons(self._seeds_with(traced)[0])
            found = {cls for cls in classes if any(
                kind == "always" or (kind == "function" and where in reasons) or (kind == "class" and where in traced)
                for kind, where in conditions.get(cls, ()))}
            if found <= traced:
                return traced
            traced |= found

    @cached_property
    def _keras_layers(self) -> set[ast.ClassDef]:
        """Keras classes that are layers, not metrics: their ``update_state`` (preprocessing
        layers) runs in ``adapt()``, eagerly."""
        screen = self.screen
        classes = {site.node.name: site.node for site in screen.sites(ast.ClassDef)}
        return {cls for cls in screen.keras_classes if self._is_layer(cls, classes, set())}

    def _is_layer(self, cls: ast.ClassDef, classes: dict[str, ast.ClassDef], seen: set) -> bool:
        if cls in seen:
            return False
        seen.add(cls)
        for base in cls.bases:
            spelled = _spelled(base)
            if "Metric" in spelled:
                return False
            if any(n.startswith(("keras.layers.", "keras.src.layers.")) for n in self.screen.names(base)) or spelled.endswith("Layer"):
                return True
            if isinstance(base, ast.Name) and base.id in classes and self._is_layer(classes[base.id], classes, seen):
                return True
        return False

    # -- what other files need to know -----------------------------------------
    def outgoing(self) -> Iterator[tuple[str, Why, Passed]]:
        """Qualified names (through imports) that traced code here calls or wraps, and
        what the call passes them (``Passed()`` for one wrapped, or also used as a value:
        called who knows how): the project index makes the functions they name traced in
        their own files."""
        screen = self.screen
        for function in self.reasons:
            name = getattr(function, "name", "a lambda")
            off = None if self.autograph_off(function) is None else f"called from `{name}`, which AutoGraph does not convert"
            why = Why(f"called from traced `{name}` ({screen.module or screen.path})", off)
            for site in screen.calls_in(function):
                if not self.eager_line(function, site.node.lineno):
                    qualified_names = screen.names(site.node.func)
                    project = any(q.split(".", 1)[0] not in _LIBRARIES for q in qualified_names)
                    passed = self.passed(site.node, function, self.tensor_parameters) if project else Passed()
                    for qualified in qualified_names:
                        yield qualified, why, Passed() if project and qualified in self.values_imported else passed
        for site in screen.sites(ast.Call):
            call = site.node
            wrapping = self._wrappings.get(call)
            targets: list[tuple[ast.AST, Why]] = []
            if wrapping is not None:
                targets = [(arg, Why(f"wrapped by {wrapping[2]} ({screen.module or screen.path})", wrapping[1])) for arg in wrapping[0]]
            elif isinstance(call.func, ast.Attribute) and call.func.attr in DATASET_METHODS and _dataset_call(screen, call, site.function):
                targets = [(arg, Why(f"passed to Dataset.{call.func.attr} ({screen.module or screen.path})")) for arg in _arguments(call, ((0, "map_func"),))]
            for arg, why in targets:
                for qualified in screen.names(arg):
                    yield qualified, why, Passed()


class _Locals(NamedTuple):
    """What a function binds: its parameters; those whose value the caller's argument does
    not decide (a default: the rules take them for Python values; or replaced by the first
    statement that mentions them, ``dtype = tf.as_dtype(dtype)``); its local names → the
    values assigned them (the iterable for a loop target, the whole value for an unpacking);
    the values it returns."""

    parameters: set[str]
    replaced: set[str]
    values: dict[str, list[ast.AST]]
    returns: list[ast.AST]


#: Names and returns followed to judge one call's arguments: past it, an argument may be a tensor
#: (the walk is not memoised, and each assignment chain could fan out).
_BUDGET = 5000
#: Builtins whose result is a Python value, whatever they are given.
_STATIC_BUILTINS = frozenset({"len", "int", "float", "bool", "str", "repr", "isinstance", "issubclass", "hasattr",
                              "callable", "type", "id", "range"})
#: Attributes and methods of a tensor that are static facts, not tensors.
_STATIC_ATTRIBUTES = TENSOR_METADATA | {"name", "device", "rank"}
#: Libraries whose functions the project index does not make traced: no argument kinds for them.
_LIBRARIES = frozenset({"tensorflow", "keras", "tf_keras", "builtins", "numpy"})


def _bind(function: ast.AST, passed: tuple[tuple[bool, ...], tuple[str, ...]] | None, bound: bool) -> set[str] | None:
    """The parameters of ``function`` that receive what ``passed`` (see
    :attr:`Passed.tensors`) says may be tensors; ``bound``: called as a method."""
    args = function.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    if passed is None:
        return {*names, *(a.arg for a in (args.vararg, args.kwarg) if a is not None)}
    positional = _positional(function, bound)
    found = set()
    for index, tensor in enumerate(passed[0]):
        if tensor:
            found.add(positional[index] if index < len(positional) else args.vararg.arg if args.vararg else None)
    for keyword in passed[1]:
        found.add(keyword if keyword in names else args.kwarg.arg if args.kwarg else None)
    found.discard(None)
    return found


def _omitted_branch(node: ast.If, function: ast.AST) -> tuple[str, list[ast.stmt]] | None:
    """``if p is None:``/``if not p:`` (the body) or ``if p is not None:``/``if p:`` (the
    else), for a parameter ``p`` of ``function`` whose default is None: the branch that
    runs when the caller omits ``p`` (if ``p`` is not rebound before)."""
    test, omitted = node.test, node.body
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    elif isinstance(test, ast.Compare) and len(test.ops) == 1 and _is_none(test.comparators[0]):
        test, omitted = test.left, node.body if isinstance(test.ops[0], ast.Is) else node.orelse if isinstance(test.ops[0], ast.IsNot) else None
    else:
        omitted = node.orelse
    if not (isinstance(test, ast.Name) and omitted):
        return None
    defaults = _defaults(function)
    if not (test.id in defaults and _is_none(defaults[test.id])):
        return None
    rebound = any(isinstance(n, ast.Name) and n.id == test.id and isinstance(n.ctx, ast.Store) and n.lineno < node.lineno
                  for n in ast.walk(function))
    return None if rebound else (test.id, omitted)  # `decoder = decoder or make()` first: not the caller's value


def _positional(function: ast.AST, bound: bool) -> list[str]:
    """The positional parameters of ``function`` (but ``self`` when ``bound``: called as a method)."""
    args = function.args
    return [a.arg for a in (*args.posonlyargs, *args.args)][1 if bound else 0:]


def _defaults(function: ast.AST) -> dict[str, ast.expr]:
    """The parameters of ``function`` that have a default → it."""
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    defaults = dict(zip([a.arg for a in positional[len(positional) - len(args.defaults):]], args.defaults))
    defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    return defaults


def _is_none(expr: ast.AST | None) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is None


def _lines(body: list[ast.stmt]) -> tuple[int, int]:
    return body[0].lineno, body[-1].end_lineno or body[-1].lineno


def _spelled(expr: ast.AST) -> str:
    if isinstance(expr, ast.Call):
        expr = expr.func
    try:
        return ast.unparse(expr)
    except Exception:  # pragma: no cover - unparse handles every expression
        return "tf.function"


def _says_autograph(call: ast.Call) -> bool:
    return any(keyword.arg == "autograph" for keyword in call.keywords)


def _autograph(call: ast.Call, default: bool) -> bool:
    for keyword in call.keywords:
        if keyword.arg == "autograph":
            return keyword.value.value is not False if isinstance(keyword.value, ast.Constant) else True
    return default


def _autograph_default(wrapper: ast.AST, call: ast.Call) -> bool:
    """The ``autograph=`` a wrapper passes to ``tf.function`` when its caller says nothing:
    a constant, a parameter's default, or ``kwargs.pop("autograph", default)``."""
    keyword = next((k.value for k in call.keywords if k.arg == "autograph"), None)
    if keyword is None:
        return True
    if isinstance(keyword, ast.Constant):
        return keyword.value is not False
    if isinstance(keyword, ast.Name):
        value = _defaults(wrapper).get(keyword.id)
        for node in ast.walk(wrapper):
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == keyword.id for t in node.targets)
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Attribute)
                and node.value.func.attr in ("pop", "get")
                and len(node.value.args) == 2
            ):
                value = node.value.args[1]
        if isinstance(value, ast.Constant):
            return value.value is not False
    return True


#: Data-pipeline libraries whose ``.map`` runs plain Python, not a tf.data trace (also when
#: re-exported: Keras imports ``grain`` from ``keras.src.utils.module_utils``).
_OTHER_DATA_LIBRARIES = frozenset({"grain", "torch"})


def _dataset_call(screen: Screen, call: ast.Call, function: ast.AST | None) -> bool:
    """Can ``x.map(f, ...)`` be ``Dataset.map``? Not on a module (``six.moves.map``,
    ``builtins.map``), nor ``pool.map(f, items)``/``executor.map(f, *its)``: a second
    positional argument that is a collection, not a ``num_parallel_calls``; nor on a local
    the function assigns from another data library (``ds = grain.MapDataset.source(...)``) or
    has checked to be one (``if not _is_grain_dataset(ds): raise ...``)."""
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    if receiver is not None and screen.names(receiver) and not any(n.startswith(("tensorflow", "keras")) for n in screen.names(receiver)):
        return False
    if isinstance(receiver, ast.Name) and function is not None:
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == receiver.id for t in node.targets)
                and any(
                    not _OTHER_DATA_LIBRARIES.isdisjoint(name.split("."))
                    for sub in ast.walk(node.value) if isinstance(sub, ast.Call) for name in screen.names(sub.func)
                )
            ):
                return False
        for node in function.body if isinstance(function, _DEFS) else ():  # `if not _is_grain_dataset(ds): raise`, then `ds.map(f)`
            test = node.test.operand if isinstance(node, ast.If) and isinstance(node.test, ast.UnaryOp) else None
            if (
                isinstance(test, ast.Call) and node.end_lineno < call.lineno and not node.orelse
                and isinstance(node.body[-1], (ast.Raise, ast.Return))
                and any(isinstance(a, ast.Name) and a.id == receiver.id for a in test.args)
                and any(not _OTHER_DATA_LIBRARIES.isdisjoint(re.split(r"[._]", name)) for n in (test.func, *test.args[1:]) for name in (_spelled(n), *screen.names(n)))
            ):
                return False
    if len(call.args) >= 2:
        second = call.args[1]
        if isinstance(second, ast.Constant) and isinstance(second.value, int):
            return True
        return "AUTOTUNE" in _spelled(second) or "parallel" in _spelled(second).lower()
    return True


def _arguments(call: ast.Call, positions) -> Iterator[ast.AST]:
    positional = [arg for arg in call.args if not isinstance(arg, ast.Starred)]
    for index, keyword in positions:
        for k in call.keywords:
            if k.arg == keyword:
                yield k.value
        if index < len(positional):
            yield positional[index]


def _callables(expr: ast.AST) -> Iterator[str | tuple[str, str] | ast.Lambda]:
    """The same-module callables ``expr`` may denote: a name, ``("self", m)`` for
    ``self.m``/``cls.m``, a lambda, ``partial(f, ...)``, and the entries of a list,
    tuple or dict of those (``compile(metrics=[...])``)."""
    if isinstance(expr, ast.Name):
        yield expr.id
    elif isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in ("self", "cls"):
        yield ("self", expr.attr)
    elif isinstance(expr, ast.Lambda):
        yield expr
    elif isinstance(expr, ast.Call) and expr.args:
        yield from _callables(expr.args[0])
    elif isinstance(expr, (ast.List, ast.Tuple)):
        for element in expr.elts:
            yield from _callables(element)
    elif isinstance(expr, ast.Dict):
        for value in expr.values:
            yield from _callables(value)


#: What a program may do with a Keras object outside traced code without Keras tracing it: read
#: its weights and settings, call its methods directly (``layer.call(x)``, ``metric.update_state(y)``).
_EAGER_ATTRIBUTES = KERAS_TRACED_METHODS | frozenset({
    "weights", "trainable_weights", "non_trainable_weights", "variables", "trainable_variables",
    "non_trainable_variables", "get_weights", "set_weights", "name", "losses", "layers", "get_config",
    "count_params", "built", "dtype", "trainable", "kernel", "bias", "reset_state", "reset_states",
    "add_weight", "submodules", "input_spec"})
#: Builtins that only look at what they are given.
_LOOKING = frozenset({"print", "len", "isinstance", "issubclass", "type", "id", "repr", "str", "super", "hasattr", "getattr", "vars", "dir"})


def _escapes(screen: Screen, classes: set[ast.ClassDef]) -> dict[ast.ClassDef, list[tuple[str, ast.AST | None]]]:
    """For each Keras class of a program, the conditions under which Keras traces it:
    ``("always", None)``, ``("function", f)``: if ``f`` is traced, ``("class", d)``: if class
    ``d`` is (it subclasses this one, or stores an instance on ``self``)."""
    parent: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(screen.tree):
        for child in ast.iter_child_nodes(node):
            parent[child] = node
    functional = any(last_name(site.node.func) == "Input" for site in screen.sites(ast.Call))

    def around(node: ast.AST) -> ast.AST | None:
        while node in parent:
            node = parent[node]
            if isinstance(node, (*_DEFS, ast.Lambda)):
                return node
        return None

    by_name = {cls.name: cls for cls in classes}
    attributes: dict[ast.ClassDef, set[str]] = {}
    for cls in classes:  # what the class (and its bases in the file) defines: methods, `self.x = ...`
        names, pending = set(), [cls]
        while pending:
            current = pending.pop()
            for node in ast.walk(current):
                if isinstance(node, (*_DEFS, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                    names.add(node.attr)
            pending += [by_name[b.id] for b in current.bases if isinstance(b, ast.Name) and b.id in by_name and by_name[b.id] is not cls]
        attributes[cls] = names
    conditions: dict[ast.ClassDef, list[tuple[str, ast.AST | None]]] = defaultdict(list)
    instances: dict[str, set[ast.ClassDef]] = defaultdict(set)  # a name assigned an instance anywhere
    pending: list[str] = []  # names newly found to hold an instance

    def instance(cls: ast.ClassDef, expr: ast.AST) -> None:
        """Where an instance of ``cls`` (``expr``) goes."""
        up = parent.get(expr)
        add = conditions[cls].append
        if isinstance(up, ast.Assign) and up.value is expr:
            for target in up.targets:
                if isinstance(target, ast.Name):
                    if cls not in instances[target.id]:
                        instances[target.id].add(cls)
                        pending.append(target.id)
                elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self" \
                        and screen.class_around(around(up)) in classes:
                    add(("class", screen.class_around(around(up))))
                else:
                    add(("always", None))
        elif isinstance(up, ast.Call) and up.func is expr:
            add(("always", None) if functional else ("function", around(up)))
        elif isinstance(up, ast.Attribute) and up.value is expr:
            called = isinstance(parent.get(up), ast.Call) and parent[up].func is up
            if not (up.attr in _EAGER_ATTRIBUTES or up.attr in attributes[cls] or (not called and isinstance(up.ctx, ast.Store))):
                add(("always", None))
            add(("function", around(up)))
        elif isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id in _LOOKING or isinstance(up, ast.Expr):
            add(("function", around(up)))
        else:
            add(("always", None))

    names = [node for node in ast.walk(screen.tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)]
    for node in names:
        cls = by_name.get(node.id)
        up = parent.get(node)
        if cls is None:
            continue
        if isinstance(up, ast.ClassDef) and node in up.bases:
            conditions[cls].append(("class", up) if up in classes else ("always", None))
        elif isinstance(up, ast.Call) and up.func is node:
            instance(cls, up)
        elif not (isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id in _LOOKING):
            conditions[cls].append(("always", None))
    for node in names:  # `self(x)`, `fn(self)` in a method: the instance, wherever the method runs
        function = around(node)
        cls = screen.class_of.get(function)
        if node.id == "self" and cls in classes and not isinstance(parent.get(node), ast.Attribute):
            conditions[cls].append(("function", function))
    by_id: dict[str, list[ast.Name]] = defaultdict(list)
    for node in names:
        by_id[node.id].append(node)
    done: set[tuple[str, ast.ClassDef]] = set()
    while pending:
        name = pending.pop()
        for cls in list(instances[name]):
            if (name, cls) not in done:
                done.add((name, cls))
                for node in by_id.get(name, ()):
                    instance(cls, node)
    return conditions


def _replaced(cls: ast.ClassDef) -> set[str]:
    """Methods the class's ``__new__``/``__init__`` replace on the instance (``obj.update_state =
    types.MethodType(wrapper, obj)``, keras-cv's COCO metrics running it in a ``tf.py_function``):
    Keras calls the replacement, not the method as written."""
    found = set()
    for method in cls.body:
        if isinstance(method, _DEFS) and method.name in ("__new__", "__init__"):
            for node in ast.walk(method):
                if isinstance(node, ast.Assign):
                    found.update(t.attr for t in node.targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name))
    return found


def _true(keyword: ast.keyword, name: str) -> bool:
    """``name=True``."""
    return keyword.arg == name and isinstance(keyword.value, ast.Constant) and keyword.value.value is True


def _declares(function: ast.AST, name: str) -> bool:
    """Does ``function`` (or code nested in it) declare ``name`` global or nonlocal? Then
    ``global step; step = tf.function(step)`` wraps the module's ``step``."""
    return any(isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names for node in ast.walk(function))
