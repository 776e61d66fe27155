"""Runs ``exercise()`` of many modules in one TensorFlow process.

``python -m tfautofix.verify.runner --mode eager|graph --jobs JOBS.json --output OUT.json``

JOBS.json is a list of ``{"id": ..., "path": ...}``. For each module the runner
records what ``exercise()`` returned (as plain JSON), how many times TensorFlow
traced a function meanwhile, what was printed (captured at the file-descriptor
level, since ``tf.print`` writes from C++), or the error it raised. Importing
TensorFlow once for many modules is what keeps verification cheap.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import signal
import sys
import tempfile
import traceback

TIMEOUT_SECONDS = 120
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
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
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
    """Redirect file descriptors 1 and 2 to temporary files (C++ output included)."""

    def __enter__(self):
        sys.stdout.flush()
        sys.stderr.flush()
        self.files = {fd: tempfile.TemporaryFile() for fd in (1, 2)}
        self.saved = {fd: os.dup(fd) for fd in (1, 2)}
        for fd, handle in self.files.items():
            os.dup2(handle.fileno(), fd)
        return self

    def __exit__(self, *exc):
        sys.stdout.flush()
        sys.stderr.flush()
        self.text = {}
        for fd, handle in self.files.items():
            os.dup2(self.saved[fd], fd)
            os.close(self.saved[fd])
            handle.seek(0)
            self.text[fd] = handle.read().decode("utf-8", "replace")
            handle.close()
        return False


def _seed_everything(tf) -> None:
    import numpy as np

    random.seed(0)
    np.random.seed(0)
    tf.random.set_seed(0)


def run_one(job: dict, counter: dict, tf) -> dict:
    _seed_everything(tf)
    counter["traces"] = 0
    counter["by_function"] = {}
    result: dict = {"id": job["id"], "error": None, "value": None}
    previous = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(_Timeout()))
    signal.alarm(job.get("timeout", TIMEOUT_SECONDS))
    capture = _CaptureOutput()
    try:
        with capture:
            name = f"_tfautofix_exercise_{abs(hash(job['id']))}"
            spec = importlib.util.spec_from_file_location(name, job["path"])
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
            if not hasattr(module, "exercise"):
                raise LookupError("module defines no exercise()")
            result["value"] = to_jsonable(module.exercise())
    except _Timeout:
        result["error"] = f"Timeout: exercise() did not finish in {job.get('timeout', TIMEOUT_SECONDS)} s"
    except BaseException as error:  # user code may raise anything, SystemExit included
        result["error"] = f"{type(error).__name__}: {error}".strip()
        result["traceback"] = traceback.format_exc(limit=-3)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    result["traces"] = counter["traces"]
    result["traces_by_function"] = dict(counter["by_function"])
    result["stdout"] = capture.text.get(1, "")
    result["stderr"] = capture.text.get(2, "")
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("eager", "graph"), required=True)
    parser.add_argument("--jobs", required=True)
    parser.add_argument("--output", required=True)
    args = parser.parse_args(argv)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf

    tf.config.run_functions_eagerly(args.mode == "eager")
    counter = _count_traces()
    with open(args.jobs, encoding="utf-8") as handle:
        jobs = json.load(handle)
    results = [run_one(job, counter, tf) for job in jobs]
    with open(args.output, "w", encoding="utf-8") as handle:
        json.dump(results, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
