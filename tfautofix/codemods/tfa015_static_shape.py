"""TFA015 static-shape-as-value: ``x.shape[i]`` used as a value where the dimension may be ``None``."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Fact, Known, Unknown
from tfautofix.analysis.index import nodes
from tfautofix.analysis.int_arguments import (
    CANDIDATE_DTYPES,
    SHAPE_ARGUMENT_OPS,
    adapts_dtype,
    in_op_argument,
    int_tensor_use,
)
from tfautofix.analysis.names import TF_FUNCTION
from tfautofix.analysis.tensors import TensorInference
from tfautofix.analysis.usage import reads_of_assigned
from tfautofix.rule import Finding, Rule
from tfautofix.screen import Screen, Site

_RELAXING = ("reduce_retracing", "experimental_relax_shapes")
_ORDERING = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)


class StaticShapeAsValue(Rule):
    code = "TFA015"
    name = "static-shape-as-value"
    summary = "`x.shape[i]` is `None` for a relaxed dimension; `tf.shape(x)[i]` is its value on every call"
    fixable = "unsafe"  # safe where the input_signature declares the dimension None
    contract = "exact"
    triggers = ("shape",)
    facts = (
        Fact("dimension-none", "the input_signature declares the dimension None: the static read is None on every trace, "
             "so the code cannot work today and no static output shape is lost"),
        Fact("dtype-free-op", "the op takes the dimension as an int32 tensor as it took the Python int, or it is cast to "
             "the known dtype the op converted the int to (`dtype=`, the other operand's)"),
    )
    docs = """
`x.shape[i]` is the *static* shape: a Python int known while tracing — or
`None` when the dimension is not fixed. A `tf.function` with an
`input_signature` declaring `None` (`tf.TensorSpec([None, 3])`), or with
`reduce_retracing=True` (`experimental_relax_shapes`) after its second shape,
traces with that dimension `None`: `tf.zeros([x.shape[0], 2])` then fails
(`TypeError: Expected int32, but got None`), `tf.reshape(x, [x.shape[0], -1])`
too (measured: batch sizes 2, 3, 4 with `reduce_retracing=True` — the second
call fails). `tf.shape(x)[i]` is a tensor holding the dimension on every call.

Only reported where the dimension can be `None`: a `tf.function` (decorator, or
`f = tf.function(f, ...)` in the module) whose `input_signature` gives the parameter's
dimension as `None` (or no shape), or that sets `reduce_retracing`/`experimental_relax_shapes`,
or, with `--traces`, where the trace log saw a trace with that dimension relaxed to `None`
(unsafe: other calls may trace it fixed). Fully known static
shapes are fine and left alone (`x.shape[-1]` to size a layer, functions without
relaxed shapes, Keras code). A read assigned to a name (`batch_size = x.shape[0]`)
counts where the name goes: into an op's shape argument (`tf.reshape(x, [batch_size, -1])`),
fixed at the read when every use is such an argument; reported without a fix when the
name also drives Python or meets other dtypes.

Fix: where the value is an argument of a TensorFlow op (directly or in a shape
list: `tf.zeros`, `tf.reshape`, `tf.range`, `tf.fill`, ...), `x.shape[i]` →
`tf.shape(x)[i]` and `x.shape` → `tf.shape(x)`. In ops whose operands
must share a dtype (`tf.divide(total, x.shape[0])`, `tf.maximum`, ...), the value
arguments of `tf.random` ops such as `maxval=`, and ops told a `dtype=`
(`tf.convert_to_tensor(x.shape[0], dtype=tf.float32)`), the Python int converted
to that dtype and the int32 `tf.shape` would not: it is cast to it,
`tf.cast(tf.shape(x)[0], tf.float32)` — the `dtype=`, or the other operand's
dtype where the code shows it (an `input_signature`, a `tf.cast`); otherwise one
candidate per dtype (float32, int32, int64, float64) for `fix --verify`, which
keeps the one the eager run confirms. Safe when the signature declares the
dimension `None` (the code cannot work today) and the dtype is known, unsafe
under `reduce_retracing` (the op's static output shape becomes unknown, which
code reading it later may need). Reported without a fix where the value drives
Python (`range(x.shape[0])`, `if x.shape[0] > 1:`, arithmetic, unpacking
`n, k = x.shape`): use `tf.shape(x)` and graph control flow (`tf.range`,
`tf.cond`), or keep the dimension fixed.
"""
    before = """\
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def pad(x):
    return tf.concat([x, tf.zeros([x.shape[0], 1])], axis=1)
"""
    after = """\
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def pad(x):
    return tf.concat([x, tf.zeros([tf.shape(x)[0], 1])], axis=1)
"""

    def prescreen(self, screen: Screen) -> list[Site] | bool:
        """``tf.function`` definitions with a signature or relaxed shapes that read ``.shape``."""
        if screen.traces is not None or any(
                isinstance(c.node.func, ast.Attribute | ast.Name) and c.node.args and isinstance(c.node.args[0], ast.Name)
                and TF_FUNCTION in screen.names(c.node.func) and c.node.keywords for c in screen.sites(ast.Call)):
            return True  # `tf.function(f, reduce_retracing=True)`, or relaxed shapes in a trace log
        found = []
        for site in screen.tf_function_defs:
            relaxing = any(
                isinstance(d, ast.Call)
                and (len(d.args) > 1 or any(k.arg in (*_RELAXING, "input_signature") for k in d.keywords))
                for d in site.node.decorator_list
            )
            if relaxing and any(isinstance(n, ast.Attribute) and n.attr == "shape" for n in ast.walk(site.node)):
                found.append(site)
        return found

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for func in nodes(ctx, cst.FunctionDef):
            dynamic = _dynamic_dimensions(ctx, func)
            if not dynamic:
                continue
            for attribute in _shape_reads(func):
                param = attribute.value.value
                if param not in dynamic or not _only_parameter(ctx, attribute.value, func):
                    continue
                parent = ctx.parent(attribute)
                index = _index(parent) if isinstance(parent, cst.Subscript) and parent.value is attribute else None
                known = dynamic[param]
                read = parent if index is not None else attribute  # `x.shape.rank`, `x.shape[1:]`: static facts
                if index is not None and known is not True and not _is_none_dimension(known, index):
                    continue  # declared in the signature: a fixed size
                if in_op_argument(ctx, read) or _breaks_python(ctx, read, index):
                    yield self._finding(ctx, read, param, index, known)
                elif index is not None and (uses := reads_of_assigned(ctx, read)):
                    # `batch_size = x.shape[0]`, then `tf.reshape(x, [batch_size, n])`: where the name goes
                    if any(in_op_argument(ctx, u) or _breaks_python(ctx, u, index) for u in uses):
                        yield self._finding(ctx, read, param, index, known, uses)

    def _finding(self, ctx: FileContext, read: cst.BaseExpression, param: str, index: int | None, known,
                 uses: list[cst.Name] = ()) -> Finding:
        why = "`reduce_retracing` relaxes it" if known is True else "the trace log shows it relaxed to None" if isinstance(
            known, _Observed) else "the input_signature declares it None"
        message = f"`{ctx.code(read)}` is the static shape, `None` where a dimension is not fixed ({why})"
        op = in_op_argument(ctx, read)
        if uses:
            name = uses[0].value
            ops = {in_op_argument(ctx, u) for u in uses}
            if None in ops or not ops <= SHAPE_ARGUMENT_OPS:
                message += (f"; `{name}` goes where an int32 tensor may not do (not fixed): use `tf.shape(...)` for it, "
                            "with graph control flow where it drives Python")
                return self.finding(ctx, read, message)
            op = next(iter(ops))
            message += f", and `{name}` goes into `{op}`"
        if not op:
            message += (
                "; it drives Python here (not fixed): use `tf.shape(...)` with graph control flow "
                "(`tf.range`, `tf.cond`), or keep the dimension fixed"
            )
            return self.finding(ctx, read, message)
        tf_name, tf_import = ctx.tensorflow_alias
        shape = cst.parse_expression(f"{tf_name}.shape({param})")
        replacement = read.with_changes(value=shape) if index is not None else shape
        dtypes: tuple[str, ...] = ("int32",)  # what `tf.shape` gives
        evidence = {
            "dimension-none": Unknown("`reduce_retracing` relaxes it: the op's static output shape becomes unknown")
            if known is True else Unknown("the trace log shows it relaxed on some calls: others may trace it fixed")
            if isinstance(known, _Observed) else Known(),
            "dtype-free-op": Known() if op in SHAPE_ARGUMENT_OPS else Unknown(f"`{op}` is not known to take an int32 dimension as it took the Python int"),
        }
        if not uses and adapts_dtype(ctx, read, op):
            # The Python int became the dtype of the other operand or of `dtype=`: the int32
            # tensor is cast to it, known from the code or chosen by execution among candidates.
            casts: dict = {}
            func = ctx.enclosing(read, cst.FunctionDef)
            used = int_tensor_use(ctx, read, casts, TensorInference(ctx, func)) if index is not None else Unknown("")
            if isinstance(used, Unknown) or not set(casts) <= {read}:
                message += (
                    f"; use `tf.shape(...)` cast to the dtype it needs (not fixed: `{op}` converts it to the dtype of "
                    "its other operands or `dtype=`, which the Python int adapted to and the int32 `tf.shape` does not)"
                )
                return self.finding(ctx, read, message)
            dtype = casts.get(read, "int32")
            dtypes = (dtype,) if dtype is not None else CANDIDATE_DTYPES
            evidence["dtype-free-op"] = Known() if dtype is not None else Unknown(
                f"the dtype `{op}` converts it to (its other operand's): one of {', '.join(CANDIDATE_DTYPES)}")
        fixes = [
            self.closed_fix({read: _cast(tf_name, dtype, replacement)}, evidence, (tf_import,) if tf_import else (),
                            label=f"cast to {tf_name}.{dtype}" if len(dtypes) > 1 else "")
            for dtype in dtypes
        ]
        written = ctx.module.code_for_node(fixes[0].edits[read])
        tried = f"; other candidates for `fix --verify`: {', '.join(f.label for f in fixes[1:])}" if len(fixes) > 1 else ""
        message += f"; fix: `{written}`, the dimension on every call{tried}"
        return self.finding(ctx, read, message + self.unsafe_note(fixes[0]), fixes[0], alternatives=fixes[1:])


def _cast(tf: str, dtype: str, value: cst.BaseExpression) -> cst.BaseExpression:
    """``tf.cast(value, tf.dtype)``, or ``value`` for int32 (what ``tf.shape`` gives)."""
    if dtype == "int32":
        return value
    call = cst.parse_expression(f"{tf}.cast(_, {tf}.{dtype})")
    assert isinstance(call, cst.Call)
    return call.with_changes(args=[call.args[0].with_changes(value=value), call.args[1]])


def _breaks_python(ctx: FileContext, read: cst.BaseExpression, index: int | None) -> bool:
    """Would ``None`` here raise in Python: ``range(n)``/``int(n)``, arithmetic, an ordering
    comparison, or unpacking ``n, k = x.shape``?"""
    parent = ctx.parent(read)
    if index is None:
        return isinstance(parent, cst.Assign) and isinstance(parent.targets[0].target, (cst.Tuple, cst.List))
    if isinstance(parent, cst.BinaryOperation):
        return True
    if isinstance(parent, cst.Comparison) or isinstance(parent, cst.ComparisonTarget):
        comparison = parent if isinstance(parent, cst.Comparison) else ctx.parent(parent)
        return any(isinstance(c.operator, _ORDERING) for c in comparison.comparisons)
    call = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value in ("range", "int", "float")


class _Observed(list):
    """A parameter's dimensions as the trace log saw them: ``None`` where some trace relaxed one."""


def _wrappings(ctx: FileContext, func: cst.FunctionDef) -> Iterator[cst.Call]:
    """The ``tf.function(...)`` calls that make ``func`` traced with options: its decorators, and
    ``tf.function(func, ...)`` calls in the module (``step = tf.function(step, reduce_retracing=True)``)."""
    for decorator in func.decorators:
        if isinstance(decorator.decorator, cst.Call) and ctx.resolves_to(decorator.decorator.func, TF_FUNCTION):
            yield decorator.decorator
    for call in nodes(ctx, cst.Call):
        first = call.args[0].value if call.args and call.args[0].keyword is None else None
        if isinstance(first, cst.Name) and first.value == func.name.value and ctx.resolves_to(call.func, TF_FUNCTION):
            scope = ctx.scope(first)
            if scope is not None and first.value in scope and any(getattr(a, "node", None) is func for a in scope[first.value]):
                yield call


def _observed(ctx: FileContext, func: cst.FunctionDef) -> dict[str, object]:
    """Parameter → its dimensions where the trace log (``--traces``) saw a trace of ``func`` relax one
    to None (``reduce_retracing``'s second shape, options the code does not spell)."""
    dynamic: dict[str, object] = {}
    for name, records in ctx.observed_parameters(func).items():
        shapes = [r.get("shape") for r in records if r.get("kind") == "tensor" and isinstance(r.get("shape"), list)]
        relaxed = [s for s in shapes if None in s]
        if relaxed and len({len(s) for s in shapes}) == 1:
            dynamic[name] = _Observed(cst.Name("None") if any(s[i] is None for s in relaxed) else cst.Integer("1")
                                      for i in range(len(relaxed[0])))
    return dynamic


def _dynamic_dimensions(ctx: FileContext, func: cst.FunctionDef) -> dict[str, object]:
    """Parameter → True (any dimension may be relaxed: ``reduce_retracing``) or its signature
    shape (a list of dimension expressions, or None for an unknown rank) when it has a None;
    without either, the dimensions a trace log saw relaxed (:class:`_Observed`)."""
    for call in _wrappings(ctx, func):
        keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
        positional = [arg.value for arg in call.args if arg.keyword is None]
        signature = keywords.get("input_signature", positional[1] if len(positional) > 1 else None)
        params = [p.name.value for p in func.params.params]
        if params and params[0] in ("self", "cls") and isinstance(ctx.parent(ctx.parent(func)), cst.ClassDef):
            params = params[1:]
        if isinstance(signature, (cst.List, cst.Tuple)):
            dynamic: dict[str, object] = {}
            for name, element in zip(params, signature.elements):
                spec = element.value
                if not (isinstance(spec, cst.Call) and ctx.resolves_to(spec.func, "tensorflow.TensorSpec")):
                    continue
                shape = next((a.value for a in spec.args if a.keyword is None or a.keyword.value == "shape"), None)
                if shape is None or (isinstance(shape, cst.Name) and shape.value == "None"):
                    dynamic[name] = None  # unknown rank: every dimension is None
                elif isinstance(shape, (cst.List, cst.Tuple)):
                    dims = [e.value for e in shape.elements]
                    if any(isinstance(d, cst.Name) and d.value == "None" for d in dims):
                        dynamic[name] = dims
            return dynamic
        if any(_true(keywords.get(name)) for name in _RELAXING):
            return {name: True for name in params}
    return _observed(ctx, func)


def _true(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


def _is_none_dimension(dims: list | None, index: int) -> bool:
    if dims is None:
        return True
    if not -len(dims) <= index < len(dims):
        return False
    dim = dims[index]
    return isinstance(dim, cst.Name) and dim.value == "None"


def _index(subscript: cst.Subscript) -> int | None:
    """The literal integer of ``x.shape[i]`` (negative allowed), else None."""
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
        return None
    value = subscript.slice[0].slice.value
    sign = 1
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        sign, value = -1, value.expression
    return sign * int(value.value) if isinstance(value, cst.Integer) else None


def _shape_reads(func: cst.FunctionDef) -> list[cst.Attribute]:
    """``p.shape`` for parameter-like names ``p`` in the function body."""

    class Reads(cst.CSTVisitor):
        def __init__(self) -> None:
            self.found: list[cst.Attribute] = []

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if node.attr.value == "shape" and isinstance(node.value, cst.Name):
                self.found.append(node)

    reads = Reads()
    func.body.visit(reads)
    return reads.found


def _only_parameter(ctx: FileContext, name: cst.Name, func: cst.FunctionDef) -> bool:
    """Does ``name`` always hold ``func``'s parameter (not reassigned, not a nested function's)?"""
    scope = ctx.scope(name)
    if scope is None or name.value not in scope:
        return False
    return all(getattr(a, "node", None) in func.params.params for a in scope[name.value])
