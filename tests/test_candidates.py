"""Candidates chosen by execution (issue 29): a finding's alternatives are tried when its fix is
not confirmed, and the first the oracle confirms is written; without execution only the primary.

The verdicts here are planted (``check_rewrites`` replaced: a rewrite's verdict read from its
text), so selection, writing, JSON and the interactive choice are tested without TensorFlow; the
TFA002 candidates themselves are executed by the golden cases and ``test_seeded_module_*``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tfautofix import verify
from tfautofix.cli import app
from tfautofix.codemods import rule_by_code
from tfautofix.engine import Options, fix_source, lint_source
from tfautofix.verify import fixes

SEEDED = """\
import numpy as np
import tensorflow as tf

np.random.seed(0)


@tf.function
def jitter(x):
    return x + np.random.uniform(-0.1, 0.1)


def exercise():
    return [float(jitter(tf.constant(0.0))) for _ in range(500)]
"""
GENERATOR = "tf_rng.uniform("  # the primary: a generator seeded alike, created once
GLOBAL = "tf.random.uniform("  # the alternative: the global stream


def _plant(monkeypatch, verdicts: dict[str, verify.Verdict]) -> list:
    """Every rewrite gets the verdict of the first marker of ``verdicts`` its text holds."""
    seen = []

    def check_rewrites(candidates, job_timeout=120, log=None):
        seen.extend(candidates)
        return [fixes.Checked(next(v for marker, v in verdicts.items() if marker in c.fixed), "exercise()") for c in candidates]

    monkeypatch.setattr(fixes, "check_rewrites", check_rewrites)
    return seen


def test_a_seeded_module_gets_two_unsafe_candidates_and_static_fix_writes_the_primary() -> None:
    rule = rule_by_code("TFA002")
    (finding,) = lint_source(SEEDED, [rule])
    assert [c.applicability for c in finding.candidates] == ["unsafe", "unsafe"]
    assert "Generator.from_seed(0)" in finding.fix.label and "global" in finding.alternatives[0].label
    assert all(any(u.startswith("reproducibility") for u in c.unknown) for c in finding.candidates)
    fixed, applied, remaining = fix_source(SEEDED, [rule], unsafe_fixes=True)
    assert "tf_rng = tf.random.Generator.from_seed(0)\n" in fixed and GENERATOR in fixed and GLOBAL not in fixed
    assert applied[0].chosen == 0 and not remaining
    assert fix_source(fixed, [rule], unsafe_fixes=True)[0] == fixed  # idempotent
    assert fix_source(SEEDED, [rule])[0] == SEEDED  # unsafe: not written statically without --unsafe-fixes
    data = finding.to_json()["fix"]
    assert data["applicability"] == "unsafe" and [c["chosen"] for c in data["candidates"]] == [True, False]
    assert "verdict" not in data["candidates"][0]  # `check` ran nothing


def test_the_first_confirmed_alternative_is_written(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "jitter.py"
    path.write_text(SEEDED, encoding="utf-8")
    seen = _plant(monkeypatch, {GENERATOR: verify.Verdict("changed", "planted"), GLOBAL: verify.Verdict("verified", "planted")})
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--verify", "--format", "json", "--no-cache"])
    assert result.exit_code == 0, result.output
    written = path.read_text(encoding="utf-8")
    assert GLOBAL in written and "Generator" not in written and "np.random.uniform" not in written
    assert len(seen) == 2  # both candidates, in one batch
    (entry,) = json.loads(result.stdout)
    (applied,) = entry["applied"]
    assert applied["verdict"] == "verified" and "global" in applied["fix"]["label"]
    assert [(c["verdict"], c["chosen"]) for c in applied["fix"]["candidates"]] == [("changed", False), ("verified", True)]


def test_no_confirmed_candidate_writes_nothing_and_reports_every_verdict(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "jitter.py"
    path.write_text(SEEDED, encoding="utf-8")
    _plant(monkeypatch, {GENERATOR: verify.Verdict("changed", "planted A"), GLOBAL: verify.Verdict("broken", "planted B")})
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--verify", "--no-cache"])
    assert result.exit_code == 1, result.output
    assert path.read_text(encoding="utf-8") == SEEDED
    assert "not written, changed (planted A)" in result.output and "candidate 2" in result.output and "broken (planted B)" in result.output


def test_a_confirmed_primary_is_kept(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "jitter.py"
    path.write_text(SEEDED, encoding="utf-8")
    _plant(monkeypatch, {GENERATOR: verify.Verdict("verified", "planted"), GLOBAL: verify.Verdict("verified", "planted")})
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--verify", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert GENERATOR in path.read_text(encoding="utf-8")


def test_shared_module_level_generator_for_several_draws() -> None:
    source = SEEDED.replace("return x + np.random.uniform(-0.1, 0.1)", "return x + np.random.uniform(-0.1, 0.1) + np.random.normal(0.0, 1.0)")
    fixed, applied, _ = fix_source(source, [rule_by_code("TFA002")], unsafe_fixes=True)
    # Both in the first pass (the same insertion is shared), so each is found in the original: verified on its own.
    assert [f.line for f in applied] == [9, 9] and fixed.count("Generator.from_seed") == 1
    assert "tf_rng.uniform(" in fixed and "tf_rng.normal(" in fixed


@pytest.mark.parametrize("answers, expected", [("2\ny\n", GLOBAL), ("y\n", GENERATOR), ("2\n1\ny\n", GENERATOR)])
def test_interactive_shows_the_candidates_and_applies_the_one_picked(tmp_path: Path, answers: str, expected: str) -> None:
    from tfautofix.interactive import review

    path = tmp_path / "jitter.py"
    path.write_text(SEEDED, encoding="utf-8")
    line = "return x + np.random.uniform(-0.1, 0.1)"
    key = (str(path), "TFA002", line)
    verdicts = {key: "changed (planted A)", (*key, 0): "changed (planted A)", (*key, 1): "verified (planted B)", (*key, "chosen"): 0}
    output = io.StringIO()
    answer = iter(answers.splitlines(keepends=True))
    tally = review([(str(path), Options(("TFA002",), unsafe_fixes=True))], Console(file=output, width=200), lambda: next(answer, None), verdicts)
    shown = output.getvalue()
    assert "1. `tf.random.Generator.from_seed(0)` created once [unsafe] verification: changed (planted A)" in shown
    assert "2. the global `tf.random` stream [unsafe] verification: verified (planted B)" in shown
    assert "[y,n,a,d,q,e,1-2,?]" in shown
    assert expected in path.read_text(encoding="utf-8") and tally.accepted[(str(path), "TFA002")] == 1


def test_interactive_offers_an_unsafe_candidate_only_when_allowed_or_confirmed(tmp_path: Path) -> None:
    from tfautofix.interactive import review

    path = tmp_path / "jitter.py"
    path.write_text(SEEDED, encoding="utf-8")
    key = (str(path), "TFA002", "return x + np.random.uniform(-0.1, 0.1)")
    output = io.StringIO()
    answer = iter(["1\n", "y\n"])
    verdicts = {(*key, 1): "verified (planted)", (*key, "chosen"): 1, key: "verified (planted)"}
    review([(str(path), Options(("TFA002",)))], Console(file=output, width=200), lambda: next(answer, None), verdicts)
    # Without --unsafe-fixes, the confirmed global stream is shown first; the unconfirmed generator is refused.
    assert "candidate 1 is unsafe and was not confirmed" in output.getvalue()
    assert GLOBAL in path.read_text(encoding="utf-8")


def test_a_command_runs_again_with_the_next_candidates(tmp_path: Path, monkeypatch) -> None:
    """`--exercise CMD` runs a file's whole rewrite: when it is not confirmed, once more per rank of candidates."""
    from tfautofix.verify import command

    path = tmp_path / "jitter.py"
    path.write_text(SEEDED.replace("def exercise", "def run"), encoding="utf-8")
    runs = []

    def verify_with_command(cmd, candidates, root, timeout=300):
        runs.append([c.fixed for c in candidates])
        kind = "verified" if GLOBAL in candidates[-1].fixed else "changed"
        return {candidates[-1].path: fixes.Checked(verify.Verdict(kind, "planted"), "--exercise")}

    monkeypatch.setattr(command, "verify_with_command", verify_with_command)
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--exercise", "true", "--no-cache"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert len(runs) == 2 and GENERATOR in runs[0][-1] and GLOBAL in runs[1][-1]
    assert GLOBAL in path.read_text(encoding="utf-8")


def test_fixes_not_confirmed_alone_are_written_when_the_whole_rewrite_is(tmp_path: Path, monkeypatch) -> None:
    """Two draws in one function: alone, each fix leaves the other draw frozen (`changed`); all together they
    are verified, and that rewrite is what is written."""
    path = tmp_path / "two.py"
    path.write_text(SEEDED.replace("np.random.seed(0)\n", "").replace(
        "np.random.uniform(-0.1, 0.1)", "np.random.uniform(-0.1, 0.1) + np.random.normal(0.0, 1.0)"), encoding="utf-8")
    _plant(monkeypatch, {"np.random.": verify.Verdict("changed", "frozen"), "tf.random.": verify.Verdict("verified", "planted")})
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--verify", "--no-cache", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "np.random" not in path.read_text(encoding="utf-8")
    (entry,) = json.loads(result.stdout)
    assert [a["verdict_detail"] for a in entry["applied"]] == ["planted; with the file's other fixes (alone: changed (frozen))"] * 2


def test_a_file_rebuilt_with_chosen_alternatives_runs_again_as_written(tmp_path: Path, monkeypatch) -> None:
    """Each draw's global-stream alternative is confirmed alone; the file holding both, which no run
    has seen, is run as it would be written, and is not written when that run is not confirmed."""
    path = tmp_path / "two.py"
    path.write_text(SEEDED.replace("    return x + np.random.uniform(-0.1, 0.1)\n", (
        "    return x + np.random.uniform(-0.1, 0.1)\n\n\n@tf.function\ndef shift(x):\n    return x + np.random.uniform(0.0, 1.0)\n")),
        encoding="utf-8")
    seen = []

    def check_rewrites(candidates, job_timeout=120, log=None):
        seen.extend(c.fixed for c in candidates)
        planted = {0: verify.Verdict("changed", "frozen"), 1: verify.Verdict("verified", "planted"), 2: verify.Verdict("broken", "together")}
        return [fixes.Checked(planted[0] if GENERATOR in c.fixed or "np.random.uniform" in c.fixed and c.fixed.count(GLOBAL) != 1
                              else planted[c.fixed.count(GLOBAL)], "exercise()") for c in candidates]

    monkeypatch.setattr(fixes, "check_rewrites", check_rewrites)
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--verify", "--no-cache", "--format", "json"])
    assert sum(text.count(GLOBAL) == 2 and GENERATOR not in text for text in seen) == 1  # the composed file ran once
    assert path.read_text(encoding="utf-8").count("np.random.uniform") == 2, result.output  # and nothing was written
    (entry,) = json.loads(result.stdout)
    assert not entry["applied"] and [r["verdict"] for r in entry["remaining"]] == ["broken", "broken"]
    assert all(r["verdict_detail"] == "with the candidates chosen for the file's other fixes: together" for r in entry["remaining"])


def test_each_seeded_stream_gets_its_own_generator() -> None:
    """A module seeding both `random` and `np.random`: one generator per stream, each draw from its own
    (one name for both made the second creation shadow the first)."""
    source = SEEDED.replace("np.random.seed(0)\n", "random.seed(1)\nnp.random.seed(0)\n").replace(
        "import numpy as np\n", "import random\n\nimport numpy as np\n").replace(
        "np.random.uniform(-0.1, 0.1)", "np.random.uniform(-0.1, 0.1) + random.choice([0.0, 1.0])")
    fixed = fix_source(source, [rule_by_code("TFA002")], unsafe_fixes=True)[0]
    assert "random.seed(1)\ntf_rng = tf.random.Generator.from_seed(1)\n" in fixed
    assert "np.random.seed(0)\ntf_rng_np = tf.random.Generator.from_seed(0)\n" in fixed
    assert "tf_rng_np.uniform([], -0.1, 0.1)" in fixed and "tf.gather([0.0, 1.0], tf_rng.uniform([], 0, 2, dtype=tf.int32))" in fixed


def test_candidates_that_each_need_the_others_are_tried_together_rank_by_rank(tmp_path: Path, monkeypatch) -> None:
    """Two `.numpy()` prints of a string tensor: alone, each candidate leaves the file failing at the
    other (`still fails`), the primaries together print `cat` for `b'cat'`; the next candidates of
    both findings, run together, are confirmed and written."""
    path = tmp_path / "tags.py"
    path.write_text(
        "import tensorflow as tf\n\n\n@tf.function\ndef tag(x, name):\n    tf.print('tag', name.numpy())\n"
        "    tf.print('again', name.numpy())\n    return x\n\n\ndef exercise():\n    return [tag(1.0, tf.constant('cat'))]\n",
        encoding="utf-8")
    seen = []

    def check_rewrites(candidates, job_timeout=120, log=None):
        seen.extend(c.fixed for c in candidates)
        def planted(text: str) -> verify.Verdict:
            if text.count("py_function") == 2:
                return verify.Verdict("verified", "planted")
            if "name.numpy()" in text.replace("lambda name: tf.print('tag', name.numpy())", "").replace(
                    "lambda name: tf.print('again', name.numpy())", ""):
                return verify.Verdict("changed", f"{verify.STILL_FAILS} at line 7 where another finding is left unfixed")
            return verify.Verdict("changed", "printed 'cat' instead of the bytes")
        return [fixes.Checked(planted(c.fixed), "exercise()") for c in candidates]

    monkeypatch.setattr(fixes, "check_rewrites", check_rewrites)
    result = CliRunner().invoke(app, ["fix", str(path), "--write", "--verify", "--no-cache", "--format", "json"])
    assert path.read_text(encoding="utf-8").count("tf.py_function(") == 2, result.output
    (entry,) = json.loads(result.stdout)
    assert [a["verdict"] for a in entry["applied"]] == ["verified", "verified"] and not entry["remaining"]
