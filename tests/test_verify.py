"""``fix --verify``: verdicts from executing fixes (tfautofix.verify.fixes / command).

Planted rewrites — right and wrong, as a rule might write them — are run like
real fixes: the original eagerly (oracle) and compiled, the rewrite compiled.
Wrong ones must be caught (``changed``/``broken``), right ones pass. The
TensorFlow runs are batched: all planted module cases share one process per mode.
"""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tfautofix import verify
from tfautofix.cli import app
from tfautofix.verify import Job, TensorFlowMissing, run_exercises, verdict
from tfautofix.verify.command import Run, _judge, verify_with_command
from tfautofix.verify.fixes import Candidate, verify_candidates
from tfautofix.verify.replay import replayable

PROJECT = Path(__file__).parent / "verify_project"


def _src(text: str) -> str:
    return textwrap.dedent(text).lstrip()


def _result(value, traces=1, error=None, stdout=""):
    return {"value": value, "traces": traces, "error": error, "stdout": stdout}


# -- verdicts from run results (no TensorFlow) ----------------------------------


@pytest.mark.parametrize(
    "contract, oracle, before, after, kind, detail",
    [
        ("exact", _result([1, 2]), _result([1, 2], 2), _result([1, 2], 2), "verified", "traces 2 → 2"),
        ("exact", _result([1, 2]), _result([1, 2], 8), _result([1, 2], 1), "improved", "traces 8 → 1"),
        ("exact", _result([1, 2]), _result([1, 2], 1), _result([2, 1], 1), "changed", "value[0]: 2 instead of 1"),
        ("exact", _result([1, 2]), _result([1, 2], 1), _result([1, 2], 3), "changed", "more traces: traces 1 → 3"),
        ("exact", _result([1]), _result(None, 1, "ValueError: x"), _result([1], 1), "verified", "the original raised"),
        ("exact", _result([1]), _result([1]), _result(None, 1, "TypeError: y"), "broken", "TypeError: y"),
        ("exact", _result(None, 0, "KeyError: z"), _result([1]), _result([1]), "unverifiable", "raises eagerly"),
        ("side-effect", _result([1], 0, None, "a\nb\n"), _result([1], 1, None, "a\n"), _result([1], 1, None, "a\n"), "changed", "printed 1 value(s) instead of 2"),
        ("distribution", _result([0.5] * 10), _result([0.5] * 10), _result([0.1] * 10), "changed", "0.1 instead of 0.5"),
        ("distribution", _result([i / 30 for i in range(30)]), _result([0.5] * 30), _result([0.1] * 30), "changed", "frozen"),
        ("exact", _result([1]), _result([1]), _result([1], 1, None), "verified", "traces"),
    ],
)
def test_verdict_kinds(contract, oracle, before, after, kind, detail) -> None:
    result = verdict(contract, oracle, before, after)
    assert result.kind == kind
    assert detail in result.detail


@pytest.mark.parametrize(
    "after_error, blame, kind, detail",
    [
        # Both fail compiled: the rewrite's error in its own lines, or elsewhere, is the fix's.
        ("TypeError: t", ("fix", "at line 3, a line the fix wrote"), "broken", "TypeError: t (at line 3, a line the fix wrote; the original raised compiled: ValueError: x)"),
        ("TypeError: t", None, "broken", "where the original compiled did not"),
        # Still the original's failure (or another finding's): the fix ran, it is not blamed, and not `unverifiable`.
        ("ValueError: x", None, "changed", "still fails compiled as the original does: ValueError: x"),
        ("TypeError: t", ("original", " at line 9 where another finding is left unfixed"), "changed", "still fails compiled at line 9 where another finding"),
    ],
)
def test_verdict_when_both_fail_compiled(after_error, blame, kind, detail) -> None:
    result = verdict("exact", _result([1]), _result(None, 1, "ValueError: x"), _result(None, 1, after_error), blame=blame)
    assert (result.kind, detail in result.detail) == (kind, True), str(result)


def test_blame_from_where_each_run_raised() -> None:
    from tfautofix.verify.fixes import blame

    original = "a = 1\nb = f(a)\nc = g(b)\nd = h(c)\n"
    fixed = "a = 1\nb = tf.f(a)\nc = g(b)\nd = h(c)\n"
    before = {"error": "ValueError: x", "sites": [["/tmp/lib.py", 7], ["/src/m.py", 2]]}

    def after(line, error="TypeError: t"):
        return {"error": error, "sites": [["/work/fixed/m.py", line], ["/tmp/lib.py", 9]]}

    candidate = Candidate("/src/m.py", original, fixed, pending=(4,))
    assert blame(candidate, before, after(2), "/work/fixed/m.py") == ("fix", "at line 2, a line the fix wrote")
    assert blame(candidate, before, after(3), "/work/fixed/m.py") == ("fix", "at line 3, where the original compiled did not raise")
    assert blame(candidate, before, after(4), "/work/fixed/m.py")[0] == "original"  # another finding's line
    unchanged = Candidate("/src/m.py", original, original.replace("d = h(c)", "d = tf.h(c)"))
    assert blame(unchanged, before, after(2, "ValueError: x"), "/work/fixed/m.py") == ("original", "")
    assert blame(unchanged, before, after(2, "TypeError: x"), "/work/fixed/m.py")[0] == "fix"  # another error there
    assert blame(candidate, before, {"error": "E: e", "sites": []}, "/work/fixed/m.py") is None


def _run(returncode, calls=None, traces=None) -> Run:
    return Run(returncode, calls or {}, traces or {})


def _call(value, lines=0, error=None):
    return {"value": value, "lines": lines, "error": error}


@pytest.mark.parametrize(
    "oracle, before, after, kind, detail",
    [
        (_run(None), _run(0), _run(0), "unverifiable", "did not finish in 5 s eagerly"),
        (_run(0), _run(0), _run(None), "broken", "did not finish in 5 s with the fixes"),
        (_run(0), _run(0), _run(1), "changed", "the command fails with the fixes (exit 1)"),
        (_run(0, {"m.py:f": [_call(1, 1)] * 3}), _run(0, {"m.py:f": [_call(1)] * 3}, {"m.py:f": 1}),
         _run(0, {"m.py:f": [_call(1, 1)] * 3}, {"m.py:f": 1}), "verified", "traces 1 → 1"),
        (_run(0, {"m.py:f": [_call(1, 1)] * 3}), _run(0, {"m.py:f": [_call(1)] * 3}, {"m.py:f": 1}),
         _run(0, {"m.py:f": [_call(1)] * 3}, {"m.py:f": 1}), "changed", "printed 0 line(s) instead of 3"),
        (_run(0, {"m.py:f": [_call(1)]}), _run(0), _run(1, {"m.py:f": [_call(None, 0, "ValueError: v")]}), "broken", "ValueError: v"),
        # Failing tests that also failed without the fix are not the fix's fault.
        (_run(1, {"m.py:f": [_call(1)]}), _run(1, {"m.py:f": [_call(1)]}, {"m.py:f": 4}),
         _run(1, {"m.py:f": [_call(1)]}, {"m.py:f": 1}), "improved", "traces 4 → 1"),
    ],
)
def test_command_verdicts(oracle, before, after, kind, detail) -> None:
    result = _judge("side-effect", "m.py", oracle, before, after, timeout=5)
    assert result is not None and result.kind == kind
    assert detail in result.detail


def test_command_that_never_calls_the_file_gives_no_verdict() -> None:
    assert _judge("exact", "m.py", _run(0, {"other.py:f": [_call(1)]}), _run(0), _run(0), timeout=5) is None


# -- the CLI without TensorFlow -------------------------------------------------

NO_EXERCISE = _src(
    """
    import tensorflow as tf

    @tf.function
    def step(x):
        print("x", tf.reduce_sum(x))
        return x
    """
)


def test_write_verify_keeps_back_what_it_cannot_verify(tmp_path: Path) -> None:
    target = tmp_path / "step.py"
    target.write_text(NO_EXERCISE, encoding="utf-8")
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["fix", str(target), "--write", "--verify", "--report", str(report)])
    assert result.exit_code == 1, result.output
    assert target.read_text(encoding="utf-8") == NO_EXERCISE
    assert "not written, unverifiable" in result.output
    (entry,) = json.loads(report.read_text(encoding="utf-8"))["findings"]
    assert (entry["code"], entry["verdict"], entry["applied"]) == ("TFA008", "unverifiable", False)

    result = CliRunner().invoke(app, ["fix", str(target), "--write", "--verify", "--unsafe-fixes"])
    assert result.exit_code == 0, result.output
    assert "tf.print" in target.read_text(encoding="utf-8")


def test_report_has_no_verdict_without_verify(tmp_path: Path) -> None:
    target = tmp_path / "step.py"
    target.write_text(NO_EXERCISE, encoding="utf-8")
    report = tmp_path / "report.json"
    CliRunner().invoke(app, ["fix", str(target), "--report", str(report)])
    (entry,) = json.loads(report.read_text(encoding="utf-8"))["findings"]
    assert "verdict" not in entry and entry["applied"] is True


def test_missing_tensorflow_is_a_one_line_error(tmp_path: Path, monkeypatch) -> None:
    python = shutil.which("python3", path="/usr/bin")
    if python is None:
        pytest.skip("needs a Python without TensorFlow")
    monkeypatch.setattr(sys, "executable", python)
    module = tmp_path / "m.py"
    module.write_text("def exercise():\n    return 1\n", encoding="utf-8")
    try:
        run_exercises([Job("m", str(module), "graph")])
    except TensorFlowMissing as error:
        assert str(error) == "TensorFlow is not installed: pip install 'tfautofix[tf]'"
    except RuntimeError as error:  # that Python cannot even run the runner
        pytest.skip(str(error))
    else:
        pytest.skip("that Python has TensorFlow")
    target = tmp_path / "step.py"
    target.write_text(NO_EXERCISE + "\n\ndef exercise():\n    return [step(1)]\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["fix", str(target), "--verify"])
    assert result.exit_code == 2
    assert "TensorFlow is not installed: pip install 'tfautofix[tf]'" in result.output
    assert "Traceback" not in result.output


def test_exercise_outside_the_project_is_a_one_line_error(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "step.py"
    target.write_text(NO_EXERCISE, encoding="utf-8")
    (tmp_path / "project").mkdir()
    monkeypatch.chdir(tmp_path / "project")
    result = CliRunner().invoke(app, ["fix", str(target), "--exercise", "true"])
    assert result.exit_code == 2
    assert "is outside it; run tfautofix from the project root" in result.output


# -- planted rewrites, executed with TensorFlow ----------------------------------

RANDOM = _src(
    """
    import random
    import tensorflow as tf

    @tf.function
    def draw():
        return tf.constant(random.random())

    def exercise():
        return [draw() for _ in range(600)]
    """
)
BRANCH = _src(
    """
    import tensorflow as tf

    @tf.function
    def scale(x):
        if x > 0:
            return x * 2.0
        return -x

    def exercise():
        return [scale(tf.constant(v)) for v in (-2.0, -1.0, 1.0, 3.0)]
    """
)
VARIABLE = _src(
    """
    import tensorflow as tf

    @tf.function
    def total(x):
        acc = tf.Variable(0.0)
        acc.assign_add(x)
        return acc.read_value()

    def exercise():
        return [total(tf.constant(v)) for v in (1.0, 2.0, 3.0)]
    """
)
SCALAR = _src(
    """
    import tensorflow as tf

    @tf.function
    def power(x, n):
        return x ** n

    def exercise():
        return [power(tf.constant(2.0), n) for n in range(1, 9)]
    """
)
PRINT = _src(
    """
    import tensorflow as tf

    @tf.function
    def step(x):
        print("x", x)
        return x + 1

    def exercise():
        return [step(tf.constant(i)) for i in range(3)]
    """
)

# name: (contract, original, rewrite, expected verdict, a word of its detail)
PLANTED = {
    "random_right": ("distribution", RANDOM, RANDOM.replace("tf.constant(random.random())", "tf.random.uniform([])"), "verified", "traces"),
    "random_wrong_distribution": ("distribution", RANDOM, RANDOM.replace("tf.constant(random.random())", "tf.random.normal([])"), "changed", "mean"),
    "branch_right": ("exact", BRANCH, BRANCH.replace("if x > 0:\n        return x * 2.0\n    return -x", "return tf.cond(x > 0, lambda: x * 2.0, lambda: -x)"), "verified", "traces"),
    "branch_swapped": ("exact", BRANCH, BRANCH.replace("if x > 0:\n        return x * 2.0\n    return -x", "return tf.cond(x > 0, lambda: -x, lambda: x * 2.0)"), "changed", "value[0]"),
    "variable_hoist_resets": ("exact", VARIABLE, VARIABLE.replace("    acc = tf.Variable(0.0)\n", "    acc.assign(0.0)\n").replace("@tf.function", "acc = tf.Variable(0.0)\n\n@tf.function"), "verified", "the original raised"),
    "variable_hoist_persists": ("exact", VARIABLE, VARIABLE.replace("    acc = tf.Variable(0.0)\n", "").replace("@tf.function", "acc = tf.Variable(0.0)\n\n@tf.function"), "changed", "value[1]"),
    "scalar_to_tensor": ("exact", SCALAR, SCALAR.replace("power(tf.constant(2.0), n)", "power(tf.constant(2.0), tf.constant(float(n)))"), "improved", "traces 8 → 1"),
    "print_right": ("side-effect", PRINT, PRINT.replace('print("x", x)', 'tf.print("x", x, output_stream=sys.stdout)').replace("import tensorflow", "import sys\nimport tensorflow"), "verified", "traces"),
    "print_dropped": ("side-effect", PRINT, PRINT.replace('print("x", x)', "pass"), "changed", "printed nothing instead of"),
    "rewrite_raises": ("side-effect", PRINT, PRINT.replace('print("x", x)', 'tf.print("x", x, output_stream="nowhere")'), "broken", "ValueError"),
    "rewrite_exits": ("exact", SCALAR, SCALAR.replace("return x ** n", "raise SystemExit(3)"), "broken", "SystemExit: 3"),
    "original_raises_eagerly": ("exact", SCALAR.replace("x ** n", "x ** n + undefined"), SCALAR, "unverifiable", "raises eagerly"),
    "nothing_to_run": ("exact", BRANCH.replace("def exercise", "def main"), BRANCH.replace("def exercise", "def main"), "unverifiable", "no exercise()"),
}



def test_planted_rewrites_are_rewrites() -> None:
    """Guards the table above: a replace() that matches nothing would plant nothing."""
    for name, (_, original, rewrite, _, _) in PLANTED.items():
        assert (original == rewrite) == (name in ("nothing_to_run",)), name


SUMS = _src(
    """
    import tensorflow as tf

    @tf.function
    def column_sums(batch):
        return tf.reduce_sum(batch, axis=0)
    """
)
SIGNATURE = "@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.{})])"
# Verified from a trace log alone (no exercise()): three batch sizes replayed.
REPLAYED = {
    "signature_from_traces": (SUMS.replace("@tf.function", SIGNATURE.format("float32")), "improved", "traces 3 → 1"),
    "signature_wrong_dtype": (SUMS.replace("@tf.function", SIGNATURE.format("int32")), "broken", "TypeError"),
}


def _trace_log(paths: list[str]) -> dict:
    """A log as `tfautofix trace` writes it (tfautofix/tracing/FORMAT.md)."""
    traces = [
        {"process": 0, "instance": 0, "seconds": 0.05, "changed": None if size == 8 else ["batch"],
         "parameters": {"batch": {"kind": "tensor", "shape": [size, 3], "dtype": "float32"}}}
        for size in (8, 16, 32)
    ]
    functions = [
        {"file": path, "line": 3, "qualname": "column_sums", "parameters": ["batch"], "options": {},
         "calls": 3, "instances": 1, "tracing_seconds": 0.15, "traces": traces}
        for path in paths
    ]
    return {"format": "tfautofix-traces", "version": 1, "command": ["python", "x.py"], "exit_code": 0, "processes": [], "functions": functions}


def test_replayable_functions_come_from_the_log() -> None:
    log = _trace_log(["src/sums.py"])
    object_spec = {"kind": "object", "type": "keras.Model", "id": "1"}
    log["functions"].append({**log["functions"][0], "qualname": "Trainer.step"})
    log["functions"].append({**log["functions"][0], "qualname": "train", "traces": [{"parameters": {"model": object_spec}}]})
    (function,) = replayable(log, "/home/me/project/src/sums.py")
    assert function["qualname"] == "column_sums"
    assert [call["batch"]["shape"] for call in function["calls"]] == [[8, 3], [16, 3], [32, 3]]
    assert replayable(log, "/home/me/project/other/sums.py") == []


HANG = "import time\n\ndef exercise():\n    time.sleep(3600)\n"
# SIGALRM blocked: the runner's own timeout cannot fire; the watchdog must kill it.
DEAF_HANG = "import signal, time\n\ndef exercise():\n    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})\n    time.sleep(3600)\n"
DIES = "import os\n\ndef exercise():\n    os._exit(7)\n"
FINE = "import tensorflow as tf\n\ndef exercise():\n    return tf.constant(5)\n"
UNRULY = {"hang": HANG, "deaf_hang": DEAF_HANG, "dies": DIES, "after_them": FINE}


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """Verdicts of the planted cases and results of the unruly ones, run concurrently."""
    root = tmp_path_factory.mktemp("planted")
    candidates = []
    for name, (contract, original, rewrite, _, _) in PLANTED.items():
        path = root / name / "case.py"
        path.parent.mkdir()
        path.write_text(_src(original), encoding="utf-8")
        candidates.append(Candidate(str(path), _src(original), _src(rewrite), contract))
    for name, (rewrite, _, _) in REPLAYED.items():
        path = root / name / "case.py"
        path.parent.mkdir()
        path.write_text(SUMS, encoding="utf-8")
        candidates.append(Candidate(str(path), SUMS, rewrite, "exact"))
    log = _trace_log([str(root / name / "case.py") for name in REPLAYED])
    jobs = []
    for name, text in UNRULY.items():
        path = root / f"unruly_{name}.py"
        path.write_text(text, encoding="utf-8")
        jobs.append(Job(name, str(path), "graph"))
    before = verify.STATS["tensorflow_processes"]
    with ThreadPoolExecutor(2) as pool:
        checked = pool.submit(verify_candidates, candidates, log=log)
        unruly = pool.submit(run_exercises, jobs, job_timeout=3)
        outcome = {"checked": checked.result(), "unruly": unruly.result()}
    outcome["processes"] = verify.STATS["tensorflow_processes"] - before
    outcome["root"] = root
    return outcome


@pytest.mark.tensorflow
@pytest.mark.parametrize("name", PLANTED)
def test_planted_rewrite_verdict(name: str, planted) -> None:
    _, _, _, kind, detail = PLANTED[name]
    check = planted["checked"][str(planted["root"] / name / "case.py")]
    assert check.verdict.kind == kind, str(check.verdict)
    assert detail in check.verdict.detail


@pytest.mark.tensorflow
@pytest.mark.parametrize("name", REPLAYED)
def test_replayed_trace_log_verdict(name: str, planted) -> None:
    _, kind, detail = REPLAYED[name]
    check = planted["checked"][str(planted["root"] / name / "case.py")]
    assert (check.verdict.kind, check.source) == (kind, "--traces"), str(check.verdict)
    assert detail in check.verdict.detail


@pytest.mark.tensorflow
def test_planted_cases_share_tensorflow_processes(planted) -> None:
    # 15 planted cases: one process per mode (2); the unruly batch: 1 + a restart
    # after the deaf hang and after the process that died; the originals that raise eagerly
    # (undefined name, no exercise()) are asked again in one fresh process (1).
    assert planted["processes"] == 2 + 3 + 1


@pytest.mark.tensorflow
@pytest.mark.parametrize(
    "name, error",
    [
        ("hang", "Timeout: exercise() did not finish in 3 s"),
        ("deaf_hang", "Timeout: exercise() did not finish in 3 s (process killed)"),
        ("dies", "Crash: the process running exercise() exited with code 7"),
    ],
)
def test_unruly_exercise_is_broken_not_a_crash(name: str, error: str, planted) -> None:
    result = planted["unruly"][(name, "graph")]
    assert result["error"] == error
    oracle = {"value": None, "error": None, "traces": 0}
    assert verdict("exact", oracle, oracle, result).kind == "broken"


@pytest.mark.tensorflow
def test_runs_continue_after_unruly_exercises(planted) -> None:
    result = planted["unruly"][("after_them", "graph")]
    assert result["error"] is None and result["value"] == {"__array__": {"dtype": "int32", "shape": [], "value": 5}}


@pytest.mark.tensorflow
def test_verification_writes_nothing_into_the_tree(planted) -> None:
    assert not list(planted["root"].rglob("__pycache__"))


# -- --exercise: the user's own command ------------------------------------------


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    shutil.copytree(PROJECT, project)
    return project


@pytest.mark.tensorflow
def test_exercise_runs_the_projects_tests(tmp_path: Path, monkeypatch) -> None:
    project = _project(tmp_path)
    monkeypatch.chdir(project)
    command = f"{sys.executable} -m pytest -q -x -p no:cacheprovider"
    result = CliRunner().invoke(app, ["fix", ".", "--write", "--exercise", command, "--report", "report.json"])
    assert result.exit_code == 0, result.output
    assert "verified (traces 1 → 1)" in result.output and "--exercise" in result.output
    (entry,) = json.loads((project / "report.json").read_text(encoding="utf-8"))["findings"]
    assert (entry["code"], entry["verdict"], entry["applied"]) == ("TFA008", "verified", True)
    assert "tf.print" in (project / "trainer.py").read_text(encoding="utf-8")
    # Verification leaves nothing in the tree (the result cache is tfautofix's own, ignored by git).
    left = sorted(p.name for p in project.iterdir() if p.name != ".tfautofix_cache")
    assert left == ["check_trainer.py", "pytest.ini", "report.json", "trainer.py", "twice.py"]


@pytest.mark.tensorflow
def test_exercise_catches_a_dropped_side_effect(tmp_path: Path) -> None:
    project = _project(tmp_path)
    original = (project / "trainer.py").read_text(encoding="utf-8")
    dropped = original.replace('    print("loss", loss)\n', "")
    candidate = Candidate(str(project / "trainer.py"), original, dropped, "side-effect")
    checked = verify_with_command(f"{sys.executable} -m pytest -q -x -p no:cacheprovider", [candidate], project)
    verdict_ = checked[candidate.path].verdict
    assert (verdict_.kind, verdict_.detail) == ("changed", "printed 0 line(s) instead of 3")


# No TensorFlow needed: the command's exit status and timeouts.
LIBRARY = "def answer():\n    return 42\n"
SCRIPT = "import lib\nassert lib.answer() == 42\n"


@pytest.mark.parametrize(
    "rewrite, kind, detail",
    [
        ("def answer():\n    return 41\n", "changed", "the command fails with the fixes (exit 1)"),
        ("import time\ntime.sleep(3600)\n" + LIBRARY, "broken", "Timeout: the command did not finish in 4 s"),
    ],
)
def test_exercise_exit_status_and_timeout(tmp_path: Path, rewrite: str, kind: str, detail: str) -> None:
    (tmp_path / "lib.py").write_text(LIBRARY, encoding="utf-8")
    (tmp_path / "check.py").write_text(SCRIPT, encoding="utf-8")
    candidate = Candidate(str(tmp_path / "lib.py"), LIBRARY, rewrite)
    checked = verify_with_command(f"{sys.executable} check.py", [candidate], tmp_path, timeout=4)
    assert checked[candidate.path].verdict.kind == kind
    assert detail in checked[candidate.path].verdict.detail
    assert (tmp_path / "lib.py").read_text(encoding="utf-8") == LIBRARY


def test_exercise_does_not_blame_one_files_failure_on_anothers_fixes(tmp_path: Path) -> None:
    """Issue 21: two changed files, the command fails because of one: the other is not `changed`."""
    (tmp_path / "lib.py").write_text(LIBRARY, encoding="utf-8")
    (tmp_path / "other.py").write_text("def double(x):\n    return x * 2\n", encoding="utf-8")
    (tmp_path / "check.py").write_text(SCRIPT + "import other\nassert other.double(2) == 4\n", encoding="utf-8")
    wrong = Candidate(str(tmp_path / "lib.py"), LIBRARY, "def answer():\n    return 41\n")
    right = Candidate(str(tmp_path / "other.py"), "def double(x):\n    return x * 2\n", "def double(x):\n    return x + x\n")
    checked = verify_with_command(f"{sys.executable} check.py", [wrong, right], tmp_path, timeout=20)
    assert checked[right.path].verdict.kind != "changed", checked[right.path].verdict
    assert "several files" in checked[right.path].verdict.detail


def test_traces_rerun_the_recorded_command_when_calls_cannot_be_replayed(tmp_path: Path, monkeypatch) -> None:
    """A traced method (its `self` cannot be rebuilt) in a file without exercise():
    the command the trace log recorded is run again instead of "unverifiable"."""
    from tfautofix.engine import FileResult
    from tfautofix.verify.fixes import verify_results

    (tmp_path / "lib.py").write_text(LIBRARY, encoding="utf-8")
    (tmp_path / "check.py").write_text(SCRIPT, encoding="utf-8")
    log = {"command": ["python", "check.py"], "functions": [
        {"file": "lib.py", "qualname": "Model.answer", "traces": [{"parameters": {"self": {"kind": "object"}}}]}]}
    (tmp_path / "traces.json").write_text(json.dumps(log), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = FileResult(str(tmp_path / "lib.py"), original=LIBRARY, fixed="def answer():\n    return 41\n")
    checked = verify_results([result], traces=tmp_path / "traces.json", timeout=20)
    check = checked[result.path]
    assert (check.verdict.kind, check.source) == ("changed", "--traces (its command re-run)"), check


TWO_PRINTS = _src(
    """
    import tensorflow as tf

    @tf.function
    def step(x):
        print("x", x)
        y = x + 1
        print("y", y)
        return y
    """
)


def _two_print_fixes(tmp_path: Path):
    from tfautofix.codemods import rule_by_code
    from tfautofix.engine import FileResult, fix_source

    path = tmp_path / "step.py"
    path.write_text(TWO_PRINTS, encoding="utf-8")
    # unsafe fixes: printed parameters' dtypes and sizes are not known statically (closed world)
    fixed, applied, remaining = fix_source(TWO_PRINTS, [rule_by_code("TFA008")], str(path), unsafe_fixes=True)
    return FileResult(str(path), remaining, applied, TWO_PRINTS, fixed)


def test_each_fix_is_a_candidate_of_its_own(tmp_path: Path) -> None:
    from tfautofix.verify.fixes import file_candidates

    result = _two_print_fixes(tmp_path)
    planned = file_candidates(result)
    singles = [c.fixed for findings, index, c in planned if index == 0]
    assert len(singles) == 2 and planned[-1][1] is None and planned[-1][2].fixed == result.fixed  # each fix alone, then all together
    assert all(text.count("tf.print(") == 1 for text in singles) and singles[0] != singles[1]


def test_write_verify_keeps_exactly_the_verified_fixes(tmp_path: Path) -> None:
    from tfautofix.verify.fixes import keep_fixes

    result = _two_print_fixes(tmp_path)
    first, second = result.applied
    first.verdict, second.verdict = verify.Verdict("verified"), verify.Verdict("changed", "x")
    keep_fixes(result, lambda f: f.verdict.kind == "verified")
    assert 'tf.print("x", x' in result.fixed and 'print("y", y)' in result.fixed and 'tf.print("y"' not in result.fixed
    assert [f.line for f in result.applied] == [first.line] and [f.code for f in result.findings] == ["TFA008"]


@pytest.mark.tensorflow
def test_exercise_coverage_gate(tmp_path: Path) -> None:
    """A fix in a function the command never runs is `unverifiable: not exercised` (never written)."""
    project = _project(tmp_path)
    original = (project / "trainer.py").read_text(encoding="utf-8")
    unused = original + "\n\n@tf.function\ndef evaluate(x):\n    return x * 2.0\n"
    broken = unused.replace("return x * 2.0", "return x * 3.0")
    (project / "trainer.py").write_text(unused, encoding="utf-8")
    candidate = Candidate(str(project / "trainer.py"), unused, broken)
    checked = verify_with_command(f"{sys.executable} -m pytest -q -x -p no:cacheprovider", [candidate], project)
    verdict_ = checked[candidate.path].verdict
    assert (verdict_.kind, verdict_.detail.split(":")[0]) == ("unverifiable", "not exercised"), verdict_


@pytest.mark.tensorflow
def test_safe_fix_is_not_broken_by_a_remaining_unsafe_finding(tmp_path: Path) -> None:
    """Issue 21: the README's numpy example keeps failing compiled on its unsafe `np.mean`
    finding; the safe `.numpy()` fix applied alone must not be called `broken`."""
    example = tmp_path / "numpy_in_step.py"
    example.write_text((Path(__file__).parent.parent / "examples" / "numpy_in_step.py").read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(app, ["fix", str(example), "--verify"])
    assert "changed (still fails compiled as the original does" in result.output and "broken (" not in result.output, result.output


# -- execution as the default proof of `fix --write` (issue 26) ---------------------------


def test_write_without_anything_to_run_writes_safe_fixes_and_says_so(tmp_path: Path) -> None:
    target = tmp_path / "step.py"
    target.write_text(NO_EXERCISE, encoding="utf-8")
    result = CliRunner().invoke(app, ["fix", str(target), "--write"])
    assert "tf.print(" in target.read_text(encoding="utf-8"), result.output
    assert "1 fix(es) written without being executed" in result.output and "exercise" in result.output


def test_no_verify_writes_statically_and_contradicts_verify(tmp_path: Path) -> None:
    target = tmp_path / "step.py"
    target.write_text(NO_EXERCISE + "\n\ndef exercise():\n    return [step(1.0)]\n", encoding="utf-8")
    assert CliRunner().invoke(app, ["fix", str(target), "--write", "--no-verify", "--verify"]).exit_code == 2
    result = CliRunner().invoke(app, ["fix", str(target), "--write", "--no-verify"])
    assert "tf.print(" in target.read_text(encoding="utf-8") and "verifying" not in result.output, result.output


def test_missing_tensorflow_falls_back_to_static_in_one_line(tmp_path: Path, monkeypatch) -> None:
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "tensorflow" else find_spec(name, *a))
    target = tmp_path / "step.py"
    target.write_text(NO_EXERCISE + "\n\ndef exercise():\n    return [step(1.0)]\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["fix", str(target), "--write"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "TensorFlow is not installed" in result.output and "tf.print(" in target.read_text(encoding="utf-8")


def test_configured_exercise(tmp_path: Path) -> None:
    from tfautofix.config import ConfigError, load

    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.tfautofix]\nexercise = "pytest -x tests"\n', encoding="utf-8")
    assert load(pyproject).exercise == "pytest -x tests"
    pyproject.write_text("[tool.tfautofix]\nexercise = 3\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="exercise must be a command"):
        load(pyproject)


@pytest.mark.parametrize(
    "kind, applicability, proof_asked, consent, unsafe_allowed, written",
    [
        ("verified", "unsafe", False, False, False, True),  # an unsafe fix the oracle confirms is written
        ("improved", "unsafe", True, False, False, True),
        ("changed", "safe", False, False, True, False),  # a safe fix that changes behaviour is not
        ("broken", "safe", False, False, True, False),
        ("broken", "safe", True, True, False, True),  # consent: --verify --unsafe-fixes
        ("unverifiable", "safe", False, False, False, True),  # nothing ran it: as static rules allow
        ("unverifiable", "unsafe", False, False, False, False),
        ("unverifiable", "unsafe", False, False, True, True),
        ("unverifiable", "safe", True, False, False, False),  # --verify asked for a proof
        (None, "safe", False, False, False, True),
        (None, "unsafe", False, False, False, False),
    ],
)
def test_which_fixes_write_writes(kind, applicability, proof_asked, consent, unsafe_allowed, written) -> None:
    from tfautofix.rule import Finding
    from tfautofix.verify.fixes import writes

    finding = Finding("TFA008", "print", "m", 1, 0, 1, 1, fix=type("Fix", (), {"applicability": applicability})())
    finding.verdict = verify.Verdict(kind) if kind else None
    assert writes(finding, proof_asked=proof_asked, consent=consent, unsafe_allowed=unsafe_allowed) is written


@pytest.mark.tensorflow
def test_write_verifies_by_default_and_writes_verified_unsafe_fixes(tmp_path: Path) -> None:
    """numpy_in_step.py has a safe and an unsafe fix, and fails compiled until both are
    applied: `fix --write` (no flag) runs its exercise() and writes both, verified."""
    example = tmp_path / "numpy_in_step.py"
    example.write_text((Path(__file__).parent.parent / "examples" / "numpy_in_step.py").read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(app, ["fix", str(example), "--write"])
    fixed = example.read_text(encoding="utf-8")
    assert "np.mean(x)" not in fixed and "x.numpy()" not in fixed, result.output
    assert "verifying fixes by running them" in result.output and "without being executed" not in result.output


def test_a_module_with_an_exercise_is_verified_by_it_even_with_a_replayable_trace_log(tmp_path: Path) -> None:
    """Replaying the log calls only the traced functions; `exercise()` also runs the code around
    them (a `predict` loop TFA011 rewrote), so it is the stronger oracle."""
    from tfautofix.verify.fixes import Candidate, _source

    path = tmp_path / "m.py"
    original = "import tensorflow as tf\n\n@tf.function\ndef f(x):\n    return x\n\ndef exercise():\n    return f(1)\n"
    log = {"functions": [{"qualname": "f", "file": str(path), "traces": [{"parameters": {"x": {"kind": "python", "value": 1}}}]}]}
    replay_only = original.replace("def exercise", "def other")
    assert _source(Candidate(str(path), replay_only, replay_only), log)[0] == "--traces"
    assert _source(Candidate(str(path), original, original), log) == ("exercise()", [])


@pytest.mark.tensorflow
def test_an_eager_error_after_other_modules_is_asked_again_in_a_fresh_process(tmp_path: Path) -> None:
    # The oracle is the program on its own: process-wide state left by a module run before it
    # (here a builtin; in the wild, TensorFlow's registries) must not make the original "raise eagerly".
    (tmp_path / "poisons.py").write_text("import builtins\nbuiltins.POISONED = True\n\ndef exercise():\n    return 1\n")
    (tmp_path / "victim.py").write_text(
        "import builtins\n\ndef exercise():\n    if getattr(builtins, 'POISONED', False):\n        raise RuntimeError('poisoned')\n    return 2\n"
    )
    (tmp_path / "broken.py").write_text("def exercise():\n    raise ValueError('always')\n")
    jobs = [Job(name, str(tmp_path / f"{name}.py"), "eager") for name in ("poisons", "victim", "broken")]
    results = run_exercises(jobs)
    assert results[("victim", "eager")]["error"] is None and results[("victim", "eager")]["value"] == 2
    assert results[("broken", "eager")]["error"] == "ValueError: always"


FIT_THEN_DRAW = """\
import tensorflow as tf


def exercise():
    x = tf.reshape(tf.range(8, dtype=tf.float32), [8, 1])
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile("sgd", "mse")
    history = model.fit(x, x * 2.0, batch_size=2, epochs=2, verbose=0, shuffle=True)
    return [round(v, 4) for v in history.history["loss"]], tf.random.uniform([2]).numpy().tolist()
"""


@pytest.mark.tensorflow
def test_the_oracle_of_a_module_without_tf_data_functions_is_the_program_run(tmp_path: Path) -> None:
    # tf.data's debug mode (which runs Dataset.map functions eagerly) also reorders fit's shuffle
    # and every draw after it: the oracle turns it on only for modules that may hand tf.data a function.
    (tmp_path / "fits.py").write_text(FIT_THEN_DRAW)
    (tmp_path / "maps.py").write_text(FIT_THEN_DRAW + "\n\nDOUBLED = tf.data.Dataset.range(3).map(lambda v: v * 2)\n")
    (tmp_path / "imports.py").write_text("from fits import exercise\n")
    jobs = [Job(name, str(tmp_path / f"{name}.py"), mode) for name in ("fits", "maps", "imports") for mode in ("eager", "graph")]
    results = run_exercises(jobs)
    assert results[("fits", "eager")]["value"] == results[("fits", "graph")]["value"]
    assert results[("maps", "eager")]["value"] != results[("maps", "graph")]["value"]  # debug mode: on
    assert results[("imports", "eager")]["value"] != results[("imports", "graph")]["value"]  # unknown: on
