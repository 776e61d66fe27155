"""Reading, validating and merging trace logs (FORMAT.md). No TensorFlow here."""

from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

FORMAT = "tfautofix-traces"
VERSION = 1


class TraceLogError(Exception):
    """A trace log that cannot be used; the message is one line for the user."""


@dataclass
class FunctionTraces:
    file: str
    line: int
    qualname: str
    parameters: list[str]
    options: dict
    calls: int
    instances: int
    tracing_seconds: float
    traces: list[dict]
    library: bool = False  # defined outside the user's project (Keras's train_function, ...)

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    def traces_per_cache(self) -> dict[tuple[int, int], list[dict]]:
        """Traces grouped by (process, instance): each has its own trace cache."""
        grouped: dict[tuple[int, int], list[dict]] = {}
        for trace in self.traces:
            grouped.setdefault((trace.get("process", 0), trace.get("instance", 0)), []).append(trace)
        return grouped

    @property
    def max_traces(self) -> int:
        """Traces of the most retraced cache (one process, one instance), not counting
        the second trace TensorFlow makes after a first call that created variables:
        that one is expected, not a signature problem."""
        return max((sum(not variable_retrace(t, i, c) for i, t in enumerate(c)) for c in self.traces_per_cache().values()), default=0)

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "qualname": self.qualname,
            "parameters": self.parameters,
            "options": self.options,
            "calls": self.calls,
            "instances": self.instances,
            "tracing_seconds": round(self.tracing_seconds, 6),
            "traces": self.traces,
            **({"library": True} if self.library else {}),
        }


def ran_at_trace_time(functions_run: set[tuple[int, str]], name: str, lines: set[int], names: list[str]) -> bool:
    """Did the function ``name`` (its decorator and ``def`` lines ``lines``) run at trace time?
    ``names`` are all the function names of the file: a unique name matches even after
    edits moved it (fix passes add imports)."""
    return any(n == name and (line in lines or names.count(name) == 1) for line, n in functions_run)


def variable_retrace(trace: dict, index: int, cache: list[dict]) -> bool:
    """Is ``trace`` (``cache[index]``) TensorFlow's retrace after a first call that
    created variables? It follows the first trace with no argument changed; logs
    that count variables (``variables``) say so, older ones are judged by position."""
    if index != 1 or trace.get("changed") != []:
        return False
    return cache[0].get("variables", 1) > 0


@dataclass
class TraceLog:
    functions: list[FunctionTraces] = field(default_factory=list)
    processes: list[dict] = field(default_factory=list)
    command: list[str] = field(default_factory=list)
    exit_code: int | None = None
    #: The observed traced scope: ``{"file", "lines", "functions"}`` per user file.
    scope: list[dict] = field(default_factory=list)
    #: Events in the user's code traced by TensorFlow's own functions (``Dataset.map``, ...).
    events: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "command": self.command,
            "exit_code": self.exit_code,
            "processes": self.processes,
            "functions": [f.to_json() for f in self.functions],
            **({"scope": self.scope} if self.scope else {}),
            **({"events": self.events} if self.events else {}),
        }

    def functions_run(self, path: str) -> set[tuple[int, str]]:
        """``(first line, name)`` of the functions of ``path`` that ran at trace time."""
        target = _resolved(path)
        return {(f["line"], f["qualname"].rsplit(".", 1)[-1]) for entry in self.scope if _resolved(entry["file"]) == target
                for f in entry.get("functions", ())}

    def lines_run(self, path: str) -> set[int]:
        """Lines of ``path`` that ran while a function was being traced."""
        target = _resolved(path)
        return {line for entry in self.scope if _resolved(entry["file"]) == target for line in entry.get("lines", ())}

    def events_in(self, path: str) -> list[tuple[str, dict]]:
        """Trace-time events at lines of ``path``: (the traced function's name, event)."""
        target = _resolved(path)
        found = [(f.qualname, e) for f in self.functions for t in f.traces for e in t.get("events", ())]
        found += [(e.get("function") or "?", e) for e in self.events]
        return [(name, event) for name, event in found if _resolved(event["file"]) == target]

    def for_file(self, path: str) -> list[FunctionTraces]:
        """Functions defined in ``path``, matched on the resolved path. A relative
        path in the log is relative to the directory ``trace`` ran in: run
        ``check``/``fix`` from that directory (the project root) too."""
        target = _resolved(path)
        return [function for function in self.functions if _resolved(function.file) == target]

    @staticmethod
    def same_file(logged: str, path: str) -> bool:
        """Does the path ``logged`` in the log name the file ``path``?"""
        return _resolved(logged) == _resolved(path)

    def missing_files(self) -> list[str]:
        """Files of the log that do not exist here (a log recorded in another directory)."""
        return sorted({f.file for f in self.functions if not os.path.isfile(f.file)})


def _resolved(path: str) -> str:
    """The file ``path`` names, the same for a log entry and a file to check: its resolved
    path (a relative path in the log is relative to the directory ``trace`` ran in),
    never the path's end: in a monorepo two ``train.py`` are different files."""
    return _realpath(path, os.getcwd())


@functools.lru_cache(maxsize=4096)
def _realpath(path: str, directory: str) -> str:
    """Each path resolved once per working directory (queries ask about the same few files)."""
    return os.path.realpath(os.path.join(directory, path))


class _Malformed(ValueError):
    """Where a log departs from FORMAT.md, e.g. ``functions[0].traces[1].parameters.x.shape``."""


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise _Malformed(f"{where} must be {what}")


def _typed(data: dict, where: str, fields: dict) -> None:
    """Each of ``fields`` (name → (types, what)) present in ``data`` has one of its types (bool is not a number)."""
    for name, (types, what) in fields.items():
        if name in data:
            value = data[name]
            _need(isinstance(value, types) and not (isinstance(value, bool) and bool not in types), f"{where}.{name}", what)


_INT, _NUMBER, _TEXT = ((int,), "an integer"), ((int, float), "a number"), ((str,), "a string")
_SITE = {"file": _TEXT, "line": _INT}


#: The fields each kind of spec needs (FORMAT.md, "Specs"); other kinds need none.
_SPEC_FIELDS = {"tensor": ("shape", "dtype"), "variable": ("shape", "dtype"), "python": ("type",), "object": ("type", "id"),
                "list": ("items",), "tuple": ("items",), "dict": ("items",)}


def _spec(spec: object, where: str) -> None:
    _need(isinstance(spec, dict) and isinstance(spec.get("kind"), str), where, "an argument spec with a \"kind\"")
    for name in _SPEC_FIELDS.get(spec["kind"], ()):
        _need(name in spec, f"{where}.{name}", f"present in a {spec['kind']} spec")
    items = ((dict,), "an object") if spec["kind"] == "dict" else ((list,), "a list")
    _typed(spec, where, {"dtype": _TEXT, "type": _TEXT, "id": ((str, int), "a string"), "items": items})
    shape = spec.get("shape")
    _need(shape is None or isinstance(shape, list) and all(d is None or type(d) is int for d in shape), f"{where}.shape", "null or a list of integers and nulls")
    items = spec.get("items") or ()
    for key in items:
        _spec(items[key] if isinstance(items, dict) else key, f"{where}.items")


def _trace(trace: object, where: str) -> None:
    """What readers of a trace rely on: the kinds of its fields (FORMAT.md), nested specs included."""
    _need(isinstance(trace, dict), where, "an object")
    _typed(trace, where, {"process": _INT, "instance": _INT, "seconds": _NUMBER, "variables": _INT, "parameters": ((dict,), "an object"),
                          "call_site": ((dict,), "an object"), "error": ((dict,), "an object"), "events": ((list,), "a list"),
                          "changed": ((list, type(None)), "null or a list"), "creators": ((list,), "a list"),
                          "converted": ((dict,), "an object")})
    _need("parameters" in trace, f"{where}.parameters", "present")
    for name, spec in trace["parameters"].items():
        _spec(spec, f"{where}.parameters.{name}")
    _need(all(isinstance(c, str) for c in trace.get("changed") or ()), f"{where}.changed", "a list of names")
    _need(all(isinstance(c, str) for c in trace.get("creators") or ()), f"{where}.creators", "a list of strings")
    for name, located in (("call_site", trace.get("call_site") or {}), ("error", trace.get("error") or {})):
        _need(("file" in located) == ("line" in located), f"{where}.{name}", "an object with both \"file\" and \"line\", or neither")
        _typed(located, f"{where}.{name}", {**_SITE, "type": _TEXT, "message": _TEXT})
    for index, event in enumerate(trace.get("events") or ()):
        _event(event, f"{where}.events[{index}]")
    for name, uses in (trace.get("converted") or {}).items():
        _need(isinstance(uses, list), f"{where}.converted.{name}", "a list")
        for index, use in enumerate(uses):
            at = f"{where}.converted.{name}[{index}]"
            _need(isinstance(use, dict) and all(key in use for key in _CONVERSION), at, "an object with \"file\", \"line\", \"dtype\", \"count\"")
            _typed(use, at, {**_CONVERSION, "elementwise": ((bool,), "true or false")})


#: A conversion of a Python number argument to a tensor (FORMAT.md, "converted").
_CONVERSION = {**_SITE, "dtype": _TEXT, "count": _INT}


def _event(event: object, where: str) -> None:
    _need(isinstance(event, dict) and all(key in event for key in ("kind", "file", "line")), where, "an event with \"kind\", \"file\", \"line\"")
    _typed(event, where, {**_SITE, "kind": _TEXT, "detail": _TEXT, "function": ((str, type(None)), "a string")})


def _function(data: dict, process_offset: int = 0, where: str = "functions[?]") -> FunctionTraces:
    _need(isinstance(data, dict) and isinstance(data.get("traces"), list), where, "an object with a list of \"traces\"")
    for index, trace in enumerate(data["traces"]):
        _trace(trace, f"{where}.traces[{index}]")
    _typed(data, where, {"file": _TEXT, "qualname": _TEXT, "line": _INT, "calls": _INT, "instances": _INT, "tracing_seconds": _NUMBER,
                         "parameters": ((list,), "a list"), "options": ((dict, type(None)), "an object")})
    _need(all(isinstance(name, str) for name in data.get("parameters", [])), f"{where}.parameters", "a list of names (strings)")
    traces = [dict(t, process=t.get("process", 0) + process_offset) for t in data["traces"]]
    return FunctionTraces(
        file=str(data["file"]),
        line=int(data["line"]),
        qualname=str(data["qualname"]),
        parameters=list(data.get("parameters", [])),
        options=dict(data.get("options") or {}),
        calls=int(data.get("calls", 0)),
        instances=int(data.get("instances", 1)),
        tracing_seconds=float(data.get("tracing_seconds", 0.0)),
        traces=traces,
        library=bool(data.get("library", False)),
    )


def from_json(data: object, source: str = "trace log") -> TraceLog:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TraceLogError(f"{source}: not a tfautofix trace log")
    if data.get("version") != VERSION:
        raise TraceLogError(f"{source}: trace log version {data.get('version')!r} is not supported (expected {VERSION})")
    try:
        _typed(data, "log", {"functions": ((list,), "a list"), "processes": ((list,), "a list"), "command": ((list,), "a list"),
                             "scope": ((list, type(None)), "a list"), "events": ((list, type(None)), "a list")})
        for index, event in enumerate(data.get("events") or ()):
            _event(event, f"events[{index}]")
        return TraceLog(
            functions=[_function(f, 0, f"functions[{index}]") for index, f in enumerate(data.get("functions", []))],
            processes=list(data.get("processes", [])),
            command=list(data.get("command", [])),
            exit_code=data.get("exit_code"),
            scope=merge_scopes([data.get("scope") or []]),
            events=[dict(e) for e in data.get("events") or ()],
        )
    except _Malformed as error:
        raise TraceLogError(f"{source}: malformed trace log ({error})") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise TraceLogError(f"{source}: malformed trace log ({type(error).__name__}: {error})") from None


def load(path: str | os.PathLike) -> TraceLog:
    """Read a trace log; :class:`TraceLogError` with a one-line message otherwise."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise TraceLogError(f"{path}: cannot read trace log ({error.strerror or error})") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise TraceLogError(f"{path}: not valid JSON ({error})") from None
    return from_json(data, str(path))


def merge(fragments: list[dict]) -> TraceLog:
    """Merge per-process fragments: functions with the same definition are one entry."""
    log = TraceLog(
        scope=merge_scopes([fragment.get("scope") or [] for fragment in fragments]),
        events=[event for fragment in fragments for event in fragment.get("events") or ()],
    )
    by_key: dict[tuple, FunctionTraces] = {}
    for fragment in fragments:
        offset = len(log.processes)
        log.processes += fragment.get("processes", [])
        for data in fragment.get("functions", []):
            function = _function(data, offset)
            key = (function.file, function.line, function.qualname)
            existing = by_key.get(key)
            if existing is None:
                by_key[key] = function
                log.functions.append(function)
                continue
            existing.calls += function.calls
            existing.instances += function.instances
            existing.tracing_seconds += function.tracing_seconds
            existing.traces += function.traces
            existing.parameters = existing.parameters or function.parameters
    return log


def merge_scopes(scopes: list[list[dict]]) -> list[dict]:
    """One entry per file: the union of the lines and functions observed."""
    lines: dict[str, set[int]] = {}
    functions: dict[str, dict[int, str]] = {}
    for scope in scopes:
        for entry in scope:
            file = str(entry["file"])
            lines.setdefault(file, set()).update(int(n) for n in entry.get("lines", ()))
            for function in entry.get("functions", ()):
                functions.setdefault(file, {}).setdefault(int(function["line"]), str(function["qualname"]))
    return [
        {"file": file, "lines": sorted(lines[file]),
         "functions": [{"line": n, "qualname": q} for n, q in sorted(functions.get(file, {}).items())]}
        for file in sorted(lines)
    ]


def merge_directory(directory: str | os.PathLike) -> TraceLog:
    fragments = []
    def started(path: Path) -> tuple[int, str]:  # parents (lower pids, usually) before the processes they start
        pid = path.name.split("-")[1]
        return (int(pid) if pid.isdigit() else 0, path.name)

    for path in sorted(Path(directory).glob("fragment-*.json"), key=started):
        try:
            fragments.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue  # a process killed while writing; the others still count
    return merge(fragments)


def write(log: TraceLog, path: str | os.PathLike) -> None:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".tmp")
    temporary.write_text(json.dumps(log.to_json(), indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, target)
