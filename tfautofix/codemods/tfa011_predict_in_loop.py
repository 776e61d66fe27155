"""TFA011 predict-in-loop: ``model.predict(x)`` per item in a loop → ``model(x, training=False)``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Literal

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Evidence, Fact, Known, Unknown, facts_of, keras_version
from tfautofix.analysis.index import nodes
from tfautofix.analysis.loops import (
    argument_for,
    enclosing_loops,
    loop_bound_names,
    names_in,
    repeating_loops,
    runs_through_calls,
)
from tfautofix.rule import Finding, Fix, ImportSpec, Rule
from tfautofix.screen import Screen

#: What we know of a receiver: a Sequential model of row-wise layers (one output,
#: each row computed on its own: batching cannot matter), another Sequential model
#: (one output), another Keras model (may return a list or dict), something else,
#: or nothing (None).
Kind = Literal["rowwise", "sequential", "keras", "other"]
_SEQUENTIAL = frozenset({"keras.Sequential", "keras.models.Sequential"})
#: At most this many calls in all: a display loop, whose per-call overhead nobody waits on.
FEW_CALLS = 10
_DROPPED_KEYWORDS = frozenset({"verbose", "batch_size"})
_TF_DTYPES = frozenset({"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"})
#: Keras layers whose output row depends only on the same input row at inference.
_ROWWISE = frozenset(
    """Input InputLayer Dense Activation Dropout SpatialDropout1D SpatialDropout2D GaussianNoise
    GaussianDropout AlphaDropout Flatten Reshape Permute RepeatVector Conv1D Conv2D Conv3D SeparableConv1D
    SeparableConv2D DepthwiseConv2D MaxPooling1D MaxPooling2D MaxPooling3D AveragePooling1D AveragePooling2D
    AveragePooling3D GlobalAveragePooling1D GlobalAveragePooling2D GlobalMaxPooling1D GlobalMaxPooling2D
    BatchNormalization LayerNormalization Embedding ReLU LeakyReLU PReLU ELU Softmax Rescaling""".split()
)


class PredictInLoop(Rule):
    code = "TFA011"
    name = "predict-in-loop"
    summary = "`model.predict` per item in a loop pays its setup (and traces) on every call"
    fixable = "safe"
    contract = "exact"
    triggers = (".predict(",)
    facts = (
        Fact("row-wise-model", "the model is a Sequential of row-wise layers built in this module, with one output, "
             "never handed on (batching, `batch_size=` included, cannot change a row)"),
        Fact("array-input", "the input is a float array (not a list, generator, integers or other data `predict` converts)"),
        Fact("float32-model", "the module gives no Keras layer a `dtype` and sets no dtype policy (predict feeds float32)"),
        Fact("result-read-only", "the result is only read: `.numpy()` of the output is not the fresh array `predict` gave"),
        Fact("keras-predict-step", "the model's class keeps Keras' `predict_step` (a model call is what it computes); "
             "where the class overrides it the fix calls the override on `x` as given, and `predict` hands it batches of "
             "its data adapter (tensors, maybe a tuple)"),
        Fact("keras-version", "the conversion to NumPy exists in the Keras the module runs on (`.numpy()` and `tf.nest` "
             "of TensorFlow tensors: `tf.keras`, tf-keras, Keras 2; `keras.ops`: Keras 3, any backend)"),
    )
    legacy_keras = True
    docs = """
`model.predict(x)` is built for large inputs: every call wraps `x` in a data
adapter, builds (and in Keras 3 traces) a predict function, runs a batch loop
with callbacks, and converts the result to NumPy. Called once per item in a
Python loop, that overhead dominates: on TensorFlow 2.21 / Keras 3.15 three
`predict` calls on one-row batches trace 10 times, while `model(x, training=False)`
runs the layers directly (no tracing at all).

The fix calls the model and converts what it returns to what `predict` returns,
NumPy arrays in the model's structure (one array, a list, a dict), in the Keras
the file uses (the `keras-version` fact: `tf_keras`, `TF_USE_LEGACY_KERAS=1`,
`pip install tensorflow==...`/`keras==...` pins, notebook magics included, APIs
only Keras 3 has): `model(x, training=False).numpy()` for a Sequential model,
`tf.nest.map_structure(lambda t: t.numpy(), model(x, training=False))` for any
other, where the model computes TensorFlow tensors (`tf.keras` and tf-keras in
either version, Keras 2); `keras.ops.convert_to_numpy(...)` (`keras.tree.map_structure`
of it) where the file is known to be Keras 3, on any backend. A plain `import keras`
of unknown version gets the TensorFlow form (Keras 2, and Keras 3 on its default
backend), unsafe naming the fact, and the Keras 3 form as an alternative for
`fix --verify`. A model whose class (of the module, or a base class of it) overrides
`predict_step` gets `model.predict_step(x)` converted instead, unsafe: a model call would
skip the override, and `predict` hands it batches of its data adapter rather than `x`
(the `keras-predict-step` fact, known for Keras' own classes). Both Kerases cast a float64 or integer array to the model's float32
in a call as `predict` does. No conversion when the result goes straight into a
TensorFlow op or is not used. `verbose=` and `batch_size=` are dropped.

Safe only when proven: the receiver is a `keras.Sequential` built in the same
module from row-wise layers only (`Dense`, `Conv2D`, `Dropout`, `BatchNormalization`,
... and never `.add`-ed to nor handed on (an argument, an alias, a container),
which might add: one output, and each output row depends only on its input row,
so `predict`'s batching cannot matter; their arguments constants or Keras names,
so an `activation=` function of the module or of TensorFlow, which may reduce over
the batch, makes the fix unsafe), called on an array (`row[None]`,
`np.*(...)`, `tf.*(...)`, `t.numpy()`). Unsafe: other Sequential models (a layer
may depend on the batch `predict` splits), other Keras models whose result is
not used as an array, inputs of unknown type, receivers of unknown type.

A Sequential whose rows may depend on the batch also gets candidates that call it on the
batches `predict` makes (`batch_size=`, else 32) and concatenate them, and, where the module
gives a layer a dtype, on those batches cast to float32 as predict's adapter does (`x` evaluated
once, bound by the comprehension); a `tf.data.Dataset` input of a Sequential gets the model
called on each of the Dataset's batches, concatenated (unsafe: its elements may be `(x, y)`);
`fix --verify` chooses by execution.

Reported without a fix: calls with other arguments (`callbacks=`, several
positional arguments to a Keras model) and `tf.data.Dataset` inputs of other models. Left alone: `predict`
outside loops; a whole dataset per call (`predict(ds, steps=n)`, a
`tf.data.Dataset` built in the call: many batches per call, not per-item
prediction), or the same variable on every iteration (`predict(x_test)` once per
epoch, or per feature column of a permutation importance: the loop feeds no items,
each call gets the whole array, which `predict` batches); classes that define their
own `predict` (calling the model would bypass it); receivers known not to be Keras
models (an instance of a local non-Keras class, a scikit-learn estimator, ...) and
receivers of unknown type given arguments Keras' `predict(x, ...)` does not take
(`task.predict(*outputs)`); a model new on each iteration (the loop's target, or
built in its body: k-fold and bootstrap loops ask each model once); loops that call
it at most 10 times per run of their function (or module), where the overhead costs
nothing anyone waits on: display loops whose trip counts the code states
(`range(4)`, `ds.take(3)`, a list, tuple, set or dict display, `np.linspace(0, 1, 10)`,
and through names, `enumerate`, `zip`, `len` and comprehensions to those, a
parameter through the arguments of every call; nested loops multiply), and loops
that wait on the user on each iteration (`input()` in the body, the files of a
Colab `files.upload()`).

The loop may be a caller's: a function or method that the file calls inside a loop
(transitively: `agent.act(state)` once per environment step, a `next_token(...)` helper
once per generated token, `self.target_value(...)` per transition of a replay loop calling
`self.target_q(...)` which predicts) runs its `predict` once per iteration of that loop.
Calls are resolved in the file only (closed world): a function by its name, a method as
`self.m(...)` in its class or a subclass, or `obj.m(...)` where `obj` (a name or
`self.attr`) holds only instances the file makes of that class. What a loop around the
call would leave alone is left alone through the calls: a model built in the function or
passed as a new one (`evaluate(build(), x)`), the same input on every iteration
(`evaluate(model, x_test)` once per epoch), and calls that total at most 10 (the loops'
trip counts times the calls, summed over the call sites). A function no code of the file
calls is left to its callers.
"""
    before = """\
import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
scores = [model.predict(row[None], verbose=0) for row in np.ones((8, 3))]
"""
    after = """\
import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
scores = [model(row[None], training=False).numpy() for row in np.ones((8, 3))]
"""

    def prescreen(self, screen: Screen) -> bool:
        """A ``.predict(...)`` call inside a loop or comprehension, or in a function (a loop may call it)."""
        return any(
            (site.in_loop or site.function is not None) and isinstance(site.node.func, ast.Attribute)
            and site.node.func.attr == "predict" for site in screen.sites(ast.Call)
        )


    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            if not m.matches(call.func, m.Attribute(attr=m.Name("predict"))):
                continue
            receiver = call.func.value
            loops = list(enclosing_loops(ctx, call))
            if loops:
                if _fresh_each_iteration(loops[0], receiver) or _same_input_each_iteration(call, loops):
                    continue
                loop, calls = loops[0], ()
            else:  # no loop in its function: a loop of a caller, through the calls of the file
                loop, calls = next(((loop, calls) for loop, calls in repeating_loops(ctx, call)
                                    if _per_item_through(ctx, call, loop, calls)), (None, ()))
                if loop is None:
                    continue
            if ctx.is_traced(call) or _few_calls(ctx, call):
                continue
            kind = _kind(ctx, receiver, frozenset())
            if kind == "other" or _whole_dataset(ctx, call) or (kind is None and _not_keras_arguments(call)):
                continue
            text = ctx.code(receiver)
            owner = _model_class(ctx, receiver, frozenset())
            step = _overrides(ctx, owner, "predict_step", frozenset())
            direct = f"its `predict_step` directly: `{text}.predict_step(x)`" if step else f"the model directly: `{text}(x, training=False)`"
            where = f"inside a loop (line {ctx.span(loop)[0][0]})" if not calls else (
                f"once per iteration of the loop at line {ctx.span(loop)[0][0]}, through "
                + ", ".join(f"`{ctx.code(c.func)}(...)` (line {ctx.span(c)[0][0]})" for c in reversed(calls)))
            message = (f"`{text}.predict(...)` {where} sets up a data adapter and "
                       f"a predict function on every call (and may retrace); call {direct}")
            candidates, why_not = _fix(ctx, call, receiver, kind, step)
            fixes = []
            if not candidates:
                message += f" (not fixed: {why_not})"
            else:
                facts = facts_of(ctx)
                x = next(a.value for a in call.args if a.keyword is None or a.keyword.value == "x")
                for new, imports, keras, label in candidates:
                    fixes.append(self.closed_fix({call: new}, {
                        "row-wise-model": Known() if kind == "rowwise" else Unknown(why_not),
                        "array-input": facts.float_array(x),
                        "float32-model": _float32_model(ctx),
                        "result-read-only": facts.read_only(call),
                        "keras-version": keras,
                        "keras-predict-step": Known() if kind == "rowwise" or owner is not None and not step else Unknown(
                            f"the class of `{text}` overrides `predict_step`: called on `x` as given, not on the batches "
                            "`predict` makes" if step else f"the class of `{text}` is not known: it may override `predict_step`"),
                    }, imports, label))
                message += self.unsafe_note(fixes[0])
            yield self.finding(ctx, call, message, fixes[0] if fixes else None, fixes[1:])


def _few_calls(ctx: FileContext, call: cst.Call) -> bool:
    """Do the loops around the call, and around the calls of its function in the file, run it a
    handful of times in all (a display loop, an upload cell, a loop waiting on `input()`)? Then
    predict's setup costs nothing anyone waits on."""
    count = runs_through_calls(ctx, call)
    return count is not None and count <= FEW_CALLS


def _per_item_through(ctx: FileContext, call: cst.Call, loop: cst.CSTNode, calls: tuple[cst.Call, ...]) -> bool:
    """Does a caller's ``loop`` feed the ``predict`` a new item on each iteration, through ``calls``
    (``agent.act(state)`` per step)? Not when the model is built in a function on the way
    (``def fold(): model = build(); ...; model.predict(x)``: one model per call, asked once) or
    is new on each iteration of the loop, nor when the input is the same on every iteration
    (``evaluate(model, x_test)`` once per epoch): as for a loop around the call itself."""
    receiver, fresh = _at_loop(ctx, call.func.value, calls)  # type: ignore[attr-defined]
    if fresh or isinstance(receiver, cst.Call) or receiver is not None and _fresh_each_iteration(loop, receiver):
        return False  # built on the way, in the argument (`evaluate(build(), x)`), or in the loop
    x = next((a.value for a in call.args if a.keyword is None or a.keyword.value == "x"), None)
    given, computed = _at_loop(ctx, x, calls) if x is not None else (None, False)
    return computed or not (isinstance(given, cst.Name) and given.value not in loop_bound_names(loop))


def _at_loop(ctx: FileContext, expr: cst.BaseExpression, calls: tuple[cst.Call, ...]) -> tuple[cst.BaseExpression | None, bool]:
    """``expr`` as the loop's function sees it: a parameter of each function on the way becomes
    the argument its call passes. ``(expr there, False)``, or ``(None, built)`` when a function on
    the way binds the name itself (``built``: to a call's result, a new object on each call)."""
    for call in calls:
        function = ctx.enclosing(expr, cst.FunctionDef)
        if not isinstance(expr, cst.Name) or function is None:
            return expr, False
        params = {p.name.value for p in (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params)}
        if expr.value in params:
            given = argument_for(ctx, call, function, expr.value)  # type: ignore[arg-type]
            if given is None:
                return None, False
            expr = given
        elif expr.value in names_in(function.body, nested=False)[1]:
            return None, isinstance(ctx.bound_value(expr), cst.Call)
        else:
            return expr, False  # a global: the loop's function reads the same one
    return expr, False


def _fresh_each_iteration(loop: cst.CSTNode, receiver: cst.BaseExpression) -> bool:
    """Is the model a new one on each iteration: the loop's target (``for model in models``) or
    built in its body (``model = build(); model.fit(...)``, k-fold and bootstrap loops)? Then
    each model is asked once: nothing is set up twice."""
    if not isinstance(receiver, cst.Name) or receiver.value not in loop_bound_names(loop):
        return False
    if not isinstance(loop, (cst.For, cst.While)):
        return True  # bound by a comprehension: only its targets
    built = m.Assign(targets=[m.AssignTarget(target=m.Name(receiver.value))], value=m.Call())
    in_target = isinstance(loop, cst.For) and bool(m.findall(loop.target, m.Name(receiver.value)))
    return in_target or bool(m.findall(loop.body, built))


def _same_input_each_iteration(call: cst.Call, loops: list[cst.CSTNode]) -> bool:
    """Is the input a variable no loop around the call rebinds (``model.predict(x_test)`` once per
    epoch, or per feature column of a permutation importance)? Then the loop does not feed
    `predict` items: each call is given the same whole array, which `predict` batches, and
    calling the model on it instead would lose the batching."""
    x = next((a.value for a in call.args if a.keyword is None or a.keyword.value == "x"), None)
    return isinstance(x, cst.Name) and not any(x.value in loop_bound_names(loop) for loop in loops)


def _whole_dataset(ctx: FileContext, call: cst.Call) -> bool:
    """``predict(ds, steps=n)`` or ``predict(tf.data.Dataset...)``: many batches per call, the
    setup paid once per dataset (a benchmark's repeats), not per item."""
    if any(arg.keyword is not None and arg.keyword.value == "steps" for arg in call.args):
        return True
    first = next((arg.value for arg in call.args if arg.keyword is None or arg.keyword.value == "x"), None)
    while isinstance(first, cst.Call) and isinstance(first.func, cst.Attribute) and not ctx.names(first.func):
        first = first.func.value  # `Dataset.from_tensor_slices(x).batch(8)`: the chain's source
    return isinstance(first, cst.Call) and any(n.startswith("tensorflow.data.") for n in ctx.names(first.func))


#: The parameters of Keras' ``Model.predict`` (both Kerases).
_PREDICT_PARAMETERS = frozenset({"x", "batch_size", "verbose", "steps", "callbacks", "max_queue_size", "workers",
                                 "use_multiprocessing"})


def _not_keras_arguments(call: cst.Call) -> bool:
    """Arguments Keras' ``predict(x, ...)`` is not given (``task.predict(*outputs)``, TF-GNN's
    Task API; scikit-learn's ``gpr.predict(x, return_std=True)``): a receiver of unknown type
    called so is no Keras model."""
    return (any(arg.star for arg in call.args) or sum(arg.keyword is None for arg in call.args) > 1
            or any(arg.keyword is not None and arg.keyword.value not in _PREDICT_PARAMETERS for arg in call.args))


#: Spellings that change the dtypes a Keras model computes in.
_POLICIES = ("mixed_precision", "set_floatx", "set_dtype_policy", "dtype_policy")


def _float32_model(ctx: FileContext) -> Evidence:
    """Known when no Keras constructor in the module is given a ``dtype`` and no policy is set."""
    text = ctx.screen.text
    spelled = next((s for s in _POLICIES if s in text), None)
    if spelled:
        return Unknown(f"the module spells `{spelled}`")
    for node in ast.walk(ctx.screen.tree):
        if isinstance(node, ast.Call) and any(k.arg == "dtype" for k in node.keywords):
            if any(n.startswith(("keras.", "tensorflow.keras.")) for n in ctx.screen.names(node.func)):
                return Unknown(f"a Keras object is given a dtype (line {node.lineno})")
    return Known()


Candidate = tuple[cst.BaseExpression, tuple[ImportSpec, ...], Evidence, str]


def _fix(ctx: FileContext, call: cst.Call, receiver: cst.BaseExpression, kind: Kind | None, step: bool = False) -> tuple[list[Candidate], str]:
    """The calls of the model (of its own ``predict_step`` when its class overrides it: a model
    call would skip it), the primary first, and why they are not safe (or not made)."""
    inputs = [arg for arg in call.args if arg.keyword is None or arg.keyword.value == "x"]
    others = [arg for arg in call.args if arg not in inputs]
    if len(inputs) != 1 or inputs[0].star or any(arg.keyword.value not in _DROPPED_KEYWORDS for arg in others):
        return [], "arguments `predict` treats differently from a call"
    x = inputs[0].value
    dataset = _dataset(ctx, x)
    if dataset and kind not in ("rowwise", "sequential"):
        return [], "the input is a `tf.data.Dataset`, which a model call does not iterate (the model may return a structure)"
    no_space = cst.SimpleWhitespace("")
    training = cst.Arg(cst.Name("False"), keyword=cst.Name("training"),
                       equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space))
    new: cst.BaseExpression = cst.Call(receiver, [cst.Arg(x, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))), training])
    if step:
        new = cst.Call(cst.Attribute(receiver, cst.Name("predict_step")), [cst.Arg(x)])
    parent = ctx.parent(call)
    into_tf_op = isinstance(parent, cst.Arg) and isinstance(ctx.parent(parent), cst.Call) and any(
        n.startswith("tensorflow.") for n in ctx.names(ctx.parent(parent).func)  # type: ignore[union-attr]
    )
    if dataset:  # a model call does not iterate a Dataset: call it on each batch, as predict does
        return _batched(ctx, call, receiver, x, training, kind, dataset=True), "the Dataset's elements may not be the model's input"
    if into_tf_op or isinstance(parent, cst.Expr):  # the result goes into a TensorFlow op, or is not used
        candidates: list[Candidate] = [(new, (), Known("no conversion"), "")]
    else:  # used as an array: converted to NumPy, in the structure `predict` returns (one array, or a list/dict)
        candidates = _conversions(ctx, new, single=kind in ("rowwise", "sequential"))
    if not step and not into_tf_op and not isinstance(parent, cst.Expr) and kind in ("rowwise", "sequential"):
        candidates += _batched(ctx, call, receiver, x, training, kind)
    candidates = [(expr.with_changes(lpar=call.lpar, rpar=call.rpar), *rest) for expr, *rest in candidates]
    # Safe only when proven: a Sequential model of row-wise layers built in this module (one
    # output; batching, `batch_size=` included, cannot change a row) called on an array.
    why = {"rowwise": "", "sequential": "the model may have layers whose rows depend on the batch `predict` splits (batch_size)",
           "keras": "the model may depend on the batch `predict` splits"}
    return candidates, why.get(kind, f"`{ctx.code(receiver)}` may not be a Keras model")  # type: ignore[arg-type]


#: ``predict``'s batch size when no ``batch_size=`` is given (both Kerases).
_DEFAULT_BATCH = 32


def _batched(ctx: FileContext, call: cst.Call, receiver: cst.BaseExpression, x: cst.BaseExpression,
             training: cst.Arg, kind: Kind, dataset: bool = False) -> list[Candidate]:
    """Candidates that do what ``predict`` does with an array for a one-output model: call the model on
    its batches (``batch_size=``, else 32) and concatenate them; and the same on the array cast to
    float32 first, as predict's data adapter casts float arrays to the model's floatx, when the module
    may give a layer another dtype. A model whose rows depend on the batch (a reduction over it, batch
    statistics) then sees the batches predict gave it; execution (``fix --verify``) chooses."""
    size = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "batch_size"), None)
    if size is None or m.matches(size, m.Name("None")):
        size = cst.Integer(str(_DEFAULT_BATCH))
    elif not isinstance(size, (cst.Integer, cst.Name)):
        return []  # evaluated once per batch by the rewrite, once by predict
    used = {n.value for n in m.findall(call, m.Name())}
    rows, start = (next(f"{base}{'_' * k}" for k in range(1, 9) if f"{base}{'_' * k}" not in used) for base in ("x", "j"))
    numpy, spec = ctx.import_name("numpy", "np")
    imports = (spec,) if spec else ()
    batch = cst.parse_expression(rows if dataset else f"{rows}[{start}:{start} + {ctx.code(size)}]")
    model_call = cst.Call(receiver, [cst.Arg(batch, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))), training])
    given, size_text = ctx.code(x), ctx.code(size)
    sources = []  # x evaluated once, bound by the comprehension's first `for`
    if dataset:  # its own batches (elements that are `(x, y)` pairs fail: execution tells)
        sources.append((f"for {rows} in {given}", "the Dataset's batches"))
    elif kind == "sequential":  # rows may depend on the batch
        sources.append((f"for {rows} in [{given}]", "predict's batches"))
    if not dataset and isinstance(_float32_model(ctx), Unknown):  # a float64 layer computes in float64 on what predict made float32
        sources.append((f"for {rows} in [{numpy}.asarray({given})] for {rows} in [{rows}.astype('float32') if "
                        f"{rows}.dtype.kind == 'f' else {rows}]", "predict's float32 batches"))
    candidates = []
    for source, label in sources:
        for converted, conversion_imports, keras, conversion_label in _conversions(ctx, model_call, single=True):
            batches = f" for {start} in range(0, len({rows}), {size_text})" if not dataset else ""
            template = cst.parse_expression(f"{numpy}.concatenate([CONVERTED {source}{batches}])")
            expr = m.replace(template, m.Name("CONVERTED"), converted)
            candidates.append((expr, (*imports, *conversion_imports), keras,
                               f"{label}, {conversion_label}" if conversion_label else label))
    return candidates


def _conversions(ctx: FileContext, new: cst.BaseExpression, single: bool) -> list[Candidate]:
    """``new``'s result as NumPy, in the Keras the module runs on: ``.numpy()`` (``tf.nest`` of it
    for a model that may return a list or dict) where the model computes TensorFlow tensors
    (``tf.keras``, tf-keras, Keras 2, Keras 3 on TensorFlow); ``keras.ops.convert_to_numpy``
    (``keras.tree`` of it) in Keras 3, on any backend. Both when the version is unknown:
    TensorFlow's first (valid in Keras 2 and in Keras 3 on its default backend)."""
    keras = _keras3_name(ctx)
    package = "keras" if keras is not None else "tf_keras" if ctx.screen.imports_from("tf_keras") else (
        "tensorflow.keras" if ctx.screen.imports_from("tensorflow") else None)
    version = keras_version(ctx.screen, package) if package else Unknown("the module imports no Keras")
    if version == Known("graph"):  # TensorFlow 1 graphs: a model call on an array returns a symbolic tensor
        return [(*_tensorflow_numpy(ctx, new, single), Unknown("the module pins a Keras that builds TensorFlow 1 graphs"), "")]
    if package in ("tensorflow.keras", "tf_keras"):  # TensorFlow tensors in either version
        return [(*_tensorflow_numpy(ctx, new, single), version if isinstance(version, Known) else Known("2 or 3"), "")]
    keras3 = (*_keras3_numpy(ctx, new, single, keras), Known(3), "Keras 3")
    if version == Known(3):
        return [keras3]
    if version == Known(2):
        return [(*_tensorflow_numpy(ctx, new, single), version, "")]
    unknown = Unknown(f"{version.reason}; written for TensorFlow tensors")  # type: ignore[union-attr]
    return [(*_tensorflow_numpy(ctx, new, single), unknown, "TensorFlow tensors"),
            (keras3[0], keras3[1], Unknown(version.reason), "Keras 3")]  # type: ignore[union-attr]


def _tensorflow_numpy(ctx: FileContext, new: cst.BaseExpression, single: bool) -> tuple[cst.BaseExpression, tuple[ImportSpec, ...]]:
    if single:
        return cst.Call(cst.Attribute(new, cst.Name("numpy"))), ()
    tf, spec = ctx.tensorflow_alias
    convert = cst.parse_expression(f"{tf}.nest.map_structure(lambda t: t.numpy(), x)")
    return convert.with_changes(args=[convert.args[0], convert.args[1].with_changes(value=new)]), (spec,) if spec else ()


def _keras3_numpy(ctx: FileContext, new: cst.BaseExpression, single: bool, keras: str | None) -> tuple[cst.BaseExpression, tuple[ImportSpec, ...]]:
    if keras is None:  # the module imports no `keras`
        keras, spec = ctx.import_name("keras")
        imports = (spec,) if spec else ()
    else:  # `from keras import layers` binds no `keras`: the import is added (a no-op after `import keras`)
        imports = (ImportSpec("keras"),) if keras == "keras" else ()
    if single:
        return cst.Call(cst.parse_expression(f"{keras}.ops.convert_to_numpy"), [cst.Arg(new)]), imports
    convert = cst.parse_expression(f"{keras}.tree.map_structure({keras}.ops.convert_to_numpy, x)")
    return convert.with_changes(args=[convert.args[0], convert.args[1].with_changes(value=new)]), imports


def _keras3_name(ctx: FileContext) -> str | None:
    """The name of the top-level ``keras`` package (Keras 3, any backend) when the module imports
    from it (``import keras as k`` → ``k``; only ``from keras import ...`` → ``keras``), else None."""
    found = None
    for node in m.findall(ctx.module, m.Import() | m.ImportFrom()):
        if isinstance(node, cst.Import):
            for alias in node.names:
                if ctx.code(alias.name) == "keras":
                    return ctx.code(alias.asname.name) if alias.asname else "keras"
                if ctx.code(alias.name).startswith("keras."):
                    found = "keras"
        elif node.module is not None and not node.relative and ctx.code(node.module).split(".")[0] == "keras":
            found = "keras"
    return found


def _dataset(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """Certainly or plausibly a ``tf.data.Dataset``: made by ``tf.data``, or a ``.batch(...)``-like chain."""
    for value in _values(ctx, expr):
        if isinstance(value, cst.Call):
            if any(n.startswith("tensorflow.data.") for n in ctx.names(value.func)):
                return True
            if m.matches(value.func, m.Attribute(attr=m.OneOf(*map(m.Name, ("batch", "map", "prefetch", "shuffle", "take", "repeat", "cache", "unbatch"))))):
                return True
    return False


def _values(ctx: FileContext, expr: cst.BaseExpression) -> list[cst.BaseExpression | None]:
    """What a name may hold (its assigned values; None for parameters, loop targets...), or the expression itself."""
    if not isinstance(expr, cst.Name):
        return [expr]
    scope = ctx.scope(expr)
    if scope is None or expr.value not in scope:
        return [None]
    values: list[cst.BaseExpression | None] = []
    for assignment in scope[expr.value]:
        node = getattr(assignment, "node", None)
        parent = ctx.parent(node) if node is not None else None
        assign = ctx.parent(parent) if isinstance(parent, cst.AssignTarget) else None
        values.append(assign.value if isinstance(assign, cst.Assign) else None)
    return values


def _kind(ctx: FileContext, expr: cst.BaseExpression, seen: frozenset) -> Kind | None:
    """What ``expr`` is known to hold, following assignments and local factory functions."""
    if isinstance(expr, cst.Call):
        names = ctx.names(expr.func)
        if names & _SEQUENTIAL:
            return "rowwise" if _rowwise_layers(ctx, expr) else "sequential"
        if any(n == "keras" or n.startswith("keras.") for n in names):
            return "keras"
        local = _local_definitions(ctx, expr.func)
        if local:
            return _definition_kind(ctx, local[0], seen)
        if m.matches(expr.func, m.Attribute(value=m.Name("self"))):  # `self.build_model(...)`: what the method returns
            owner = ctx.enclosing(expr, cst.ClassDef)
            methods = [s for s in owner.body.body if m.matches(s, m.FunctionDef(name=m.Name(expr.func.attr.value)))] if owner else []
            return _definition_kind(ctx, methods[0], seen) if len(methods) == 1 and expr not in seen else None
        return "other" if names and not any(n.startswith("tensorflow.") or "<locals>" in n for n in names) else None
    if expr in seen:
        return None
    if m.matches(expr, m.Attribute(value=m.Name("self"))):  # `self.model`: what the class assigns it
        values = _attribute_values(ctx, expr)  # type: ignore[arg-type]
        kinds = {_kind(ctx, v, seen | {expr}) for v in values} if values else {None}
        kind = kinds.pop() if len(kinds) == 1 else None
        return "sequential" if kind == "rowwise" else kind  # code elsewhere may assign the attribute: not proven
    if not isinstance(expr, cst.Name):
        return None
    scope = ctx.scope(expr)
    if scope is None or expr.value not in scope:
        return None
    kinds = set()
    for assignment in scope[expr.value]:
        node = getattr(assignment, "node", None)
        if isinstance(node, cst.Param):
            annotation = node.annotation.annotation if node.annotation else None
            kinds.add("keras" if annotation is not None and any(n.startswith("keras.") for n in ctx.names(annotation)) else None)
            continue
        parent = ctx.parent(node) if node is not None else None
        assign = ctx.parent(parent) if isinstance(parent, cst.AssignTarget) else None
        kinds.add(_kind(ctx, assign.value, seen | {expr}) if isinstance(assign, cst.Assign) else None)
    return kinds.pop() if len(kinds) == 1 else None


def _attribute_values(ctx: FileContext, expr: cst.Attribute) -> list[cst.BaseExpression]:
    """What the class around ``self.attr`` assigns it (``self.model = build()`` in ``__init__``);
    empty when anything else binds it (augmented or unpacked assignments, another class)."""
    owner, target = ctx.enclosing(expr, cst.ClassDef), m.Attribute(value=m.Name("self"), attr=m.Name(expr.attr.value))
    assigns = [a for a in nodes(ctx, cst.Assign) if any(m.matches(t.target, target) for t in a.targets)]
    others = [a for kind in (cst.AugAssign, cst.AnnAssign) for a in nodes(ctx, kind) if m.matches(a.target, target)] or [
        t for t in nodes(ctx, cst.AssignTarget) if isinstance(t.target, (cst.Tuple, cst.List)) and m.findall(t, target)]
    if owner is None or others or any(ctx.enclosing(a, cst.ClassDef) is not owner for a in assigns):
        return []
    return [a.value for a in assigns]  # type: ignore[attr-defined]


def _model_class(ctx: FileContext, expr: cst.BaseExpression, seen: frozenset) -> cst.ClassDef | str | None:
    """The class ``expr`` is an instance of, through assignments: one of this module
    (``Thresholded([...])``), or ``"keras"`` for Keras' own (``keras.Model(inputs, outputs)``)."""
    if isinstance(expr, cst.Call):
        if any(n.startswith(("keras.", "tensorflow.keras.", "tf_keras.")) and n.rsplit(".", 1)[-1][:1].isupper()
               for n in ctx.names(expr.func)):
            return "keras"  # a Keras class (`load_model(...)` may give a custom one)
        local = _local_definitions(ctx, expr.func)
        return local[0] if len(local) == 1 and isinstance(local[0], cst.ClassDef) else None
    if expr in seen:
        return None
    if m.matches(expr, m.Attribute(value=m.Name("self"))):
        values = _attribute_values(ctx, expr)  # type: ignore[arg-type]
        classes = {_model_class(ctx, v, seen | {expr}) for v in values} if values else {None}
        return classes.pop() if len(classes) == 1 else None
    if not isinstance(expr, cst.Name):
        return None
    classes = {_model_class(ctx, v, seen | {expr}) if v is not None else None for v in _values(ctx, expr)}
    return classes.pop() if len(classes) == 1 else None


def _overrides(ctx: FileContext, cls: cst.ClassDef | str | None, method: str, seen: frozenset) -> bool:
    """Does ``cls`` or a base class of this module define ``method``?"""
    if not isinstance(cls, cst.ClassDef) or cls in seen:
        return False
    if any(m.matches(stmt, m.FunctionDef(name=m.Name(method))) for stmt in cls.body.body):
        return True
    return any(_overrides(ctx, d, method, seen | {cls}) for b in cls.bases for d in _local_definitions(ctx, b.value)
               if isinstance(d, cst.ClassDef))


def _rowwise_layers(ctx: FileContext, sequential: cst.Call) -> bool:
    """``Sequential([...])`` listing only Keras row-wise layers (and not extended with ``.add`` later)."""
    layers = sequential.args[0].value if sequential.args else None
    if not isinstance(layers, (cst.List, cst.Tuple)) or len(sequential.args) > 1 and sequential.args[1].keyword is None:
        return False
    target = ctx.parent(sequential)
    if isinstance(target, cst.Assign) and any(
        _extended(ctx, use) for t in target.targets if isinstance(t.target, cst.Name)
        for use in m.findall(ctx.module, m.Name(t.target.value))
    ):
        return False
    return all(
        isinstance(e.value, cst.Call) and any(
            n.startswith(("keras.", "tensorflow.keras.")) and n.rsplit(".", 1)[-1] in _ROWWISE
            for n in ctx.names(e.value.func)
        ) and all(_keras_argument(ctx, arg.value, frozenset()) for arg in e.value.args)
        for e in layers.elements
    )


def _keras_argument(ctx: FileContext, expr: cst.BaseExpression, seen: frozenset) -> bool:
    """A layer argument that cannot make a row depend on the batch: a constant, or something Keras
    defines (``"relu"``, ``keras.activations.gelu``, ``keras.initializers.HeNormal()``), or a name
    bound only to those. A function of the module or another library (``activation=fn`` with
    ``tf.reduce_max(x)`` over the whole batch) or a ``lambda`` may not be row-wise."""
    if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(expr, cst.UnaryOperation):
        return _keras_argument(ctx, expr.expression, seen)
    if isinstance(expr, (cst.Tuple, cst.List)):
        return all(not isinstance(e, cst.StarredElement) and _keras_argument(ctx, e.value, seen) for e in expr.elements)
    if isinstance(expr, cst.Call):
        return _keras_argument(ctx, expr.func, seen) and all(_keras_argument(ctx, a.value, seen) for a in expr.args)
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return True
    if isinstance(expr, (cst.Name, cst.Attribute)):
        names = ctx.names(expr)
        if names and all(n.startswith("keras.") or n.rsplit(".", 1)[-1] in _TF_DTYPES and n.startswith("tensorflow.") for n in names):
            return True
        if isinstance(expr, cst.Name) and expr not in seen:  # `UNITS = 4`: follow the assignments
            values = _values(ctx, expr)
            return bool(values) and all(v is not None and _keras_argument(ctx, v, seen | {expr}) for v in values)
    return False


def _extended(ctx: FileContext, use: cst.Name) -> bool:
    """May this use of the model's name add layers to it: ``model.add(...)``, or the model
    handed on (``add_head(model)``, ``{"encoder": model}``, ``alias = model``)? Its attributes
    otherwise, calls of it, and its assignment are fine."""
    parent = ctx.parent(use)
    if isinstance(parent, cst.Attribute):
        return parent.value is use and parent.attr.value == "add"
    return not (isinstance(parent, cst.Call) and parent.func is use or isinstance(parent, cst.AssignTarget))


def _local_definitions(ctx: FileContext, func: cst.BaseExpression) -> list[cst.CSTNode]:
    if not isinstance(func, cst.Name):
        return []
    scope = ctx.scope(func)
    if scope is None or func.value not in scope:
        return []
    return [a.node for a in scope[func.value] if isinstance(getattr(a, "node", None), (cst.FunctionDef, cst.ClassDef))]


def _definition_kind(ctx: FileContext, definition: cst.CSTNode, seen: frozenset) -> Kind | None:
    if isinstance(definition, cst.ClassDef):
        if any(m.matches(stmt, m.FunctionDef(name=m.Name("predict"))) for stmt in definition.body.body):
            return "other"  # its own `predict`: calling the model would bypass it
        for base in definition.bases:
            if any(n == "keras" or n.startswith("keras.") for n in ctx.names(base.value)):
                return "keras"
            local = _local_definitions(ctx, base.value)
            if local and _definition_kind(ctx, local[0], seen) == "keras":
                return "keras"
        return "other"
    returns = [r.value for r in m.findall(definition, m.Return()) if r.value is not None]  # type: ignore[attr-defined]
    kinds = {_kind(ctx, value, seen | {definition}) for value in returns} if definition not in seen else {None}
    return kinds.pop() if len(kinds) == 1 else None
