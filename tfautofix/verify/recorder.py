"""Records, inside the user's own command, what ``fix --exercise CMD`` compares.

Installed by ``tfautofix/verify/site/sitecustomize.py`` when the environment
variable ``TFAUTOFIX_RECORD`` names a JSON config ``{"mode": "eager"|"graph",
"root": DIR, "files": [RELATIVE PATHS], "output": DIR, "lines": BOOL}``. Nothing happens until
the command imports TensorFlow; then the recorder sets the mode, seeds the
random generators and, for every ``tf.function`` defined in one of ``files``,
records each outermost call (its value as JSON, the stdout lines it printed, or
the error it raised) and counts its traces; with ``lines``, it records which
lines of ``files`` ran (the coverage gate). At exit it writes
``OUTPUT/record-PID.json``.
"""

from __future__ import annotations

import atexit
import importlib.abc
import importlib.util
import inspect
import json
import os
import sys
import tempfile
import threading
import time

CONFIG_ENV = "TFAUTOFIX_RECORD"


class _Recording:
    def __init__(self, config: dict) -> None:
        self.mode = config["mode"]
        self.root = os.path.realpath(config["root"])
        self.files = set(config["files"])
        self.output = config["output"]
        self.calls: dict[str, list[dict]] = {}
        self.traces: dict[str, int] = {}
        self.local = threading.local()
        self.started = time.time()
        self.covered = {} if config.get("lines") else None  # runner.Lines once TensorFlow is imported

    def key(self, function) -> str | None:
        """``relative/path.py:qualname`` when ``function`` is defined in a watched file."""
        function = inspect.unwrap(getattr(function, "__func__", function))
        code = getattr(function, "__code__", None)
        if code is None:
            return None
        path = os.path.realpath(code.co_filename)
        if not path.startswith(self.root + os.sep):
            return None
        relative = os.path.relpath(path, self.root).replace(os.sep, "/")
        if relative not in self.files:
            return None
        return f"{relative}:{getattr(function, '__qualname__', code.co_name)}"

    def write(self) -> None:
        record = {"pid": os.getpid(), "started": self.started, "calls": self.calls, "traces": self.traces}
        if self.covered:
            self.covered.stop()
            record["lines"] = {os.path.relpath(p, self.root).replace(os.sep, "/"): sorted(n) for p, n in self.covered.lines.items()}
        with open(os.path.join(self.output, f"record-{os.getpid()}.json"), "w", encoding="utf-8") as handle:
            json.dump(record, handle)


class _StdoutTee:
    """Stands in for ``sys.stdout`` during a call and keeps what Python printed.

    ``tf.print(..., output_stream=sys.stdout)`` looks ``sys.stdout`` up when it
    runs, so it still recognises the stream."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.text: list[str] = []

    def write(self, text: str) -> int:
        self.text.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def __getattr__(self, name):
        return getattr(self.stream, name)


class _CountLines:
    """Counts the stdout lines printed inside the block, from Python and from
    TensorFlow's C++ ops alike, and passes the output through afterwards."""

    def __enter__(self):
        sys.stdout.flush()
        self.python, self.saved = sys.stdout, os.dup(1)
        self.capture = tempfile.TemporaryFile()
        os.dup2(self.capture.fileno(), 1)
        sys.stdout = _StdoutTee(self.python)
        return self

    def __exit__(self, *exc) -> bool:
        tee, sys.stdout = sys.stdout, self.python
        os.dup2(self.saved, 1)
        os.close(self.saved)
        self.capture.seek(0)
        native = self.capture.read()
        self.capture.close()
        text = "".join(tee.text)
        self.python.write(text)
        self.python.flush()
        if native:
            os.write(1, native)
        self.lines = text.count("\n") + native.count(b"\n")
        return False


def _patch(recording: _Recording) -> None:
    import random

    import numpy as np
    import tensorflow as tf
    from tensorflow.python.eager.polymorphic_function import polymorphic_function, tracing_compilation

    spec = importlib.util.spec_from_file_location("_tfautofix_runner", os.path.join(os.path.dirname(__file__), "runner.py"))
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    to_jsonable = runner.to_jsonable

    tf.config.run_functions_eagerly(recording.mode == "eager")
    if recording.covered is not None:  # the lines of the watched files that run from now on
        runner.record_source_maps()
        recording.covered = runner.Lines(os.path.join(recording.root, f) for f in recording.files)
        recording.covered.start()
    random.seed(0)
    np.random.seed(0)
    tf.random.set_seed(0)

    create = tracing_compilation._create_concrete_function

    def counting(function_type, type_context, func_graph, tracing_options):
        key = recording.key(tracing_options.python_function)
        if key is not None:
            recording.traces[key] = recording.traces.get(key, 0) + 1
        return create(function_type, type_context, func_graph, tracing_options)

    tracing_compilation._create_concrete_function = counting
    call = polymorphic_function.Function.__call__

    def recording_call(self, *args, **kwargs):
        # Only outermost calls from eager code: inside another tf.function (or a
        # tf.data function) the values are symbolic, and eagerly they would be
        # recorded where graph mode cannot.
        depth = getattr(recording.local, "depth", 0)
        key = recording.key(self.python_function) if depth == 0 and tf.executing_eagerly() else None
        recording.local.depth = depth + 1
        try:
            if key is None:
                return call(self, *args, **kwargs)
            return _recorded(recording.calls.setdefault(key, []), call, self, args, kwargs)
        finally:
            recording.local.depth = depth

    def _recorded(calls, call, self, args, kwargs):
        entry: dict = {"value": None, "error": None, "lines": 0}
        counter = _CountLines()
        try:
            with counter:
                value = call(self, *args, **kwargs)
            entry["value"] = to_jsonable(value)
            return value
        except BaseException as error:
            entry["error"] = f"{type(error).__name__}: {error}".strip()
            raise
        finally:
            entry["lines"] = getattr(counter, "lines", 0)
            calls.append(entry)

    polymorphic_function.Function.__call__ = recording_call


class _AfterTensorFlowImport(importlib.abc.MetaPathFinder):
    """Patches TensorFlow right after the command imports it (never imports it itself)."""

    def __init__(self, recording: _Recording) -> None:
        self.recording = recording

    def find_spec(self, name, path=None, target=None):
        if name != "tensorflow":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module
        recording = self.recording

        def exec_module(module):
            load(module)
            _patch(recording)

        spec.loader.exec_module = exec_module
        return spec


def install() -> None:
    path = os.environ.get(CONFIG_ENV)
    if not path:
        return
    with open(path, encoding="utf-8") as handle:
        recording = _Recording(json.load(handle))
    sys.meta_path.insert(0, _AfterTensorFlowImport(recording))
    atexit.register(recording.write)
