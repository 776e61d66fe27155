"""TFA013 beyond the golden cases: candidates chosen by execution (TF-free)."""

from __future__ import annotations

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source

RULE = rule_by_code("TFA013")

VARYING = """\
import tensorflow as tf


@tf.function
def normalize(x):
    return tf.keras.layers.LayerNormalization()(x)
"""


def test_a_hoisted_layer_has_a_candidate_per_input_shape() -> None:
    (finding,) = lint_source(VARYING, [RULE])
    assert [c.label for c in finding.candidates] == [
        "one `_layer_normalization`", "one layer per input shape in `_layer_normalization_by_shape`",
        "a fresh layer per call, built eagerly in tf.py_function"]
    fixed = fix_source(VARYING, [RULE], unsafe_fixes=True, choose=lambda f: f.candidates[1])[0]
    assert "\n_layer_normalization_by_shape = {}\n" in fixed
    one_line = " ".join(fixed.split()).replace("( ", "(").replace(" )", ")")  # whatever the wrap's layout
    assert "_layer_normalization_by_shape.setdefault(tuple(x.shape[1:]), tf.keras.layers.LayerNormalization())(x)" in one_line
    assert fix_source(fixed, [RULE], unsafe_fixes=True)[0] == fixed  # converges: the kept layer is no new finding


def test_an_input_that_is_no_name_gets_no_per_shape_candidate() -> None:
    source = VARYING.replace("LayerNormalization()(x)", "LayerNormalization()(x + 1.0)")
    (finding,) = lint_source(source, [RULE])
    assert finding.fix is not None and [a.label for a in finding.alternatives] == ["a fresh layer per call, built eagerly in tf.py_function"]


def test_a_layer_built_per_call_in_py_function_as_eagerly() -> None:
    # Eagerly each call builds a fresh layer (fresh weights, this call's width and arguments):
    # the last candidate does exactly that, in Python, on every call.
    (finding,) = lint_source(VARYING, [RULE])
    fixed = fix_source(VARYING, [RULE], unsafe_fixes=True, choose=lambda f: f.candidates[-1])[0]
    assert "tf.py_function( lambda x: tf.keras.layers.LayerNormalization()(x), [x], x.dtype )" in " ".join(fixed.split())
    assert finding.candidates[-1].applicability == "unsafe"
    assert fix_source(fixed, [RULE], unsafe_fixes=True)[0] == fixed  # built in Python: no new finding
    # A layer whose class is defined below (nothing to hoist): the fresh layer is the one candidate,
    # and a local bound to a layer's output is passed by value, not closed over as a symbolic tensor
    source = VARYING.replace("    return tf.keras.layers.LayerNormalization()(x)\n", (
        "    y = tf.keras.layers.LayerNormalization()(x)\n    return Gain(2.0)(y)\n\n\n"
        "class Gain(tf.keras.layers.Layer):\n    def __init__(self, g):\n        super().__init__()\n        self.g = g\n\n"
        "    def build(self, shape):\n        self.w = self.add_weight(shape=(), initializer='ones')\n\n"
        "    def call(self, x):\n        return x * self.w * self.g\n"))
    findings = lint_source(source, [RULE])
    gain = next(f for f in findings if "Gain" in f.message)
    assert [c.label for c in gain.candidates] == ["a fresh layer per call, built eagerly in tf.py_function"]
    assert "tf.py_function(lambda y: Gain(2.0)(y), [y], y.dtype)" in fix_source(source, [RULE], unsafe_fixes=True)[0]
