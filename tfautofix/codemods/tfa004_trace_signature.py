"""TFA004 unstable-trace-signature: from observed traces, stop a function retracing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import islice, product

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Unknown
from tfautofix.analysis.graph_forms import fill as _fill
from tfautofix.analysis.graph_forms import mapped
from tfautofix.analysis.int_arguments import CANDIDATE_DTYPES, int_tensor_use
from tfautofix.analysis.names import TF_FUNCTION
from tfautofix.analysis.tensors import TensorInference, op_name
from tfautofix.analysis.usage import (
    functions_by_qualname,
    has_variadic,
    name_reads,
    parameter_names,
)
from tfautofix.codemods.tfa007_python_scalar import scalar_plan
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.tracing.explain import explain_function
from tfautofix.tracing.log import FunctionTraces, TraceLog, from_json
from tfautofix.tracing.signature import (
    Plan,
    TensorParameter,
    argument_retraces,
    plan,
    shape_changes,
)


def _tensor_trace(shape: list, changed: list | None) -> dict:
    x = {"kind": "tensor", "shape": shape, "dtype": "float32"}
    return {"process": 0, "instance": 0, "seconds": 0.0, "parameters": {"x": x}, "changed": changed}


#: The trace log `tfautofix trace` writes for the rule's `before` example (run as a
#: script; tests/test_tfa004_traces.py re-records it), under the name the
#: documentation test gives the example's source.
EXAMPLE_TRACES = {
    "format": "tfautofix-traces",
    "version": 1,
    "command": ["python", "input.py"],
    "exit_code": 0,
    "processes": [{"argv": ["input.py"]}],
    "functions": [{
        "file": "<string>", "line": 3, "qualname": "step", "parameters": ["x"], "calls": 4, "instances": 1,
        "options": {"input_signature": False, "jit_compile": None, "reduce_retracing": False}, "tracing_seconds": 0.0,
        "traces": [_tensor_trace([10, 5], None), _tensor_trace([20, 5], ["x"]), _tensor_trace([30, 5], ["x"])],
    }],
}


def _keyword(call: cst.Call, name: str) -> cst.Arg | None:
    return next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == name), None)


def _spec_source(tf: str, parameter: TensorParameter, dtype: str | None = None) -> str:
    """``tf.TensorSpec(...)``; for a list/tuple of tensors a list/tuple of specs (``[spec] * 3`` when alike)."""
    if parameter.container == "dict":
        return "{" + ", ".join(f"{json.dumps(item.name)}: {_spec_source(tf, item)}" for item in parameter.items) + "}"
    if parameter.items:
        specs = [_spec_source(tf, item) for item in parameter.items]
        if len(set(specs)) == 1 and len(specs) > 1:
            return f"[{specs[0]}] * {len(specs)}" if parameter.container == "list" else f"({specs[0]},) * {len(specs)}"
        joined = ", ".join(specs) + ("," if len(specs) == 1 and parameter.container == "tuple" else "")
        return f"[{joined}]" if parameter.container == "list" else f"({joined})"
    shape = "None" if parameter.shape is None else "[" + ", ".join("None" if d is None else str(d) for d in parameter.shape) + "]"
    if parameter.ragged_rank:
        return (f"{tf}.RaggedTensorSpec(shape={shape}, dtype={tf}.{parameter.dtype}, ragged_rank={parameter.ragged_rank}, "
                f"row_splits_dtype={tf}.{parameter.row_splits_dtype})")
    return f"{tf}.TensorSpec(shape={shape}, dtype={tf}.{dtype or parameter.dtype})"


@dataclass
class Composite:
    """What a fix writes besides the decorator: static-shape reads → ``tf.shape`` (``reads``, by
    node); values of those reads that meet a tensor → ``tf.cast`` to its dtype (``casts``: node →
    dtype, None when not known); and the dtypes not known (``choices``: parameter name, or None for
    the unknown casts → candidate dtypes, the first written without execution, the others tried
    by ``fix --verify``); ``forms``: the Python uses of those values rewritten into graph ops."""

    reads: dict = field(default_factory=dict)
    casts: dict = field(default_factory=dict)
    #: Python uses of those values rewritten into graph ops (``analysis.graph_forms``): node → edit, and what they do.
    forms: dict = field(default_factory=dict)
    rewritten: list[str] = field(default_factory=list)
    choices: dict = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ShapeRead:
    """A read of a parameter's static shape: ``node`` (``x.shape[0]``, ``len(x)``, ``for ... in x``),
    the dimensions it reads, and the ``tf.shape`` expression giving the same value on every call
    (None: no such rewrite, e.g. ``x.shape`` as a whole, iteration, ``tf.unstack``)."""

    node: cst.CSTNode
    dims: frozenset[int]
    text: str
    dynamic: cst.BaseExpression | None = None


_EVERY = frozenset(range(-8, 8))


def shape_reads(ctx: FileContext, func: cst.FunctionDef, name: str) -> list[ShapeRead]:
    """Where the function reads parameter ``name``'s shape as Python values.

    ``x.shape[i]``/``x.get_shape()[i]`` (``.as_list()[i]`` too) read dimension ``i`` (→ ``tf.shape(x)[i]``), ``len(x)``
    dimension 0 (→ ``tf.shape(x)[0]``); ``x.shape`` as a whole, ``for row in x`` and
    ``tf.unstack(x)`` read every dimension (``range(-8, 8)``) and have no rewrite.
    """
    tf = ctx.tensorflow_alias[0]
    reads = []
    for node in m.findall(func.body, m.Name(name)):
        parent = ctx.parent(node)
        if isinstance(parent, cst.Attribute) and parent.value is node and parent.attr.value in ("shape", "get_shape"):
            outer = ctx.parent(parent)
            if parent.attr.value == "get_shape":
                outer = ctx.parent(outer) if isinstance(outer, cst.Call) and not outer.args else None
            if m.matches(outer, m.Attribute(attr=m.Name("as_list"))) and m.matches(ctx.parent(outer), m.Call(args=[])):
                outer = ctx.parent(ctx.parent(outer))  # `x.get_shape().as_list()[0]`: the same dimension, as a list
            index = outer.slice[0].slice if isinstance(outer, cst.Subscript) and len(outer.slice) == 1 else None
            text = ctx.code(index.value) if isinstance(index, cst.Index) else ""
            if text.lstrip("-").isdigit():
                dynamic = outer.with_changes(value=cst.parse_expression(f"{tf}.shape({name})"))  # type: ignore[union-attr]
                reads.append(ShapeRead(outer, frozenset({int(text)}), ctx.code(outer), dynamic))  # type: ignore[arg-type]
            else:
                whole = outer if isinstance(outer, cst.Subscript) else parent
                reads.append(ShapeRead(whole, _EVERY, ctx.code(whole)))
        elif isinstance(parent, cst.Arg) and isinstance(ctx.parent(parent), cst.Call):
            call = ctx.parent(parent)
            if ctx.resolves_to(call.func, "builtins.len"):  # type: ignore[union-attr]
                reads.append(ShapeRead(call, frozenset({0}), ctx.code(call), cst.parse_expression(f"{tf}.shape({name})[0]")))
            elif ctx.resolves_to(call.func, "tensorflow.unstack"):  # type: ignore[union-attr]
                reads.append(ShapeRead(call, _EVERY, ctx.code(call)))
        elif isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is node:
            reads.append(ShapeRead(parent, _EVERY, f"for ... in {name}"))
    return reads


class UnstableTraceSignature(Rule):
    code = "TFA004"
    name = "unstable-trace-signature"
    summary = "a tf.function was traced more than once (needs a trace log: `--traces`)"
    fixable = "unsafe"
    contract = "exact"
    max_traces = 2  # an input_signature traces once per instance; reduce_retracing at most twice
    triggers = ("function",)
    needs_traces = True
    docs = """
Every retrace of a `tf.function` rebuilds its graph (5–50 ms for a small step,
far more for a model), and TensorFlow only says "N out of the last N calls
triggered retracing". This rule reads the trace log written by
`tfautofix trace -- COMMAND` (pass it with `--traces FILE`) and, for each function
that was retraced *because an argument changed* in one process (the second trace
of a first call that creates variables has no argument change and does not count):

- when every parameter was a tensor with one dtype, a list or tuple of such tensors
  of one length (a spec per item: `[tf.TensorSpec([None, 6], tf.float32)] * 3`, when
  the function only hands the list to TensorFlow ops and `len`), or a Python number
  (a scalar spec: of the dtype every use converted it to while tracing, FORMAT.md
  `converted`, or, from a log without it, of a number the function only hands to
  `tf.cast`/`tf.range`, see TFA007; otherwise float32 first, then the other
  candidate dtypes for `fix --verify` to try), it adds
  `input_signature=[tf.TensorSpec(shape=..., dtype=...), ...]`. Proven: the
  signature accepts every observed call (shapes generalised over every trace as
  `most_specific_common_supertype` does) and any batch size (the leading
  dimension is always `None`, even when one size was observed). A `None`
  dimension the function reads as a Python value is rewritten in the same fix:
  `x.shape[0]`, `x.get_shape()[0]`, `len(x)` → `tf.shape(x)[0]`, where every use
  of the value takes the int32 tensor as it took the int (a shape or size argument
  of `tf.reshape`/`tf.zeros`/`tf.fill`/`tf.range`/`tf.cast`/..., directly, in a
  shape list, through integer arithmetic or a local name), or meets a tensor
  (`total / n`, `tf.maximum(total, n)`) or an op's `dtype=`, where the Python int
  took that dtype: `tf.cast(..., tf.float32)` to it (the dtype followed from the
  signature through dtype-preserving ops; not known: candidates, float32 first);
  static dimensions (`x.shape[-1]` kept by the signature) stay. A read that drives
  Python is rewritten into graph ops in the same candidate where a form exists
  (`analysis/graph_forms.py`): `for i in range(n)` filling lists → `tf.TensorArray`s
  (an explicit `tf.while_loop` where AutoGraph does not convert), `np.zeros(n, D)` →
  `tf.zeros([n], D)`, `n / 2`, `tf.print("rows: %d" % n)` → `tf.print("rows:", n)`,
  `tf.stack([f(r) for r in tf.unstack(x)])` → `tf.map_fn(f, x)`; otherwise (`if`, `x.shape`
  as a whole, other formatting) no fix. A dict of tensors gets a dict of specs, a
  RaggedTensor a `tf.RaggedTensorSpec`, a list of tensors of one shape whose length varied
  the stacked tensor's spec (TensorFlow packs the list; `tf.add_n(xs)` → `tf.reduce_sum(xs, axis=0)`),
  and one whose tensors' first dimension differs a `tf.RaggedTensorSpec`, every caller in
  the file passing `tf.ragged.stack(...)`;
- when a parameter is not a tensor (a model, an optimizer, a flag) or its
  dtype varied (an `input_signature` would reject an observed call), it adds
  `reduce_retracing=True` instead, if shape changes caused retraces, and says why
  (the relaxed parameters' static-shape reads rewritten as above);
- otherwise it reports without a fix: a dtype split (cast at the call site), a
  relaxed dimension read statically where a tensor does not work, a Python number used
  by Python (`range(n)`, `if n > 2`) or converted to two dtypes.

An existing `input_signature` is left alone. The fix is unsafe: graphs then see
`None` dimensions, and calls with dtypes or ranks never observed are rejected
(`input_signature`) or generalised (`reduce_retracing`).
"""
    before = """\
import tensorflow as tf

@tf.function
def step(x):
    return tf.reduce_sum(x * 2.0)

for batch in (10, 20, 10, 30):  # 3 traces before the fix, 1 after
    step(tf.ones([batch, 5]))
"""
    after = """\
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(shape=[None, 5], dtype=tf.float32)])
def step(x):
    return tf.reduce_sum(x * 2.0)

for batch in (10, 20, 10, 30):  # 3 traces before the fix, 1 after
    step(tf.ones([batch, 5]))
"""

    @property
    def example_traces(self) -> TraceLog:
        """The trace log of the `before` example: this rule needs one to say anything."""
        return from_json(EXAMPLE_TRACES)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if ctx.traces is None:
            return
        definitions = functions_by_qualname(ctx.module)
        for function in ctx.traces.for_file(ctx.path):
            if argument_retraces(function) < 2:
                continue  # one trace per argument signature (a variable-creating first call traces twice)
            candidates = definitions.get(function.qualname, [])
            if not candidates:
                continue
            func = min(candidates, key=lambda f: abs(ctx.span(f)[0][0] - function.line))
            site = self._tf_function_site(ctx, func)
            if site is None or (isinstance(site, cst.Call) and _keyword(site, "input_signature")):
                continue  # not a tf.function here, or an input_signature the user chose
            decided, composite = self._plan(ctx, func, function)
            if decided.kind == "reduce_retracing" and isinstance(site, cst.Call) and _keyword(site, "reduce_retracing"):
                continue  # already asked for (this log predates it), or turned off on purpose
            fixes = self._fixes(ctx, site, decided, composite)
            message = self._message(ctx.tensorflow_alias[0], function, decided, composite, fixes)
            yield self.finding(ctx, func.name, message, fixes[0] if fixes else None, alternatives=fixes[1:])

    @staticmethod
    def _tf_function_site(ctx: FileContext, func: cst.FunctionDef) -> cst.BaseExpression | None:
        """The decorator expression or ``tf.function(func, ...)`` call that makes ``func`` traced."""
        for decorator in func.decorators:
            expr = decorator.decorator
            if ctx.resolves_to(expr.func if isinstance(expr, cst.Call) else expr, TF_FUNCTION):
                return expr
        scope = ctx.scope(func)
        if scope is None or func.name.value not in scope:
            return None
        for access in scope.accesses[func.name.value]:
            call = ctx.parent(ctx.parent(access.node))
            if (
                isinstance(call, cst.Call)
                and ctx.resolves_to(call.func, TF_FUNCTION)
                and call.args
                and call.args[0].value is access.node
            ):
                return call
        return None

    @staticmethod
    def _plan(ctx: FileContext, func: cst.FunctionDef, function: FunctionTraces) -> tuple[Plan, Composite]:
        """The fix to write, with what it rewrites besides the decorator (``Composite``)."""
        decided = plan(function)
        composite = Composite()
        if decided.kind == "reduce_retracing":
            dtypes = {p.name: p.dtype for p in decided.signature if not p.from_python and not p.items}
            infer = TensorInference(ctx, func, {n: d for n, d in dtypes.items() if n not in _dtype_split(function)})
            for name in sorted(shape_changes(function)):  # reduce_retracing may relax any dimension (TFA015)
                reason = _make_dynamic(ctx, shape_reads(ctx, func, name), None, "reduce_retracing", composite, infer)
                if reason:
                    return Plan(None, reason=reason), Composite()
        if decided.kind != "input_signature":
            return decided, composite
        method = ctx.enclosing(func, cst.ClassDef) is not None and ctx.enclosing(func, cst.FunctionDef) is None
        fallback = Plan("reduce_retracing") if not function.options.get("reduce_retracing") else Plan(None)
        if has_variadic(func) or parameter_names(func, method) != function.parameters:
            fallback.reason = "its parameters cannot all be listed in an input_signature"
            return fallback, Composite()
        # Under the signature each tensor parameter has the dtype it declares.
        infer = TensorInference(ctx, func, {p.name: p.dtype for p in decided.signature if not p.from_python and not p.items})
        signature = []
        for parameter in decided.signature:
            if parameter.from_python:
                scalar = scalar_plan(ctx, func, parameter.name)
                if not scalar.fixable and scalar.candidates and not scalar.dtypes:
                    # No trace shows which dtype every use made of it: candidates, tried by execution
                    # (a float never becomes an integer tensor).
                    floats = parameter.dtype.startswith("float")
                    composite.choices[parameter.name] = tuple(d for d in scalar.candidates if not floats or d.startswith("float"))
                    composite.unknown.append(f"the dtype `{parameter.name}` becomes: it is used {scalar.use}")
                elif not scalar.fixable:
                    why = scalar.split() if scalar.dtypes else f"used {scalar.use}"
                    return Plan(None, reason=f"`{parameter.name}` is a Python number {why}, so it cannot become a tensor (see TFA007)"), Composite()
                elif scalar.dtype:  # the dtype its uses converted it to while tracing
                    parameter = TensorParameter(parameter.name, [], scalar.dtype, from_python=True)
                composite.unknown += [f"{fact}: {e.reason}" for fact, e in scalar.evidence.items() if isinstance(e, Unknown)]
                signature.append(parameter)
                continue
            if parameter.items:
                rows: list[str] = []
                used = _list_python_use(ctx, func, parameter.name, parameter.container == "dict", rows)
                if used:
                    return Plan(None, reason=f"`{parameter.name}` is a {parameter.container} of tensors the function uses "
                                f"in Python (`{used}`), where their dimensions may be read; not rewritten"), Composite()
                items = tuple(replace(i, shape=[None, *i.shape[1:]]) if i.shape else i for i in parameter.items)
                for row in rows:  # `for v in views`: each `v` one of the items, its relaxed dimensions read as tensors
                    reason = _make_dynamic(ctx, shape_reads(ctx, func, row), items[0].shape, "an input_signature", composite, infer)
                    if reason or len({(i.shape and tuple(i.shape), i.dtype) for i in items}) > 1:
                        return Plan(None, reason=reason or f"`{row}` takes items of `{parameter.name}` of several specs"), Composite()
                signature.append(replace(parameter, items=items))
                continue
            # Preconditions of the spec: it accepts every observed call (shapes generalised over
            # them) and any batch size (the leading dimension is None), and every `None` dimension
            # read as a static value (`x.shape[0]`, `len(x)`) becomes `tf.shape(x)[0]` where an
            # int32 tensor works as the int did (cast where it meets a tensor); otherwise no fix.
            if parameter.stacked == "ragged":
                reason = _ragged_callers(ctx, func, parameter.name, method, composite)
                if reason:
                    return Plan(None, reason=reason), Composite()
            if parameter.stacked:
                reason = _stacked_uses(ctx, func, parameter.name, composite, parameter.stacked == "ragged")
                if reason:
                    return Plan(None, reason=reason), Composite()
            shape = parameter.shape
            reads = shape_reads(ctx, func, parameter.name)
            if shape and not any(0 in r.dims for r in reads):
                shape = [None, *shape[1:]]
            reason = _make_dynamic(ctx, reads, shape, "an input_signature", composite, infer,
                                   parameter.dtype if parameter.ragged_rank else None)
            if reason:
                return Plan(None, reason=reason), Composite()
            signature.append(replace(parameter, shape=shape))
        decided.signature = signature
        if None in composite.casts.values():
            composite.choices[None] = CANDIDATE_DTYPES
            composite.unknown.append("the dtype of the tensor a static dimension meets")
        return decided, composite

    @staticmethod
    def _message(tf: str, function: FunctionTraces, decided: Plan, composite: Composite, fixes: list[Fix]) -> str:
        why = "; ".join(e.text for e in explain_function(function)) or "retraced"
        head = f"`{function.qualname}` was traced {function.max_traces} times ({why})"
        if decided.kind is None:
            return f"{head}; no automatic fix: {decided.reason}"
        reads = ""
        if composite.reads or composite.casts:
            code = cst.Module([]).code_for_node
            shown = {}
            for node, read in composite.reads.items():
                dtype = composite.casts.get(node, "int32")
                shown[read.text] = code(_cast(tf, dtype or "...", read.dynamic) if dtype != "int32" else read.dynamic)
            for node, dtype in composite.casts.items():
                if node not in composite.reads:
                    shown[code(node).strip()] = code(_cast(tf, dtype or "...", node))
            reads = f", with the static dimensions it makes None read on every call ({', '.join(f'`{a}` → `{b}`' for a, b in shown.items())})"
        if composite.rewritten:
            reads += f"; rewritten for graph execution: {'; '.join(composite.rewritten)}"
        tried = ""
        if len(fixes) > 1:
            tried = (f" (not known: {'; '.join(composite.unknown)}; written: {fixes[0].label}; other candidates for "
                     f"`fix --verify`: {', '.join(f.label for f in fixes[1:])})")
        if decided.kind == "input_signature":
            return f"{head}; an input_signature generalised over the observed traces makes it trace once{reads}{tried}"
        return f"{head}; add reduce_retracing=True{reads}{tried}: {decided.reason}"

    def _fixes(self, ctx: FileContext, site: cst.BaseExpression, decided: Plan, composite: Composite) -> list[Fix]:
        """The fix, then its alternatives: one per choice of the dtypes not known (at most four)."""
        if decided.kind is None:
            return []
        keys = list(composite.choices)
        picks = islice(product(*composite.choices.values()), _MAX_CANDIDATES)
        return [self._fix(ctx, site, decided, composite, dict(zip(keys, pick))) for pick in picks]

    @staticmethod
    def _fix(ctx: FileContext, site: cst.BaseExpression, decided: Plan, composite: Composite, chosen: dict) -> Fix:
        tf, tf_import = ctx.tensorflow_alias
        if decided.kind == "input_signature":
            specs = ", ".join(_spec_source(tf, p, chosen.get(p.name)) for p in decided.signature)
            argument = cst.Arg(keyword=cst.Name("input_signature"), value=cst.parse_expression(f"[{specs}]"))
        else:
            argument = cst.Arg(keyword=cst.Name("reduce_retracing"), value=cst.Name("True"))
        argument = argument.with_changes(equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
        if isinstance(site, cst.Call):
            def add(updated: cst.Call) -> cst.Call:
                args = list(updated.args)
                if args:
                    args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                return updated.with_changes(args=[*args, argument])

            edit = add
        else:
            edit = cst.Call(func=site, args=[argument])
        edits: dict = {site: edit, **composite.forms, **{node: read.dynamic for node, read in composite.reads.items()}}
        for node, dtype in composite.casts.items():
            dtype = dtype or chosen[None]
            if dtype == "int32":
                continue  # what `tf.shape` gives
            done = edits.get(node)
            edits[node] = _cast(tf, dtype, done) if done is not None else (lambda updated, d=dtype: _cast(tf, d, updated))
        imports = (tf_import,) if tf_import is not None and (decided.kind == "input_signature" or composite.reads) else ()
        label = ", ".join(f"`{key}`: {tf}.{dtype}" if key else f"casts to {tf}.{dtype}" for key, dtype in chosen.items())
        return Fix(edits, applicability="unsafe", imports=imports, unknown=tuple(composite.unknown), label=label)


#: Candidate rewrites tried by execution for one finding (combinations of the unknown dtypes).
_MAX_CANDIDATES = 4


def _cast(tf: str, dtype: str, value: cst.BaseExpression) -> cst.Call:
    """``tf.cast(value, tf.dtype)``."""
    call = cst.parse_expression(f"{tf}.cast(_, {tf}.{dtype})" if dtype != "..." else f"{tf}.cast(_, ...)")
    assert isinstance(call, cst.Call)
    return call.with_changes(args=[call.args[0].with_changes(value=value.with_changes(lpar=[], rpar=[])), call.args[1]])


def _dtype_split(function: FunctionTraces) -> set[str]:
    """Parameters observed with more than one dtype: no single dtype is known for them."""
    dtypes: dict[str, set] = {}
    for trace in function.traces:
        for name, spec in trace["parameters"].items():
            dtypes.setdefault(name, set()).add(spec.get("dtype"))
    return {name for name, seen in dtypes.items() if len(seen) > 1}


def _list_python_use(ctx: FileContext, func: cst.FunctionDef, name: str, keyed: bool = False,
                     rows: list[str] | None = None) -> str | None:
    """A use of list/tuple parameter ``name`` other than as an argument of a TensorFlow op or
    ``len(name)`` (indexed, unpacked: its tensors' dimensions may be read), or None. A dict's
    (``keyed``) item read by a string key counts as the item, and the same holds for it; a ``for``
    statement's variable over a list or tuple is noted in ``rows`` (its reads are the caller's)."""
    for node in name_reads(func.body, name):
        arg = ctx.parent(node)
        if rows is not None and not keyed and isinstance(arg, cst.For) and arg.iter is node and isinstance(arg.target, cst.Name):
            rows.append(arg.target.value)
            continue
        if keyed and m.matches(arg, m.Subscript(slice=[m.SubscriptElement(m.Index(m.SimpleString()))])):
            node, arg = arg, ctx.parent(arg)  # `features["a"]`: the item, held to what holds for the list's
            if isinstance(arg, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison)):
                continue  # arithmetic on the item: a tensor, its shape not read
        call = ctx.parent(arg) if isinstance(arg, cst.Arg) else None
        if isinstance(call, cst.Call) and (op_name(ctx, call) is not None or ctx.resolves_to(call.func, "builtins.len")):
            continue
        return ctx.code(ctx.parent(node) or node).strip().splitlines()[0].rstrip(":")
    return None


#: TensorFlow ops that treat a list of tensors otherwise than its stacked tensor, and the same on the stack.
_LIST_OPS = {"add_n": "reduce_sum({}, axis=0)", "stack": "{}", "concat": None, "unstack": None, "dynamic_stitch": None,
             "identity_n": None, "tuple": None, "group": None, "meshgrid": None, "accumulate_n": None}


def _stacked_uses(ctx: FileContext, func: cst.FunctionDef, name: str, composite: Composite, ragged: bool = False) -> str | None:
    """``name``, a list of tensors of one shape that TensorFlow stacks under the signature, read as
    the stacked tensor: by a TensorFlow op that converts its argument to a tensor (as it packed the
    list), ``len(name)`` and iteration (the caller's shape reads); ``tf.add_n(name)`` → ``tf.reduce_sum(name, axis=0)``,
    ``tf.stack(name)`` → ``name``. The reason there is no fix when another use needs the list."""
    tf = ctx.tensorflow_alias[0]
    for node in name_reads(func.body, name):
        arg = ctx.parent(node)
        call = ctx.parent(arg) if isinstance(arg, cst.Arg) else None
        if isinstance(call, cst.Call) and ctx.resolves_to(call.func, "builtins.len") or isinstance(arg, (cst.For, cst.CompFor)):
            continue
        op = None
        if isinstance(call, cst.Call) and arg.keyword is None and call.args[0] is arg:  # type: ignore[union-attr]
            listed = [n.rsplit(".", 1)[-1] for n in ctx.names(call.func) if n.rsplit(".", 1)[-1] in _LIST_OPS and n.startswith("tensorflow.")]
            op = listed[0] if listed else op_name(ctx, call)
        if op is None or (op in _LIST_OPS and (ragged or _LIST_OPS[op] is None or len(call.args) > 1)):  # type: ignore[union-attr]
            return f"`{name}` is a list of tensors used as a list in `{ctx.code(call or arg or node).strip()}`; not stacked"
        if op in _LIST_OPS:
            new = f"{tf}.{_LIST_OPS[op].format(name)}" if op != "stack" else name
            composite.forms[call] = cst.parse_expression(new)
            composite.rewritten.append(f"`{ctx.code(call).strip()}` → `{new}` (`{name}` stacked)")
    return None


def _ragged_callers(ctx: FileContext, func: cst.FunctionDef, name: str, method: bool, composite: Composite) -> str | None:
    """Every caller in this module passes ``tf.ragged.stack(...)`` of the list it passed (a
    ``tf.RaggedTensorSpec`` does not take a list): the reason there is no fix when some use of the
    function is not such a call (a method, a reference, ``*args``)."""
    tf = ctx.tensorflow_alias[0]
    position = parameter_names(func, method).index(name)
    references = [n for n in m.findall(ctx.module, m.Name(func.name.value)) if n is not func.name]
    calls = [ctx.parent(n) for n in references]
    if method or not calls or any(not isinstance(c, cst.Call) or c.func is not n or any(a.star for a in c.args)
                                  for c, n in zip(calls, references)):
        return f"`{name}` is a list of tensors of several lengths (a ragged tensor), and not every use of `{func.name.value}` is a call here"
    for call in calls:
        given = [a for a in call.args if a.keyword is not None and a.keyword.value == name] or (  # type: ignore[union-attr]
            [call.args[position]] if position < len(call.args) and call.args[position].keyword is None else [])  # type: ignore[union-attr]
        if not given:
            return f"a call of `{func.name.value}` does not pass `{name}`"
        composite.forms[given[0].value] = lambda updated: _fill(f"{tf}.ragged.stack(ROWS_)", ROWS_=updated)
    composite.rewritten.append(f"the callers pass `{tf}.ragged.stack(...)` of their lists")
    return None


def _make_dynamic(ctx: FileContext, reads: list[ShapeRead], shape: list | None, what: str, composite: Composite,
                  infer: TensorInference | None = None, ragged: str | None = None) -> str | None:
    """Add to ``composite`` the ``tf.shape`` form of each read of a dimension ``shape`` makes None
    (None: the rank, hence every dimension) and the casts where it meets a tensor; the reason
    there is no fix when one cannot be rewritten. ``ragged``: the dtype of a ragged tensor's values
    (its rows mapped give that dtype, the primary guess of reductions)."""
    for read in reads:
        relaxed = shape is None or any(-len(shape) <= d < len(shape) and shape[d] is None for d in read.dims)
        if not relaxed:
            continue
        mapping = mapped(ctx, read.node, ragged) if read.dynamic is None else None
        forms = [mapping] if mapping is not None else []  # the rows iterated in Python, mapped in the graph
        casts: dict = {}
        if mapping is None and ragged:
            return f"`{read.text}` reads the shape of a ragged tensor"
        if mapping is None:
            used = int_tensor_use(ctx, read.node, casts, infer, forms=forms) if read.dynamic is not None else Unknown("")  # type: ignore[arg-type]
            if isinstance(used, Unknown):
                why = f": {used.reason}" if used.reason else ""
                return f"`{read.text}` reads a static dimension that {what} would make None{why} (use `tf.shape(...)` and graph ops)"
            composite.reads[read.node] = read
        composite.casts.update(casts)
        for form in forms:
            composite.forms.update(form.edits)
            composite.rewritten.append(form.why)
    return None
