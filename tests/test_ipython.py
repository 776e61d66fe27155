"""`%load_ext tfautofix` in an IPython shell (in a subprocess, as a user's session), and `tfautofix.watch()`."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from lsp_support import ROOT

pytest.importorskip("IPython")

SESSION = """
import json, sys
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance()
published = []
shell.display_pub.publish = lambda data, metadata=None, **kwargs: published.append(data)
for cell in json.loads(sys.argv[1]):
    shell.run_cell(cell, store_history=True)
    print("=== end of cell", flush=True)
print("=== displayed", json.dumps(published))
"""


def _session(cells: list[str], tmp_path) -> tuple[list[str], list[dict]]:
    """What each cell printed (stdout and stderr) and what was displayed (mimetype -> text)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="3")
    done = subprocess.run([sys.executable, "-c", SESSION, json.dumps(cells)], cwd=tmp_path, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, check=True)
    printed, displayed = done.stdout.split("=== displayed ")
    return printed.split("=== end of cell\n"), json.loads(displayed)


def test_cells_are_checked_as_they_run(tmp_path):
    """A stand-in `tensorflow` module: the check is static, the cells need not run TensorFlow."""
    (tmp_path / "tensorflow.py").write_text("def function(f=None, **kwargs):\n    return f\n")
    cells = [
        "%load_ext tfautofix",
        "import tensorflow as tf",
        "x = 1",
        "@tf.function\ndef step(x):\n    y = x + 1\n    print(y)\n    return y",
        "@tf.function(experimental_relax_shapes=True)\ndef other(x):\n    return x",
    ]
    _, displayed = _session(cells, tmp_path)
    assert [d["text/plain"] for d in displayed] == [
        ("In[4]:4:5: TFA008 `print` runs only when the function is traced (decorated with tf.function); "
         "use `tf.print` to print on every call (summarize=-1 (every element); other candidates for `fix --verify`: "
         "tf.print's summary (above 1000 elements), Python's print in tf.py_function) (unsafe fix: not known: printed-values: `y` is not proven a "
         "numeric tensor; stdout: a notebook's output is not the process's) [unsafe fix]"),
        "In[5]:1:14: TFA009 `experimental_relax_shapes` is deprecated; use `reduce_retracing` [safe fix]",
    ]
    assert "<b>TFA008</b>" in displayed[0]["text/html"] and "In[4]:4:5" in displayed[0]["text/html"]


@pytest.mark.tensorflow
def test_retrace_explained_live(tmp_path):
    cells = [
        "%load_ext tfautofix",
        "import tensorflow as tf",
        "@tf.function\ndef row_norms(batch):\n    return tf.norm(batch, axis=1)",
        "for n in (10, 20, 30):\n    row_norms(tf.ones([n, 5]))",
        "row_norms(tf.ones([30, 5]))",
        "%unload_ext tfautofix",
        ("import tfautofix\nwith tfautofix.watch(write=lambda text: None) as watcher:\n"
         "    for n in (1, 2):\n        row_norms(tf.ones([4, n]))\nrow_norms(tf.ones([4, 3]))\nprint(len(watcher.messages), watcher.messages[-1])"),
    ]
    printed, displayed = _session(cells, tmp_path)
    assert displayed == []
    explained = [line for line in printed[3].splitlines() if line.startswith("tfautofix:")]
    assert explained == [
        f"tfautofix: `row_norms` (In[3]:1) retraced at In[4]:2{seconds}: argument `batch` shape {old} → {new} "
        "(batch dimension varies; TFA004 → input_signature [None, 5])"
        for seconds, old, new in zip(_seconds(explained), ("[10, 5]", "[20, 5]"), ("[20, 5]", "[30, 5]"))
    ]
    assert "tfautofix:" not in printed[4]  # no retrace: nothing said
    # unloaded: only the watch() block speaks, about its two retraces ([30, 5] → [4, 1] → [4, 2]), not the one after it
    said = [line for line in printed[6].splitlines() if "tfautofix" in line]
    assert said == [
        (f"2 tfautofix: `row_norms` (In[3]:1) retraced at In[7]:4{_seconds(said)[0]}: "
         "argument `batch` shape [4, 1] → [4, 2] (dimension 1 varies; TFA004 → input_signature [None, None])")
    ]


def _seconds(lines: list[str]) -> list[str]:
    """The measured tracing time, the one part of a line that is not the same each run."""
    import re

    return [re.search(r"( \(\d+\.\d+ s\))", line).group(1) for line in lines]
