"""Canonical TensorFlow / Keras names, whatever spelling the user imported them with.

LibCST's QualifiedNameProvider tells us ``tf.function`` is ``tensorflow.function``
when ``tf`` is ``import tensorflow as tf`` (and not when ``tf`` is a local class).
Here we fold the many public and internal spellings onto one canonical name.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

# Longest prefixes first: the first match wins.
_PREFIXES: tuple[tuple[str, str], ...] = (
    ("tensorflow.compat.v2.keras.", "keras."),
    ("tensorflow.compat.v2.", "tensorflow."),
    ("tensorflow.compat.v1.keras.", "keras."),
    ("tensorflow.compat.v1.", "tensorflow."),
    ("tensorflow.python.keras.", "keras."),
    ("tensorflow.keras.", "keras."),
    ("tf_keras.", "keras."),
)

# TensorFlow's own modules use the internal spelling of a few public names.
_INTERNAL: dict[str, str] = {
    "tensorflow.python.eager.def_function.function": "tensorflow.function",
    "tensorflow.python.eager.polymorphic_function.polymorphic_function.function": "tensorflow.function",
    "tensorflow.python.ops.variables.Variable": "tensorflow.Variable",
    "tensorflow.python.ops.map_fn.map_fn": "tensorflow.map_fn",
    "tensorflow.python.ops.parallel_for.control_flow_ops.vectorized_map": "tensorflow.vectorized_map",
    "tensorflow.python.ops.logging_ops.print_v2": "tensorflow.print",
    "tensorflow.python.ops.script_ops.eager_py_func": "tensorflow.py_function",
    "tensorflow.python.ops.script_ops.numpy_function": "tensorflow.numpy_function",
    "tensorflow.python.ops.script_ops.py_func": "tensorflow.py_func",
    "tensorflow.python.framework.ops.init_scope": "tensorflow.init_scope",
}


def fresh_name(base: str, taken: "set[str] | frozenset[str]") -> str:
    """``base``, or ``base_2``, ``base_3``...: the first not in ``taken`` (a name a rewrite may add)."""
    name, number = base, 1
    while name in taken:
        number += 1
        name = f"{base}_{number}"
    return name


def canonical(qualified_name: str) -> str:
    name = _INTERNAL.get(qualified_name, qualified_name)
    for prefix, replacement in _PREFIXES:
        if name.startswith(prefix):
            return replacement + name[len(prefix):]
    if name == "tensorflow.keras" or name == "tf_keras":
        return "keras"
    return name


def spellings(names) -> set[str]:
    """``names`` and the internal names :func:`canonical` folds onto them
    (``script_ops.eager_py_func`` is ``tf.py_function``)."""
    return {*names, *(internal for internal, public in _INTERNAL.items() if public in names)}


def is_tensorflow(name: str) -> bool:
    return name == "tensorflow" or name.startswith(("tensorflow.", "keras.")) or name == "keras"


TF_FUNCTION = "tensorflow.function"
#: Callables that trace the function they receive (argument position, keyword).
TRACING_HIGHER_ORDER: dict[str, tuple[tuple[int, str], ...]] = {
    "tensorflow.map_fn": ((0, "fn"),),
    "tensorflow.vectorized_map": ((0, "fn"),),
    "tensorflow.scan": ((0, "fn"),),
    "tensorflow.foldl": ((0, "fn"),),
    "tensorflow.foldr": ((0, "fn"),),
    "tensorflow.while_loop": ((0, "cond"), (1, "body")),
    "tensorflow.cond": ((1, "true_fn"), (2, "false_fn")),
    "tensorflow.switch_case": (),
}
#: TensorFlow callables that do not return tensors (``analysis/tensor_values.py`` and the
#: argument kinds of ``analysis/traced.py``).
NOT_TENSOR_CALLS = (
    "tensorflow.function", "tensorflow.TensorSpec", "tensorflow.TensorArray", "tensorflow.data.",
    "tensorflow.Module", "tensorflow.GradientTape", "tensorflow.name_scope", "tensorflow.device",
    "tensorflow.config.", "tensorflow.summary.", "tensorflow.io.gfile.", "tensorflow.saved_model.",
    # static facts: a NumPy value or None, a Python int, a dtype, a bool (TFP's prefer_static idiom)
    "tensorflow.get_static_value", "tensorflow.compat.dimension_value", "tensorflow.is_tensor",
    "tensorflow.as_dtype", "tensorflow.dtypes.as_dtype", "tensorflow.executing_eagerly",
    "tensorflow.TensorShape", "tensorflow.python.framework.tensor_util.constant_value",
    # NumPy's facts about dtypes and static shapes: `np.dtype(spec.dtype)` (TF-Agents' _get_np_dtype)
    "numpy.dtype", "numpy.result_type", "numpy.promote_types", "numpy.finfo", "numpy.iinfo",
    "numpy.issubdtype", "numpy.can_cast", "numpy.ndim",
    # TFP's prefer-static shape facts: NumPy whenever the shape is static, as `x.shape` is
    # (`np.arange(ps.shape(x)[-2])`); its other functions (`ps.concat`...) may build tensors
    "tensorflow_probability.python.internal.prefer_static.shape",
    "tensorflow_probability.python.internal.prefer_static.rank",
    "tensorflow_probability.python.internal.prefer_static.size",
)
#: ``tf.nest`` (``nest.map_structure(f, *structures)``...): structure, not computation. What
#: they return holds tensors only when what they are given does, and the function they map
#: receives the leaves of the structures that follow it.
NEST_MODULES = ("tensorflow.nest.", "tensorflow.python.util.nest.")
#: ``nest`` functions that call a function on leaves: name → position of the function.
NEST_MAPS = {"map_structure": 0, "map_structure_up_to": 1}
#: Parameters that hold the object or class, never a tensor.
PYTHON_PARAMETERS = ("self", "cls")
#: Attributes of a tensor that are static facts about it, not tensors.
TENSOR_METADATA = frozenset({"shape", "dtype", "ndim"})
#: Methods of a tensor (or of its static shape) that return static facts, not tensors.
STATIC_METHODS = frozenset({"get_shape", "as_list", "num_elements", "is_fully_defined", "is_compatible_with"})


def builds_tensor(names: set[str]) -> bool:
    """Does a call of a callable with these qualified names return a tensor (a TensorFlow op)?"""
    return any(name.startswith("tensorflow.") and not name.startswith((*NOT_TENSOR_CALLS, *NEST_MODULES)) for name in names)


_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_TRACE_WORDS = frozenset({"trace", "traces", "traced", "tracing", "retrace", "retraces", "retracing"})
_COUNT_WORDS = frozenset({"count", "counts", "counter", "counters", "num", "number", "n"})


def counts_traces(name: str) -> bool:
    """Does the name say its state counts traces (``tracing_count``, ``_TRACE_COUNT``,
    ``numTraces``)? Incrementing it at trace time is the point (TensorFlow's guide counts
    traces so), not a hazard. Both words are needed: ``traces`` alone may hold matrix traces."""
    words = {word.lower() for word in _WORDS.findall(name)}
    return bool(words & _TRACE_WORDS) and bool(words & _COUNT_WORDS)


def static_fact(names: set[str]) -> bool:
    """Does a call of a callable with these qualified names return a Python value or a
    static fact, whatever it is given (``tf.as_dtype``, ``np.dtype``, ``ps.shape``)?"""
    return any(name.startswith(NOT_TENSOR_CALLS) for name in names)
# Eager escapes: code inside traced functions that does not run at trace time (or runs
# eagerly there). The one list the traced-code model (analysis/traced.py) applies.
#: Functions handed to these run in Python on every call, even inside traced code.
EAGER_CALLBACKS = frozenset({"tensorflow.py_function", "tensorflow.numpy_function", "tensorflow.py_func"})
#: ``with`` these: the block runs eagerly, outside the graph being traced.
EAGER_CONTEXTS = frozenset({"tensorflow.init_scope", "tensorflow.python.eager.context.eager_mode"})
#: ``if`` these: the true branch runs only eagerly (``executing_eagerly_outside_functions``
#: is true inside a tf.function: not a guard), or in plain Python: Keras'
#: ``in_grain_data_pipeline()`` is true only in a Grain (non-TensorFlow) pipeline's worker.
EAGER_GUARDS = frozenset({"tensorflow.executing_eagerly", "tensorflow.python.eager.context.executing_eagerly",
                          "keras.src.utils.backend_utils.in_grain_data_pipeline"})
#: ``tf.data.Dataset`` methods whose function argument is always traced.
DATASET_METHODS = frozenset({"map", "filter", "flat_map", "interleave", "parallel_interleave"})
#: Keras methods that Keras itself wraps in a ``tf.function``.
KERAS_TRACED_METHODS = frozenset({"call", "train_step", "test_step", "predict_step", "update_state", "result"})
#: ``compile`` keywords whose callables are traced into the train/test function.
COMPILE_KEYWORDS = frozenset({"loss", "metrics", "weighted_metrics"})
#: ``tf.autograph.experimental.do_not_convert``: the function it wraps or decorates is not converted.
DO_NOT_CONVERT = "tensorflow.autograph.experimental.do_not_convert"
#: ``tf.autograph.experimental.Feature``: AutoGraph's optional conversions, chosen by ``tf.function(...,
#: experimental_autograph_options=)`` and ``to_graph(..., experimental_optional_features=)`` (``ALL``: every one).
AUTOGRAPH_FEATURE = "tensorflow.autograph.experimental.Feature"
AUTOGRAPH_FEATURES = frozenset({"AUTO_CONTROL_DEPS", "ASSERT_STATEMENTS", "BUILTIN_FUNCTIONS", "EQUALITY_OPERATORS", "LISTS", "NAME_SCOPES"})
#: ``tf.autograph.to_graph(f)``: ``f`` converted, not traced (called eagerly it runs eagerly); what it returns
#: is converted wherever it is called, also from traced code AutoGraph does not convert.
TO_GRAPH = "tensorflow.autograph.to_graph"
#: Keras layers that call the function they are given (``Dense(activation=f)``, ``Lambda(f)``)
#: without AutoGraph, in either Keras: (argument position, keyword).
KERAS_FUNCTION_LAYERS: dict[str, tuple[tuple[int, str], ...]] = {
    "keras.layers.Lambda": ((0, "function"),),
    "keras.layers.Activation": ((0, "activation"),),
}
#: Where a qualified name is Keras 2 (tf-keras), whose ``call``/metrics/losses AutoGraph
#: converts; any other Keras is Keras 3 (``tf.keras`` since TF 2.16), which converts none.
KERAS2_PREFIXES = ("tf_keras", "tensorflow.python.keras", "keras.src.legacy")


def last_name(expr: ast.AST) -> str | None:
    """``c`` for ``c``, ``a.b.c`` and ``a.b.c(...)``'s callee."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return None


def absolute_module(module: str | None, name: str | None, level: int) -> str | None:
    """The absolute module of ``from {"." * level}{name} import ...`` in ``module``."""
    if not level:
        return name
    if module is None:
        return None
    parts = module.split(".")
    if len(parts) < level:
        return None
    base = parts[: len(parts) - level]
    return ".".join([*base, name] if name else base) or None


@dataclass(frozen=True)
class ImportSpec:
    """An import a fix needs: ``import module as asname`` or ``from module import obj``."""

    module: str
    obj: str | None = None
    asname: str | None = None
