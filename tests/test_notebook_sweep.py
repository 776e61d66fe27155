"""benchmarks/notebook_sweep.py's judge of a rewritten notebook: what `fix` may change (code) and what not."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbformat")
sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
import notebook_sweep

OUTPUT = {"output_type": "stream", "name": "stdout", "text": ["1\n"]}


def _notebook(*sources: str, outputs=(OUTPUT,), metadata=None) -> bytes:
    cells = [{"cell_type": "code", "execution_count": 1, "id": f"c{i}", "metadata": {}, "outputs": list(outputs),
              "source": source} for i, source in enumerate(sources)]
    cells.append({"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# title"})
    return json.dumps({"cells": cells, "metadata": metadata or {"kernelspec": {"name": "python3", "display_name": "P"}},
                       "nbformat": 4, "nbformat_minor": 5}).encode()


def test_a_code_rewrite_is_accepted() -> None:
    before = _notebook("%matplotlib inline\nfor x in xs:\n    y = model.predict(x)\n")
    after = _notebook("%matplotlib inline\nfor x in xs:\n    y = model(x, training=False).numpy()\n")
    assert notebook_sweep.compare_notebook(before, after) == []


def test_outputs_metadata_and_markdown_must_not_change() -> None:
    before = _notebook("x = 1\n")
    problems = notebook_sweep.compare_notebook(before, _notebook("x = 1\n", outputs=()))
    assert problems == ["cell 1: outputs changed"]
    problems = notebook_sweep.compare_notebook(before, _notebook("x = 1\n", metadata={"kernelspec": {}}))
    assert "notebook metadata changed" in problems
    changed = json.loads(before)
    changed["cells"][1]["source"] = "# other"
    assert notebook_sweep.compare_notebook(before, json.dumps(changed).encode()) == ["cell 2: markdown source changed"]


def test_invalid_notebooks_broken_code_and_blank_line_edits_are_caught() -> None:
    before = _notebook("import io\n\n%matplotlib inline\n")
    assert notebook_sweep.compare_notebook(before, _notebook("import io\n%matplotlib inline\n")) == [
        "cell 1: only blank lines changed (a cell no fix is for)"]
    assert notebook_sweep.compare_notebook(before, _notebook("import io(\n")) == ["cell 1: code no longer parses"]
    invalid = json.loads(before)
    del invalid["cells"][0]["outputs"]
    problems = notebook_sweep.compare_notebook(before, json.dumps(invalid).encode())
    assert problems[0].startswith("nbformat.validate: ")
