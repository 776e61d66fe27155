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
