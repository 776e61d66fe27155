"""TFA001 beyond the golden cases: the documented example, opt-in unsafe fixes, many variables (TF-free)."""

from __future__ import annotations

import ast

import pytest

from tfautofix.codemods import all_rules, rule_by_code
from tfautofix.engine import MAX_PASSES, fix_source, lint_source

RULE = rule_by_code("TFA001")


def test_documented_example_is_what_the_fix_does() -> None:
    fixed, applied, remaining = fix_source(RULE.before, [RULE])
    assert fixed == RULE.after
    assert len(applied) == 1 and not remaining


ARGUMENT_DEPENDENT = """\
import tensorflow as tf

@tf.function
def accumulate(x):
    acc = tf.Variable(tf.zeros_like(x))
    acc.assign_add(x)
    return acc.read_value()
"""


def test_argument_dependent_initial_value_needs_unsafe_fixes() -> None:
    unchanged, applied, remaining = fix_source(ARGUMENT_DEPENDENT, [RULE])
    assert unchanged == ARGUMENT_DEPENDENT and not applied
    assert [f.fix.applicability for f in remaining] == ["unsafe"]
    fixed, applied, remaining = fix_source(ARGUMENT_DEPENDENT, [RULE], unsafe_fixes=True)
    assert "_accumulate_acc.assign(tf.zeros_like(x))" in fixed and len(applied) == 1 and not remaining


READ_ONLY = """\
import tensorflow as tf

@tf.function
def scale(x):
    w = tf.Variable([1.0, 2.0])
    return x * w
"""


def test_read_only_constant_is_not_reinitialised() -> None:
    fixed, _, _ = fix_source(READ_ONLY, [RULE])
    assert "_scale_w = tf.Variable([1.0, 2.0])" in fixed and ".assign(" not in fixed


@pytest.mark.parametrize("initial", ["tf.random.normal([2])", "other", "other * 2.0"])
def test_initial_value_that_is_not_a_literal_is_reinitialised_and_unsafe(initial: str) -> None:
    """Only literal constants skip the re-initialisation; a value that may differ per call is unsafe."""
    source = READ_ONLY.replace("import tensorflow as tf\n", "import tensorflow as tf\n\nother = tf.Variable([3.0, 4.0])\n")
    source = source.replace("[1.0, 2.0])", f"{initial})")
    unchanged, _, remaining = fix_source(source, [RULE])
    assert unchanged == source and [f.fix.applicability for f in remaining] == ["unsafe"]
    fixed, _, _ = fix_source(source, [RULE], unsafe_fixes=True)
    assert f"w.assign({initial})" in fixed


def test_batch_sized_variable_is_not_moved_into_build() -> None:
    """Keras builds once: `inputs.shape[0]` would size the variable for the first batch only."""
    source = (
        "import keras\nimport tensorflow as tf\n\n\nclass L(keras.layers.Layer):\n"
        "    def call(self, inputs):\n        s = tf.Variable(tf.zeros([inputs.shape[{}], 2]))\n        return s\n"
    )
    # unsafe fixes: a layer's new attribute is tracked by Keras, a fact the closed world does not assume
    in_build, _, _ = fix_source(source.format("-1"), [RULE], unsafe_fixes=True)
    assert "def build(self, input_shape):" in in_build
    batch, _, remaining = fix_source(source.format("0"), [RULE], unsafe_fixes=True)
    assert "def build" not in batch and "self._s.assign(" in batch
    _, _, remaining = fix_source(source.format("0"), [RULE])
    assert [f.fix.applicability for f in remaining] == ["unsafe"]


def test_global_singleton_fix_creates_no_other_finding() -> None:
    source = ARGUMENT_DEPENDENT.replace("@tf.function\ndef accumulate", "def accumulate") + (
        "\n\n@tf.function\ndef step(x):\n    return accumulate(x)\n"
    )
    fixed, applied, _ = fix_source(source, [RULE], unsafe_fixes=True)
    assert "global _accumulate_acc" in fixed and applied
    before = {f.code for f in lint_source(source, all_rules())}
    assert "TFA012" not in {f.code for f in lint_source(fixed, all_rules())} - before


def _many(count: int, method: bool) -> str:
    """A TF1-style function creating ``count`` variables, as a method or at module level."""
    indent = "    " * (1 + method)
    creations = "".join(f"{indent}v{i} = tf.Variable({i}.0)\n" for i in range(count))
    total = " + ".join(f"v{i}" for i in range(count))
    header = "class Many(tf.Module):\n    @tf.function\n    def __call__(self, x):\n" if method else "@tf.function\ndef many(x):\n"
    return f"import tensorflow as tf\n\n\n{header}{creations}{indent}return x * ({total})\n"


@pytest.mark.parametrize("method", [False, True], ids=["function", "method"])
def test_more_variables_than_fix_passes_converge(method: bool) -> None:
    count = MAX_PASSES + 2  # every creation shares one home: their fixes must not wait for one pass each
    source = _many(count, method)
    assert len(lint_source(source, [RULE])) == count
    # unsafe fixes too: a tf.Module tracks the attributes the method variant adds (closed world)
    fixed, applied, remaining = fix_source(source, [RULE], unsafe_fixes=True)
    ast.parse(fixed)
    assert len(applied) == count and not remaining
    assert fixed.count("tf.Variable(") == count and fixed.count("def __init__") == int(method)
    assert fix_source(fixed, [RULE], unsafe_fixes=True)[0] == fixed


def test_same_local_name_twice_gets_two_homes() -> None:
    source = READ_ONLY.replace("    return x * w\n", "    y = x * w\n    w = tf.Variable([3.0, 4.0])\n    return y * w\n")
    fixed, applied, _ = fix_source(source, [RULE])
    assert len(applied) == 2 and "_scale_w = tf.Variable([1.0, 2.0])" in fixed and "_scale_w_2 = tf.Variable([3.0, 4.0])" in fixed


# -- candidates chosen by execution (issue 29) -------------------------------------------------

SLOTS = """\
import tensorflow as tf


class Smoother:
    __slots__ = ("alpha",)

    def __init__(self, alpha):
        self.alpha = alpha

    @tf.function
    def smooth(self, x):
        state = tf.Variable(0.0)
        state.assign(self.alpha * x)
        return state.read_value()
"""


def _candidate_texts(source: str) -> list[str]:
    (finding,) = lint_source(source, [RULE])
    return [fix_source(source, [RULE], unsafe_fixes=True, choose=lambda f, i=i: f.candidates[i])[0]
            for i in range(len(finding.candidates))]


@pytest.mark.parametrize("change", [
    ("__slots__ = (\"alpha\",)", "__slots__ = (\"alpha\",)"),  # no room for a new attribute
    ("    __slots__ = (\"alpha\",)\n\n", ""),  # no `__slots__`, but a warm-up call in `__init__`:
])
def test_a_holder_not_known_to_exist_gets_a_class_default_and_a_module_singleton(change) -> None:
    source = SLOTS.replace(*change)
    if "__slots__" not in source:
        source = source.replace("self.alpha = alpha\n", "self.alpha = alpha\n        self.warm = self.smooth(tf.constant(1.0))\n")
    (finding,) = lint_source(source, [RULE])
    assert [c.applicability for c in finding.candidates] == ["unsafe"] * 3
    assert "set to None in `__init__`" in finding.fix.label
    primary, class_default, singleton = _candidate_texts(source)
    assert "        self._state = None\n" in primary
    assert "    _state = None\n\n    def __init__" in class_default and "self._state = None" not in class_default
    assert "\n_Smoother_state = None\n" in singleton and "        global _Smoother_state\n" in singleton
    assert "self._state" not in singleton and "state = _Smoother_state\n" in singleton
    for text in (class_default, singleton):  # each converges: a second pass finds nothing to fix
        assert fix_source(text, [RULE], unsafe_fixes=True)[0] == text


def test_a_tracked_module_gets_a_singleton_outside_its_attributes() -> None:
    source = SLOTS.replace("class Smoother:", "class Smoother(tf.Module):").replace('    __slots__ = ("alpha",)\n\n', "")
    source = source.replace("self.alpha = alpha", "super().__init__()\n        self.alpha = alpha")
    (finding,) = lint_source(source, [RULE])
    assert finding.fix.applicability == "unsafe" and "tracks the variables" in finding.message
    assert [a.label for a in finding.alternatives] == [
        "`self._state` (a class attribute `_state = None`)", "the module-level singleton `_Smoother_state`"]


def test_every_fact_known_means_one_safe_candidate() -> None:
    source = SLOTS.replace('    __slots__ = ("alpha",)\n\n', "")
    (finding,) = lint_source(source, [RULE])
    assert finding.fix.applicability == "safe" and finding.alternatives == ()


BATCH_SIZED = """\
import tensorflow as tf


class RowCounter(tf.keras.layers.Layer):
    def call(self, inputs):
        counts = tf.Variable(tf.zeros([inputs.shape[0], 1]))
        counts.assign_add(tf.reduce_sum(inputs, axis=1, keepdims=True))
        return inputs + counts
"""


def test_a_call_sized_variable_gets_a_candidate_of_unknown_dimensions() -> None:
    (finding,) = lint_source(BATCH_SIZED, [RULE])
    relaxed = [a for a in finding.alternatives if "TensorShape" in a.label]
    assert [a.label for a in relaxed][0] == (
        "`self._counts` (set to None in `__init__`), created with `shape=tf.TensorShape([None, 1])`")
    texts = _candidate_texts(BATCH_SIZED)
    assert "tf.Variable(tf.zeros([inputs.shape[0], 1]))" in texts[0]  # the primary keeps the static shape
    assert "tf.zeros([inputs.shape[0], 1]), shape=tf.TensorShape([None, 1])" in texts[1]
    assert "self._counts.assign(tf.zeros([inputs.shape[0], 1]))" in texts[1]


def test_a_variable_built_for_one_width_gets_a_candidate_of_any_width() -> None:
    source = BATCH_SIZED.replace("tf.zeros([inputs.shape[0], 1])", "tf.zeros([inputs.shape[-1]])")
    (finding,) = lint_source(source, [RULE])
    assert "build" in finding.fix.label
    assert "created with `shape=tf.TensorShape([None])`" in finding.alternatives[0].label
    assert "def __init__" in _candidate_texts(source)[1]


def test_a_shape_not_spelled_as_a_list_is_left_entirely_unknown() -> None:
    (finding,) = lint_source(ARGUMENT_DEPENDENT, [RULE])
    assert [a.label for a in finding.alternatives] == ["`_accumulate_acc` created with `shape=tf.TensorShape(None)`"]


SEEDED = """\
import tensorflow as tf


@tf.function
def project(x):
    kernel = tf.Variable(tf.keras.initializers.GlorotNormal(seed=3)(shape=(2, 2)))
    return tf.matmul(x, kernel)
"""


def test_a_called_initializer_is_a_value_re_assigned_on_every_call() -> None:
    fixed, applied, _ = fix_source(SEEDED, [RULE], unsafe_fixes=True)
    assert "kernel.assign(tf.keras.initializers.GlorotNormal(seed=3)(shape=(2, 2)))" in fixed
    assert applied[0].fix.applicability == "unsafe" and "is not a literal constant" in applied[0].message
    # an initializer object is no value: nothing to re-assign
    source = SEEDED.replace("tf.Variable(tf.keras.initializers.GlorotNormal(seed=3)(shape=(2, 2)))",
                            "tf.Variable(tf.keras.initializers.GlorotNormal(seed=3))")
    (finding,) = lint_source(source, [RULE])
    assert finding.fix is None and "initializer, not a value" in finding.message
