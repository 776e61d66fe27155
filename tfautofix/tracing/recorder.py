"""The in-process trace recorder injected by ``tfautofix trace``.

Standard library only: the bootstrap loads this file by path into the user's
processes, which may not have tfautofix importable. It hooks two TensorFlow
entry points once TensorFlow is imported: ``Function.__call__`` (to count calls
and know which arguments a trace is for) and
``tracing_compilation._create_concrete_function`` (called exactly once per
trace, with the ``function_type`` TensorFlow traced). At exit it writes one
fragment of the trace log (see FORMAT.md) into ``$TFAUTOFIX_TRACE_DIR``.
"""

from __future__ import annotations

import atexit
import importlib.abc
import importlib.util
import json
import os
import sys
import threading
import time

ENV_DIR = "TFAUTOFIX_TRACE_DIR"
_HOOKED_MODULE = "tensorflow.python.eager.polymorphic_function.polymorphic_function"
#: TensorFlow's own helpers (variable initialisers, ...) are not the user's concern;
#: Keras's train/predict functions are: they retrace on the user's data.
_LIBRARY_PREFIXES = ("tensorflow.",)
_ATTRIBUTE = "_tfautofix_record"


class _Record:
    __slots__ = ("file", "line", "qualname", "parameters", "options", "calls", "instances", "traces", "seconds")

    def __init__(self, file, line, qualname):
        self.file, self.line, self.qualname = file, line, qualname
        self.parameters: list[str] = []
        self.options: dict = {}
        self.calls = 0
        self.instances = 0
        self.traces: list[dict] = []
        self.seconds = 0.0

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "qualname": self.qualname,
            "parameters": self.parameters,
            "options": self.options,
            "calls": self.calls,
            "instances": self.instances,
            "tracing_seconds": round(self.seconds, 6),
            "traces": self.traces,
        }


_records: dict[tuple, _Record] = {}
_local = threading.local()
_lock = threading.Lock()


def _python_function(fn):
    """The user's own function behind TensorFlow's wrappers and bound methods."""
    for _ in range(20):
        if hasattr(fn, "__func__"):
            fn = fn.__func__
        elif hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        elif hasattr(fn, "func") and not hasattr(fn, "__code__"):  # functools.partial
            fn = fn.func
        else:
            break
    return fn


def _record_for(fn) -> _Record | None:
    """The record of the user function ``fn``; None for TensorFlow's own functions."""
    fn = _python_function(fn)
    code = getattr(fn, "__code__", None)
    if code is None or (getattr(fn, "__module__", None) or "").startswith(_LIBRARY_PREFIXES):
        return None
    key = (os.path.abspath(code.co_filename), code.co_firstlineno, getattr(fn, "__qualname__", code.co_name))
    record = _records.get(key)
    if record is None:
        with _lock:
            record = _records.setdefault(key, _Record(*key))
    return record


# -- specs ----------------------------------------------------------------------

_object_ids: dict[int, str] = {}


def _object_spec(value) -> dict:
    kind = type(value)
    ident = _object_ids.setdefault(id(value), str(len(_object_ids) + 1))
    return {"kind": "object", "type": f"{kind.__module__}.{kind.__qualname__}", "id": ident}


def _shape(shape):
    dims = getattr(shape, "rank", None)
    if dims is None:
        return None
    return [None if d is None else int(d) for d in shape.as_list()]


def spec_of(constraint) -> dict:
    """A JSON spec (FORMAT.md) of one TensorFlow trace type."""
    name = type(constraint).__name__
    if name in ("TensorSpec", "VariableSpec"):
        return {
            "kind": "tensor" if name == "TensorSpec" else "variable",
            "shape": _shape(constraint.shape),
            "dtype": constraint.dtype.name,
        }
    if name == "Literal":
        value = constraint.value
        if value is None or isinstance(value, (bool, int, float, str)):
            return {"kind": "python", "type": type(value).__name__, "value": value}
        return _object_spec(value)
    if name == "Weakref":
        value = constraint._ref()
        return {"kind": "object", "type": "<collected>", "id": "0"} if value is None else _object_spec(value)
    if name == "Tuple":
        return {"kind": "tuple", "items": [spec_of(c) for c in constraint.components]}
    if name == "List":
        return {"kind": "list", "items": [spec_of(c) for c in constraint.components_tuple.components]}
    if name == "Dict":
        return {"kind": "dict", "items": {str(k): spec_of(v) for k, v in constraint.mapping.items()}}
    return {"kind": "other", "type": name, "repr": repr(constraint)[:200]}


def _safe_spec(constraint) -> dict:
    """Never let an unexpected TensorFlow type break the user's program."""
    try:
        return spec_of(constraint)
    except Exception:  # noqa: BLE001
        return {"kind": "other", "type": type(constraint).__name__, "repr": repr(constraint)[:200]}


def _differences(new: dict, old: dict) -> list[str]:
    return [name for name in new if new.get(name) != old.get(name)]


# -- hooks ----------------------------------------------------------------------


def _hook(module) -> None:
    from tensorflow.python.eager.polymorphic_function import tracing_compilation

    function_class = module.Function
    original_call = function_class.__call__
    original_create = tracing_compilation._create_concrete_function

    def __call__(self, *args, **kwds):
        current = self.__dict__.get(_ATTRIBUTE, False)
        if current is False:
            record = _record_for(self._python_function)
            current = None
            if record is not None:
                current = (record, record.instances)
                record.instances += 1
                record.options = {
                    "input_signature": self.input_signature is not None,
                    "reduce_retracing": bool(getattr(self, "_reduce_retracing", False)),
                    "jit_compile": getattr(self, "_jit_compile", None),
                }
            self.__dict__[_ATTRIBUTE] = current
        if current is None:
            return original_call(self, *args, **kwds)
        current[0].calls += 1
        outer = getattr(_local, "current", None)
        _local.current = current
        try:
            return original_call(self, *args, **kwds)
        finally:
            _local.current = outer

    def _create_concrete_function(function_type, type_context, func_graph, tracing_options):
        start = time.perf_counter()
        result = original_create(function_type, type_context, func_graph, tracing_options)
        seconds = time.perf_counter() - start
        record = _record_for(tracing_options.python_function)
        if record is not None:
            current = getattr(_local, "current", None)
            instance = current[1] if current is not None and current[0] is record else 0
            parameters = {name: _safe_spec(p.type_constraint) for name, p in function_type.parameters.items()}
            record.parameters = list(parameters)
            earlier = [t["parameters"] for t in record.traces if t["instance"] == instance]
            changed = min((_differences(parameters, e) for e in earlier), key=len) if earlier else None
            record.traces.append({
                "process": 0, "instance": instance, "seconds": round(seconds, 6), "parameters": parameters, "changed": changed,
            })
            record.seconds += seconds
        return result

    function_class.__call__ = __call__
    tracing_compilation._create_concrete_function = _create_concrete_function
    originals["__call__"] = original_call  # for benchmarks/trace_overhead.py


originals: dict = {}


class _PostImportHook(importlib.abc.MetaPathFinder):
    """Runs :func:`_hook` right after TensorFlow's ``polymorphic_function`` module loads."""

    def find_spec(self, fullname, path, target=None):
        if fullname != _HOOKED_MODULE:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return None
        exec_module = spec.loader.exec_module

        def exec_and_hook(module):
            exec_module(module)
            sys.meta_path[:] = [f for f in sys.meta_path if f is not self]
            _hook(module)

        spec.loader.exec_module = exec_and_hook
        return spec


# -- output ---------------------------------------------------------------------


def fragment() -> dict:
    tensorflow = sys.modules.get("tensorflow")
    return {
        "format": "tfautofix-traces",
        "version": 1,
        "processes": [{
            "pid": os.getpid(),
            "argv": list(sys.argv),
            "python": ".".join(map(str, sys.version_info[:3])),
            "tensorflow": getattr(tensorflow, "__version__", None),
        }],
        "functions": [r.to_json() for r in _records.values() if r.traces or r.calls],
    }


def _write_fragment(directory: str) -> None:
    if not _records:
        return
    path = os.path.join(directory, f"fragment-{os.getpid()}-{time.time_ns()}.json")
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump(fragment(), handle)
    os.replace(path + ".tmp", path)


def install(directory: str) -> None:
    """Record every tf.function of this process; write the fragment at exit."""
    if _HOOKED_MODULE in sys.modules:
        _hook(sys.modules[_HOOKED_MODULE])
    else:
        sys.meta_path.insert(0, _PostImportHook())
    atexit.register(_write_fragment, directory)
