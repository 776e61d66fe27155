"""``%load_ext tfautofix`` (IPython, Jupyter): each executed cell is checked statically, its
findings shown under it (HTML in Jupyter, text in a terminal), and every tf.function
retrace is explained the moment it happens (:mod:`tfautofix.tracing.live`).

The cells run so far are checked together, as ``tfautofix check`` checks a notebook
(``import tensorflow as tf`` in one cell resolves names in the next); findings are
numbered like the cells (``In[3]:2``) and each is shown once. IPython is not a
dependency: this module is only imported by IPython itself.
"""

from __future__ import annotations

import html
from pathlib import Path

from tfautofix.buffers import Cell, check_notebook, options_for_file
from tfautofix.rule import Finding
from tfautofix.tracing.live import Watcher, start, stop

_STATE = "_tfautofix"


class Findings:
    """Findings of a cell, rendered by IPython's display: HTML in Jupyter, text in a terminal."""

    def __init__(self, shown: list[tuple[str, Finding]]):
        self.shown = shown

    def _line(self, label: str, finding: Finding) -> str:
        fix = f" [{finding.fix.applicability} fix]" if finding.fix is not None else ""
        return f"{label}:{finding.line}:{finding.column}: {finding.code} {finding.message}{fix}"

    def __repr__(self) -> str:
        return "\n".join(self._line(label, finding) for label, finding in self.shown)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<li><code>{html.escape(label)}:{f.line}:{f.column}</code> <b>{f.code}</b> {html.escape(f.message)}"
            + (f" <i>[{f.fix.applicability} fix: <code>tfautofix fix</code>]</i>" if f.fix is not None else "")
            + "</li>"
            for label, f in self.shown
        )
        return f'<div class="tfautofix" style="border-left:3px solid #d97706;padding-left:.5em"><b>tfautofix</b><ul>{rows}</ul></div>'


class CellChecker:
    """``pre_run_cell``: check the cells run so far, show the findings not shown yet."""

    def __init__(self, shell):
        self.shell = shell
        self.cells: list[Cell] = []
        self.seen: set[tuple] = set()
        self.errors: set[str] = set()

    def __call__(self, info) -> None:
        if info.silent or not (info.raw_cell or "").strip():
            return
        number = self.shell.execution_count - 1 if info.store_history else self.shell.execution_count  # counted already
        try:
            self.check(info.raw_cell, f"In[{number}]")
        except Exception as error:  # noqa: BLE001 -- the user's cell runs whatever happens here
            print(f"tfautofix: internal error, please report it: {type(error).__name__}: {error}")

    def check(self, raw_cell: str, label: str) -> None:
        self.cells.append(Cell(label, raw_cell))
        path = str(Path.cwd() / "ipython.ipynb")
        options, error = options_for_file(path)
        if error and error not in self.errors:
            self.errors.add(error)
            print(f"tfautofix: {error}")
        if options is None:
            return
        checked = check_notebook(path, self.cells, options)
        shown = []
        for finding in checked.findings:
            label = self.cells[finding.cell - 1].uri
            key = (label, finding.line, finding.column, finding.code, finding.message)
            if key not in self.seen:
                self.seen.add(key)
                shown.append((label, finding))
        if shown:
            from IPython.display import display

            display(Findings(shown))


def load(shell) -> None:
    if getattr(shell, _STATE, None) is not None:
        return
    checker, watcher = CellChecker(shell), Watcher()
    shell.events.register("pre_run_cell", checker)
    start(watcher)
    setattr(shell, _STATE, (checker, watcher))


def unload(shell) -> None:
    state = getattr(shell, _STATE, None)
    if state is None:
        return
    checker, watcher = state
    shell.events.unregister("pre_run_cell", checker)
    stop(watcher)
    setattr(shell, _STATE, None)
