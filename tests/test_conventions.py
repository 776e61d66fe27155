"""A new user's first hour: nothing damaged, no tracebacks, the conventions ruff users bring.

Each test runs the CLI as a user would (``tfautofix ...`` in a project directory).
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

HAZARD = """import tensorflow as tf


@tf.function
def step(x):
    print("x", tf.reduce_sum(x))
    return x
"""
FIXED = HAZARD.replace('print("x", tf.reduce_sum(x))', 'tf.print("x", tf.reduce_sum(x), output_stream=sys.stdout)').replace(
    "import tensorflow as tf", "import sys\n\nimport tensorflow as tf"
)


def tfautofix(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "tfautofix", *args], cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=120
    )


def no_traceback(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr + result.stdout


# -- fix --write keeps the file system as it was --------------------------------


def test_write_goes_through_symlinks_and_keeps_hard_links(tmp_path: Path) -> None:
    (tmp_path / "real.py").write_text(HAZARD)
    (tmp_path / "link.py").symlink_to("real.py")
    (tmp_path / "other.py").write_text(HAZARD)
    os.link(tmp_path / "other.py", tmp_path / "hard.py")
    result = tfautofix(tmp_path, "fix", "--write", "link.py", "other.py")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "link.py").is_symlink() and (tmp_path / "real.py").read_text() == FIXED
    assert os.stat(tmp_path / "hard.py").st_nlink == 2 and (tmp_path / "hard.py").read_text() == FIXED


def test_read_only_files_are_refused_and_modes_kept(tmp_path: Path) -> None:
    (tmp_path / "locked.py").write_text(HAZARD)
    (tmp_path / "locked.py").chmod(0o444)
    (tmp_path / "script.py").write_text(HAZARD)
    (tmp_path / "script.py").chmod(0o750)
    result = tfautofix(tmp_path, "fix", "--write", ".")
    assert result.returncode == 2
    assert "locked.py: read-only file; not written" in result.stderr
    no_traceback(result)
    assert (tmp_path / "locked.py").read_text() == HAZARD
    assert (tmp_path / "script.py").read_text() == FIXED
    assert stat.S_IMODE(os.stat(tmp_path / "script.py").st_mode) == 0o750
    assert "Fixed 1 finding(s) in 1 file(s)" in result.stderr
    assert "git checkout" not in result.stderr  # not a git work tree: nothing to undo with


# -- bad inputs: one line each, exit 2, the others processed --------------------


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("shape.ipynb", '{"cells": {"a": 1}}', 'cannot parse notebook: not a notebook (no list of "cells")'),
        ("list.ipynb", "[1, 2]", 'cannot parse notebook: not a notebook (no list of "cells")'),
        ("cell.ipynb", '{"cells": [{"cell_type": "code", "source": 5}]}', 'cannot parse notebook: cell 1 is not a cell'),
        ("loop.py", None, "loop.py: cannot read: Too many levels of symbolic links"),
    ],
)
def test_bad_inputs_are_one_line_and_exit_2(tmp_path: Path, name: str, content: str | None, message: str) -> None:
    if content is None:
        (tmp_path / name).symlink_to(name)
    else:
        (tmp_path / name).write_text(content)
    (tmp_path / "ok.py").write_text(HAZARD)
    for command in (["check", "."], ["check", name, "ok.py"], ["fix", "--write", "."]):
        result = tfautofix(tmp_path, *command)
        no_traceback(result)
        assert result.returncode == 2, result.stderr
        assert [line for line in result.stderr.splitlines() if message in line], result.stderr
    assert (tmp_path / "ok.py").read_text() == FIXED


# -- generated code a reviewer accepts -------------------------------------------


def _fixed(source: str, code: str = "TFA008") -> str:
    from tfautofix.codemods import rule_by_code
    from tfautofix.engine import fix_source

    return fix_source(source, [rule_by_code(code)], unsafe_fixes=True)[0]


def test_a_global_named_sys_is_not_shadowed() -> None:
    source = HAZARD.replace("\n\n@tf.function", '\nsys = "mine"\n\n\n@tf.function')
    fixed = _fixed(source)
    assert "import sys as sys_\n\nimport tensorflow as tf\n" in fixed
    assert "output_stream=sys_.stdout" in fixed and 'sys = "mine"' in fixed


def test_a_local_named_sys_is_not_shadowed_and_an_existing_import_is_reused() -> None:
    local = HAZARD.replace('    print("x", tf.reduce_sum(x))', '    sys = 1\n    print("x", tf.reduce_sum(x))')
    assert "output_stream=sys_.stdout" in _fixed(local)
    aliased = "import sys as system\n\n" + HAZARD
    fixed = _fixed(aliased)
    assert "output_stream=system.stdout" in fixed and fixed.count("import sys") == 1


def test_added_imports_go_where_isort_puts_them() -> None:
    cases = {
        # a new standard-library section before the third-party one
        "import tensorflow as tf\n": "import sys\n\nimport tensorflow as tf\n",
        # inside an existing standard-library section, sorted
        "import os\nimport time\n\nimport tensorflow as tf\n": "import os\nimport sys\nimport time\n\nimport tensorflow as tf\n",
        # after __future__, with the docstring kept first
        '"""Doc."""\nfrom __future__ import annotations\n\nimport tensorflow as tf\n': (
            '"""Doc."""\nfrom __future__ import annotations\n\nimport sys\n\nimport tensorflow as tf\n'
        ),
    }
    for imports, expected in cases.items():
        fixed = _fixed(HAZARD.replace("import tensorflow as tf\n", imports))
        assert fixed.startswith(expected), fixed


@pytest.mark.skipif(__import__("shutil").which("ruff") is None, reason="ruff is not installed")
def test_fixed_examples_keep_imports_sorted_and_lines_short(tmp_path: Path) -> None:
    """`ruff check --select E501,I` finds nothing new in the examples once fixed."""
    import shutil

    examples = Path(__file__).resolve().parents[1] / "examples"
    shutil.copytree(examples, tmp_path / "examples", ignore=shutil.ignore_patterns("*.json"))
    before = _ruff(tmp_path, "examples")
    result = tfautofix(tmp_path, "fix", "--write", "--no-verify", "--unsafe-fixes", "examples")
    assert result.returncode in (0, 1), result.stderr
    assert "Fixed" in result.stderr and _ruff(tmp_path, "examples") - before == Counter(), result.stderr


@pytest.mark.skipif(__import__("shutil").which("ruff") is None, reason="ruff is not installed")
def test_golden_fixes_keep_imports_sorted_and_lines_short() -> None:
    """Every golden ``expected.py`` has no more E501/I001 than its ``input.py`` (long generated lines are wrapped)."""
    golden = Path(__file__).resolve().parent / "golden"
    found = _ruff(golden, ".")
    worse = {
        (name, code): (found[(name.removesuffix("expected.py") + "input.py", code)], count)
        for (name, code), count in found.items()
        if name.endswith("expected.py") and count > found[(name.removesuffix("expected.py") + "input.py", code)]
    }
    assert worse == {}, worse


def _ruff(cwd: Path, target: str) -> Counter:
    """(file, code) -> number of ruff E501/I violations under ``target``."""
    completed = subprocess.run(
        ["ruff", "check", "--isolated", "--select", "E501,I", "--output-format", "json", target],
        cwd=cwd, capture_output=True, text=True,
    )
    return Counter((str(Path(v["filename"]).relative_to(cwd)), v["code"]) for v in json.loads(completed.stdout))


REPORT_ONLY = """import tensorflow as tf

log = open("log.txt", "w")


@tf.function
def step(x):
    print("x", tf.reduce_sum(x))
    return x


@tf.function
def f(x):
    print(x, file=log)
    return x
"""


def test_remaining_findings_of_a_dry_run_point_into_the_file_on_disk(tmp_path: Path) -> None:
    """The fix adds `import sys` above; the finding it leaves is still on line 14 of the file."""
    (tmp_path / "model.py").write_text(REPORT_ONLY)
    (tmp_path / "train.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "source": REPORT_ONLY.splitlines(keepends=True), "metadata": {}, "outputs": []}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }))
    result = tfautofix(tmp_path, "fix", "model.py", "train.ipynb")
    assert result.returncode == 1
    remaining = [line for line in result.stderr.splitlines() if "not fixed" in line]
    assert remaining[0].startswith("model.py:14:5: TFA008"), remaining
    assert ":14:5: TFA008" in remaining[1] and "train.ipynb" in remaining[1], remaining


def test_ctrl_c_during_a_bulk_write_says_what_was_written(tmp_path: Path) -> None:
    import signal
    import time

    # Files are written as they are fixed, ~2 a second: the interrupt lands long before the 200th.
    body = "".join(f"\n\n@tf.function\ndef step_{i}(x):\n    print(tf.reduce_sum(x))\n    return x\n" for i in range(60))
    for index in range(200):
        (tmp_path / f"m{index:03}.py").write_text("import tensorflow as tf\n" + body)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    process = subprocess.Popen(
        [sys.executable, "-m", "tfautofix", "fix", "--write", "--jobs", "1", "."],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_default_sigint,  # a shell starting pytest in the background leaves SIGINT ignored: Python would inherit that
    )
    hung = time.time() + 900  # only against a hang: a loaded machine may be slow to the first write
    while not any("tf.print" in p.read_text() for p in tmp_path.glob("m*.py")):  # the event: a file is written
        assert process.poll() is None, "the run ended before writing any file"
        assert time.time() < hung
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=300)
    written = sum("tf.print" in p.read_text() for p in tmp_path.glob("m*.py"))
    assert process.returncode == 130, stderr
    assert f"interrupted: {written} file(s) were written before the interruption: " in stderr
    assert "Traceback" not in stderr and 0 < written < 200


# -- the conventions ruff users bring -------------------------------------------------

UNSAFE = """import numpy as np
import tensorflow as tf


@tf.function
def first_of_shuffled():
    order = np.arange(5)
    np.random.shuffle(order)
    return order[0]
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "hazard.py").write_text(HAZARD)
    (tmp_path / "report_only.py").write_text(REPORT_ONLY)
    return tmp_path


def test_exit_zero_quiet_statistics_and_output_file(project: Path) -> None:
    result = tfautofix(project, "check", ".", "--exit-zero", "-q")
    assert result.returncode == 0 and result.stderr == ""
    assert [line.split(": ")[1].split()[0] for line in result.stdout.splitlines()] == ["TFA008", "TFA008", "TFA008"]
    stats = tfautofix(project, "check", ".", "--statistics")
    assert stats.returncode == 1
    assert stats.stdout.splitlines() == ["    3\tTFA008\t[*]\tprint-in-traced-function"]
    to_file = tfautofix(project, "check", ".", "--format", "json", "-o", "out.json")
    assert to_file.stdout == "" and len(json.loads((project / "out.json").read_text())) == 3


def test_check_counts_safe_and_unsafe_fixes_apart(tmp_path: Path) -> None:
    (tmp_path / "noisy.py").write_text(UNSAFE)
    (tmp_path / "hazard.py").write_text(HAZARD)
    result = tfautofix(tmp_path, "check", ".")
    codes = [line.split(": ")[1].split()[0] for line in result.stdout.splitlines()]
    safe = result.stdout.count("[safe fix]")
    unsafe = result.stdout.count("[unsafe fix]")
    assert unsafe >= 1 and safe >= 1, result.stdout
    assert f"Found {len(codes)} finding(s) in 2 file(s); {safe} fixable with `tfautofix fix`, {unsafe} more with `--unsafe-fixes`." in result.stderr


def test_fix_json_diff_show_fixes(project: Path) -> None:
    result = tfautofix(project, "fix", "hazard.py", "--format", "json")
    assert result.returncode == 1
    (entry,) = json.loads(result.stdout)
    assert entry["path"] == "hazard.py" and not entry["written"] and [f["code"] for f in entry["applied"]] == ["TFA008"]
    assert {"line": 1, "end_line": 0, "content": "import sys\n\n"} in entry["edits"]
    assert {"line": 6, "end_line": 6, "content": '    tf.print("x", tf.reduce_sum(x), output_stream=sys.stdout)\n'} in entry["edits"]
    diff = tfautofix(project, "fix", "hazard.py", "--diff", "--show-fixes")
    assert diff.returncode == 1 and "+import sys" in diff.stdout and (project / "hazard.py").read_text() == HAZARD
    assert "Would fix 1 finding(s):\n- hazard.py:\n    1 × TFA008 (print-in-traced-function)" in diff.stderr
    assert tfautofix(project, "fix", "hazard.py", "--diff", "--write").returncode == 2


def test_no_unsafe_fixes_config_isolated_and_select_over_config_ignore(tmp_path: Path) -> None:
    (tmp_path / "noisy.py").write_text(UNSAFE)
    (tmp_path / "pyproject.toml").write_text('[tool.tfautofix]\nunsafe-fixes = true\nignore = ["TFA008"]\n')
    (tmp_path / "hazard.py").write_text(HAZARD)
    assert "noisy.py" in tfautofix(tmp_path, "fix", "noisy.py").stdout  # the configuration's unsafe-fixes
    assert tfautofix(tmp_path, "fix", "noisy.py", "--no-unsafe-fixes").stdout == ""
    assert tfautofix(tmp_path, "check", "hazard.py").returncode == 0  # ignored by the configuration
    assert "TFA008" in tfautofix(tmp_path, "check", "hazard.py", "--select", "TFA008").stdout
    assert "TFA008" in tfautofix(tmp_path, "check", "hazard.py", "--isolated").stdout
    (tmp_path / "other.toml").write_text('[tool.tfautofix]\nselect = ["TFA009"]\n')
    assert tfautofix(tmp_path, "check", ".", "--config", "other.toml").returncode == 0
    missing = tfautofix(tmp_path, "check", ".", "--config", "nope.toml")
    assert missing.returncode == 2 and "nope.toml: --config file not found" in missing.stderr


def test_colour_is_chosen_by_flag(project: Path) -> None:
    assert "\x1b[" in tfautofix(project, "check", "hazard.py", "--color", "always").stdout
    assert "\x1b[" not in tfautofix(project, "check", "hazard.py", "--color", "never").stdout


def test_stdin_check_and_fix(project: Path) -> None:
    checked = tfautofix(project, "check", "-", "--stdin-filename", "pkg/step.py", stdin=HAZARD)
    assert checked.returncode == 1 and checked.stdout.startswith("pkg/step.py:6:5: TFA008")
    fixed = tfautofix(project, "fix", "-", stdin=HAZARD)
    assert fixed.returncode == 0 and fixed.stdout == FIXED
    clean = tfautofix(project, "fix", "-", stdin=FIXED)
    assert clean.returncode == 0 and clean.stdout == FIXED


def test_named_files_are_processed_unless_force_exclude(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.tfautofix]\nexclude = ["generated/"]\n')
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "ops.py").write_text(HAZARD)
    assert tfautofix(tmp_path, "check", ".").returncode == 0
    assert tfautofix(tmp_path, "check", "generated/ops.py").returncode == 1
    assert tfautofix(tmp_path, "check", "generated/ops.py", "--force-exclude").returncode == 0
    piped = tfautofix(tmp_path, "check", "-", "--stdin-filename", "generated/ops.py", "--force-exclude", stdin=HAZARD)
    assert piped.returncode == 0 and piped.stdout == ""


def test_same_file_twice_is_processed_once_and_jobs_0_is_auto(project: Path) -> None:
    result = tfautofix(project, "check", "hazard.py", "./hazard.py", str(project / "hazard.py"), ".", "--jobs", "0")
    assert result.stdout.count("TFA008") == 3  # hazard.py once, report_only.py twice
    assert "in 2 file(s)" in result.stderr


def test_large_files_are_skipped_with_a_note(project: Path) -> None:
    result = tfautofix(project, "check", ".", "--max-file-size", "50")
    assert result.returncode == 0 and result.stdout == ""
    assert f"note: hazard.py: skipped, {len(HAZARD)} bytes is above max-file-size (50 bytes)" in result.stderr
    assert result.stderr.count("skipped") == 2
    (project / "pyproject.toml").write_text('[tool.tfautofix]\nmax-file-size = "1MB"\n')
    assert tfautofix(project, "check", ".").returncode == 1


def test_parse_errors_appear_in_every_machine_format(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("import tensorflow as tf\n\ndef f(:\n    pass\n")
    as_json = tfautofix(tmp_path, "check", ".", "--format", "json")
    (entry,) = json.loads(as_json.stdout)
    assert as_json.returncode == 2 and entry["code"] is None and entry["line"] == 3 and entry["path"] == "broken.py"
    github = tfautofix(tmp_path, "check", ".", "--format", "github").stdout
    assert github.startswith("::error file=broken.py,line=3,")
    sarif = json.loads(tfautofix(tmp_path, "check", ".", "--format", "sarif").stdout)
    assert "broken.py" in json.dumps(sarif) and '"startLine": 3' in json.dumps(sarif)


def test_unknown_suppression_codes_warn_and_decorator_lines_count(tmp_path: Path) -> None:
    (tmp_path / "typo.py").write_text(HAZARD.replace('print("x", tf.reduce_sum(x))', 'print("x", tf.reduce_sum(x))  # tfautofix: ignore[TFA080]'))
    result = tfautofix(tmp_path, "check", "typo.py")
    assert "typo.py:6: warning: unknown rule code 'TFA080' in a suppression comment" in result.stderr
    (tmp_path / "decorated.py").write_text(HAZARD.replace("@tf.function\n", "@tf.function  # tfautofix: ignore[TFA008]\n"))
    assert tfautofix(tmp_path, "check", "decorated.py").returncode == 0


def test_report_merge_refuses_duplicated_or_missing_shards(project: Path) -> None:
    for k in (1, 2, 3):
        tfautofix(project, "check", ".", "--shard", f"{k}/3", "--report", f"s{k}.json")
    twice = tfautofix(project, "report", "merge", "s1.json", "s1.json", "s2.json", "s3.json", "-o", "m.json")
    assert twice.returncode == 2 and "shard 1/3 is given twice" in twice.stderr
    missing = tfautofix(project, "report", "merge", "s1.json", "s3.json", "-o", "m.json")
    assert missing.returncode == 2 and "shard(s) 2/3 missing" in missing.stderr
    assert tfautofix(project, "report", "merge", "s1.json", "s2.json", "s3.json", "-o", "m.json").returncode == 0


def test_notebook_locations_follow_ruffs_cell_convention(tmp_path: Path) -> None:
    (tmp_path / "train.ipynb").write_text(json.dumps({
        "cells": [
            {"cell_type": "markdown", "source": ["# Training\n"], "metadata": {}},
            {"cell_type": "code", "source": HAZARD.splitlines(keepends=True), "metadata": {}, "outputs": []},
        ],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }))
    text = tfautofix(tmp_path, "check", "train.ipynb")
    assert text.stdout.startswith("train.ipynb:cell 2:6:5: TFA008")
    github = tfautofix(tmp_path, "check", "train.ipynb", "--format", "github")
    assert "line=6," in github.stdout and "::cell 2, line 6: `print`" in github.stdout


def test_an_added_tensorflow_import_does_not_shadow_a_global_tf() -> None:
    source = (
        "import random\n\nfrom tensorflow import function\n\ntf = 'mine'\n\n\n"
        "@function\ndef noisy(x):\n    return x + random.random()\n"
    )
    fixed = _fixed(source, "TFA002")
    assert fixed.startswith("import tensorflow\nfrom tensorflow import function\n")  # `import random` went
    assert "tensorflow.random.uniform" in fixed and "tf = 'mine'" in fixed


def test_a_statement_a_fix_puts_after_the_imports_gets_one_blank_line_and_others_keep_theirs() -> None:
    variable = "import tensorflow as tf\n\n\n@tf.function\ndef step(x):\n    v = tf.Variable(0.0)\n    return v + x\n"
    assert "import tensorflow as tf\n\n_step_v = tf.Variable(0.0)\n\n\n@tf.function" in _fixed(variable, "TFA001")
    spaced = HAZARD.replace("\n\n@tf.function", '\n\nLIMIT = 3\n\n\n@tf.function')
    assert "import tensorflow as tf\n\n\nLIMIT = 3\n" in _fixed(spaced)  # the file's own spacing is not a fix's


def _with_a_comment_on_every_line(source: str) -> tuple[str, list[str]]:
    """``source`` with ``# cN`` after every logical line that has no comment yet."""
    import io
    import tokenize

    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    ends = {t.start[0]: t.start[1] for i, t in enumerate(tokens) if t.type == tokenize.NEWLINE and t.string and tokens[i - 1].type != tokenize.COMMENT}
    lines, marked = source.splitlines(keepends=True), []
    for number, column in sorted(ends.items()):
        line = lines[number - 1]
        if not line.lstrip().startswith(("import ", "from ")):  # an import a fix leaves unused goes, with its comment
            marked.append(f"# c{number}")
            lines[number - 1] = f"{line[:column]}  # c{number}{line[column:]}"
    return "".join(lines), marked


def test_every_fix_keeps_the_comments_of_the_lines_it_rewrites() -> None:
    """Each golden input, with a comment on every line, fixed by its rule: no comment is lost
    (those on an ``if``/``while`` a fix turns into ``tf.cond``/``tf.while_loop`` go above it)."""
    from tfautofix.codemods import rule_by_code
    from tfautofix.engine import fix_source

    lost = {}
    for case in sorted((Path(__file__).resolve().parent / "golden").glob("TFA*/*/input.py")):
        source, marked = _with_a_comment_on_every_line(case.read_text())
        fixed, applied, _ = fix_source(source, [rule_by_code(case.parent.parent.name)], unsafe_fixes=True)
        missing = [m for m in marked if not re.search(rf"{m}\b", fixed)]
        if applied and missing:
            lost[f"{case.parent.parent.name}/{case.parent.name}"] = missing
    assert lost == {}, lost


def test_each_rule_module_is_named_after_its_code_and_a_cached_run_imports_no_rule() -> None:
    """``rule_codes()`` reads the codes from module names (``tfa001_variables``) so that a run
    served from the cache needs neither the rule modules nor LibCST."""
    import subprocess
    import sys

    from tfautofix.codemods import all_rules, rule_codes

    assert rule_codes() == tuple(rule.code for rule in all_rules())
    for rule in all_rules():
        assert type(rule).__module__.rsplit(".", 1)[1].split("_")[0].upper() == rule.code
    probe = (
        "import sys, tfautofix.cli, tfautofix.bulk, tfautofix.cache; "
        "print(sorted(m for m in sys.modules if m == 'libcst' or m.startswith(('tfautofix.codemods.', 'tfautofix.engine'))))"
    )
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip() == "[]"


#: Layers, bottom first: a module imports (at run time, lazily, or for type checking) only from
#: its own layer or below. Facts sit under the rules, the rules under the engine (issue 26).
LAYERS = (
    ("tfautofix.analysis.names", "tfautofix.files", "tfautofix.tracing.log", "tfautofix.tracing.signature", "tfautofix.tracing.explain"),
    ("tfautofix.screen", "tfautofix.analysis.traced", "tfautofix.analysis.project"),  # the builtin-ast model
    ("tfautofix.analysis", "tfautofix.imports"),  # LibCST: FileContext and the facts API
    ("tfautofix.rule", "tfautofix.edits", "tfautofix.lift", "tfautofix.codemods"),
)


def _layer(module: str) -> int:
    """The layer of ``module``; anything not listed (engine, CLI, verify, ...) is above the rules."""
    for index, layer in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in layer):
            return index
    return len(LAYERS)


def test_layers_import_downwards_only():
    import ast

    root = Path(__file__).resolve().parents[1]
    upward = []
    for path in sorted((root / "tfautofix").rglob("*.py")):
        module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = [node.module] if isinstance(node, ast.ImportFrom) and node.module else [
                a.name for a in node.names] if isinstance(node, ast.Import) else []
            for target in targets:
                if target.startswith("tfautofix") and _layer(target) > _layer(module):
                    upward.append(f"{module} imports {target} (line {node.lineno})")
    assert upward == [], "\n".join(upward)


def _default_sigint() -> None:
    """In the child: Ctrl-C's default disposition, so Python installs its KeyboardInterrupt handler."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
