"""Where a TensorFlow op takes an int32 tensor as it took a Python int: the facts TFA004, TFA007
and TFA015 share about shape, size, index and count arguments.

A Python int adapts to what it meets (``x / n`` with a float ``x``, ``dtype=``); an int32 tensor
does not. Shape and size arguments (``tf.zeros([n])``, ``tf.reshape(x, [n, -1])``) take either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.facts import Evidence, Known, Unknown
from tfautofix.analysis.graph_forms import graph_form
from tfautofix.analysis.tensors import TensorInference, op_name
from tfautofix.analysis.usage import SHAPE_KEYWORDS

if TYPE_CHECKING:
    from tfautofix.analysis.context import FileContext

#: Ops that need Python values where a shape would go (`tf.constant`, `num=`/split counts).
PYTHON_INT_OPS = frozenset({"constant", "split", "unstack"})
#: Ops whose tensor arguments must share one dtype: a Python int adapts to the others, the int32
#: `tf.shape(x)[i]` does not (`tf.divide(total, x.shape[0])` with a float `total`). The `tf.random`
#: ops' value arguments likewise take the `dtype=` (`maxval=x.shape[0]`); their shape lists do not.
SAME_DTYPE_OPS = frozenset({
    "add", "subtract", "multiply", "divide", "truediv", "floordiv", "floor_div", "mod", "maximum", "minimum",
    "pow", "squared_difference", "divide_no_nan", "multiply_no_nan", "equal", "not_equal", "greater",
    "greater_equal", "less", "less_equal", "where", "clip_by_value", "concat", "stack", "add_n",
})
#: Ops known to take a dimension as an int32 tensor exactly as they took the Python int (shape
#: and size arguments): the closed world's allowlist.
SHAPE_ARGUMENT_OPS = frozenset({
    "reshape", "zeros", "ones", "fill", "range", "one_hot", "tile", "broadcast_to", "slice", "eye",
    "random.uniform", "random.normal", "random.truncated_normal", "random.shuffle", "expand_dims", "split",
})
#: The dtypes tried by execution (``fix --verify``) when nothing says which one the graph used.
CANDIDATE_DTYPES = ("float32", "int32", "int64", "float64")
#: The dtypes tried for an integer argument (an index, a shape, a loop count).
INTEGER_DTYPES = ("int32", "int64")
_INT_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)
#: Python operators that convert an int operand to the other operand's dtype when that is a tensor.
_ARITHMETIC = (*_INT_ARITHMETIC, cst.Divide, cst.Power)
#: Same-dtype ops whose operands are not two values of one kind (a condition, a list of tensors).
_NOT_BINARY = frozenset({"where", "concat", "stack", "add_n", "clip_by_value"})


def in_op_argument(ctx: FileContext, expr: cst.BaseExpression) -> str | None:
    """The TensorFlow op (that takes tensors) of which ``expr`` is an argument, directly or as an
    element of a list/tuple argument (``tf.zeros([x.shape[0], 2])``), if any; ``random.uniform``
    for the ``tf.random`` ops."""
    parent = ctx.parent(expr)
    if isinstance(parent, cst.Element):
        parent = ctx.parent(ctx.parent(parent))
    call = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
    op = op_name(ctx, call) if isinstance(call, cst.Call) else None
    if op is None or op in PYTHON_INT_OPS:
        return None
    return f"random.{op}" if any(n.startswith("tensorflow.random.") for n in ctx.names(call.func)) else op


def dtype_given(ctx: FileContext, expr: cst.BaseExpression, op: str) -> bool:
    """Is ``expr`` an argument of an op told its dtype (`tf.convert_to_tensor(x.shape[0], dtype=tf.float32)`)?
    A Python int converts to it, an int32 tensor does not (`tf.cast` does)."""
    arg = ctx.parent(expr)
    call = ctx.parent(arg) if isinstance(arg, cst.Arg) else None
    if not isinstance(call, cst.Call) or op == "cast":
        return False
    positional = op == "convert_to_tensor" and sum(a.keyword is None for a in call.args) >= 2
    return positional or any(a.keyword is not None and a.keyword.value in ("dtype", "dtype_hint") for a in call.args)


def adapts_dtype(ctx: FileContext, expr: cst.BaseExpression, op: str) -> bool:
    """Does ``op`` convert ``expr`` to the dtype of its other operands or of ``dtype=`` (where a Python
    int adapts and an int32 tensor raises)?"""
    in_list = isinstance(ctx.parent(expr), cst.Element)
    return op in SAME_DTYPE_OPS or dtype_given(ctx, expr, op) or (op.startswith("random.") and not in_list)


def _dimension(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """A Python int dimension: an integer literal, ``y.shape[i]`` or ``len(y)``."""
    if isinstance(expr, cst.Integer):
        return True
    if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Attribute) and expr.value.attr.value == "shape":
        return True
    return isinstance(expr, cst.Call) and ctx.resolves_to(expr.func, "builtins.len")


def _meets(expr: cst.BaseExpression, dtype: str | None, tensor: bool, casts: dict | None) -> Evidence | None:
    """``expr``, a Python int, meets a tensor of ``dtype`` (None: a tensor of unknown dtype when
    ``tensor``) and became that dtype: an int32 tensor does through ``tf.cast``, noted in
    ``casts`` (none needed for int32). None: not known to meet a tensor."""
    if casts is None or (dtype is None and not tensor):
        return None
    if dtype != "int32":
        casts[expr] = dtype
    return Known(f"meets {dtype or 'a tensor'}")


def given_dtype(ctx: FileContext, expr: cst.BaseExpression, op: str) -> str | None:
    """The dtype, spelled ``tf.D``, that the op ``expr`` is an argument of is told (``dtype=``)."""
    call = ctx.parent(ctx.parent(expr))
    if not isinstance(call, cst.Call):
        return None
    positional = [a.value for a in call.args if a.keyword is None]
    spelled = next((a.value for a in call.args if a.keyword is not None and a.keyword.value in ("dtype", "dtype_hint")),
                   positional[1] if op == "convert_to_tensor" and len(positional) > 1 else None)
    names = [n for n in ctx.names(spelled) if n.startswith("tensorflow.")] if spelled is not None else []
    return names[0].rsplit(".", 1)[-1] if names else None


def int_tensor_use(ctx: FileContext, expr: cst.BaseExpression, casts: dict | None = None,
                   infer: TensorInference | None = None, _depth: int = 0, forms: list | None = None) -> Evidence:
    """Known when every use of ``expr``'s value (a Python int) takes an int32 tensor as it took the
    int: a shape or size argument of a TensorFlow op (directly or in a shape list,
    ``SHAPE_ARGUMENT_OPS``, or ``tf.cast``), through integer arithmetic with other dimensions
    (``n * 2``, ``-n``) or a local name bound once. Given ``casts`` and ``infer`` (the function's
    tensors), also where it meets a tensor (``total / n``, ``tf.maximum(total, n)``) or an op told
    its ``dtype=``: the int became that dtype, the int32 tensor does through ``tf.cast`` (noted in
    ``casts``: node → dtype, None when not known). Python uses (``range(n)``, ``if``, indexing,
    formatting, ``n / 2``), and ops whose operands share one dtype without ``casts``: unknown,
    with the reason. Given ``forms`` also Known where a graph form of the Python use exists
    (``graph_forms``: appended to ``forms``), and ``n / 2`` is followed (an int32 tensor's
    ``/`` gives float64, as Python's float, cast where it meets a tensor)."""
    code = ctx.code(expr).strip()
    parent = ctx.parent(expr)
    if _depth > 6:
        return Unknown(f"`{code}` flows too far to follow")
    form = graph_form(ctx, expr, infer) if forms is not None and isinstance(parent, (cst.BinaryOperation, cst.FormattedStringExpression)) else None
    if form is not None:
        forms.append(form)  # type: ignore[union-attr]
        return Known(form.why)
    if isinstance(parent, cst.BinaryOperation):
        other = parent.right if parent.left is expr else parent.left
        if isinstance(parent.operator, _INT_ARITHMETIC) and _dimension(ctx, other):
            return int_tensor_use(ctx, parent, casts, infer, _depth + 1, forms)
        if forms is not None and isinstance(parent.operator, cst.Divide) and isinstance(other, cst.Integer):
            return int_tensor_use(ctx, parent, casts, infer, _depth + 1, forms)
        met = _meets(expr, infer.dtype(other), infer.is_tensor(other), casts) if (
            infer is not None and isinstance(parent.operator, _ARITHMETIC)) else None
        return met or Unknown(f"in `{ctx.code(parent).strip()}` an int32 tensor would not adapt to the other operand as the Python int did")
    if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Minus):
        return int_tensor_use(ctx, parent, casts, infer, _depth + 1, forms)
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
        target = parent.targets[0].target
        scope = ctx.scope(target)
        if scope is None or len(list(scope[target.value])) != 1:
            return Unknown(f"`{target.value}` is bound more than once")
        for access in scope.accesses[target.value]:
            used = int_tensor_use(ctx, access.node, casts, infer, _depth + 1, forms)  # type: ignore[arg-type]
            if isinstance(used, Unknown):
                return used
        return Known("local")
    if forms is not None and isinstance(parent, cst.AugAssign) and parent.value is expr and isinstance(parent.target, cst.Name) \
            and isinstance(parent.operator, (cst.AddAssign, cst.SubtractAssign)):
        return _accumulated(ctx, parent.target, casts, infer, _depth, forms)
    if isinstance(parent, cst.Element):  # `[n, 3]`: a shape list, if an op takes it as one
        container = ctx.parent(parent)
        if isinstance(ctx.parent(container), cst.Assign):
            return int_tensor_use(ctx, container, casts, infer, _depth + 1, forms)  # type: ignore[arg-type]
    op = in_op_argument(ctx, expr)
    form = graph_form(ctx, expr, infer) if op is None and forms is not None else None
    if form is not None:
        forms.append(form)  # type: ignore[union-attr]
        return Known(form.why)
    if op is None:
        where = ctx.parent(parent) if isinstance(parent, cst.Arg) else parent
        return Unknown(f"it drives Python in `{ctx.code(where).strip()}`" if where is not None else "it drives Python")
    if adapts_dtype(ctx, expr, op):
        met = None
        if isinstance(parent, cst.Arg) and dtype_given(ctx, expr, op):
            met = _meets(expr, given_dtype(ctx, expr, op), False, casts)
        elif isinstance(parent, cst.Arg) and parent.keyword is None and op in SAME_DTYPE_OPS and op not in _NOT_BINARY:
            operands = [a.value for a in ctx.parent(parent).args if a.keyword is None]  # type: ignore[union-attr]
            if len(operands) == 2 and infer is not None:
                other = operands[1] if operands[0] is expr else operands[0]
                met = _meets(expr, infer.dtype(other), infer.is_tensor(other), casts)
        return met or Unknown(f"`{op}` converts it to the dtype of its other operands or `dtype=`, which an int32 tensor does not adapt to")
    if op in SHAPE_ARGUMENT_OPS or op == "cast":
        return Known(op)
    return Unknown(f"`{op}` is not known to take an int32 dimension as it took the Python int")


def _accumulated(ctx: FileContext, target: cst.Name, casts: dict | None, infer: TensorInference | None, depth: int,
                 forms: list) -> Evidence:
    """``total += n``: ``total``, bound to int literals and such sums only, takes the int32 tensor as
    it took the int (``0 + n`` is one); known when each of its reads does."""
    scope = ctx.scope(target)
    if scope is None:
        return Unknown(f"`{target.value}` is not followed")
    for assignment in scope[target.value]:
        node = getattr(assignment, "node", None)
        parent = ctx.parent(node) if node is not None else None
        bound = ctx.parent(parent) if isinstance(parent, cst.AssignTarget) else parent
        if not (isinstance(bound, cst.AugAssign) or isinstance(bound, cst.Assign) and isinstance(bound.value, cst.Integer)):
            return Unknown(f"`{target.value}` is bound to other values")
    for access in scope.accesses[target.value]:
        read = access.node
        if m.matches(ctx.parent(read), m.AugAssign()) and ctx.parent(read).target is read:  # type: ignore[union-attr]
            continue
        used = int_tensor_use(ctx, read, casts, infer, depth + 1, forms)  # type: ignore[arg-type]
        if isinstance(used, Unknown):
            return used
    return Known("accumulated")


@dataclass(frozen=True)
class IntUse:
    """A use of a Python int where TensorFlow takes an integer tensor too, or where nothing does:
    ``rejects`` when a tensor certainly fails there (a Python list's index, ``np.zeros(n)``,
    ``int(n)``, ``range(n)`` outside a ``for`` AutoGraph converts); otherwise an int32 tensor
    plausibly works (a tensor's index, a shape or size argument, a converted ``for ... in range``)
    but not provably (the static shape it gave becomes unknown): execution decides."""

    rejects: bool
    why: str


_SEQUENCES = (cst.List, cst.Tuple, cst.ListComp, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Dict)
#: Python functions that need a number, not a tensor, while the graph is built.
_PYTHON_NUMBER_FUNCTIONS = frozenset({"builtins.int", "builtins.float", "builtins.bool"})
#: Modules whose functions need Python numbers (a symbolic tensor raises there).
_PYTHON_NUMBER_MODULES = ("numpy.", "math.")


def int_use(ctx: FileContext, expr: cst.BaseExpression, _depth: int = 0) -> IntUse | None:
    """How the Python int ``expr`` is used as an integer argument (an index, a shape, a size, an
    axis, ``range``), followed through integer arithmetic; None for other uses (arithmetic with
    tensors, ``tf.cast``, control flow, formatting: the caller's concern)."""
    parent = ctx.parent(expr)
    if _depth < 6 and (
        isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, _INT_ARITHMETIC)
        and _dimension(ctx, parent.right if parent.left is expr else parent.left)
        or isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Minus)
    ):
        return int_use(ctx, parent, _depth + 1)
    if isinstance(parent, cst.Slice) or isinstance(parent, cst.Index) and isinstance(ctx.parent(parent), cst.SubscriptElement):
        subscript = next(a for a in ctx.ancestors(parent) if isinstance(a, cst.Subscript))
        indexed = subscript.value
        bound = ctx.bound_value(indexed, enclosing=True) if isinstance(indexed, cst.Name) else None
        if isinstance(indexed, _SEQUENCES) or isinstance(bound, _SEQUENCES):
            return IntUse(True, f"as an index of the Python sequence `{ctx.code(indexed).strip()}`, which a tensor cannot index")
        return IntUse(False, f"as an index (`{ctx.code(subscript).strip()}`): a tensor index slices a tensor alike, "
                             f"a Python sequence not, and the slice's static shape may become unknown")
    call = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
    if isinstance(call, cst.Call) and call.func is not expr:
        names = ctx.names(call.func)
        if "builtins.range" in names:
            loop = ctx.parent(call)
            if isinstance(loop, cst.For) and loop.iter is call and ctx.autograph(loop):
                return IntUse(False, f"in `for ... in {ctx.code(call)}`, which AutoGraph turns into a `tf.while_loop` "
                                     f"for a tensor (the loop's variables must then keep their dtypes and shapes)")
            where = "AutoGraph does not convert this code" if not ctx.autograph(call) else "only a `for` statement's range is converted"
            return IntUse(True, f"in `{ctx.code(call)}`, which needs a Python int ({where})")
        if any(n.startswith(_PYTHON_NUMBER_MODULES) or n in _PYTHON_NUMBER_FUNCTIONS for n in names):
            return IntUse(True, f"in `{ctx.code(call)}`, which needs a Python number while the graph is built")
    if isinstance(parent, cst.Element) and isinstance(ctx.parent(ctx.parent(parent)), cst.Arg):
        call = ctx.parent(ctx.parent(ctx.parent(parent)))
        if isinstance(call, cst.Call) and any(n.startswith(_PYTHON_NUMBER_MODULES) for n in ctx.names(call.func)):
            return IntUse(True, f"in `{ctx.code(call)}`, which needs a Python number while the graph is built")
    op = in_op_argument(ctx, expr)
    keyword = parent.keyword.value if isinstance(parent, cst.Arg) and parent.keyword is not None else None
    shaped = isinstance(parent, cst.Element) or keyword in SHAPE_KEYWORDS or op in SHAPE_ARGUMENT_OPS
    if op is None or not shaped or adapts_dtype(ctx, expr, op):
        return None
    where = ctx.code(ctx.enclosing(expr, cst.Call) or expr).strip()
    table = "takes an int32 tensor there" if op in SHAPE_ARGUMENT_OPS else "is not known to take an int32 tensor there"
    return IntUse(False, f"in `{where}` (`{op}` {table}; the output's static shape may become unknown)")
