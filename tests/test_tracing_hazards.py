"""Trace-time observation on a real program: every hazard event at the user's line,
`explain`, the retrace-budget gate and `check --traces`, from ONE traced process
(tests/tracing_scenarios/hazards.py exercises all scenarios)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfautofix.tracing.log import load

SCENARIOS = Path(__file__).parent / "tracing_scenarios"
pytestmark = pytest.mark.tensorflow


def tfautofix(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfautofix", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def marker(name: str, file: str = "hazards.py") -> int:
    """The line of ``# <- name`` in the scenario script."""
    lines = (SCENARIOS / file).read_text().splitlines()
    (line,) = [n for n, text in enumerate(lines, 1) if f"# <- {name}" in text]
    return line


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> dict:
    workdir = tmp_path_factory.mktemp("hazards")
    for name in ("hazards.py", "hazard_helpers.py"):
        shutil.copy(SCENARIOS / name, workdir / name)
    (workdir / "pyproject.toml").write_text("[tool.tfautofix]\nretrace-budget = {countdown = 2, unbox = 2, train_function = 0}\n")
    traced = tfautofix("trace", "--max-retraces", "1", "--", sys.executable, "hazards.py", cwd=workdir)
    log = load(workdir / ".tfautofix" / "traces.json")
    return {
        "workdir": workdir, "traced": traced, "log": log,
        "functions": {f.qualname: f for f in log.functions},
        "explain": tfautofix("explain", ".tfautofix/traces.json", cwd=workdir),
        "check": tfautofix("check", "hazards.py", "hazard_helpers.py", "--traces", ".tfautofix/traces.json", "--format", "json", "--no-cache", cwd=workdir),
    }


def events(function) -> list[tuple[str, str, int]]:
    return [(e["kind"], e["file"], e["line"]) for t in function.traces for e in t.get("events", ())]


def test_budget_gate_fails_a_successful_command_with_the_explanation(run) -> None:
    traced = run["traced"]
    assert traced.returncode == 3, traced.stderr[-3000:]
    over = [line for line in traced.stderr.splitlines() if line.startswith("retrace budget exceeded")]
    # --max-retraces 1 for all; countdown and unbox may retrace twice, Keras's train function never.
    assert over == [
        "retrace budget exceeded: `TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator` retraced 1 time(s), 0 allowed",
        "retrace budget exceeded: `TensorFlowTrainer._make_function.<locals>.one_step_on_data` retraced 1 time(s), 0 allowed",
    ]
    assert f"called from hazards.py:{marker('fit')}" in traced.stderr
    log = run["log"]
    recorded = len(log.events) + sum(len(t.get("events", ())) + ("error" in t) for f in log.functions for t in f.traces)
    assert recorded >= 15 and f"retraced; {recorded} trace-time event(s) (hazards, crashed traces)" in " ".join(traced.stderr.split())


def test_each_hazard_is_recorded_at_the_users_line(run) -> None:
    functions = run["functions"]
    assert events(functions["augment"]) == [("random", "hazard_helpers.py", marker("drawn once, at trace time", "hazard_helpers.py"))]
    assert ("variable", "hazards.py", marker("layer")) in events(functions["traced_loss"])
    assert ("variable", "hazards.py", marker("optimizer")) in events(functions["train_step"])
    assert events(functions["scaled"]) == [("global", "hazards.py", marker("global"))]
    assert events(functions["collect"]) == [("mutation", "hazards.py", marker("append"))]
    assert events(functions["configured"]) == [("open", "hazards.py", marker("open"))]
    assert events(functions["noisy"]) == [("print", "hazards.py", marker("print")), ("random", "hazards.py", marker("numpy"))]
    assert {e[:2] + (e[2],) for e in events(functions["countdown"])} == {("recursion", "hazards.py", marker("recursion"))}
    creators = {e.get("creator") for f in (functions["traced_loss"], functions["train_step"]) for t in f.traces for e in t.get("events", ())}
    assert {c.split()[0] + " " + c.split()[1] for c in creators if c} == {"layer Dense", "optimizer Adam"}
    loose = {(e["kind"], e["file"], e["line"], e["function"]) for e in run["log"].events}  # traced by Dataset.map
    assert loose == {("random", "hazards.py", marker("map random"), "<lambda>"),
                     ("print", "hazard_helpers.py", marker("map print", "hazard_helpers.py"), "shift")}
    scaled_detail = functions["scaled"].traces[0]["events"][0]["detail"]
    assert f"rebound before the call at hazards.py:{marker('rebind') + 1}" in scaled_detail


def test_first_call_variables_and_crashes(run) -> None:
    functions = run["functions"]
    first = functions["traced_loss"].traces[0]
    assert first["variables"] == 2 and first["creators"] == ["layer Dense 'dense'"] and "error" not in first
    assert all(t["error"]["type"] == "ValueError" and t["error"]["line"] == marker("layer") for t in functions["traced_loss"].traces[1:])
    (crash,) = functions["positive"].traces
    assert (crash["error"]["type"], crash["error"]["file"], crash["error"]["line"]) == ("OperatorNotAllowedInGraphError", "hazards.py", marker("crash"))
    assert functions["positive"].options["autograph"] is False and functions["augment"].options["autograph"] is True


def test_objects_are_labelled_by_identity_not_address(run) -> None:
    traces = run["functions"]["unbox"].traces
    assert [t["changed"] for t in traces] == [None, ["box"], ["box"]]
    assert len({t["parameters"]["box"]["id"] for t in traces}) == 3


def test_call_sites_map_keras_functions_to_the_users_fit_and_predict(run) -> None:
    library = [f for f in run["log"].functions if f.library]
    sites = {(t["call_site"]["calls"], t["call_site"]["line"]) for f in library for t in f.traces}
    assert sites == {("fit", marker("fit")), ("predict", marker("predict"))}
    assert all(not f.file.startswith("/") for f in run["log"].functions if not f.library)  # project-relative


def test_observed_scope_spans_modules(run) -> None:
    scope = {entry["file"]: entry for entry in run["log"].scope}
    assert marker("drawn once, at trace time", "hazard_helpers.py") in scope["hazard_helpers.py"]["lines"]
    assert "jitter" in {f["qualname"] for f in scope["hazard_helpers.py"]["functions"]}
    assert marker("layer") in scope["hazards.py"]["lines"]
    assert marker("rebuilt") not in scope["hazards.py"]["lines"]  # eager code is not traced scope


def test_explain(run) -> None:
    text = run["explain"].stdout
    assert run["explain"].returncode == 0
    assert f"hazards.py:{marker('crash')}: trace raised OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a Python `bool` is not allowed [TFA003]" in text
    assert "traced again after the first call created 2 variable(s) by layer Dense 'dense': expected once, not a signature problem" in text
    assert f"Keras train_function (one_step_on_data)  called from hazards.py:{marker('fit')}" in text
    assert f"Keras predict_function (one_step_on_data_distributed)  called from hazards.py:{marker('predict')}" in text
    assert "argument `optimizer` object Adam#" in text and "(a new object; TFA004 → create the object once and reuse it" in text
    assert "argument `n` Python value 0 → 1 (each distinct value traces; TFA007 → pass a tensor" in text
    assert f"hazard_helpers.py:{marker('map print', 'hazard_helpers.py')}: print() ran once, at trace time (in `shift`) [TFA008]" in text


def test_check_reports_each_hazard_at_the_users_line_confirmed(run) -> None:
    findings = json.loads(run["check"].stdout)
    confirmed = {(f["path"], f["code"], f["line"]) for f in findings if f.get("confirmed")}
    expected = {
        ("hazard_helpers.py", "TFA002", marker("drawn once, at trace time", "hazard_helpers.py")),
        ("hazards.py", "TFA001", marker("layer")),
        ("hazards.py", "TFA001", marker("optimizer")),
        ("hazards.py", "TFA012", marker("global")),
        ("hazards.py", "TFA012", marker("append")),
        ("hazards.py", "TFA012", marker("open")),
        ("hazards.py", "TFA008", marker("print")),
        ("hazards.py", "TFA002", marker("numpy")),
        ("hazards.py", "TFA002", marker("map random")),
        ("hazard_helpers.py", "TFA008", marker("map print", "hazard_helpers.py")),
    }
    assert expected <= confirmed, sorted(expected - confirmed)
    # The helpers in another module are traced code for the static rules too: their fixes apply
    # (the draw meets a parameter not proven a tensor: its cast to `x.dtype` is unsafe).
    # The print is in a Dataset.map function (tf.data traces it even eagerly: print runs once there too): no fix;
    # the draw takes the dtype of a parameter not proven a tensor: unsafe.
    helpers = {(f["code"], f["line"]): (f["fix"] or {}).get("applicability") for f in findings if f["path"] == "hazard_helpers.py"}
    assert helpers == {("TFA002", marker("drawn once, at trace time", "hazard_helpers.py")): "unsafe",
                       ("TFA008", marker("map print", "hazard_helpers.py")): None}
    predict_in_loop = [f for f in findings if f["code"] == "TFA011"]
    # the scenario's `for rows in (8, 16)` makes two predict calls: TFA011 leaves loops of at most 10 calls alone
    assert not predict_in_loop
