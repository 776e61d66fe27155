"""TFA005 beyond the golden cases: the documented example, and tf-keras runs really using tf-keras."""

from __future__ import annotations

import textwrap

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source

RULE = rule_by_code("TFA005")


def test_documented_example_is_what_the_fix_produces() -> None:
    fixed, applied, _ = fix_source(RULE.before, [RULE], unsafe_fixes=True)
    assert fixed == RULE.after
    assert [f.code for f in applied] == ["TFA005"]


@pytest.mark.parametrize(
    ("function", "expected"),
    [("running_mae", "RunningMae"), ("_private_rate", "_PrivateRate"), ("Score", "ScoreMetric")],
)
def test_class_name_is_derived_from_the_function(function: str, expected: str) -> None:
    source = textwrap.dedent(
        f"""\
        import tensorflow as tf


        def {function}(y_true, y_pred):
            hits = tf.Variable(0.0)
            return tf.reduce_mean(y_pred) + hits
        """
    )
    fixed, _, _ = fix_source(source, [RULE], unsafe_fixes=True)
    assert f"class {expected}(tf.keras.metrics.Metric):" in fixed


def test_module_state_makes_the_fix_unsafe() -> None:
    source = textwrap.dedent(
        """\
        import tensorflow as tf

        calls = 0


        def counted(y_true, y_pred):
            global calls
            calls += 1
            return tf.reduce_mean(y_pred) * calls
        """
    )
    (finding,) = lint_source(source, [RULE])
    assert finding.fix is not None and finding.fix.applicability == "unsafe"
    assert fix_source(source, [RULE])[0] == source  # not applied without --unsafe-fixes


@pytest.mark.tensorflow
def test_tf_keras_jobs_run_with_tf_keras(tmp_path) -> None:
    from tfautofix.verify import Job, run_exercises

    probe = tmp_path / "probe.py"
    probe.write_text("import tensorflow as tf\n\ndef exercise():\n    return tf.keras.Model.__module__\n", encoding="utf-8")
    results = run_exercises(
        [Job("keras3", str(probe), "graph"), Job("tf-keras", str(probe), "graph", (("TF_USE_LEGACY_KERAS", "1"),))]
    )
    assert results[("keras3", "graph")]["value"].startswith("keras.")
    assert results[("tf-keras", "graph")]["value"].startswith("tf_keras.")


METRICS_CONSTANT = """\
import tensorflow as tf


def running_gap(y_true, y_pred):
    total = tf.Variable(0.0)
    total.assign_add(tf.reduce_mean(y_true - y_pred))
    return total + 0.0


METRICS = [running_gap, "mae"]


def build(model):
    model.compile(optimizer="sgd", loss="mse", metrics=METRICS)
"""


def test_a_metrics_constant_used_only_by_compile_is_updated_and_unsafe() -> None:
    (finding,) = lint_source(METRICS_CONSTANT, [RULE])
    assert finding.fix.applicability == "unsafe" and any("instance-per-compile" in u for u in finding.fix.unknown)
    fixed, _, _ = fix_source(METRICS_CONSTANT, [RULE], unsafe_fixes=True)
    assert 'METRICS = [RunningGap(), "mae"]' in fixed and "metrics=METRICS)" in fixed


def test_a_metrics_constant_used_elsewhere_is_still_handed_on() -> None:
    source = METRICS_CONSTANT + "\nprint(METRICS)\n"
    (finding,) = lint_source(source, [RULE])
    assert finding.fix is None and "also used as a value" in finding.message


UNTRACED_LOSS = """\
import tensorflow as tf


def scaled_loss(y_true, y_pred):
    scale = tf.Variable(2.0)
    return tf.reduce_mean(tf.square(y_true - y_pred)) * scale
"""


def test_an_untraced_loss_gets_its_variables_created_once_at_module_level() -> None:
    fixed, applied, remaining = fix_source(UNTRACED_LOSS, [RULE])
    assert "\n_scaled_loss_scale = tf.Variable(2.0)\n" in fixed
    assert "    scale = _scaled_loss_scale\n    scale.assign(2.0)\n" in fixed
    assert [f.fix.applicability for f in applied] == ["safe"] and not remaining
    assert fix_source(fixed, [RULE])[0] == fixed  # nothing stateful left


def test_a_traced_loss_is_left_to_tfa001() -> None:
    source = UNTRACED_LOSS + "\n\ndef build(model):\n    model.compile(optimizer=\"sgd\", loss=scaled_loss)\n"
    (finding,) = lint_source(source, [RULE])
    assert finding.fix is None and "it is a loss" in finding.message
    fixed, applied, _ = fix_source(source, [rule_by_code("TFA001")])
    assert [f.code for f in applied] == ["TFA001"] and "_scaled_loss_scale" in fixed


def test_read_value_of_a_weight_becomes_tf_identity() -> None:
    """A Keras 3 weight has no `read_value`; `tf.identity` reads it on both Kerases."""
    source = METRICS_CONSTANT.replace("return total + 0.0", "return total.read_value()")
    fixed, _, _ = fix_source(source, [RULE], unsafe_fixes=True)
    assert "return tf.identity(self.total)" in fixed and "read_value" not in fixed.split("class RunningGap")[1]
