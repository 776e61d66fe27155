"""From observed traces to a fix: an ``input_signature`` or ``reduce_retracing=True``.

Shapes are generalised exactly as ``TensorSpec.most_specific_common_supertype``
does: equal dims are kept, differing dims become ``None``, differing ranks give
an unknown shape. The signature accepts every observed call by construction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tfautofix.tracing.log import FunctionTraces

Shape = list  # list of int | None, or None for unknown rank
NUMBER_TYPES = ("int", "float")


def common_shape(shapes: Iterable[Shape | None]) -> Shape | None:
    shapes = list(shapes)
    if not shapes or any(s is None for s in shapes) or len({len(s) for s in shapes}) != 1:
        return None
    return [dims[0] if len(set(dims)) == 1 else None for dims in zip(*shapes)]


@dataclass(frozen=True)
class TensorParameter:
    name: str
    shape: Shape | None
    dtype: str
    from_python: bool = False  # a Python number that becomes a scalar tensor
    #: A list/tuple/dict of tensors (``container``: "list"/"tuple"/"dict") of one length (one set of keys) in
    #: every trace: a spec per item (a dict's items are named by their keys).
    items: tuple[TensorParameter, ...] = ()
    container: str = ""
    #: A list/tuple of tensors of one shape and dtype whose length varied ("list"/"tuple"): one
    #: spec of the stacked tensor (TensorFlow stacks such a list passed for a TensorSpec); "ragged":
    #: a list whose tensors' first dimension differs, passed as ``tf.ragged.stack(...)`` by the callers.
    stacked: str = ""
    #: A ``tf.RaggedTensor`` (``ragged_rank`` > 0): a ``tf.RaggedTensorSpec``.
    ragged_rank: int = 0
    row_splits_dtype: str = ""


@dataclass
class Plan:
    """What to add to the ``tf.function``: ``input_signature``, ``reduce_retracing`` or nothing."""

    kind: str | None  # "input_signature", "reduce_retracing" or None
    signature: list[TensorParameter] = field(default_factory=list)
    reason: str = ""


def argument_retraces(function: FunctionTraces) -> int:
    """Traces of the most retraced cache, counting a retrace only when an argument changed.

    A retrace with no argument change (``changed == []``: the first call creating
    variables traces twice) is not a signature problem.
    """
    return max(
        (1 + sum(1 for t in traces[1:] if t.get("changed")) for traces in function.traces_per_cache().values()),
        default=0,
    )


def _specs(function: FunctionTraces, name: str) -> list[dict]:
    return [t["parameters"].get(name, {"kind": "missing"}) for t in function.traces]


def _ragged(spec: dict) -> tuple | None:
    """(rank, dtype, ragged_rank, row_splits_dtype) of a RaggedTensor's spec, else None."""
    if spec.get("type") != "RaggedTensorSpec" or not isinstance(spec.get("shape"), list) or not spec.get("ragged_rank"):
        return None
    return len(spec["shape"]), spec.get("dtype"), spec["ragged_rank"], spec.get("row_splits_dtype")


def parameter_kind(specs: list[dict]) -> str:
    """``tensor``, ``ragged`` (RaggedTensors of one dtype, rank and ragged rank), ``number`` (Python
    int/float), ``tensors`` (a list, tuple or dict of tensors, one length (keys) and one dtype per
    position in every trace), or ``other`` for a parameter's specs."""
    kinds = {s.get("kind") for s in specs}
    if kinds == {"tensor"}:
        return "tensor"
    ragged = {_ragged(s) for s in specs}
    if kinds == {"other"} and len(ragged) == 1 and None not in ragged:
        return "ragged"
    if kinds == {"dict"}:
        keys = {tuple(s.get("items") or ()) for s in specs}
        positions = [[s["items"][key] for s in specs] for key in keys.pop()] if len(keys) == 1 else []
        if positions and all(parameter_kind(p) == "tensor" and len({item.get("dtype") for item in p}) == 1 for p in positions):
            return "tensors"
        return "other"
    if kinds == {"python"} and {s.get("type") for s in specs} <= set(NUMBER_TYPES):
        return "number"
    lengths = {len(s.get("items") or ()) for s in specs}
    if len(kinds) == 1 and kinds <= {"list", "tuple"} and len(lengths) == 1 and lengths != {0}:
        positions = [[s["items"][i] for s in specs] for i in range(lengths.pop())]
        if all(parameter_kind(p) == "tensor" and len({item.get("dtype") for item in p}) == 1 for p in positions):
            return "tensors"
    return "other"


def shape_changes(function: FunctionTraces) -> set[str]:
    """Parameters whose tensor shape (not dtype) changed at some retrace."""
    names = set()
    for process_traces in function.traces_per_cache().values():
        for index, trace in enumerate(process_traces):
            for name in trace.get("changed") or ():
                new = trace["parameters"].get(name, {})
                if new.get("kind") in ("tensor", "variable") and any(
                    old["parameters"].get(name, {}).get("dtype") == new.get("dtype")
                    and old["parameters"].get(name, {}).get("shape") != new.get("shape")
                    for old in process_traces[:index]
                ):
                    names.add(name)
    return names


def plan(function: FunctionTraces) -> Plan:
    """Decide the fix for a function traced more than once."""
    parameters: list[TensorParameter] = []
    others, dtype_splits, hints = [], [], []
    for name in function.parameters:
        specs = _specs(function, name)
        kind = parameter_kind(specs)
        if kind == "tensor":
            dtypes = sorted({s["dtype"] for s in specs})
            if len(dtypes) > 1:
                dtype_splits.append(f"`{name}` is {' and '.join(dtypes)}")
            parameters.append(TensorParameter(name, common_shape(s["shape"] for s in specs), dtypes[0]))
        elif kind == "number":
            dtype = "int32" if {s["type"] for s in specs} == {"int"} else "float32"
            parameters.append(TensorParameter(name, [], dtype, from_python=True))
        elif kind == "ragged":
            _, dtype, ragged_rank, splits = _ragged(specs[0])  # type: ignore[misc]
            parameters.append(TensorParameter(name, common_shape(s["shape"] for s in specs), dtype,
                                              ragged_rank=ragged_rank, row_splits_dtype=splits))
        elif kind == "tensors" and specs[0]["kind"] == "dict":
            items = tuple(TensorParameter(key, common_shape(s["items"][key]["shape"] for s in specs), item["dtype"])
                          for key, item in specs[0]["items"].items())
            parameters.append(TensorParameter(name, None, items[0].dtype, items=items, container="dict"))
        elif kind == "tensors":
            items = tuple(TensorParameter(f"{name}[{i}]", common_shape(s["items"][i]["shape"] for s in specs), item["dtype"])
                          for i, item in enumerate(specs[0]["items"]))
            parameters.append(TensorParameter(name, None, items[0].dtype, items=items, container=specs[0]["kind"]))
        elif _stackable(specs):
            item = specs[0]["items"][0]
            parameters.append(TensorParameter(name, [None, *item["shape"]], item["dtype"], stacked=specs[0]["kind"]))
        elif _raggable(specs):  # what `tf.ragged.stack` makes of dense tensors (row splits int32 in TensorFlow 2.x)
            item = specs[0]["items"][0]
            parameters.append(TensorParameter(name, [None, None, *item["shape"][1:]], item["dtype"], stacked="ragged",
                                              ragged_rank=1, row_splits_dtype="int32"))
        else:
            others.append(f"`{name}`")
            hint = stack_hint(name, specs)
            if hint:
                hints.append(hint)
    if not others and not dtype_splits:
        return Plan("input_signature", parameters)
    if dtype_splits:
        why = f"an input_signature would reject observed calls ({'; '.join(dtype_splits)})"
    else:
        why = f"{', '.join(others)} cannot be described by an input_signature (not a tensor)"
    why += "".join(f"; {hint}" for hint in hints)
    if function.options.get("reduce_retracing"):
        return Plan(None, reason=f"{why}, and reduce_retracing is already on")
    if shape_changes(function):
        return Plan("reduce_retracing", reason=why)
    return Plan(None, reason=f"{why}; reduce_retracing only generalises shapes, which did not cause these retraces")


def _stackable(specs: list[dict]) -> bool:
    """Lists (or tuples) of tensors of one shape and dtype, in every trace, of more than one length."""
    items = [item for spec in specs for item in (spec.get("items") or [None])]
    return (len({spec.get("kind") for spec in specs}) == 1 and specs[0].get("kind") in ("list", "tuple")
            and all(isinstance(i, dict) and i.get("kind") == "tensor" and isinstance(i.get("shape"), list) for i in items)
            and len({(i["dtype"], tuple(i["shape"])) for i in items}) == 1 and len({len(s["items"]) for s in specs}) > 1)


def _raggable(specs: list[dict]) -> bool:
    """Lists of tensors of one dtype and rank whose first dimension differs, of more than one length."""
    items = [item for spec in specs for item in (spec.get("items") or [None])]
    return (all(spec.get("kind") == "list" for spec in specs) and len({len(s["items"]) for s in specs}) > 1
            and all(isinstance(i, dict) and i.get("kind") == "tensor" and isinstance(i.get("shape"), list) and i["shape"] for i in items)
            and len({(i["dtype"], tuple(i["shape"][1:]), len(i["shape"])) for i in items}) == 1)


def stack_hint(name: str, specs: list[dict]) -> str | None:
    """For a list/tuple of tensors whose length varied (one trace per length) and that is not stacked
    (``_stackable``): what one tensor could carry it, as the traces show. One dtype and rank, differing
    only in the first dimension: ``tf.ragged.stack`` (a ``tf.RaggedTensorSpec``)."""
    items = [item for spec in specs for item in (spec.get("items") or [None])]
    if not specs or any(spec.get("kind") not in ("list", "tuple") for spec in specs) or any(
            not isinstance(item, dict) or item.get("kind") != "tensor" for item in items):
        return None
    dtypes = {item.get("dtype") for item in items}
    shapes = {tuple(item["shape"]) if isinstance(item.get("shape"), list) else None for item in items}
    lengths = sorted({len(spec["items"]) for spec in specs})
    if len(dtypes) != 1 or None in shapes or len(lengths) < 2:
        return None  # mixed dtypes or ranks; or one length: the list's length did not cause the retraces
    what = f"`{name}` was always a list of {dtypes.pop()} tensors ({' or '.join(map(str, lengths))} of them)"
    if len({len(s) for s in shapes}) == 1 and len({s[1:] for s in shapes}) == 1:
        return (f"{what} whose first dimension differs: passing `tf.ragged.stack({name})` (a `tf.RaggedTensorSpec` "
                "in the signature) would trace once; not rewritten")
    return None
