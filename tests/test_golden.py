"""Golden cases: ``tests/golden/<CODE>/<case>/input.py`` (+ ``expected.py``, ``findings.txt``).

For every case the rule's fix (unsafe fixes included) must turn ``input.py``
into ``expected.py`` exactly (no ``expected.py``: leave it untouched), report
exactly ``findings.txt`` (no file: no findings), parse, and be idempotent.
Cases whose input defines ``exercise()`` are also executed with TensorFlow:
the original eagerly (the oracle, under two ambient seeds) and in graph mode,
the rule's actual output (not ``expected.py``) in graph mode, all cases batched
into one process per mode; the rewrite must satisfy the per-value contracts
(``tfautofix.verify.verdict``).

Cases with no finding and an ``exercise()`` claim their code is no hazard: compiled, the
original must do what it does eagerly (same processes).

Set TFAUTOFIX_UPDATE_GOLDEN=1 to (re)write expected.py/findings.txt, then review the diff.
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source
from tfautofix.tracing.log import load as load_traces
from tfautofix.verify import Job, run_exercises, verdict

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("TFAUTOFIX_UPDATE_GOLDEN") == "1"
CASES = sorted(p.parent for p in GOLDEN.glob("*/*/input.py"))


def _id(case: Path) -> str:
    return f"{case.parent.name}/{case.name}"


def _rule(case: Path):
    rule = rule_by_code(case.parent.name)
    assert rule is not None, f"no rule {case.parent.name}"
    return rule


def _traces(case: Path):
    """The case's ``traces.json`` (trace-log rules such as TFA004), or None."""
    path = case / "traces.json"
    return load_traces(path) if path.exists() else None


def _finding_lines(text: str, rule, traces=None) -> str:
    lines = []
    for f in lint_source(text, [rule], "input.py", traces=traces):
        fix = f.fix.applicability if f.fix else "no fix"
        lines.append(f"{f.line}:{f.column} {f.code} [{fix}] {f.message}")
    return "\n".join(lines) + ("\n" if lines else "")


def _exercised(case: Path) -> bool:
    return "def exercise(" in (case / "input.py").read_text(encoding="utf-8")


def _changed(case: Path) -> bool:
    return (case / "expected.py").exists()


def _reported(case: Path) -> bool:
    return (case / "findings.txt").exists()


@functools.cache  # one computation per case: the snapshot test and the TensorFlow batch share it
def _fixed(case: Path) -> tuple[str, bool]:
    """The rule's actual output on ``input.py`` (unsafe fixes included), and whether it applied a fix."""
    source = (case / "input.py").read_text(encoding="utf-8")
    fixed, applied, _ = fix_source(source, [_rule(case)], "input.py", unsafe_fixes=True, traces=_traces(case))
    return fixed, bool(applied)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_fix_matches_expected(case: Path) -> None:
    rule = _rule(case)
    source = (case / "input.py").read_text(encoding="utf-8")
    traces = _traces(case)
    fixed, applied = _fixed(case)
    ast.parse(fixed)
    expected_file = case / "expected.py"
    if UPDATE and fixed != source:
        expected_file.write_text(fixed, encoding="utf-8")
    if expected_file.exists():
        assert fixed == expected_file.read_text(encoding="utf-8")
        assert applied, "expected.py differs from input.py but no fix was applied"
    else:
        assert fixed == source, "a negative case was changed"
    again, applied_again, _ = fix_source(fixed, [rule], "input.py", unsafe_fixes=True, traces=traces)
    assert again == fixed and not applied_again, "a second fix pass changed the code"


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_findings_match_snapshot(case: Path) -> None:
    rule = _rule(case)
    actual = _finding_lines((case / "input.py").read_text(encoding="utf-8"), rule, _traces(case))
    snapshot = case / "findings.txt"
    if UPDATE:
        if actual:
            snapshot.write_text(actual, encoding="utf-8")
        elif snapshot.exists():
            snapshot.unlink()
    expected = snapshot.read_text(encoding="utf-8") if snapshot.exists() else ""
    assert actual == expected


def test_every_rule_has_golden_cases() -> None:
    from tfautofix.codemods import all_rules

    codes = {case.parent.name for case in CASES}
    for rule in all_rules():
        assert rule.code in codes, f"{rule.code} has no golden cases"
        if rule.fixable == "display-only":  # a report-only rule: cases with findings, and cases without
            reported = [_reported(c) for c in CASES if c.parent.name == rule.code]
            assert any(reported) and not all(reported), f"{rule.code} needs cases with and without findings"
            continue
        positives = [c for c in CASES if c.parent.name == rule.code and _changed(c) and _exercised(c)]
        negatives = [c for c in CASES if c.parent.name == rule.code and not _changed(c)]
        assert positives and negatives, f"{rule.code} needs exercised positive and negative cases"


EXERCISED = [case for case in CASES if _exercised(case) and _changed(case)]
#: Cases whose code the rule leaves alone: run to show it works traced.
UNREPORTED = [case for case in CASES if _exercised(case) and not _changed(case) and not _reported(case)]
#: Cases of rules that generate Keras code run once more with tf-keras.
LEGACY_KERAS = [case for case in EXERCISED if _rule(case).legacy_keras]
TF_KERAS = "@tf-keras"


def _actual_output(case: Path, directory: Path) -> Path:
    """The rule's actual output on ``input.py`` (not ``expected.py``): a regenerated
    snapshot is protected by execution, not only by review."""
    fixed, _ = _fixed(case)
    path = directory / _id(case).replace("/", "__") / "input.py"
    path.parent.mkdir(parents=True)
    path.write_text(fixed, encoding="utf-8")
    return path


def _case_jobs(case: Path, fixed: Path, job_id: str, env=()) -> list[Job]:
    """The original eagerly under two ambient seeds (which values are draws) and
    compiled; the rewrite compiled (twice under the distribution contract)."""
    original, root = str(case / "input.py"), str(case)
    jobs = [
        Job(job_id, original, "eager", env, root, seed=1),
        Job(job_id + "#2", original, "eager", env, root, seed=2),
        Job(job_id, original, "graph", env, root, seed=1),
        Job(job_id + "@fixed", str(fixed), "graph", env, root, seed=1),
    ]
    if _rule(case).contract == "distribution":
        jobs.append(Job(job_id + "@fixed#2", str(fixed), "graph", env, root, seed=2))
    return jobs


@pytest.fixture(scope="session")
def executions(tmp_path_factory):
    directory = tmp_path_factory.mktemp("golden-fixed")
    fixed = {case: _actual_output(case, directory) for case in EXERCISED}
    jobs = [job for case in EXERCISED for job in _case_jobs(case, fixed[case], _id(case))]
    env = (("TF_USE_LEGACY_KERAS", "1"),)
    jobs += [job for case in LEGACY_KERAS for job in _case_jobs(case, fixed[case], _id(case) + TF_KERAS, env)]
    jobs += [Job(_id(case), str(case / "input.py"), mode, (), str(case), seed=1) for case in UNREPORTED for mode in ("eager", "graph")]
    return run_exercises(jobs)


@pytest.mark.tensorflow
@pytest.mark.parametrize("case", EXERCISED, ids=_id)
def test_rewrite_keeps_eager_behaviour(case: Path, executions) -> None:
    _check_rewrite(case, executions, _id(case))


@pytest.mark.tensorflow
@pytest.mark.parametrize("case", LEGACY_KERAS, ids=_id)
def test_rewrite_keeps_eager_behaviour_with_tf_keras(case: Path, executions) -> None:
    _check_rewrite(case, executions, _id(case) + TF_KERAS)


@pytest.mark.tensorflow
@pytest.mark.parametrize("case", UNREPORTED, ids=_id)
def test_unreported_code_works_traced(case: Path, executions) -> None:
    oracle, compiled = executions[(_id(case), "eager")], executions[(_id(case), "graph")]
    assert not oracle["error"], f"the case fails eagerly: {oracle['error']}"
    result = verdict(_rule(case).contract, oracle, compiled, compiled, exempt=False)
    assert result.kind == "verified", f"compiled, the code the rule leaves alone differs from eager: {result}\n{compiled.get('traceback', '')}"


def _check_rewrite(case: Path, executions, job_id: str) -> None:
    rule = _rule(case)
    oracle = executions[(job_id, "eager")]
    before = executions[(job_id, "graph")]
    after = executions[(job_id + "@fixed", "graph")]
    assert not oracle["error"], f"the original fails eagerly: {oracle['error']}"
    second = {"more_oracles": [executions.get((job_id + "#2", "eager"))], "second_after": executions.get((job_id + "@fixed#2", "graph"))}
    # exempt=False: the rewrite must fix the hazard, even where the original is wrong compiled.
    result = verdict(rule.contract, oracle, before, after, exempt=False, **second)
    assert result.kind in ("verified", "improved"), f"{result}\n{after.get('traceback', '')}"
    if rule.max_traces is not None:
        retracing = {name: n for name, n in after["traces_by_function"].items() if n > rule.max_traces}
        assert not retracing, f"the rewrite traces more than {rule.max_traces} times: {retracing}"
    if rule.changes_behaviour:
        # Evidence the case shows the hazard: the original, compiled, is not what it means.
        unfixed = verdict(rule.contract, oracle, before, before, exempt=False, more_oracles=second["more_oracles"])
        assert before["error"] or unfixed.kind != "verified" or result.kind == "improved", (
            "the original already behaves like the eager oracle in graph mode; the case shows no hazard"
        )
