"""Injected by ``tfautofix trace`` through PYTHONPATH: start the trace recorder.

Loads ``recorder.py`` by path (tfautofix itself need not be importable in the
traced process), then runs the ``sitecustomize`` this file shadows, if any.
"""

import importlib.util
import os
import sys


def _start() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    directory = os.environ.get("TFAUTOFIX_TRACE_DIR")
    if directory:
        spec = importlib.util.spec_from_file_location("_tfautofix_recorder", os.path.join(os.path.dirname(here), "recorder.py"))
        recorder = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = recorder
        spec.loader.exec_module(recorder)
        recorder.install(directory)
    # Chain to the sitecustomize we shadow (e.g. a distribution's own).
    this = sys.modules.pop("sitecustomize")
    saved = sys.path[:]
    try:
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
        importlib.import_module("sitecustomize")
    except ImportError:
        pass
    finally:
        sys.path[:] = saved
        sys.modules.setdefault("sitecustomize", this)


_start()
