"""Human explanations of why a function retraced, each naming the rule that fixes it."""

from __future__ import annotations

import os
from dataclasses import dataclass

from tfautofix.tracing.log import FunctionTraces, TraceLog
from tfautofix.tracing.signature import NUMBER_TYPES


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
    """Why ``function`` traced more than once (empty when it did not)."""
    explanations: list[Explanation] = []
    changed: list[str] = []
    unexplained = 0
    for trace in function.traces:
        names = trace.get("changed")
        if names is None:
            continue
        if not names:
            unexplained += 1
        for name in names:
            if name not in changed:
                changed.append(name)
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
            f"{unexplained} retrace(s) with no argument change: the first call created variables, so TensorFlow "
            "traced again without creating them (expected once), or captured Python state changed",
            "TFA001",
        ))
    return explanations


def ranked(log: TraceLog):
    """Functions by trace count, then tracing time, most expensive first."""
    return sorted(log.functions, key=lambda f: (-len(f.traces), -f.tracing_seconds, f.file, f.line))


# -- rendering --------------------------------------------------------------------


def _location(function: FunctionTraces) -> str:
    path = function.file
    if os.path.isabs(path):
        relative = os.path.relpath(path)
        path = path if relative.startswith("..") else relative
    return f"{path}:{function.line}"


def summary_table(log: TraceLog, limit: int = 20):
    from rich.table import Table

    table = Table(title=f"tf.function traces ({len(log.processes)} process(es))")
    for column, justify in (("function", "left"), ("defined at", "left"), ("calls", "right"), ("traces", "right"), ("tracing s", "right"), ("retraced because", "left")):
        table.add_column(column, justify=justify, overflow="fold")
    for function in ranked(log)[:limit]:
        causes = sorted({n for t in function.traces for n in (t.get("changed") or ())})
        style = "bold red" if function.max_traces > 1 else ""
        table.add_row(
            function.qualname, _location(function), str(function.calls), str(len(function.traces)),
            f"{function.tracing_seconds:.3f}", ", ".join(causes), style=style,
        )
    return table


def explanation_text(log: TraceLog):
    from rich.text import Text

    text = Text()
    for function in ranked(log):
        text.append(f"{function.qualname}", style="bold")
        text.append(f"  {_location(function)}\n", style="dim")
        instances = f", {function.instances} instances" if function.instances > 1 else ""
        text.append(
            f"  {function.calls} call(s), {len(function.traces)} trace(s){instances}, "
            f"{function.tracing_seconds:.3f} s tracing\n"
        )
        explanations = explain_function(function)
        if not explanations:
            text.append("  no retracing\n", style="green")
        for explanation in explanations:
            text.append("  - ")
            text.append(explanation.text)
            text.append(f" [{explanation.rule}]\n", style="yellow")
    return text
