"""TFA015: a static dimension that met another dtype is cast to it (TF-free): the dtype known
from the code makes one fix; unknown, one unsafe candidate per dtype for `fix --verify`."""

from tfautofix.codemods import rule_by_code
from tfautofix.engine import apply_fixes, detect, lint_source

RULE = rule_by_code("TFA015")
SOURCE = """\
import tensorflow as tf


@tf.function({decorator})
def mean(x):
    return tf.divide(tf.reduce_sum(x, axis=0), x.shape[0])
"""


def test_the_other_operands_dtype_from_the_signature_makes_one_safe_cast() -> None:
    source = SOURCE.format(decorator="input_signature=[tf.TensorSpec([None, 2], tf.float64)]")
    ctx, [finding] = detect(source, [RULE], "m.py")
    assert finding.fix.applicability == "safe" and finding.alternatives == ()
    assert "tf.divide(tf.reduce_sum(x, axis=0), tf.cast(tf.shape(x)[0], tf.float64))" in apply_fixes(ctx, [finding.fix]).code


def test_an_unknown_dtype_gets_one_unsafe_candidate_per_dtype() -> None:
    ctx, [finding] = detect(SOURCE.format(decorator="reduce_retracing=True"), [RULE], "m.py")
    assert [c.label for c in finding.candidates] == [f"cast to tf.{d}" for d in ("float32", "int32", "int64", "float64")]
    for fix in finding.candidates:
        assert fix.applicability == "unsafe" and any(u.startswith("dtype-free-op") for u in fix.unknown)
        rewritten = apply_fixes(ctx, [fix]).code
        assert [f for f in lint_source(rewritten, [RULE], "m.py") if f.fix] == [], rewritten


def test_a_given_dtype_is_the_cast() -> None:
    source = SOURCE.format(decorator="reduce_retracing=True").replace(
        "tf.divide(tf.reduce_sum(x, axis=0), x.shape[0])", "tf.random.uniform([2], maxval=x.shape[0], dtype=tf.int64)")
    ctx, [finding] = detect(source, [RULE], "m.py")
    assert finding.alternatives == () and "dtype-free-op" not in " ".join(finding.fix.unknown)
    assert "maxval=tf.cast(tf.shape(x)[0], tf.int64)" in apply_fixes(ctx, [finding.fix]).code
