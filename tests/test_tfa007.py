"""TFA007 with and without observed dtypes (issue 29 item 1): a Python number that meets other
values becomes ``tf.constant(n, dtype=...)`` with the dtype the trace log saw its uses convert it
to; without a log, candidate dtypes for execution to choose from. TF-free."""

from __future__ import annotations

import ast

import pytest

from tfautofix.analysis.context import FileContext
from tfautofix.codemods import rule_by_code
from tfautofix.engine import apply_fixes, detect, lint_source
from tfautofix.tracing.log import TraceLogError, from_json

SOURCE = """\
import tensorflow as tf


@tf.function
def decayed(lr, step):
    return lr * tf.pow(0.96, step)


for step in range(3):
    decayed(tf.constant(0.1), step)
"""
CALL = "decayed(tf.constant(0.1), step)"


def _log(uses, values=(0, 1, 2), per_trace=None) -> object:
    """A log of ``decayed`` traced once per value, each trace's ``converted`` holding ``uses`` for
    ``step`` (or ``per_trace[i]``; None: absent, as in logs written before it existed)."""
    traces = []
    for index, value in enumerate(values):
        trace = {"parameters": {"lr": {"kind": "tensor", "shape": [], "dtype": "float32"},
                                "step": {"kind": "python", "type": "int", "value": value}}, "changed": ["step"] if index else None}
        seen = per_trace[index] if per_trace is not None else uses
        if seen is not None:
            trace["converted"] = {"step": seen}
        traces.append(trace)
    function = {"file": "m.py", "line": 4, "qualname": "decayed", "parameters": ["lr", "step"], "options": {}, "calls": len(values),
                "instances": 1, "tracing_seconds": 0.1, "traces": traces}
    return from_json({"format": "tfautofix-traces", "version": 1, "functions": [function]})


def _use(dtype: str, line: int = 6, count: int = 1, elementwise: bool | None = True) -> dict:
    use = {"file": "m.py", "line": line, "dtype": dtype, "count": count}
    return use if elementwise is None else {**use, "elementwise": elementwise}


def _call_finding(source: str = SOURCE, traces=None):
    ctx, findings = detect(source, [rule_by_code("TFA007")], "m.py", traces=traces)
    [finding] = [f for f in findings if f.line == source.splitlines().index(next(line for line in source.splitlines() if CALL in line)) + 1]
    return ctx, finding


def _applied(ctx: FileContext, fix) -> str:
    return apply_fixes(ctx, [fix]).code


def test_observed_dtype_is_a_safe_fix() -> None:
    ctx, finding = _call_finding(traces=_log([_use("float32")]))
    assert finding.fix is not None and finding.fix.applicability == "safe" and not finding.fix.unknown
    assert "decayed(tf.constant(0.1), tf.constant(step, dtype=tf.float32))" in _applied(ctx, finding.fix)
    assert finding.alternatives == ()


def test_observed_default_dtype_is_not_spelled() -> None:
    """An int that became int32 is what ``tf.constant(step)`` gives: no redundant ``dtype=``."""
    source = SOURCE.replace("lr * tf.pow(0.96, step)", "lr * tf.cast(step, tf.float32)")
    ctx, finding = _call_finding(source, _log([_use("int32")], values=(1, 2, 3)))
    assert finding.fix.applicability == "safe"
    assert "decayed(tf.constant(0.1), tf.constant(step))" in _applied(ctx, finding.fix)


@pytest.mark.parametrize("elementwise", [False, None])
def test_a_value_the_graph_may_read_while_built_is_unsafe(elementwise) -> None:
    """``tf.range(n)``, ``tf.one_hot(x, n)``: a constant's static shape is known, a tensor argument's is not
    (the recorder notes whether the constant reached only elementwise ops; older logs do not say)."""
    _, finding = _call_finding(traces=_log([_use("float32", elementwise=elementwise)]))
    assert finding.fix is not None and finding.fix.applicability == "unsafe"
    assert [u.split(":")[0] for u in finding.fix.unknown] == ["static-value"] and "static-value" in finding.message


@pytest.mark.parametrize(("uses", "values", "per_trace", "why"), [
    ([_use("float32"), _use("int32")], (0, 1, 2), None, "no single tensor has both dtypes"),
    (None, (0, 1, 2), [[_use("float32")], [_use("float32")], []], "did not become a tensor at line 6"),
    (None, (0, 1, 2), [[_use("float32")], [_use("float32")], None], "did not observe what `step` was converted to"),
    ([_use("float32", line=9)], (0, 1, 2), None, "did not become a tensor at line 6"),
    ([_use("float32")], (1,), None, "a small int Python shares"),
    (None, (0, 1, 2), None, "did not observe"),
])
def test_what_the_log_does_not_establish_is_never_a_safe_fix(uses, values, per_trace, why) -> None:
    """Two dtypes: no fix. Unproven: the dtype candidates, none safe, for execution to choose."""
    _, finding = _call_finding(traces=_log(uses, values, per_trace))
    assert why in finding.message
    assert all(fix.applicability == "unsafe" for fix in finding.candidates)
    assert (finding.fix is None) == ("both dtypes" in why)


def test_a_large_single_value_is_its_own_object() -> None:
    _, finding = _call_finding(traces=_log([_use("float32")], values=(1000,)))
    assert finding.fix is not None and finding.fix.applicability == "safe"


def test_without_a_log_the_dtypes_are_candidates() -> None:
    ctx, finding = _call_finding()
    labels = [fix.label for fix in finding.candidates]  # the first is the (unsafe) primary
    assert labels == ["dtype=tf.float32", "dtype=tf.int32", "dtype=tf.int64", "dtype=tf.float64"]
    proven = _call_finding(traces=_log([_use("float32")]))
    for fix, dtype in zip(finding.candidates, ("float32", "int32", "int64", "float64")):
        assert fix.applicability == "unsafe" and fix.unknown
        rewritten = _applied(ctx, fix)
        ast.parse(rewritten)
        assert f"decayed(tf.constant(0.1), tf.constant(step, dtype=tf.{dtype}))" in rewritten
        again = [f for f in lint_source(rewritten, [rule_by_code("TFA007")], "m.py") if f.fix or f.alternatives]
        assert again == [], "a candidate's rewrite is flagged again"
    # The float32 candidate is exactly what a trace log proves.
    assert _applied(ctx, finding.fix) == _applied(*proven[:1], proven[1].fix)


@pytest.mark.parametrize("use", ["if step > 2:\n        lr = lr * 2.0\n    ", "for _ in range(step):\n        lr = lr * 2.0\n    "])
def test_python_uses_get_neither_fix_nor_candidates(use: str) -> None:
    """Control flow and ``range`` need the Python value, whatever a log says became a tensor."""
    source = SOURCE.replace("return lr *", use + "return lr *")
    for traces in (None, _log([_use("float32", line=line) for line in range(6, 10)])):
        _, finding = _call_finding(source, traces)
        assert finding.fix is None and finding.alternatives == ()


def test_malformed_conversions_are_refused_naming_the_field() -> None:
    with pytest.raises(TraceLogError, match=r"functions\[0\]\.traces\[0\]\.converted\.step\[0\]\.line"):
        _log([{"file": "m.py", "line": "6", "dtype": "float32", "count": 1}])
    with pytest.raises(TraceLogError, match=r"converted\.step must be a list"):
        _log({"file": "m.py"})  # type: ignore[arg-type]
