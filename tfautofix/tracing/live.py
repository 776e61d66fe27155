"""Retraces explained the moment they happen, in this process (``tfautofix.watch()``, ``%load_ext tfautofix``).

The recorder ``tfautofix trace`` injects into other processes is hooked in here
instead (no subprocess); after each retrace it calls back, and the retrace is
explained as ``tfautofix explain`` would explain it: function, argument, old →
new, the call site, the rule and the fix.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator

from tfautofix.tracing.explain import _location, display_name, report
from tfautofix.tracing.log import _function


def recorder():
    """The recorder of this process: the one ``tfautofix trace`` injected, if it did (one set of hooks)."""
    return sys.modules.get("_tfautofix_recorder") or importlib.import_module("tfautofix.tracing.recorder")


class Watcher:
    """Called by the recorder after each trace; writes one explanation per retrace."""

    def __init__(self, write: Callable[[str], None] | None = None, where: Callable[[str], str] | None = None):
        """``where`` names a file for the user (default: ``In[3]`` for an IPython cell)."""
        self.write = write or (lambda text: print(text, file=sys.stderr, flush=True))
        self.where = where or _cell
        self.messages: list[str] = []

    def __call__(self, record, entry: dict) -> None:
        if not any(t is not entry and t["instance"] == entry["instance"] for t in record.traces):
            return  # the first trace of this function (or object): not a retrace
        data = json.loads(json.dumps(record.to_json(), default=str))
        for located in _located(data):
            located["file"] = self.where(located["file"])
        function = _function(data)
        lines = [line for line in report(function, last=True) if line.kind != "expected"]
        for line in lines:
            rule = f" [{line.rule}]" if line.rule and line.kind != "retrace" else ""
            where = "" if function.library else f" ({_location(function)})"
            message = f"tfautofix: `{display_name(function)}`{where} {line.text}{rule}"
            self.messages.append(message)
            self.write(message)


def _cell(file: str) -> str:
    """``In[3]`` for the file IPython compiled its cell 3 into (named differently by IPython and ipykernel)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    for name in (file, os.path.basename(file)) if shell is not None else ():
        label = shell.compile.format_code_name(name)
        if label is not None:
            return label[1]
    return file


def _located(data: dict) -> Iterator[dict]:
    yield data
    for trace in data["traces"]:
        for located in (trace.get("call_site"), trace.get("error"), *trace.get("events", ())):
            if located and "file" in located:
                yield located


def start(watcher: Watcher) -> None:
    module = recorder()
    module.hook()
    if watcher not in module.listeners:
        module.listeners.append(watcher)


def stop(watcher: Watcher) -> None:
    with contextlib.suppress(ValueError):
        recorder().listeners.remove(watcher)


@contextlib.contextmanager
def watch(write: Callable[[str], None] | None = None) -> Iterator[Watcher]:
    """Explain each tf.function retrace inside the block the moment it happens (on stderr, or
    through ``write``); ``.messages`` holds what was said."""
    watcher = Watcher(write)
    start(watcher)
    try:
        yield watcher
    finally:
        stop(watcher)
