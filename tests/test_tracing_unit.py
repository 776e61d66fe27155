"""Trace logs, explanations and signature synthesis, without TensorFlow."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tfautofix.cli import app
from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source
from tfautofix.tracing.explain import explain_function
from tfautofix.tracing.log import TraceLogError, from_json, load, merge
from tfautofix.tracing.signature import common_shape, plan


def tensor(shape, dtype="float32"):
    return {"kind": "tensor", "shape": shape, "dtype": dtype}


def python(value):
    return {"kind": "python", "type": type(value).__name__, "value": value}


def function_log(qualname="step", traces=(), file="model.py", line=4, options=None, process=0, instance=0):
    """A trace log entry whose `changed` fields are computed the way the recorder does."""
    entries = []
    for parameters in traces:
        earlier = [e["parameters"] for e in entries]
        changed = min(([n for n in parameters if parameters[n] != e.get(n)] for e in earlier), key=len) if earlier else None
        entries.append({"process": process, "instance": instance, "seconds": 0.01, "parameters": parameters, "changed": changed})
    return {
        "file": file, "line": line, "qualname": qualname, "parameters": list(traces[0]) if traces else [],
        "options": options or {}, "calls": len(traces), "instances": 1, "tracing_seconds": 0.01 * len(traces), "traces": entries,
    }


def log_json(*functions, processes=1):
    return {"format": "tfautofix-traces", "version": 1, "command": ["python", "model.py"], "exit_code": 0,
            "processes": [{"pid": i} for i in range(processes)], "functions": list(functions)}


# -- shapes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shapes", "expected"),
    [
        ([[10, 5], [20, 5], [10, 5]], [None, 5]),
        ([[4], [4]], [4]),
        ([[2, 3], [2, 3, 1]], None),  # ranks differ: unknown shape
        ([[None, 3], [7, 3]], [None, 3]),
        ([[2, 3], None], None),
        ([[]], []),
    ],
)
def test_common_shape(shapes, expected) -> None:
    assert common_shape(shapes) == expected


# -- plans ------------------------------------------------------------------------


def test_plan_generalises_tensors_and_python_numbers() -> None:
    function = from_json(log_json(function_log(traces=[
        {"x": tensor([10, 5]), "n": python(1)},
        {"x": tensor([20, 5]), "n": python(2)},
    ]))).functions[0]
    decided = plan(function)
    assert decided.kind == "input_signature"
    assert [(p.name, p.shape, p.dtype, p.from_python) for p in decided.signature] == [
        ("x", [None, 5], "float32", False), ("n", [], "int32", True),
    ]


def test_plan_mixed_int_and_float_becomes_float32() -> None:
    function = from_json(log_json(function_log(traces=[{"lr": python(1)}, {"lr": python(0.5)}]))).functions[0]
    assert [p.dtype for p in plan(function).signature] == ["float32"]


def test_plan_objects_use_reduce_retracing_when_shapes_changed() -> None:
    model = {"kind": "object", "type": "keras.Sequential", "id": "1"}
    function = from_json(log_json(function_log(traces=[{"model": model, "x": tensor([4, 3])}, {"model": model, "x": tensor([8, 3])}]))).functions[0]
    decided = plan(function)
    assert decided.kind == "reduce_retracing" and "`model`" in decided.reason


def test_plan_dtype_split_has_no_fix() -> None:
    function = from_json(log_json(function_log(traces=[{"x": tensor([]), }, {"x": tensor([], "float64")}]))).functions[0]
    decided = plan(function)
    assert decided.kind is None
    assert "would reject observed calls (`x` is float32 and float64)" in decided.reason


def test_plan_new_objects_have_no_fix() -> None:
    function = from_json(log_json(function_log(traces=[
        {"model": {"kind": "object", "type": "M", "id": str(i)}} for i in range(3)
    ]))).functions[0]
    assert plan(function).kind is None


# -- explanations ---------------------------------------------------------------


def test_explanations_name_argument_change_and_rule() -> None:
    function = from_json(log_json(function_log(traces=[
        {"x": tensor([10, 5]), "n": python(1)},
        {"x": tensor([20, 5]), "n": python(1)},
        {"x": tensor([30, 5]), "n": python(2)},
    ]))).functions[0]
    assert [(e.text, e.rule) for e in explain_function(function)] == [
        ("argument `x`: shape (10, 5) → (20, 5) (3 distinct shapes: batch dimension varies)", "TFA004"),
        ("argument `n`: Python int 1, 2 (each distinct value traces; pass a tensor)", "TFA007"),
    ]


def test_explanation_of_new_objects_and_variable_creation() -> None:
    function = from_json(log_json(function_log(traces=[
        {"model": {"kind": "object", "type": "keras.Sequential", "id": "1"}},
        {"model": {"kind": "object", "type": "keras.Sequential", "id": "2"}},
    ]))).functions[0]
    assert explain_function(function)[0].text.startswith("argument `model`: a new object on each call")
    again = from_json(log_json(function_log(traces=[{"x": tensor([2])}, {"x": tensor([2])}]))).functions[0]
    assert "no argument change" in explain_function(again)[0].text


# -- logs ---------------------------------------------------------------------------


def test_merge_sums_calls_and_offsets_processes() -> None:
    first = log_json(function_log(traces=[{"x": tensor([1])}, {"x": tensor([2])}]))
    second = log_json(function_log(traces=[{"x": tensor([3])}]), function_log("other", traces=[{"y": tensor([1])}]))
    merged = merge([first, second])
    assert len(merged.processes) == 2
    step, other = merged.functions
    assert step.calls == 3 and [t["process"] for t in step.traces] == [0, 0, 1]
    assert step.max_traces == 2  # each process has its own cache
    assert other.qualname == "other"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "other"}', "not a tfautofix trace log"),
        ('{"format": "tfautofix-traces", "version": 99}', "version 99 is not supported"),
        ('{"format": "tfautofix-traces", "version": 1, "functions": [{"file": "x.py"}]}', "malformed trace log"),
    ],
)
def test_bad_logs_are_one_line_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "traces.json"
    path.write_text(content)
    with pytest.raises(TraceLogError, match=message):
        load(path)
    for command in (["check", str(tmp_path), "--traces", str(path)], ["explain", str(path)]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1 and message.split()[0] in result.output


def test_missing_log_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["fix", str(tmp_path), "--traces", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {tmp_path / 'nope.json'}: cannot read trace log (No such file or directory)"


def test_relative_log_paths_match_by_suffix(tmp_path: Path) -> None:
    log = from_json(log_json(function_log(file="src/model.py")))
    assert log.for_file(str(tmp_path / "src" / "model.py"))
    assert not log.for_file(str(tmp_path / "model.py"))
    absolute = from_json(log_json(function_log(file=str(tmp_path / "model.py"))))
    assert absolute.for_file(str(tmp_path / "model.py")) and not absolute.for_file(str(tmp_path / "src" / "model.py"))


# -- TFA004 in the engine -------------------------------------------------------

SOURCE = """\
import tensorflow as tf


@tf.function
def step(x):
    return x * 2.0
"""


def test_tfa004_needs_a_trace_log() -> None:
    assert lint_source(SOURCE, [rule_by_code("TFA004")], "model.py") == []


def test_tfa004_respects_an_existing_input_signature() -> None:
    log = from_json(log_json(function_log(line=4, traces=[{"x": tensor([1])}, {"x": tensor([2])}])))
    fixed, applied, _ = fix_source(SOURCE, [rule_by_code("TFA004")], "model.py", unsafe_fixes=True, traces=log)
    assert "input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)]" in fixed and applied
    again, applied_again, remaining = fix_source(fixed, [rule_by_code("TFA004")], "model.py", unsafe_fixes=True, traces=log)
    assert again == fixed and not applied_again and not remaining


def test_tfa004_matches_functions_after_lines_moved() -> None:
    log = from_json(log_json(function_log(line=4, traces=[{"x": tensor([1])}, {"x": tensor([2])}])))
    moved = "import os\n\n" + SOURCE
    findings = lint_source(moved, [rule_by_code("TFA004")], "model.py", traces=log)
    assert [(f.line, f.code) for f in findings] == [(7, "TFA004")]


def test_tfa007_reports_varying_numbers_from_traces() -> None:
    log = from_json(log_json(function_log(line=4, traces=[{"x": python(1)}, {"x": python(2)}])))
    cast = SOURCE.replace("return x * 2.0", "return tf.cast(x, tf.float32) * 2.0")
    findings = lint_source(cast, [rule_by_code("TFA007")], "model.py", traces=log)
    assert [f.message for f in findings] == [
        "`x` of `step` was a Python number with 2 distinct values in the trace log, one trace each; "
        "pass a tensor (or let TFA004 add an input_signature)"
    ]


def test_tfa007_from_traces_does_not_advise_a_tensor_that_meets_a_float() -> None:
    log = from_json(log_json(function_log(line=4, traces=[{"x": python(1)}, {"x": python(2)}])))
    (finding,) = lint_source(SOURCE, [rule_by_code("TFA007")], "model.py", traces=log)  # `x * 2.0`
    assert "it needs the Python value" in finding.message and "pass a tensor" not in finding.message


def test_tfa007_from_traces_is_silent_once_a_signature_exists() -> None:
    log = from_json(log_json(function_log(line=4, traces=[{"x": python(1)}, {"x": python(2)}])))
    signed = SOURCE.replace("@tf.function", "@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.int32)])")
    assert lint_source(signed, [rule_by_code("TFA007")], "model.py", traces=log) == []


def test_log_round_trips_through_json() -> None:
    data = log_json(function_log(traces=[{"x": tensor([1])}, {"x": tensor([2])}]))
    assert from_json(json.loads(json.dumps(from_json(data).to_json()))).to_json() == from_json(data).to_json()


def test_qualnames_follow_python() -> None:
    import libcst as cst

    from tfautofix.analysis.usage import functions_by_qualname

    source = (
        "if x:\n    def a(): pass\nelif y:\n    def b(): pass\nelse:\n    def c(): pass\n"
        "try:\n    def d(): pass\nexcept E:\n    def e(): pass\nfinally:\n    def f(): pass\n"
        "class K:\n    def m(self):\n        def inner(): pass\n"
    )
    assert sorted(functions_by_qualname(cst.parse_module(source))) == ["K.m", "K.m.<locals>.inner", "a", "b", "c", "d", "e", "f"]
