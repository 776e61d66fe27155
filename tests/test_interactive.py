"""`tfautofix fix --interactive`, driven through the real CLI with scripted answers."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SOURCE = """import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def step(x):
    print("a", x)
    print("b", x)
    print("a", x)
    return x
"""
PROMPT = "Apply this fix [y,n,a,d,q,e,"  # then "?]?", or "1-2,?]?" where a finding has candidates


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}


def _run(answers: str, *paths: Path, extra=()) -> subprocess.CompletedProcess:
    return subprocess.run(
        # --unsafe-fixes: printing a parameter of unknown dtype and size is an unsafe fix (closed world)
        [sys.executable, "-m", "tfautofix", "fix", "--interactive", "--unsafe-fixes", *extra, *map(str, paths)],
        input=answers, capture_output=True, text=True, env=_env(), timeout=60,
    )


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    first, second = tmp_path / "a_first.py", tmp_path / "b_second.py"
    first.write_text(SOURCE, encoding="utf-8")
    second.write_text(SOURCE, encoding="utf-8")
    return first, second


def _calls(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if "print(" in line or "@tf" in line]


def test_yes_no_help_and_default_no_with_recomputed_diffs(files) -> None:
    first, second = files
    # TFA009: n; print a: y; ?: help then y (print b); print a again: Enter = no; file 2: d.
    result = _run("n\ny\n?\ny\n\nd\n", first, second)
    assert result.returncode == 1  # rejected findings remain
    assert _calls(first) == [
        "@tf.function(experimental_relax_shapes=True)",
        'tf.print("a", x, summarize=-1, output_stream=sys.stdout)',
        'tf.print("b", x, summarize=-1, output_stream=sys.stdout)',
        'print("a", x)',
    ]
    assert second.read_text(encoding="utf-8") == SOURCE
    assert "a - apply this fix and every remaining fix of this rule" in result.stdout
    assert result.stdout.count(PROMPT) == 6
    # The diff of the 3rd fix was computed after the 2nd was applied: it shows the new context.
    third = result.stdout.split(PROMPT)[2]
    assert ' tf.print("a", x, summarize=-1, output_stream=sys.stdout)\n-    print("b", x)' in third


def test_all_of_a_rule_applies_across_files_without_asking(files) -> None:
    first, second = files
    result = _run("n\na\nn\n", first, second)
    assert result.stdout.count(PROMPT) == 3  # TFA009 n, TFA008 a, then TFA009 of the second file
    for path in files:
        assert _calls(path)[0] == "@tf.function(experimental_relax_shapes=True)"
        assert all(call.startswith("tf.print") for call in _calls(path)[1:])


def test_quit_keeps_what_was_accepted(files) -> None:
    first, second = files
    result = _run("y\nq\n", first, second)
    assert _calls(first) == [
        "@tf.function(reduce_retracing=True)",
        'print("a", x)',
        'print("b", x)',
        'print("a", x)',
    ]
    assert second.read_text(encoding="utf-8") == SOURCE
    assert "skipped" in result.stdout


def test_end_of_input_acts_as_quit_and_no_input_is_refused(files) -> None:
    first, second = files
    _run("y\n", first, second)
    assert _calls(first)[0] == "@tf.function(reduce_retracing=True)"
    assert second.read_text(encoding="utf-8") == SOURCE
    refused = _run("", first, second)
    assert refused.returncode == 2 and "needs answers" in refused.stderr
    assert second.read_text(encoding="utf-8") == SOURCE


def test_edit_uses_the_editor_version(files, tmp_path: Path) -> None:
    first, _ = files
    editor = tmp_path / "editor.sh"
    editor.write_text("#!/bin/sh\nsed -i 's/reduce_retracing=True/reduce_retracing=True, jit_compile=False/' \"$1\"\n")
    editor.chmod(0o755)
    env = {**_env(), "EDITOR": str(editor)}
    subprocess.run(
        [sys.executable, "-m", "tfautofix", "fix", "--interactive", "--unsafe-fixes", str(first)],
        input="e\nq\n", capture_output=True, text=True, env=env, timeout=60,
    )
    assert _calls(first)[0] == "@tf.function(reduce_retracing=True, jit_compile=False)"


def _edit_with(tmp_path: Path, script: str, answers: str, first: Path) -> subprocess.CompletedProcess:
    editor = tmp_path / "editor.sh"
    editor.write_text("#!/bin/sh\n" + script)
    editor.chmod(0o755)
    return subprocess.run(
        [sys.executable, "-m", "tfautofix", "fix", "--interactive", "--unsafe-fixes", str(first)],
        input=answers, capture_output=True, text=True, env={**_env(), "EDITOR": str(editor)}, timeout=60,
    )


def test_an_edit_that_does_not_parse_is_offered_again_or_discarded(files, tmp_path: Path) -> None:
    first, _ = files
    # e, the edit breaks the file, e again (still broken), d discards it, then n to every fix
    result = _edit_with(tmp_path, "echo 'def (' >> \"$1\"\n", "e\ne\nd\nn\nn\nn\nn\n", first)
    assert result.stdout.count("the edited file does not parse") == 2
    assert result.stdout.count("Edit it again [e] or discard the edit [d]?") == 2
    assert first.read_text(encoding="utf-8") == SOURCE


def test_an_editor_that_fails_discards_the_edit(files, tmp_path: Path) -> None:
    first, _ = files
    result = _edit_with(tmp_path, "sed -i 's/reduce_retracing=True/oops/' \"$1\"\nexit 3\n", "e\nq\n", first)
    assert "the editor exited with status 3; the edit is discarded" in result.stdout
    assert first.read_text(encoding="utf-8") == SOURCE


def _read_until(fd: int, needle: str, count: int, timeout: float = 60) -> str:
    seen, deadline = b"", time.time() + timeout
    while seen.decode("utf-8", "replace").count(needle) < count:
        assert time.time() < deadline, f"timed out waiting for {needle!r}: {seen[-500:]!r}"
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            seen += chunk
    return seen.decode("utf-8", "replace")


def test_ctrl_c_half_way_leaves_files_untouched_or_fully_written(files) -> None:
    first, second = files
    process = subprocess.Popen(
        [sys.executable, "-m", "tfautofix", "fix", "--interactive", "--unsafe-fixes", str(first), str(second)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(),
        preexec_fn=_default_sigint,  # a shell starting pytest in the background leaves SIGINT ignored: Python would inherit that
    )
    assert process.stdin and process.stdout
    # TFA009: all (both files); the three prints of the first file: yes. Then the
    # second file's first print waits at its prompt, and we press Ctrl-C.
    process.stdin.write(b"a\ny\ny\ny\n")
    process.stdin.flush()
    _read_until(process.stdout.fileno(), PROMPT, 5)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert all(call.startswith("tf.print") for call in _calls(first)[1:])
    assert second.read_text(encoding="utf-8") in (SOURCE,), "the interrupted file must be untouched"


def test_prompt_and_colours_render_on_a_terminal(files) -> None:
    first, _ = files
    main, replica = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tfautofix", "fix", "--interactive", "--unsafe-fixes", str(first)],
        stdin=replica, stdout=replica, stderr=replica, env={**_env(), "TERM": "xterm-256color"}, close_fds=True,
    )
    os.close(replica)
    try:
        screen = _read_until(main, PROMPT, 1)
        assert "\x1b[" in screen, "no colours on a terminal"
        assert "TFA009" in screen and "reduce_retracing" in screen
        os.write(main, b"q\n")
        process.wait(timeout=60)
    finally:
        process.kill()
        os.close(main)
    assert first.read_text(encoding="utf-8") == SOURCE


@pytest.mark.tensorflow
def test_verify_shows_the_verdict_in_each_header(tmp_path: Path) -> None:
    example = tmp_path / "print_in_step.py"
    example.write_text((ROOT / "examples" / "print_in_step.py").read_text(encoding="utf-8"), encoding="utf-8")
    result = _run("y\n", example, extra=("--verify",))
    header = result.stdout.split(PROMPT)[0]
    # The fix's own verdict (verified on its own), with its measured speed.
    assert "TFA008" in header and "verification: verified (traces 1 → 1" in header and "by exercise()" in header
    assert "tf.print(" in example.read_text(encoding="utf-8")


def test_each_file_is_reviewed_with_the_rules_its_package_configures(tmp_path: Path) -> None:
    package = tmp_path / "legacy"
    package.mkdir()
    (package / "pyproject.toml").write_text('[tool.tfautofix]\nignore = ["TFA008"]\n', encoding="utf-8")
    (package / "model.py").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "main.py").write_text(SOURCE, encoding="utf-8")
    excluded = tmp_path / "vendored"
    excluded.mkdir()
    (excluded / "pyproject.toml").write_text('[tool.tfautofix]\nexclude = ["*.py"]\n', encoding="utf-8")
    (excluded / "lib.py").write_text(SOURCE, encoding="utf-8")
    result = _run("a\n" * 10, tmp_path)
    assert result.returncode == 0, result.stderr  # nothing the configuration selects is left
    assert _calls(package / "model.py") == [  # TFA009 fixed, the prints (TFA008, ignored here) left alone
        "@tf.function(reduce_retracing=True)", 'print("a", x)', 'print("b", x)', 'print("a", x)',
    ]
    assert "tf.print" in (tmp_path / "main.py").read_text(encoding="utf-8")
    assert (excluded / "lib.py").read_text(encoding="utf-8") == SOURCE


def _default_sigint() -> None:
    """In the child: Ctrl-C's default disposition, so Python installs its KeyboardInterrupt handler."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
