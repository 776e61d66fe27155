"""Whatever crosses the worker boundary is data: every rule's findings and fixes come
back from ``--jobs 2`` exactly as they do in-process (no TensorFlow)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tfautofix.bulk import Overrides, execute, plan
from tfautofix.config import _config_in

GOLDEN = Path(__file__).parent / "golden"


def _notebook(source: str) -> str:
    cell = {"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {}, "outputs": [],
            "source": source.splitlines(keepends=True)}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every golden input, as a module and as a one-cell notebook, in one folder."""
    root = tmp_path_factory.mktemp("corpus")
    for case in sorted(GOLDEN.glob("*/*/input.py")):
        name = f"{case.parent.parent.name}_{case.parent.name}"
        shutil.copyfile(case, root / f"{name}.py")
        (root / f"{name}.ipynb").write_text(_notebook(case.read_text(encoding="utf-8")), encoding="utf-8")
    return root


def _outcome(root: Path, fix: bool, jobs: int) -> dict:
    _config_in.cache_clear()
    results = execute(plan([root], Overrides(unsafe_fixes=True)), fix=fix, jobs=jobs).results
    return {
        Path(r.path).name: (
            r.error,
            r.fixed,
            sorted((f.code, f.cell, f.line, f.column, f.end_line, f.end_column, f.message,
                    None if f.fix is None else f.fix.applicability) for f in (*r.findings, *r.applied)),
        )
        for r in results
    }


def _same_across_the_boundary(root: Path, fix: bool) -> dict:
    parallel = _outcome(root, fix, jobs=2)
    assert {name: error for name, (error, _, _) in parallel.items() if error} == {}
    assert parallel == _outcome(root, fix, jobs=1)
    return parallel


@pytest.mark.parametrize("fix", [False, True], ids=["check", "fix"])
def test_a_fix_built_from_closures_crosses_as_data(tmp_path: Path, fix: bool) -> None:
    """The issue's repro: TFA001's module-level fix holds lambdas; the worker died sending it."""
    source = "import tensorflow as tf\n@tf.function\ndef f(x):\n    v = tf.Variable(1.0)\n    return v + x\n"
    (tmp_path / "nb.ipynb").write_text(_notebook(source), encoding="utf-8")
    for index in range(7):
        (tmp_path / f"empty{index}.py").write_text("", encoding="utf-8")
    outcome = _same_across_the_boundary(tmp_path, fix)
    assert [finding[0] for finding in outcome["nb.ipynb"][2]] == ["TFA001"]


@pytest.mark.slow
@pytest.mark.parametrize("fix", [False, True], ids=["check", "fix"])
def test_every_rule_survives_the_worker_boundary(corpus: Path, fix: bool) -> None:
    parallel = _same_across_the_boundary(corpus, fix)
    assert sum(len(findings) for _, _, findings in parallel.values()) > 200  # the rules really fired


def _unpicklable(value: int):
    return (lambda: value) if value == 3 else value


def _lost(task: int, why: str) -> tuple[str, int, str]:
    return "lost", task, why


def test_a_result_that_is_not_data_costs_its_task_only(capfd: pytest.CaptureFixture) -> None:
    import tfautofix.bulk as bulk

    with bulk._Workers(2) as workers:
        results = list(workers.map(_unpicklable, list(range(8)), _lost))
        assert len(workers.started) == 2 and all(w.process.is_alive() for w in workers.started)
    lost = [r for r in results if isinstance(r, tuple)]
    assert sorted(r for r in results if not isinstance(r, tuple)) == [0, 1, 2, 4, 5, 6, 7]
    assert len(lost) == 1 and lost[0][1] == 3 and "could not be sent back" in lost[0][2]
    assert "Traceback" not in capfd.readouterr().err
