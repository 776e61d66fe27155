"""TFA005 stateful-metric-function: metric functions with state → Keras ``Metric`` subclasses."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Fact, Known, Unknown
from tfautofix.analysis.names import canonical
from tfautofix.edits import ApplyEdits
from tfautofix.rule import Finding, Fix, ImportSpec, Rule
from tfautofix.screen import Screen

VARIABLE_CREATORS = ("tensorflow.Variable", "keras.Variable")
METRIC_KEYWORDS = ("metrics", "weighted_metrics")
_DTYPES = frozenset({"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8"})
#: A metric function's parameters when nothing else says it is one.
_METRIC_SIGNATURE = ("y_true", "y_pred")
#: The generated method holding the function's body (an attribute of neither Keras 3's nor tf-keras's Metric).
METHOD = "value"
#: Public attributes of Keras 3's and tf-keras's ``Metric``: a weight cannot take these names.
_METRIC_ATTRIBUTES = frozenset(
    """activity_regularizer add_loss add_metric add_update add_variable add_weight build build_from_config call
    compute_dtype compute_mask compute_output_shape compute_output_signature count_params dtype dtype_policy
    dynamic finalize_state from_config get_build_config get_config get_weights inbound_nodes input input_mask
    input_spec load_own_variables losses merge_state metrics name name_scope non_trainable_variables
    non_trainable_weights outbound_nodes output output_mask reset_state reset_states result save_own_variables
    set_weights stateful stateless_reset_state stateless_result stateless_update_state submodules
    supports_masking trainable trainable_variables trainable_weights update_state updates variable_dtype
    variables weights built""".split()
)


@dataclass
class _State:
    """One piece of state of the original function, to become a weight of the metric."""

    name: str
    init: str  # the initial value, as source
    dtype: str
    persistent: bool  # a module global (kept across calls) rather than a per-call variable
    kind: str  # "variable" (a tf.Variable) or "python" (a Python number)
    creation: cst.Assign | None = None  # `v = tf.Variable(...)` in the function, for a per-call variable


class _NotFixable(Exception):
    """Why a stateful metric function is reported without a fix."""


class StatefulMetricFunction(Rule):
    code = "TFA005"
    name = "stateful-metric-function"
    summary = "a metric function that keeps state breaks once Keras traces it; use a `keras.metrics.Metric` subclass"
    fixable = "unsafe"
    contract = "exact"
    legacy_keras = True
    triggers = ("global ", "Variable(")  # the commoner first
    facts = (
        Fact("metric-shape", "the function is `(y_true, y_pred)` with one final `return`, no NumPy, its variables created "
             "unconditionally from number literals and used only by it, and the module hands it on nowhere else"),
        Fact("returns-a-value", "the function returns a computed value, not one of its variables (calls sharing the "
             "instance would return one variable, read after all their updates)"),
        Fact("instance-state", "no module-level state: the class gives each metric instance its own, where the "
             "function's globals were shared by every model"),
        Fact("instance-per-compile", "every updated `compile(metrics=...)` builds its own instance, as Keras wraps a "
             "function anew for each `compile`"),
    )
    docs = """
Keras traces the functions given to `compile(metrics=[...])` into its train and
test functions, and a custom training step decorated with `tf.function` traces
the metric functions it calls. A metric function that keeps state then breaks:
a `tf.Variable` created on each call fails on the first traced call
(`tf.function only supports singleton tf.Variables`), and Python state (a
`global` counter or running total) is updated once, at trace time, and then
frozen. Module-level variables created lazily are shared by every model that
uses the metric.

The fix generates, next to the function, a `Metric` subclass named after it
(`running_mae` → `RunningMae`) with the module's Keras spelling (`tf.keras`,
`keras`, `from tensorflow import keras`): one weight per variable or global
(`add_weight(name=, shape=, initializer=, dtype=)`, valid on Keras 3 and
tf-keras), a method `value(y_true, y_pred)` holding the original body with its
state in the weights (a variable the original created on every call is
re-initialised at the start of every call), and `update_state` handing the
batch to a `MeanMetricWrapper` of `value` — exactly how `compile(metrics=[fn])`
wraps a function, so masks (`y_pred`'s Keras mask), sample weights and the mean
over batches are what they were. State the original kept in module globals is
carried over between epochs, as it was. Call sites in the module are updated:
`compile(metrics=[running_mae])` → `metrics=[RunningMae()]` (the list's other
entries are kept; a module constant `METRICS = [running_mae]` that only `compile`
uses is updated the same way, unsafe: its one instance serves every model compiled with it); a call inside traced code becomes `running_mae_metric.value(a, b)`
on one instance created at module level — the same value, computed in the same
place, so several calls in one statement each count. The original function is
kept: other modules may import it, so deleting it is not safe.

Proven before a fix is safe: the signature is exactly `(y_true, y_pred)`, one
`return <value>` at the end, variables created unconditionally from number
literals, state used only by the function, no NumPy in the body, no module-level
state. Unsafe: the function keeps module-level state (every model now gets its
own state instead of sharing the globals). Reported without a fix: other
parameters, several `return`s, variables created in branches or with
non-literal initial values, globals that other code reads, a body that still
uses NumPy (it fails on symbolic tensors; see TFA010), state named like a
`Metric` attribute, and *losses* (`compile(loss=fn)` or a name with "loss"):
a Metric would not replace them (also `compile(optimizer, fn)`: the loss
given positionally) — where nothing in the module traces the loss (TFA001 fixes
it where something does) and its only state is variables it creates from number
literals, they are created once at module level and re-initialised on every call, and traced calls where the module already uses the
instance's name `<fn>_metric` anywhere (a local `fn_metric = fn(y, p)` would
read itself).
"""
    before = """\
import tensorflow as tf


def problematic_metric(y_true, y_pred):
    counter = tf.Variable(0, dtype=tf.int32)
    counter.assign_add(1)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


model.compile(optimizer="sgd", loss="mse", metrics=[problematic_metric])
"""
    after = """\
import tensorflow as tf


def problematic_metric(y_true, y_pred):
    counter = tf.Variable(0, dtype=tf.int32)
    counter.assign_add(1)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


class ProblematicMetric(tf.keras.metrics.Metric):
    \"\"\"`problematic_metric` as a Keras metric (TFA005).

    Its state lives in weights created once.
    \"\"\"

    def __init__(self, name="problematic_metric", **kwargs):
        super().__init__(name=name, **kwargs)
        self.counter = self.add_weight(
            name="counter", shape=(), initializer="zeros", dtype="int32"
        )
        self.mean = tf.keras.metrics.MeanMetricWrapper(self.value, name="mean")

    def value(self, y_true, y_pred):
        self.counter.assign(0)
        self.counter.assign_add(1)
        return tf.reduce_mean(tf.abs(y_true - y_pred))

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.mean.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return self.mean.result()

    def reset_state(self):
        self.counter.assign(0)
        self.mean.reset_state()


model.compile(optimizer="sgd", loss="mse", metrics=[ProblematicMetric()])
"""

    def prescreen(self, screen: Screen) -> bool:
        """A module-level function that creates a variable or declares a global, and
        looks like a metric: ``(y_true, y_pred)``, in ``compile(metrics=...)``, or
        called from traced code."""
        stateful = set()
        for site in [*screen.sites(ast.Global), *screen.calls_to(frozenset(VARIABLE_CREATORS))]:
            stateful.update(screen.functions_around(site))
        candidates = [f for f in screen.tree.body if f in stateful]
        if not candidates:
            return False
        used = {site.node.func.id for site in screen.traced_sites(ast.Call) if isinstance(site.node.func, ast.Name)}
        for site in screen.sites(ast.Call):
            for keyword in site.node.keywords:
                if keyword.arg in METRIC_KEYWORDS:
                    used |= {n.id for n in ast.walk(keyword.value) if isinstance(n, ast.Name)}
        return any(
            f.name in used or tuple(a.arg for a in f.args.args[:2]) == _METRIC_SIGNATURE for f in candidates
        )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        defined = _top_level_names(ctx.module)
        for func in ctx.module.body:
            if not isinstance(func, cst.FunctionDef) or not _is_stateful(ctx, func):
                continue
            compile_refs, calls = _usages(ctx, func)
            params = [p.name.value for p in func.params.params]
            if not (compile_refs or calls or tuple(params[:2]) == _METRIC_SIGNATURE):
                continue
            class_name = _class_name(func.name.value)
            if "loss" in func.name.value.lower() or _used_as_loss(ctx, func):
                hoisted = _loss_hoist(ctx, func)
                if hoisted is None:
                    message = (f"`{func.name.value}` keeps state, which breaks once it is traced (not fixed: it is a loss, "
                               "not a metric; keep its state in variables created once, outside the function)")
                    yield self.finding(ctx, func.name, message)
                    continue
                edits, homes, returned = hoisted
                fix = self.closed_fix(edits, {
                    "metric-shape": Known(), "instance-state": Known(), "instance-per-compile": Known(),
                    "returns-a-value": Unknown(f"it returns the variable `{returned}` itself, which calls now share")
                    if returned else Known(),
                })
                message = (f"`{func.name.value}` keeps state, which breaks once it is traced; it is a loss, not a metric: "
                           f"its variables are created once at module level ({_names(homes)}) and re-initialised on "
                           f"every call, as fresh ones were{self.unsafe_note(fix)}")
                yield self.finding(ctx, func.name, message, fix)
                continue
            if class_name in defined and not _used(ctx, func):
                continue  # already converted; the kept function is not used here any more
            try:
                handed_on = _handed_on(ctx, func, compile_refs, calls)
                if handed_on is not None:
                    raise _NotFixable(f"`{func.name.value}` is also used as a value (line {handed_on}), which the fix "
                                      "would not update: the class would change nothing")
                states = _states(ctx, func)
                fix = _fix(ctx, func, states, class_name, defined, compile_refs, calls)
                # `_fix` proves the shape facts or raises `_NotFixable`; module state is the one left open.
                shared = [s.name for s in states if s.persistent]
                returned = _returned_state(func, states)
                fix = self.closed_fix(fix.edits, {
                    "metric-shape": Known(),
                    "returns-a-value": Unknown(f"it returns the variable `{returned}` itself: calls sharing the instance "
                                               "return one variable, read after all of them") if returned else Known(),
                    "instance-state": Unknown(f"module state {_names(shared)} is shared by every model using the "
                                              "function; the class gives each instance its own") if shared else Known(),
                    "instance-per-compile": Unknown("a module constant holds the instance: every model compiled with it "
                                                    "shares it") if any(ctx.enclosing(r, cst.Arg) is None for r in compile_refs)
                    else Known(),
                }, fix.imports)
                message = _message(func, states, class_name, compile_refs, calls) + self.unsafe_note(fix)
            except _NotFixable as reason:
                fix = None
                message = f"metric function `{func.name.value}` keeps state, which breaks once it is traced (not fixed: {reason})"
            yield self.finding(ctx, func.name, message, fix)


# -- detection --------------------------------------------------------------------


def _top_level_names(module: cst.Module) -> set[str]:
    names = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            names.add(stmt.name.value)
        for target in m.findall(stmt, m.AssignTarget(target=m.Name())) if isinstance(stmt, cst.SimpleStatementLine) else ():
            names.add(target.target.value)
    return names


def _is_stateful(ctx: FileContext, func: cst.FunctionDef) -> bool:
    if m.findall(func.body, m.Global()):
        return True
    return any(ctx.resolves_to(call.func, *VARIABLE_CREATORS) for call in m.findall(func.body, m.Call()))


def _refers_to(ctx: FileContext, name: cst.CSTNode, func: cst.FunctionDef) -> bool:
    if not isinstance(name, cst.Name) or name.value != func.name.value:
        return False
    scope = ctx.scope(name)
    return scope is not None and any(getattr(a, "node", None) is func for a in scope[name.value])


def _used(ctx: FileContext, func: cst.FunctionDef) -> bool:
    return any(node is not func.name and _refers_to(ctx, node, func) for node in m.findall(ctx.module, m.Name(func.name.value)))


def _handed_on(ctx: FileContext, func: cst.FunctionDef, compile_refs: list, calls: list) -> int | None:
    """The line where the module uses the function as a value the fix does not update
    (``METRICS = [fn]``, ``compile(**cfg)``...), or None; calls of it and the updated sites are fine."""
    updated = {id(ref) for ref in compile_refs} | {id(call.func) for call in calls}
    for node in m.findall(ctx.module, m.Name(func.name.value)):
        if node is func.name or id(node) in updated or not _refers_to(ctx, node, func):
            continue
        parent = ctx.parent(node)
        if isinstance(parent, cst.Call) and parent.func is node:
            continue  # a call: the kept function serves it
        return ctx.span(node)[0][0]
    return None


def _used_as_loss(ctx: FileContext, func: cst.FunctionDef) -> bool:
    """Is the function given to ``compile(loss=...)`` (or as ``compile``'s second positional argument)?"""
    return any(
        (arg.keyword.value == "loss" if arg.keyword is not None else index == 1 and not arg.star)
        and any(_refers_to(ctx, e, func) for e in _metric_names(arg.value))
        for call in m.findall(ctx.module, m.Call(func=m.Attribute(attr=m.Name("compile"))))
        for index, arg in enumerate(call.args)
    )


def _metric_names(expr: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """Entries of a ``compile(metrics=...)`` argument: a list, tuple or dict of them."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        for element in expr.elements:
            yield from _metric_names(element.value)
    elif isinstance(expr, cst.Dict):
        for element in expr.elements:
            if isinstance(element, cst.DictElement):
                yield from _metric_names(element.value)
    else:
        yield expr


def _usages(ctx: FileContext, func: cst.FunctionDef) -> tuple[list[cst.Name], list[cst.Call]]:
    """Same-module uses as a metric: entries of ``compile(metrics=...)``, calls in traced code."""
    compile_refs, calls = [], []
    for call in m.findall(ctx.module, m.Call()):
        assert isinstance(call, cst.Call)
        if m.matches(call.func, m.Attribute(attr=m.Name("compile"))):
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value in METRIC_KEYWORDS:
                    listed = _metrics_constant(ctx, arg.value) or arg.value
                    compile_refs += [e for e in _metric_names(listed) if _refers_to(ctx, e, func)]
        elif _refers_to(ctx, call.func, func) and ctx.is_traced(call):
            calls.append(call)
    return compile_refs, calls


def _metrics_constant(ctx: FileContext, expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """The list, tuple or dict a module constant given as ``compile(metrics=METRICS)`` holds, when
    the module assigns it once and uses it nowhere else: updating its entries updates the call."""
    if not isinstance(expr, cst.Name):
        return None
    value = ctx.bound_value(expr, enclosing=True)
    if not isinstance(value, (cst.List, cst.Tuple, cst.Dict)) or ctx.enclosing(value, cst.FunctionDef) is not None:
        return None
    for node in m.findall(ctx.module, m.Name(expr.value)):
        parent = ctx.parent(node)
        if isinstance(parent, cst.AssignTarget) and getattr(ctx.parent(parent), "value", None) is value:
            continue
        if not (isinstance(parent, cst.Arg) and parent.value is node and parent.keyword is not None
                and parent.keyword.value in METRIC_KEYWORDS):
            return None
    return value


# -- state ------------------------------------------------------------------------


def _literal(expr: cst.BaseExpression) -> str | None:
    """Source of a numeric literal (``3``, ``-0.5``), or None."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        inner = _literal(expr.expression)
        return None if inner is None else "-" + inner
    if isinstance(expr, (cst.Integer, cst.Float)):
        return expr.value
    return None


def _variable(ctx: FileContext, assign: cst.Assign, name: str, persistent: bool) -> _State:
    """The state ``name = tf.Variable(<literal>, dtype=...)`` creates."""
    call = assign.value
    assert isinstance(call, cst.Call)
    init = dtype = None
    for index, arg in enumerate(call.args):
        keyword = arg.keyword.value if arg.keyword else None
        if keyword == "initial_value" or (keyword is None and index == 0):
            init = _literal(arg.value)
        elif keyword == "dtype":
            dtype = _dtype(ctx, arg.value)
            if dtype is None:
                raise _NotFixable(f"unsupported dtype for `{name}`")
        elif keyword not in ("name", "trainable"):
            raise _NotFixable(f"`{name}` is created with `{keyword or 'a positional argument'}`")
    if init is None:
        raise _NotFixable(f"the initial value of `{name}` is not a number literal")
    if dtype is None:
        dtype = "float32" if any(c in init for c in ".eE") else "int32"
    return _State(name, init, dtype, persistent, "variable", None if persistent else assign)


def _dtype(ctx: FileContext, expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, cst.SimpleString) and expr.evaluated_value in _DTYPES:
        return expr.evaluated_value
    for name in ctx.names(expr):
        short = name.rsplit(".", 1)[-1]
        if name.startswith(("tensorflow.", "numpy.")) and short in _DTYPES:
            return short
    return None


def _module_assignments(module: cst.Module, name: str) -> list[cst.Assign]:
    found = []
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and any(m.matches(t.target, m.Name(name)) for t in small.targets):
                    found.append(small)
    return found


def _lazy_init(stmt: cst.CSTNode, globals_: set[str]) -> str | None:
    """The global ``if g is None:`` initialises, or None."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None:
        return None
    test = stmt.test
    if (
        isinstance(test, cst.Comparison)
        and isinstance(test.left, cst.Name)
        and test.left.value in globals_
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, cst.Is)
        and m.matches(test.comparisons[0].comparator, m.Name("None"))
    ):
        return test.left.value
    return None


def _states(ctx: FileContext, func: cst.FunctionDef) -> list[_State]:
    """What becomes weights of the metric; raises :class:`_NotFixable` when the function cannot be converted."""
    params = func.params
    if len(params.params) != 2 or not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params or params.star_kwarg or params.posonly_params:
        raise _NotFixable("a metric takes exactly `(y_true, y_pred)`")
    if any(p.default is not None for p in params.params) or func.decorators or func.asynchronous:
        raise _NotFixable("decorated, async or with default arguments")
    last = func.body.body[-1]
    if len(m.findall(func.body, m.Return())) != 1 or not m.matches(last, m.SimpleStatementLine(body=[m.Return()])) or last.body[0].value is None:
        raise _NotFixable("it needs a single `return <value>` at the end")
    if m.findall(func.body, m.Yield() | m.Await()):
        raise _NotFixable("a generator or coroutine")
    if any(
        any(n.startswith("numpy.") for n in ctx.names(call.func)) or m.matches(call.func, m.Attribute(attr=m.Name("numpy")))
        for call in m.findall(func.body, m.Call())
    ):
        raise _NotFixable("its body uses NumPy, which fails on the symbolic tensors of a traced metric (see TFA010)")

    globals_ = {n.name.value for g in m.findall(func.body, m.Global()) for n in g.names}
    states: dict[str, _State] = {}
    creations = {id(c) for c in m.findall(func.body, m.Call()) if ctx.resolves_to(c.func, *VARIABLE_CREATORS)}
    handled: set[int] = set()
    for stmt in func.body.body:
        lazy = _lazy_init(stmt, globals_)
        if lazy is not None:
            for inner in stmt.body.body:
                assign = inner.body[0] if isinstance(inner, cst.SimpleStatementLine) and len(inner.body) == 1 else None
                if not (
                    isinstance(assign, cst.Assign)
                    and len(assign.targets) == 1
                    and isinstance(assign.targets[0].target, cst.Name)
                    and assign.targets[0].target.value in globals_
                    and isinstance(assign.value, cst.Call)
                    and id(assign.value) in creations
                ):
                    raise _NotFixable(f"`if {lazy} is None:` does more than create variables")
                name = assign.targets[0].target.value
                states[name] = _variable(ctx, assign, name, persistent=True)
                handled.add(id(assign.value))
            continue
        if m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call())])):
            assign = stmt.body[0]
            name = assign.targets[0].target.value
            if id(assign.value) in creations and name not in globals_:
                if name in states:
                    raise _NotFixable(f"`{name}` is created twice")
                states[name] = _variable(ctx, assign, name, persistent=False)
                handled.add(id(assign.value))
    if creations - handled:
        raise _NotFixable("a variable is created inside a branch, loop or expression")

    for name in sorted(globals_ - set(states)):
        inits = _module_assignments(ctx.module, name)
        value = _literal(inits[0].value) if len(inits) == 1 else None
        if value is None:
            raise _NotFixable(f"global `{name}` is not initialised once to a number at module level")
        states[name] = _State(name, value, "float32", True, "python")
    for state in states.values():
        inits = _module_assignments(ctx.module, state.name) if state.kind == "variable" and state.persistent else []
        if not all(m.matches(a.value, m.Name("None")) for a in inits):
            raise _NotFixable(f"global `{state.name}` is assigned something other than `None` at module level")
        _check_private(ctx, func, state)
    taken = {p.name.value for p in params.params} | {"self", "sample_weight", METHOD} | _METRIC_ATTRIBUTES
    clash = taken & set(states)
    if clash:
        raise _NotFixable(f"state `{min(clash)}` has the name of a parameter or of a `Metric` attribute")
    return list(states.values())


def _check_private(ctx: FileContext, func: cst.FunctionDef, state: _State) -> None:
    """The state must only be used by the function (and a global's module-level initialisation)."""
    name = state.name
    for node in m.findall(ctx.module if state.persistent else func, m.Name(name)):
        inside = node is func or any(a is func for a in ctx.ancestors(node))
        parent = ctx.parent(node)
        if isinstance(parent, cst.Attribute) and parent.attr is node or isinstance(parent, cst.Arg) and parent.keyword is node:
            continue
        if isinstance(parent, cst.AssignTarget) and ctx.parent(ctx.parent(parent)) in ctx.module.body:
            continue  # `total = None` at module level
        if not inside:
            raise _NotFixable(f"`{name}` is also used outside `{func.name.value}`")
        if isinstance(parent, (cst.Param, cst.FunctionDef, cst.ClassDef)):
            raise _NotFixable(f"`{name}` is shadowed inside `{func.name.value}`")


# -- fix ----------------------------------------------------------------------------


def _class_name(function_name: str) -> str:
    camel = "".join(part[:1].upper() + part[1:] for part in function_name.split("_"))
    prefix = "_" if function_name.startswith("_") else ""
    name = prefix + camel
    return name + "Metric" if name == function_name else name


def _keras_alias(ctx: FileContext) -> tuple[str, ImportSpec | None]:
    """How the module spells Keras: the name it imported Keras as, else ``<tf>.keras``."""
    for stmt in ctx.module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Import):
                pairs = [(ctx.code(a.name), a) for a in small.names]
            elif isinstance(small, cst.ImportFrom) and small.module is not None and not isinstance(small.names, cst.ImportStar):
                pairs = [(f"{ctx.code(small.module)}.{ctx.code(a.name)}", a) for a in small.names]
            else:
                continue
            for qualified, alias in pairs:
                if canonical(qualified) == "keras" and (alias.asname or "." not in qualified):
                    return ctx.code(alias.asname.name) if alias.asname else qualified, None
    tf_name, tf_import = ctx.tensorflow_alias
    return f"{tf_name}.keras", tf_import


def _initializer(state: _State, keras: str) -> str:
    value = float(state.init)
    if value == 0:
        return '"zeros"'
    if value == 1:
        return '"ones"'
    return f"{keras}.initializers.Constant({state.init})"


def _self(name: str) -> cst.Attribute:
    return cst.Attribute(cst.Name("self"), cst.Name(name))


def _method_call(target: cst.BaseExpression, method: str, *args: cst.BaseExpression, **keywords) -> cst.Call:
    arguments = [cst.Arg(a) for a in args]
    no_space = cst.SimpleWhitespace("")
    arguments += [
        cst.Arg(v, keyword=cst.Name(k), equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space))
        for k, v in keywords.items()
    ]
    return cst.Call(cst.Attribute(target, cst.Name(method)), arguments)


def _value_body(ctx: FileContext, func: cst.FunctionDef, states: list[_State]) -> cst.BaseSuite:
    """The original body, with its state read from and written to the metric's weights."""
    by_name = {s.name: s for s in states}
    globals_ = {s.name for s in states if s.persistent}
    edits: dict = {}
    for node in m.findall(func.body, m.Name()):
        if node.value not in by_name:
            continue
        parent = ctx.parent(node)
        if isinstance(parent, cst.NameItem) or getattr(parent, "attr", None) is node or getattr(parent, "keyword", None) is node:
            continue  # `global x`, `a.x`, `f(x=...)`
        edits[node] = _self(node.value)
    for stmt in func.body.body:
        if isinstance(stmt, cst.If) and _lazy_init(stmt, globals_):
            edits[stmt] = cst.RemoveFromParent()
            edits.update({assign: assign for assign in m.findall(stmt, m.Assign())})  # removed with the `if`
            continue
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        small = stmt.body[0] if len(stmt.body) == 1 else None
        if isinstance(small, cst.Global):
            edits[stmt] = cst.RemoveFromParent()
        elif m.matches(small, m.Assign(targets=[m.AssignTarget(target=m.Name())])):
            name = small.targets[0].target.value
            state = by_name.get(name)
            if state is not None and state.creation is small:  # a fresh variable on every call
                edits[small] = cst.Expr(_method_call(_self(name), "assign", cst.parse_expression(state.init)))
            elif state is not None and state.kind == "python":
                edits[small] = lambda new, name=name: cst.Expr(_method_call(_self(name), "assign", new.value))
    tf_name, tf_missing = ctx.tensorflow_alias
    for call in m.findall(func.body, m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("read_value")), args=[])):
        if call.func.value.value in by_name and by_name[call.func.value.value].kind == "variable" and tf_missing is None:
            # a Keras 3 weight has no `read_value`: read it as `tf.identity` does on both Kerases
            edits[call] = lambda new, tf_name=tf_name: cst.Call(cst.parse_expression(f"{tf_name}.identity"), [cst.Arg(new.func.value)])
    methods = {cst.AddAssign: "assign_add", cst.SubtractAssign: "assign_sub"}
    for node in m.findall(func.body, m.AugAssign() | m.Assign()):
        if node in edits:
            continue
        targets = [node.target] if isinstance(node, cst.AugAssign) else [t.target for t in node.targets]
        written = [n.value for t in targets for n in m.findall(t, m.Name()) if n.value in by_name]
        if not written:
            continue
        method = methods.get(type(getattr(node, "operator", None)))
        if not (by_name[written[0]].kind == "python" and isinstance(getattr(node, "target", None), cst.Name) and method):
            raise _NotFixable(f"`{written[0]}` is assigned in a way the fix does not handle (only `=` as a statement, `+=`, `-=`)")
        edits[node] = lambda new, name=written[0], method=method: cst.Expr(_method_call(_self(name), method, new.value))
    return func.body.visit(ApplyEdits(edits))


def _fix(
    ctx: FileContext,
    func: cst.FunctionDef,
    states: list[_State],
    class_name: str,
    defined: set[str],
    compile_refs: list[cst.Name],
    calls: list[cst.Call],
) -> Fix:
    fn = func.name.value
    if class_name in defined:
        raise _NotFixable(f"the module already defines `{class_name}`")
    instance = f"{fn}_metric"
    if calls and (instance in defined or m.findall(ctx.module, m.Name(instance))):
        raise _NotFixable(f"the module already uses the name `{instance}`")
    keras, keras_import = _keras_alias(ctx)
    names = {s.name for s in states}
    mean = next(n for n in ("mean", "mean_", "batch_mean") if n not in names)
    a, b = (p.name.value for p in func.params.params)

    weights = "\n".join(
        f'        self.{s.name} = self.add_weight(name="{s.name}", shape=(), initializer={_initializer(s, keras)}, dtype="{s.dtype}")'
        for s in states
    )
    resets = "\n".join(f"        self.{s.name}.assign({s.init})" for s in states if not s.persistent)
    kept = [s.name for s in states if s.persistent]
    if kept:
        listed = ", ".join(f"`{n}`" for n in kept)
        verb = "carries" if len(kept) == 1 else "carry"
        resets += f"\n        # {listed} {verb} over between epochs, as the globals of `{fn}` did."
    # `update_state` hands the batch to a `MeanMetricWrapper` of the function's body, exactly
    # as `compile(metrics=[fn])` wraps a function on Keras 3 and tf-keras: same masking
    # (`y_pred`'s Keras mask), casts and sample weighting, same mean over batches.
    template = f'''
class {class_name}({keras}.metrics.Metric):
    """`{fn}` as a Keras metric (TFA005).

    Its state lives in weights created once.
    """

    def __init__(self, name="{fn}", **kwargs):
        super().__init__(name=name, **kwargs)
{weights}
        self.{mean} = {keras}.metrics.MeanMetricWrapper(self.{METHOD}, name="mean")

    def {METHOD}(self, {a}, {b}):
        pass

    def update_state(self, {a}, {b}, sample_weight=None):
        self.{mean}.update_state({a}, {b}, sample_weight=sample_weight)

    def result(self):
        return self.{mean}.result()

    def reset_state(self):
{resets.strip(chr(10))}
        self.{mean}.reset_state()
'''
    cls = cst.parse_statement(template)
    assert isinstance(cls, cst.ClassDef)
    value = cls.body.body[2].with_changes(body=_value_body(ctx, func, states))
    cls = cls.with_changes(
        body=cls.body.with_changes(body=[*cls.body.body[:2], value, *cls.body.body[3:]]),
        leading_lines=[cst.EmptyLine(), cst.EmptyLine()],
    )
    inserted: list[cst.CSTNode] = [func, cls]
    if calls:
        inserted.append(cst.parse_statement(f"{instance} = {class_name}()").with_changes(leading_lines=[cst.EmptyLine()] * 2))
    edits: dict = {func: cst.FlattenSentinel(inserted)}
    for ref in compile_refs:
        edits[ref] = cst.Call(cst.Name(class_name))
    for call in calls:
        edits.update(_call_site(ctx, call, instance))
    # Safe when every precondition is proven (checked above, else `_NotFixable`): the signature is
    # `(y_true, y_pred)`, one final `return`, no NumPy, variables created unconditionally from
    # number literals, state used only by the function, and no module-level state (globals are
    # shared by every model using the function; the class gives each instance its own: unsafe).
    applicability = "unsafe" if any(s.persistent for s in states) else "safe"
    return Fix(edits, applicability=applicability, imports=(keras_import,) if keras_import else ())


def _loss_hoist(ctx: FileContext, func: cst.FunctionDef) -> tuple[dict, list[str], str | None] | None:
    """A loss keeps no state across calls that a Metric could hold: each variable it creates on every
    call is created once at module level instead and re-initialised where it was created. Only where
    the creations are not traced here (where they are, TFA001 fixes them) and every piece of state is
    such a variable (``(edits, module names, the state returned as such)``, else None)."""
    try:
        states = _states(ctx, func)
    except _NotFixable:
        return None
    if not states or any(s.persistent or s.creation is None or ctx.is_traced(s.creation) for s in states):
        return None
    taken = {n.value for n in m.findall(ctx.module, m.Name())}
    declarations, homes, edits = [], [], {}
    for state in states:
        home = next(c for c in (f"_{func.name.value.lstrip('_')}_{state.name}", *(f"_{func.name.value.lstrip('_')}_{state.name}_{i}" for i in range(2, 99))) if c not in taken)
        taken.add(home)
        homes.append(home)
        declarations.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(home))], state.creation.value)]))
        line = ctx.parent(state.creation)
        reinit = cst.SimpleStatementLine([cst.Expr(_method_call(cst.Name(state.name), "assign", cst.parse_expression(state.init)))],
                                         trailing_whitespace=line.trailing_whitespace)
        edits[line] = cst.FlattenSentinel([line.with_changes(body=[state.creation.with_changes(value=cst.Name(home))],
                                                             trailing_whitespace=cst.TrailingWhitespace()), reinit])

    def before(updated: cst.FunctionDef) -> cst.FlattenSentinel:
        lines = list(updated.leading_lines)
        blanks = next((i for i, line in enumerate(lines) if line.comment is not None), len(lines))
        first = declarations[0].with_changes(leading_lines=lines[:blanks])
        return cst.FlattenSentinel([first, *declarations[1:], updated.with_changes(leading_lines=[cst.EmptyLine()] * 2 + lines[blanks:])])

    edits[func] = before
    return edits, homes, _returned_state(func, states)


def _returned_state(func: cst.FunctionDef, states) -> str | None:
    """The state variable ``func`` returns as such (``return count``), if any."""
    names = {s.name for s in states}
    for ret in m.findall(func, m.Return()):
        value = ret.value  # type: ignore[attr-defined]
        if isinstance(value, cst.Name) and value.value in names:
            return value.value
    return None


def _call_site(ctx: FileContext, call: cst.Call, instance: str) -> dict:
    """``fn(a, b)`` in traced code → ``fn_metric.value(a, b)``: the same value, computed with the
    state in the instance's weights; the call stays where it was (order and arguments unchanged)."""
    return {call.func: cst.Attribute(cst.Name(instance), cst.Name(METHOD))}


def _message(func, states, class_name, compile_refs, calls) -> str:
    fn = func.name.value
    per_call = [s.name for s in states if not s.persistent]
    python = [s.name for s in states if s.kind == "python"]
    lazy = [s.name for s in states if s.persistent and s.kind == "variable"]
    problems = []
    if per_call:
        problems.append(f"creates variable {_names(per_call)} on every call, which fails once traced")
    if python:
        problems.append(f"updates Python globals {_names(python)}, which freeze at trace time")
    if lazy:
        problems.append(f"keeps module variables {_names(lazy)} shared by every model")
    where = []
    if compile_refs:
        where.append("`compile(metrics=...)`")
    if calls:
        where.append(f"traced calls (instance `{fn}_metric`)")
    updated = f"; updates {' and '.join(where)}" if where else "; no call site updated in this module"
    return (
        f"metric function `{fn}` {' and '.join(problems)}: use Keras metric `{class_name}`{updated}"
        f" (`{fn}` is kept: other modules may import it, deleting it is unsafe)"
    )


def _names(names: list[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)
