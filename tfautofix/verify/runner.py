"""Runs ``exercise()`` of many modules in one TensorFlow process.

``python -m tfautofix.verify.runner --mode eager|graph --jobs JOBS.json --output OUT.jsonl``

JOBS.json is a list of ``{"id": ..., "path": ...}`` (optional: ``"root"``, a
directory put first on ``sys.path`` so the module finds its siblings;
``"timeout"`` in seconds; ``"seed"``, the ambient seed; ``"lines"``, a file
whose lines that run are recorded). For each module the runner records what
``exercise()`` returned (as JSON that keeps dtypes and shapes), how many times
TensorFlow traced a function meanwhile and how long each call took, what was
printed on stdout and stderr (captured at the file-descriptor level, since
``tf.print`` writes from C++), or the error it raised. Importing TensorFlow once
for many modules is what keeps verification cheap.

Isolation: before every module the runner sets the execution mode (and, in the
eager oracle, tf.data's debug mode, so ``Dataset.map`` functions run eagerly
too) and seeds Python, NumPy and TensorFlow with the job's ambient ``seed``; the
module's own ``random.seed(...)`` calls then win, so its reproducibility is kept
and checked rather than masked. A module that switches the mode is reported
(``mode_switch``) and the mode is restored for the next one.

OUT.jsonl receives ``{"ready": true}`` once TensorFlow is imported, then one
JSON line per job as soon as it finishes, so that when
user code kills the process (``os._exit``, a crash, a hang the alarm cannot
interrupt) the caller keeps the finished results and knows which job was running.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import re
import signal
import sys
import tempfile
import traceback

TIMEOUT_SECONDS = 120
#: Set to "1" in an eager runner's environment to run tf.data's functions eagerly too
#: (``tf.data.experimental.enable_debug_mode``; chosen per module by ``verify.run_exercises``).
DATA_DEBUG = "TFAUTOFIX_DATA_DEBUG"
#: The key of an array leaf in results: ``{ARRAY: {"dtype", "shape", "value"}}``.
ARRAY = "__array__"
#: tf.function traces this helper of its own once when a function creates variables lazily.
_TF_VARIABLE_INITIALIZER = "initialize_variables"


class _Timeout(Exception):
    pass


def _count_traces():
    """Count every trace in this process by wrapping TensorFlow's tracing entry point."""
    from tensorflow.python.eager.polymorphic_function import tracing_compilation

    counter = {"traces": 0, "by_function": {}}
    original = tracing_compilation._create_concrete_function

    def counting(function_type, type_context, func_graph, tracing_options, *args, **kwargs):
        counter["traces"] += 1
        name = getattr(tracing_options, "name", None) or "?"
        if name != _TF_VARIABLE_INITIALIZER:
            counter["by_function"][name] = counter["by_function"].get(name, 0) + 1
        return original(function_type, type_context, func_graph, tracing_options, *args, **kwargs)

    tracing_compilation._create_concrete_function = counting
    return counter


def to_jsonable(value):
    import numpy as np

    if hasattr(value, "numpy") and callable(value.numpy):
        try:
            value = value.numpy()
        except Exception:  # a symbolic tensor escaped: keep its description
            return repr(value)
    if isinstance(value, (np.ndarray, np.generic)):  # dtype and shape are part of the value
        array = np.asarray(value)
        return {ARRAY: {"dtype": str(array.dtype), "shape": list(array.shape), "value": to_jsonable(array.tolist())}}
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


class _CaptureOutput:
    """Redirect file descriptors 1 and 2 to temporary files (C++ output included).

    What is written between :meth:`mark` and :meth:`drop` is left out of ``text``."""

    active: "_CaptureOutput | None" = None

    def __enter__(self):
        sys.stdout.flush()
        sys.stderr.flush()
        self.files = {fd: tempfile.TemporaryFile() for fd in (1, 2)}
        self.saved = {fd: os.dup(fd) for fd in (1, 2)}
        self.dropped: list[tuple[dict, dict]] = []
        for fd, handle in self.files.items():
            os.dup2(handle.fileno(), fd)
        _CaptureOutput.active = self
        return self

    def mark(self) -> dict:
        sys.stdout.flush()
        sys.stderr.flush()
        return {fd: os.lseek(fd, 0, os.SEEK_CUR) for fd in self.files}

    def drop(self, start: dict) -> None:
        self.dropped.append((start, self.mark()))

    def __exit__(self, *exc):
        sys.stdout.flush()
        sys.stderr.flush()
        _CaptureOutput.active = None
        self.text = {}
        for fd, handle in self.files.items():
            os.dup2(self.saved[fd], fd)
            os.close(self.saved[fd])
            handle.seek(0)
            data = handle.read()
            for start, end in reversed(self.dropped):
                data = data[: start[fd]] + data[end[fd]:]
            self.text[fd] = data.decode("utf-8", "replace")
            handle.close()
        return False


def _drop_tf_data_tracing_output() -> None:
    """What a tf.data function prints while it is traced is not program output:
    ``Dataset.map`` traces its function once, even under ``run_functions_eagerly``
    (a ``print`` there shows a symbolic tensor, named as the graph happens to name it).
    In the eager oracle (tf.data debug mode) the function runs per element instead,
    and what it prints then is kept."""
    from tensorflow.python.data.ops import structured_function

    wrapper = structured_function.StructuredFunctionWrapper
    trace = wrapper.__init__
    depth = [0]

    def tracing(self, *args, **kwargs):
        capture = _CaptureOutput.active
        if capture is None or depth[0]:
            return trace(self, *args, **kwargs)
        depth[0] += 1
        start = capture.mark()
        try:
            return trace(self, *args, **kwargs)
        finally:
            depth[0] -= 1
            capture.drop(start)

    wrapper.__init__ = tracing


def error_sites(error: BaseException) -> list[list]:
    """``[file, line]`` of the frames an error passed through, innermost last: its
    traceback (AutoGraph's converted copies mapped back to the user's lines), then
    the ``File "...", line N`` frames TensorFlow quotes from the traced user code."""
    sites = []
    for frame in traceback.extract_tb(error.__traceback__):
        origin = _SOURCE_MAPS.get(frame.filename, {}).get(frame.lineno)
        sites.append(list(origin) if origin else [frame.filename, frame.lineno])
    sites += [[path, int(line)] for path, line in re.findall(r'File "([^"]+)", line (\d+)', str(error))]
    return [[os.path.realpath(path), line] for path, line in sites]


def _seed_everything(tf, seed: int) -> None:
    import numpy as np

    random.seed(seed)
    np.random.seed(seed)
    tf.random.set_seed(seed)


def _time_calls(tf, counter: dict) -> None:
    """Record the wall time of every outermost ``tf.function`` call, by function name."""
    import time

    from tensorflow.python.eager.polymorphic_function import polymorphic_function

    call = polymorphic_function.Function.__call__
    depth = [0]

    def timed(self, *args, **kwargs):
        if depth[0]:
            return call(self, *args, **kwargs)
        depth[0] += 1
        started = time.perf_counter()
        try:
            return call(self, *args, **kwargs)
        finally:
            depth[0] -= 1
            name = getattr(self, "_name", None) or "?"
            counter["seconds"].setdefault(name, []).append(time.perf_counter() - started)

    polymorphic_function.Function.__call__ = timed


def _watch_mode(tf, counter: dict) -> None:
    """Record ``tf.config.run_functions_eagerly(...)`` calls that change the runner's mode."""
    original = tf.config.run_functions_eagerly

    def run_functions_eagerly(run_eagerly):
        if bool(run_eagerly) != counter["eager"]:
            counter["mode_switch"] = f"exercise() calls tf.config.run_functions_eagerly({bool(run_eagerly)})"
        return original(run_eagerly)

    tf.config.run_functions_eagerly = run_functions_eagerly
    counter["set_mode"] = original


#: AutoGraph's source maps: generated file → {generated line: (original file, line)}.
_SOURCE_MAPS: dict[str, dict[int, tuple[str, int]]] = {}


def record_source_maps() -> None:
    """AutoGraph runs a converted copy of the user's code (``tf.map_fn`` and
    ``Dataset.map`` convert it even eagerly); keep its map back to the user's lines."""
    from tensorflow.python.autograph.impl import api

    convert = api._convert_actual

    def recording(entity, program_ctx):
        transformed = convert(entity, program_ctx)
        for generated, origin in transformed.ag_source_map.items():
            _SOURCE_MAPS.setdefault(generated.filename, {})[generated.lineno] = (origin.loc.filename, origin.loc.lineno)
        return transformed

    api._convert_actual = recording


class Lines:
    """The lines of some files that run (``sys.settrace``; Python 3.11 has no
    ``sys.monitoring``), including those run by AutoGraph's converted copies.
    Only the frames of those files and of converted code are traced line by line."""

    def __init__(self, paths) -> None:
        self.lines: dict[str, set[int]] = {os.path.realpath(p): set() for p in paths if p}
        self.mine: dict[str, str | None] = {}

    def _file(self, filename: str) -> str | None:
        if filename not in self.mine:
            real = os.path.realpath(filename)
            self.mine[filename] = real if real in self.lines else None
        return self.mine[filename]

    def _global(self, frame, event, arg):
        filename = frame.f_code.co_filename
        if filename in _SOURCE_MAPS:
            return self._converted
        path = self._file(filename)
        if path is None:
            return None
        self.lines[path].add(frame.f_lineno)
        return self._local

    def _local(self, frame, event, arg):
        if event == "line":
            self.lines[self.mine[frame.f_code.co_filename]].add(frame.f_lineno)
        return self._local

    def _converted(self, frame, event, arg):
        if event == "line":
            origin = _SOURCE_MAPS[frame.f_code.co_filename].get(frame.f_lineno)
            path = origin and self._file(origin[0])
            if path is not None:
                self.lines[path].add(origin[1])
        return self._converted

    def start(self) -> None:
        import threading

        threading.settrace(self._global)
        sys.settrace(self._global)

    def stop(self) -> None:
        import threading

        sys.settrace(None)
        threading.settrace(None)

    def __enter__(self):
        if self.lines:
            self.start()
        return self

    def __exit__(self, *exc):
        if self.lines:
            self.stop()
        return False


def run_one(job: dict, counter: dict, tf) -> dict:
    counter["set_mode"](counter["eager"])  # isolation: whatever the previous module did
    _seed_everything(tf, job.get("seed", 0))
    counter["traces"] = 0
    counter["by_function"] = {}
    counter["seconds"] = {}
    counter["mode_switch"] = None
    result: dict = {"id": job["id"], "error": None, "value": None}
    lines = Lines([job.get("lines")])
    previous = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(_Timeout()))
    signal.setitimer(signal.ITIMER_REAL, job.get("timeout", TIMEOUT_SECONDS))
    capture = _CaptureOutput()
    try:
        with capture:
            name = f"_tfautofix_exercise_{abs(hash(job['id']))}"
            if job.get("root") and job["root"] not in sys.path:
                sys.path.insert(0, job["root"])
            spec = importlib.util.spec_from_file_location(name, job["path"])
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            with lines:
                spec.loader.exec_module(module)
                if not hasattr(module, "exercise"):
                    raise LookupError("module defines no exercise()")
                value = module.exercise()
            result["value"] = to_jsonable(value)
    except _Timeout:
        result["error"] = f"Timeout: exercise() did not finish in {job.get('timeout', TIMEOUT_SECONDS):g} s"
    except BaseException as error:  # user code may raise anything, SystemExit included
        result["error"] = f"{type(error).__name__}: {error}".strip()
        result["traceback"] = traceback.format_exc(limit=-3)
        result["sites"] = error_sites(error)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    result["traces"] = counter["traces"]
    result["traces_by_function"] = dict(counter["by_function"])
    result["seconds"] = counter["seconds"]
    if job.get("lines"):
        result["lines"] = sorted(next(iter(lines.lines.values())))
    if counter["mode_switch"] is None and tf.config.functions_run_eagerly() != counter["eager"]:
        counter["mode_switch"] = "exercise() changed the execution mode"
    result["mode_switch"] = counter["mode_switch"]
    result["stdout"] = capture.text.get(1, "")
    result["stderr"] = capture.text.get(2, "")
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("eager", "graph"), required=True)
    parser.add_argument("--jobs", required=True)
    parser.add_argument("--output", required=True)
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # keep print() in order with tf.print's C++ writes
        stream.reconfigure(line_buffering=True)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    sys.dont_write_bytecode = True  # never write __pycache__ into the user's tree
    import tensorflow as tf

    counter = _count_traces()
    counter["eager"] = args.mode == "eager"
    _watch_mode(tf, counter)
    _time_calls(tf, counter)
    record_source_maps()
    _drop_tf_data_tracing_output()
    if counter["eager"] and os.environ.get(DATA_DEBUG) == "1":  # the oracle runs Dataset.map functions eagerly too
        tf.data.experimental.enable_debug_mode()
    with open(args.jobs, encoding="utf-8") as handle:
        jobs = json.load(handle)
    with open(args.output, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"ready": True}) + "\n")
        handle.flush()
        for job in jobs:
            handle.write(json.dumps(run_one(job, counter, tf)) + "\n")
            handle.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
