"""Static, conservative tensor inference inside one function.

``is_tensor`` answers "is this expression certainly a ``tf.Tensor``?": results of
TensorFlow ops, arithmetic and comparisons involving them, names whose every
assignment is such a value, and parameters declared as tensors (an
``input_signature`` of the decorating ``tf.function``, or a ``tf.Tensor``
annotation); with ``passed``, also parameters a call in the file passes a TensorFlow op's
result (``passed_parameters`` says which an answer relied on: other callers may pass
Python values). Anything unknown is *not* a tensor: Python flags, ``x.shape[0]``,
``len(x)``, ``x is None`` and calls of user functions stay Python values, so a
rule built on this never rewrites Python control flow.

``is_scalar`` answers True (certainly rank 0), False (certainly not) or None
(unknown); ``is_bool`` whether the value is certainly a boolean.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Iterable

import libcst as cst

from tfautofix.analysis.names import TF_FUNCTION

if TYPE_CHECKING:
    from tfautofix.analysis.context import FileContext
    from tfautofix.screen import Screen

#: ``tf.<namespace>.*`` functions all return tensors.
_TENSOR_NAMESPACES = ("math", "nn", "linalg", "random", "bitwise", "signal", "strings")
#: Top-level ``tf.*`` functions returning tensors (``tf.reduce_*`` too).
_TOP_LEVEL_OPS = frozenset(
    """abs add add_n argmax argmin argsort boolean_mask cast ceil clip_by_value concat cond constant
    convert_to_tensor cumsum divide einsum equal exp expand_dims fill floor gather gather_nd
    greater greater_equal identity less less_equal logical_and logical_not logical_or matmul
    maximum minimum multiply norm not_equal one_hot ones ones_like pow range rank reshape round
    shape sigmoid sign size sort split sqrt square squeeze stack stop_gradient subtract tanh
    tensordot tile transpose unstack where while_loop zeros zeros_like""".split()
)
#: Ops whose result unpacks into tensors: ``a, b = tf.unstack(x)``.
_TUPLE_OPS = frozenset({"cond", "while_loop", "unstack", "split", "meshgrid", "unique", "top_k"})
_BOOL_OPS = frozenset(
    """equal not_equal greater greater_equal less less_equal logical_and logical_or logical_not
    logical_xor reduce_all reduce_any is_nan is_inf is_finite in_top_k""".split()
)
#: Elementwise ops: the result is a scalar when every operand is.
_ELEMENTWISE = frozenset(
    """abs add subtract multiply divide maximum minimum sqrt exp log square sign identity
    stop_gradient sigmoid tanh round floor ceil pow equal not_equal greater greater_equal less
    less_equal logical_and logical_or logical_not logical_xor is_nan is_inf is_finite""".split()
)
_COMPARISONS = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual, cst.Equal, cst.NotEqual)
#: Ops whose result has the dtype of their first tensor operand (reductions, elementwise maths, layout).
_DTYPE_PRESERVING = frozenset(
    """abs add subtract multiply maximum minimum negative square sqrt exp log sigmoid tanh relu softmax
    identity stop_gradient round floor ceil sign matmul transpose reshape squeeze expand_dims tile gather
    cumsum clip_by_value add_n norm""".split()
)
#: Ops of one result dtype unless an argument (position, keyword) says another: op → (position, keyword, dtype).
_FIXED_DTYPE = {
    "shape": (1, "out_type", "int32"), "size": (1, "out_type", "int32"),
    "argmax": (2, "output_type", "int64"), "argmin": (2, "output_type", "int64"),
}
#: Python arithmetic between a tensor and a number or a tensor of its dtype keeps the tensor's dtype
#: (``/`` only for floats: int32 / int32 is float64).
_SAME_DTYPE_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power)


def op_name(ctx: FileContext, call: cst.Call) -> str | None:
    """``reduce_mean`` for ``tf.reduce_mean(...)``/``tf.math.reduce_mean(...)``, if a tensor op."""
    return tensor_op(ctx.names(call.func))


def tensor_op(names: Iterable[str]) -> str | None:
    """The op among canonical names (``tensorflow.math.reduce_mean`` → ``reduce_mean``), if any."""
    for name in names:
        parts = name.split(".")
        if parts[0] != "tensorflow" or len(parts) < 2:
            continue
        if len(parts) == 2 and (parts[1] in _TOP_LEVEL_OPS or parts[1].startswith("reduce_")):
            return parts[1]
        if len(parts) == 3 and parts[1] in _TENSOR_NAMESPACES:
            return parts[2]
    return None


def call_argument(call: cst.Call, index: int, keyword: str) -> cst.BaseExpression | None:
    """The value passed as ``keyword``, else as the ``index``-th positional argument (None: not passed)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    return positional[index].value if index < len(positional) else None


def _is_none(expr: cst.BaseExpression | None) -> bool:
    return expr is None or (isinstance(expr, cst.Name) and expr.value == "None")


def _is_number(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return isinstance(expr, (cst.Integer, cst.Float)) or (
        isinstance(expr, cst.Name) and expr.value in ("True", "False")
    )


def _all(values: list[bool | None]) -> bool | None:
    """Combine facts that must all hold: False wins, then unknown."""
    if False in values:
        return False
    return None if None in values else True


class TensorInference:
    def __init__(self, ctx: FileContext, function: cst.FunctionDef, dtypes: dict[str, str] | None = None, passed: bool = False) -> None:
        self.ctx = ctx
        self.function = function
        #: Parameter → its dtype where the caller knows it (a trace log, the signature a fix writes):
        #: such a parameter is a tensor of that dtype.
        self.dtypes = dtypes or {}
        self.passed = passed
        #: The parameters taken for tensors because a call passes one (``passed``); callers clear it.
        self.passed_parameters: set[str] = set()
        self._signature = self._input_signature()
        self._visiting: set[tuple[str, cst.CSTNode]] = set()
        self._assumed: dict[tuple[str, object], str | None] = {}

    # -- dtypes -----------------------------------------------------------
    def dtype(self, expr: cst.BaseExpression, _depth: int = 0) -> str | None:
        """The dtype (``"float32"``) of tensor ``expr`` when certain, else None: a parameter of
        known dtype, ``tf.cast(_, tf.D)``, a dtype-preserving op or arithmetic of such a tensor
        (with numbers or a tensor of the same dtype), a local name every assignment agrees on."""
        if _depth > 8:
            return None
        if isinstance(expr, cst.Name):
            scope = self.ctx.scope(expr)
            if scope is None or expr.value not in scope:
                return None
            key = (expr.value, scope)
            if key in self._assumed:  # `y = y + 1.0`: what the earlier assignments gave
                return self._assumed[key]
            self._assumed[key] = None
            found = set()
            try:
                for assignment in scope[expr.value]:
                    node = getattr(assignment, "node", None)
                    if isinstance(node, cst.Param):
                        dtype = self._param_dtype(node) if node in self.function.params.params else None
                    else:
                        parent = self.ctx.parent(node) if isinstance(node, cst.Name) else None
                        value = self.ctx.parent(parent).value if isinstance(parent, cst.AssignTarget) else None
                        dtype = self.dtype(value, _depth + 1) if value is not None else None
                    self._assumed[key] = self._assumed[key] or dtype
                    found.add(dtype)
            finally:
                del self._assumed[key]
            return found.pop() if len(found) == 1 else None
        if isinstance(expr, cst.Call):
            op = op_name(self.ctx, expr)
            if op == "cast":
                spelled = call_argument(expr, 1, "dtype")
                names = [n for n in self.ctx.names(spelled) if n.startswith("tensorflow.")] if spelled is not None else []
                return names[0].rsplit(".", 1)[-1] if names else None
            if op in _BOOL_OPS:
                return "bool"
            if op in _FIXED_DTYPE and call_argument(expr, _FIXED_DTYPE[op][0], _FIXED_DTYPE[op][1]) is None:
                return _FIXED_DTYPE[op][2]  # `tf.shape(x)` is int32, `tf.argmax(x)` int64 unless told otherwise
            if op is not None and (op in _DTYPE_PRESERVING or op.startswith("reduce_") and op not in ("reduce_all", "reduce_any")):
                operands = [a.value for a in expr.args if a.keyword is None and not a.star][:2]
                dtype = next((d for d in (self.dtype(o, _depth + 1) for o in operands) if d), None)
                return None if op == "abs" and dtype and dtype.startswith("complex") else dtype  # |complex| is real
            return None
        if isinstance(expr, cst.Comparison) and all(isinstance(c.operator, _COMPARISONS) for c in expr.comparisons):
            return "bool"  # of tensors or numbers alike: a bool tensor once converted
        if isinstance(expr, cst.Subscript):
            return self.dtype(expr.value, _depth + 1)  # a slice of a tensor keeps its dtype
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            return self.dtype(expr.expression, _depth + 1)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _SAME_DTYPE_ARITHMETIC):
            left, right = (self.dtype(e, _depth + 1) for e in (expr.left, expr.right))
            known = {d for d in (left, right) if d}
            others_fit = all(d or _is_number(e) for d, e in ((left, expr.left), (right, expr.right)))
            if len(known) != 1 or not others_fit:
                return None
            dtype = known.pop()
            return dtype if not isinstance(expr.operator, cst.Divide) or dtype.startswith(("float", "bfloat", "complex")) else None
        return None

    # -- tensors ----------------------------------------------------------
    def is_tensor(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Call):
            return op_name(self.ctx, expr) is not None
        if isinstance(expr, cst.Name):
            return self._name_fact(expr, "tensor") is True
        if isinstance(expr, cst.Subscript):
            return self.is_tensor(expr.value)
        if isinstance(expr, cst.BinaryOperation):
            return self.is_tensor(expr.left) or self.is_tensor(expr.right)
        if isinstance(expr, cst.UnaryOperation):
            return self.is_tensor(expr.expression)
        if isinstance(expr, cst.Comparison):
            return all(isinstance(c.operator, _COMPARISONS) for c in expr.comparisons) and (
                self.is_tensor(expr.left) or any(self.is_tensor(c.comparator) for c in expr.comparisons)
            )
        if isinstance(expr, cst.BooleanOperation):
            return self.is_tensor(expr.left) or self.is_tensor(expr.right)
        return False

    def is_bool(self, expr: cst.BaseExpression) -> bool:
        if isinstance(expr, (cst.Comparison, cst.BooleanOperation)):
            return True
        if isinstance(expr, cst.UnaryOperation):
            return isinstance(expr.operator, cst.Not) or (
                isinstance(expr.operator, cst.BitInvert) and self.is_bool(expr.expression)
            )
        if isinstance(expr, cst.Call):
            return op_name(self.ctx, expr) in _BOOL_OPS
        if isinstance(expr, cst.Name):
            return self._name_fact(expr, "bool") is True
        return False

    def is_scalar(self, expr: cst.BaseExpression) -> bool | None:
        if _is_number(expr):
            return True
        if isinstance(expr, cst.Call):
            return self._call_scalar(expr)
        if isinstance(expr, cst.Name):
            return self._name_fact(expr, "scalar")
        if isinstance(expr, cst.Subscript):
            # tf.shape(x)[i] is one dimension.
            if (
                isinstance(expr.value, cst.Call)
                and op_name(self.ctx, expr.value) == "shape"
                and len(expr.slice) == 1
                and isinstance(expr.slice[0].slice, cst.Index)
                and _is_number(expr.slice[0].slice.value)
            ):
                return True
            return None
        if isinstance(expr, (cst.BinaryOperation, cst.BooleanOperation)):
            return _all([self.is_scalar(expr.left), self.is_scalar(expr.right)])
        if isinstance(expr, cst.UnaryOperation):
            return self.is_scalar(expr.expression)
        if isinstance(expr, cst.Comparison):
            return _all([self.is_scalar(expr.left), *(self.is_scalar(c.comparator) for c in expr.comparisons)])
        return None

    def _call_scalar(self, call: cst.Call) -> bool | None:
        op = op_name(self.ctx, call)
        if op is None:
            return None
        if op in ("size", "rank"):
            return True
        if op == "constant":
            value = call_argument(call, 0, "value")
            return True if value is not None and _is_number(value) else None
        if op.startswith("reduce_") or op in ("count_nonzero", "norm"):
            axis = call_argument(call, 2 if op == "norm" else 1, "axis")
            keepdims = call_argument(call, 3 if op == "norm" else 2, "keepdims")
            if _is_none(axis) and (keepdims is None or (isinstance(keepdims, cst.Name) and keepdims.value == "False")):
                return True
            return None
        if op == "cast":
            first = call_argument(call, 0, "x")
            return None if first is None else self.is_scalar(first)
        if op in _ELEMENTWISE:
            operands = [arg.value for arg in call.args if arg.keyword is None and not arg.star]
            return _all([self.is_scalar(o) for o in operands]) if operands else None
        return None

    # -- names ------------------------------------------------------------
    def _name_fact(self, name: cst.Name, fact: str) -> bool | None:
        """``fact`` ("tensor", "bool" or "scalar") for every value ``name`` may hold."""
        scope = self.ctx.scope(name)
        if scope is None or name.value not in scope:
            return False if fact != "scalar" else None
        key = (fact, name.value, scope)
        if key in self._visiting:  # `y = y + 1`: decided by the other assignments
            return True
        self._visiting.add(key)
        try:
            facts = [self._assignment_fact(getattr(a, "node", None), fact) for a in scope[name.value]]
        finally:
            self._visiting.discard(key)
        facts = [f for f in facts if f != "neutral"]
        if not facts:
            return False if fact != "scalar" else None
        if fact == "scalar":
            return _all(facts)
        return all(f is True for f in facts)

    def _assignment_fact(self, node: cst.CSTNode | None, fact: str):
        if isinstance(node, cst.Param):
            return self._param_fact(node, fact)
        if not isinstance(node, cst.Name):
            return False if fact != "scalar" else None
        parent = self.ctx.parent(node)
        value: cst.BaseExpression | None = None
        if isinstance(parent, cst.AssignTarget):
            value = self.ctx.parent(parent).value
        elif isinstance(parent, cst.AnnAssign):
            value = parent.value
        elif isinstance(parent, cst.AugAssign):
            return "neutral"  # `y += 1` keeps what y is
        elif isinstance(parent, cst.Element) and fact == "tensor":
            # `a, b = tf.unstack(x)` and our own `y, z = tf.cond(...)`
            target = self.ctx.parent(parent)
            owner = self.ctx.parent(self.ctx.parent(target)) if isinstance(target, cst.Tuple) else None
            if isinstance(owner, cst.Assign) and isinstance(owner.value, cst.Call):
                return op_name(self.ctx, owner.value) in _TUPLE_OPS
        if value is None:
            return False if fact != "scalar" else None
        if fact == "tensor":
            return self.is_tensor(value)
        if fact == "bool":
            return self.is_bool(value)
        return self.is_scalar(value)

    def _param_fact(self, param: cst.Param, fact: str):
        spec = self._signature.get(param.name.value)
        annotated = param.annotation is not None and self.ctx.resolves_to(
            param.annotation.annotation, "tensorflow.Tensor"
        )
        if fact == "tensor":
            if spec is None and not annotated and param.name.value not in self.dtypes and self.passed and self.ctx.passed_tensor(param):
                self.passed_parameters.add(param.name.value)
                return True
            return spec is not None or annotated or param.name.value in self.dtypes
        if spec is None:
            return None if fact == "scalar" else False
        if fact == "bool":
            dtype = call_argument(spec, 1, "dtype")
            return dtype is not None and self.ctx.resolves_to(dtype, "tensorflow.bool")
        shape = call_argument(spec, 0, "shape")
        if isinstance(shape, (cst.List, cst.Tuple)):
            return not shape.elements
        return None

    def _param_dtype(self, param: cst.Param) -> str | None:
        """The dtype the caller knows, else the one its ``tf.TensorSpec`` declares (float32 by default)."""
        name = param.name.value
        if name in self.dtypes or name not in self._signature:
            return self.dtypes.get(name)
        spelled = call_argument(self._signature[name], 1, "dtype")
        if spelled is None:
            return "float32"
        names = [n for n in self.ctx.names(spelled) if n.startswith("tensorflow.")]
        return names[0].rsplit(".", 1)[-1] if names else None

    def _input_signature(self) -> dict[str, cst.Call]:
        """Parameter name → its ``tf.TensorSpec(...)`` from ``@tf.function(input_signature=[...])``."""
        for decorator in self.function.decorators:
            call = decorator.decorator
            if not isinstance(call, cst.Call) or not self.ctx.resolves_to(call.func, TF_FUNCTION):
                continue
            signature = call_argument(call, 1, "input_signature")
            if not isinstance(signature, (cst.List, cst.Tuple)):
                continue
            params = list(self.function.params.params)
            if params and params[0].name.value in ("self", "cls") and isinstance(
                self.ctx.parent(self.ctx.parent(self.function)), cst.ClassDef
            ):
                params = params[1:]
            specs = {}
            for param, element in zip(params, signature.elements):
                value = element.value
                if isinstance(value, cst.Call) and self.ctx.resolves_to(value.func, "tensorflow.TensorSpec"):
                    specs[param.name.value] = value
            return specs
        return {}


# -- the same question, approximated from above on the builtin ast (tfautofix/screen.py) --

_AST_COMPARISONS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)


class ScreenTensors:
    """What :class:`TensorInference` may call a tensor, decided for a whole file on the
    builtin ``ast``: names are matched by spelling instead of scope, and a name counts
    when *any* of its assignments may be a tensor (a greatest fixed point, so that
    ``y = y + 1`` counts as LibCST's recursion guard makes it)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.names = self._tensor_names()

    def may_be_tensor(self, expr: ast.AST, names: set[str] | None = None) -> bool:
        names = self.names if names is None else names
        kind = type(expr)
        if kind is ast.Call:
            return tensor_op(self.screen.names(expr.func)) is not None
        if kind is ast.Name:
            return expr.id in names
        if kind is ast.Subscript:
            return self.may_be_tensor(expr.value, names)
        if kind is ast.BinOp:
            return self.may_be_tensor(expr.left, names) or self.may_be_tensor(expr.right, names)
        if kind is ast.UnaryOp:
            return self.may_be_tensor(expr.operand, names)
        if kind is ast.Compare:
            return all(isinstance(op, _AST_COMPARISONS) for op in expr.ops) and any(
                self.may_be_tensor(operand, names) for operand in (expr.left, *expr.comparators)
            )
        if kind is ast.BoolOp:
            return any(self.may_be_tensor(value, names) for value in expr.values)
        return False

    def _tensor_names(self) -> set[str]:
        screen = self.screen
        certain: set[str] = set()  # parameters with a possible TensorSpec, a tf.Tensor annotation or passed one; unpacked ops
        plain: dict[ast.AST, set[str]] = {}  # function → its other parameters: never tensors in its scope
        for site in screen.sites(ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda):
            func = site.node
            signature = any(  # @tf.function(input_signature=...)
                isinstance(decorator, ast.Call)
                and (len(decorator.args) > 1 or any(k.arg == "input_signature" for k in decorator.keywords))
                and TF_FUNCTION in screen.names(decorator.func)
                for decorator in getattr(func, "decorator_list", ())
            )
            args = func.args
            decorators = getattr(func, "decorator_list", ())
            observed = screen.observed_parameters(func.name, decorators[0].lineno if decorators else func.lineno, func.lineno) \
                if screen.traces is not None and not isinstance(func, ast.Lambda) else {}
            for param in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
                if param is None:
                    continue
                if signature or (param.annotation is not None and "tensorflow.Tensor" in screen.names(param.annotation)) or (
                    screen.traced_code.passed_tensor(func, param.arg)  # `TensorInference(passed=True)`
                ) or any(r.get("kind") == "tensor" for r in observed.get(param.arg, ())):  # the trace log saw one
                    certain.add(param.arg)
                else:
                    plain.setdefault(func, set()).add(param.arg)
        values: dict[str, list[ast.AST]] = {}
        for site in screen.sites(ast.Assign, ast.AnnAssign):
            node = site.node
            if node.value is None:
                continue
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name) and target.id not in plain.get(site.function, ()):
                    values.setdefault(target.id, []).append(node.value)
                elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(node.value, ast.Call) and (
                    tensor_op(screen.names(node.value.func)) in _TUPLE_OPS
                ):
                    certain.update(e.id for e in target.elts if isinstance(e, ast.Name))
        names = certain | set(values)
        changed = True
        while changed:
            changed = False
            for name in list(names - certain):
                if not any(self.may_be_tensor(value, names) for value in values[name]):
                    names.discard(name)
                    changed = True
        return names
