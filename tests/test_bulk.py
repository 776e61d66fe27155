"""Bulk runs: per-package configuration, shards, cache, reports, git safety, notebooks (no TensorFlow)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tfautofix
import tfautofix.bulk as bulk
import tfautofix.engine as engine
from tfautofix import cache as cache_module
from tfautofix.bulk import Overrides, Shard, execute, plan
from tfautofix.cache import Cache
from tfautofix.cli import app
from tfautofix.config import _config_in

# A safe fix: a scalar proven numeric (a printed parameter's dtype and size are not known statically).
PRINTS = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print('loss', tf.reduce_sum(x))\n    return x\n"
RELAX = "import tensorflow as tf\n\nf = tf.function(lambda x: x, experimental_relax_shapes=True)\n"


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TFAUTOFIX_CACHE_DIR", str(tmp_path / "cache"))
    _config_in.cache_clear()


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def cli(*args: str):
    return CliRunner().invoke(app, list(args))


def codes(output: str) -> list[tuple[str, str]]:
    return sorted((f["path"], f["code"]) for f in json.loads(output))


# -- configuration ---------------------------------------------------------------


def test_nearest_pyproject_with_a_tfautofix_table_governs_each_file(tmp_path: Path) -> None:
    write(tmp_path, {
        "pyproject.toml": '[tool.tfautofix]\nselect = ["TFA008"]\n',
        "top.py": PRINTS + RELAX,
        "pkg/pyproject.toml": '[tool.tfautofix]\nignore = ["TFA008"]\n',
        "pkg/sub/inner.py": PRINTS + RELAX,
        # A pyproject.toml without the table does not stop the search upwards.
        "other/pyproject.toml": '[project]\nname = "other"\n',
        "other/mod.py": PRINTS + RELAX,
    })
    result = cli("check", ".", "--format", "json", "--jobs", "1")
    assert result.exit_code == 1, result.output
    assert codes(result.stdout) == [
        ("other/mod.py", "TFA008"),
        ("pkg/sub/inner.py", "TFA009"),
        ("top.py", "TFA008"),
    ]


def test_command_line_flags_override_the_configuration(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": '[tool.tfautofix]\nselect = ["TFA008"]\n', "a.py": PRINTS + RELAX})
    result = cli("check", ".", "--format", "json", "--select", "TFA009", "--jobs", "1")
    assert codes(result.stdout) == [("a.py", "TFA009")]


def test_exclude_and_per_file_ignores_are_relative_to_their_pyproject(tmp_path: Path) -> None:
    write(tmp_path, {
        "pkg/pyproject.toml": (
            '[tool.tfautofix]\nexclude = ["generated/"]\n'
            '[tool.tfautofix.per-file-ignores]\n"tests/*.py" = ["TFA008"]\n'
        ),
        "pkg/generated/g.py": PRINTS,
        "pkg/tests/t.py": PRINTS + RELAX,
        "pkg/src/s.py": PRINTS,
    })
    work = plan([Path(".")], Overrides())
    assert [path for path, _ in work.files] == ["pkg/src/s.py", "pkg/tests/t.py"]
    assert work.skipped == [("pkg/generated/g.py", f"excluded by {tmp_path / 'pkg' / 'pyproject.toml'}")]
    result = cli("check", ".", "--format", "json", "--jobs", "1")
    assert codes(result.stdout) == [("pkg/src/s.py", "TFA008"), ("pkg/tests/t.py", "TFA009")]


COUNTS_TRACES = "import tensorflow as tf\n\ntraces = []\n\n@tf.function\ndef step(x):\n    traces.append(1)\n    return x\n"
NUMPY = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    return x.numpy()\n"


def test_the_readme_recipe_for_tests_keeps_what_breaks_them(tmp_path: Path) -> None:
    """README's `per-file-ignores` block for test code, applied as written: tests anywhere
    (`*_test.py`, `test_*.py`, `tests/`) keep TFA010 (`.numpy()` fails traced) but not the
    trace counting or debug prints they do on purpose; library code keeps everything."""
    readme = (Path(tfautofix.__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    recipe = readme.split("```toml\n[tool.tfautofix.per-file-ignores]\n", 1)[1].split("```", 1)[0]
    hazards = PRINTS + COUNTS_TRACES.replace("import tensorflow as tf\n", "").replace("def step", "def count") + (
        NUMPY.replace("import tensorflow as tf\n", "").replace("def step", "def value"))
    write(tmp_path, {
        "pyproject.toml": "[tool.tfautofix.per-file-ignores]\n" + recipe,
        "pkg/layer.py": hazards,
        "pkg/layer_test.py": hazards,
        "pkg/tests/helpers.py": hazards,
        "tests/test_layer.py": hazards,
    })
    result = cli("check", ".", "--format", "json", "--jobs", "1")
    assert codes(result.stdout) == [
        ("pkg/layer.py", "TFA008"), ("pkg/layer.py", "TFA010"), ("pkg/layer.py", "TFA012"),
        ("pkg/layer_test.py", "TFA010"), ("pkg/tests/helpers.py", "TFA010"), ("tests/test_layer.py", "TFA010"),
    ]


def test_unsafe_fixes_from_configuration(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": "[tool.tfautofix]\nunsafe-fixes = true\n", "a.py": PRINTS})
    options = dict(plan([Path(".")], Overrides()).files)["a.py"]
    assert options.unsafe_fixes
    write(tmp_path, {"pyproject.toml": "[tool.tfautofix]\n"})
    _config_in.cache_clear()
    assert not dict(plan([Path(".")], Overrides()).files)["a.py"].unsafe_fixes
    assert dict(plan([Path(".")], Overrides(unsafe_fixes=True)).files)["a.py"].unsafe_fixes


@pytest.mark.parametrize(
    "table, message",
    [
        ("[tool.tfautofix]\nselct = []\n", "unknown key 'selct'"),
        ("[tool.tfautofix]\nselect = 'TFA008'\n", "select must be a list of rule codes"),
        ("[tool.tfautofix]\nignore = ['XYZ']\n", "unknown rule code 'XYZ'"),
        ("[tool.tfautofix\n", "invalid TOML"),
    ],
)
def test_bad_configuration_is_a_one_line_error(tmp_path: Path, table: str, message: str) -> None:
    write(tmp_path, {"pyproject.toml": table, "a.py": PRINTS})
    result = cli("check", ".")
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# -- shards and reports ----------------------------------------------------------


def test_shards_cover_every_file_exactly_once(tmp_path: Path) -> None:
    write(tmp_path, {f"d{i % 7}/m{i}.py": "x = 1\n" for i in range(200)})
    everything = [path for path, _ in plan([Path(".")], Overrides()).files]
    shards = [[path for path, _ in plan([Path(".")], Overrides(), Shard(k, 4)).files] for k in range(1, 5)]
    assert sorted(p for shard in shards for p in shard) == sorted(everything)
    assert all(len(shard) > 20 for shard in shards)  # a real split, not everything in one
    assert shards[1] == [path for path, _ in plan([Path(".")], Overrides(), Shard(2, 4)).files]


@pytest.mark.parametrize("text", ["0/3", "4/3", "a/b", "3"])
def test_bad_shard_is_a_usage_error(tmp_path: Path, text: str) -> None:
    write(tmp_path, {"a.py": "x = 1\n"})
    result = cli("check", ".", "--shard", text)
    assert result.exit_code == 2 and "--shard" in result.stderr


def test_shard_reports_merge_into_the_unsharded_report(tmp_path: Path) -> None:
    files = {f"pkg{i % 2}/m{i}.py": PRINTS if i % 3 else RELAX for i in range(12)}
    files.update({"pkg0/pyproject.toml": "[project]\nname='a'\n", "pkg1/setup.py": "", "bad.py": "def f(:\n"})
    write(tmp_path, files)
    assert cli("fix", ".", "--report", "all.json", "--jobs", "1").exit_code == 2  # bad.py
    for k in (1, 2, 3):
        cli("fix", ".", "--shard", f"{k}/3", "--report", f"s{k}.json", "--jobs", "1")
    merged = cli("report", "merge", "s1.json", "s2.json", "s3.json", "-o", "merged.json")
    assert merged.exit_code == 0, merged.output
    whole = json.loads(Path("all.json").read_text())
    combined = json.loads(Path("merged.json").read_text())
    assert combined["shards"] == ["1/3", "2/3", "3/3"]
    for package in whole["packages"].values():
        package["skipped"].sort(key=str)
    for package in combined["packages"].values():
        package["skipped"].sort(key=str)
    assert combined["packages"] == whole["packages"]
    assert set(whole["packages"]) == {".", "pkg0", "pkg1"}
    assert whole["packages"]["pkg1"]["rules"]["TFA008"]["fixed"] == 4
    assert whole["packages"]["."]["skipped"][0]["path"] == "bad.py"


def test_markdown_report_lists_packages_rules_and_skipped_files(tmp_path: Path) -> None:
    write(tmp_path, {"pkg/pyproject.toml": '[tool.tfautofix]\nexclude = ["old.py"]\n', "pkg/a.py": PRINTS, "pkg/old.py": PRINTS})
    result = cli("check", ".", "--report", "r.md", "--jobs", "1")
    report = Path("r.md").read_text()
    assert result.exit_code == 1
    assert "## pkg" in report and "| TFA008 | 1 | 1 | 0 | 0 |" in report
    assert "`pkg/old.py`: excluded by" in report
    assert cli("report", "merge", "r.md", "-o", "x.json").exit_code == 2


# -- cache -----------------------------------------------------------------------


@pytest.fixture
def processed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    original = engine.process_file  # what bulk's workers call for a file not in the cache

    def counting(path, options, fix):
        calls.append(path)
        return original(path, options, fix)

    monkeypatch.setattr(engine, "process_file", counting)
    return calls


def _check(paths=(".",), overrides=Overrides()):
    outcome = execute(plan([Path(p) for p in paths], overrides), fix=False, jobs=1, cache=Cache())
    return [(f.path, f.code, f.line) for r in outcome.results for f in r.findings]


def test_unchanged_files_come_from_the_cache_with_the_same_findings(tmp_path: Path, processed: list[str]) -> None:
    write(tmp_path, {"a.py": PRINTS, "b.py": RELAX, "c.py": "x = 1\n", "bad.py": "def f(:\n"})
    first = _check()
    assert sorted(processed) == ["a.py", "b.py", "bad.py", "c.py"]
    processed.clear()
    assert _check() == first and processed == []
    again = execute(plan([Path(".")], Overrides()), fix=False, jobs=1, cache=Cache())
    assert dict((r.path, r.error) for r in again.results)["bad.py"].startswith("cannot parse")
    assert [f.fix.applicability for r in again.results for f in r.findings] == ["safe", "safe"]


def test_cache_is_invalidated_by_content_config_and_version(tmp_path: Path, processed, monkeypatch) -> None:
    write(tmp_path, {"a.py": PRINTS, "b.py": RELAX})
    _check()
    write(tmp_path, {"a.py": PRINTS.replace("loss", "cost")})  # content
    processed.clear()
    _check()
    assert processed == ["a.py"]
    write(tmp_path, {"pyproject.toml": '[tool.tfautofix]\nignore = ["TFA009"]\n'})  # configuration
    _config_in.cache_clear()
    processed.clear()
    assert [c for _, c, _ in _check()] == ["TFA008"]
    assert sorted(processed) == ["a.py", "b.py"]
    monkeypatch.setattr(tfautofix, "__version__", "99.0")  # tool version
    cache_module.tool_fingerprint.cache_clear()
    processed.clear()
    _check()
    assert sorted(processed) == ["a.py", "b.py"]
    cache_module.tool_fingerprint.cache_clear()


def test_no_cache_flag_neither_reads_nor_writes(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": PRINTS})
    cli("check", ".", "--no-cache", "--jobs", "1")
    assert not (tmp_path / "cache").exists()
    cli("check", ".", "--jobs", "1")
    assert (tmp_path / "cache" / "results.json").exists()


def test_parallel_run_matches_serial_run(tmp_path: Path) -> None:
    write(tmp_path, {f"m{i}.py": (PRINTS if i % 2 else RELAX) for i in range(20)})
    serial = cli("check", ".", "--format", "json", "--jobs", "1", "--no-cache")
    parallel = cli("check", ".", "--format", "json", "--jobs", "2", "--no-cache")
    assert json.loads(serial.stdout) == json.loads(parallel.stdout) and len(json.loads(serial.stdout)) == 20


# A run whose workers are SIGKILLed (as the OOM killer does) when they reach boom.py.
KILLING_RUN = """
import os, signal, sys
import tfautofix.engine as engine
from tfautofix.cli import main
real = engine.process_file
def process_file(path, *args):
    if path.endswith("boom.py"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(path, *args)
engine.process_file = process_file
sys.argv[0] = "tfautofix"
main()
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the workers inherit the patched module by fork")
@pytest.mark.parametrize("command", [["check", "--format", "json"], ["fix", "--write", "--allow-dirty"]])
def test_a_worker_killed_by_the_os_costs_its_file_only(tmp_path: Path, command: list[str]) -> None:
    files = {f"m{index}.py": PRINTS for index in range(9)}
    write(tmp_path, {**files, "boom.py": PRINTS})
    run = subprocess.run(
        [sys.executable, "-c", KILLING_RUN, *command, "--jobs", "2", "--no-cache", "."],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(Path(tfautofix.__file__).parents[1])},
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 2, run.stderr
    assert "boom.py: worker died (signal 9) while processing this file; skipped" in run.stderr
    assert "Traceback" not in run.stderr
    assert (tmp_path / "boom.py").read_text() == PRINTS
    if command[0] == "check":
        # The lost file is an error entry (code null) among the others' findings.
        assert codes(run.stdout) == [("boom.py", None)] + [(f"m{index}.py", "TFA008") for index in range(9)]
    else:
        assert all("tf.print" in (tmp_path / name).read_text() for name in files)
        assert "Fixed 9 finding(s) in 9 file(s)" in run.stderr


def _double(value: int) -> int:
    return 2 * value


def _lost(task: int, how: str) -> tuple[str, int, str]:
    return "lost", task, how


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the workers get the test's functions by fork")
def test_a_worker_that_died_idle_is_replaced_and_no_task_is_lost() -> None:
    import signal

    with bulk._Workers(2) as workers:
        assert sorted(workers.map(_double, list(range(8)), _lost)) == [2 * i for i in range(8)]
        victim = workers.started[-1].process  # idle now; the next map sends it tasks at once
        os.kill(victim.pid, signal.SIGKILL)
        victim.join(10)
        assert sorted(workers.map(_double, list(range(8)), _lost)) == [2 * i for i in range(8)]
        assert len(workers.started) == 2 and victim not in [w.process for w in workers.started]


# -- git safety ------------------------------------------------------------------


def git(*args: str) -> None:
    subprocess.run(["git", *args], check=True, capture_output=True)


def test_write_refuses_files_with_uncommitted_changes(tmp_path: Path) -> None:
    write(tmp_path, {"clean.py": PRINTS, "dirty.py": PRINTS})
    git("init", "-q")
    git("-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    write(tmp_path, {"dirty.py": PRINTS + "# my work in progress\n", "new.py": PRINTS})
    result = cli("fix", ".", "--write", "--jobs", "1")
    assert result.exit_code == 2
    assert "dirty.py: has uncommitted changes" in result.stderr and "new.py: has uncommitted changes" in result.stderr
    assert "--allow-dirty" in result.stderr and "git checkout -- PATH" in result.stderr
    assert Path("dirty.py").read_text() == PRINTS + "# my work in progress\n"
    assert "tf.print" in Path("clean.py").read_text()
    result = cli("fix", ".", "--write", "--allow-dirty", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "tf.print" in Path("dirty.py").read_text() and "# my work in progress" in Path("dirty.py").read_text()


# -- notebooks -------------------------------------------------------------------


def notebook(*cells: tuple[str, object]) -> dict:
    return {
        "cells": [
            {"cell_type": kind, "metadata": {}, "source": source,
             **({"execution_count": 1, "outputs": [{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}]} if kind == "code" else {})}
            for kind, source in cells
        ],
        "metadata": {"language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


NOTEBOOK = notebook(
    ("markdown", ["# print(x) here is prose\n"]),
    ("code", ["%matplotlib inline\n", "import tensorflow as tf\n", "!pip list"]),
    ("code", ["%%bash\n", "echo print\n"]),
    ("code", ["@tf.function\n", "def step(x):\n", "    print('loss', x)\n", "    %time y = 1\n", "    return x\n"]),
    ("code", "files = !ls\nstep(tf.constant(1.0))"),
)


def test_notebook_code_cells_are_fixed_and_everything_else_kept(tmp_path: Path) -> None:
    original = json.dumps(NOTEBOOK, indent=1, ensure_ascii=False) + "\n"
    write(tmp_path, {"nb.ipynb": original})
    checked = cli("check", ".", "--format", "json", "--jobs", "1")
    [finding] = json.loads(checked.stdout)
    assert (finding["path"], finding["cell"], finding["line"], finding["column"]) == ("nb.ipynb", 4, 3, 5)
    # A notebook's tf.print output may not reach the notebook (the "stdout" fact): the fix is unsafe.
    assert cli("fix", ".", "--write", "--unsafe-fixes", "--no-verify", "--jobs", "1").exit_code == 0
    fixed = json.loads(Path("nb.ipynb").read_text())
    cells = fixed["cells"]
    # the added import joins the cell's imports below its leading magic (which may install what they import)
    assert cells[1]["source"] == ["%matplotlib inline\n", "import sys\n", "\n", "import tensorflow as tf\n", "!pip list"]
    assert cells[3]["source"][2] == "    tf.print('loss', x, summarize=-1, output_stream=sys.stdout)\n"
    assert cells[3]["source"][3] == "    %time y = 1\n"
    for index in (0, 2, 4):
        assert cells[index] == NOTEBOOK["cells"][index]
    assert all(cell.get("outputs") == NOTEBOOK["cells"][1]["outputs"] for cell in cells if cell["cell_type"] == "code")
    before = Path("nb.ipynb").read_bytes()
    assert cli("fix", ".", "--write", "--unsafe-fixes", "--no-verify", "--jobs", "1").exit_code == 0
    assert Path("nb.ipynb").read_bytes() == before


def test_notebook_without_findings_is_untouched_and_bad_json_is_reported(tmp_path: Path) -> None:
    clean = json.dumps(notebook(("code", ["import tensorflow as tf\n", "x = tf.constant(1)"])))
    write(tmp_path, {"ok.ipynb": clean, "broken.ipynb": "{not json"})
    result = cli("fix", ".", "--write", "--jobs", "1")
    assert result.exit_code == 2 and "broken.ipynb: cannot parse notebook" in result.stderr
    assert Path("ok.ipynb").read_text() == clean


# -- pre-commit ------------------------------------------------------------------


def test_pre_commit_hooks_run_on_staged_files(tmp_path: Path) -> None:
    yaml = pytest.importorskip("yaml")
    hooks = {hook["id"]: hook for hook in yaml.safe_load((Path(__file__).parent.parent / ".pre-commit-hooks.yaml").read_text())}
    write(tmp_path, {"a.py": "x = 1\n"})
    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    write(tmp_path, {"a.py": PRINTS})
    git("add", "a.py")  # staged, as pre-commit leaves it; pre-commit appends the file names
    check = hooks["tfautofix-check"]["entry"].split()[1:]
    assert cli(*check, "a.py").exit_code == 1
    fix = hooks["tfautofix-fix"]["entry"].split()[1:]
    assert cli(*fix, "a.py").exit_code == 0 and "tf.print" in Path("a.py").read_text()
    assert cli(*check, "a.py").exit_code == 0


# -- the project index: traced code across the files of one run (issue 18) -------------------

PROJECT = {
    "pkg/__init__.py": "",
    "pkg/compat.py": "import tensorflow as tf\n",
    "pkg/utils.py": (
        "def helper(x):\n    print('helper', x)\n    return deeper(x)\n\n\n"
        "def deeper(x):\n    print('deeper', x)\n    return x\n\n\n"
        "def unused(x):\n    print('unused', x)\n"
    ),
    "pkg/common.py": (
        "import tensorflow as tf\n\n\ndef function(*args, **kwargs):\n"
        "    autograph = kwargs.pop('autograph', False)\n"
        "    return tf.function(*args, autograph=autograph, **kwargs)\n"
    ),
    # `tf` re-exported by the project, a helper of another module
    "pkg/train.py": "from .compat import tf\nfrom .utils import helper\n\n\n@tf.function\ndef step(x):\n    return helper(x)\n",
    # a tf.function wrapper of another module (TF-Agents' common.function)
    "pkg/agent.py": (
        "from pkg import common\n\n\nclass Agent:\n    def __init__(self):\n"
        "        self.run = common.function(self.run)\n\n    def run(self, x):\n        print('run', x)\n        return x\n"
    ),
}


def _prints(jobs: int = 1, cache: bool = True) -> set[tuple[str, int]]:
    outcome = execute(plan([Path("pkg")], Overrides(select=("TFA008",))), fix=False, jobs=jobs, cache=Cache() if cache else None)
    return {(Path(f.path).as_posix(), f.line) for result in outcome.results for f in result.findings}


def test_traced_code_crosses_the_modules_of_a_run() -> None:
    write(Path("."), PROJECT)
    expected = {("pkg/utils.py", 2), ("pkg/utils.py", 7), ("pkg/agent.py", 9)}
    assert _prints(cache=False) == expected
    assert _prints(jobs=2, cache=False) == expected
    assert _prints() == expected  # fills the cache
    assert _prints() == expected  # served from it: the facts come from the cached summaries
    # utils.py is unchanged, but no longer called from traced code: its cached result must not stand.
    write(Path("."), {"pkg/train.py": "from .compat import tf\nfrom .utils import helper\n\n\ndef step(x):\n    return helper(x)\n"})
    assert _prints() == {("pkg/agent.py", 9)}


@pytest.mark.parametrize("spelling", ["load", "load as read_records"])
def test_a_branch_other_modules_never_take_is_not_traced(spelling: str) -> None:
    """TF-Agents: `data_utils` maps `create` over a dataset, which calls
    `example_encoding_dataset.load(..., decoder=decoder)`; `load`'s `if not decoder:` reads a
    spec file (TFA016) for callers that omit it. Not traced while every traced call in the
    run passes it, whatever name the import gives it; reported once one omits it (through
    the cache too)."""
    loader = (
        "import tensorflow as tf\n\n\ndef load(files, decoder=None):\n    if not decoder:\n"
        "        tf.io.gfile.exists(files)\n        decoder = tf.identity\n    return decoder(files)\n"
    )
    name = spelling.split()[-1]
    user = (
        f"import functools\nimport tensorflow as tf\nfrom pkg.loader import {spelling}\n\n\n"
        f"def create(files, decoder=None):\n    return {name}(files, decoder=decoder)\n\n\n"
        "def pipeline(ds, decoder):\n    return ds.interleave(functools.partial(create, decoder=decoder))\n"
    )
    write(Path("."), {"pkg/__init__.py": "", "pkg/loader.py": loader, "pkg/data.py": user})

    def found(cache: bool = True) -> list[tuple[str, int]]:
        outcome = execute(plan([Path("pkg")], Overrides(select=("TFA016",))), fix=False, jobs=1, cache=Cache() if cache else None)
        return [(Path(f.path).as_posix(), f.line) for r in outcome.results for f in r.findings]

    assert found(cache=False) == []
    assert found() == []  # fills the cache
    assert found() == []  # served from it
    write(Path("."), {"pkg/data.py": user + f"\n\n@tf.function\ndef step(files):\n    return {name}(files)\n"})
    assert found() == [("pkg/loader.py", 6)]


def test_a_branch_is_traced_when_another_module_also_uses_the_function_as_a_value() -> None:
    """`LOADERS = {"tfrecord": load}`: code the model does not follow may call `load` without
    a decoder, so every traced call passing one does not make its `if not decoder:` dead."""
    write(Path("."), {
        "pkg/__init__.py": "",
        "pkg/loader.py": (
            "import tensorflow as tf\n\n\ndef load(files, decoder=None):\n    if not decoder:\n"
            "        tf.io.gfile.exists(files)\n        decoder = tf.identity\n    return decoder(files)\n"
        ),
        "pkg/data.py": (
            "import tensorflow as tf\nfrom pkg.loader import load\n\nLOADERS = {'tfrecord': load}\n\n\n"
            "@tf.function\ndef step(files, decoder):\n    return load(files, decoder=decoder)\n"
        ),
    })
    outcome = execute(plan([Path("pkg")], Overrides(select=("TFA016",))), fix=False, jobs=1)
    assert [(Path(f.path).as_posix(), f.line) for r in outcome.results for f in r.findings] == [("pkg/loader.py", 6)]


def test_fix_learns_the_project_facts_before_writing() -> None:
    write(Path("."), PROJECT)
    # unsafe fixes too: a printed parameter's dtype is not known statically (closed world)
    outcome = execute(plan([Path("pkg")], Overrides(select=("TFA008",), unsafe_fixes=True)), fix=True, jobs=1)
    fixed = {Path(r.path).as_posix() for r in outcome.results if r.changed}
    assert fixed == {"pkg/utils.py", "pkg/agent.py"}


def test_tensorflow_own_modules_are_not_made_traced_by_their_callers() -> None:
    """TensorFlow's and Keras' internals build graphs at trace time by design: a run over
    their package does not propagate tracing into them across modules."""
    from tfautofix.analysis.project import Summary, facts_for

    caller = Summary("tensorflow.python.ops.math_ops", traced_out={"tensorflow.python.util.dispatch.helper": ("called", None)})
    callee = Summary("tensorflow.python.util.dispatch")
    user = Summary("train", traced_out={"utils.helper": ("called", None)})
    helper = Summary("utils")
    facts = facts_for({"math_ops.py": caller, "dispatch.py": callee, "train.py": user, "utils.py": helper})
    assert "dispatch.py" not in facts and facts["utils.py"].traced == {"helper": ("called", None)}


def test_a_wrapper_of_another_module_turns_autograph_off_for_tfa003() -> None:
    """TF-Agents' `common.function` defaults to autograph=False: an `if` on a tensor in what it
    wraps raises OperatorNotAllowedInGraphError, though the wrapped file never says `autograph`."""
    write(Path("."), {**PROJECT, "pkg/agent.py": (
        "import tensorflow as tf\n\nfrom pkg import common\n\n\nclass Agent:\n    def __init__(self):\n"
        "        self.run = common.function(self.run)\n\n    def run(self, x):\n"
        "        if tf.reduce_sum(x) > 0:\n            x = x - 1\n        return x\n"
    )})
    outcome = execute(plan([Path("pkg")], Overrides(select=("TFA003",))), fix=False, jobs=1)
    found = [(Path(f.path).as_posix(), f.line, f.message) for r in outcome.results for f in r.findings]
    assert [(path, line) for path, line, _ in found] == [("pkg/agent.py", 11)]
    assert "defaults to autograph=False" in found[0][2]


def test_functions_of_another_module_handed_to_dataset_map_or_tf_function_are_traced() -> None:
    write(Path("."), {
        "lib/__init__.py": "",
        "lib/ops.py": (
            "import tensorflow as tf\n\n\ndef parse(x):\n    print('parse', x)\n    return x\n\n\n"
            "def step(x):\n    if tf.reduce_sum(x) > 0:\n        x = x - 1\n    return x\n\n\n"
            "def unused(x):\n    print('unused', x)\n"
        ),
        "lib/train.py": (
            "import tensorflow as tf\n\nfrom lib import ops\n\n"
            "ds = tf.data.Dataset.range(3).map(ops.parse)\nfast = tf.function(ops.step, autograph=False)\n"
        ),
    })
    outcome = execute(plan([Path("lib")], Overrides(select=("TFA003", "TFA008"))), fix=False, jobs=1)
    found = {(Path(f.path).as_posix(), f.line, f.code) for r in outcome.results for f in r.findings}
    assert found == {("lib/ops.py", 5, "TFA008"), ("lib/ops.py", 10, "TFA003")}


@pytest.mark.parametrize(
    "arguments, expected",
    [
        ("x, self._size_per_head", set()),  # a config attribute: a Python int when traced
        ("x, x.shape[-1] // 2", set()),  # a static shape
        ("x, size=64", set()),
        ("x, tf.shape(x)[-1]", {("lib/attention.py", 6)}),  # a dynamic shape: a tensor
        ("x, size=tf.size(x)", {("lib/attention.py", 6)}),
    ],
)
def test_a_helper_of_another_module_gets_the_argument_kinds_its_traced_callers_pass(arguments: str, expected) -> None:
    """tf-models-official's BigBird: `np.sqrt(size)` in a helper module is a false positive
    when every traced caller passes a Python int, and a real hazard when one passes a tensor.
    The kinds cross modules in the project summaries, also from the cache."""
    write(Path("."), {
        "lib/__init__.py": "",
        "lib/attention.py": (
            "import numpy as np\n\n\ndef attend(query, size):\n    d = size\n"
            "    return query / np.sqrt(d)\n"
        ),
        "lib/layer.py": (
            "import tensorflow as tf\n\nfrom lib import attention\n\n\nclass Layer(tf.keras.layers.Layer):\n"
            "    def __init__(self, size):\n        super().__init__()\n        self._size_per_head = size\n\n"
            f"    def call(self, x):\n        return attention.attend({arguments})\n"
        ),
    })

    def found() -> set[tuple[str, int]]:
        outcome = execute(plan([Path("lib")], Overrides(select=("TFA010",))), fix=False, jobs=1, cache=Cache())
        return {(Path(f.path).as_posix(), f.line) for r in outcome.results for f in r.findings}

    assert found() == expected
    assert found() == expected  # from the cache: the kinds come from the cached summaries
    fixing = execute(plan([Path("lib")], Overrides(select=("TFA010",))), fix=True, jobs=1)  # learns them from summaries alone
    assert {(Path(f.path).as_posix(), f.line) for r in fixing.results for f in r.findings} == expected


@pytest.mark.parametrize("use", ["len([attention.attend])", "tf.nest.map_structure(attention.attend, [x], [x])[0]"])
def test_a_helper_another_module_also_uses_as_a_value_keeps_every_parameter(use: str) -> None:
    """`[attention.attend]` may reach code the model does not see, and `nest.map_structure`
    passes it the leaves (tensors) of its structures: the Python int of the direct call
    does not make `size` a Python value."""
    write(Path("."), {
        "lib/__init__.py": "",
        "lib/attention.py": "import numpy as np\n\n\ndef attend(query, size):\n    return query / np.sqrt(size)\n",
        "lib/train.py": (
            "import tensorflow as tf\n\nfrom lib import attention\n\n\n@tf.function\ndef step(x):\n"
            f"    return attention.attend(x, 64) + {use}\n"
        ),
    })
    outcome = execute(plan([Path("lib")], Overrides(select=("TFA010",))), fix=False, jobs=1)
    assert {(Path(f.path).as_posix(), f.line) for r in outcome.results for f in r.findings} == {("lib/attention.py", 5)}


# -- issue 20's rules across modules, with a re-exported `tf` ------------------------------------

NEW_RULES = ("TFA013", "TFA014", "TFA015", "TFA016", "TFA017", "TFA018")
HAZARDS = {
    "pkg/__init__.py": "",
    "pkg/compat.py": "import tensorflow as tf\n",
    # helpers that are only traced because `pkg/train.py`'s tf.function calls them
    "pkg/helpers.py": (
        "import json\n\nfrom .compat import tf\n\nSCALE = 1.0\n\n\n"
        "def set_scale(value):\n    global SCALE\n    SCALE = value\n\n\n"
        "def normalize(x):\n    return tf.keras.layers.LayerNormalization()(x)\n\n\n"  # line 14: TFA013
        "def scaled(x):\n    return x * SCALE\n\n\n"  # line 18: TFA014
        "def load_factor(x):\n    with open('config.json') as f:\n        factor = json.load(f)['factor']\n"
        "    return x * factor\n\n\n"  # line 22: TFA016
        "def checked(x):\n    assert tf.reduce_sum(x) > 0.0, 'empty batch'\n    return x\n"  # line 28: TFA018
    ),
    "pkg/train.py": (
        "from .compat import tf\nfrom .helpers import checked, load_factor, normalize, scaled\n\n\n"
        "@tf.function\ndef step(x):\n    return checked(load_factor(scaled(normalize(x))))\n\n\n"
        "@tf.function(input_signature=[tf.TensorSpec([None, 3])])\n"
        "def pad(x):\n    return tf.concat([x, tf.zeros([x.shape[0], 1])], axis=1)\n\n\n"  # line 12: TFA015
        "@tf.function\ndef factorial(n):\n    if n <= 1:\n        return tf.constant(1)\n"
        "    return n * factorial(n - 1)\n"  # line 19: TFA017
    ),
}


def _new_rule_findings() -> set[tuple[str, int, str]]:
    outcome = execute(plan([Path("pkg")], Overrides(select=NEW_RULES)), fix=False, jobs=1)
    return {(Path(f.path).as_posix(), f.line, f.code) for r in outcome.results for f in r.findings}


def test_new_rules_fire_in_a_helper_module_and_with_a_reexported_tf() -> None:
    """TFA013/014/016/018 in helpers traced only from another module's tf.function; TFA015 and
    TFA017 on tf.functions spelled with the project's `from .compat import tf` (issue 20)."""
    write(Path("."), HAZARDS)
    assert _new_rule_findings() == {
        ("pkg/helpers.py", 14, "TFA013"),
        ("pkg/helpers.py", 18, "TFA014"),
        ("pkg/helpers.py", 22, "TFA016"),
        ("pkg/helpers.py", 28, "TFA018"),
        ("pkg/train.py", 12, "TFA015"),
        ("pkg/train.py", 19, "TFA017"),
    }
    # the same helpers, no longer called from traced code: nothing to say about them
    write(Path("."), {"pkg/train.py": HAZARDS["pkg/train.py"].replace("@tf.function\ndef step", "def step")})
    assert {path for path, _, _ in _new_rule_findings()} == {"pkg/train.py"}


def test_fixes_spell_tensorflow_with_the_reexported_tf() -> None:
    """A file whose TensorFlow is `from .compat import tf` gets `tf.shape`/`tf.debugging`, not a
    second `import tensorflow`."""
    write(Path("."), HAZARDS)
    outcome = execute(plan([Path("pkg")], Overrides(select=NEW_RULES, unsafe_fixes=True)), fix=True, jobs=1)
    fixed = {Path(r.path).as_posix(): r.fixed for r in outcome.results if r.changed}
    assert fixed.keys() == {"pkg/helpers.py", "pkg/train.py"}
    helpers, train = fixed["pkg/helpers.py"], fixed["pkg/train.py"]
    assert "    tf.debugging.Assert(tf.reduce_sum(x) > 0.0, ['empty batch'])\n" in helpers
    assert "_layer_normalization = tf.keras.layers.LayerNormalization()\n" in helpers
    assert "tf.zeros([tf.shape(x)[0], 1])" in train
    assert "import tensorflow" not in helpers + train


def test_keras_re_exported_through_a_guarded_import_is_the_preferred_keras() -> None:
    """Hugging Face's ``modeling_tf_utils``: ``try: import tf_keras as keras`` / ``except
    ImportError: import keras``; its models import ``keras`` from it. Their layers are Keras
    layers (TFA002 in ``call``), and tf-keras ones: AutoGraph converts ``call`` (no TFA003)."""
    write(Path("."), {
        "hf/__init__.py": "",
        "hf/utils.py": "try:\n    import tf_keras as keras\nexcept ImportError:\n    import keras\n",
        "hf/model.py": (
            "import random\n\nimport tensorflow as tf\n\nfrom .utils import keras\n\n\n"
            "class Encoder(keras.layers.Layer):\n    def call(self, x, training=False):\n"
            "        if tf.reduce_sum(x) > 0:\n            x = x * 2.0\n"
            "        if random.uniform(0, 1) < 0.5:\n            return x\n        return x + 1.0\n"
        ),
    })
    outcome = execute(plan([Path("hf")], Overrides(select=("TFA002", "TFA003"))), fix=False, jobs=1)
    assert {(Path(f.path).as_posix(), f.line, f.code) for r in outcome.results for f in r.findings} == {("hf/model.py", 12, "TFA002")}


def test_tensorflow_re_exported_from_a_lazy_import_block() -> None:
    """TensorFlow Datasets: ``with epy.lazy_imports(): import tensorflow`` in one module,
    ``from ...lazy_imports_utils import tensorflow as tf`` everywhere else."""
    write(Path("."), {
        "tfds/__init__.py": "",
        "tfds/lazy.py": "import contextlib\n\nwith contextlib.nullcontext():\n    import tensorflow\n",
        "tfds/reader.py": "from tfds.lazy import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    print(x)\n    return x\n",
    })
    outcome = execute(plan([Path("tfds")], Overrides(select=("TFA008",))), fix=False, jobs=1)
    assert {(Path(f.path).as_posix(), f.line) for r in outcome.results for f in r.findings} == {("tfds/reader.py", 6)}


def test_cross_file_facts_do_not_depend_on_which_file_finished_first() -> None:
    """Two traced callers in two files reach one helper: the reason its file is told (and so the
    message naming the caller) is the same whichever summary arrived first (workers finish in
    any order)."""
    from tfautofix.analysis.project import Summary, facts_for

    helper = Summary("pkg.utils")
    first = Summary("pkg.a", imports=["pkg.utils"], traced_out={"pkg.utils.helper": ("called from traced `a`", None)})
    second = Summary("pkg.b", imports=["pkg.utils"], traced_out={"pkg.utils.helper": ("called from traced `b`", None)})
    one = facts_for({"utils.py": helper, "a.py": first, "b.py": second})
    other = facts_for({"b.py": second, "utils.py": helper, "a.py": first})
    assert one["utils.py"].traced == other["utils.py"].traced == {"helper": ("called from traced `a`", None)}


def test_a_notebook_is_measured_by_its_code_cells_not_its_stored_outputs(tmp_path: Path) -> None:
    image = {"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBORw0KGgo" * 300_000}}  # 3.3 MB
    plotted = notebook(("code", PRINTS + "step(tf.constant(1.0))\n"))
    plotted["cells"][0]["outputs"] = [image]
    write(tmp_path, {"plots.ipynb": json.dumps(plotted), "generated.ipynb": json.dumps(notebook(("code", PRINTS * 40)))})
    result = cli("check", ".", "--format", "json", "--jobs", "1", "--max-file-size", "2KB")
    assert [(f["path"], f["code"]) for f in json.loads(result.stdout)] == [("plots.ipynb", "TFA008")]
    assert "generated.ipynb: skipped, code cells: 4 KB is above max-file-size (2 KB)" in result.stderr
    assert "plots.ipynb: skipped" not in result.stderr


def test_cell_magics_running_python_here_are_analysed_and_kept_first(tmp_path: Path) -> None:
    step = ["@tf.function\n", "def step(x):\n", "    print('loss', x)\n", "    return x\n"]
    original = notebook(
        ("code", ["%%time\n", "import tensorflow as tf\n", *step]),  # the fix's `import sys` must go below %%time
        ("code", ["%%capture out\n", *step]),
        *[("code", [f"%%{magic}\n", *step]) for magic in ("bash", "writefile t.py", "python3", "backend tpu")],
    )
    write(tmp_path, {"nb.ipynb": json.dumps(original, indent=1)})
    checked = json.loads(cli("check", ".", "--format", "json", "--jobs", "1").stdout)
    assert [(f["cell"], f["line"], f["column"], f["code"]) for f in checked] == [(1, 5, 5, "TFA008"), (2, 4, 5, "TFA008")]
    # A notebook's tf.print output may not reach the notebook (the "stdout" fact): the fix is unsafe.
    assert cli("fix", ".", "--write", "--unsafe-fixes", "--no-verify", "--jobs", "1").exit_code == 0
    cells = json.loads(Path("nb.ipynb").read_text())["cells"]
    assert cells[0]["source"][:3] == ["%%time\n", "import sys\n", "\n"]
    assert cells[1]["source"][0] == "%%capture out\n"
    assert all("    tf.print('loss', x, summarize=-1, output_stream=sys.stdout)\n" in cell["source"] for cell in cells[:2])
    assert cells[2:] == original["cells"][2:]  # not Python run in this notebook: untouched


def test_an_import_a_fix_adds_goes_below_the_notebooks_leading_pip_install(tmp_path: Path) -> None:
    """`!pip install tensorflow==...` first: an import above it would run before the install."""
    install = ("code", ["!pip install -q tensorflow==2.15.0\n"])
    uses = ("code", ["import tensorflow as tf\n", "\n", "@tf.function\n", "def step(x):\n", "    print('loss', x)\n", "    return x\n"])
    write(tmp_path, {"nb.ipynb": json.dumps(notebook(install, uses))})
    assert cli("fix", ".", "--write", "--unsafe-fixes", "--no-verify", "--jobs", "1").exit_code == 0
    cells = json.loads(Path("nb.ipynb").read_text())["cells"]
    assert cells[0]["source"] == ["!pip install -q tensorflow==2.15.0\n"]
    assert cells[1]["source"][:3] == ["import sys\n", "\n", "import tensorflow as tf\n"]


def test_a_notebooks_pip_pins_are_facts_and_its_magics_are_kept(tmp_path: Path) -> None:
    """`!pip install tensorflow==2.15` makes `import keras` Keras 2 (no `keras.ops`): TFA011 writes
    the TensorFlow-tensor conversion, with the Keras version known (issue 28)."""
    original = notebook(
        ("code", ["!pip install -q tensorflow==2.15.0\n", "%matplotlib inline\n"]),
        ("code", ["import keras\n", "import numpy as np\n", "import tensorflow as tf\n", "inputs = keras.Input((2,))\n",
                  "model = keras.Model(inputs, [keras.layers.Dense(1)(inputs), inputs])\n"]),
        ("code", ["scores = [model.predict(row[None], verbose=0) for row in np.ones((64, 2))]\n"]),
    )
    write(tmp_path, {"nb.ipynb": json.dumps(original, indent=1)})
    [finding] = json.loads(cli("check", ".", "--format", "json", "--jobs", "1", "--select", "TFA011").stdout)
    assert "keras-version" not in finding["message"] and "unsafe" in finding["message"]
    assert cli("fix", ".", "--write", "--unsafe-fixes", "--no-verify", "--jobs", "1", "--select", "TFA011").exit_code == 0
    cells = json.loads(Path("nb.ipynb").read_text())["cells"]
    assert cells[0]["source"] == original["cells"][0]["source"]  # the masked magics restored as they were
    assert "tf.nest.map_structure(lambda t: t.numpy(), model(row[None], training=False))" in "".join(cells[2]["source"])
