"""A cheap, conservative guess of which expressions hold tensors in traced code.

Good enough to tell ``np.mean(x)`` on a traced argument (a symbolic tensor) from
``np.mean([1.0, 2.0])`` on Python data (harmless constant folding at trace time).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import FunctionScope

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.names import NEST_MODULES, PYTHON_PARAMETERS, STATIC_METHODS, builds_tensor, static_fact


def may_be_tensor(ctx: FileContext, expr: cst.BaseExpression, _seen: frozenset = frozenset(), _every: bool = False) -> bool:
    """True when ``expr``, evaluated in traced code, may be a (symbolic) tensor."""
    if isinstance(expr, cst.Call):
        names = ctx.names(expr.func)
        if builds_tensor(names):
            return True
        if _every or static_fact(names):  # np.square(x), x.to_numpy(), x.numpy(): may be NumPy arrays
            return False
        if any(n.startswith(("numpy.", *NEST_MODULES)) for n in names):  # np.square(tensor), tf.nest.flatten(...)
            return any(may_be_tensor(ctx, arg.value, _seen) for arg in expr.args)
        # A method of a tensor (x.numpy(), x.read_value(), ...) yields tensor-like data; not
        # one that returns a static fact (x.get_shape().as_list()).
        return isinstance(expr.func, cst.Attribute) and expr.func.attr.value not in STATIC_METHODS and may_be_tensor(ctx, expr.func.value, _seen)
    if _every and isinstance(expr, (cst.List, cst.Tuple)):
        return False  # a Python list NumPy turns into an array
    if isinstance(expr, cst.BinaryOperation):
        return may_be_tensor(ctx, expr.left, _seen, _every) or may_be_tensor(ctx, expr.right, _seen, _every)
    if isinstance(expr, cst.Comparison) and all(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in expr.comparisons):
        return False  # `w is not None`: identity is a Python bool
    if isinstance(expr, cst.Comparison):
        return may_be_tensor(ctx, expr.left, _seen, _every) or any(may_be_tensor(ctx, c.comparator, _seen, _every) for c in expr.comparisons)
    if isinstance(expr, cst.UnaryOperation):
        return may_be_tensor(ctx, expr.expression, _seen, _every)
    if isinstance(expr, cst.Subscript):
        return may_be_tensor(ctx, expr.value, _seen, _every)
    if isinstance(expr, (cst.List, cst.Tuple)):
        return any(may_be_tensor(ctx, e.value, _seen) for e in expr.elements)
    if isinstance(expr, cst.Name) and expr not in _seen:
        return _name_may_be_tensor(ctx, expr, _seen | {expr}, _every)
    return False


def is_tensor(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """True when ``expr`` is a tensor as far as the guess goes: a TensorFlow op's result, a
    traced parameter, or names, arithmetic and subscripts of those. Unlike ``may_be_tensor``,
    not a method's result (``df.to_numpy()``, ``t.numpy()``) nor a NumPy call or a Python list,
    which may be NumPy arrays that a TensorFlow op would turn into tensors."""
    return may_be_tensor(ctx, expr, _every=True)


def _name_may_be_tensor(ctx: FileContext, name: cst.Name, seen: frozenset, every: bool = False) -> bool:
    scope = ctx.scope(name)
    if scope is None or name.value not in scope:
        return False
    found = False
    for assignment in scope[name.value]:
        if not isinstance(assignment.scope, FunctionScope):
            if every:
                return False
            continue  # module-level values are concrete when the function is traced
        node = getattr(assignment, "node", None)
        if isinstance(node, cst.Param):
            if node.name.value not in PYTHON_PARAMETERS and node.default is None and ctx.is_traced(node) and ctx.may_receive_tensor(node):
                found = True
                if not every:
                    return True
            elif every:
                return False
            continue
        parent = ctx.parent(node) if node is not None else None
        value = None
        if isinstance(parent, (cst.AssignTarget,)):
            assign = ctx.parent(parent)
            value = assign.value if isinstance(assign, cst.Assign) else None
        elif isinstance(parent, (cst.AnnAssign, cst.AugAssign)):
            value = parent.value
        elif isinstance(parent, cst.For) and parent.target is node:
            value = parent.iter
        tensor = value is not None and may_be_tensor(ctx, value, seen, every)
        if tensor and not every:
            return True
        if every and not tensor:
            return False
        found = found or tensor
    return found



#: TensorFlow ops (canonical names, by prefix) whose result is numbers or booleans, never strings.
_NUMERIC_OPS = ("tensorflow.reduce_", "tensorflow.math.", "tensorflow.nn.", "tensorflow.linalg.", "tensorflow.random.",
                "tensorflow.matmul", "tensorflow.square", "tensorflow.sqrt", "tensorflow.exp", "tensorflow.abs",
                "tensorflow.argmax", "tensorflow.argmin", "tensorflow.shape", "tensorflow.size", "tensorflow.range",
                "tensorflow.ones", "tensorflow.zeros", "tensorflow.norm")
#: Arithmetic a string tensor does not support (``+`` concatenates strings).
_NUMERIC_OPERATORS = (cst.Multiply, cst.Subtract, cst.Divide, cst.FloorDivide, cst.Power, cst.MatrixMultiply)


def proven_numeric(ctx: FileContext, expr: cst.BaseExpression, _depth: int = 0) -> bool:
    """Is ``expr`` surely a tensor of numbers, never of strings? A numeric op's result, a cast to
    a numeric dtype, arithmetic other than ``+``, or a name bound once to one of those. (A string
    tensor prints differently from its ``.numpy()`` bytes, so ``tf.print`` rewrites need this.)"""
    if _depth > 5:
        return False
    if isinstance(expr, cst.Call):
        names = ctx.names(expr.func)
        if "tensorflow.cast" in names:
            dtype = next((a.value for a in expr.args[1:2] if a.keyword is None), None) or next(
                (a.value for a in expr.args if a.keyword is not None and a.keyword.value == "dtype"), None)
            return dtype is not None and "string" not in ctx.code(dtype)
        return any(name.startswith(_NUMERIC_OPS) for name in names)
    if isinstance(expr, cst.BinaryOperation):
        return isinstance(expr.operator, _NUMERIC_OPERATORS)
    if isinstance(expr, cst.Name):
        value = ctx.bound_value(expr)
        return value is not None and proven_numeric(ctx, value, _depth + 1)
    return False
