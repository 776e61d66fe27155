"""`tfautofix trace` on real programs: counts, explanations, merging, exit codes, fixes.

Three traced runs share one module fixture (two of them in parallel): the
scenario script (two processes), a pytest run, and the scenario script again
after `fix --traces --write`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tfautofix.tracing.log import load
from tfautofix.tracing.signature import common_shape

SCENARIOS = Path(__file__).parent / "tracing_scenarios"
pytestmark = pytest.mark.tensorflow


def tfautofix(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfautofix", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def traced_run(workdir: Path, tag: str) -> dict:
    completed = tfautofix("trace", "--output", f"{tag}.json", "--", sys.executable, "retracing.py", f"{tag}-counts.json", cwd=workdir)
    return {
        "completed": completed,
        "log": load(workdir / f"{tag}.json"),
        "tf": json.loads((workdir / f"{tag}-counts.json").read_text()),
    }


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict:
    workdir = tmp_path_factory.mktemp("traced")
    for name in ("retracing.py", "child.py", "test_model.py"):
        shutil.copy(SCENARIOS / name, workdir / name)
    with ThreadPoolExecutor(2) as pool:
        before = pool.submit(traced_run, workdir, "before")
        under_pytest = pool.submit(
            tfautofix, "trace", "-o", "pytest.json", "--", sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_model.py",
            cwd=workdir,
        )
        results = {"before": before.result(), "pytest": under_pytest.result()}
    original = (workdir / "retracing.py").read_text()
    results["fix"] = tfautofix("fix", "retracing.py", "--traces", "before.json", "--unsafe-fixes", "--write", "--no-verify", "--select", "TFA004", cwd=workdir)
    results["fixed_source"] = (workdir / "retracing.py").read_text()
    results["after"] = traced_run(workdir, "after")
    results["explain"] = tfautofix("explain", "before.json", cwd=workdir)
    results["workdir"] = workdir
    assert results["fixed_source"] != original
    return results


def by_name(log) -> dict:
    return {f.qualname: f for f in log.functions}


def test_exit_code_is_the_commands_and_processes_are_merged(runs) -> None:
    before = runs["before"]
    assert before["completed"].returncode == 3, before["completed"].stderr[-2000:]
    log = before["log"]
    assert len(log.processes) == 2
    child = by_name(log)["child_step"]
    assert child.file.endswith("child.py") and len(child.traces) == 2 and {t["process"] for t in child.traces} == {1}
    assert {t["process"] for t in by_name(log)["step"].traces} == {0}
    assert "tf.function traces (2 process(es))" in before["completed"].stderr


def test_recorded_trace_counts_equal_tensorflows(runs) -> None:
    functions = by_name(runs["before"]["log"])
    recorded = {name: len(functions[name].traces) for name in runs["before"]["tf"]["counts"]}
    assert recorded == runs["before"]["tf"]["counts"]
    # The counts the scenarios are known for (PRODUCT.md and TensorFlow's own tests).
    assert recorded == {
        "step": 3, "power": 8, "double": 2, "train_step": 4, "relaxed": 3,
        "collide": 3, "nested": 3, "read": 2, "Counter.add": 4,
    }
    assert functions["step"].calls == 4 and functions["power"].calls == 8
    assert functions["Counter.add"].instances == 2 and functions["Counter.add"].max_traces == 2


def test_trace_specs_and_causes(runs) -> None:
    functions = by_name(runs["before"]["log"])
    step = functions["step"].traces
    assert [t["parameters"]["x"]["shape"] for t in step] == [[10, 5], [20, 5], [30, 5]]
    assert [t["changed"] for t in step] == [None, ["x"], ["x"]]
    power = functions["power"].traces
    assert [t["parameters"]["n"] for t in power][:2] == [
        {"kind": "python", "type": "int", "value": 1}, {"kind": "python", "type": "int", "value": 2},
    ]
    assert all(t["changed"] in (None, ["n"]) for t in power)
    model_specs = [t["parameters"]["model"] for t in functions["train_step"].traces]
    assert {s["kind"] for s in model_specs} == {"object"} and len({s["id"] for s in model_specs}) == 1
    assert [t["parameters"]["x"]["shape"] for t in functions["relaxed"].traces] == [[1], [None], None]  # a new rank generalises to an unknown shape
    assert [t["parameters"]["v"]["kind"] for t in functions["read"].traces] == ["variable", "variable"]
    assert [t["parameters"]["xs"]["kind"] for t in functions["nested"].traces] == ["list", "list", "tuple"]


def test_common_shape_generalises_like_tensorflow(runs) -> None:
    for case in runs["before"]["tf"]["supertypes"]:
        assert common_shape(case["shapes"]) == case["tensorflow"], case


def test_explain_names_argument_change_and_rule(runs) -> None:
    text = runs["explain"].stdout
    assert runs["explain"].returncode == 0
    text = re.sub(r" \(\d+\.\d+ s\):", ":", text)  # the time each group of retraces cost
    assert "retraced 2× at retracing.py:74: argument `x` shape [10, 5] → [20, 5] → [30, 5] (batch dimension varies; TFA004 → input_signature [None, 5])" in text
    assert "retraced 7× at retracing.py:76: argument `n` Python value 1 → 2 → ... → 8 (each distinct value traces; TFA007 → pass a tensor" in text
    assert "argument `x` dtype float32 → float64 (dtype varies; TFA004 → cast to one dtype at the call site)" in text
    assert "argument `xs` kind list of 3 → tuple of 2 (passed as different kinds" in text
    assert ("arguments `x` shape [4, 3] → [8, 3] → [16, 3] → [32, 3] (batch dimension varies) and `y` shape [4, 1] → [8, 1] → [16, 1] → [32, 1] "
            "(batch dimension varies; TFA004 → reduce_retracing=True)") in text  # both arguments changed at each retrace: one line
    assert "retraced at child.py:12: argument `x` shape [2] → [3]" in text  # the second process's call site


def test_fix_from_traces_stops_retracing(runs) -> None:
    fixed = runs["fixed_source"]
    assert "@tf.function(input_signature=[tf.TensorSpec(shape=[None, 5], dtype=tf.float32)])\ndef step" in fixed
    def flat(text: str) -> str:  # generated lines are wrapped at 88 columns: compare without layout
        return re.sub(r",(?=[\])])", "", re.sub(r"\s+", "", text))

    assert flat("@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32), tf.TensorSpec(shape=[], dtype=tf.int32)])\ndef power") in flat(fixed)
    assert "@tf.function(reduce_retracing=True)\ndef train_step" in fixed
    assert "@tf.function\ndef double" in fixed  # a dtype split: reported, not "fixed" with reduce_retracing
    after = runs["after"]
    assert after["completed"].returncode == 3, after["completed"].stderr[-2000:]
    counts = after["tf"]["counts"]
    assert (counts["step"], counts["power"], counts["double"]) == (1, 1, 2)
    assert counts["train_step"] < runs["before"]["tf"]["counts"]["train_step"]
    assert {name: len(f.traces) for name, f in by_name(after["log"]).items() if name in counts} == counts


def test_dtype_split_is_explained_without_claiming_reduce_retracing(runs) -> None:
    check = tfautofix("check", "retracing.py", "--traces", "before.json", "--select", "TFA004", "--format", "json", cwd=runs["workdir"])
    findings = {f["message"].split("`")[1]: f for f in json.loads(check.stdout)}
    double = findings["double"]
    assert double["fix"] is None
    assert "reduce_retracing only generalises shapes, which did not cause these retraces" in double["message"]
    assert check.returncode == 1


def test_pytest_as_the_command(runs) -> None:
    completed = runs["pytest"]
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-2000:]
    log = load(runs["workdir"] / "pytest.json")
    normalise = by_name(log)["normalise"]
    assert len(normalise.traces) == 3 and normalise.calls == 3
    assert log.command[-1] == "test_model.py"


def test_missing_tensorflow_is_one_line(tmp_path: Path) -> None:
    """Hide TensorFlow from the tfautofix process: `trace` must say which extra to install."""
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "sitecustomize.py").write_text(
        "import importlib.machinery, sys\n"
        "class Hide(importlib.machinery.PathFinder):\n"
        "    @classmethod\n"
        "    def find_spec(cls, name, path=None, target=None):\n"
        "        if name == 'tensorflow':\n"
        "            raise ModuleNotFoundError(name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Hide)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(shadow), os.environ.get("PYTHONPATH", "")]))
    completed = subprocess.run(
        [sys.executable, "-m", "tfautofix", "trace", "--", sys.executable, "-c", "pass"],
        cwd=tmp_path, capture_output=True, text=True, env=env,
    )
    assert completed.returncode == 2
    assert completed.stderr.strip().splitlines() == [
        "error: TensorFlow is not installed; `trace` runs your code with it: pip install 'tfautofix[tf]'"
    ]
