"""The in-process trace recorder injected by ``tfautofix trace``.

Standard library only: the bootstrap loads this file by path into the user's
processes, which may not have tfautofix importable. It hooks two TensorFlow
entry points once TensorFlow is imported: ``Function.__call__`` (to count calls
and know which arguments a trace is for) and
``tracing_compilation._create_concrete_function`` (called exactly once per
trace, with the ``function_type`` TensorFlow traced). While -- and only while --
TensorFlow runs a recorded function's Python body to trace it, a profile hook
(:class:`_Observer`) notes which lines of the user's project run and the
hazards met there; steady-state calls pay a few lookups (and an identity check per global
the traced code read). At exit it
writes one fragment of the trace log (see FORMAT.md) into ``$TFAUTOFIX_TRACE_DIR``.
"""

from __future__ import annotations

import atexit
import importlib.abc
import importlib.util
import json
import os
import sys
import sysconfig
import threading
import time
import weakref

ENV_DIR = "TFAUTOFIX_TRACE_DIR"
_HOOKED_MODULE = "tensorflow.python.eager.polymorphic_function.polymorphic_function"
#: TensorFlow's own helpers (variable initialisers, ...) are not the user's concern;
#: Keras's train/predict functions are: they retrace on the user's data.
_LIBRARY_PREFIXES = ("tensorflow.",)
_ATTRIBUTE = "_tfautofix_record"
#: ``TFAUTOFIX_TRACE_OBSERVE=0`` records traces without trace-time observation (FORMAT.md).
OBSERVE = os.environ.get("TFAUTOFIX_TRACE_OBSERVE", "1") != "0"


class _Record:
    __slots__ = ("calls", "file", "instances", "library", "line", "options", "parameters", "qualname", "seconds", "traces", "watch")

    def __init__(self, file, line, qualname):
        self.file, self.line, self.qualname = file, line, qualname
        self.parameters: list[str] = []
        self.options: dict = {}
        self.calls = 0
        self.instances = 0
        self.traces: list[dict] = []
        self.seconds = 0.0
        self.library = _place(file) != "user"
        #: Globals read at trace time: (namespace, name, value, trace entry, code), checked at each call.
        self.watch: list[tuple] = []

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
            **({"library": True} if self.library else {}),
        }


_records: dict[tuple, _Record] = {}


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


# -- where code lives ------------------------------------------------------------

_LIBRARY_ROOTS = tuple(
    os.path.join(os.path.realpath(p), "")
    for p in {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
)
#: Library code a hazard passes through on its way from the user's line (AutoGraph's
#: ``converted_call``, ``random.randint`` calling ``getrandbits``, ...).
_TRANSPARENT = (os.sep + "random.py", f"{os.sep}numpy{os.sep}random{os.sep}", f"{os.sep}autograph{os.sep}")
_PACKAGE_DIRS = (f"{os.sep}site-packages{os.sep}", f"{os.sep}dist-packages{os.sep}")
_places: dict[str, str] = {}
_CELLS = "<ipython-input-"
_HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "")  # tfautofix is not the user's
#: AutoGraph's generated files: generated line -> (original file, original line).
_generated: dict[str, dict[int, tuple[str, int]]] = {}


def _place(filename: str) -> str:
    """``user`` (the user's project), ``transparent`` or ``library``."""
    place = _places.get(filename)
    if place is None:
        path = os.path.realpath(filename) if not filename.startswith("<") else filename
        if path.startswith(_CELLS):  # IPython's cells are the user's code
            place = "user"
        elif path.startswith(("<", _HERE, *_LIBRARY_ROOTS)) or any(p in path for p in _PACKAGE_DIRS):
            place = "transparent" if any(t in path for t in _TRANSPARENT) else "library"
        else:
            place = "user"
        _places[filename] = place
    return place


def _user_location(code, lineno):
    """``(file, line)`` in the user's project for a line of ``code`` (through AutoGraph's
    source maps for converted code), else None."""
    mapping = _generated.get(code.co_filename)
    if mapping is not None:
        location = mapping.get(lineno)
        return location if location is not None and _place(location[0]) == "user" else None
    if _place(code.co_filename) == "user":
        return code.co_filename, lineno
    return None


def _user_site(frame, through_transparent_only=False):
    """The first user-code ``(file, line)`` up the stack from ``frame``. With
    ``through_transparent_only``, only frames of ``random``/NumPy's random/AutoGraph
    may lie between: a draw inside Keras or TensorFlow is not the user's."""
    for _ in range(200):
        if frame is None:
            return None
        code = frame.f_code
        location = _user_location(code, frame.f_lineno)
        if location is not None:
            return location
        if through_transparent_only and code.co_filename not in _generated and _place(code.co_filename) != "transparent":
            return None
        frame = frame.f_back
    return None


# -- specs ----------------------------------------------------------------------

_object_ids: dict[int, tuple] = {}  # id() -> (a reference to the object, its label)
_object_count = [0]


def _object_spec(value) -> dict:
    """Objects are labelled by identity; ``id()`` alone would give a new object the label
    of a collected one at the same address (TensorFlow itself then retraces)."""
    kind = type(value)
    known = _object_ids.get(id(value))
    if known is None or (known[0]() if isinstance(known[0], weakref.ref) else known[0]) is not value:
        try:
            reference = weakref.ref(value)
        except TypeError:
            reference = value
        _object_count[0] += 1
        known = _object_ids[id(value)] = (reference, str(_object_count[0]))
    return {"kind": "object", "type": f"{kind.__module__}.{kind.__qualname__}", "id": known[1]}


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
    other = {"kind": "other", "type": name, "repr": repr(constraint)[:200]}
    if name == "RaggedTensorSpec":  # what a tf.RaggedTensorSpec in an input_signature needs
        other.update(shape=_shape(constraint.shape), dtype=constraint.dtype.name, ragged_rank=int(constraint.ragged_rank),
                     row_splits_dtype=constraint.row_splits_dtype.name)
    return other


def _safe_spec(constraint) -> dict:
    """Never let an unexpected TensorFlow type break the user's program."""
    try:
        return spec_of(constraint)
    except Exception:  # noqa: BLE001
        return {"kind": "other", "type": type(constraint).__name__, "repr": repr(constraint)[:200]}


def _differences(new: dict, old: dict) -> list[str]:
    return [name for name in new if new.get(name) != old.get(name)]


# -- trace-time observation -------------------------------------------------------

#: Lines of the user's project (code object, line) that made a call at trace time.
_lines: set = set()
#: Events in the user's code while TensorFlow traced a function of its own (tf.data's
#: ``Dataset.map`` wrapper, ...), with ``traced_by`` and ``function`` (FORMAT.md).
_loose_events: list = []
_LIST_MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "__setitem__",
                            "__delitem__", "__iadd__", "update", "popitem", "setdefault"})
#: Module code and AutoGraph's factories around a converted function are not function bodies.
_NOT_BODIES = frozenset({"<module>", "outer_factory", "inner_factory"})
_hazard_builtins = [None, None]  # print, open: their event kinds are their names
_random_types: tuple = ()
_PLAIN = (type(sys), type, type(len), type(lambda: None))  # modules, classes, functions: rebinding them is rare
_plain_types: tuple = _PLAIN  # and TensorFlow's Function, once hooked
_MISSING = object()
_KERAS_KINDS = (("Optimizer", "optimizer"), ("Metric", "metric"), ("Model", "model"), ("Functional", "model"),
                ("Sequential", "model"), ("Layer", "layer"))


class _Observer:
    """What one trace of a recorded function ran and met (see FORMAT.md, "Trace-time observation")."""

    __slots__ = ("body", "codes", "conversions", "entry", "first", "numbers", "record", "seen", "watched")

    def __init__(self, record, entry, first, numbers=None):
        self.record, self.entry, self.first = record, entry, first
        #: id -> (parameter name, the Python number TensorFlow hands the body): its conversions are noted.
        self.numbers: dict[int, tuple] = numbers or {}
        self.conversions: list = []  # (``converted`` entry, the tensor it became): judged once the graph is built
        self.watched: dict[int, tuple] = {}  # id -> (argument name, object, shallow copy)
        self.codes: dict = {}  # user code objects that ran -> their globals
        self.seen: set = set()  # (kind, file, line) already reported
        self.body = False  # the function's own frame was entered

    def event(self, kind, site, detail, **extra):
        key = (kind, *(site or ("", 0)), detail)
        if key in self.seen or (site is None and self.record is None):
            return
        self.seen.add(key)
        file, line = site or (self.record.file, self.record.line)
        self.entry.setdefault("events", []).append({"kind": kind, "file": file, "line": line, "detail": detail, **extra})

    def enter(self, frame):
        """The traced function's own frame: watch its list and dict arguments."""
        self.body = True
        code = frame.f_code
        if self.record is None:
            self.entry["function"] = code.co_name.removeprefix("tf__")
        names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        local = frame.f_locals
        for name in names:
            value = local.get(name)
            if type(value) in (list, dict):
                self.watched[id(value)] = (name, value, value.copy())

    def finish(self):
        for name, value, copy in self.watched.values():
            if not _unchanged(value, copy) and not any(
                e["kind"] == "mutation" and e["detail"].startswith(f"`{name}`") for e in self.entry.get("events", ())
            ):
                self.event("mutation", None, f"`{name}` ({type(value).__name__} argument) changed while tracing")
        if self.record is None:
            return
        watched = {(id(namespace), name) for namespace, name, *_ in self.record.watch}
        for code, namespace in self.codes.items():
            for name in _global_reads(code):
                value = namespace.get(name, _MISSING)
                if value is not _MISSING and not isinstance(value, _plain_types) and (id(namespace), name) not in watched:
                    watched.add((id(namespace), name))
                    self.record.watch.append((namespace, name, value, self.entry, code))


def _unchanged(value, copy) -> bool:
    """Compared by identity: ``==`` on tensors is elementwise."""
    if isinstance(value, dict):
        return value.keys() == copy.keys() and all(value[k] is copy[k] for k in copy)
    return len(value) == len(copy) and all(a is b for a, b in zip(value, copy))


_global_names: dict = {}


def _line_of(code, offset: int) -> int | None:
    """The line of the instruction at ``offset`` (Python 3.10 has no ``positions``)."""
    line = None
    for start, _, number in code.co_lines():
        if start > offset:
            break
        line = number if number is not None else line
    return line


def _global_reads(code) -> dict[str, int | None]:
    """The globals ``code`` reads, each with the first line reading it."""
    names = _global_names.get(code)
    if names is None:
        import dis

        names = _global_names[code] = {}
        for instruction in dis.get_instructions(code):
            if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and instruction.argval not in names:
                names[instruction.argval] = instruction.starts_line or _line_of(code, instruction.offset)
    return names


_local = threading.local()
_lock = threading.Lock()


def _observers() -> list:
    stack = getattr(_local, "observers", None)
    if stack is None:
        stack = _local.observers = []
    return stack


#: What a code object is to the profile hook, decided once per code object.
_LIBRARY, _BODY, _OTHER, _TRANSPARENT_CODE, _CREATED, _REFUSED = range(6)
_kinds: dict = {}


def _classify(code) -> int:
    if code.co_filename in _generated or _place(code.co_filename) == "user":
        kind = _OTHER if code.co_name in _NOT_BODIES else _BODY
    else:
        kind = _TRANSPARENT_CODE if _place(code.co_filename) == "transparent" else _LIBRARY
    _kinds[code] = kind
    return kind


def _profile(frame, event, arg, kinds=_kinds.get, lines=_lines.add):
    """``sys.setprofile`` hook, installed only while a recorded function traces. It runs for
    every call TensorFlow makes while tracing: library code leaves after one dict lookup."""
    if event == "c_call":
        kind = kinds(frame.f_code)
        if kind == _BODY or kind == _OTHER:
            lines((frame.f_code, frame.f_lineno))
            _safely(_c_call, frame, arg)
        elif kind == _TRANSPARENT_CODE:
            _safely(_c_call, frame, arg)
    elif event == "call":
        code = frame.f_code
        kind = kinds(code)
        if kind is None:
            kind = _classify(code)
        if kind == _BODY:
            observer = _local.observers[-1]
            if not observer.body:
                _safely(observer.enter, frame)
            observer.codes.setdefault(code, frame.f_globals)
        elif kind >= _CREATED:
            _safely(_on_variable, _local.observers[-1], frame, "created" if kind == _CREATED else "refused")
        back = frame.f_back
        if back is not None:
            kind = kinds(back.f_code)
            if kind == _BODY or kind == _OTHER:
                lines((back.f_code, back.f_lineno))


def _safely(function, *args) -> None:
    """An exception in a profile hook would unset it and surface in the user's code: the
    observation is best-effort, the user's program is not."""
    try:
        function(*args)
    except Exception:  # noqa: BLE001, S110
        pass


def _c_call(frame, arg) -> None:
    """A builtin called from user code (or on its way from it): print, open, a Python
    random draw, a mutation of a watched argument."""
    observer = _local.observers[-1]
    if arg is _hazard_builtins[0] or arg is _hazard_builtins[1]:
        site = _user_site(frame, through_transparent_only=True)
        if site is not None:
            observer.event(arg.__name__, site, f"{arg.__name__}() ran once, at trace time")
        return
    owner = getattr(arg, "__self__", None)
    watched = observer.watched.get(id(owner))
    if watched is not None and watched[1] is owner and arg.__name__ in _LIST_MUTATORS:
        observer.event("mutation", _user_site(frame), f"`{watched[0]}` ({type(owner).__name__} argument) .{arg.__name__}() at trace time")
    elif isinstance(owner, _random_types) and arg.__name__ not in _NOT_DRAWS:
        site = _user_site(frame, through_transparent_only=True)
        if site is not None:
            observer.event("random", site, "Python random draw at trace time: the value is frozen into the graph")


#: Random-state calls that draw nothing (NumPy's and ``random.Random``'s).
_NOT_DRAWS = frozenset({"seed", "get_state", "set_state", "getstate", "setstate", "get_bit_generator", "set_bit_generator"})


def _patch_numpy_random() -> list:
    """NumPy's draws are Cython methods, invisible to a profile hook: while a trace runs,
    ``numpy.random``'s module-level functions note the draw first. Returns what to restore."""
    numpy = sys.modules.get("numpy")
    module = getattr(numpy, "random", None)
    legacy = getattr(getattr(module, "mtrand", None), "_rand", None)
    if legacy is None:
        return []
    saved = [(name, value) for name, value in vars(module).items()
             if getattr(value, "__self__", None) is legacy and name not in _NOT_DRAWS]
    for name, value in saved:
        setattr(module, name, _noting_draw(value))
    return [(module, saved)]


def _noting_draw(function):
    def draw(*args, **kwargs):
        observers = getattr(_local, "observers", None)
        if observers:
            site = _user_site(sys._getframe(1), through_transparent_only=True)
            if site is not None:
                observers[-1].event("random", site, "NumPy random draw at trace time: the value is frozen into the graph")
        return function(*args, **kwargs)

    draw.autograph_info__ = {}  # AutoGraph calls it as is
    return draw


def _patch_conversion() -> list:
    """While a trace runs, every conversion to a tensor (``tensor_conversion_registry.convert``:
    ``tf.convert_to_tensor``, op inputs, tensor arithmetic) of a Python number the traced
    function received is noted with the dtype it became. Returns what to restore."""
    module = _conversion[0]
    if module is None:
        return []
    original = module.convert

    def convert(value, *args, **kwargs):
        result = original(value, *args, **kwargs)
        if type(value) in _NUMBER_TYPES:  # one type check on every other conversion
            observers = getattr(_local, "observers", None)
            if observers:
                _safely(_note_conversion, observers, value, result, sys._getframe(1))
        return result

    module.convert = convert
    return [(module, [("convert", original)])]


_NUMBER_TYPES = (int, float)
_conversion: list = [None]  # TensorFlow's tensor_conversion_registry, once hooked


def _note_conversion(observers, value, result, frame) -> None:
    """``converted`` (FORMAT.md): per parameter, the user's line of each conversion and its dtype."""
    for observer in reversed(observers):
        named = observer.numbers.get(id(value))
        if named is None or named[1] is not value:
            continue
        site = _user_site(frame) or (observer.record.file, observer.record.line)
        dtype = getattr(getattr(getattr(result, "dtype", None), "base_dtype", None), "name", None)
        if not isinstance(dtype, str):
            return  # not a tensor: the use stays unaccounted for (readers then prove nothing)
        entries = observer.entry.setdefault("converted", {}).setdefault(named[0], [])
        entry = next((e for e in entries if (e["file"], e["line"], e["dtype"]) == (*site, dtype)), None)
        if entry is None:
            entry = {"file": site[0], "line": site[1], "dtype": dtype, "count": 0}
            entries.append(entry)
        entry["count"] += 1
        observer.conversions.append((entry, result))
        return


def _conversions_done(observer) -> None:
    """Every number watched is in ``converted``, converted or not; each conversion says whether
    the graph used the constant only elementwise (the graph is complete now)."""
    if not observer.numbers:
        return
    converted = observer.entry.setdefault("converted", {})
    for name, _ in observer.numbers.values():
        converted.setdefault(name, [])
    for entry, tensor in observer.conversions:
        entry["elementwise"] = entry.get("elementwise", True) and _elementwise_only(tensor)


#: Ops whose output shapes do not depend on their inputs' values (elementwise): a constant
#: that reaches only these is used by value at run time, never while the graph is built.
_ELEMENTWISE = frozenset({
    "Add", "AddV2", "Sub", "Mul", "RealDiv", "Div", "DivNoNan", "FloorDiv", "FloorMod", "TruncateDiv", "Pow", "Maximum",
    "Minimum", "SquaredDifference", "Atan2", "Cast", "Neg", "Abs", "Sign", "Exp", "Expm1", "Log", "Log1p", "Sqrt", "Rsqrt",
    "Square", "Reciprocal", "Tanh", "Sigmoid", "Sin", "Cos", "Floor", "Ceil", "Round", "Rint", "Less", "LessEqual",
    "Greater", "GreaterEqual", "Equal", "NotEqual", "LogicalAnd", "LogicalOr", "LogicalNot", "SelectV2", "Identity",
})


def _elementwise_only(tensor) -> bool:
    """Did the constant ``tensor`` (a converted Python number) reach only elementwise ops while
    it, and what is computed from constants and it, could be folded? Where it meets a
    non-constant (a placeholder) its value is unknown to the graph either way."""
    constant: dict[int, bool] = {}

    def is_constant(t) -> bool:  # every ancestor is a Const (any op in between)
        op = t.op
        if id(op) not in constant:
            constant[id(op)] = False  # cycles (loops) are not constant
            constant[id(op)] = op.type == "Const" if not op.inputs else all(is_constant(i) for i in op.inputs)
        return constant[id(op)]

    stack, seen = [tensor], set()
    while stack:
        for op in stack.pop().consumers():
            if op.type not in _ELEMENTWISE:
                return False
            if id(op) not in seen:
                seen.add(id(op))
                if all(is_constant(i) for i in op.inputs):
                    stack.extend(op.outputs)
    return True


def _numbers(function_type) -> dict[int, tuple]:
    """The Python numbers (not bools) among a trace's parameters: TensorFlow hands the body the
    very object of the call (``Literal.value``), so identity finds its conversions. Two
    parameters holding one object (an interned small int) are ambiguous: neither is watched."""
    found: dict[int, tuple] = {}
    shared = set()
    try:
        for name, parameter in function_type.parameters.items():
            constraint = parameter.type_constraint
            value = getattr(constraint, "value", None) if type(constraint).__name__ == "Literal" else None
            if type(value) in _NUMBER_TYPES:
                if id(value) in found:
                    shared.add(id(value))
                found[id(value)] = (name, value)
    except Exception:  # noqa: BLE001 -- a TensorFlow change must not break the user's program
        return {}
    return {key: named for key, named in found.items() if key not in shared}


def _restore(patched: list) -> None:
    for module, saved in patched:
        for name, value in saved:
            setattr(module, name, value)


def _call_site(frame) -> dict | None:
    """The user's line that led to this trace, and the function it called there
    (``fit`` when Keras traces its train function)."""
    callee = None
    for _ in range(200):
        if frame is None:
            return None
        location = _user_location(frame.f_code, frame.f_lineno)
        if location is not None:
            return {"file": location[0], "line": location[1], **({"calls": callee} if callee else {})}
        if frame.f_code.co_name in _KERAS_ENTRIES:
            callee = frame.f_code.co_name
        frame = frame.f_back
    return None


#: Keras methods that trace their train/test/predict functions: named at the user's call site.
_KERAS_ENTRIES = frozenset({"fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "predict_on_batch"})


def _creator(frame) -> str | None:
    """The Keras object being built that created a variable: ``layer Dense 'dense'``."""
    for _ in range(60):
        if frame is None:
            return None
        owner = frame.f_locals.get("self") if "self" in frame.f_code.co_varnames else None
        if owner is not None:
            bases = {c.__name__ for c in type(owner).__mro__}
            for base, kind in _KERAS_KINDS:
                if base in bases:
                    name = getattr(owner, "name", None)
                    return f"{kind} {type(owner).__name__}" + (f" {name!r}" if isinstance(name, str) else "")
        frame = frame.f_back
    return None


def _on_variable(observer, frame, how) -> None:
    if how == "created":
        owner = frame.f_locals.get("self")
        key = ("variable-object", id(owner), 0, "")
        if key in observer.seen:
            return
        observer.seen.add(key)
        observer.entry["variables"] = observer.entry.get("variables", 0) + 1
        creator = _creator(frame)
        creators = observer.entry.setdefault("creators", [])
        if creator and creator not in creators and len(creators) < 5:
            creators.append(creator)
        if observer.first:
            return
    creator = _creator(frame)
    observer.event(
        "variable", _user_site(frame), "tf.Variable created on a trace that is not the first" + (f" by {creator}" if creator else ""),
        **({"creator": creator} if creator else {}),
    )


def _check_globals(record, frame) -> None:
    """A global read at trace time was rebound since: the graph still holds the old value."""
    for item in list(record.watch):
        namespace, name, value, entry, code = item
        if namespace.get(name, _MISSING) is not value:
            record.watch.remove(item)
            site = _user_site(frame)
            where = f" before the call at {os.path.basename(site[0])}:{site[1]}" if site else ""
            line = _global_reads(code).get(name)
            file, line = (_user_location(code, line) if line else None) or (record.file, record.line)
            entry.setdefault("events", []).append({
                "kind": "global", "file": file, "line": line,
                "detail": f"global `{name}` read at trace time was rebound{where}; the graph keeps the old value",
            })


def _observed(observer, create):
    """Run ``create()`` (one trace) with the profile hook watching, unless another profiler runs."""
    observers = _observers()
    previous = sys.getprofile()
    if not OBSERVE or (previous is not None and previous is not _profile):  # never displace the user's profiler
        return create()
    patched = [] if observers else _patch_numpy_random() + _patch_conversion()
    observers.append(observer)
    sys.setprofile(_profile)
    try:
        return create()
    finally:
        sys.setprofile(previous)
        observers.pop()
        _restore(patched)
        _safely(observer.finish)
        _safely(_conversions_done, observer)


def _error(error: BaseException) -> dict:
    """The exception a trace raised, at its deepest user-code line. AutoGraph re-raises
    a rewritten copy; the original (its context) holds the user's frames."""
    chain, seen = [], error
    while seen is not None and len(chain) < 5:
        chain.append(seen)
        seen = seen.__cause__ or seen.__context__
    for candidate in reversed(chain):
        site, tb = None, candidate.__traceback__
        while tb is not None:
            site = _user_location(tb.tb_frame.f_code, tb.tb_lineno) or site
            tb = tb.tb_next
        if site is not None:
            break
    else:
        candidate = error
    lines = [line for line in str(candidate).strip().splitlines() if line.strip()]
    described = {"type": type(candidate).__name__, "message": (lines[0] if lines else "")[:300]}
    return {**described, "file": site[0], "line": site[1]} if site else described


# -- hooks ----------------------------------------------------------------------


def _hook(module) -> None:
    global _random_types, _plain_types
    import builtins
    import random

    from tensorflow.python.autograph.impl import api as autograph_api
    from tensorflow.python.eager.polymorphic_function import tracing_compilation
    from tensorflow.python.framework import tensor_conversion_registry
    from tensorflow.python.ops import resource_variable_ops

    function_class = module.Function
    original_call = function_class.__call__
    original_create = tracing_compilation._create_concrete_function
    original_convert = autograph_api._convert_actual
    _hazard_builtins[:] = [builtins.print, builtins.open]
    _conversion[0] = tensor_conversion_registry
    _plain_types = (*_PLAIN, function_class)
    for cls in (resource_variable_ops.ResourceVariable, resource_variable_ops.UninitializedVariable):
        _kinds[cls.__init__.__code__] = _CREATED
    for constant in function_class._initialize.__code__.co_consts:
        if getattr(constant, "co_name", None) == "invalid_creator_scope":
            _kinds[constant] = _REFUSED  # TensorFlow refuses variables on traces after the first

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
                    "autograph": bool(getattr(self, "_autograph", True)),
                }
            self.__dict__[_ATTRIBUTE] = current
        if current is None:
            return original_call(self, *args, **kwds)
        record = current[0]
        record.calls += 1
        if record.watch:
            _safely(_check_globals, record, sys._getframe(1))
        observers = getattr(_local, "observers", None)
        if observers and any(o.record is record for o in observers):
            observers[-1].event("recursion", _user_site(sys._getframe(1)), f"`{record.qualname}` called while it is being traced")
        outer = getattr(_local, "current", None)
        _local.current = current
        try:
            return original_call(self, *args, **kwds)
        finally:
            _local.current = outer

    def _create_concrete_function(function_type, type_context, func_graph, tracing_options):
        def create():
            return original_create(function_type, type_context, func_graph, tracing_options)

        record = _record_for(tracing_options.python_function)
        if record is None:  # TensorFlow's own function (tf.data's wrapper, ...): the user's code it runs still counts
            entry = {"traced_by": getattr(tracing_options.python_function, "__qualname__", "?"), "events": []}
            try:
                return _observed(_Observer(None, entry, True), create)
            finally:
                _loose_events.extend(dict(e, traced_by=entry["traced_by"], function=entry.get("function")) for e in entry["events"])
        current = getattr(_local, "current", None)
        instance = current[1] if current is not None and current[0] is record else 0
        parameters = {name: _safe_spec(p.type_constraint) for name, p in function_type.parameters.items()}
        record.parameters = list(parameters)
        first = not any(t["instance"] == instance for t in record.traces)
        entry = {"process": 0, "instance": instance, "seconds": 0.0, "parameters": parameters, "changed": None, "variables": 0}
        call_site = _call_site(sys._getframe(1))
        if call_site is not None:
            entry["call_site"] = call_site
        start = time.perf_counter()
        try:
            return _observed(_Observer(record, entry, first, _numbers(function_type)), create)
        except BaseException as error:
            entry["error"] = _error(error)
            raise
        finally:
            seconds = time.perf_counter() - start
            entry["seconds"] = round(seconds, 6)
            # Compared once done: a recursive call's own traces finish first.
            earlier = [t["parameters"] for t in record.traces if t["instance"] == instance]
            entry["changed"] = min((_differences(parameters, e) for e in earlier), key=len) if earlier else None
            record.traces.append(entry)
            record.seconds += seconds
            for listener in list(listeners):
                _safely(listener, record, entry)

    def _convert_actual(entity, program_ctx):
        converted = original_convert(entity, program_ctx)
        try:
            for generated, origin in converted.ag_source_map.items():
                _generated.setdefault(generated.filename, {})[generated.lineno] = (origin.loc.filename, origin.loc.lineno)
        except Exception:  # noqa: BLE001, S110 -- a TensorFlow change must not break the user's program
            pass
        return converted

    function_class.__call__ = __call__
    tracing_compilation._create_concrete_function = _create_concrete_function
    autograph_api._convert_actual = _convert_actual
    _random_types = (random.Random,)
    originals.update({"__call__": original_call, "create": original_create})  # for benchmarks/trace_overhead.py


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
        "scope": _observed_scope(),
        **({"events": _loose_events} if _loose_events else {}),
    }


def _observed_scope() -> list[dict]:
    """``_lines`` and the user's functions that ran, as user files and lines (FORMAT.md)."""
    lines: dict[str, set[int]] = {}
    functions: dict[str, dict[int, str]] = {}
    for code, line in list(_lines):
        location = _user_location(code, line)
        if location is not None:
            lines.setdefault(location[0], set()).add(location[1])
    for code, kind in list(_kinds.items()):
        location = _user_location(code, code.co_firstlineno) if kind == _BODY else None
        if location is not None:
            lines.setdefault(location[0], set()).add(location[1])
            name = code.co_name.removeprefix("tf__") if code.co_filename in _generated else getattr(code, "co_qualname", code.co_name)
            functions.setdefault(location[0], {}).setdefault(location[1], name)
    return [
        {"file": file, "lines": sorted(found), "functions": [{"line": n, "qualname": q} for n, q in sorted(functions.get(file, {}).items())]}
        for file, found in sorted(lines.items())
    ]


def _write_fragment(directory: str) -> None:
    if not _records and not _lines:
        return
    path = os.path.join(directory, f"fragment-{os.getpid()}-{time.time_ns()}.json")
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump(fragment(), handle)
    os.replace(path + ".tmp", path)


#: Called with ``(record, trace entry)`` after each trace of a user function (``tfautofix.watch``).
listeners: list = []


def hook() -> None:
    """Record every tf.function of this process from now on (once TensorFlow is imported)."""
    if originals or any(isinstance(finder, _PostImportHook) for finder in sys.meta_path):
        return
    if _HOOKED_MODULE in sys.modules:
        _hook(sys.modules[_HOOKED_MODULE])
    else:
        sys.meta_path.insert(0, _PostImportHook())


def install(directory: str) -> None:
    """Record every tf.function of this process; write the fragment at exit."""
    hook()
    atexit.register(_write_fragment, directory)
