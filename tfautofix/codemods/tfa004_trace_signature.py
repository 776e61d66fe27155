"""TFA004 unstable-trace-signature: from observed traces, stop a function retracing."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Unknown
from tfautofix.analysis.int_arguments import int_tensor_use
from tfautofix.analysis.names import TF_FUNCTION
from tfautofix.analysis.usage import (
    functions_by_qualname,
    has_variadic,
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


def _spec_source(tf: str, parameter: TensorParameter) -> str:
    shape = "None" if parameter.shape is None else "[" + ", ".join("None" if d is None else str(d) for d in parameter.shape) + "]"
    return f"{tf}.TensorSpec(shape={shape}, dtype={tf}.{parameter.dtype})"


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

    ``x.shape[i]``/``x.get_shape()[i]`` read dimension ``i`` (→ ``tf.shape(x)[i]``), ``len(x)``
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

- when every parameter was a tensor with one dtype (or a Python number that every
  use converted to one dtype while tracing, FORMAT.md `converted`: its spec has that
  dtype; from a log without it, a number the function only hands to
  `tf.cast`/`tf.range`, see TFA007), it adds
  `input_signature=[tf.TensorSpec(shape=..., dtype=...), ...]`. Proven: the
  signature accepts every observed call (shapes generalised over every trace as
  `most_specific_common_supertype` does) and any batch size (the leading
  dimension is always `None`, even when one size was observed). A `None`
  dimension the function reads as a Python value is rewritten in the same fix:
  `x.shape[0]`, `x.get_shape()[0]`, `len(x)` → `tf.shape(x)[0]`, where every use
  of the value takes the int32 tensor as it took the int (a shape or size argument
  of `tf.reshape`/`tf.zeros`/`tf.fill`/`tf.range`/`tf.cast`/..., directly, in a
  shape list, through integer arithmetic or a local name); static dimensions
  (`x.shape[-1]` kept by the signature) stay. A read that drives Python
  (`range(n)`, `if`, formatting, `total / n` with a float `total`, `x.shape` as a
  whole, `for row in x`, `tf.unstack(x)`) means no fix;
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
            decided, rewrites = self._plan(ctx, func, function)
            if decided.kind == "reduce_retracing" and isinstance(site, cst.Call) and _keyword(site, "reduce_retracing"):
                continue  # already asked for (this log predates it), or turned off on purpose
            message = self._message(function, decided, rewrites)
            yield self.finding(ctx, func.name, message, self._fix(ctx, site, decided, rewrites))

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
    def _plan(ctx: FileContext, func: cst.FunctionDef, function: FunctionTraces) -> tuple[Plan, dict]:
        """The fix to write, and the static-shape reads it rewrites to ``tf.shape`` (by node)."""
        decided = plan(function)
        rewrites: dict = {}
        if decided.kind == "reduce_retracing":
            for name in sorted(shape_changes(function)):  # reduce_retracing may relax any dimension (TFA015)
                reason = _make_dynamic(ctx, shape_reads(ctx, func, name), None, "reduce_retracing", rewrites)
                if reason:
                    return Plan(None, reason=reason), {}
        if decided.kind != "input_signature":
            return decided, rewrites
        method = ctx.enclosing(func, cst.ClassDef) is not None and ctx.enclosing(func, cst.FunctionDef) is None
        fallback = Plan("reduce_retracing") if not function.options.get("reduce_retracing") else Plan(None)
        if has_variadic(func) or parameter_names(func, method) != function.parameters:
            fallback.reason = "its parameters cannot all be listed in an input_signature"
            return fallback, {}
        signature = []
        for parameter in decided.signature:
            if parameter.from_python:
                scalar = scalar_plan(ctx, func, parameter.name)
                if not scalar.fixable:
                    why = scalar.split() if scalar.dtypes else f"used {scalar.use}"
                    return Plan(None, reason=f"`{parameter.name}` is a Python number {why}, so it cannot become a tensor (see TFA007)"), {}
                if scalar.dtype:  # the dtype its uses converted it to while tracing
                    parameter = TensorParameter(parameter.name, [], scalar.dtype, from_python=True)
                signature.append(parameter)
                continue
            # Preconditions of the spec: it accepts every observed call (shapes generalised over
            # them) and any batch size (the leading dimension is None), and every `None` dimension
            # read as a static value (`x.shape[0]`, `len(x)`) becomes `tf.shape(x)[0]` where an
            # int32 tensor works as the int did; otherwise no fix.
            shape = parameter.shape
            reads = shape_reads(ctx, func, parameter.name)
            if shape and not any(0 in r.dims for r in reads):
                shape = [None, *shape[1:]]
            reason = _make_dynamic(ctx, reads, shape, "an input_signature", rewrites)
            if reason:
                return Plan(None, reason=reason), {}
            signature.append(TensorParameter(parameter.name, shape, parameter.dtype))
        decided.signature = signature
        return decided, rewrites

    @staticmethod
    def _message(function: FunctionTraces, decided: Plan, rewrites: dict) -> str:
        why = "; ".join(e.text for e in explain_function(function)) or "retraced"
        head = f"`{function.qualname}` was traced {function.max_traces} times ({why})"
        reads = ""
        if rewrites:
            shown = dict.fromkeys(f"`{r.text}` → `{cst.Module([]).code_for_node(r.dynamic)}`" for r in rewrites.values())
            reads = f", with the static dimensions it makes None read on every call ({', '.join(shown)})"
        if decided.kind == "input_signature":
            return f"{head}; an input_signature generalised over the observed traces makes it trace once{reads}"
        if decided.kind == "reduce_retracing":
            return f"{head}; add reduce_retracing=True{reads}: {decided.reason}"
        return f"{head}; no automatic fix: {decided.reason}"

    @staticmethod
    def _fix(ctx: FileContext, site: cst.BaseExpression, decided: Plan, rewrites: dict) -> Fix | None:
        if decided.kind is None:
            return None
        tf, tf_import = ctx.tensorflow_alias
        if decided.kind == "input_signature":
            specs = ", ".join(_spec_source(tf, p) for p in decided.signature)
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
        imports = (tf_import,) if tf_import is not None and (decided.kind == "input_signature" or rewrites) else ()
        return Fix({site: edit, **{node: read.dynamic for node, read in rewrites.items()}}, applicability="unsafe", imports=imports)


def _make_dynamic(ctx: FileContext, reads: list[ShapeRead], shape: list | None, what: str, rewrites: dict) -> str | None:
    """Add to ``rewrites`` the ``tf.shape`` form of each read of a dimension ``shape`` makes None
    (None: the rank, hence every dimension); the reason there is no fix when one cannot be rewritten."""
    for read in reads:
        relaxed = shape is None or any(-len(shape) <= d < len(shape) and shape[d] is None for d in read.dims)
        if not relaxed:
            continue
        used = int_tensor_use(ctx, read.node) if read.dynamic is not None else Unknown("")  # type: ignore[arg-type]
        if isinstance(used, Unknown):
            why = f": {used.reason}" if used.reason else ""
            return f"`{read.text}` reads a static dimension that {what} would make None{why} (use `tf.shape(...)` and graph ops)"
        rewrites[read.node] = read
    return None
