"""The verifier on (original, rewrite) pairs that are subtly right or subtly wrong
(tests/verifier/pairs.py): every verdict must be the expected one. All pairs run in
one batched TensorFlow process per mode (``check_rewrites``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from pairs import PAIRS

from tfautofix.verify import STATS
from tfautofix.verify.fixes import Candidate, check_rewrites


def test_there_are_enough_pairs() -> None:
    assert len(PAIRS) >= 30
    assert len({name for name, *_ in PAIRS}) == len(PAIRS)
    assert {kind for _, _, kind, *_ in PAIRS} == {"verified", "improved", "changed", "broken", "unverifiable"}


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    directory = tmp_path_factory.mktemp("pairs")
    candidates = []
    for name, contract, _, _, original, rewrite, pending in PAIRS:
        path = directory / name / "module.py"
        path.parent.mkdir()
        path.write_text(original, encoding="utf-8")
        candidates.append(Candidate(str(path), original, rewrite, contract, pending=pending))
    started = STATS["tensorflow_processes"]
    checked = check_rewrites(candidates)
    return {name: check.verdict for (name, *_), check in zip(PAIRS, checked)}, STATS["tensorflow_processes"] - started


@pytest.mark.tensorflow
@pytest.mark.parametrize("name, kind, detail", [(name, kind, detail) for name, _, kind, detail, *_ in PAIRS], ids=[p[0] for p in PAIRS])
def test_verdict(name: str, kind: str, detail: str, verdicts) -> None:
    verdict = verdicts[0][name]
    assert verdict.kind == kind, str(verdict)
    assert detail in verdict.detail, str(verdict)


@pytest.mark.tensorflow
def test_one_tensorflow_process_per_mode(verdicts) -> None:
    # eager: one process with tf.data's debug mode (pairs that name tf.data) and one without; graph: one;
    # plus one: the originals that raised eagerly after other pairs ran are asked again in a fresh process
    assert verdicts[1] == 2 + 1 + 1
