"""TFA012's collect-per-step fix when the values' dtype is not evident (issue 29): a
``tf.TensorArray`` per candidate dtype, float32 the unsafe primary, execution chooses."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tfautofix.cli import app
from tfautofix.codemods import rule_by_code
from tfautofix.engine import apply_fixes, detect, lint_source

SOURCE = """\
import tensorflow as tf


@tf.function
def walk(x, n):
    seen = []
    for _ in tf.range(n):
        x = x * {factor}
        seen.append(x)
    return tf.stack(seen)


def exercise():
    return [walk(tf.constant({start}), tf.constant(k)) for k in (1, 3)]
"""
FLOATS = SOURCE.format(factor="0.5", start="[1.0, 2.0]")
INTS = SOURCE.format(factor="3", start="[1, 2]")


def test_unknown_dtype_gets_one_unsafe_candidate_per_dtype() -> None:
    rule = rule_by_code("TFA012")
    ctx, [finding] = detect(FLOATS, [rule], "m.py")
    assert [c.label for c in finding.candidates] == ["dtype=tf.float32", "dtype=tf.int32", "dtype=tf.int64", "dtype=tf.float64"]
    for fix, dtype in zip(finding.candidates, ("float32", "int32", "int64", "float64")):
        assert fix.applicability == "unsafe" and any(u.startswith("dtype") for u in fix.unknown)
        rewritten = apply_fixes(ctx, [fix]).code
        ast.parse(rewritten)
        assert f"seen = tf.TensorArray(tf.{dtype}, size=0, dynamic_size=True)" in rewritten
        assert "seen = seen.write(seen.size(), x)" in rewritten and "return seen.stack()" in rewritten
        again = [f for f in lint_source(rewritten, [rule], "m.py") if f.fix or f.alternatives]
        assert again == [], "a candidate's rewrite is flagged again"
    assert "dtype=tf.float32; other candidates for `fix --verify`" in finding.message


def test_an_evident_dtype_stays_one_fix_without_candidates() -> None:
    source = FLOATS.replace("seen.append(x)", "seen.append(tf.cast(x, tf.float16))")
    [finding] = lint_source(source, [rule_by_code("TFA012")], "m.py")
    assert finding.alternatives == () and finding.fix.label == "" and "dtype" not in " ".join(finding.fix.unknown)


@pytest.mark.tensorflow
def test_execution_writes_the_dtype_the_values_have(tmp_path: Path) -> None:
    """Int values: the float32 primary raises when written to, int32 is what eager computed."""
    path = tmp_path / "walk.py"
    path.write_text(INTS, encoding="utf-8")
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--verify", "--select", "TFA012", "--format", "json", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "tf.TensorArray(tf.int32, size=0, dynamic_size=True)" in path.read_text(encoding="utf-8")
    (applied,) = json.loads(result.stdout)[0]["applied"]
    assert applied["verdict"] == "verified" and applied["fix"]["label"] == "dtype=tf.int32"


def test_a_bool_op_or_fixed_dtype_op_gives_the_tensor_arrays_dtype() -> None:
    for value, dtype in (("tf.reduce_any(x > 0)", "bool"), ("x > 0", "bool"), ("tf.argmax(x)", "int64"), ("tf.shape(x)", "int32")):
        ctx, [finding] = detect(FLOATS.replace("seen.append(x)", f"seen.append({value})"), [rule_by_code("TFA012")], "m.py")
        assert finding.alternatives == () and "dtype" not in " ".join(finding.fix.unknown), value
        assert f"seen = tf.TensorArray(tf.{dtype}, size=0, dynamic_size=True)" in apply_fixes(ctx, [finding.fix]).code


def test_the_tensor_array_is_created_after_its_dtypes_name_is_bound_again() -> None:
    source = FLOATS.replace("    seen = []\n", "    seen = []\n    x = tf.cast(x, tf.float64)\n").replace("seen.append(x)", "seen.append(x[0])")
    source = source.replace("        x = x * 0.5\n", "")
    ctx, [finding] = detect(source, [rule_by_code("TFA012")], "m.py")
    code = apply_fixes(ctx, [finding.fix]).code
    assert "seen = []" not in code and "x = tf.cast(x, tf.float64)\n    seen = tf.TensorArray(x.dtype" in code, code
