"""The hand labels of `benchmarks/rewrite_coverage.py` point at real code (no TensorFlow).

`benchmarks/rewrites/labels.csv` and `benchmarks/heldout/labels.csv` label each hazard of the
realistic suites;
`labels_suites.csv` judges the golden and adversarial hazards the tool declines. A label
whose file or line moved would silently count as a declined hazard (or none at all).
"""

from __future__ import annotations

import ast
import csv
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REWRITES = ROOT / "benchmarks" / "rewrites"
sys.path.insert(0, str(ROOT / "benchmarks"))

import rewrite_coverage

CODES = {f"TFA{n:03d}" for n in range(1, 19)}


def _rows(name: str, directory: Path = REWRITES) -> list[dict]:
    with (directory / name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _check(row: dict, path: Path) -> None:
    where = f"{row['file']}:{row['line']}"
    assert path.exists(), f"{where}: no such file"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = int(row["line"])
    end = int(row.get("end_line") or line)
    assert 1 <= line <= end <= len(lines) and lines[line - 1].strip(), f"{where}: not a line of code"
    assert row["code"] in CODES, f"{where}: unknown code {row['code']}"
    assert row["has_right_rewrite"] in ("yes", "no"), f"{where}: has_right_rewrite is yes or no"
    if row["has_right_rewrite"] == "yes":
        assert row["right_rewrite"].strip(), f"{where}: say what the right rewrite is"
    else:
        assert row["why"].strip(), f"{where}: say why no rewrite is right"


@pytest.mark.parametrize("suite", sorted(rewrite_coverage.LABELLED))
def test_labelled_suite_labels_point_at_code(suite: str) -> None:
    directory = rewrite_coverage.LABELLED[suite]
    rows = _rows("labels.csv", directory)
    assert len(rows) >= 30
    for row in rows:
        _check(row, directory / row["file"])
    modules = sorted(directory.glob("*.py"))
    labelled = {row["file"] for row in rows}
    for module in modules:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{module.name}: say what the module does"
        assert any(isinstance(n, ast.FunctionDef) and n.name == "exercise" for n in tree.body), f"{module.name}: no exercise()"
        assert module.name in labelled, f"{module.name}: no labelled hazard"


@pytest.mark.parametrize("suite", ["heldout", "heldout2"])
def test_heldout_modules_name_their_source_and_hand_rewrites_their_module(suite: str) -> None:
    heldout = rewrite_coverage.LABELLED[suite]
    with (heldout / "sources.csv").open(encoding="utf-8") as f:
        sources = {row["module"]: row for row in csv.DictReader(f)}
    modules = {m.name for m in heldout.glob("*.py")}
    assert set(sources) == modules
    assert all(sources[m]["repository"].strip() and sources[m]["path"].strip() for m in modules)
    yes = {row["file"] for row in _rows("labels.csv", heldout) if row["has_right_rewrite"] == "yes"}
    assert {m.name for m in (heldout / "hand").glob("*.py")} == yes  # every "yes" label's rewrite, written out
    assert {m.name for m in (heldout / "hand_alternatives").glob("*.py")} <= modules


def test_suite_labels_point_at_code() -> None:
    for row in _rows("labels_suites.csv"):
        _check(row, ROOT / row["file"])


def test_written_means_the_hazard_lines_changed() -> None:
    before = "a\nb\nc\nd\n"
    after = "a\nB1\nB2\nc\nd\nz\n"
    assert rewrite_coverage.changed_lines(before, after) == {2: (2, 3)}
    assert rewrite_coverage.kept_lines(before, after) == {1: 1, 3: 4, 4: 5}


def _hazard(line: int, end_line: int | None = None) -> rewrite_coverage.Hazard:
    return rewrite_coverage.Hazard("rewrites", "m.py", "TFA007", line, end_line or line, "yes")


def _finding(line: int) -> dict:
    return {"code": "TFA007", "line": line, "end_line": line}


def test_judge_counts_a_hazard_written_only_where_its_lines_changed() -> None:
    from tfautofix.verify import Verdict

    text = "import tensorflow as tf\nf(1)\nf(2)\n"
    new = "import tensorflow as tf\nf(tf.constant(1))\nf(2)\n"
    fixed, left, other = _hazard(2), _hazard(3), _hazard(2)
    rewrite_coverage.judge(fixed, text, new, [_finding(2), _finding(3)], [_finding(3)], Verdict("improved"))
    rewrite_coverage.judge(left, text, new, [_finding(2), _finding(3)], [_finding(3)], Verdict("improved"))
    rewrite_coverage.judge(other, text, new, [], [], Verdict("changed", "values differ"))
    assert (fixed.outcome, left.outcome, other.outcome) == ("right", "declined", "wrong")
    # the tool's finding still there after its line changed (another rule's edit): not this hazard's rewrite
    still = _hazard(2)
    rewrite_coverage.judge(still, text, new, [_finding(2)], [_finding(2)], Verdict("verified"))
    assert still.outcome == "declined"
    # a signature added on the decorator line fixes the finding reported at the def line
    deco, deco_new = "@tf.function\ndef f(x):\n    return x\n", "@tf.function(reduce_retracing=True)\ndef f(x):\n    return x\n"
    signature = _hazard(1, 2)
    rewrite_coverage.judge(signature, deco, deco_new, [_finding(2)], [], Verdict("verified"))
    assert signature.outcome == "right"
    unchanged = _hazard(2)
    rewrite_coverage.judge(unchanged, text, text, [_finding(2)], [_finding(2)], None)
    assert unchanged.outcome == "declined"


def test_relabel_applies_todays_labels_to_saved_hazards() -> None:
    """`--from-json --relabel`: a saved run is re-counted with the labels as they are now."""
    rows = {(r["file"], int(r["line"]), r["code"]): r for r in _rows("labels_suites.csv")}
    golden = next(k for k in rows if k[0].startswith("tests/golden/"))
    adversarial = next(k for k in rows if k[0].startswith("tests/adversarial/"))
    staged = {
        golden: f"g_{golden[0].split('/')[2]}_{golden[0].split('/')[3]}.py",
        adversarial: f"a_{adversarial[0].split('/')[2]}_{Path(adversarial[0]).stem}.py",
    }
    saved = {k: rewrite_coverage.Hazard(k[0].split("/")[1], name, k[2], k[1], k[1], "?", "old", "old") for k, name in staged.items()}
    unknown = rewrite_coverage.Hazard("adversarial", "a_TFA001_no_such_module.py", "TFA001", 3, 3, "yes", "kept")
    rewrite_coverage.relabel([*saved.values(), unknown])
    for key, hazard in saved.items():
        assert (hazard.right, hazard.rewrite, hazard.why) == (rows[key]["has_right_rewrite"], rows[key]["right_rewrite"], rows[key]["why"])
    assert (unknown.right, unknown.rewrite) == ("yes", "kept")


def test_unlabelled_list_counts_what_the_tables_count() -> None:
    """An unlabelled hazard the judge confirmed counts as having a right rewrite, so it is not listed as unlabelled."""
    proven = rewrite_coverage.Hazard("adversarial", "a.py", "TFA007", 1, 1, "?", outcome="right")
    open_ = rewrite_coverage.Hazard("adversarial", "a.py", "TFA007", 2, 2, "?", outcome="declined")
    module = rewrite_coverage.Module("adversarial", "a.py", Path("a.py"), [proven, open_])
    text = rewrite_coverage.markdown([module], {"timings": {}})
    assert rewrite_coverage.table([module])[0][-1]["unlabelled"] == 1
    assert "### Unlabelled (1)" in text and "a.py:2" in text and "a.py:1 " not in text
