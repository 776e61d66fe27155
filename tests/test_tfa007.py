"""TFA007 with and without observed dtypes (issue 29 item 1): a Python number that meets other
values becomes ``tf.constant(n, dtype=...)`` with the dtype the trace log saw its uses convert it
to; without a log, candidate dtypes for execution to choose from. TF-free."""

from __future__ import annotations

import ast

import pytest

from tfautofix.analysis.context import FileContext
from tfautofix.codemods import rule_by_code
from tfautofix.codemods.tfa007_python_scalar import _split_dtypes
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


def _findings(source: str):
    ctx, findings = detect(source, [rule_by_code("TFA007")], "m.py")
    return ctx, [f for f in findings if "changes on every iteration" in f.message]


INTEGER_USE = """\
import numpy as np
import tensorflow as tf

TABLE = tf.ones([4, 6])
NAMES = ["a", "b", "c"]


@tf.function{options}
def step(x, n):
    {use}


for n in range(3):
    step(tf.ones([4]), n)
"""


@pytest.mark.parametrize("use", [
    "return TABLE[:, n]",  # a tensor's index: a strided slice takes an index tensor
    "return x[n + 1:]",
    "for _ in range(n):\n        x = x * 2.0\n    return x",  # AutoGraph: a tf.while_loop for a tensor
    "if n > 2:\n        x = x * 2.0\n    return x",  # AutoGraph: a tf.cond for a tensor condition
    "return tf.concat([x, tf.zeros([n])], axis=0)",  # shape arguments take int32 tensors
    "return tf.reshape(tf.tile(x, [n]), [n, -1])",
    "return tf.reduce_sum(TABLE, axis=n - 1)",
])
def test_integer_uses_get_integer_candidates(use: str) -> None:
    """An index, a shape or a converted loop count may take an int32 tensor as it took the int:
    int32 (primary) and int64 candidates, unsafe (the static shape it gave may be lost), for
    execution to confirm."""
    ctx, [finding] = _findings(INTEGER_USE.format(options="", use=use))
    assert [fix.label for fix in finding.candidates] == ["dtype=tf.int32", "dtype=tf.int64"]
    assert all(fix.applicability == "unsafe" and any(u.startswith("python-value") for u in fix.unknown) for fix in finding.candidates)
    assert "step(tf.ones([4]), tf.constant(n, dtype=tf.int32))" in _applied(ctx, finding.fix)


@pytest.mark.parametrize(("options", "use", "why"), [
    ("(autograph=False)", "if n > 2:\n        x = x * 2.0\n    return x", "control flow"),
    ("", "assert n > 2\n    return x", "control flow"),
    ("(autograph=False)", "for _ in range(n):\n        x = x * 2.0\n        break\n    return x", "AutoGraph does not convert"),
    ("", "return tf.stack([x * 2.0 for _ in range(n)])", "only a `for` statement's range"),  # a comprehension is not converted
    ("", "return tf.concat([x, np.zeros([n], np.float32)], 0)", "which needs a Python number"),
    ("", "return x * int(n)", "`int(n)`, which needs a Python number"),
    ("", "return x, NAMES[n]", "the Python sequence `NAMES`"),
])
def test_uses_a_tensor_certainly_fails_get_no_candidates(options: str, use: str, why: str) -> None:
    """Python control flow, ``range`` outside a converted ``for``, NumPy, ``int()``, a Python
    list's index: the graph needs the Python value there, whatever a log says."""
    _, [finding] = _findings(INTEGER_USE.format(options=options, use=use))
    assert finding.fix is None and finding.alternatives == () and why in finding.message


@pytest.mark.parametrize(("use", "rewritten"), [
    ("return tf.concat([x, np.zeros(n, np.float32)], 0)", "tf.zeros([n], dtype=tf.float32)"),
    ("return tf.concat([x, np.ones(n)], 0)", "tf.ones([n], dtype=tf.float64)"),  # NumPy's default dtype
    ("return x * [1.0, 2.0, 3.0][n]", "tf.gather(tf.constant([1.0, 2.0, 3.0], dtype=tf.float32), n)"),
    ("return x + WEIGHTS[n]", "tf.gather(tf.constant(WEIGHTS, dtype=tf.int32), n)"),
])
def test_uses_that_need_the_python_value_are_rewritten_into_ops(use: str, rewritten: str) -> None:
    """A Python sequence of numbers indexed by the number, a NumPy array shaped by it: the TensorFlow
    op computing the same from an integer tensor replaces the use, with the call's wrap in one
    candidate fix (unsafe: execution confirms)."""
    ctx, [finding] = _findings(INTEGER_USE.format(options="", use=use).replace('NAMES = ["a", "b", "c"]', "WEIGHTS = [1, 2, 3]"))
    assert [fix.label for fix in finding.candidates] == ["dtype=tf.int32", "dtype=tf.int64"]
    fixed = _applied(ctx, finding.fix)
    assert rewritten in fixed and "step(tf.ones([4]), tf.constant(n, dtype=tf.int32))" in fixed


def test_a_range_loop_without_autograph_becomes_a_while_loop() -> None:
    """``for _ in range(n)`` where AutoGraph does not convert: an explicit ``tf.while_loop`` over
    the names the body rebinds, in the candidate that passes the tensor."""
    source = INTEGER_USE.format(options="(autograph=False)", use="total = x\n    for i in range(n):\n        total += x * 2.0\n    return total")
    ctx, [finding] = _findings(source)
    fixed = _applied(ctx, finding.fix)
    assert "i, total = tf.while_loop(lambda i, total: i < n, loop_body, [0, total])" in fixed
    assert "    def loop_body(i, total):\n        total += x * 2.0\n        return i + 1, total\n" in fixed


def test_uses_converted_to_an_int_and_a_float_get_a_cast() -> None:
    """A log saw ``tf.range(n)`` take int32 and ``x / n`` float32: an int32 tensor, cast to float32
    where Python arithmetic met it."""
    source = "import tensorflow as tf\n\n\n@tf.function\ndef f(x, n):\n    return tf.reduce_sum(tf.range(n)) / n\n\n\n" \
             "for n in range(3):\n    f(tf.ones([2]), n)\n"
    ctx, _ = detect(source, [rule_by_code("TFA007")], "m.py")
    plan = _split_dtypes(ctx, ctx.module.body[1], "n", {"float32": [6], "int32": [6]})
    assert plan["candidates"] == ("int32",)
    assert [ctx.code(new) for new in plan["rewrites"].values()] == ["tf.cast(n, tf.float32)"]
    assert _split_dtypes(ctx, ctx.module.body[1], "n", {"float32": [6], "float64": [6]}) == {}


@pytest.mark.parametrize(("call", "written"), [
    ("step(x, 0.05 * i)", "tf.constant(0.05 * i, dtype=tf.float32)"),
    ("step(x, (i + 1) / WARMUP)", "tf.constant((i + 1) / WARMUP, dtype=tf.float32)"),
    ("step(x, -i * SCALE)", "tf.constant(-i * SCALE, dtype=tf.float32)"),
])
def test_python_arithmetic_on_a_loop_variable_is_reported(call: str, written: str) -> None:
    """``0.05 * i`` is a new Python float on every iteration: one trace each. Float candidates only
    (an int dtype cannot hold 0.05)."""
    source = f"import tensorflow as tf\n\nWARMUP = 5\nSCALE = 0.5\n\n\n@tf.function\ndef step(x, d):\n    return x + d\n\n\n" \
             f"x = tf.ones([2])\nfor i in range(4):\n    {call}\n"
    ctx, [finding] = _findings(source)
    assert [fix.label for fix in finding.candidates] == ["dtype=tf.float32", "dtype=tf.float64"]
    assert f"step(x, {written})" in _applied(ctx, finding.fix)


@pytest.mark.parametrize(("loop", "reported"), [
    ("for t in [0.5, 1.0, 2.0]:", True),
    ("for t in (1, 2, 3):", True),
    ("for t in TEMPERATURES:", True),  # a name bound once to numbers
    ("for t in [0.5 + 0.1 * i for i in range(3)]:", True),
    ("for t in [0.5]:", False),  # one value: one trace
    ("for t in ['a', 'b']:", False),
    ("for t in [0.5, x]:", False),  # a tensor among them
    ("for t in NOT_NUMBERS:", False),
])
def test_loops_over_python_numbers_are_reported(loop: str, reported: bool) -> None:
    source = f"import tensorflow as tf\n\nTEMPERATURES = [0.5, 1.0]\nNOT_NUMBERS = [0.5, 'a']\n\n\n" \
             f"@tf.function\ndef step(x, t):\n    return x / t\n\n\nx = tf.ones([2])\n{loop}\n    step(x, t)\n"
    _, findings = _findings(source)
    assert bool(findings) == reported
    for finding in findings:
        assert finding.fix is not None and finding.fix.applicability == "unsafe"


@pytest.mark.parametrize("call", ["step(x, x * i)", "step(x, i * unknown)", "step(x, 0.5 * 2)", "step(x, f(i))"])
def test_values_that_are_not_varying_python_numbers_are_not_reported(call: str) -> None:
    """A tensor times the loop variable is a tensor; a name of unknown value may be one; a
    constant expression does not vary."""
    source = f"import tensorflow as tf\n\n\n@tf.function\ndef step(x, d):\n    return x + d\n\n\n" \
             f"def f(i):\n    return tf.constant(i)\n\n\ndef run(x, unknown):\n    for i in range(4):\n        {call}\n"
    assert _findings(source)[1] == []


def test_malformed_conversions_are_refused_naming_the_field() -> None:
    with pytest.raises(TraceLogError, match=r"functions\[0\]\.traces\[0\]\.converted\.step\[0\]\.line"):
        _log([{"file": "m.py", "line": "6", "dtype": "float32", "count": 1}])
    with pytest.raises(TraceLogError, match=r"converted\.step must be a list"):
        _log({"file": "m.py"})  # type: ignore[arg-type]


HELPER = """\
import tensorflow as tf


@tf.function
def step(x, n, m=0):
    return x * tf.cast(n, tf.float32) + tf.cast(m, tf.float32)


def run(x, n):
    {body}


for epoch in range(3):
    run(tf.ones([2]), epoch)
"""


@pytest.mark.parametrize(("body", "fixed"), [
    ("return step(x, n)", True),
    ("step(x, n)\n    return step(x * 2.0, n=n)", True),  # every use hands it to one parameter
    ("print(n)\n    return step(x, n)", False),  # the helper uses the Python value too
    ("return step(x, n, n)", False),  # two parameters
])
def test_a_helper_that_only_hands_the_number_on_is_fixed_at_its_call(body: str, fixed: bool) -> None:
    """``run(x, epoch)`` traces ``step`` once per epoch through ``run``: the call gets the fix a
    direct call would, when ``run`` does nothing else with it."""
    ctx, [finding] = _findings(HELPER.format(body=body))
    assert "`run` passes it to `step`" in finding.message
    assert (finding.fix is not None) == fixed
    if fixed:
        assert "run(tf.ones([2]), tf.constant(epoch))" in _applied(ctx, finding.fix)
