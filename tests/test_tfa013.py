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
        "one `_layer_normalization`", "one layer per input shape in `_layer_normalization_by_shape`"]
    fixed = fix_source(VARYING, [RULE], unsafe_fixes=True, choose=lambda f: f.candidates[1])[0]
    assert "\n_layer_normalization_by_shape = {}\n" in fixed
    assert "_layer_normalization_by_shape.setdefault(tuple(x.shape[1:]), tf.keras.layers.LayerNormalization())" in fixed
    assert fix_source(fixed, [RULE], unsafe_fixes=True)[0] == fixed  # converges: the kept layer is no new finding


def test_an_input_that_is_no_name_gets_no_per_shape_candidate() -> None:
    source = VARYING.replace("LayerNormalization()(x)", "LayerNormalization()(x + 1.0)")
    (finding,) = lint_source(source, [RULE])
    assert finding.fix is not None and finding.alternatives == ()
