"""TFA013 keras-object-in-traced-function: a Keras layer, metric or optimizer built in traced code."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import libcst as cst
import libcst.matchers as m
from libcst.metadata import GlobalScope

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Known, facts_of
from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import TF_FUNCTION, fresh_name
from tfautofix.codemods.tfa008_print import EAGER_ISLAND_UNKNOWN, eager_island
from tfautofix.analysis.index import calls_inside, is_keras_class
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site, last_name

#: Keras layers that create no variable: building them in traced code is harmless. The random
#: layers' only variable is Keras 3's seed generator; tf-keras's have none, and the spelling
#: (`tf.keras`, `keras`, `tf_keras`) does not tell which Keras runs: left alone too.
WEIGHTLESS_LAYERS = frozenset(
    """Dropout SpatialDropout1D SpatialDropout2D SpatialDropout3D AlphaDropout GaussianDropout GaussianNoise
    Activation ELU LeakyReLU ReLU Softmax ThresholdedReLU Flatten Reshape Permute RepeatVector
    Concatenate Add Subtract Multiply Average Maximum Minimum Dot Lambda Identity InputLayer Input InputSpec
    Masking Rescaling Resizing CenterCrop Cropping1D Cropping2D Cropping3D ZeroPadding1D ZeroPadding2D
    ZeroPadding3D UpSampling1D UpSampling2D UpSampling3D MaxPooling1D MaxPooling2D MaxPooling3D MaxPool1D
    MaxPool2D MaxPool3D AveragePooling1D AveragePooling2D AveragePooling3D AvgPool1D AvgPool2D AvgPool3D
    GlobalAveragePooling1D GlobalAveragePooling2D GlobalAveragePooling3D GlobalMaxPooling1D
    GlobalMaxPooling2D GlobalMaxPooling3D GlobalAvgPool1D GlobalAvgPool2D GlobalAvgPool3D GlobalMaxPool1D
    GlobalMaxPool2D GlobalMaxPool3D Layer""".split()
)
#: Keras layers with no variable at their defaults, whose variables come with one of these
#: arguments (position in the constructor, keyword, the values that create none): each left out
#: or given such a literal, the layer is variable-free. Both Kerases agree (tests/test_keras_facts.py
#: builds each both ways).
VARIABLES_ONLY_WITH = {
    # a scale; the concat scores' weight; Keras 3's dropout seed generator
    "Attention": ((0, "use_scale", (False,)), (1, "score_mode", ("dot",)), (2, "dropout", (0, 0.0))),
}
#: Calls that create variables, spotted by their last name inside a same-module Keras class.
_CREATES_VARIABLES = frozenset({"add_weight", "add_variable", "Variable"})
_KINDS = {"layers": "layer", "metrics": "metric", "optimizers": "optimizer", "applications": "model"}
#: Layers whose variables are those of the layer or cell they wrap (first argument or keyword).
WRAPPERS = {"RNN": "cell", "Bidirectional": "layer", "TimeDistributed": "layer"}


def keras_kind(name: str) -> str | None:
    """"layer"/"metric"/"optimizer"/"model" when the canonical ``name`` is a Keras class whose
    instances create variables (``keras.layers.Dense``, ``keras.src.metrics.Mean``, ...)."""
    parts = name.split(".")
    if parts[0] != "keras" or len(parts) < 3:
        return None
    if parts[1] == "src":
        parts = parts[:1] + parts[2:]
    kind = _KINDS.get(parts[1]) if len(parts) >= 3 else None
    last = parts[-1]
    if kind is None or not last[:1].isupper() or "schedules" in parts:
        return None
    if kind == "layer" and last in WEIGHTLESS_LAYERS:
        return None
    return kind


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _literal(expr: cst.BaseExpression) -> bool:
    """A constant: numbers, strings, True/False/None, and tuples/lists of them."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in ("True", "False", "None")
    if isinstance(expr, (cst.Tuple, cst.List)):
        return all(not isinstance(e, cst.StarredElement) and _literal(e.value) for e in expr.elements)
    return False


class KerasObjectInTracedFunction(Rule):
    code = "TFA013"
    name = "keras-object-in-traced-function"
    summary = "a Keras layer, metric or optimizer built in traced code creates variables while tracing: tf.function fails"
    fixable = "unsafe"
    contract = "exact"
    #: A layer built lazily on the first call traces twice (variables on the first trace only).
    max_traces = 2
    triggers = ("keras",)
    docs = """
A Keras layer with weights, a metric or an optimizer creates `tf.Variable`s when it
is built. Constructed inside a `tf.function` (or a Keras `call`/`train_step`, a
`compile(loss=...)` function, a helper they call), it does so while TensorFlow
traces, and tf.function refuses it: `ValueError: tf.function only supports
singleton tf.Variables created on the first call` — on the first call already,
because tf.function traces twice when variables are created. Eagerly the same
code "works" and builds a fresh object, with fresh weights, on every call.
Measured on TF 2.21 / Keras 3: `Dense`, `LayerNormalization`,
`BatchNormalization`, `Embedding`, `keras.metrics.Mean`, `keras.optimizers.SGD`
all fail; `Flatten`, `ReLU` and loss objects (no variables) do not, and are
left alone. So are `Dropout` and the other random layers: Keras 3's fail (their
seed generator is a variable), tf-keras's do not, and the spelling does not
tell which Keras runs. `Attention` has variables only with `use_scale=True`,
`score_mode="concat"` or (Keras 3) `dropout`: built without them it is left alone.

Found: constructors of `keras.layers.*` (except the variable-free ones),
`keras.metrics.*`, `keras.optimizers.*`, `keras.applications.*`, under any
spelling (`tf.keras.`, from-imports, `keras.src.`), and of Keras classes of the
same module that create weights (`add_weight`, `tf.Variable`, ...), e.g.
`loss = ArcHead(n)(z, labels)` in a traced loss. `RNN`, `Bidirectional` and
`TimeDistributed` have the variables of what they wrap: found only when that is a
layer with weights (`RNN(LSTMCell(4))`), not for a weightless cell (TF-Addons'
CRF decoder, measured to work traced) or one the code does not show.

Fix (unsafe), only for a layer called where it is built, `Layer(constants)(x)`,
whose class is imported or defined before the definition using it:
the layer is built once, at module level, before the definition that used it
(`_layer_normalization = layers.LayerNormalization()`), and the call uses it.
Where the hoisted layer is not confirmed, `fix --verify` tries the alternative:
one layer per input shape (`x.shape[1:]`), built at its first call (under the dtype
policy then in force) and kept in a module-level dict
(`_layer_normalization_by_shape.setdefault(tuple(x.shape[1:]), ...)(x)`); a shape
first seen on a later trace still fails (tf.function creates variables on its first call only).
Unsafe because the layer then lives across calls: it keeps its weights (eagerly
each call had fresh ones — the same values only for deterministic initializers),
and the input size it was first built for; it is also built under the dtype policy in
force at import, so a `mixed_float16` policy set later no longer applies to it (its
output stays float32; execution sees the dtype change and rejects the fix).

Also reported: an optimizer built in a loop and handed, in that loop, to a
`tf.function` of the module (`for lr in rates: opt = Adam(lr); step(model, opt, x)`):
each new optimizer retraces `step` and creates its slot variables in that
retrace, so the second iteration fails (measured with `Adam`; plain `SGD`
without momentum has no slots and works, and is left alone). Create it once
before the loop and `assign` what changes (`opt.learning_rate.assign(lr)`).

A layer called at once (`Layer(...)(x)`) gets one more candidate for `fix --verify`, the
only one where nothing can be hoisted (arguments from the call, a class defined below): a
fresh layer built and called eagerly in a `tf.py_function` on every call, as eager code
builds one (fresh weights, this call's arguments and width, globals read now), returning
`x`'s dtype. Always unsafe: XLA cannot compile it, a SavedModel does not keep it.

Reported without a fix: metrics and optimizers (their state would accumulate
across calls; create them once in `__init__` or the caller's setup and `assign`
hyper-parameters, e.g. a `tf.Variable` learning rate), layers built from
arguments or stored in a variable. Left alone: objects stored on `self`/in a
container (the lazy `if self.x is None: self.x = Dense(...)` idiom works),
variable-free layers, and code that is not traced.
"""
    before = """\
import tensorflow as tf

@tf.function
def normalize(x):
    return tf.keras.layers.LayerNormalization()(x)
"""
    after = """\
import tensorflow as tf

_layer_normalization = tf.keras.layers.LayerNormalization()


@tf.function
def normalize(x):
    return _layer_normalization(x)
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Traced calls of a variable-creating Keras class, with what makes a
        same-module class one (its weight-creating calls)."""
        weights = _screen_weight_sites(screen)
        found: list[Site] = []
        for site in screen.traced_sites(ast.Call):
            func = site.node.func
            if any(keras_kind(name) for name in screen.names(func)):
                found.append(site)
            elif isinstance(func, ast.Name) and weights.get(func.id):
                found += [site, *weights[func.id]]
        in_loops = [
            site for site in screen.sites(ast.Call)
            if site.in_loop and any(keras_kind(name) == "optimizer" for name in screen.names(site.node.func))
        ]
        if in_loops:  # and the tf.functions they may be handed to
            found += in_loops + screen.tf_function_defs
        return found

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        classes: dict[str, cst.ClassDef] = {}
        for cls in nodes(ctx, cst.ClassDef):
            classes.setdefault(cls.name.value, cls)
        for call in nodes(ctx, cst.Call):
            if not isinstance(call.func, (cst.Name, cst.Attribute)):
                continue  # `Dense(3)(x)`'s outer call is not a construction
            kind = self._kind(ctx, call, classes)
            if kind is None:
                continue
            if not ctx.is_traced(call):
                if kind == "optimizer":
                    yield from self._new_optimizer_per_iteration(ctx, call)
                continue
            if not self._used_once(ctx, call):
                continue
            described = f"`{ctx.code(call.func)}(...)` builds a Keras {kind} in traced code ({ctx.traced_reason(call)})"
            message = (
                f"{described}: its variables are created while tracing, so tf.function fails "
                "('tf.function only supports singleton tf.Variables created on the first call'); "
                "build it once (module level, `__init__`, the caller's setup) and reuse it"
            )
            hoisted = self._hoist(ctx, call) if kind == "layer" else None
            island = _fresh_per_call(ctx, call) if kind == "layer" else ()
            if hoisted is not None:
                fix, name, alternatives = hoisted
                message += (
                    f"; fix: built once at module level as `{name}` (unsafe: the layer keeps its weights, and the "
                    "input size it was built for, across calls)"
                )
                yield self.finding(ctx, call, message, fix, alternatives=(*alternatives, *island))
            elif kind in ("metric", "optimizer"):
                yield self.finding(ctx, call, message + f" (not fixed: a shared {kind} would keep its state across calls)")
            else:
                why = ("only a layer built from constants and called at once, whose class exists before "
                       "this definition, is moved")
                if island:
                    yield self.finding(ctx, call, message + f" (not moved: {why}; candidates for `fix --verify`: "
                                       f"{', '.join(f.label for f in island)})" + self.unsafe_note(island[0]), island[0], island[1:])
                else:
                    yield self.finding(ctx, call, message + f" (not fixed: {why})")

    def _new_optimizer_per_iteration(self, ctx: FileContext, call: cst.Call) -> Iterator[Finding]:
        """``for lr in rates: opt = Adam(lr); step(model, opt, x)`` with ``step`` a ``tf.function``:
        each new optimizer retraces ``step``, and builds its slot variables in that retrace."""
        assign = ctx.parent(call)
        loop = next((a for a in ctx.ancestors(call) if isinstance(a, (cst.For, cst.While, cst.FunctionDef))), None)
        if not isinstance(loop, (cst.For, cst.While)) or not isinstance(assign, cst.Assign):
            return
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name) or _stateless_sgd(ctx, call):
            return
        name = assign.targets[0].target.value
        for use in calls_inside(loop):
            handed = any(isinstance(arg.value, cst.Name) and arg.value.value == name for arg in use.args)
            if handed and _is_tf_function(ctx, use.func):
                line = ctx.span(use)[0][0]
                yield self.finding(
                    ctx,
                    call,
                    f"`{ctx.code(call.func)}(...)` builds a new optimizer on every iteration and hands it to the "
                    f"tf.function `{ctx.code(use.func)}` (line {line}): each new optimizer retraces it and creates its "
                    "slot variables in that retrace, so the second iteration fails ('tf.function only supports "
                    "singleton tf.Variables created on the first call'); create it once before the loop and "
                    "`assign` what changes (`opt.learning_rate.assign(lr)`) — not fixed: a shared optimizer keeps its "
                    "slots (momentum, Adam moments) across iterations",
                )
                return

    def _kind(self, ctx: FileContext, call: cst.Call, classes: dict[str, cst.ClassDef]) -> str | None:
        """What ``call`` builds that has variables: a Keras layer, metric, optimizer, model, a
        weight-creating class of this module, or a wrapper (``RNN(cell)``) of one of those. A
        wrapper of a variable-free cell works traced (TF-Addons' CRF decoder: measured)."""
        kind = next((k for k in map(keras_kind, ctx.names(call.func)) if k), None)
        if kind is not None and _variable_free(ctx, call):
            return None
        if kind is None:
            return self._module_class_kind(ctx, call.func, classes)
        wrapped = next((WRAPPERS[n.rsplit(".", 1)[-1]] for n in ctx.names(call.func) if n.rsplit(".", 1)[-1] in WRAPPERS), None)
        if wrapped is None:
            return kind
        args = [a.value for a in call.args if a.keyword is None][:1] + [
            a.value for a in call.args if a.keyword is not None and a.keyword.value == wrapped
        ]
        return "layer" if args and self._builds_weights(ctx, args[0], classes) else None

    def _builds_weights(self, ctx: FileContext, expr: cst.BaseExpression, classes: dict[str, cst.ClassDef]) -> bool:
        """Is ``expr`` (a construction, a list of them, or a local name bound once to one) a
        layer with variables? Unknown values are not (precision first)."""
        if isinstance(expr, (cst.List, cst.Tuple)):
            return any(self._builds_weights(ctx, e.value, classes) for e in expr.elements)
        if isinstance(expr, cst.Name):
            value = ctx.bound_value(expr)
            return value is not None and self._builds_weights(ctx, value, classes)
        return isinstance(expr, cst.Call) and isinstance(expr.func, (cst.Name, cst.Attribute)) and self._kind(ctx, expr, classes) is not None

    @staticmethod
    def _module_class_kind(ctx: FileContext, func: cst.BaseExpression, classes: dict[str, cst.ClassDef]) -> str | None:
        """"layer" when ``func`` names a Keras class of this module that creates weights."""
        if not isinstance(func, cst.Name):
            return None
        scope = ctx.scope(func)
        defs = [getattr(a, "node", None) for a in scope[func.value]] if scope is not None and func.value in scope else []
        if len(defs) != 1 or not isinstance(defs[0], cst.ClassDef):
            return None
        cls = defs[0]
        if not is_keras_class(ctx, cls) or not _creates_weights(cls, classes):
            return None
        return "layer"

    @staticmethod
    def _used_once(ctx: FileContext, call: cst.Call) -> bool:
        """Is the object built for this call only: called at once (`Dense(3)(x)`), or held in a
        local name that is only called or used through its attributes (`m = Mean(); m.update_state(x)`)?
        Objects returned, passed on or stored (`self.x = ...`, lazy singletons, factories) are
        left alone: they are typically built once, under a guard that the first trace sets."""
        parent = ctx.parent(call)
        if isinstance(parent, cst.Call) and parent.func is call:
            return True
        if not (
            isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name)
        ):
            return False
        name = parent.targets[0].target
        scope = ctx.scope(name)
        if scope is None or isinstance(scope, GlobalScope) or _declared_outer(ctx, name):
            return False
        for access in scope.accesses[name.value]:
            use = ctx.parent(access.node)
            if not (isinstance(use, cst.Call) and use.func is access.node) and not (
                isinstance(use, cst.Attribute) and use.value is access.node
            ):
                return False
        return True

    def _hoist(self, ctx: FileContext, call: cst.Call) -> tuple[Fix, str, tuple[Fix, ...]] | None:
        """Move ``Layer(constants)`` of ``Layer(constants)(x)`` to module level."""
        outer = ctx.parent(call)
        if not (isinstance(outer, cst.Call) and outer.func is call):
            return None
        if not all(arg.star == "" and _literal(arg.value) for arg in call.args):
            return None
        base = call.func
        while isinstance(base, cst.Attribute):
            base = base.value
        scope = ctx.scope(base)
        if not isinstance(base, cst.Name) or scope is None or base.value not in scope:
            return None
        if not all(isinstance(a.scope, GlobalScope) for a in scope[base.value]):
            return None  # imported inside the function: the name does not exist at module level
        top = next((a for a in (call, *ctx.ancestors(call)) if isinstance(ctx.parent(a), cst.Module)), None)
        if not isinstance(top, (cst.FunctionDef, cst.ClassDef)):
            return None
        start = ctx.span(top)[0]
        if any(ctx.span(a.node)[0] >= start for a in scope[base.value] if isinstance(a.node, cst.CSTNode)):
            return None  # bound after the definition (a class defined below it): not there yet
        taken = {node.value for node in nodes(ctx, cst.Name)}  # no shadowing, anywhere
        qualified = sorted(ctx.names(call.func)) or [ctx.code(call.func)]  # `D` of `Dense as D`: `_dense`
        stem = "_" + _snake(qualified[0].rsplit(".", 1)[-1])
        name = fresh_name(stem, taken)

        def insert(statement: cst.SimpleStatementLine):
            def edit(updated: cst.CSTNode) -> cst.FlattenSentinel:
                lines = list(updated.leading_lines)
                blanks = 0
                while blanks < len(lines) and lines[blanks].comment is None:
                    blanks += 1
                new = statement.with_changes(leading_lines=lines[:blanks])
                return cst.FlattenSentinel([new, updated.with_changes(leading_lines=[cst.EmptyLine()] * 2 + lines[blanks:])])
            return edit

        assignment = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], call)])
        fix = Fix({call: cst.Name(name), top: insert(assignment)}, applicability="unsafe", label=f"one `{name}`")
        return fix, name, self._per_shape(outer, call, top, insert, fresh_name(f"{stem}_by_shape", taken | {name}))

    @staticmethod
    def _per_shape(outer: cst.Call, call: cst.Call, top, insert, name: str) -> tuple[Fix, ...]:
        """The candidate execution picks when one layer does not fit every call: one layer per
        shape of the (named) input, kept in a module-level dict, as a layer built once for each
        input size (``x.shape[1:]``: not the batch) would be. The layer ``setdefault`` constructs
        and drops creates no variable (Keras creates them when a layer is first called)."""
        first = outer.args[0] if outer.args else None
        if first is None or first.keyword is not None or first.star or not isinstance(first.value, cst.Name):
            return ()
        key = cst.parse_expression(f"tuple({first.value.value}.shape[1:])")
        held = cst.Call(cst.Attribute(cst.Name(name), cst.Name("setdefault")), [cst.Arg(key), cst.Arg(call)])
        holder = cst.parse_statement(f"{name} = {{}}")
        return (Fix({call: held, top: insert(holder)}, applicability="unsafe", label=f"one layer per input shape in `{name}`"),)


def _fresh_per_call(ctx: FileContext, call: cst.Call) -> tuple[Fix, ...]:
    """``Layer(...)(x)`` built and called by Python on every call, as eager code does: a fresh layer
    (fresh weights, the configuration and input width of this call, globals read now) in a
    ``tf.py_function`` returning ``x``'s dtype (Keras' float32 policy keeps a float input's)."""
    outer = ctx.parent(call)
    if not (isinstance(outer, cst.Call) and outer.func is call) or not outer.args or outer.args[0].keyword or outer.args[0].star:
        return None
    for name in m.findall(outer, m.Name()):
        value = ctx.bound_value(name)  # type: ignore[arg-type]
        if isinstance(value, cst.Call) and isinstance(value.func, (cst.Name, cst.Attribute)) and any(n.startswith("keras.") and n.rsplit(".", 1)[-1][:1].isupper() for n in ctx.names(value.func)):
            return ()  # a Keras object made outside the call (`cell = LSTMCell(4)`): shared by the calls, not fresh
    # The configuration's parameters (`axis=axis`) may be Python values the call sites pass: a
    # second candidate reads them as such (unless the trace log saw tensors), execution chooses.
    function = ctx.enclosing(call, cst.FunctionDef)
    params = {p.name.value for p in function.params.params} if isinstance(function, cst.FunctionDef) else set()
    facts = facts_of(ctx)
    configuration = frozenset(
        n.value for arg in call.args for n in m.findall(arg, m.Name())  # type: ignore[attr-defined]
        if n.value in params and not (isinstance(seen := facts.parameter(function, n.value), Known) and seen.value[0] == "tensor"))  # type: ignore[attr-defined, index, arg-type]
    fixes = []
    for closed, label in ((frozenset(), ""), (configuration, " (its arguments as Python values)")):
        made = eager_island(ctx, outer, f"{ctx.code(outer.args[0].value)}.dtype", closed)
        if made is not None and all(made[0].deep_equals(f.edits[outer]) is False for f in fixes):
            fixes.append(Fix({outer: made[0]}, "unsafe", (made[1],) if made[1] else (), EAGER_ISLAND_UNKNOWN,
                             "a fresh layer per call, built eagerly in tf.py_function" + label))
    return tuple(fixes)


def _stateless_sgd(ctx: FileContext, call: cst.Call) -> bool:
    """Plain SGD (no momentum) creates no slot variable: a new one per iteration works (measured)."""
    if not any(name.endswith(".SGD") for name in ctx.names(call.func)):
        return False
    positional = [arg for arg in call.args if arg.keyword is None]
    return len(positional) < 2 and not any(arg.keyword is not None and arg.keyword.value == "momentum" for arg in call.args)


def _variable_free(ctx: FileContext, call: cst.Call) -> bool:
    """Does this construction of a :data:`VARIABLES_ONLY_WITH` class leave out, or give a
    variable-free literal to, every argument that would create variables (``Attention(causal=True)``)?"""
    last = {name.rsplit(".", 1)[-1] for name in ctx.names(call.func)}
    conditions = next((VARIABLES_ONLY_WITH[n] for n in last if n in VARIABLES_ONLY_WITH), None)
    if conditions is None or any(arg.star for arg in call.args):
        return False
    positional = [arg.value for arg in call.args if arg.keyword is None]
    for position, keyword, free in conditions:
        given = [arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == keyword]
        given += positional[position:position + 1]
        if any(not _literal(value) or ast.literal_eval(ctx.code(value)) not in free for value in given):
            return False
    return True


def _is_tf_function(ctx: FileContext, func: cst.BaseExpression) -> bool:
    """Does ``func`` name a ``tf.function`` of this module: a decorated ``def``, or ``f = tf.function(...)``?"""
    scope = ctx.scope(func) if isinstance(func, cst.Name) else None
    if scope is None or func.value not in scope:
        return False
    for assignment in scope[func.value]:
        node = getattr(assignment, "node", None)
        if isinstance(node, cst.FunctionDef) and any(
            ctx.resolves_to(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator, TF_FUNCTION)
            for d in node.decorators
        ):
            return True
        target = ctx.parent(node) if node is not None else None
        value = ctx.parent(target).value if isinstance(target, cst.AssignTarget) else None
        if isinstance(value, cst.Call) and ctx.resolves_to(value.func, TF_FUNCTION):
            return True
    return False


def _declared_outer(ctx: FileContext, target: cst.Name) -> bool:
    """Is ``target`` declared ``global``/``nonlocal`` in its function?"""
    function = ctx.enclosing(target, cst.FunctionDef)
    return any(
        ctx.enclosing(statement, cst.FunctionDef) is function and any(n.name.value == target.value for n in statement.names)
        for statement in (*nodes(ctx, cst.Global), *nodes(ctx, cst.Nonlocal))
    )


def _creates_weights(cls: cst.ClassDef, classes: dict[str, cst.ClassDef], seen: frozenset = frozenset()) -> bool:
    """Does a method of this class (or of a same-module base) call ``add_weight``/``add_variable``/``Variable``?"""
    if cls.name.value in seen:
        return False
    finder = _WeightCalls()
    cls.visit(finder)
    if finder.found:
        return True
    return any(
        isinstance(base.value, cst.Name) and base.value.value in classes
        and _creates_weights(classes[base.value.value], classes, seen | {cls.name.value})
        for base in cls.bases
    )


class _WeightCalls(cst.CSTVisitor):
    """Weight-creating calls in a class's own methods (not in classes nested in it)."""

    def __init__(self) -> None:
        self.found = False
        self.classes = self.functions = 0

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.classes += 1
        return self.classes == 1

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.classes -= 1

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions += 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.functions -= 1

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
        self.found |= self.functions > 0 and name in _CREATES_VARIABLES


def _screen_weight_sites(screen: Screen) -> dict[str, list[Site]]:
    """Same-module classes (by name) → the calls by which they, or their same-module
    bases, create weights; classes with none are absent."""
    by_name: dict[str, list[ast.ClassDef]] = {}
    for site in screen.sites(ast.ClassDef):
        by_name.setdefault(site.node.name, []).append(site.node)
    own: dict[ast.ClassDef, list[Site]] = {}
    for site in screen.sites(ast.Call):
        if last_name(site.node.func) in _CREATES_VARIABLES:
            cls = screen.class_around(site.function)
            if cls is not None:
                own.setdefault(cls, []).append(site)
    result = {}
    for name, classes in by_name.items():
        sites = [s for cls in classes if cls in screen.keras_classes for s in _weight_sites(cls, frozenset({name}), own, by_name)]
        if sites:
            result[name] = sites
    return result


def _weight_sites(
    cls: ast.ClassDef, seen: frozenset, own: dict[ast.ClassDef, list[Site]], by_name: dict[str, list[ast.ClassDef]]
) -> list[Site]:
    found = list(own.get(cls, ()))
    for base in cls.bases:
        if isinstance(base, ast.Name) and base.id not in seen:
            for other in by_name.get(base.id, ()):
                found += _weight_sites(other, seen | {base.id}, own, by_name)
    return found
