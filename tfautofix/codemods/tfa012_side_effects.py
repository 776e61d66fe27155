"""TFA012 python-side-effect-in-traced-function: Python state changed at trace time."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ComprehensionScope

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Fact, Known, Unknown, facts_of
from tfautofix.analysis.index import nodes
from tfautofix.analysis.int_arguments import CANDIDATE_DTYPES
from tfautofix.analysis.loops import loop_bound_names, names_in
from tfautofix.analysis.names import counts_traces
from tfautofix.analysis.tensor_values import may_be_tensor
from tfautofix.analysis.tensors import (
    _TUPLE_OPS,
    ScreenTensors,
    TensorInference,
    op_name,
    tensor_op,
)
from tfautofix.edits import split_function
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site, last_name

MUTATORS = frozenset(
    {"append", "extend", "insert", "add", "update", "pop", "popitem", "remove", "discard", "clear", "setdefault", "appendleft"}
)
#: TensorFlow ops that keep their input's dtype (so ``tf.TensorArray(x.dtype)`` holds their result).
_DTYPE_PRESERVING = frozenset(
    f"tensorflow.{op}" for op in ("square", "abs", "exp", "sqrt", "tanh", "sigmoid", "negative", "maximum", "minimum",
                                  "reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reshape", "identity")
)
#: ``nest.map_structure(f, ...)`` holds what ``f`` returns (not tensors because ``nest`` is TensorFlow's).
_NEST_MAPS = frozenset({"tensorflow.nest.map_structure", "tensorflow.python.util.nest.map_structure"})
_ONCE = "runs only while the function is traced ({reason}): once per trace, not on every call"



class PythonSideEffectInTracedFunction(Rule):
    code = "TFA012"
    name = "python-side-effect-in-traced-function"
    summary = "Python state changed in traced code changes once, at trace time, and keeps symbolic tensors"
    fixable = "safe"
    contract = "exact"
    triggers = ("[", "self.", "add", "append", "update", "global", "remove", "pop", "extend", "insert", "clear",
                "discard", "setdefault", "nonlocal")  # the commonest first: each is a scan of the file
    facts = (
        Fact("tensor-loop", "the loop certainly iterates a tensor (AutoGraph stages it: the original is broken, not unrolled)"),
        Fact("list-uses", "the list is created empty right before the loop, appended to only in it, and only stacked "
             "or concatenated on axis 0 after it"),
        Fact("dtype", "the values' dtype is that of one tensor or a cast, and means the same where the list is created"),
        Fact("no-xla", "no XLA compilation on the path (a dynamically sized TensorArray does not compile)"),
    )
    docs = """
Python code inside a `tf.function` runs while TensorFlow traces it, not when the
compiled graph runs. Appending to a list defined outside the function, mutating
a global or an attribute of a Python object therefore happens once per trace
instead of on every call, and what gets stored are symbolic tensors: using them
after the call raises `InaccessibleTensorError` ("the tensor is out of scope").
Eagerly, the same code does what it says on every call.

Reported (with the consequence): mutating a Python container defined outside
the function (`history.append(loss)`, `cache[key] = x`, with `history`/`cache`
bound to a list/dict/set), assigning a `global` or `nonlocal` name (not a
`nonlocal` of a traced function, which every trace creates anew), setting
`self.attr` to a value that may be a tensor in a traced method, mutating
`self.attr` that the class makes a container, and modifying a Python argument
of the `tf.function` itself (`arg.append(...)`, `arg[k] = v`, anywhere in its
body: TensorFlow raises "should not modify its Python input arguments"). Keep
such state in a `tf.Variable` (`.assign(...)`), or return the values and collect
them outside.

Fixed (safe): the collect-per-step loop. A list filled in a loop over a value
that is certainly a tensor (a TensorFlow op's result, a parameter in an
`input_signature`), which AutoGraph turns into a `tf.while_loop`, cannot
collect the loop's tensors; when the list is created empty right before the
loop, only appended to in it and only stacked or concatenated (axis 0) after
it, it becomes a `tf.TensorArray` (`outs = outs.write(outs.size(), value)`,
`outs.stack()`; `infer_shape=False` for `concat`), with the dtype of the one
tensor the values come from (or of a `tf.cast`), read where the list was created:
no fix when that name is bound again between `outs = []` and the loop or in it
(`rows = tf.cast(rows, tf.float32)` after `outs = []`). When the values' dtype is not
evident (`x = x * 0.9` in the loop), an unsafe fix per candidate dtype (`tf.float32`
first, then `int32`, `int64`, `float64`): `fix --verify` writes the one execution confirms.

With AutoGraph's `LISTS` feature (`experimental_autograph_options`, measured on TF 2.21)
`x.append(v)` becomes `x = ag__.list_append(x, v)` and `[]` an untyped TensorList: an
append to a list defined outside raises `UnboundLocalError` on every call, and one to a
local `outs = []` raises `ValueError` (`set_element_type` is gone from TensorFlow 2); both
are reported so. Where the options are a variable, the message says both outcomes.

Left alone (not hazards): loops over Python lists of tensors or over
`tf.unstack`/`tf.split` results and over parameters of unknown type (unrolled at
trace time, which works); Keras build-once and lazy-init idioms
(`self.built = True`, flags set to a literal, `if not self.x: self.x = Layer()`,
`if holder[0] is None: holder[0] = ...`, assignments in `build`/`_build*`,
objects constructed there); `self.x = nest.map_structure(f, inputs)` with an `f` that
returns no tensor (shapes); methods of things that are not Python containers
(`MutableHashTable.insert`, `optimizer.update(model, x, y)`); functions given to
`tf.py_function`/`tf.numpy_function`; code outside traced functions. And state
changed once per trace on purpose: trace counters named so (`tracing_count`,
`_TRACE_COUNT`, `num_traces`), a counter read only to build names
(`self._call_id += 1; name = "{}".format(self._call_id)`: it numbers the ops the
trace creates), and local `tf.function`s used only as `f.get_concrete_function()`
(traced to build a graph, never called: TensorFlow's saveables, shape probes).
"""
    before = """\
import tensorflow as tf

@tf.function
def doubled(x):
    outs = []
    for i in tf.range(tf.shape(x)[0]):
        outs.append(x[i] * 2.0)
    return tf.stack(outs)
"""
    after = """\
import tensorflow as tf

@tf.function
def doubled(x):
    outs = tf.TensorArray(x.dtype, size=0, dynamic_size=True)
    for i in tf.range(tf.shape(x)[0]):
        outs = outs.write(outs.size(), x[i] * 2.0)
    return outs.stack()
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """In traced code: each mutating method of ``self.x`` or of a name the
        function does not bind, each loop over tensors appending to a list, each item
        assignment to such a name, each assignment to a global, a nonlocal or ``self.x``."""
        declared = {name for site in screen.sites(ast.Global, ast.Nonlocal) for name in site.node.names}
        defined = {site.node.name for site in screen.sites(ast.FunctionDef, ast.AsyncFunctionDef)}
        local_names: dict[ast.AST, set[str]] = {}  # function → `_local_names`

        def outer(name: ast.AST, function: ast.AST) -> bool:
            """A name the function does not bind, or one of its parameters."""
            if not isinstance(name, ast.Name) or screen.imported(name.id) or name.id in defined:
                return False
            return name.id not in _local_names(function, local_names) or name.id in _parameters(function)

        def written(name: ast.AST, site: Site) -> bool:
            """Can mutating ``name`` at ``site`` be a finding: a name defined outside (``_binding``'s
            "outer") or an argument of the tf.function (``_entry_parameter``)?"""
            return (outer(name, site.function) and not _plain_parameter(screen, name, site)
                    and (name.id in declared or not _traced_closure(screen, name.id, site.function, local_names)))

        found = [
            site for site in screen.traced_sites(ast.Call)
            if isinstance(site.node.func, ast.Attribute) and site.node.func.attr in MUTATORS
            and ((_self_attribute(site.node.func.value) and not _in_build_method(screen, site)) or written(site.node.func.value, site))
            and not _changed_on_purpose(screen, site, site.node.func.value)
        ]
        # `self.x.append(...)` is a finding only if the class makes `self.x` a container: keep those assignments.
        receivers = {_spelled(site.node.func.value) for site in found if _self_attribute(site.node.func.value)}
        if receivers:
            found += [site for site in screen.sites(ast.Assign) if any(_spelled(t) in receivers for t in site.node.targets)]
        found += [  # `outs = []; outs.append(x)` where AutoGraph's LISTS makes `outs` a TensorList
            site for site in screen.traced_sites(ast.Call)
            if isinstance(site.node.func, ast.Attribute) and site.node.func.attr == "append"
            and True in screen.traced_code.autograph_feature(site.function, "LISTS")
        ]
        loops = [site for site in screen.traced_sites(ast.For) if _appends(site.node)]
        if loops:
            tensors = ScreenTensors(screen)
            found += [site for site in loops if _may_iterate_tensor(screen, tensors, site.node.iter)]
        for site in screen.traced_sites(ast.Assign, ast.AugAssign, ast.AnnAssign):
            node = site.node
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if (
                    (isinstance(target, ast.Subscript) and written(target.value, site))
                    or (isinstance(target, ast.Name) and target.id in declared)
                    or (_self_attribute(target) and not _creates_state(screen, node.value) and not _stores_no_tensor(screen, site))
                ) and not _changed_on_purpose(screen, site, target):
                    found.append(site)
        return found

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        found: list[tuple[cst.CSTNode, Finding]] = []
        for call in nodes(ctx, cst.Call):
            if not isinstance(call.func, cst.Attribute):
                continue
            if call.func.attr.value in MUTATORS and ctx.is_traced(call):
                finding = self._mutation(ctx, call, call.func.value)
                if finding is not None:
                    found.append((call, finding))
        for target in _assignment_targets(ctx):
            if ctx.is_traced(target):
                finding = self._assignment(ctx, target)
                if finding is not None:
                    found.append((target, finding))
        splits = self._splits(ctx, [node for node, finding in found if finding.fix is None])
        for node, finding in found:
            split = splits.get(ctx.enclosing(node, cst.FunctionDef)) if finding.fix is None else None
            if split is not None:
                finding.message += f"; fix: {split.label}" + self.unsafe_note(split)
                finding.fix = split
            yield finding

    def _splits(self, ctx: FileContext, unfixed: list[cst.CSTNode]) -> dict[cst.FunctionDef, Fix]:
        """Per traced function, its Python side effects moved to an eager wrapper around a traced
        core (``edits.split_function``): they then happen on every call, as eagerly. Every unfixed
        finding of the function must lie in a statement of its body that can move."""
        moved: dict[cst.FunctionDef, list] = {}
        for node in unfixed:
            func = ctx.enclosing(node, cst.FunctionDef)
            statement = next((a for a in (node, *ctx.ancestors(node)) if func is not None and ctx.parent(a) is func.body), None)
            if func is None or func in moved and moved[func] is None:
                continue
            if statement is None:
                moved[func] = None  # type: ignore[assignment]
            elif statement not in moved.setdefault(func, []):
                moved[func].append(statement)
        splits = {}
        for func, statements in moved.items():
            if statements:
                edits, why_not = split_function(ctx, func, statements)
                if why_not is None:
                    splits[func] = Fix(edits, "unsafe", (), (
                        "closed-world: the function is called only eagerly (another module tracing it would trace the side effect)",),
                        "the side effect in an eager wrapper around a traced core")
        return splits

    # -- container mutation ------------------------------------------------
    def _mutation(self, ctx: FileContext, call: cst.Call, receiver: cst.BaseExpression) -> Finding | None:
        method = call.func.attr.value  # type: ignore[union-attr]
        reason = ctx.traced_reason(call)
        if not _container_call(call):
            return None  # `optimizer.update(model, x, y)`, `table.insert(keys, values)`: not a container's method
        if _is_self_attribute(receiver):
            if _in_build(ctx, call) or not _container_attribute(ctx, receiver) or _on_purpose(ctx, call, receiver):
                return None  # `self.table.insert(...)` on a lookup table, a Keras tracker, ...: not a Python container
            text = ctx.code(receiver)
            message = (f"`{text}.{method}(...)` {_ONCE.format(reason=reason)}; `{text}` ends up holding symbolic "
                       "tensors that raise `InaccessibleTensorError` when used outside; return the values instead")
            return self.finding(ctx, call, message)
        if not isinstance(receiver, cst.Name):
            return None
        if _entry_parameter(ctx, receiver):
            copy = "list" if method in ("append", "extend", "insert", "remove", "appendleft") else "dict"
            return self._argument_mutation(ctx, call, receiver.value, f"`{receiver.value}.{method}(...)`", copy)
        where = _binding(ctx, receiver)
        lists = ctx.autograph_feature(call, "LISTS") if _list_call(call) and not _declared(ctx, receiver) else frozenset({False})
        if where == "outer" and _container_binding(ctx, receiver) and not _on_purpose(ctx, call, receiver):
            rebinds = (f"rewrites it to `{receiver.value} = ag__.list_{method}({receiver.value}, ...)`, which makes "
                       f"`{receiver.value}` local: every call raises `UnboundLocalError`")
            if lists == {True}:
                return self.finding(ctx, call, f"`{receiver.value}.{method}(...)` mutates a Python object defined outside "
                                               f"the function ({reason}): AutoGraph's `LISTS` feature (`experimental_autograph_options`) "
                                               f"{rebinds}; return the values instead, or use a `tf.Variable`")
            message = (f"`{receiver.value}.{method}(...)` mutates a Python object defined outside the function: it "
                       f"{_ONCE.format(reason=reason)}, and `{receiver.value}` collects symbolic tensors that raise "
                       "`InaccessibleTensorError` when used outside; return the values instead, or use a `tf.Variable`")
            if lists != {False}:  # unknown options, or LISTS on some paths only
                message += f" (and where `experimental_autograph_options` turns on AutoGraph's `LISTS` feature, it {rebinds})"
            return self.finding(ctx, call, message)
        if where == "local" and method == "append":
            loop = _tensor_loop(ctx, call)
            if loop is not None:
                return self._collect_in_loop(ctx, call, receiver, loop)
            if lists == {True} and _empty_list(ctx, receiver):
                return self.finding(ctx, call, (
                    f"`{receiver.value}.append(...)` ({reason}): AutoGraph's `LISTS` feature (`experimental_autograph_options`) "
                    f"makes `{receiver.value} = []` a TensorList of no element type (`set_element_type` is gone from "
                    f"TensorFlow 2), so every append raises `ValueError: Trying to push to list with wrong element dtype`; "
                    f"collect the values in a `tf.TensorArray`, or drop `LISTS`"))
        return None

    def _argument_mutation(self, ctx: FileContext, node: cst.CSTNode, name: str, what: str, copy: str = "dict") -> Finding:
        message = (f"{what} modifies `{name}`, a Python argument of the tf.function: TensorFlow raises "
                   f"\"should not modify its Python input arguments\" (and the change would happen once per trace); "
                   f"modify a copy (`{name} = {copy}({name})`) and return it")
        return self.finding(ctx, node, message)

    def _collect_in_loop(self, ctx: FileContext, call: cst.Call, name: cst.Name, loop: cst.For) -> Finding:
        message = (f"`{name.value}.append(...)` in a loop over tensors (AutoGraph makes it a `tf.while_loop`) cannot "
                   f"collect per-step tensors: the list receives the loop body's symbolic tensors and using it after "
                   f"the loop raises `InaccessibleTensorError`; collect them in a `tf.TensorArray`")
        value = call.args[0].value if len(call.args) == 1 and not call.args[0].star and not call.args[0].keyword else None
        dtype = _dtype(ctx, value, loop)
        tf_name = ctx.tensorflow_alias[0]
        # Not evident from the code: each candidate dtype is a fix, and execution (`fix --verify`) chooses.
        dtypes = [dtype] if dtype is not None else [f"{tf_name}.{d}" for d in CANDIDATE_DTYPES] if value is not None else []
        candidates, why_not = [], "the appended value is not one positional argument"
        for spelled in dtypes:
            fix, why_not = _tensor_array_fix(ctx, call, name, loop, spelled)
            if fix is None:
                break
            # `_tensor_array_fix` proves the tensor-loop and list-uses facts or makes no fix
            evidence = {"tensor-loop": Known(), "list-uses": Known(), "no-xla": facts_of(ctx).xla(call), "dtype": Known()
                        if dtype is not None else Unknown("the appended values' dtype is not evident: execution chooses")}
            candidates.append(self.closed_fix(fix.edits, evidence, fix.imports, label="" if dtype else f"dtype={spelled}"))
        if not dtypes or len(candidates) < len(dtypes):
            return self.finding(ctx, call, f"{message} (not fixed: {why_not})")
        first, *others = candidates
        tried = f" ({first.label}; other candidates for `fix --verify`: {', '.join(c.label for c in others)})" if others else ""
        return self.finding(ctx, call, f"{message}{tried}{self.unsafe_note(first)}", first, alternatives=others)

    # -- assignments -------------------------------------------------------
    def _assignment(self, ctx: FileContext, target: cst.BaseExpression) -> Finding | None:
        reason = ctx.traced_reason(target)
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and _entry_parameter(ctx, target.value):
            return self._argument_mutation(ctx, target, target.value.value, f"`{ctx.code(target)} = ...`")
        if _lazy_init(ctx, target) or _on_purpose(ctx, target, target):
            return None  # `if x is None: x = ...`: created once, at the first trace, on purpose
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and _binding(ctx, target.value) == "outer":
            name = target.value.value
            message = f"item assignment to `{name}`, defined outside the function, {_ONCE.format(reason=reason)}"
            if _stores_tensor(ctx, target):
                message += f"; `{name}` keeps symbolic tensors that raise `InaccessibleTensorError` when used outside"
            return self.finding(ctx, target, message)
        if isinstance(target, cst.Name) and _declared(ctx, target) and not _constant_assignment(ctx, target):
            if _declared(ctx, target) == "nonlocal" and _owned_by_traced(ctx, target):
                return None  # `i += 1` naming tensors: the traced owner creates `i` anew in every trace
            message = (f"assignment to {_declared(ctx, target)} `{target.value}` {_ONCE.format(reason=reason)}; "
                       "keep the value in a `tf.Variable` and `.assign(...)` it, or return it")
            return self.finding(ctx, target, message)
        if _is_self_attribute(target) and _may_store_tensor(ctx, target):
            text = ctx.code(target)
            if not _stores_tensor(ctx, target):  # `self.calls += 1`
                message = (f"`{text} {ctx.code(ctx.parent(target).operator).strip()} ...` {_ONCE.format(reason=reason)}: "
                           f"`{text}` counts traces, not calls; keep it in a `tf.Variable` (`{text}.assign_add(...)`)")
                return self.finding(ctx, target, message)
            message = (f"`{text} = ...` {_ONCE.format(reason=reason)}; afterwards `{text}` holds a symbolic tensor "
                       f"that raises `InaccessibleTensorError` when used outside; keep state in a `tf.Variable` "
                       f"(`{text}.assign(...)`) or return the value")
            return self.finding(ctx, target, message)
        return None


def _list_call(call: cst.Call) -> bool:
    """Does AutoGraph's ``LISTS`` feature rewrite ``call`` (by its spelling alone): ``x.append(v)``, ``x.pop()``, ``x.pop(i)``?"""
    positional = [a for a in call.args if a.keyword is None and not a.star]
    method = call.func.attr.value  # type: ignore[attr-defined]
    return len(positional) == len(call.args) and (len(positional) == 1 if method == "append" else method == "pop" and len(positional) <= 1)


def _empty_list(ctx: FileContext, name: cst.Name) -> bool:
    """Is every binding of ``name`` in its function ``name = []``?"""
    scope = _function_scope(ctx, name)
    if scope is None or name.value not in scope:
        return False
    bindings = [ctx.parent(ctx.parent(a.node)) for a in scope[name.value] if a.scope is scope]
    return bool(bindings) and all(
        isinstance(node, cst.Assign) and len(node.targets) == 1 and m.matches(node.value, m.List(elements=[])) for node in bindings)


def _assignment_targets(ctx: FileContext) -> Iterator[cst.BaseExpression]:
    for kind in (cst.AssignTarget, cst.AugAssign, cst.AnnAssign):
        for node in nodes(ctx, kind):
            yield node.target


def _is_self_attribute(node: cst.CSTNode) -> bool:
    return m.matches(node, m.Attribute(value=m.Name("self") | m.Name("cls")))


def _function_scope(ctx: FileContext, node: cst.CSTNode):
    scope = ctx.scope(node)
    while isinstance(scope, ComprehensionScope):
        scope = scope.parent
    return scope


def _binding(ctx: FileContext, name: cst.Name) -> str | None:
    """"local" when ``name`` is bound in the function using it, "outer" when only outside it."""
    scope = _function_scope(ctx, name)
    if scope is None or name.value not in scope:
        return None
    assignments = [a for a in scope[name.value] if getattr(a, "node", None) is not None]
    if not assignments:
        return None  # a builtin
    if any(a.scope is scope for a in assignments):
        return "local"
    if any(isinstance(a.node, (cst.Import, cst.ImportFrom, cst.FunctionDef, cst.ClassDef)) for a in assignments):
        return None  # a module or a class: not a container we can see
    if all(isinstance(getattr(a.scope, "node", None), cst.FunctionDef) and ctx.is_traced(a.scope.node) for a in assignments):
        return None  # a local of an enclosing traced function: created anew in the same trace
    return "outer"


def _declared(ctx: FileContext, name: cst.Name) -> str | None:
    """"global"/"nonlocal" when the enclosing function declares ``name`` so."""
    func = ctx.enclosing(name, cst.FunctionDef)
    if func is None:
        return None
    for kind, statement_type in (("global", cst.Global), ("nonlocal", cst.Nonlocal)):
        for statement in nodes(ctx, statement_type):
            if ctx.enclosing(statement, cst.FunctionDef) is func and any(
                item.name.value == name.value for item in statement.names
            ):
                return kind
    return None


def _owned_by_traced(ctx: FileContext, name: cst.Name) -> bool:
    """Is the function that binds the ``nonlocal`` ``name`` traced itself? Then each trace
    (like each eager call) starts it afresh: state of one trace, not kept across calls."""
    functions = [f for f in ctx.ancestors(name) if isinstance(f, cst.FunctionDef)]
    for outer in functions[1:]:
        params = {p.name.value for p in (*outer.params.posonly_params, *outer.params.params, *outer.params.kwonly_params)}
        if name.value in params or name.value in names_in(outer.body, nested=False)[1]:
            return ctx.is_traced(outer)
    return False


def _value(ctx: FileContext, target: cst.BaseExpression) -> cst.BaseExpression | None:
    """What ``target = value`` assigns (None for ``+=``, ``for target in ...``)."""
    parent = ctx.parent(target)
    if isinstance(parent, cst.AssignTarget):
        return ctx.parent(parent).value  # type: ignore[union-attr]
    if isinstance(parent, cst.AnnAssign):
        return parent.value
    return None


def _stores_tensor(ctx: FileContext, target: cst.BaseExpression) -> bool:
    """May the statement leave a tensor in ``target``: its value, or ``+=``'s right side?
    (Messages claim symbolic tensors only then: ``counts[0] = counts[0] + 1`` keeps a number.)"""
    statement = ctx.parent(target)
    value = statement.value if isinstance(statement, cst.AugAssign) else _value(ctx, target)
    return value is None or may_be_tensor(ctx, value)


def _is_literal(expr: cst.BaseExpression | None) -> bool:
    if isinstance(expr, cst.UnaryOperation):
        expr = expr.expression
    return isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)) or m.matches(
        expr, m.Name("True") | m.Name("False") | m.Name("None")
    )


def _constant_assignment(ctx: FileContext, target: cst.BaseExpression) -> bool:
    """``_warned = True``: a flag set at trace time holds no tensor (warn-once, build-once idioms)."""
    return _is_literal(_value(ctx, target))


def _mentions(ctx: FileContext, test: cst.BaseExpression, text: str) -> bool:
    return any(ctx.code(node) == text for node in m.findall(test, m.Name() | m.Attribute() | m.Subscript()))


def _lazy_init(ctx: FileContext, target: cst.BaseExpression) -> bool:
    """``if x is None: x = ...`` / ``if not self.built:`` / ``x = make() if x is None else x``:
    state created at the first trace on purpose (a singleton, a layer, a build-once flag)."""
    text = ctx.code(target)
    value = _value(ctx, target)
    if isinstance(value, cst.IfExp) and _mentions(ctx, value.test, text):
        return True
    guards = {text, "self.built", "self._built"}
    if isinstance(target, cst.Subscript):
        if value is not None and _computed_tensor(ctx, value):
            return False  # `if k not in cache: cache[k] = x * x`: a memo of this trace's tensors, not an object made once
        guards.add(ctx.code(target.value))  # `if not cache: cache["k"] = ...`
    return any(
        isinstance(a, cst.If) and any(_mentions(ctx, a.test, g) for g in guards) for a in ctx.ancestors(target)
    )


def _computed_tensor(ctx: FileContext, value: cst.BaseExpression) -> bool:
    """May ``value`` be a tensor computed by the trace (an op, arithmetic), not an object
    constructed once (``tf.Variable(...)``, ``Dense(...)``, ``MutableHashTable(...)``)?"""
    if isinstance(value, cst.Call):
        func = value.func
        name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
        if name[:1].isupper():
            return False
    return may_be_tensor(ctx, value)


def _on_purpose(ctx: FileContext, node: cst.CSTNode, state: cst.BaseExpression) -> bool:
    """State changed once per trace on purpose: a trace counter (``counts_traces``), a counter
    that numbers names (``_numbers_names``), or in a function traced only to build a graph
    (``TracedCode.graph_only``)."""
    numbered = node is state and _numbers_names(ctx, state)
    while isinstance(state, cst.Subscript):
        state = state.value
    name = state.attr if isinstance(state, cst.Attribute) else state
    return numbered or (isinstance(name, cst.Name) and counts_traces(name.value)) or ctx.graph_only(node)


def _numbers_names(ctx: FileContext, target: cst.BaseExpression) -> bool:
    """``self._call_id += 1`` read only to build strings (``name = "{}".format(self._call_id)``):
    it numbers what this trace creates (op names, tags), trace-time work by nature
    (TF-Recommenders' ``_tpu_call_id``). Any other read (a step, a value) keeps the finding."""
    statement = ctx.parent(target)
    function = ctx.enclosing(target, cst.FunctionDef)
    if function is None or not m.matches(statement, m.AugAssign(operator=m.AddAssign(), value=m.Integer())):
        return False
    text = ctx.code(target)
    reads = [n for n in m.findall(function, m.Name() | m.Attribute()) if n is not target and ctx.code(n) == text]
    return bool(reads) and all(any(_builds_string(a) for a in ctx.ancestors(read)) for read in reads)


def _builds_string(node: cst.CSTNode) -> bool:
    """``"..".format(...)``, ``str(...)``, an f-string, ``".." % ...``."""
    return isinstance(node, cst.FormattedString) or m.matches(
        node,
        m.Call(func=m.Name("str") | m.Attribute(value=m.SimpleString(), attr=m.Name("format")))
        | m.BinaryOperation(left=m.SimpleString(), operator=m.Modulo()),
    )


def _in_build(ctx: FileContext, node: cst.CSTNode) -> bool:
    """In ``build``/``_build*`` (Keras-style build-once code, run on the first call only) or in
    ``__init__`` (an object constructed during the trace, not state kept across calls)."""
    method = ctx.enclosing(node, cst.FunctionDef)
    return method is not None and (method.name.value.startswith(("build", "_build")) or method.name.value == "__init__")


def _may_store_tensor(ctx: FileContext, target: cst.BaseExpression) -> bool:
    """Can ``self.x = value`` leave a symbolic tensor behind? Not for ``self.built = True``,
    layers and other objects constructed here, variables (TFA001's business), or code in
    ``build``/``_build*`` (Keras runs it once)."""
    if _in_build(ctx, target):
        return False
    value = _value(ctx, target)
    if value is None:
        return True  # `self.n += x`
    if _is_literal(value) or isinstance(value, (cst.List, cst.Dict, cst.Set)) and not value.elements:
        return False
    if isinstance(value, cst.Call):
        names = ctx.names(value.func)
        if ctx.resolves_to(value.func, "tensorflow.Variable") or m.matches(
            value.func, m.Attribute(attr=m.Name("add_weight") | m.Name("add_variable"))
        ):
            return False
        if any(n.startswith(("keras.", "tensorflow.keras.")) for n in names):
            return False  # a layer, metric, optimizer...
        last = value.func.attr.value if isinstance(value.func, cst.Attribute) else getattr(value.func, "value", "")
        if last[:1].isupper() and not any(n.startswith("tensorflow.") for n in names):
            return False  # `Layer(...)`: an object constructed here
        if names & _NEST_MAPS:  # `nest.map_structure(_get_shape_tuple, inputs)`: what the function returns
            function = value.args[0].value if value.args else None
            if isinstance(function, cst.Lambda):
                return may_be_tensor(ctx, function.body)
            return function is not None and any(n.startswith("tensorflow.") for n in ctx.names(function))
    return may_be_tensor(ctx, value)


_CONTAINERS = frozenset({"builtins.list", "builtins.dict", "builtins.set", "collections.defaultdict",
                         "collections.OrderedDict", "collections.deque", "collections.Counter"})


def _is_container(ctx: FileContext, value: cst.BaseExpression | None) -> bool:
    """``[]``, ``{}``, ``set()``, ``collections.deque()``... : a Python container."""
    if isinstance(value, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)):
        return True
    return isinstance(value, cst.Call) and bool(ctx.names(value.func) & _CONTAINERS)


def _container_call(call: cst.Call) -> bool:
    """Arguments a list/dict/set method accepts: ``update`` takes one mapping, ``insert`` an index and a value."""
    positional = [a for a in call.args if a.keyword is None]
    method = call.func.attr.value  # type: ignore[union-attr]
    if method == "update":
        return len(positional) <= 1
    if method == "insert":
        return len(positional) == 2 and not any(a.keyword for a in call.args)
    return True


def _container_attribute(ctx: FileContext, receiver: cst.Attribute) -> bool:
    """Does the class assign a Python container to ``self.<attr>``?"""
    cls = ctx.enclosing(receiver, cst.ClassDef)
    if cls is None:
        return False
    text = ctx.code(receiver)
    for target in m.findall(cls, m.AssignTarget() | m.AnnAssign()):
        if ctx.code(target.target) == text and _is_container(ctx, _value(ctx, target.target)):
            return True
    return False


def _container_binding(ctx: FileContext, name: cst.Name) -> bool:
    """Is every visible assignment of ``name`` a Python container (or unknown, as a parameter is)?"""
    scope = _function_scope(ctx, name)
    values = []
    for assignment in scope[name.value] if scope is not None else ():
        node = getattr(assignment, "node", None)
        if isinstance(node, cst.Param):
            continue
        parent = ctx.parent(node) if node is not None else None
        if isinstance(parent, cst.AssignTarget):
            values.append(ctx.parent(parent).value)  # type: ignore[union-attr]
        elif isinstance(parent, cst.AnnAssign):
            values.append(parent.value)
        else:
            return False
    return all(_is_container(ctx, v) for v in values)


def _entry_parameter(ctx: FileContext, name: cst.Name) -> bool:
    """Is ``name`` a parameter of the ``tf.function`` itself (whose Python arguments TF checks)?"""
    func = ctx.enclosing(name, cst.FunctionDef)
    if func is None or ctx.traced.get(func) not in _ENTRY_REASONS:
        return False
    scope = _function_scope(ctx, name)
    if scope is None or name.value not in scope:
        return False
    return any(
        isinstance(getattr(a, "node", None), cst.Param) and a.scope is scope and name.value not in ("self", "cls")
        for a in scope[name.value]
    ) and all(isinstance(getattr(a, "node", None), cst.Param) for a in scope[name.value] if a.scope is scope)


# -- the tf.TensorArray fix -------------------------------------------------------


def _tensor_loop(ctx: FileContext, call: cst.Call) -> cst.For | None:
    """The ``for`` loop over tensors whose body has ``call`` as a statement of its own."""
    expr, line = ctx.parent(call), ctx.parent(ctx.parent(call))
    block = ctx.parent(line) if line is not None else None
    loop = ctx.parent(block) if block is not None else None
    if not (isinstance(expr, cst.Expr) and isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1):
        return None
    if not isinstance(loop, cst.For) or loop.body is not block:
        return None
    iterable = loop.iter
    if isinstance(iterable, cst.Call) and ctx.resolves_to(iterable.func, "builtins.range"):
        return None  # Python range: unrolled at trace time unless its bound is a tensor; leave it
    if isinstance(iterable, (cst.List, cst.Tuple)) or isinstance(iterable, cst.Call) and op_name(ctx, iterable) in _TUPLE_OPS:
        return None  # a Python sequence of tensors: unrolled at trace time, which works
    return loop if _iterates_tensor(ctx, loop) else None


def _iterates_tensor(ctx: FileContext, loop: cst.For) -> bool:
    """Is the loop's iterable certainly a tensor (a TF op's result, a parameter in an
    input_signature)? Only then AutoGraph makes it a ``tf.while_loop``; over a Python
    list of tensors the loop is unrolled and the original works."""
    func = ctx.enclosing(loop, cst.FunctionDef)
    iterable = loop.iter
    if func is None or isinstance(iterable, cst.Call) and op_name(ctx, iterable) in _TUPLE_OPS:
        return False
    return TensorInference(ctx, func).is_tensor(iterable)


def _tensor_array_fix(ctx: FileContext, call: cst.Call, name: cst.Name, loop: cst.For, dtype: str) -> tuple[Fix | None, str]:
    """The list made a ``tf.TensorArray(dtype, ...)``, or None and why not."""
    func = ctx.enclosing(loop, cst.FunctionDef)
    block = ctx.parent(loop)
    if func is None or not isinstance(block, (cst.IndentedBlock, cst.Module)):
        return None, "the loop is not in a function body"
    before = block.body[: block.body.index(loop)]
    init = next((s for s in reversed(before) if m.matches(s, m.SimpleStatementLine(
        body=[m.Assign(targets=[m.AssignTarget(target=m.Name(name.value))], value=m.List(elements=[]))]))), None)
    if init is None:
        return None, f"`{name.value} = []` is not right before the loop"
    # The TensorArray is created where the list was, or right before the loop when its dtype
    # (`rows.dtype`) is bound again in between (`rows = tf.cast(rows, tf.float32)`); it must
    # mean in the loop what it means there.
    between = before[before.index(init) + 1:]
    root = re.match(r"\w+", dtype)
    root = root.group() if root is not None else None
    if root in loop_bound_names(loop):
        return None, f"`{root}` (the values' dtype) is bound again in the loop"
    moved = root in set().union(*(names_in(s, nested=False)[1] for s in between))
    loop_end = ctx.span(loop)[1]
    edits: dict = {}
    for use in m.findall(func, m.Name(name.value)):
        parent = ctx.parent(use)
        if isinstance(parent, cst.Attribute) and parent.attr is use:
            continue
        if use is name or ctx.parent(ctx.parent(use)) is init.body[0]:
            continue
        outer = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
        method = _collecting_call(ctx, outer, use) if isinstance(outer, cst.Call) else None
        if method is None or ctx.span(outer)[0] < loop_end:
            return None, f"`{name.value}` is used other than stacked or concatenated after the loop"
        edits[outer] = cst.parse_expression(f"{name.value}.{method}()")
    tf_name, tf_import = ctx.tensorflow_alias
    # concat joins pieces whose first dimension may differ: only stack needs equal shapes.
    shapes = ", infer_shape=False" if any(m.matches(e, m.Call(func=m.Attribute(attr=m.Name("concat")))) for e in edits.values()) else ""
    created = cst.parse_expression(f"{tf_name}.TensorArray({dtype}, size=0, dynamic_size=True{shapes})")
    if moved:
        edits[init] = cst.RemoveFromParent()
        # the list's line goes, its comments move with it to the TensorArray's
        edits[loop] = _CreatedAbove(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name.value))], created)],
                                                            init.leading_lines, init.trailing_whitespace))
    else:
        edits[init.body[0].value] = created
    write = cst.Call(cst.parse_expression(f"{name.value}.write"),
                     [cst.Arg(cst.parse_expression(f"{name.value}.size()")), cst.Arg(call.args[0].value)])
    edits[ctx.parent(call)] = cst.Assign([cst.AssignTarget(cst.Name(name.value))], write)
    # Preconditions of this safe fix, all proven above: the loop certainly iterates a tensor
    # (`_tensor_loop`: so AutoGraph stages it and the original is broken, not unrolled), the
    # list is created empty right before it, only appended to inside it and only stacked or
    # concatenated (on axis 0) after it; the caller says whether the dtype is known.
    return Fix(edits, imports=(tf_import,) if tf_import else ()), ""


@dataclass(frozen=True)
class _CreatedAbove:
    """Edit of a loop putting ``statement`` right above it (a class: fixes must pickle)."""

    statement: cst.SimpleStatementLine

    def __call__(self, updated: cst.For) -> cst.FlattenSentinel:
        return cst.FlattenSentinel([self.statement.with_changes(leading_lines=[*self.statement.leading_lines, *updated.leading_lines]),
                                    updated.with_changes(leading_lines=[])])


def _collecting_call(ctx: FileContext, call: cst.Call, use: cst.Name) -> str | None:
    """"stack"/"concat" for ``tf.stack(L)`` and ``tf.concat(L, 0)``, which a TensorArray does itself."""
    if call.args[0].value is not use:
        return None
    if ctx.resolves_to(call.func, "tensorflow.stack") and len(call.args) == 1:
        return "stack"
    if ctx.resolves_to(call.func, "tensorflow.concat") and len(call.args) == 2 and m.matches(
        call.args[1], m.Arg(value=m.Integer("0"), keyword=m.Name("axis") | None)
    ):
        return "concat"
    return None


def _dtype(ctx: FileContext, value: cst.BaseExpression | None, loop: cst.For) -> str | None:
    """Code for the dtype of ``value``: that of the one tensor it is computed from, of a ``tf.cast``, or
    the one ``TensorInference`` knows."""
    if value is None:
        return None
    targets = names_in(loop.target)[0]
    varying = loop_bound_names(loop)
    sources: set[str] = set()

    def walk(node: cst.BaseExpression) -> bool:
        if isinstance(node, (cst.Integer, cst.Float)):
            return True
        if isinstance(node, cst.Name):
            if node.value in targets:  # iterating over a tensor: elements have its dtype
                if isinstance(loop.iter, cst.Name) and loop.iter.value not in varying:
                    sources.add(f"{loop.iter.value}.dtype")
                    return True
                return False
            if node.value in varying or not may_be_tensor(ctx, node):
                return False
            sources.add(f"{node.value}.dtype")
            return True
        if isinstance(node, cst.Subscript):
            indices = [e.slice for e in node.slice]
            return walk(node.value) and all(
                isinstance(i, cst.Index) and (isinstance(i.value, cst.Integer) or m.matches(i.value, m.Name())
                                              and i.value.value in targets)
                for i in indices
            )
        if isinstance(node, cst.BinaryOperation):
            return isinstance(node.operator, (cst.Add, cst.Subtract, cst.Multiply)) and walk(node.left) and walk(node.right)
        if isinstance(node, cst.UnaryOperation):
            return isinstance(node.operator, cst.Minus) and walk(node.expression)
        if isinstance(node, cst.Call):
            if ctx.resolves_to(node.func, "tensorflow.cast") and len(node.args) == 2:
                sources.add(ctx.code(node.args[1].value))
                return True
            return bool(ctx.names(node.func) & _DTYPE_PRESERVING) and all(
                walk(arg.value) for arg in node.args if arg.keyword is None
            )
        return False

    if walk(value) and len(sources) == 1:
        return sources.pop()
    # Else a dtype the code fixes (a bool op, `tf.shape`, `tf.argmax`, a signature's), spelled as a constant.
    func = ctx.enclosing(loop, cst.FunctionDef)
    known = TensorInference(ctx, func).dtype(value) if func is not None else None
    return f"{ctx.tensorflow_alias[0]}.{known}" if known is not None else None


# -- the screen's view (builtin ast) ------------------------------------------------

_ADD_WEIGHT = ("add_weight", "add_variable")
_ENTRY_REASONS = ("decorated with tf.function", "wrapped by tf.function")  # see `_entry_parameter`
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_INNER_SCOPES = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")


def _parameters(function: ast.AST | None) -> set[str]:
    """The named parameters of a def or lambda (none for module code)."""
    args = getattr(function, "args", None)
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)} if args is not None else set()


def _spelled(node: ast.AST) -> tuple[str, str] | None:
    """``("self", "x")`` for ``self.x`` (or ``cls.x``): what ``ctx.code`` compares for it."""
    return (node.value.id, node.attr) if _self_attribute(node) else None


def _local_names(function: ast.AST, cache: dict[ast.AST, set[str]]) -> set[str]:
    """Names certainly bound in ``function``'s own scope (parameters, assignments,
    imports, nested definitions), minus those it declares global or nonlocal."""
    if function in cache:
        return cache[function]
    args = function.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a is not None}
    declared: set[str] = set()
    stack = list(function.body) if isinstance(function.body, list) else [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            names.add(node.name)
            continue
        if isinstance(node, _INNER_SCOPES):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        stack.extend(ast.iter_child_nodes(node))
    cache[function] = names - declared
    return cache[function]


def _traced_closure(screen: Screen, name: str, function: ast.AST, cache: dict[ast.AST, set[str]]) -> bool:
    """Is ``name``, which ``function`` does not bind, bound in a traced ``def`` around it
    (``_binding``'s "a local of an enclosing traced function": each trace creates it anew)?
    Only for names no ``global``/``nonlocal`` declares (the caller's test)."""
    if isinstance(function, ast.Lambda):  # LibCST may find it bound by a comprehension around the lambda
        return False
    model = screen.traced_code
    for around in screen.functions_around_function(function):
        if name in _local_names(around, cache):
            if isinstance(around, ast.Lambda):
                return False
            # Traced wherever LibCST's position of the def starts (its first decorator or the `def`).
            lines = range(min([around.lineno, *(d.lineno for d in around.decorator_list)]), around.lineno + 1)
            return all(model.is_traced(around, line) for line in lines)
    return False


def _appends(loop: ast.For) -> bool:
    """Has the loop ``xs.append(...)`` as a statement of its own (``_tensor_loop``'s shape)?"""
    return any(
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Call)
        and isinstance(stmt.value.func, ast.Attribute)
        and stmt.value.func.attr == "append"
        and isinstance(stmt.value.func.value, ast.Name)
        for stmt in loop.body
    )


def _changed_on_purpose(screen: Screen, site: Site, state: ast.AST) -> bool:
    """``_on_purpose`` on the ``ast`` (not for a parameter: modifying an argument fails the trace)."""
    while isinstance(state, ast.Subscript):
        state = state.value
    name = last_name(state)
    if isinstance(state, ast.Name) and name in _parameters(site.function):
        return False
    return (name is not None and counts_traces(name)) or site.function in screen.traced_code.graph_only


def _may_iterate_tensor(screen: Screen, tensors: ScreenTensors, iterable: ast.AST) -> bool:
    """``_iterates_tensor`` from above: ``TensorInference`` may call the iterable a tensor
    (``ScreenTensors``), and it is no tuple op's result (``tf.unstack(x)``: unrolled)."""
    if isinstance(iterable, ast.Call) and tensor_op(screen.names(iterable.func)) in _TUPLE_OPS:
        return False
    return tensors.may_be_tensor(iterable)


def _creates_state(screen: Screen, value: ast.AST | None) -> bool:
    """``tf.Variable(...)``/``add_weight(...)``: lazily created state, TFA001's business."""
    return isinstance(value, ast.Call) and (
        "tensorflow.Variable" in screen.names(value.func) or last_name(value.func) in _ADD_WEIGHT
    )


def _in_build_method(screen: Screen, site: Site) -> bool:
    """``_in_build`` on the ``ast``: the innermost ``def`` is ``build``/``_build*`` or ``__init__``."""
    method = next((f for f in screen.functions_around(site) if not isinstance(f, ast.Lambda)), None)
    return method is not None and (method.name.startswith(("build", "_build")) or method.name == "__init__")


def _plain_parameter(screen: Screen, name: ast.Name, site: Site) -> bool:
    """A parameter of the function at ``site`` whose innermost ``def`` is not the ``tf.function``
    itself: mutating it is neither an argument mutation (``_entry_parameter``) nor a write to
    something defined outside (``_binding`` calls it local)."""
    if name.id not in _parameters(site.function):
        return False
    method = next((f for f in screen.functions_around(site) if not isinstance(f, ast.Lambda)), None)
    why = screen.traced_code.why(method) if method is not None else []
    return not why or why[0].text not in _ENTRY_REASONS


def _stores_no_tensor(screen: Screen, site: Site) -> bool:
    """What ``_may_store_tensor`` declines for ``self.x = value`` that the ``ast`` shows alike: code in
    a build method, a literal (``self.built = True``), an empty ``[]``/``{}``."""
    if _in_build_method(screen, site):
        return True
    value = getattr(site.node, "value", None) if not isinstance(site.node, ast.AugAssign) else None
    literal = value.operand if isinstance(value, ast.UnaryOp) else value
    if isinstance(literal, ast.Constant) and (literal.value is None or type(literal.value) in (bool, int, float, str, bytes)):
        return True
    return (isinstance(value, ast.List) and not value.elts) or (isinstance(value, ast.Dict) and not value.keys)
