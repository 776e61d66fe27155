"""Every input read from outside, generated (hypothesis): trace logs, notebooks, configurations,
suppression comments. Whatever they hold, no traceback: a one-line error and exit 2 where the
input is invalid, the other files still processed (no TensorFlow)."""

from __future__ import annotations

import copy
import functools
import json
import operator
import os
from pathlib import Path

import nbformat
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tfautofix.cli import app
from tfautofix.codemods import rule_codes
from tfautofix.config import _config_in
from tfautofix.engine import Options
from tfautofix.notebook import _join, _split_into, process_notebook

HAZARD = "import tensorflow as tf\n\n\n@tf.function\ndef step(x, n):\n    print('loss', x)\n    return x * n\n"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**12) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def maybe(valid: st.SearchStrategy) -> st.SearchStrategy:
    """Mostly what the format says, sometimes any JSON value."""
    return st.one_of(valid, valid, valid, json_values)


def run(tmp_path: Path, *args: str):
    cwd = os.getcwd()
    os.chdir(tmp_path)
    _config_in.cache_clear()
    try:
        return CliRunner().invoke(app, list(args))
    finally:
        os.chdir(cwd)


def assert_clean(result, allowed=(0, 1, 2)) -> None:
    """No traceback; an exit 2 says why in one line."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in allowed, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    if result.exit_code == 2:
        errors = [line for line in result.stderr.splitlines() if line.startswith("error:") or ": cannot" in line]
        assert errors, result.stderr


# -- trace logs -------------------------------------------------------------------

def _recorded() -> dict:
    return json.loads((Path(__file__).parent / "data" / "traces" / "retrace_dtype_shape_int.json").read_text(encoding="utf-8"))


def _tensor(shape, dtype="float32") -> dict:
    return {"kind": "tensor", "shape": shape, "dtype": dtype}


#: Valid logs with every field FORMAT.md describes; the generated ones change a few of their values.
EVERY_FIELD = {
    "format": "tfautofix-traces", "version": 1, "command": ["python", "model.py"], "exit_code": 1,
    "processes": [{"pid": 1, "argv": ["model.py"]}, {"pid": 2, "argv": ["model.py"]}],
    "functions": [{
        "file": "model.py", "line": 4, "qualname": "step", "parameters": ["x", "n", "model", "xs"],
        "options": {"input_signature": False, "reduce_retracing": False, "jit_compile": None, "autograph": True},
        "calls": 5, "instances": 2, "tracing_seconds": 0.5, "library": False,
        "traces": [
            {"process": 0, "instance": 0, "seconds": 0.1, "changed": None, "variables": 1, "creators": ["step"],
             "call_site": {"file": "model.py", "line": 9}, "converted": {"n": [{"file": "model.py", "line": 5, "dtype": "int32", "count": 1}]},
             "parameters": {"x": _tensor([2, 3]), "n": {"kind": "python", "type": "int", "value": 1},
                            "model": {"kind": "object", "type": "keras.Model", "id": "1"},
                            "xs": {"kind": "list", "items": [_tensor([1]), {"kind": "dict", "items": {"a": _tensor(None, "int32")}}]}}},
            {"process": 0, "instance": 0, "seconds": 0.1, "changed": [], "variables": 0, "parameters": {"x": _tensor([2, 3])}},
            {"process": 1, "instance": 1, "seconds": 0.1, "changed": ["x", "n"], "call_site": {"file": "model.py", "line": 10},
             "parameters": {"x": _tensor([4, None], "float64"), "n": {"kind": "python", "type": "float", "value": 2.5}},
             "error": {"type": "ValueError", "message": "tf.function only supports singleton tf.Variables. More.", "file": "model.py", "line": 6},
             "events": [{"kind": "print", "file": "model.py", "line": 5, "detail": "print() ran once, at trace time"},
                        {"kind": "variable", "file": "model.py", "line": 6}]},
        ],
    }],
    "scope": [{"file": "model.py", "lines": [5, 6], "functions": [{"line": 4, "qualname": "step"}]}],
    "events": [{"kind": "random", "file": "model.py", "line": 7, "detail": "frozen", "function": "augment"}],
}


def _paths(value, path=()):
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _paths(item, (*path, key))


@st.composite
def logs(draw) -> dict:
    """A valid log with one to three values replaced by any JSON, or keys removed."""
    log = copy.deepcopy(draw(st.sampled_from([EVERY_FIELD, _recorded()])))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(log))[1:]))
        parent = functools.reduce(operator.getitem, path[:-1], log)
        if isinstance(parent, dict) and draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(json_values)
    return log


def test_the_logs_mutated_are_valid(tmp_path: Path) -> None:
    for log in (EVERY_FIELD, _recorded()):
        (tmp_path / "traces.json").write_text(json.dumps(log), encoding="utf-8")
        assert run(tmp_path, "explain", "traces.json").exit_code == 0


@SETTINGS
@given(log=logs(), cut=st.none() | st.integers(0, 400), output=st.sampled_from(["text", "json"]))
def test_any_trace_log_is_explained_or_refused_in_one_line(tmp_path: Path, log: dict, cut: int | None, output: str) -> None:
    text = json.dumps(log)
    (tmp_path / "traces.json").write_text(text if cut is None else text[:cut], encoding="utf-8")
    assert_clean(run(tmp_path, "explain", "traces.json", "--format", output), allowed=(0, 2))


@SETTINGS
@given(log=logs(), cut=st.none() | st.integers(0, 400))
def test_any_trace_log_given_to_check_is_used_or_refused_in_one_line(tmp_path: Path, log: dict, cut: int | None) -> None:
    (tmp_path / "model.py").write_text(HAZARD + "step(tf.ones((2, 3)), 1)\n", encoding="utf-8")
    text = json.dumps(log)
    (tmp_path / "traces.json").write_text(text if cut is None else text[:cut], encoding="utf-8")
    assert_clean(run(tmp_path, "check", ".", "--traces", "traces.json", "--no-cache", "--jobs", "1"))


# -- notebooks --------------------------------------------------------------------

LINES = [
    "import tensorflow as tf\n", "@tf.function\n", "def step(x):\n", "    print('loss', x)\n", "    v = tf.Variable(1.0)\n",
    "    return x\n", "%matplotlib inline\n", "!pip install tensorflow\n", "files = !ls\n", "%time y = 1\n", "x = 1\n",
    "%%time\n", "%%capture out\n", "%%bash\n", "%%writefile f.py\n", "%%timeit -n 1\n", "def broken(:\n", "\n", "    \n",
    "step(tf.constant(1.0))\n", "# tfautofix: ignore[TFA008]\n", "x = 'é\u2028'\n",
]
sources = st.lists(st.sampled_from(LINES), max_size=8).map("".join).flatmap(
    lambda text: st.sampled_from([text, text.rstrip("\n"), text.splitlines(keepends=True)]))
outputs = st.lists(st.sampled_from([
    {"output_type": "stream", "name": "stdout", "text": ["hi\n"]},
    {"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBORw0KGgo=", "text/plain": ["<Figure>"]}},
    {"output_type": "execute_result", "execution_count": 3, "metadata": {}, "data": {"text/plain": "3"}},
    {"output_type": "error", "ename": "ValueError", "evalue": "x", "traceback": ["..."]},
]), max_size=2)


@st.composite
def cells(draw, minor: int):
    kind = draw(st.sampled_from(["code", "code", "code", "markdown", "raw"]))
    cell = {"cell_type": kind, "metadata": draw(st.sampled_from([{}, {"tags": ["x"]}, {"collapsed": True}])), "source": draw(sources)}
    if minor >= 5 and draw(st.booleans()):
        cell["id"] = draw(st.from_regex(r"[a-zA-Z0-9_-]{1,12}", fullmatch=True))
    if kind == "code":
        cell["execution_count"] = draw(st.none() | st.integers(1, 99))
        cell["outputs"] = draw(outputs)
    elif draw(st.booleans()):
        cell["attachments"] = {"a.png": {"image/png": "iVBORw0KGgo="}}
    return cell


@st.composite
def notebooks(draw):
    minor = draw(st.integers(0, 5))
    metadata = draw(st.sampled_from([
        {}, {"language_info": {"name": "python", "version": "3.11"}}, {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        {"language_info": {"name": "R"}}, {"colab": {"provenance": []}, "accelerator": "GPU"},
    ]))
    return {"cells": draw(st.lists(cells(minor), max_size=5)), "metadata": metadata, "nbformat": 4, "nbformat_minor": minor}


def _valid(notebook: dict) -> bool:
    try:
        nbformat.validate(nbformat.from_dict(copy.deepcopy(notebook)))
        return True
    except nbformat.ValidationError:
        return False


@SETTINGS
@given(notebook=notebooks(), indent=st.sampled_from([None, 1, 2]))
def test_any_notebook_is_checked_and_fixed_keeping_all_but_its_code(tmp_path: Path, notebook: dict, indent: int | None) -> None:
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(notebook, indent=indent, ensure_ascii=False), encoding="utf-8")
    options = Options(rules=tuple(rule_codes()), unsafe_fixes=True)
    checked = process_notebook(str(path), options, fix=False)
    fixed = process_notebook(str(path), options, fix=True)
    for result in (checked, fixed):
        assert result.error is None or result.error.startswith("fix by"), result.error  # a fix's own gate may refuse
    if not fixed.changed:
        return
    new = json.loads(fixed.fixed)
    assert _valid(new) or not _valid(notebook)
    assert {k: v for k, v in new.items() if k != "cells"} == {k: v for k, v in notebook.items() if k != "cells"}
    assert len(new["cells"]) == len(notebook["cells"])
    for before, after in zip(notebook["cells"], new["cells"]):
        assert {k: v for k, v in after.items() if k != "source"} == {k: v for k, v in before.items() if k != "source"}
        assert before["cell_type"] == "code" or after == before
        assert type(after["source"]) is type(before["source"])


broken_notebooks = st.one_of(
    json_values,
    st.fixed_dictionaries({"cells": json_values, "metadata": maybe(st.just({}))}),
    st.fixed_dictionaries({"cells": st.lists(maybe(st.fixed_dictionaries({"cell_type": maybe(st.just("code")), "source": maybe(sources)})), max_size=3),
                           "metadata": maybe(st.just({"language_info": {"name": "python"}}))}),
)


@SETTINGS
@given(notebook=broken_notebooks, cut=st.none() | st.integers(0, 200))
def test_a_broken_notebook_is_one_line_and_the_other_files_are_still_checked(tmp_path: Path, notebook, cut) -> None:
    text = json.dumps(notebook)
    (tmp_path / "nb.ipynb").write_text(text if cut is None else text[:cut], encoding="utf-8")
    (tmp_path / "other.py").write_text(HAZARD, encoding="utf-8")
    result = run(tmp_path, "check", ".", "--format", "json", "--no-cache", "--jobs", "1")
    assert_clean(result)
    assert "other.py" in {entry["path"] for entry in json.loads(result.stdout)}


# -- configuration ----------------------------------------------------------------

KEYS = ["select", "ignore", "exclude", "per-file-ignores", "unsafe-fixes", "max-file-size", "retrace-budget", "line-length", "selct"]
toml_scalars = st.one_of(
    st.sampled_from(['"TFA008"', '"TFA"', '"TFA999"', '"2MB"', '"big"', '"*.py"', "true", "0", "-1", "1.5", '""']),
    st.integers(-5, 10**7).map(str), st.text(max_size=6).map(json.dumps),
)
toml_values = st.one_of(
    toml_scalars,
    st.lists(toml_scalars, max_size=3).map(lambda items: f"[{', '.join(items)}]"),
    st.dictionaries(st.sampled_from(['"*.py"', '"model.py"', "x"]), st.lists(toml_scalars, max_size=2).map(lambda i: f"[{', '.join(i)}]") | toml_scalars, max_size=2)
    .map(lambda table: "{" + ", ".join(f"{k} = {v}" for k, v in table.items()) + "}"),
)


@SETTINGS
@given(table=st.dictionaries(st.sampled_from(KEYS), toml_values, max_size=4), noise=st.sampled_from(["", "[tool.tfautofix\n", "x = = 1\n"]))
def test_any_configuration_is_used_or_refused_in_one_line(tmp_path: Path, table: dict, noise: str) -> None:
    body = "".join(f"{key} = {value}\n" for key, value in table.items())
    (tmp_path / "pyproject.toml").write_text(f"[tool.tfautofix]\n{body}{noise}", encoding="utf-8")
    (tmp_path / "model.py").write_text(HAZARD, encoding="utf-8")
    for command in (["check", "."], ["fix", "."], ["rules"]):
        assert_clean(run(tmp_path, *command, "--no-cache", "--jobs", "1") if command[0] != "rules" else run(tmp_path, *command))


# -- suppression comments -----------------------------------------------------------

comments = st.one_of(
    st.builds(lambda codes, space: f"# tfautofix:{space}ignore[{codes}]", st.text(max_size=12), st.sampled_from(["", " ", "  "])),
    st.builds(lambda rest: f"# tfautofix:{rest}", st.text(max_size=12)),
    st.sampled_from(["# tfautofix: ignore", "# tfautofix: ignore[", "# tfautofix: ignore[]", "# tfautofix: ignore[TFA008,,tfa00]",
                     "# tfautofix: ignore-function", "# tfautofix: ignore[TFA008] # tfautofix: ignore[X]"]),
)


@settings(SETTINGS, max_examples=25)  # each example fixes a file
@given(comment=comments, line=st.integers(0, 6))
def test_any_suppression_comment_is_read_or_warned_about(tmp_path: Path, comment: str, line: int) -> None:
    assume("\n" not in comment and "\r" not in comment and "\x00" not in comment)
    lines = HAZARD.splitlines(keepends=True)
    if line in (0, 3, 4):  # a line of its own (before the imports, the decorator, the def)
        lines.insert(line, f"{comment}\n")
    else:  # after the code of a line
        lines[line] = f"{lines[line].rstrip()}  {comment}\n"
    (tmp_path / "model.py").write_text("".join(lines), encoding="utf-8")
    for command in (["check", "."], ["fix", "."]):
        assert_clean(run(tmp_path, *command, "--no-cache", "--jobs", "1"))


@SETTINGS
@given(notebook=notebooks())
def test_joining_the_code_cells_and_splitting_them_back_changes_no_byte(notebook: dict) -> None:
    """What a fix leaves alone comes back as it was (a blank line before a magic was lost)."""
    cells = copy.deepcopy(notebook["cells"])
    joined = _join(cells)
    _split_into(cells, joined.text, joined)
    assert cells == notebook["cells"]
