"""TFA014 on the tf.function guide's demonstrations as users copy them: notebooks in cell
order, wrapped functions, from-imports (no TensorFlow needed)."""

import json
from pathlib import Path

import nbformat
from typer.testing import CliRunner

from tfautofix.cli import app
from tfautofix.codemods import rule_by_code
from tfautofix.engine import lint_source

RULE = rule_by_code("TFA014")


def _lines(source: str) -> list[int]:
    return [f.line for f in lint_source(source, [RULE])]


def test_notebook_cells_rebinding_a_global_between_calls(tmp_path: Path) -> None:
    cells = [
        "import tensorflow as tf",
        "@tf.function\ndef buggy_add():\n    return 1 + foo",
        "foo = 1\nprint(buggy_add())",
        "foo = 100\nprint(buggy_add())  # still 2",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    path = tmp_path / "guide.ipynb"
    path.write_text(nbformat.writes(notebook), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--no-cache", "--isolated", "--format", "json", "--select", "TFA014", str(path)])
    [finding] = json.loads(result.stdout)
    assert finding["code"] == "TFA014" and "`foo`" in finding["message"] and "line" in finding["message"]


def test_the_last_rebinding_after_the_last_call_is_no_finding() -> None:
    source = "import tensorflow as tf\n\n@tf.function\ndef f():\n    return 1 + foo\n\nfoo = 1\nf()\nfoo = 100\n"
    assert _lines(source) == []
    assert _lines(source + "f()\n") == [5]


def test_wrapped_function_and_from_import() -> None:
    source = (
        "from tensorflow import function\n\n"
        "def add(model, x):\n    return model.weight * x\n\n"
        "evaluate = function(add)\n\n"
        "class M:\n    weight = 1.0\n\n"
        "m = M()\nevaluate(m, 1.0)\nm.weight = 3.0\nevaluate(m, 1.0)\n"
        "it = iter(range(3))\n\n"
        "@function\ndef take():\n    return next(it)\n"
    )
    assert _lines(source) == [4, 19]


def test_a_counter_guarding_only_init_scope_work_is_no_finding() -> None:
    guarded = (
        "import tensorflow as tf\n\nclass M(tf.Module):\n    def __init__(self):\n        self.n = 0\n\n"
        "    @tf.function\n    def __call__(self):\n        if self.n == 0:\n{body}        return 1\n"
    )
    lifted = "            with tf.init_scope():\n                self.n += 1\n"
    traced = "            self.n += 1\n            tf.print('once')\n"
    assert _lines(guarded.format(body=lifted)) == []
    assert _lines(guarded.format(body=traced)) == [9]
