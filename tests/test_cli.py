"""The command line as users run it: output formats, exit codes, dry run vs --write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tfautofix.cli import app

HAZARD = """import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def step(x):
    print("x", tf.reduce_sum(x))
    return x
"""
REPORT_ONLY = """import tensorflow as tf

log = open("log.txt", "w")


@tf.function
def f(x):
    print(x, file=log)
    return x
"""
CLEAN = "import tensorflow as tf\n\n\ndef f(x):\n    return x\n"


def _invoke(*args: str):
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "hazard.py").write_text(HAZARD, encoding="utf-8")
    (tmp_path / "clean.py").write_text(CLEAN, encoding="utf-8")
    return tmp_path


def test_check_text_lists_findings_and_exits_1(project: Path) -> None:
    result = _invoke("check", str(project))
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if line.startswith(str(project))]
    assert lines[0].startswith(f"{project / 'hazard.py'}:4:14: TFA009 ")
    assert lines[1].startswith(f"{project / 'hazard.py'}:6:5: TFA008 ")
    assert len(lines) == 2


def test_check_json_has_the_documented_fields(project: Path) -> None:
    result = _invoke("check", str(project), "--format", "json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert [f["code"] for f in findings] == ["TFA009", "TFA008"]
    assert set(findings[0]) == {"path", "line", "column", "end_line", "end_column", "code", "name", "message", "fix"}
    assert findings[0]["fix"] == {"applicability": "safe"}
    assert findings[1]["line"] == 6 and findings[1]["end_line"] == 6 and findings[1]["name"] == "print-in-traced-function"


def test_check_clean_tree_exits_0(tmp_path: Path) -> None:
    (tmp_path / "clean.py").write_text(CLEAN, encoding="utf-8")
    result = _invoke("check", str(tmp_path), "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout) == []


def test_unparsable_file_exits_2_and_others_are_still_checked(project: Path) -> None:
    (project / "broken.py").write_text("import tensorflow as tf\ndef (:\n", encoding="utf-8")
    result = _invoke("check", str(project))
    assert result.exit_code == 2
    assert f"{project / 'broken.py'}: cannot parse" in result.stderr
    assert "TFA009" in result.stdout


@pytest.mark.parametrize("args", [["--select", "TFA999"], ["--ignore", "nope"], ["--format", "xml"], ["--jobs", "-1"], ["--color", "sometimes"], ["--max-file-size", "big"]])
def test_bad_flags_are_usage_errors(project: Path, args: list[str]) -> None:
    result = _invoke("check", str(project), *args)
    assert result.exit_code == 2


def test_select_limits_the_rules(project: Path) -> None:
    result = _invoke("check", str(project), "--select", "TFA008", "--format", "json")
    assert [f["code"] for f in json.loads(result.stdout)] == ["TFA008"]


def test_fix_dry_run_shows_a_diff_and_writes_nothing(project: Path) -> None:
    result = _invoke("fix", str(project))
    assert result.exit_code == 1
    assert '-    print("x", tf.reduce_sum(x))' in result.stdout
    assert '+    tf.print("x", tf.reduce_sum(x), output_stream=sys.stdout)' in result.stdout
    assert (project / "hazard.py").read_text(encoding="utf-8") == HAZARD


def test_fix_write_then_nothing_left(project: Path) -> None:
    result = _invoke("fix", "--write", str(project))
    assert result.exit_code == 0, result.stderr
    fixed = (project / "hazard.py").read_text(encoding="utf-8")
    assert "reduce_retracing=True" in fixed and "tf.print(" in fixed
    again = _invoke("fix", "--write", str(project))
    assert again.exit_code == 0
    assert (project / "hazard.py").read_text(encoding="utf-8") == fixed
    assert _invoke("check", str(project)).exit_code == 0


def test_fix_with_findings_left_exits_1(tmp_path: Path) -> None:
    (tmp_path / "report_only.py").write_text(REPORT_ONLY, encoding="utf-8")
    result = _invoke("fix", "--write", str(tmp_path))
    assert result.exit_code == 1
    assert "TFA008" in result.stderr and "1 remaining" in result.stderr
    assert (tmp_path / "report_only.py").read_text(encoding="utf-8") == REPORT_ONLY


def test_gitignore_hidden_and_virtualenv_folders_are_skipped(tmp_path: Path) -> None:
    for folder in ("ignored", ".hidden", "venv_here", "kept"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "hazard.py").write_text(HAZARD, encoding="utf-8")
    (tmp_path / "venv_here" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("ignored/\n", encoding="utf-8")
    findings = json.loads(_invoke("check", str(tmp_path), "--format", "json").stdout)
    assert {Path(f["path"]).parent.name for f in findings} == {"kept"}


def test_discovery_resolves_symlinks_and_finds_each_file_once(tmp_path: Path) -> None:
    from tfautofix.files import discover_resolved

    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "sub" / "real.py").write_text(HAZARD, encoding="utf-8")
    (tmp_path / "pkg" / "link.py").symlink_to(tmp_path / "pkg" / "sub" / "real.py")
    (tmp_path / "pkg" / "linked_dir").symlink_to(tmp_path / "pkg" / "sub")  # not followed
    (tmp_path / "pkg" / ".gitignore").write_text("/sub/ignored.py\n", encoding="utf-8")
    (tmp_path / "pkg" / "sub" / "ignored.py").write_text(HAZARD, encoding="utf-8")
    found = list(discover_resolved([tmp_path / "pkg", tmp_path / "pkg" / "sub" / "real.py"]))
    real = (tmp_path / "pkg" / "sub" / "real.py").resolve()
    assert found == [(tmp_path / "pkg" / "link.py", real)]  # the file through its link, once


def test_rules_lists_every_rule_and_documents_one() -> None:
    from tfautofix.codemods import all_rules

    listing = _invoke("rules")
    assert listing.exit_code == 0
    for rule in all_rules():
        assert rule.code in listing.stdout and rule.name in listing.stdout
    doc = _invoke("rules", "tfa008")
    assert doc.exit_code == 0
    assert "before" in doc.stdout and "after" in doc.stdout and "tf.print" in doc.stdout
    assert _invoke("rules", "TFA999").exit_code == 2


def test_python_dash_m_works_like_the_console_script(project: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    completed = subprocess.run(
        [sys.executable, "-m", "tfautofix", "check", str(project), "--format", "json"],
        capture_output=True, text=True, env=env,
    )
    assert completed.returncode == 1
    assert [f["code"] for f in json.loads(completed.stdout)] == ["TFA009", "TFA008"]


@pytest.mark.parametrize("command", ["check", "fix"])
def test_static_commands_never_import_tensorflow(project: Path, command: str) -> None:
    probe = (
        "import runpy, sys\n"
        f"sys.argv = ['tfautofix', {command!r}, {str(project)!r}]\n"
        "try:\n    runpy.run_module('tfautofix', run_name='__main__')\n"
        "except SystemExit as exit:\n    code = exit.code\n"
        "print('IMPORTED' if 'tensorflow' in sys.modules else 'CLEAN', code)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    completed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert completed.stdout.splitlines()[-1] == "CLEAN 1"


def test_parallel_workers_give_the_serial_results(tmp_path: Path) -> None:
    for index in range(12):
        (tmp_path / f"hazard_{index:02}.py").write_text(HAZARD, encoding="utf-8")
    serial = json.loads(_invoke("check", str(tmp_path), "--format", "json", "--jobs", "1").stdout)
    parallel = json.loads(_invoke("check", str(tmp_path), "--format", "json", "--jobs", "2").stdout)
    assert parallel == serial and len(serial) == 24


def test_examples_are_all_fixed_and_the_fix_converges(tmp_path: Path, monkeypatch) -> None:
    import shutil

    examples = Path(__file__).parents[1] / "examples"
    shutil.copytree(examples, tmp_path / "examples")
    monkeypatch.chdir(tmp_path)  # the trace log's paths are relative to where `trace` ran
    assert _invoke("fix", "examples").exit_code == 1
    traces = "examples/traces.json"  # TFA004 needs a recorded trace log
    _invoke("fix", "--write", "--no-verify", "--unsafe-fixes", "--traces", traces, "examples")
    for example in sorted(examples.glob("*.py")):
        fixed = (tmp_path / "examples" / example.name).read_text(encoding="utf-8")
        assert fixed != example.read_text(encoding="utf-8"), f"{example.name} shows no fixable hazard"
    before = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "examples").glob("*.py")}
    _invoke("fix", "--write", "--no-verify", "--unsafe-fixes", "--traces", traces, "examples")
    assert before == {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "examples").glob("*.py")}
