"""`tfautofix server` as an editor drives it: scripted LSP sessions over stdio (JSON-RPC,
Content-Length framing) against `python -m tfautofix server` in a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from lsp_support import ROOT, Client, apply

# prints a proven numeric scalar: its TFA008 fix is safe (closed world)
SOURCE = """import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def step(x):
    y = x * 2
    print("y", tf.reduce_sum(y))
    return y
"""
CELLS = ["import tensorflow as tf\n", "%time 1\n", "@tf.function\ndef step(x):\n    print(x)\n    return x\n"]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A project, and a copy of it that `tfautofix fix --write` (the CLI) fixed: what the editor's edits must give."""
    root = tmp_path_factory.mktemp("project")
    (root / "a.py").write_text(SOURCE)
    (root / "sub").mkdir()
    (root / "sub" / "pyproject.toml").write_text('[tool.tfautofix]\nignore = ["TFA009"]\n')
    (root / "sub" / "b.py").write_text(SOURCE)
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "source": text, "outputs": [], "execution_count": None} for text in CELLS],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (root / "nb.ipynb").write_text(json.dumps(notebook))
    fixed = tmp_path_factory.mktemp("fixed")
    shutil.copytree(root, fixed, dirs_exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # unsafe fixes too: the notebook's `print(x)` is one (a notebook's tf.print may not reach it); a.py's are all safe
    subprocess.run([sys.executable, "-m", "tfautofix", "fix", "--write", "--unsafe-fixes", "--no-verify", "."], cwd=fixed, env=env, check=True, capture_output=True)
    single = subprocess.run([sys.executable, "-m", "tfautofix", "fix", "-", "--stdin-filename", "a.py", "--select", "TFA008"],
                            cwd=root, input=SOURCE, text=True, capture_output=True, env=env, check=False)  # exit 1: it changed
    return root, fixed, single.stdout


def _open(client: Client, uri: str, text: str, version: int = 1) -> list[dict]:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": version, "text": text}})
    return client.diagnostics(uri)


def _actions(client: Client, uri: str, diagnostics: list[dict], **context) -> dict[str, dict]:
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diagnostics[0]["range"] if diagnostics else {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": diagnostics, **context},
    })
    return {action["title"]: action for action in actions}


def test_file_session(project):
    root, fixed, single = project
    client = Client(root)
    try:
        capabilities = client.initialize(root)["capabilities"]
        assert capabilities["codeActionProvider"]["codeActionKinds"] == ["quickfix", "source.fixAll.tfautofix"]
        uri = (root / "a.py").as_uri()
        diagnostics = _open(client, uri, SOURCE)
        assert [(d["code"], d["range"]["start"]["line"], d["source"]) for d in diagnostics] == [("TFA009", 3, "tfautofix"), ("TFA008", 6, "tfautofix")]
        assert diagnostics[1]["range"] == {"start": {"line": 6, "character": 4}, "end": {"line": 6, "character": 32}}

        # a code action per fix: the workspace edit gives what `tfautofix fix --select TFA008` gives
        actions = _actions(client, uri, diagnostics[1:])
        fix = next(a for title, a in actions.items() if title.startswith("Fix TFA008"))
        assert fix["kind"] == "quickfix" and fix["isPreferred"] and "unsafe" not in fix["title"]
        assert apply(SOURCE, fix["edit"]["changes"][uri]) == single
        assert "tf.print" in single

        # fix all (safe), and on save (source.fixAll): what `tfautofix fix --write` writes
        everything = _actions(client, uri, diagnostics[1:])["Fix all tfautofix safe fixes"]
        assert apply(SOURCE, everything["edit"]["changes"][uri]) == (fixed / "a.py").read_text() != SOURCE
        on_save = _actions(client, uri, [], only=["source.fixAll"])
        assert [a["kind"] for a in on_save.values()] == ["source.fixAll.tfautofix"]
        assert apply(SOURCE, next(iter(on_save.values()))["edit"]["changes"][uri]) == (fixed / "a.py").read_text()

        # hover: the rule's documentation
        hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 6, "character": 6}})
        assert "TFA008" in hover["contents"]["value"] and "tf.print" in hover["contents"]["value"]
        assert client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 1}}) is None

        # the ignore quick fix, sent back as a change: the finding is gone, the other stays
        ignore = actions["Ignore TFA008 on this line (# tfautofix: ignore[TFA008])"]
        ignored = apply(SOURCE, ignore["edit"]["changes"][uri])
        assert ignored.splitlines()[6] == '    print("y", tf.reduce_sum(y))  # tfautofix: ignore[TFA008]'
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": ignored}]})
        assert [d["code"] for d in client.diagnostics(uri)] == ["TFA009"]

        # incremental changes typed in a burst: the diagnostics follow the last text
        for version, (character, text) in enumerate(((0, "    pri"), (7, "nt(y)"), (12, "\n")), 3):
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
                {"range": {"start": {"line": 7, "character": character}, "end": {"line": 7, "character": character}}, "text": text}]})
        codes = None
        while codes != [("TFA009", 3), ("TFA008", 7)]:  # a version before the last change may be published first
            codes = [(d.get("code"), d["range"]["start"]["line"]) for d in client.diagnostics(uri)]

        # a syntax error is a diagnostic, not a crash
        broken = (root / "broken.py").as_uri()
        assert [d["severity"] for d in _open(client, broken, "def f(:\n")] == [1]

        # an unsafe fix says so, and is not the preferred action
        unsafe_source = (ROOT / "tests/golden/TFA001/helper_called_twice/input.py").read_text()
        unsafe_uri = (root / "unsafe.py").as_uri()
        diagnostics = [d for d in _open(client, unsafe_uri, unsafe_source) if d["code"] == "TFA001"]
        assert len(diagnostics) == 1 and diagnostics[0]["message"].endswith("[unsafe fix]")
        fix = next(a for title, a in _actions(client, unsafe_uri, diagnostics).items() if title.startswith("Fix TFA001"))
        assert fix["title"].endswith("(unsafe fix: review it)") and "isPreferred" not in fix and fix["edit"]["changes"][unsafe_uri]

        # a finding with alternatives: an action per candidate, with its label; none preferred (all unsafe)
        seeded = "import numpy as np\nimport tensorflow as tf\n\nnp.random.seed(0)\n\n\n@tf.function\ndef jitter(x):\n    return x + np.random.uniform(-0.1, 0.1)\n"
        seeded_uri = (root / "seeded.py").as_uri()
        diagnostics = [d for d in _open(client, seeded_uri, seeded) if d["code"] == "TFA002"]
        fixes = [a for title, a in _actions(client, seeded_uri, diagnostics).items() if title.startswith("Fix TFA002")]
        assert [("Generator.from_seed(0)" in a["title"], "global" in a["title"], "isPreferred" in a) for a in fixes] == [
            (True, False, False), (False, True, False)]
        generator, global_stream = (apply(seeded, a["edit"]["changes"][seeded_uri]) for a in fixes)
        assert "Generator.from_seed(0)" in generator and "tf.random.uniform(" in global_stream and "Generator" not in global_stream

        # the nearest pyproject.toml: sub/ ignores TFA009
        sub = (root / "sub" / "b.py").as_uri()
        assert [d["code"] for d in _open(client, sub, SOURCE)] == ["TFA008"]
    finally:
        client.close()


def test_notebook_session_with_lazy_edits(project):
    root, fixed, _ = project
    client = Client(root, {"notebookDocument": {"synchronization": {}},
                           "textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}}})
    try:
        assert "notebookDocumentSync" in client.initialize(root)["capabilities"]
        notebook = (root / "nb.ipynb").as_uri()
        cells = [f"{notebook}#cell{i}" for i in range(len(CELLS))]
        client.notify("notebookDocument/didOpen", {
            "notebookDocument": {"uri": notebook, "notebookType": "jupyter-notebook", "version": 1,
                                 "cells": [{"kind": 2, "document": cell} for cell in cells]},
            "cellTextDocuments": [{"uri": cell, "languageId": "python", "version": 1, "text": text} for cell, text in zip(cells, CELLS)],
        })
        published = {cell: client.diagnostics(cell) for cell in cells}
        assert published[cells[0]] == published[cells[1]] == []
        diagnostics = published[cells[2]]
        assert [(d["code"], d["range"]["start"]["line"]) for d in diagnostics] == [("TFA008", 2)]  # the cell's own line numbers

        actions = _actions(client, cells[2], diagnostics)
        fix = next(a for title, a in actions.items() if title.startswith("Fix TFA008"))
        assert "edit" not in fix  # the client resolves it when chosen
        edit = client.request("codeAction/resolve", fix)["edit"]["changes"]
        expected = [cell["source"] for cell in json.loads((fixed / "nb.ipynb").read_text())["cells"]]
        expected = ["".join(s) if isinstance(s, list) else s for s in expected]
        assert [apply(text, edit.get(cell, [])) for cell, text in zip(cells, CELLS)] == expected != CELLS
    finally:
        client.close()


def test_static_path_never_imports_tensorflow(tmp_path):
    """The server and the IPython extension's cell check run only the static checker."""
    code = (
        "import sys\nfrom tfautofix import server, ipython\nfrom tfautofix.buffers import Cell, check_notebook, check_text, options_for_file\n"
        f"options = options_for_file('a.py')[0]\nassert check_text('a.py', {SOURCE!r}, options).findings\n"
        f"assert check_notebook('n.ipynb', [Cell('1', {SOURCE!r})], options).findings\n"
        "assert 'tensorflow' not in sys.modules, 'TensorFlow imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)), check=True)


def test_ignore_comment_goes_only_where_it_is_a_comment():
    from tfautofix.buffers import ignore_line

    assert ignore_line("x = 1\nprint(x)\n", 2, "TFA008") == "x = 1\nprint(x)  # tfautofix: ignore[TFA008]\n"
    assert ignore_line("print(x)  # tfautofix: ignore[TFA002]\n", 1, "TFA008") == "print(x)  # tfautofix: ignore[TFA002, TFA008]\n"
    assert ignore_line('print("""a\nb""")\n', 1, "TFA008") is None  # the line ends inside a string
    assert ignore_line("y = 1 + \\\n    2\n", 1, "TFA008") is None  # after a backslash, a comment is a syntax error
    assert ignore_line("x = 1\r\nprint(x)\r\n", 2, "TFA008") == "x = 1\r\nprint(x)  # tfautofix: ignore[TFA008]\r\n"


@pytest.mark.parametrize(("old", "new"), [
    ("a\nb\nc", "a\nB\nc"),
    ("a\nb\nc", "a\nb\nC"),  # the last line, without a newline
    ("a\r\nb\x0cx\r\nc", "a\r\nb\x0cy\r\nc"),  # a form feed does not end a line for LSP
    ("x = '😀'\nprint(1)", "x = '😀'\nimport sys\ntf.print(1)"),
    ("p('😀')", "tf.p('😀')"),  # UTF-16 columns
    ("", "x\n"),
])
def test_an_edit_gives_the_new_text(old, new):
    from pygls.workspace import TextDocument

    from tfautofix.server import _replace

    edit = _replace(TextDocument("file:///x.py", old), old, new)
    position = lambda p: {"line": p.line, "character": p.character}
    assert apply(old, [{"range": {"start": position(edit.range.start), "end": position(edit.range.end)}, "newText": edit.new_text}]) == new
