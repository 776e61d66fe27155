"""Replaying the calls of a trace log (``tfautofix trace``, format in
``tfautofix/tracing/FORMAT.md``) to verify fixes of the functions it recorded.

Each recorded trace becomes one call with synthesised arguments of the recorded
specs: tensors of the recorded shape and dtype (``None`` dimensions become 2)
filled from a fixed seed, Python literals as recorded. Only module-level
functions whose every argument can be rebuilt are replayed (methods need their
instance; models and other objects their identity). The replay is written as a
small module with an ``exercise()`` so the usual runner executes it.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

_BUILDABLE = {"tensor", "variable", "python", "list", "tuple", "dict"}


def load(traces) -> dict:
    """The trace log as JSON: a path, or a loaded log with ``to_json()``."""
    if hasattr(traces, "to_json"):
        return traces.to_json()
    return json.loads(Path(traces).read_text(encoding="utf-8"))


def same_file(recorded: str, path: str) -> bool:
    if os.path.isabs(recorded):
        return os.path.realpath(recorded) == os.path.realpath(path)
    return Path(path).resolve().as_posix().endswith("/" + Path(recorded).as_posix().lstrip("./"))


def _buildable(spec: dict) -> bool:
    kind = spec.get("kind")
    if kind in ("list", "tuple"):
        return all(_buildable(item) for item in spec.get("items", []))
    if kind == "dict":
        return all(_buildable(item) for item in spec.get("items", {}).values())
    return kind in _BUILDABLE


def replayable(log: dict, path: str) -> list[dict]:
    """``[{"qualname": ..., "calls": [{param: spec}]}]`` for the functions of ``path`` that can be replayed."""
    functions = []
    for function in log.get("functions", []):
        if "." in function["qualname"] or not same_file(function["file"], path):
            continue
        calls = [trace["parameters"] for trace in function.get("traces", [])]
        if calls and all(_buildable(spec) for call in calls for spec in call.values()):
            functions.append({"qualname": function["qualname"], "calls": calls})
    return functions


def driver(target: str, functions: list[dict]) -> str:
    """Source of a module whose ``exercise()`` replays ``functions`` of ``target``."""
    return (
        "from tfautofix.verify.replay import replay\n\n\n"
        f"def exercise():\n    return replay({target!r}, {functions!r})\n"
    )


# -- inside the runner (TensorFlow imported) --------------------------------------


def _build(spec: dict, rng, tf):
    kind = spec["kind"]
    if kind == "python":
        return spec["value"]
    if kind in ("list", "tuple"):
        items = [_build(item, rng, tf) for item in spec["items"]]
        return items if kind == "list" else tuple(items)
    if kind == "dict":
        return {key: _build(item, rng, tf) for key, item in spec["items"].items()}
    shape = [2 if dim is None else dim for dim in (spec.get("shape") or [])]
    dtype = tf.as_dtype(spec["dtype"])
    if dtype.is_bool:
        value = tf.constant(rng.random(shape) < 0.5)
    elif dtype.is_integer:
        value = tf.constant(rng.integers(0, 10, shape), dtype=dtype)
    elif dtype == tf.string:
        value = tf.fill(shape, "x")
    else:
        value = tf.cast(tf.constant(rng.standard_normal(shape)), dtype)
    return tf.Variable(value) if kind == "variable" else value


def replay(target: str, functions: list[dict]) -> dict:
    """Call each function once per recorded trace; its results by qualname."""
    import numpy as np
    import tensorflow as tf

    name = f"_tfautofix_replayed_{abs(hash(target))}"
    spec = importlib.util.spec_from_file_location(name, target)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rng = np.random.default_rng(0)
    results = {}
    for function in functions:
        callable_ = getattr(module, function["qualname"])
        results[function["qualname"]] = [
            callable_(**{param: _build(s, rng, tf) for param, s in call.items()}) for call in function["calls"]
        ]
    return results
