"""The per-file pipeline: byte fidelity, gating, convergence, suppression, bad input."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import libcst as cst
import pytest

from tfautofix.codemods import all_rules, rule_by_code, select_rules
from tfautofix.engine import FixError, Options, fix_source, lint_source, process_file, write_result
from tfautofix.rule import Fix, Rule

HAZARD = (
    "import tensorflow as tf\n"
    "\n"
    "@tf.function(experimental_relax_shapes=True)\n"
    "def f(x):\n"
    "\tprint('value', x)  # tabs are kept\n"
    "\treturn x\n"
)
FIXED_BODY = "\ttf.print('value', x, summarize=-1, output_stream=sys.stdout)  # tabs are kept\n"
# `print(x)` of a parameter of unknown dtype is an unsafe fix (closed world): these tests are about files, not applicability.
OPTIONS = Options(rules=tuple(rule.code for rule in all_rules()), unsafe_fixes=True)


def _fix_file(path: Path) -> bytes:
    result = process_file(str(path), OPTIONS, fix=True)
    assert result.error is None, result.error
    write_result(result)
    return path.read_bytes()


def test_crlf_newlines_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "crlf.py"
    path.write_bytes(HAZARD.replace("\n", "\r\n").encode())
    data = _fix_file(path)
    assert b"reduce_retracing=True" in data and FIXED_BODY.replace("\n", "\r\n").encode() in data
    assert data.count(b"\r\n") == data.count(b"\n"), "a bare LF slipped in"


def test_bom_and_missing_final_newline_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbf" + HAZARD.rstrip("\n").encode())
    data = _fix_file(path)
    assert data.startswith(b"\xef\xbb\xbf") and not data.startswith(b"\xef\xbb\xbf" * 2)
    assert data.endswith(b"return x"), "a final newline was added"
    assert FIXED_BODY.encode() in data


def test_latin1_declared_encoding_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "latin.py"
    source = "# -*- coding: latin-1 -*-\n# caf\u00e9\n" + HAZARD
    path.write_bytes(source.encode("latin-1"))
    data = _fix_file(path)
    assert "# caf\u00e9\n".encode("latin-1") in data
    assert data.decode("latin-1").count("\u00e9") == 1


def test_very_long_lines_outside_the_fix_are_untouched(tmp_path: Path) -> None:
    long_line = "WEIGHTS = [" + ", ".join(str(i) for i in range(3000)) + "]\n"
    path = tmp_path / "long.py"
    path.write_text(HAZARD + long_line, encoding="utf-8")
    assert long_line.encode() in _fix_file(path)


def test_permissions_are_kept_and_no_temporary_files_left(tmp_path: Path) -> None:
    path = tmp_path / "script.py"
    path.write_text(HAZARD, encoding="utf-8")
    os.chmod(path, 0o754)
    _fix_file(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o754
    assert sorted(p.name for p in tmp_path.iterdir()) == ["script.py"]


def test_fix_is_idempotent_and_imports_are_added_once() -> None:
    fixed, applied, remaining = fix_source(HAZARD, all_rules(), unsafe_fixes=True)
    assert [f.code for f in applied] == ["TFA009", "TFA008"] and remaining == []
    assert fixed.count("import sys") == 1
    again, applied_again, _ = fix_source(fixed, all_rules(), unsafe_fixes=True)
    assert again == fixed and applied_again == []


def test_suppression_comments() -> None:
    source = HAZARD.replace("# tabs are kept", "# tfautofix: ignore[TFA008]")
    assert [f.code for f in lint_source(source, all_rules())] == ["TFA009"]
    source = HAZARD.replace("# tabs are kept", "# tfautofix: ignore[TFA009]")
    assert [f.code for f in lint_source(source, all_rules())] == ["TFA009", "TFA008"]
    source = HAZARD.replace("# tabs are kept", "# tfautofix: ignore")
    assert [f.code for f in lint_source(source, all_rules())] == ["TFA009"]


def test_select_and_ignore_by_prefix() -> None:
    assert [r.code for r in select_rules(["TFA008"])] == ["TFA008"]
    assert "TFA009" not in [r.code for r in select_rules(None, ["TFA009"])]
    assert [r.code for r in select_rules(["tfa00"], ["TFA008"])] == [
        r.code for r in all_rules() if r.code.startswith("TFA00") and r.code != "TFA008"
    ]


class _BreaksCode(Rule):
    code = "TFA999"
    name = "test-breaks-code"
    summary = "a rule whose fix needs Python 3.8 syntax"
    triggers = ("tensorflow",)

    def check(self, ctx):
        stmt = ctx.module.body[0]
        yield self.finding(ctx, stmt, "bad", Fix({stmt: cst.parse_statement("(y := 1)")}))


class _NeverConverges(Rule):
    code = "TFA998"
    name = "test-never-converges"
    summary = "a rule that always finds something to change"
    triggers = ("tensorflow",)

    def check(self, ctx):
        stmt = ctx.module.body[-1]
        yield self.finding(ctx, stmt, "again", Fix({stmt: cst.FlattenSentinel([stmt, cst.parse_statement("pass")])}))


def test_fix_producing_invalid_code_is_refused() -> None:
    with pytest.raises(FixError, match="TFA999 would produce invalid code"):
        fix_source("import tensorflow\n", [_BreaksCode()], target_version=(3, 7))


def test_fix_that_never_converges_is_reported() -> None:
    with pytest.raises(FixError, match="did not converge"):
        fix_source("import tensorflow\n", [_NeverConverges()])


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("syntax.py", b"import tensorflow as tf\ndef (:\n", "cannot parse"),
        ("python2.py", b"print 'hello'\n", "cannot parse"),
        ("binary.py", b"\x00\x01\x02tensorflow", "binary file"),
        ("bad_encoding.py", b"# -*- coding: utf-8 -*-\nx = '\xff'\n", "cannot decode"),
        ("unknown_codec.py", b"# -*- coding: klingon -*-\n", "cannot decode"),
    ],
)
def test_bad_input_is_a_one_line_error(tmp_path: Path, name: str, content: bytes, message: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    result = process_file(str(path), OPTIONS, fix=True)
    assert result.error is not None and message in result.error and "\n" not in result.error
    assert path.read_bytes() == content


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    missing = process_file(str(tmp_path / "nope.py"), OPTIONS, fix=False)
    assert missing.error is not None and missing.error.startswith("cannot read")
    link = tmp_path / "broken.py"
    link.symlink_to(tmp_path / "nowhere.py")
    assert process_file(str(link), OPTIONS, fix=False).error.startswith("cannot read")


def test_empty_file_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "empty.py"
    path.write_bytes(b"")
    result = process_file(str(path), OPTIONS, fix=True)
    assert result.error is None and not result.changed and result.findings == []


def test_file_changed_on_disk_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "racy.py"
    path.write_text(HAZARD, encoding="utf-8")
    result = process_file(str(path), OPTIONS, fix=True)
    path.write_text(HAZARD + "# edited by the user\n", encoding="utf-8")
    with pytest.raises(Exception, match="changed on disk"):
        write_result(result)
    assert path.read_text(encoding="utf-8").endswith("# edited by the user\n")


class _Crashes(Rule):
    code = "TFA997"
    name = "test-crashes"
    summary = "a rule with a bug"
    triggers = ("tensorflow",)

    def check(self, ctx):
        raise ZeroDivisionError("rule bug")


def test_a_crashing_rule_is_reported_per_file_and_changes_nothing(tmp_path: Path, monkeypatch) -> None:
    import tfautofix.engine as engine

    path = tmp_path / "a.py"
    path.write_text(HAZARD, encoding="utf-8")
    monkeypatch.setattr(engine, "_rules", lambda codes: [*all_rules(), _Crashes()])
    result = process_file(str(path), OPTIONS, fix=True)
    assert result.error == "internal error, please report it: ZeroDivisionError: rule bug"
    assert not result.changed and path.read_text(encoding="utf-8") == HAZARD


def test_atomic_write_keeps_permissions_and_removes_temporaries_of_dead_runs(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tfautofix.files import write_atomic

    target = tmp_path / "model.py"
    target.write_text("x = 1\n", encoding="utf-8")
    target.chmod(0o640)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".model.py.{dead.stdout.strip()}.123.tfautofix"  # left by a killed run
    live = tmp_path / f".model.py.{os.getpid()}.456.tfautofix"  # a run still writing
    other = tmp_path / f".other.py.{dead.stdout.strip()}.789.tfautofix"  # another file's: not ours to judge now
    for path in (stale, live, other):
        path.write_bytes(b"partial")
    write_atomic(target, b"x = 2\n")
    assert target.read_bytes() == b"x = 2\n" and target.stat().st_mode & 0o777 == 0o640
    assert not stale.exists() and live.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, live.name, other.name])


def test_lines_are_counted_as_python_counts_them() -> None:
    from tfautofix.engine import lint_source
    from tfautofix.files import source_lines

    assert source_lines("a\x0cb\nc\r\nd\re") == ["a\x0cb", "c", "d", "e"]  # a form feed is not a line break
    text = (
        "import tensorflow as tf\n\x0c\n# page break above\n@tf.function\ndef f(x):\n"
        "    print(x)  # tfautofix: ignore[TFA008]\n    print(x, x)\n"
    )
    findings = lint_source(text, [rule_by_code("TFA008")])
    assert [(f.code, f.line) for f in findings] == [("TFA008", 7)]


def test_fixes_remove_only_the_imports_they_leave_unused() -> None:
    from tfautofix.engine import fix_source

    text = (
        "import os\n"  # unused before: not ours to remove
        "import random\n"  # used only by the draw the fix replaces: goes
        "import numpy as np\n"  # still used after the fix: stays
        "import tensorflow as tf\n\n\n"
        "@tf.function\n"
        "def augment(x):\n"
        "    return x + random.gauss(0.0, 1.0)\n\n\n"
        "ZEROS = np.zeros(3)\n"
    )
    fixed, applied, _ = fix_source(text, [rule_by_code("TFA002")], unsafe_fixes=True)
    assert [f.code for f in applied] == ["TFA002"]
    assert fixed.startswith("import os\nimport numpy as np\nimport tensorflow as tf\n")
    assert "random" not in fixed.replace("tf.random", "")
