"""TensorFlow name resolution and traced-code discovery (no TensorFlow needed)."""

from __future__ import annotations

import textwrap

import libcst as cst
import libcst.matchers as m
import pytest

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.names import canonical


def _context(source: str) -> FileContext:
    return FileContext(cst.parse_module(textwrap.dedent(source)))


def _traced_names(source: str) -> set[str]:
    ctx = _context(source)
    return {node.name.value for node in ctx.traced if isinstance(node, cst.FunctionDef)}


@pytest.mark.parametrize(
    "imports, expression",
    [
        ("import tensorflow as tf", "tf.function"),
        ("import tensorflow as anything", "anything.function"),
        ("import tensorflow", "tensorflow.function"),
        ("from tensorflow import function as f", "f"),
        ("import tensorflow.compat.v2 as tf", "tf.function"),
        ("from tensorflow.python.eager import def_function", "def_function.function"),
    ],
)
def test_tf_function_spellings_resolve(imports: str, expression: str) -> None:
    ctx = _context(f"{imports}\n{expression}\n")
    node = ctx.module.body[-1].body[0].value
    assert ctx.names(node) == {"tensorflow.function"}


@pytest.mark.parametrize(
    "qualified, expected",
    [
        ("tensorflow.keras.layers.Dense", "keras.layers.Dense"),
        ("tf_keras.metrics.Metric", "keras.metrics.Metric"),
        ("tensorflow.compat.v1.Variable", "tensorflow.Variable"),
        ("numpy.random.normal", "numpy.random.normal"),
    ],
)
def test_canonical_names(qualified: str, expected: str) -> None:
    assert canonical(qualified) == expected


def test_local_class_named_tf_is_not_tensorflow() -> None:
    ctx = _context(
        """
        class tf:
            function = staticmethod(lambda f: f)

        @tf.function
        def f(x):
            return x
        """
    )
    assert ctx.traced == {}


def test_decorated_wrapped_mapped_and_keras_functions_are_traced() -> None:
    source = """
        import tensorflow as tf
        from tensorflow import keras

        @tf.function(jit_compile=True)
        def decorated(x):
            return helper(x)

        def helper(x):
            return nested_helper(x)

        def nested_helper(x):
            return x

        def wrapped(x):
            return x

        fast = tf.function(wrapped)

        def mapped(x):
            return x

        def element(x):
            return x

        def my_loss(y_true, y_pred):
            return y_pred

        def my_metric(y_true, y_pred):
            return y_pred

        tf.map_fn(mapped, tf.range(3))
        tf.data.Dataset.range(3).map(element)

        class Base(keras.layers.Layer):
            pass

        class Layer(Base):
            def call(self, x):
                return self.transform(x)

            def transform(self, x):
                return x

            def not_traced(self):
                return 1

        class Plain:
            def call(self, x):
                return x

        def eager_only(x):
            return x

        def build():  # a library: its Keras classes may be traced by its users
            model = keras.Sequential()
            model.compile(loss=my_loss, metrics=["accuracy", my_metric])
    """
    assert _traced_names(source) == {
        "decorated",
        "helper",
        "nested_helper",
        "wrapped",
        "mapped",
        "element",
        "call",
        "transform",
        "my_loss",
        "my_metric",
    }


def test_nested_code_inside_traced_function_is_traced() -> None:
    ctx = _context(
        """
        import tensorflow as tf

        @tf.function
        def outer(x):
            def inner():
                return print(x)
            return inner()

        def eager():
            print(1)
        """
    )
    prints = m.findall(ctx.module, m.Call(func=m.Name("print")))
    assert [ctx.is_traced(p) for p in prints] == [True, False]


def test_a_name_bound_by_a_parameter_or_assignment_does_not_denote_the_modules_function() -> None:
    """gpflow's tests wrap the ``monitor`` *argument* (a pytest fixture's value) or a local
    ``monitor = Monitor(...)``: the module-level ``def monitor`` is not traced by that. The
    innermost definition wins; the module's function is traced where nothing shadows it."""
    traced = _traced_names(
        """
        import tensorflow as tf

        def monitor(model):
            return model

        def step(x):
            return x

        def helper(x):
            return x

        def test_monitor(monitor):
            compiled = tf.function(monitor)
            step = lambda x: x
            tf.function(step)

        def test_local():
            def helper(x):
                return x * 2
            return tf.function(helper)

        def test_module():
            return tf.function(lambda x: helper(x))

        def rebinding():
            global step
            step = tf.function(step)
        """
    )
    assert traced == {"helper", "step"}  # `global step`: the module's `step` is the one wrapped
    ctx = _context(
        """
        import tensorflow as tf

        def helper(x):
            return x

        def test_local():
            def helper(x):
                return x * 2
            return tf.function(helper)
        """
    )
    assert [ctx.is_traced(d) for d in m.findall(ctx.module, m.FunctionDef(name=m.Name("helper")))] == [False, True]


def test_tensorflow_alias_reuses_module_import_or_adds_one() -> None:
    assert _context("import tensorflow as tflow\n").tensorflow_alias == ("tflow", None)
    name, spec = _context("import numpy as np\n").tensorflow_alias
    assert name == "tf" and spec is not None and spec.asname == "tf"
    name, spec = _context("tf = 3\n").tensorflow_alias
    assert name == "tensorflow" and spec is not None and spec.asname is None


def test_every_rule_documents_what_its_fix_really_does() -> None:
    """`tfautofix rules CODE` shows before/after: the after must be the fix's output."""
    from tfautofix.codemods import all_rules
    from tfautofix.engine import fix_source, lint_source

    for rule in all_rules():
        assert rule.docs.strip() and rule.summary and rule.triggers
        traces = getattr(rule, "example_traces", None)  # rules that need a trace log (TFA004) bring one
        assert lint_source(rule.before, [rule], traces=traces), f"{rule.code}: the `before` example has no finding"
        fixed, _, _ = fix_source(rule.before, [rule], unsafe_fixes=True, traces=traces)
        if rule.fixable != "display-only":
            assert fixed == rule.after, f"{rule.code}: the documented `after` is not what the fix produces"


def test_functions_handed_to_py_function_run_eagerly() -> None:
    ctx = _context(
        """
        import tensorflow as tf

        def eager_helper(x):
            print("eager", x)
            return x

        @tf.function
        def step(x):
            y = tf.py_function(eager_helper, [x], tf.float32)
            z = tf.numpy_function(lambda v: print(v) or v, [x], tf.float32)
            print("traced")
            return y + z
        """
    )
    prints = m.findall(ctx.module, m.Call(func=m.Name("print")))
    assert [ctx.is_traced(p) for p in prints] == [False, False, True]


# -- the traced-code model: eager escapes, other backends, wrappers (issue 18) ------------


def _printed(source: str, path: str = "<string>") -> dict[str, bool]:
    """Each ``print("tag")`` of ``source`` → is it traced? (as the LibCST rules see it)"""
    ctx = FileContext(cst.parse_module(textwrap.dedent(source)), path)
    calls = m.findall(ctx.module, m.Call(func=m.Name("print"), args=[m.Arg(m.SimpleString())]))
    return {call.args[0].value.value.strip("'\""): ctx.is_traced(call) for call in calls}


def _screened_prints(source: str, path: str | None = None) -> set[int]:
    """Lines of the ``print`` calls the screen's model finds in traced code."""
    import ast

    from tfautofix.screen import Screen

    text = textwrap.dedent(source)
    screen = Screen(text, ast.parse(text), path=path)
    return {site.node.lineno for site in screen.traced_sites(ast.Call) if getattr(site.node.func, "id", None) == "print"}


def _agree(source: str, path: str | None = None) -> dict[str, bool]:
    """The LibCST view, after checking the screen sees exactly the same traced prints."""
    traced = _printed(source, path or "<string>")
    ctx = FileContext(cst.parse_module(textwrap.dedent(source)), path or "<string>")
    lines = {
        ctx.span(call)[0][0]
        for call in m.findall(ctx.module, m.Call(func=m.Name("print"), args=[m.Arg(m.SimpleString())]))
        if ctx.is_traced(call)
    }
    assert _screened_prints(source, path) == lines
    return traced


def test_eager_escapes_inside_traced_functions_are_not_traced() -> None:
    source = """
        import tensorflow as tf
        from tensorflow.python.eager import context
        from tensorflow.python.ops import script_ops

        def callback(x):
            print("callback")
            def inner():
                print("callback-inner")
            return inner()

        @tf.function
        def step(x):
            with tf.init_scope():
                print("init_scope")
            with context.eager_mode():
                print("eager_mode")
            if tf.executing_eagerly():
                print("eager-branch")
            else:
                print("graph-branch")
            if not tf.executing_eagerly():
                print("not-eager-branch")
            else:
                print("not-eager-else")
            def internal_callback(x):  # nested in traced code, yet eager
                print("internal-callback")
            tf.py_function(callback, [x], tf.float32)
            script_ops.eager_py_func(internal_callback, [x], [tf.float32])
            tf.numpy_function(lambda v: print("lambda") or v, [x], tf.float32)
            print("traced")
            return x
    """
    assert _agree(source) == {
        "internal-callback": False, "callback": False, "callback-inner": False, "init_scope": False, "eager_mode": False,
        "eager-branch": False, "graph-branch": True, "not-eager-branch": True, "not-eager-else": False,
        "lambda": False, "traced": True,
    }


def test_what_follows_an_early_exit_of_traced_code_is_eager() -> None:
    """``if not tf.executing_eagerly() or ...: return x`` (keras_hub's preprocessing
    converters): the rest of the block, nested defs and calls included, runs only eagerly;
    Keras' ``in_grain_data_pipeline()`` is true only in a Grain (plain Python) worker."""
    source = """
        import tensorflow as tf
        from keras.src.utils.backend_utils import in_grain_data_pipeline

        def grain_helper(x):
            print("grain-helper")

        def after_helper(x):
            print("after-helper")

        @tf.function
        def step(x, flag):
            if in_grain_data_pipeline():
                print("grain")
                grain_helper(x)
            if not tf.executing_eagerly() or flag:
                print("exit-body")
                return x
            def inner():
                print("after-nested")
            print("after")
            after_helper(x)
            return x

        @tf.function
        def not_an_exit(x):
            if not tf.executing_eagerly():
                print("no-return")
            print("still-traced")
            if tf.executing_eagerly():
                return x
            print("traced-after-eager-return")
            return x
    """
    assert _agree(source) == {
        "grain-helper": False, "after-helper": False, "grain": False, "exit-body": True, "after-nested": False,
        "after": False, "no-return": True, "still-traced": True, "traced-after-eager-return": True,
    }


def test_a_branch_for_an_omitted_argument_every_traced_call_passes_is_not_traced() -> None:
    """TF-Agents' ``load_tfrecord_dataset(..., decoder=decoder)``: ``if not decoder:`` reads a
    spec file, but the traced caller always passes a decoder. The branch stays traced when
    some traced call omits the argument, passes a literal None, unpacks ``**kwargs``, the
    function rebinds it first, or is also handed over as a callback (called who knows how)."""
    source = """
        import tensorflow as tf

        def read_spec(path):
            print("spec")

        def load(files, decoder=None):
            if not decoder:
                read_spec(files)
                decoder = tf.identity
            return decoder(files)

        def build(files, decoder=None, spec=None):
            if decoder is None:
                print("build-default")
            if spec is not None:
                print("build-spec")
            else:
                print("build-no-spec")
            return files

        def callback(x, scale=None):
            if scale is None:
                print("callback-default")
            return x

        def reset(x, mode=None):
            mode = None
            if mode is None:
                print("reset-default")
            return x

        @tf.function
        def step(files, kwargs):
            a = load(files, decoder=tf.identity)
            b = load(files, tf.identity)
            c = build(files, decoder=tf.identity)
            d = build(files, None, spec=None)
            e = callback(files, scale=2.0)
            f = reset(files, mode="eval")
            return a + b + c + d + e + f + tf.nest.map_structure(callback, files)
    """
    assert _agree(source) == {
        "spec": False, "build-default": True, "build-spec": True, "build-no-spec": True, "callback-default": True,
        "reset-default": True,
    }


def test_branches_under_a_module_constant_false_never_run() -> None:
    """TensorFlow Probability's backend flags (``JAX_MODE = False`` in the TensorFlow build):
    ``if JAX_MODE:`` never runs; a flag rebound (in the module, through ``global``, or
    locally) is no constant."""
    source = """
        import tensorflow as tf

        JAX_MODE = False
        SWITCHED = False
        SWITCHED = True
        LATER = False

        def enable():
            global LATER
            LATER = True

        @tf.function
        def step(x):
            if JAX_MODE:
                print("jax")
            if not JAX_MODE:
                print("not-jax")
            else:
                print("not-jax-else")
            if SWITCHED:
                print("switched")
            if LATER:
                print("later")
            return x

        @tf.function
        def shadowed(x, JAX_MODE=True):
            if JAX_MODE:
                print("shadowed")
            return x
    """
    assert _agree(source) == {
        "jax": False, "not-jax": True, "not-jax-else": False, "switched": True, "later": True, "shadowed": True,
    }


def test_keras_dynamic_models_and_preprocessing_update_state_run_eagerly() -> None:
    source = """
        import keras

        class Dynamic(keras.Model):
            def __init__(self):
                super().__init__(dynamic=True)

            def call(self, x):
                print("dynamic-call")
                return x

        class Counter(keras.layers.Layer):
            def update_state(self, data):
                print("adapt-update")

            def call(self, x):
                print("layer-call")
                return x

        class Mean(keras.metrics.Metric):
            def update_state(self, y, p):
                print("metric-update")
    """
    assert _agree(source) == {"dynamic-call": False, "adapt-update": False, "layer-call": True, "metric-update": True}


def test_keras_methods_the_instance_replaces_are_not_what_keras_traces() -> None:
    """keras-cv's COCO metrics: ``__new__`` rebinds ``update_state`` on the instance to a wrapper
    running the written method in a ``tf.py_function``; Keras calls the wrapper."""
    source = """
        import types
        import keras
        import tensorflow as tf

        class Coco(keras.metrics.Metric):
            def __new__(cls, *args, **kwargs):
                obj = super().__new__(cls)
                written = obj.update_state
                def wrapper(self, y, p):
                    return tf.py_function(func=lambda a, b: written(a, b), inp=[y, p], Tout=[])
                obj.update_state = types.MethodType(wrapper, obj)
                return obj

            def update_state(self, y, p):
                print("replaced-update")

            def result(self):
                print("kept-result")
    """
    assert _agree(source) == {"replaced-update": False, "kept-result": True}


def test_models_a_function_compiles_only_with_run_eagerly_run_eagerly() -> None:
    """TF Model Remediation's tests count ``train_step`` calls of a model compiled with
    ``run_eagerly=True``; a model of a function that also compiles without it stays traced."""
    source = """
        import tensorflow as tf

        def test_eager():
            class Counting(tf.keras.Sequential):
                def train_step(self, data):
                    print("eager-step")
                    return super().train_step(data)

            model = Counting([tf.keras.layers.Dense(1)])
            model.compile(loss="mse", run_eagerly=True)

        def test_mixed():
            class Counting(tf.keras.Sequential):
                def train_step(self, data):
                    print("mixed-step")
                    return super().train_step(data)

            Counting([]).compile(loss="mse", run_eagerly=True)
            Counting([]).compile(loss="mse")
    """
    assert _agree(source) == {"eager-step": False, "mixed-step": True}


def test_other_keras_backends_never_run_under_tensorflow() -> None:
    source = """
        import keras

        class L(keras.layers.Layer):
            def call(self, x):
                print("call")
                return x
    """
    assert _agree(source, "keras/src/backend/jax/layer.py") == {"call": False}
    assert _agree(source, "keras/src/backend/tensorflow/layer.py") == {"call": True}
    # Backend-agnostic Keras code runs traced on the TensorFlow backend: still traced.
    assert _agree(source, "keras/src/layers/core/dense.py") == {"call": True}


def test_builtin_map_and_pool_map_are_not_dataset_map() -> None:
    source = """
        import tensorflow as tf
        import six

        def a(x):
            print("builtin")
        def b(x):
            print("pool")
        def c(x):
            print("six")
        def d(x):
            print("dataset")
        def e(x):
            print("dataset-parallel")

        list(map(a, [1, 2]))
        pool.map(b, [1, 2])
        six.moves.map(c, [1])
        tf.data.Dataset.range(3).map(d)
        ds.map(e, tf.data.AUTOTUNE)
    """
    assert _agree(source) == {"builtin": False, "pool": False, "six": False, "dataset": True, "dataset-parallel": True}


def test_map_of_another_data_library_is_not_dataset_map() -> None:
    """keras/src/utils/text_dataset_utils.py: a grain pipeline's ``ds.map(lambda ...)`` runs
    plain Python (its helper's ``open()`` is no trace-time I/O)."""
    source = """
        import tensorflow as tf
        from keras.src.utils.module_utils import grain

        def read(path):
            print("grain")
        def parse(x):
            print("tf.data")

        def grain_pipeline(paths, labels):
            ds = grain.MapDataset.source(paths)
            if labels:
                ds = grain.experimental.ZipMapDataset([ds, labels])
            return ds.map(lambda p: read(p))

        def tf_pipeline(paths):
            ds = tf.data.Dataset.from_tensor_slices(paths)
            return ds.map(lambda p: parse(p))
    """
    assert _agree(source) == {"grain": False, "tf.data": True}
    # keras_hub/src/utils/pipeline_model.py: a parameter checked to be a Grain dataset.
    checked = """
        import tensorflow as tf

        def grain_step(x):
            print("grain-checked")
        def tf_step(x):
            print("tf-checked")

        def apply(ds, f):
            if _is_tf_dataset(ds):
                return ds.map(tf_step, num_parallel_calls=tf.data.AUTOTUNE)
            if not _is_grain_dataset(ds):
                raise ValueError(ds)
            return ds.map(grain_step)

        def unchecked(ds):
            if not _is_grain_dataset(ds):
                return ds.map(tf_step)

        in_a_lambda = lambda ds: ds.map(tf_step)
    """
    assert _agree(checked) == {"grain-checked": False, "tf-checked": True}


COMMON_FUNCTION = """
    import tensorflow as tf

    def function(*args, **kwargs):
        autograph = kwargs.pop("autograph", False)
        return tf.function(*args, autograph=autograph, **kwargs)
"""


def test_tf_function_wrappers_are_recognised_by_what_they_return() -> None:
    source = COMMON_FUNCTION + """
    def wrapped(x):
        print("wrapped")
        return helper(x)

    def helper(x):
        print("helper")

    fast = function(wrapped)

    @function
    def decorated(x):
        print("decorated")

    @function(autograph=True)
    def converted(x):
        print("converted")

    def later(x):
        print("factory")

    also = tf.function(autograph=False)(later)

    class Agent:
        def __init__(self):
            self.run = function(self.run)

        def run(self):
            print("method")

    def plain(f):
        return f

    @plain
    def untouched(x):
        print("untouched")
    """
    assert _agree(source) == {
        "wrapped": True, "helper": True, "decorated": True, "converted": True,
        "factory": True, "method": True, "untouched": False,
    }
    ctx = FileContext(cst.parse_module(textwrap.dedent(source)))
    autograph = {
        call.args[0].value.value.strip('"'): ctx.autograph(call)
        for call in m.findall(ctx.module, m.Call(func=m.Name("print"), args=[m.Arg(m.SimpleString())]))
        if ctx.is_traced(call)
    }
    # common.function defaults to autograph=False: what it wraps (and its helpers) is not converted.
    assert autograph == {
        "wrapped": False, "helper": False, "decorated": False, "converted": True, "factory": False, "method": False,
    }

def test_autograph_flag_marks_code_autograph_does_not_convert() -> None:
    """Measured on TF 2.21: `if` on a tensor fails in exactly the functions marked False."""
    source = textwrap.dedent(
        """
        import tensorflow as tf
        import tf_keras
        from tensorflow import keras

        def activation(x):
            return act_helper(x)

        def act_helper(x):
            return x

        def lambda_fn(x):
            return x

        @tf.function
        def converted(x):
            return conv_helper(x)

        def conv_helper(x):
            return x

        @tf.function(autograph=False)
        def unconverted(x):
            return tf.map_fn(mapped, x)

        def mapped(x):
            return x

        def plain(x):
            return x

        wrapped = tf.function(plain, autograph=False)

        class Keras3(keras.layers.Layer):
            def call(self, x):
                return x

        class Keras2(tf_keras.layers.Layer):
            def call(self, x):
                return x

        class Metric3(keras.metrics.Metric):
            def result(self):
                return 1.0

        @tf.autograph.experimental.do_not_convert
        def skipped(x):
            return x

        layer = keras.layers.Dense(1, activation=activation)
        lam = keras.layers.Lambda(lambda_fn)
        """
    )
    ctx = FileContext(cst.parse_module(source))
    flags = {
        (f"{ctx.enclosing(f, cst.ClassDef).name.value}." if ctx.enclosing(f, cst.ClassDef) else "") + f.name.value:
        ctx.autograph(f.body)
        for f in m.findall(ctx.module, m.FunctionDef())
    }
    assert flags == {
        "activation": False, "act_helper": False, "lambda_fn": False,
        "converted": True, "conv_helper": True,
        "unconverted": False, "mapped": False, "plain": False,
        "Keras3.call": False, "Keras2.call": True, "Metric3.result": False,
        "skipped": False,
    }
    assert "activation" in ctx.autograph_off(m.findall(ctx.module, m.FunctionDef(name=m.Name("activation")))[0])


def test_autograph_features_follow_the_options_of_every_path() -> None:
    """`experimental_autograph_options` in both spellings, as a tuple, `ALL`, through an alias of `Feature`,
    inherited by helpers (measured on TF 2.21: a helper of a LISTS function raises like the function);
    a variable or `**options` is unknown; `autograph=False` applies none."""
    source = textwrap.dedent(
        """
        import tensorflow as tf
        from tensorflow.autograph.experimental import Feature

        F = tf.autograph.experimental.Feature

        @tf.function(experimental_autograph_options=tf.autograph.experimental.Feature.LISTS)
        def lists(x):
            return helper(x)

        def helper(x):
            return x

        def wrapped(x):
            return x

        fast = tf.function(wrapped, experimental_autograph_options=(F.BUILTIN_FUNCTIONS, Feature.LISTS))

        @tf.function(experimental_autograph_options=F.ALL)
        def everything(x):
            return x

        @tf.function
        def plain(x):
            return helper(x)

        def options_of(x, options, **kwargs):
            def by_variable(y):
                return y

            def by_kwargs(y):
                return y

            return tf.function(by_variable, experimental_autograph_options=options)(x) + tf.function(by_kwargs, **kwargs)(x)

        @tf.function(autograph=False, experimental_autograph_options=F.LISTS)
        def unconverted(x):
            return x

        def eager(x):
            return x
        """
    )
    ctx = FileContext(cst.parse_module(source))
    features = {f.name.value: ctx.autograph_feature(f.body, "LISTS") for f in m.findall(ctx.module, m.FunctionDef())}
    assert features == {
        "lists": {True}, "helper": {True, False}, "wrapped": {True}, "everything": {True}, "plain": {False},
        "options_of": frozenset(), "by_variable": {None}, "by_kwargs": {None}, "unconverted": {False}, "eager": frozenset(),
    }
    builtin = {f.name.value: ctx.autograph_feature(f.body, "BUILTIN_FUNCTIONS") for f in m.findall(ctx.module, m.FunctionDef())}
    assert builtin["wrapped"] == {True} and builtin["lists"] == {False} and builtin["everything"] == {True}


def test_to_graph_converts_without_tracing() -> None:
    """`tf.autograph.to_graph(f)` converts `f` but traces nothing: called eagerly it runs eagerly. Called from
    traced code, `f` is traced there and converted even under `autograph=False` (measured on TF 2.21)."""
    source = textwrap.dedent(
        """
        import tensorflow as tf

        def only_converted(x):
            return x

        eager_version = tf.autograph.to_graph(only_converted)
        eager_version(tf.constant(1.0))

        def called(x):
            return x

        converted = tf.autograph.to_graph(called, experimental_optional_features=tf.autograph.experimental.Feature.LISTS)

        @tf.autograph.to_graph
        def decorated(x):
            return x

        def direct(x):
            return x

        @tf.function(autograph=False)
        def raw(x):
            return converted(x) + decorated(x) + direct(x)

        def wrapped(x):
            return x

        step = tf.function(tf.autograph.to_graph(wrapped), autograph=False)
        """
    )
    ctx = FileContext(cst.parse_module(source))
    functions = {f.name.value: f.body for f in m.findall(ctx.module, m.FunctionDef())}
    assert {name: ctx.is_traced(body) for name, body in functions.items()} == {
        "only_converted": False, "called": True, "decorated": True, "direct": True, "raw": True, "wrapped": True}
    assert {name: ctx.autograph(body) for name, body in functions.items() if ctx.is_traced(body)} == {
        "called": True, "decorated": True, "direct": False, "raw": False, "wrapped": True}
    assert ctx.autograph_feature(functions["called"], "LISTS") == {True}


def test_keras_backend_tests_that_exclude_tensorflow_are_not_traced() -> None:
    source = """
        import keras
        from keras.src import backend

        class L(keras.layers.Layer):
            def call(self, x):
                if backend.backend() == "torch":
                    print("torch")
                if backend.backend() != "tensorflow":
                    print("not-tf")
                else:
                    print("tf-else")
                if keras.config.backend() in ("jax", "numpy"):
                    print("jax-or-numpy")
                if backend.backend() == "tensorflow":
                    print("tf")
                else:
                    print("other-else")
                is_torch = backend.backend() == "torch"
                if is_torch and x is not None:
                    print("torch-flag")
                print("always")
                return x
    """
    assert _agree(source) == {
        "torch": False, "not-tf": False, "tf-else": True, "jax-or-numpy": False, "tf": True, "other-else": False,
        "torch-flag": False, "always": True,
    }


@pytest.mark.parametrize("keras_import, converted", [("import tf_keras as keras", True), ("from tensorflow import keras", False)])
def test_compiled_metrics_are_converted_by_keras_2_only(keras_import: str, converted: bool) -> None:
    source = f"{keras_import}\nimport tensorflow as tf\n\ndef metric(y, p):\n    return p\n\nmodel = keras.Sequential()\nmodel.compile(loss='mse', metrics=[metric])\n"
    ctx = FileContext(cst.parse_module(source))
    metric = m.findall(ctx.module, m.FunctionDef(name=m.Name("metric")))[0]
    assert ctx.is_traced(metric.body) and ctx.autograph(metric.body) is converted


# -- argument kinds: what traced code passes its helpers (issue 18) ---------------------------------

HELPER = """\
import numpy as np
import tensorflow as tf


def attention(query, size_per_head, width):
    d = size_per_head
    scale = 1.0 / np.sqrt(d)
    return query * scale + np.float32(width)


class Attention(tf.keras.layers.Layer):
    def __init__(self, size_per_head):
        super().__init__()
        self._size_per_head = size_per_head

    def call(self, inputs):
        key = tf.shape(inputs)[-1]
        return attention(inputs, {size}, {width})
"""


def _tfa010_lines(source: str) -> set[int]:
    """TFA010's lines through the engine: the rule sees the screen's focus of the file."""
    from tfautofix.codemods import all_rules
    from tfautofix.engine import lint_source

    return {f.line for f in lint_source(source, [r for r in all_rules() if r.code == "TFA010"])}


@pytest.mark.parametrize(
    "size, width, expected",
    [
        ("self._size_per_head", "inputs.shape[-1]", set()),  # a config attribute, a static shape
        ("64", "len(self.weights) * 2", set()),  # an int literal, int arithmetic
        ("self._size_per_head", "key", {8}),  # `key` is a dynamic shape: a tensor
        ("tf.cast(key, tf.float32)", "3", {7}),  # a TensorFlow op's result
        ("inputs[..., 0]", "inputs.shape.as_list()[-1]", {7}),  # a slice of a traced argument
    ],
)
def test_helper_parameters_are_tensors_only_when_traced_callers_pass_tensors(size: str, width: str, expected: set[int]) -> None:
    """The tf-models-official BigBird false positive: `np.sqrt(d)` with `d = size_per_head`,
    which `call` passes as `self._size_per_head`."""
    assert _tfa010_lines(HELPER.format(size=size, width=width)) == expected


def test_argument_kinds_flow_through_helper_chains_and_stay_conservative() -> None:
    source = textwrap.dedent(
        """\
        import functools
        import numpy as np
        import tensorflow as tf


        def inner(n, x):
            return np.sqrt(n) + np.square(x)


        def outer(x, n):
            return inner(n, x)


        def as_value(n):
            return np.sqrt(n)


        def unpacked(n):
            return np.sqrt(n)


        HANDLERS = {"sqrt": as_value}  # whoever else calls it, the model does not follow


        @tf.function
        def step(x, args):
            y = outer(x, 4)
            z = as_value(3)
            return y + z + unpacked(*args)
        """
    )
    # `inner` gets `outer`'s int in `n` and its tensor in `x`; a function used as a value and
    # one called with unpacked arguments that may be tensors keep every parameter a tensor.
    assert _tfa010_lines(source) == {7, 15, 19}
    screen = _context(source).screen
    parameters = {getattr(f, "name", None): p for f, p in screen.traced_code.tensor_parameters.items()}
    assert parameters["inner"] == {"x"} and parameters["outer"] == {"x"}
    assert parameters["step"] is None and parameters["as_value"] is None and parameters["unpacked"] == {"n"}


def test_argument_kinds_follow_returns_nest_maps_and_replaced_parameters() -> None:
    """A call's result is a tensor when the function of this file it calls returns one
    (`self._sample()`), a `nest.map_structure` returns what its function returns, and a
    parameter that its first statement replaces by a static value (TFP's
    `dtype = tf.as_dtype(dtype)`) is no longer the caller's tensor."""
    source = textwrap.dedent(
        """\
        import numpy as np
        import tensorflow as tf


        def to_numpy_dtype(dtype):
            dtype = tf.as_dtype(dtype)
            return dtype.as_numpy_dtype


        def noise(values):
            return np.float32(np.prod(values))


        class Model(tf.keras.Model):
            def _sample(self):
                return tf.random.normal([3])

            def _config(self):
                return 3

            def call(self, x):
                def widen(a, b):
                    return np.promote_types(a, b)

                y = tf.cast(x, to_numpy_dtype(x))
                dtypes = tf.nest.map_structure(to_numpy_dtype, {"a": x.dtype})
                common = tf.nest.map_structure(widen, dtypes, dtypes)
                return y + noise(self._config()) + noise(self._sample()) + tf.constant(1, common["a"])
        """
    )
    assert _tfa010_lines(source) == {11}
    screen = _context(source).screen  # the model refers to its screen weakly: keep the screen
    parameters = {getattr(f, "name", None): p for f, p in screen.traced_code.tensor_parameters.items()}
    assert parameters["to_numpy_dtype"] == {"dtype"} and parameters["widen"] == set() and parameters["noise"] == {"values"}


def test_argument_kinds_past_the_budget_may_be_tensors() -> None:
    """Values built from 2**40 paths of names: the walk gives up and keeps the parameter a
    possible tensor (the old behaviour), instead of following every path."""
    chain = "".join(f"    a{i} = a{i - 1} + a{i - 1}\n" for i in range(1, 40))
    source = (
        "import numpy as np\nimport tensorflow as tf\n\n\ndef helper(n):\n    return np.sqrt(n)\n\n\n"
        f"@tf.function\ndef f(x):\n    a0 = 1\n{chain}    return helper(a39)\n"
    )
    screen = _context(source).screen  # the model refers to its screen weakly: keep the screen
    parameters = {getattr(f, "name", None): p for f, p in screen.traced_code.tensor_parameters.items()}
    assert parameters["helper"] == {"n"}


def test_a_same_file_helper_given_a_tensor_returns_what_its_returns_say() -> None:
    """TF-Agents' `_as_array(0.0, _get_np_dtype(r))`: `_get_np_dtype` is given a tensor spec but
    returns `np.dtype(...)`, a NumPy dtype; what a function of this file returns decides, not
    what it is given (NumPy's dtype facts are not tensors)."""
    source = textwrap.dedent(
        """\
        import numpy as np
        import tensorflow as tf


        def _get_np_dtype(spec):
            dtype = spec.dtype
            if isinstance(dtype, tf.dtypes.DType):
                dtype = dtype.as_numpy_dtype()
            return np.dtype(dtype)


        def _as_array(a, t=np.float32):
            return np.asarray(a, dtype=t)


        def _scaled(x):
            return x * 2


        @tf.function
        def step(x):
            return tf.fill([2], _as_array(0.0, _get_np_dtype(x))) + _as_array(_scaled(x))
        """
    )
    assert _tfa010_lines(source) == {13}  # only `a`, given `_scaled(x)`, a tensor
    screen = _context(source).screen  # the model refers to its screen weakly: keep the screen
    parameters = {getattr(f, "name", None): p for f, p in screen.traced_code.tensor_parameters.items()}
    assert parameters["_as_array"] == {"a"}


def test_calls_in_a_branch_for_non_tensors_pass_no_tensors() -> None:
    """TF-Agents' `termination`: under `if not tf.is_tensor(first_observation):` it maps
    `lambda x: _as_array(x)` over `reward` to build NumPy time steps; the author's type test
    says those values are not tensors, so the helper's parameter is not taken for one. The
    same helper called outside that branch with a tensor still is."""
    source = textwrap.dedent(
        """\
        import numpy as np
        import tensorflow as tf


        def _as_array(a):
            return np.asarray(a, dtype=np.float32)


        def _checked(a):
            return np.isnan(np.sum(a))


        @tf.function
        def termination(observation, reward):
            first = tf.nest.flatten(observation)[0]
            if not tf.is_tensor(first):
                reward = tf.nest.map_structure(lambda x: _as_array(x), reward)
                return observation, reward
            else:
                return observation, _checked(reward)
        """
    )
    assert _tfa010_lines(source) == {10}
    screen = _context(source).screen  # the model refers to its screen weakly: keep the screen
    parameters = {getattr(f, "name", None): p for f, p in screen.traced_code.tensor_parameters.items()}
    assert parameters["_as_array"] == set() and parameters["_checked"] == {"a"}


def test_tfp_prefer_static_shapes_are_static_like_x_shape() -> None:
    """TFP's `ps.shape(x)[-2]` is a NumPy value whenever the shape is static, as `x.shape` is
    (its STS code passes it to `np.arange` under `jit_compile=True`, where shapes are static);
    `ps.concat` of tensors builds a tensor."""
    source = textwrap.dedent(
        """\
        import numpy as np
        import tensorflow as tf
        from tensorflow_probability.python.internal import prefer_static as ps


        def design(num_steps):
            return np.arange(num_steps)


        def total(values):
            return np.sum(values)


        @tf.function(jit_compile=True)
        def fit(x):
            return tf.constant(design(ps.shape(x)[-2])), total(ps.concat([x, x], axis=0))
        """
    )
    assert _tfa010_lines(source) == {11}


def test_a_program_traces_only_the_keras_classes_it_has_keras_trace() -> None:
    """Issue 28: a script's Keras methods are traced only if the script traces them (fit, a
    tf.function, a model holding them); a library's (the same classes, no work at module
    level) may be traced by its users."""
    classes = """
        import tensorflow as tf

        class Eager(tf.keras.layers.Layer):
            def call(self, x):
                print("eager-call")
                return x

        class Fitted(tf.keras.Model):
            def call(self, x):
                print("fitted-call")
                return x

        class Inner(tf.keras.layers.Layer):
            def call(self, x):
                print("inner-call")
                return x

        class Outer(tf.keras.layers.Layer):
            def __init__(self):
                super().__init__()
                self.inner = Inner()

            def call(self, x):
                print("outer-call")
                return self.inner(x)

        class Listed(tf.keras.layers.Layer):
            def call(self, x):
                print("listed-call")
                return x
    """
    script = classes + """
        layer = Eager()
        print(layer(tf.ones([2])), layer.trainable_variables)
        model = Fitted()
        model.compile(loss="mse")
        model.fit(tf.ones([2, 2]), tf.ones([2, 2]))
        outer = Outer()
        outer(tf.ones([2]))
        stack = tf.keras.Sequential([Listed()])
    """
    assert _agree(script) == {"eager-call": False, "fitted-call": True, "inner-call": False, "outer-call": False, "listed-call": True}
    traced_outer = script.replace("outer(tf.ones([2]))", "tf.function(outer)(tf.ones([2]))")
    assert _agree(traced_outer) == {"eager-call": False, "fitted-call": True, "inner-call": True, "outer-call": True, "listed-call": True}
    assert set(_agree(classes).values()) == {True}  # a library
    assert set(_agree(script, "notebook.ipynb").values()) == {True, False}


def test_a_program_other_files_import_is_a_library() -> None:
    from tfautofix.analysis.project import Summary, facts_for

    script = Summary("train", program=True)
    user = Summary("other", imports=["train.Eager"])
    assert facts_for({"train.py": script, "other.py": user})["train.py"].imported
    assert "train.py" not in facts_for({"train.py": script})


def test_py_function_as_a_decorator_runs_eagerly() -> None:
    """Issue 28: ``@tf.py_function(Tout=...)`` like the call form."""
    source = """
        import tensorflow as tf

        @tf.py_function(Tout=tf.float32)
        def eager_helper(x):
            print("decorated-py")
            return x

        @tf.function
        def step(x):
            print("traced")
            return eager_helper(x)
    """
    assert _agree(source) == {"decorated-py": False, "traced": True}


def test_activation_keyword_of_the_files_own_function_is_not_keras() -> None:
    """Issue 28: ``plot(activation=f)`` of the notebook's own function does not make Keras call ``f``."""
    source = """
        import tensorflow as tf

        def relu(x):
            print("own-activation")
            return x

        def keras_activation(x):
            print("keras-activation")
            return x

        def plot(activation):
            return activation(1.0)

        plot(activation=relu)
        tf.keras.layers.Dense(3, activation=keras_activation)
    """
    assert _agree(source) == {"own-activation": False, "keras-activation": True}


def test_runs_multiplies_the_trip_counts_of_the_loops_in_its_function() -> None:
    """Issue 28: how often a node runs per run of the function (module) around it. Small loops
    nested in a big or unknown one are not small; how often a function is called does not count
    (a function with no loop runs its calls once per call too)."""
    from tfautofix.analysis.loops import runs

    ctx = _context("""
        from google.colab import files
        for i in range(3):
            for j in [1, 2]:
                a(i, j)
            for j in range(100):
                b(j)
        for k in data:
            for i in range(2):
                c(k)
        def show():
            for p in range(2):
                d(p)
        show()
        def in_training():
            for p in range(2):
                e(p)
        for step in range(1000):
            in_training()
        while True:
            if input() == "q":
                break
            h()
        uploaded = files.upload()
        for fn in uploaded.keys():
            i(fn)
            for i in range(20):
                j(fn)
        class Gan:
            def sample(self):
                for p in range(2):
                    k(p)
    """)
    calls = {call.func.value: call for call in m.findall(ctx.module, m.Call(func=m.Name()))}
    expected = {"a": 6, "b": 300, "c": None, "d": 2, "e": 2, "h": 1, "i": 1, "j": 20, "k": 2}
    assert {name: runs(ctx, calls[name]) for name in expected} == expected


def test_trip_counts_follow_names_builtins_and_parameters_to_literals() -> None:
    """Issue 28: a loop's count is known when its iterable comes from literals through names,
    ``enumerate``/``zip``/``len``/comprehensions, and parameters every call gives a literal;
    a list that is appended to or handed to other code, a loop target or a function handed on
    is unknown."""
    from tfautofix.analysis.loops import runs

    ctx = _context("""
        import numpy as np
        files = ["a.jpg", "b.jpg", "c.jpg"]
        images = [read(f) for f in files if f]
        for n, image in enumerate(images):
            a(image)
        for n in range(len(images)):
            b(n)
        for x, y in zip(data, files):
            c(x)
        grown = []
        for f in files:
            grown.append(f)
        for item in grown:
            d(item)
        def show(dataset, num, size=4):
            for batch in dataset.take(num):
                e(batch)
            for t in np.linspace(0, 1, size):
                f(t)
        show(ds, 5)
        show(ds, num=2, size=6)
        def handed_on(num):
            for i in range(num):
                g(i)
        handed_on(3)
        callbacks = [handed_on]
        class Viewer:
            def view(self, count):
                for i in range(count):
                    h(i)
            def run(self):
                self.view(7)
        shapes = (1, 2)
        for i in range(1, len(shapes)):
            i_(i)
        stacked = np.stack(files)  # NumPy reads `files`, never adds to it
        handed = [1, 2]
        fill(handed)  # may append
        for item in handed:
            j_(item)
    """)
    calls = {call.func.value: call for call in m.findall(ctx.module, m.Call(func=m.Name()))}
    expected = {"a": 3, "b": 3, "c": 3, "d": None, "e": 5, "f": 6, "g": None, "h": 7, "i_": 1, "j_": None}
    assert {name: runs(ctx, calls[name]) for name in expected} == expected


@pytest.mark.parametrize(("expression", "dtype"), [
    ("x", "float64"),
    ("tf.reduce_sum(x, axis=0)", "float64"),
    ("tf.matmul(x, w) * 2.0 - 1", "float64"),
    ("-tf.abs(x)[0]", "float64"),
    ("y", "float64"),  # a local every assignment agrees on
    ("tf.cast(x, tf.int64) // 2", "int64"),
    ("tf.math.reduce_mean(tf.nn.relu(x))", "float64"),
    ("i / 2", None),  # int32 / int32 is float64
    ("i * 2", "int32"),
    ("x * i", None),  # two dtypes: TensorFlow raises
    ("z", None),  # bound twice, to different dtypes
    ("w", None),  # not a parameter of known dtype
    ("tf.shape(x)[0]", "int32"),  # tf.shape's out_type
    ("tf.shape(x, out_type=tf.int64)[0]", None),  # told another: not followed
    ("tf.argmax(x)", "int64"),
    ("tf.reduce_any(x > 0)", "bool"),
    ("x > i", "bool"),  # a comparison is bool, of tensors or numbers
    ("x * 2.5", "float64"),
    ("tf.abs(c)", None),  # |complex| is real
])
def test_tensor_dtype_follows_dtype_preserving_ops(expression, dtype) -> None:
    from tfautofix.analysis.tensors import TensorInference

    ctx = _context(f"""
        import tensorflow as tf

        def f(x, i, c, w):
            y = tf.reduce_max(x)
            y = y + 1.0
            z = x
            z = i
            return {expression}
        """)
    func = next(n for n in m.findall(ctx.module, m.FunctionDef()))
    ret = m.findall(func, m.Return())[0]
    assert TensorInference(ctx, func, {"x": "float64", "i": "int32", "c": "complex64"}).dtype(ret.value) == dtype


@pytest.mark.parametrize(("spec", "dtype"), [("tf.TensorSpec([None], tf.int64)", "int64"), ("tf.TensorSpec([None])", "float32"),
                                             ("tf.TensorSpec([None], dtype=tf.bool)", "bool")])
def test_a_parameters_dtype_is_its_input_signatures(spec, dtype) -> None:
    from tfautofix.analysis.tensors import TensorInference

    ctx = _context(f"""
        import tensorflow as tf

        @tf.function(input_signature=[{spec}])
        def f(x):
            return tf.reduce_sum(x)
        """)
    func = next(n for n in m.findall(ctx.module, m.FunctionDef()))
    assert TensorInference(ctx, func).dtype(m.findall(func, m.Return())[0].value) == dtype
