"""Human explanations of why a function retraced, each naming the rule that fixes it."""

from __future__ import annotations

import os
from dataclasses import dataclass

from tfautofix.tracing.log import FunctionTraces, TraceLog, variable_retrace
from tfautofix.tracing.signature import NUMBER_TYPES, parameter_kind


@dataclass(frozen=True)
class Explanation:
    text: str
    rule: str  # the rule code that fixes it


def format_shape(shape) -> str:
    if shape is None:
        return "<unknown rank>"
    inner = ", ".join("None" if d is None else str(d) for d in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def _distinct(values: list) -> list:
    seen = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


def _series(values: list, limit: int = 3) -> str:
    shown = [str(v) for v in values]
    if len(shown) <= limit + 1:
        return ", ".join(shown)
    return ", ".join(shown[:limit - 1]) + ", ... " + shown[-1]


def _varying_dims(shapes: list) -> str:
    if any(s is None for s in shapes) or len({len(s) for s in shapes}) > 1:
        return "rank varies"
    dims = [i for i, column in enumerate(zip(*shapes)) if len(set(column)) > 1]
    if dims == [0]:
        return "length varies" if len(shapes[0]) == 1 else "batch dimension varies"
    if len(dims) == 1:
        return f"dimension {dims[0]} varies"
    return f"dimensions {', '.join(map(str, dims))} vary"


def _explain_parameter(name: str, specs: list[dict]) -> list[Explanation]:
    kinds = {s.get("kind") for s in specs}
    if len(kinds) > 1:
        kinds_text = " and ".join(sorted(k or "?" for k in kinds))
        return [Explanation(f"argument `{name}`: passed as {kinds_text} in different calls (pass one kind)", "TFA004")]
    kind = kinds.pop()
    found = []
    if kind in ("tensor", "variable"):
        what = "shape" if kind == "tensor" else "variable shape"
        dtypes = _distinct([s["dtype"] for s in specs])
        if len(dtypes) > 1:
            found.append(Explanation(
                f"argument `{name}`: dtype {' and '.join(dtypes)} (cast at the call site; "
                "reduce_retracing does not merge dtypes and an input_signature would reject one of them)",
                "TFA004",
            ))
        shapes = _distinct([s["shape"] for s in specs])
        if len(shapes) > 1:
            count = f"{len(shapes)} distinct shapes: {_varying_dims(shapes)}"
            found.append(Explanation(
                f"argument `{name}`: {what} {format_shape(shapes[0])} → {format_shape(shapes[1])} ({count})", "TFA004"
            ))
    elif kind == "python":
        values = _distinct([s.get("value") for s in specs])
        types = _distinct([s.get("type") for s in specs])
        if set(types) <= set(NUMBER_TYPES):
            label = f"Python {'/'.join(types)}"
            found.append(Explanation(
                f"argument `{name}`: {label} {_series(values)} (each distinct value traces; pass a tensor)", "TFA007"
            ))
        else:
            found.append(Explanation(
                f"argument `{name}`: Python value {_series([repr(v) for v in values])} (each distinct value traces)",
                "TFA004",
            ))
    elif kind == "object":
        ids = [s.get("id") for s in specs]
        type_name = _distinct([s.get("type") for s in specs])
        if len(set(ids)) == len(ids):
            found.append(Explanation(
                f"argument `{name}`: a new object on each call ({', '.join(type_name)}: tf.function traces objects by "
                "identity; create it once and reuse it)",
                "TFA004",
            ))
        else:
            found.append(Explanation(
                f"argument `{name}`: {len(set(ids))} distinct {', '.join(type_name)} objects (traced by identity)", "TFA004"
            ))
    elif kind in ("list", "tuple", "dict"):
        lengths = _distinct([len(s.get("items") or ()) for s in specs])
        change = f"length {' → '.join(map(str, lengths))}" if len(lengths) > 1 else "contents changed"
        found.append(Explanation(f"argument `{name}`: Python {kind}, {change} (the structure is part of the trace key)", "TFA004"))
    else:
        found.append(Explanation(f"argument `{name}`: {kind} value changed", "TFA004"))
    return found


def explain_function(function: FunctionTraces) -> list[Explanation]:
    """Why ``function`` traced more than once (empty when it did not), per argument."""
    explanations: list[Explanation] = []
    changed: list[str] = []
    unexplained = expected = 0
    for cache in function.traces_per_cache().values():
        for index, trace in enumerate(cache):
            names = trace.get("changed")
            if names is None:
                continue
            if variable_retrace(trace, index, cache):
                expected += 1
            elif not names:
                unexplained += 1
            changed += [name for name in names if name not in changed]
    for name in changed:
        specs = [t["parameters"][name] for t in function.traces if name in t["parameters"]]
        explanations += _explain_parameter(name, specs)
    caches = function.traces_per_cache()
    if len({instance for _, instance in caches}) > 1:
        explanations.append(Explanation(
            f"{function.instances} instances: each object has its own trace cache, so each traces separately", "TFA004"
        ))
    if unexplained:
        explanations.append(Explanation(
            f"{unexplained} retrace(s) with no argument change: captured Python state changed or an argument object "
            "was garbage-collected", "TFA004",
        ))
    if expected and explanations:
        explanations.append(Explanation(
            "plus TensorFlow's expected retrace after a first call that created variables (not a signature problem)", "TFA001",
        ))
    return explanations


def ranked(log: TraceLog):
    """Functions by trace count, then tracing time, most expensive first."""
    return sorted(log.functions, key=lambda f: (-len(f.traces), -f.tracing_seconds, f.file, f.line))


# -- per-retrace report (explain) ----------------------------------------------------

#: The rule that covers each trace-time event (FORMAT.md, "Trace-time observation").
EVENT_RULES = {"variable": "TFA001", "random": "TFA002", "print": "TFA008", "open": "TFA012", "mutation": "TFA012",
               "global": "TFA012", "recursion": None}
_KERAS_FUNCTIONS = {"fit": "train_function", "evaluate": "test_function", "predict": "predict_function",
                    "train_on_batch": "train_function", "test_on_batch": "test_function", "predict_on_batch": "predict_function"}


@dataclass
class Line:
    """One line of a function's explanation: a (group of) retrace(s), a crash, an event."""

    kind: str  # "retrace", "expected", "error" or an event kind
    text: str
    rule: str | None = None
    fix: str | None = None
    count: int = 1
    site: str | None = None  # the user's file:line

    def to_json(self) -> dict:
        return {"kind": self.kind, "count": self.count, "site": self.site, "text": self.text, "rule": self.rule, "fix": self.fix}


def _site(located: dict | None) -> str | None:
    if not located or "file" not in located:
        return None
    return f"{_relative(located['file'])}:{located['line']}"


def _dims(shape) -> str:
    return "<unknown rank>" if shape is None else "[" + ", ".join("None" if d is None else str(d) for d in shape) + "]"


def _value(spec: dict) -> str:
    kind = spec.get("kind")
    if kind in ("tensor", "variable"):
        return f"{spec.get('dtype')}{_dims(spec.get('shape'))}"
    if kind == "python":
        return repr(spec.get("value"))
    if kind == "object":
        return f"{spec.get('type', '?').rsplit('.', 1)[-1]}#{spec.get('id')}"
    if kind in ("list", "tuple", "dict"):
        return f"{kind} of {len(spec.get('items') or ())}"
    return str(spec.get("type", kind))


def changes(path: str, old: dict | None, new: dict) -> list[tuple[str, str, str, str]]:
    """How ``new`` differs from ``old``: (path, aspect, from, to), descending into lists, tuples, dicts."""
    if old is None or old.get("kind") != new.get("kind"):
        return [(path, "kind", _value(old) if old else "absent", _value(new))]
    kind = new.get("kind")
    if kind in ("tensor", "variable"):
        found = []
        if old.get("dtype") != new.get("dtype"):
            found.append((path, "dtype", old.get("dtype"), new.get("dtype")))
        if old.get("shape") != new.get("shape"):
            found.append((path, "shape", _dims(old.get("shape")), _dims(new.get("shape"))))
        return found
    if kind == "python":
        return [] if old == new else [(path, "value", repr(old.get("value")), repr(new.get("value")))]
    if kind == "object":
        return [] if old.get("id") == new.get("id") else [(path, "identity", _value(old), _value(new))]
    if kind in ("list", "tuple", "dict"):
        old_items, new_items = old.get("items") or (), new.get("items") or ()
        if len(old_items) != len(new_items) or (kind == "dict" and set(old_items) != set(new_items)):
            return [(path, "length", str(len(old_items)), str(len(new_items)))]
        keys = list(new_items) if kind == "dict" else range(len(new_items))
        return [c for k in keys for c in changes(f"{path}[{k!r}]", old_items[k], new_items[k])]
    return [] if old == new else [(path, "spec", _value(old), _value(new))]


def _fewest_changes(trace: dict, earlier: list[dict]) -> list[tuple[str, str, str, str]]:
    """The changes from the earlier trace ``trace`` differs from least (the latest on a tie):
    a retrace over a dtype alone is not blamed on a shape that an older trace also had."""
    return min(([c for name, spec in trace["parameters"].items() for c in changes(name, t["parameters"].get(name), spec)]
                for t in reversed(earlier)), key=len)


def _hint(function: FunctionTraces, decided, name: str, aspect: str, call_sites: list[str]) -> tuple[str | None, str]:
    """(rule, fix) for a change of ``aspect`` in argument ``name``."""
    if function.library:
        where = f" at {call_sites[0]}" if call_sites else ""
        return None, f"library code: keep this argument's shapes and dtypes constant{where}"
    if aspect == "dtype":
        return "TFA004", "cast to one dtype at the call site"
    if aspect == "identity":
        return "TFA004", "create the object once and reuse it (traced by identity)"
    specs = [t["parameters"][name] for t in function.traces if name in t["parameters"]]
    number = parameter_kind(specs) == "number"
    if decided.kind == "input_signature":
        parameter = next((p for p in decided.signature if p.name == name), None)
        if parameter is not None and parameter.from_python:
            return "TFA007", "pass a tensor (tf.constant) instead of a Python number"
        if parameter is not None and parameter.items:
            return "TFA004", f"input_signature: a {parameter.container} of {len(parameter.items)} specs"
        if parameter is not None:
            return "TFA004", f"input_signature {_dims(parameter.shape)}"
    if number:
        return "TFA007", "pass a tensor (tf.constant) instead of a Python number"
    if decided.kind == "reduce_retracing":
        return "TFA004", "reduce_retracing=True"
    return "TFA004", f"no automatic fix: {decided.reason}" if decided.reason else None


def _why(aspect: str, values: list[str]) -> str:
    if aspect == "shape":
        shapes = [None if v == "<unknown rank>" else [None if d == "None" else int(d) for d in v[1:-1].split(", ") if d] for v in values]
        return _varying_dims(shapes)
    return {"dtype": "dtype varies", "value": "each distinct value traces", "identity": "a new object",
            "length": "the structure is part of the trace key", "kind": "passed as different kinds",
            "spec": "its trace type changed"}[aspect]


def report(function: FunctionTraces, last: bool = False) -> list[Line]:
    """Why ``function`` traced each time after its first, grouped by cause, then what happened at trace time.
    ``last``: about its last trace only (what ``tfautofix.watch`` prints the moment it happens)."""
    from tfautofix.tracing.signature import plan

    decided = plan(function) if function.max_traces > 1 else None
    call_sites = _distinct([_site(t.get("call_site")) for t in function.traces if t.get("call_site")])
    groups: dict[tuple, dict] = {}
    lines: list[Line] = []
    for cache in function.traces_per_cache().values():
        for index, trace in enumerate(cache):
            if last and trace is not function.traces[-1]:
                continue
            site = _site(trace.get("call_site"))
            if index > 0:
                _retrace(function, cache, index, site, lines, groups)
            if "error" in trace:
                error = trace["error"]
                where = _site(error) or site
                message = error.get("message", "").split(". ")[0].rstrip(".")
                _add(lines, Line("error", f"{where or '?'}: trace raised {error.get('type')}: {message}", _error_rule(trace), site=where))
    lines += [_retrace_line(function, decided, call_sites, site, changed, group) for (site, changed), group in groups.items()]
    for trace in function.traces[-1:] if last else function.traces:
        for event in trace.get("events", ()):
            site = _site(event)
            _add(lines, Line(event["kind"], f"{site}: {event.get('detail', event['kind'])}", EVENT_RULES.get(event["kind"]), site=site))
    for line in lines:
        if line.count > 1 and line.kind != "retrace":
            line.text += f" (×{line.count})"
    return lines


def _retrace_line(function, decided, call_sites, site, changed, group) -> Line:
    """One line for the retraces at ``site`` where the same arguments changed the same way."""
    parts, hints = [], []
    for path, aspect in changed:
        values = group["values"][path, aspect]
        shown = values if len(values) <= 4 else [*values[:2], "...", values[-1]]
        what = {"value": "Python value", "identity": "object", "length": "length", "kind": "kind"}.get(aspect, aspect)
        change = "" if aspect == "spec" else f" {what} {' → '.join(shown)}"
        parts.append((f"`{path}`{change}", _why(aspect, values)))
        hints.append(_hint(function, decided, path.split("[", 1)[0], aspect, call_sites))

    def advice(hint):
        return f"; {hint[0]} → {hint[1]}" if hint[0] and hint[1] else f"; {hint[1]}" if hint[1] else ""

    if len(set(hints)) == 1:  # the advice once, at the end
        parts[-1] = (parts[-1][0], parts[-1][1] + advice(hints[0]))
        arguments = " and ".join(f"{text} ({why})" for text, why in parts)
    else:
        arguments = " and ".join(f"{text} ({why}{advice(hint)})" for (text, why), hint in zip(parts, hints))
    times = f" {group['count']}×" if group["count"] > 1 else ""
    at = f" at {site}" if site else ""
    at += f" ({group['seconds']:.3f} s)" if group["seconds"] else ""
    rule, fix = hints[0]
    return Line("retrace", f"retraced{times}{at}: argument{'s' if len(parts) > 1 else ''} {arguments}", rule, fix, group["count"], site)


def _add(lines: list[Line], line: Line) -> None:
    """Repeated events and crashes at one line are one line with a count."""
    for existing in lines:
        if (existing.kind, existing.site) == (line.kind, line.site) and line.kind != "retrace":
            existing.count += 1
            return
    lines.append(line)


def _retrace(function, cache, index, site, lines, groups) -> None:
    trace = cache[index]
    if variable_retrace(trace, index, cache):
        made = cache[0].get("variables")
        by = f" by {', '.join(cache[0]['creators'])}" if cache[0].get("creators") else ""
        count = f"{made} variable(s)" if made else "variables"
        _add(lines, Line("expected", f"traced again after the first call created {count}{by}: expected once, "
                         "not a signature problem", site=site))
        return
    found = _fewest_changes(trace, cache[:index])
    if not found:
        at = f" at {site}" if site else ""
        lines.append(Line("retrace", f"retraced{at}: no argument changed (captured Python state or a collected object)", site=site))
        return
    group = groups.setdefault((site, tuple((path, aspect) for path, aspect, _, _ in found)), {"count": 0, "values": {}, "seconds": 0.0})
    group["count"] += 1
    group["seconds"] += trace.get("seconds", 0.0)
    for path, aspect, before, after in found:  # an argument may change dtype and shape at once
        values = group["values"].setdefault((path, aspect), [])
        values += [v for v in (before, after) if v not in values]


def _error_rule(trace: dict) -> str | None:
    kinds = {e["kind"] for e in trace.get("events", ())}
    error = trace["error"]
    if "variable" in kinds or "singleton tf.Variables" in error.get("message", ""):
        return "TFA001"
    if error.get("type") == "OperatorNotAllowedInGraphError":
        return "TFA003"
    if "modify its Python input arguments" in error.get("message", ""):
        return "TFA012"
    return None


def keras_functions(function: FunctionTraces) -> list[str]:
    """``train_function``, ``test_function``, ``predict_function``: Keras's internal step
    functions named after the user's calls (``fit``, ...) that traced them (one step
    function may serve both ``fit`` and ``evaluate``)."""
    if not function.library:
        return []
    calls = [t["call_site"]["calls"] for t in function.traces if t.get("call_site", {}).get("calls") in _KERAS_FUNCTIONS]
    return _distinct([_KERAS_FUNCTIONS[call] for call in calls])


def display_name(function: FunctionTraces) -> str:
    keras = keras_functions(function)
    return f"Keras {'/'.join(keras)} ({function.name})" if keras else function.qualname


def retraces(function: FunctionTraces) -> int:
    """Retraces of the most retraced cache, not counting the expected one after variable creation."""
    return max(function.max_traces - 1, 0)


def seconds_lost(function: FunctionTraces) -> float:
    """Tracing time of every trace after each cache's first."""
    return sum(t.get("seconds", 0.0) for cache in function.traces_per_cache().values() for t in cache[1:])


def summary(function: FunctionTraces) -> dict:
    call_sites = _distinct([_site(t.get("call_site")) for t in function.traces if t.get("call_site")])
    return {
        "function": display_name(function), "qualname": function.qualname, "file": _relative(function.file),
        "line": function.line, "library": function.library, "calls": function.calls, "traces": len(function.traces),
        "retraces": retraces(function), "instances": function.instances, "tracing_seconds": round(function.tracing_seconds, 6),
        "seconds_lost": round(seconds_lost(function), 6), "called_from": call_sites,
        "lines": [line.to_json() for line in report(function)],
    }


def budget_excess(log: TraceLog, max_retraces: int | None, budgets: dict[str, int]) -> list[tuple[FunctionTraces, int, int]]:
    """Functions that retraced more than allowed: (function, retraces, allowed). A budget
    names a function by qualname, last name, or Keras's ``train_function``/``predict_function``."""
    over = []
    for function in log.functions:
        names = [function.qualname, function.name, *keras_functions(function)]
        allowed = next((budgets[n] for n in names if n in budgets), max_retraces)
        if allowed is not None and retraces(function) > allowed:
            over.append((function, retraces(function), allowed))
    return over


# -- rendering --------------------------------------------------------------------


def _relative(path: str) -> str:
    if os.path.isabs(path):
        relative = os.path.relpath(path)
        return path if relative.startswith("..") else relative
    return path


def _location(function: FunctionTraces) -> str:
    return f"{_relative(function.file)}:{function.line}"


def summary_table(log: TraceLog, limit: int = 20):
    from rich.table import Table

    table = Table(title=f"tf.function traces ({len(log.processes)} process(es))")
    for column, justify in (("function", "left"), ("defined at", "left"), ("calls", "right"), ("traces", "right"), ("tracing s", "right"), ("retraced because", "left")):
        table.add_column(column, justify=justify, overflow="fold")
    for function in ranked(log)[:limit]:
        causes = sorted({n for t in function.traces for n in (t.get("changed") or ())})
        style = "bold red" if function.max_traces > 1 else ""
        table.add_row(
            display_name(function), _location(function) if not function.library else "(library)", str(function.calls),
            str(len(function.traces)), f"{function.tracing_seconds:.3f}", ", ".join(causes), style=style,
        )
    return table


_STYLES = {"retrace": "red", "error": "bold red", "expected": "green"}


def explanation_text(log: TraceLog, functions=None):
    from rich.text import Text

    text = Text()
    for function in functions if functions is not None else ranked(log):
        data = summary(function)
        text.append(data["function"], style="bold")
        where = f"called from {', '.join(data['called_from'][:3])}" if function.library and data["called_from"] else _location(function)
        text.append(f"  {where}\n", style="dim")
        instances = f", {function.instances} instances" if function.instances > 1 else ""
        lost = f" ({data['seconds_lost']:.3f} s in {len(function.traces) - len(function.traces_per_cache())} retrace(s))" if data["retraces"] else ""
        text.append(f"  {function.calls} call(s), {len(function.traces)} trace(s){instances}, {function.tracing_seconds:.3f} s tracing{lost}\n")
        lines = report(function)
        if not any(line.kind in ("retrace", "error") for line in lines):
            text.append("  no retracing\n", style="green")
        _lines_text(text, lines)
    if log.events and functions is None:
        text.append("Functions TensorFlow traced for itself (Dataset.map, ...)", style="bold")
        text.append("\n")
        _lines_text(text, loose_lines(log))
    return text


def _lines_text(text, lines: list[Line]) -> None:
    for line in lines:
        text.append("  - ")
        text.append(line.text, style=_STYLES.get(line.kind, "yellow"))
        text.append(f" [{line.rule}]\n" if line.rule and line.kind != "retrace" else "\n", style="yellow")


def loose_lines(log: TraceLog) -> list[Line]:
    """The events of ``log.events``: user code that TensorFlow's own functions traced."""
    lines: list[Line] = []
    for event in log.events:
        site = _site(event)
        detail = f"{event.get('detail', event['kind'])} (in `{event.get('function') or '?'}`)"
        _add(lines, Line(event["kind"], f"{site}: {detail}", EVENT_RULES.get(event["kind"]), site=site))
    return lines
