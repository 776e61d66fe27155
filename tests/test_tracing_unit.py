"""Trace logs, explanations and signature synthesis, without TensorFlow."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tfautofix.cli import app
from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source
from tfautofix.tracing.explain import budget_excess, explain_function, report
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
    # TensorFlow's second trace after a first call that created variables is not a signature problem.
    again = from_json(log_json(function_log(traces=[{"x": tensor([2])}, {"x": tensor([2])}]))).functions[0]
    assert explain_function(again) == [] and again.max_traces == 1
    assert [line.kind for line in report(again)] == ["expected"]
    # A log that counts variables: none were created, so the same signature tracing again is unexplained.
    none_created = function_log(traces=[{"x": tensor([2])}, {"x": tensor([2])}])
    for trace in none_created["traces"]:
        trace["variables"] = 0
    unexplained = from_json(log_json(none_created)).functions[0]
    assert unexplained.max_traces == 2
    assert "no argument change" in explain_function(unexplained)[0].text


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


def test_log_paths_match_the_resolved_path_only(tmp_path: Path, monkeypatch) -> None:
    """A monorepo with two train_script.py: the trace of one must not reach the other."""
    monkeypatch.chdir(tmp_path)
    log = from_json(log_json(function_log(file="a/train_script.py")))
    assert log.for_file(str(tmp_path / "a" / "train_script.py"))
    assert log.for_file("a/../a/train_script.py")
    assert not log.for_file(str(tmp_path / "b" / "a" / "train_script.py"))
    assert not log.for_file(str(tmp_path / "b" / "train_script.py"))
    absolute = from_json(log_json(function_log(file=str(tmp_path / "model.py"))))
    assert absolute.for_file(str(tmp_path / "model.py")) and not absolute.for_file(str(tmp_path / "src" / "model.py"))


def test_log_paths_are_resolved_once_per_path(tmp_path: Path, monkeypatch) -> None:
    """Every query compares resolved paths: each entry and each file is resolved once, not per query."""
    import os

    from tfautofix.tracing import log as log_module

    monkeypatch.chdir(tmp_path)
    log_module._realpath.cache_clear()
    resolved: list[str] = []
    real = os.path.realpath
    monkeypatch.setattr(log_module.os.path, "realpath", lambda path: resolved.append(path) or real(path))
    log = from_json(log_json(*(function_log(qualname=f"f{i}", file=f"pkg/m{i}.py") for i in range(5))))
    for _ in range(3):
        for i in range(5):
            assert [f.qualname for f in log.for_file(str(tmp_path / "pkg" / f"m{i}.py"))] == [f"f{i}"]
            log.lines_run(f"pkg/m{i}.py")
    # Once each: the five entries and the five absolute spellings (the relative ones are the entries').
    assert len(resolved) == 10, resolved


def test_a_log_whose_files_are_not_here_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / "model.py").write_text("import tensorflow as tf\n")
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(log_json(function_log(file="src/model.py"))))
    result = CliRunner().invoke(app, ["fix", "copy", "--traces", str(path)])
    assert "none of its files exist here (src/model.py)" in result.output
    assert "relative to the directory `tfautofix trace` ran in" in result.output


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


def test_tfa007_from_traces_leaves_a_number_meeting_a_float_to_execution() -> None:
    """`x * 2.0`: the log does not say what `x` was converted to, so no dtype is proven: candidates
    for `fix --verify` (none written without execution), never "pass a tensor" as if it were known."""
    log = from_json(log_json(function_log(line=4, traces=[{"x": python(1)}, {"x": python(2)}])))
    (finding,) = lint_source(SOURCE, [rule_by_code("TFA007")], "model.py", traces=log)
    assert "candidate tensors that `fix --verify` runs" in finding.message and "pass a tensor" not in finding.message
    assert "(the trace log: it did not observe what `x` was converted to)" in finding.message


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


# -- explain: one line per retrace cause, crashes, events, budgets ------------------


def traced_at(entry: dict, site: tuple[str, int], **extra) -> dict:
    entry = dict(entry, call_site={"file": site[0], "line": site[1]}, variables=0, **extra)
    return entry


def test_report_groups_retraces_by_site_and_argument_with_the_fix() -> None:
    data = function_log("train_step", traces=[{"x": tensor([8, 5])}, {"x": tensor([16, 5])}, {"x": tensor([32, 5])}])
    data["traces"] = [traced_at(t, ("train.py", 42)) for t in data["traces"]]
    lines = report(from_json(log_json(data)).functions[0])
    assert [(line.kind, line.text, line.rule, line.count) for line in lines] == [(
        "retrace",
        "retraced 2× at train.py:42 (0.020 s): argument `x` shape [8, 5] → [16, 5] → [32, 5] "
        "(batch dimension varies; TFA004 → input_signature [None, 5])",
        "TFA004", 2,
    )]


def test_report_names_python_values_dtypes_objects_and_nested_items() -> None:
    obj = {"kind": "object", "type": "keras.optimizers.Adam", "id": "1"}
    data = function_log(traces=[
        {"n": python(1), "x": tensor([2], "float32"), "opt": obj, "xs": {"kind": "list", "items": [tensor([1])]}},
        {"n": python(2), "x": tensor([2], "float64"), "opt": dict(obj, id="2"), "xs": {"kind": "list", "items": [tensor([3])]}},
    ])
    texts = [line.text for line in report(from_json(log_json(data)).functions[0])]
    assert texts == [  # one retrace, four arguments changed: one line, each argument with its own advice
        "retraced (0.010 s): arguments `n` Python value 1 → 2 (each distinct value traces; TFA007 → pass a tensor (tf.constant) instead of a Python number)"
        " and `x` dtype float32 → float64 (dtype varies; TFA004 → cast to one dtype at the call site)"
        " and `opt` object Adam#1 → Adam#2 (a new object; TFA004 → create the object once and reuse it (traced by identity))"
        " and `xs[0]` shape [1] → [3] (length varies; TFA004 → no automatic fix: an input_signature would "
        "reject observed calls (`x` is float32 and float64); reduce_retracing only generalises shapes, which did not cause these retraces)",
    ]


def test_crashed_trace_is_explained_not_called_no_retracing() -> None:
    data = function_log("positive", traces=[{"x": tensor([])}])
    data["traces"][0]["error"] = {"type": "OperatorNotAllowedInGraphError", "message": "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. More.", "file": "model.py", "line": 6}
    log = from_json(log_json(data))
    assert [(line.kind, line.text, line.rule) for line in report(log.functions[0])] == [
        ("error", "model.py:6: trace raised OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a Python `bool` is not allowed", "TFA003"),
    ]
    from tfautofix.tracing.explain import explanation_text

    assert "no retracing" not in explanation_text(log).plain


def test_events_are_grouped_with_their_rule() -> None:
    data = function_log(traces=[{"x": tensor([1])}, {"x": tensor([2])}])
    event = {"kind": "print", "file": "model.py", "line": 7, "detail": "print() ran once, at trace time"}
    for trace in data["traces"]:
        trace["events"] = [event]
    lines = [line for line in report(from_json(log_json(data)).functions[0]) if line.kind == "print"]
    assert [(line.text, line.rule, line.count) for line in lines] == [("model.py:7: print() ran once, at trace time (×2)", "TFA008", 2)]


def test_keras_functions_are_named_after_the_users_call() -> None:
    from tfautofix.tracing.explain import display_name

    data = function_log("TensorFlowTrainer._make_function.<locals>.one_step_on_data", file="/venv/site-packages/keras/trainer.py",
                        traces=[{"data": tensor([8, 3])}, {"data": tensor([None, 3])}])
    data["library"] = True
    data["traces"] = [dict(t, call_site={"file": "train.py", "line": 30, "calls": "fit"}) for t in data["traces"]]
    function = from_json(log_json(data)).functions[0]
    assert display_name(function) == "Keras train_function (one_step_on_data)"
    assert report(function)[0].text.endswith("(batch dimension varies; library code: keep this argument's shapes and dtypes constant at train.py:30)")
    assert [f.qualname for f, _, _ in budget_excess(from_json(log_json(data)), None, {"train_function": 0})] == [function.qualname]
    for trace in data["traces"]:  # a library function no Keras method traced keeps its own name
        del trace["call_site"]["calls"]
    unnamed = from_json(log_json(data))
    assert display_name(unnamed.functions[0]) == function.qualname
    assert budget_excess(unnamed, None, {"train_function": 0}) == []


def test_budgets_count_retraces_per_function() -> None:
    step = function_log("Trainer.step", traces=[{"x": tensor([n])} for n in (1, 2, 3)])
    other = function_log("other", traces=[{"x": tensor([n])} for n in (1, 2)])
    log = from_json(log_json(step, other))
    assert [(f.qualname, n, allowed) for f, n, allowed in budget_excess(log, 1, {})] == [("Trainer.step", 2, 1)]
    assert budget_excess(log, 1, {"step": 2}) == []  # a budget names the function by its last name too
    assert [f.qualname for f, _, _ in budget_excess(log, None, {"other": 0})] == ["other"]
    assert budget_excess(log, None, {}) == []


def test_explain_json_format(tmp_path: Path) -> None:
    path = tmp_path / "traces.json"
    path.write_text(json.dumps(log_json(function_log(traces=[{"x": tensor([1])}, {"x": tensor([2])}]))))
    result = CliRunner().invoke(app, ["explain", str(path), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["events"] == []
    (entry,) = data["functions"]
    assert (entry["function"], entry["calls"], entry["traces"], entry["retraces"]) == ("step", 2, 2, 1)
    assert entry["lines"][0]["rule"] == "TFA004" and entry["lines"][0]["fix"] == "input_signature [None]"


# -- the observed scope in check --traces ---------------------------------------------


def test_check_marks_confirmed_findings_and_reports_run_time_hazards(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # the log's relative paths are relative to where `trace` ran
    source = tmp_path / "model.py"
    source.write_text(
        "import random\n\nimport tensorflow as tf\n\n\n@tf.function\ndef step(x):\n    return x * random.random()\n\n\n"
        "def helper(x):\n    print('in helper')\n    return x\n"
    )
    data = log_json()
    data["scope"] = [{"file": "model.py", "lines": [8], "functions": [{"line": 6, "qualname": "step"}]}]
    event = {"kind": "print", "file": "model.py", "line": 12, "detail": "print() ran once, at trace time"}
    data["functions"] = [dict(function_log(traces=[{"x": tensor([1])}]), file="model.py", line=6)]
    data["functions"][0]["traces"][0]["events"] = [event]
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["check", str(source), "--traces", str(traces), "--format", "json", "--no-cache"])
    found = {(f["code"], f["line"]): f for f in json.loads(result.output)}
    assert found[("TFA002", 8)]["confirmed"] is True
    assert found[("TFA008", 12)] == {**found[("TFA008", 12)], "confirmed": True, "fix": None, "column": 5}
    assert found[("TFA008", 12)]["message"] == "seen at run time while tracing `step`: print() ran once, at trace time"
    plain = CliRunner().invoke(app, ["check", str(source), "--no-cache", "--format", "json"])
    assert all("confirmed" not in f for f in json.loads(plain.output)) and ("TFA008", 12) not in {(f["code"], f["line"]) for f in json.loads(plain.output)}
    ignored = CliRunner().invoke(app, ["check", str(source), "--traces", str(traces), "--format", "json", "--no-cache", "--ignore", "TFA008"])
    assert ("TFA008", 12) not in {(f["code"], f["line"]) for f in json.loads(ignored.output)}


def test_scopes_merge_across_processes() -> None:
    from tfautofix.tracing.log import merge_scopes

    merged = merge_scopes([[{"file": "a.py", "lines": [3, 1], "functions": [{"line": 1, "qualname": "f"}]}],
                           [{"file": "a.py", "lines": [2]}, {"file": "b.py", "lines": [5]}]])
    assert merged == [{"file": "a.py", "lines": [1, 2, 3], "functions": [{"line": 1, "qualname": "f"}]},
                      {"file": "b.py", "lines": [5], "functions": []}]


def test_retrace_budget_config(tmp_path: Path) -> None:
    from tfautofix.config import ConfigError, load as load_config

    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[tool.tfautofix]\nretrace-budget = {train_step = 2}\n")
    assert load_config(pyproject).retrace_budget == (("train_step", 2),)
    pyproject.write_text("[tool.tfautofix]\nretrace-budget = {train_step = -1}\n")
    with pytest.raises(ConfigError, match="retrace-budget must be a table"):
        load_config(pyproject)


def test_functions_seen_at_trace_time_are_traced_code_for_the_rules(tmp_path: Path, monkeypatch) -> None:
    """A helper in a module without TensorFlow, traced from another module: the static rules
    analyse it as traced code (with their fixes) once the trace log says it ran at trace time."""
    monkeypatch.chdir(tmp_path)  # the log's relative paths are relative to where `trace` ran
    helper = tmp_path / "helpers.py"
    helper.write_text("import random\n\n\ndef jitter(x):\n    print('value', x)\n    return x + random.random()\n\n\ndef eager(x):\n    print(x)\n")
    data = log_json()
    data["scope"] = [{"file": "helpers.py", "lines": [5, 6], "functions": [{"line": 4, "qualname": "jitter"}]}]
    traces = tmp_path / "traces.json"
    traces.write_text(json.dumps(data))
    plain = CliRunner().invoke(app, ["check", str(helper), "--no-cache", "--format", "json"])
    assert json.loads(plain.output) == []
    result = CliRunner().invoke(app, ["check", str(helper), "--traces", str(traces), "--no-cache", "--format", "json"])
    found = [(f["code"], f["line"], {k: f["fix"][k] for k in ("applicability", "unknown")}, f.get("confirmed")) for f in json.loads(result.output)]
    # `x` is not proven a tensor: the draw's cast to its dtype is unsafe
    # nor a numeric one: the print's fix is unsafe too (closed world; the log holds no parameter dtypes here)
    assert found == [("TFA008", 5, {"applicability": "unsafe", "unknown": ["printed-values: `x` is not proven a numeric tensor"]}, True),
                     ("TFA002", 6, {"applicability": "unsafe", "unknown": ["uses-after: it takes the dtype of `x`, assumed to be a tensor or array"]}, True)]
    fixed = CliRunner().invoke(app, ["fix", str(helper), "--traces", str(traces), "--no-cache", "--unsafe-fixes"])
    assert "+    return x + tf.cast(tf.random.uniform([]), x.dtype)" in fixed.output and "print(x)" in helper.read_text()  # `eager` untouched


def test_explain_names_a_dtype_a_shape_and_a_python_int_of_one_function() -> None:
    """A recorded log (tests/data/traces): `explain` raised ValueError parsing 'float32' as a shape."""
    log = Path(__file__).parent / "data" / "traces" / "retrace_dtype_shape_int.json"
    result = CliRunner().invoke(app, ["explain", str(log)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "`x` shape [2, 3] → [4, 3] (batch dimension varies" in text
    assert "`x` dtype float32 → float64 (dtype varies" in text
    assert "`n` Python value 1 → 0 → 2 (each distinct value traces" in text


def test_an_argument_changing_dtype_and_shape_at_once_names_both() -> None:
    data = function_log(traces=[{"x": tensor([2, 3], "float32")}, {"x": tensor([4, 3], "float64")}])
    assert [line.text for line in report(from_json(log_json(data)).functions[0])] == [
        "retraced (0.010 s): arguments `x` dtype float32 → float64 (dtype varies; TFA004 → cast to one dtype at the call site)"
        " and `x` shape [2, 3] → [4, 3] (batch dimension varies; TFA004 → no automatic fix: an input_signature would reject"
        " observed calls (`x` is float32 and float64); reduce_retracing only generalises shapes, which did not cause these retraces)"
    ]


def test_stack_hint_only_for_lists_whose_length_varied() -> None:
    """One trace per list length, as a hint where no spec is given: `tf.ragged.stack` when only the
    first dimension differed (a tuple: no caller rewrite); nothing otherwise."""
    from tfautofix.tracing.signature import stack_hint

    def calls(*items_per_call, kind="list"):
        return [{"kind": kind, "items": list(items)} for items in items_per_call]

    ragged = calls([tensor([1])], [tensor([1]), tensor([2])], kind="tuple")
    assert "tf.ragged.stack(xs)" in stack_hint("xs", ragged) and "1 or 2" in stack_hint("xs", ragged)
    assert stack_hint("xs", calls([tensor([1])], [tensor([3])])) is None  # one length: shapes changed, not the length
    assert stack_hint("xs", calls([tensor([3])], [tensor([3]), tensor([3], "float64")])) is None
    assert stack_hint("xs", calls([tensor([3])], [tensor([3]), tensor([3, 1])])) is None
    assert stack_hint("xs", calls([tensor([3])], [tensor([3]), python(1)])) is None


def test_traces_add_no_finding_for_a_print_that_watches_tracing(tmp_path: Path) -> None:
    """Issue 28: `print("Tracing with", x)` is the idiom to watch tracing; plain `check` leaves it
    alone, and so does `check --traces` when the recorded run saw it print. Another print the run
    saw in traced code (outside any function `check` knows is traced) is still reported."""
    from tfautofix.engine import process_text
    from tfautofix.results import Options
    from tfautofix.tracing.log import TraceLog

    source = 'def f(x):\n    print("Tracing with", x)\n    print(\n        f"tracing {x}")\n    print(x)\n    return x\n'
    path = str(tmp_path / "model.py")
    log = TraceLog(events=[{"kind": "print", "file": path, "line": line, "function": "f", "detail": "print"} for line in (2, 4, 5)])
    result = process_text(path, source, Options(rules=("TFA008",), traces=log), fix=False)
    assert [(f.code, f.line) for f in result.findings] == [("TFA008", 5)]


# -- composite signatures (issue 29) --------------------------------------------------

def _signed(source: str, *traces, candidate: int = 0) -> tuple[str, list]:
    """The source with TFA004's fix (or its ``candidate``-th alternative) for ``traces`` of ``f`` (line 4)."""
    log = from_json(log_json(function_log("f", line=4, traces=list(traces))))
    rule = rule_by_code("TFA004")
    findings = lint_source(source, [rule], "model.py", traces=log)
    pick = (lambda f: f.candidates[candidate]) if candidate else None
    fixed = fix_source(source, [rule], "model.py", unsafe_fixes=True, traces=log, choose=pick)[0]
    return "".join(fixed.split()), findings  # without whitespace: lines wrapped as ruff format does


def _function(body: str, params: str = "x") -> str:
    return f"import tensorflow as tf\n\n\n@tf.function\ndef f({params}):\n    {body}\n"


def test_plan_gives_a_list_of_tensors_of_one_length_a_spec_per_item() -> None:
    """A list whose length and per-position dtypes never changed is described item by item;
    a list whose length or an item's dtype changed is not (one trace per structure)."""
    def decided(*calls):
        return plan(from_json(log_json(function_log(traces=[{"xs": {"kind": "list", "items": c}} for c in calls]))).functions[0])

    batch = decided([tensor([4, 6]), tensor([3], "int32")], [tensor([7, 6]), tensor([3], "int32")])
    (xs,) = batch.signature
    assert batch.kind == "input_signature" and xs.container == "list"
    assert [(i.shape, i.dtype) for i in xs.items] == [([None, 6], "float32"), ([3], "int32")]
    (stacked,) = decided([tensor([4])], [tensor([4]), tensor([4])]).signature  # the length varied: TensorFlow packs the list
    assert (stacked.shape, stacked.stacked, stacked.items) == ([None, 4], "list", ())
    (ragged,) = decided([tensor([4])], [tensor([4]), tensor([2])]).signature  # first dimensions differ: ragged
    assert (ragged.shape, ragged.stacked, ragged.ragged_rank) == ([None, None], "ragged", 1)
    assert decided([tensor([4])], [tensor([4], "float64")]).kind != "input_signature"  # an item's dtype varied


def test_tfa004_writes_a_nested_signature_for_a_list_of_tensors() -> None:
    stacked = _function("return tf.stack(views, axis=1)", "views")
    three = [{"views": {"kind": "list", "items": [tensor([b, 6])] * 3}} for b in (4, 7)]
    fixed, _ = _signed(stacked, *three)
    assert "@tf.function(input_signature=[[tf.TensorSpec(shape=[None,6],dtype=tf.float32)]*3])" in fixed
    mixed = [{"views": {"kind": "tuple", "items": [tensor([b, 6]), tensor([], "int32")]}} for b in (4, 7)]
    fixed, _ = _signed(stacked, *mixed)
    assert "(tf.TensorSpec(shape=[None,6],dtype=tf.float32),tf.TensorSpec(shape=[],dtype=tf.int32))" in fixed.replace(",)", ")")
    indexed = _function("return views[0].shape[0] * views[1]", "views")  # its tensors' static shapes are read
    fixed, (finding,) = _signed(indexed, *three)
    assert fixed == "".join(indexed.split()) and finding.fix is None and "uses in Python (`views[0]`)" in finding.message


@pytest.mark.parametrize(("dtype", "body", "written"), [
    ("float32", "return tf.reduce_sum(x, axis=0) / x.shape[0]", "/ tf.cast(tf.shape(x)[0], tf.float32)"),
    ("float64", "return tf.reduce_mean(x) * (x.shape[0] - 1)", "* tf.cast(tf.shape(x)[0] - 1, tf.float64)"),
    ("float16", "return tf.maximum(tf.abs(x), len(x))", "tf.maximum(tf.abs(x), tf.cast(tf.shape(x)[0], tf.float16))"),
    ("int32", "return tf.reduce_sum(x) // x.shape[0]", "tf.reduce_sum(x) // tf.shape(x)[0]"),  # int32 meets int32
    ("int64", "return tf.cast(x, tf.float32) / tf.convert_to_tensor(x.shape[0], dtype=tf.float32)",
     "tf.convert_to_tensor(tf.cast(tf.shape(x)[0], tf.float32), dtype=tf.float32)"),
])
def test_tfa004_casts_a_static_dimension_to_the_dtype_of_the_tensor_it_meets(dtype, body, written) -> None:
    """Issue 29: the Python int became the other operand's dtype (or the `dtype=` the op was
    told); under the signature the dimension is None, so `tf.shape` cast to that dtype."""
    fixed, (finding,) = _signed(_function(body), {"x": tensor([4, 3], dtype)}, {"x": tensor([5, 3], dtype)})
    assert f"dtype=tf.{dtype})])" in fixed and "".join(written.split()) in fixed
    assert finding.alternatives == ()


def test_tfa004_offers_candidate_casts_when_the_dtype_met_is_not_known() -> None:
    """`tf.convert_to_tensor(W)`'s dtype is not known statically: float32 is written, the others are
    tried by `fix --verify` (int32 needs no cast)."""
    source = _function("return tf.convert_to_tensor(W) / x.shape[0]")
    calls = ({"x": tensor([4, 3])}, {"x": tensor([5, 3])})
    fixed, (finding,) = _signed(source, *calls)
    assert "/tf.cast(tf.shape(x)[0],tf.float32)" in fixed
    assert [c.label for c in finding.candidates] == [f"casts to tf.{d}" for d in ("float32", "int32", "int64", "float64")]
    assert "/tf.shape(x)[0]" in _signed(source, *calls, candidate=1)[0]
    assert "/tf.cast(tf.shape(x)[0],tf.float64)" in _signed(source, *calls, candidate=3)[0]
    # a Python float met: no tensor dtype to cast to, and the result stays a Python float
    assert _signed(_function("return x * (2.5 / x.shape[0])"), *calls)[1][0].fix is None


def test_tfa004_python_number_spec_dtype_is_proven_by_the_trace_or_a_candidate() -> None:
    """A Python number whose every use the trace log saw converted to float32 gets a float32
    spec; without that proof (`1.0 - lam` is Python arithmetic) float32 is a candidate, float64
    the other (a float never becomes an integer tensor), an int also gets the integer dtypes."""
    source = _function("return lam * x + (1.0 - lam)", "x, lam")
    calls = [{"x": tensor([3]), "lam": python(v)} for v in (0.2, 0.5)]
    fixed, (finding,) = _signed(source, *calls)
    assert "tf.TensorSpec(shape=[],dtype=tf.float32)" in fixed
    assert [c.label for c in finding.candidates] == ["`lam`: tf.float32", "`lam`: tf.float64"]
    assert "tf.TensorSpec(shape=[],dtype=tf.float64)" in _signed(source, *calls, candidate=1)[0]
    ints = [{"x": tensor([3]), "lam": python(v)} for v in (300, 500)]
    assert [c.label for c in _signed(source, *ints)[1][0].candidates] == [
        f"`lam`: tf.{d}" for d in ("float32", "int32", "int64", "float64")]
    proven = _function("return lam * x", "x, lam")
    log = log_json(function_log("f", line=4, traces=calls))
    for trace in log["functions"][0]["traces"]:
        trace["converted"] = {"lam": [{"file": "model.py", "line": 6, "dtype": "float32", "count": 1, "elementwise": True}]}
    (finding,) = lint_source(proven, [rule_by_code("TFA004")], "model.py", traces=from_json(log))
    assert finding.fix is not None and finding.alternatives == () and not finding.fix.unknown
