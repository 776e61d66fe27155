"""TFA002 python-random-in-traced-function: ``random``/``np.random`` → ``tf.random``.

Python and NumPy draw their numbers while TensorFlow traces the function; the
graph keeps the number as a constant, so every call returns the same "random"
value. ``tf.random`` ops draw on every call. The fix keeps the distribution and
its parameters; it produces tensors, so it is only offered where a tensor works
(see ``_usage``): TensorFlow ops, arithmetic, AutoGraph conditions, returns.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ImportAssignment

from tfautofix.analysis.context import FileContext, FunctionNode
from tfautofix.analysis.facts import Evidence, Fact, Known, Unknown
from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import TENSOR_METADATA, is_tensorflow
from tfautofix.analysis.tensor_values import may_be_tensor
from tfautofix.analysis.tensors import TensorInference, call_argument, tensor_op
from tfautofix.edits import keep_comments, split_function
from tfautofix.rule import Finding, ImportSpec, Rule
from tfautofix.screen import Screen, Site, last_name


class _NoFix(Exception):
    """The call has no faithful tf.random equivalent; the message says why."""


# -- code generation ------------------------------------------------------------


_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float, cst.SimpleString)


@dataclass
class _Args:
    """The arguments of one call, bound to the API's parameter names."""

    ctx: FileContext
    tf: str  # the module's name for TensorFlow
    values: dict[str, cst.BaseExpression]
    dims: list[cst.BaseExpression]  # rand(d0, d1, ...)
    dtype: str | None = None  # a dtype the surrounding code asks for (``.astype(D)``, ...)
    unsafe: str | None = None  # why the fix may change behaviour
    integer: bool = False  # the draw is an integer tensor

    def code(self, name: str) -> str | None:
        value = self.values.get(name)
        if value is None or m.matches(value, m.Name("None")):
            return None
        return self.ctx.code(value)

    def operand(self, name: str) -> str | None:
        """The argument as an operand of ``+``/``/`` (parenthesised unless atomic)."""
        value = self.values.get(name)
        code = self.code(name)
        if code is None or isinstance(value, _ATOMS):
            return code
        return f"({code})"

    def is_default(self, name: str, *defaults: str) -> bool:
        return self.code(name) in (None, *defaults)

    def shape(self) -> str:
        """A ``tf.random`` shape from NumPy's ``size=`` (None → ``[]``: a scalar, as NumPy gives)."""
        if self.dims:
            return "[" + ", ".join(self._dim(d) for d in self.dims) + "]"
        value = self.values.get("size")
        if value is None or m.matches(value, m.Name("None")):
            return "[]"
        if isinstance(value, cst.Integer) or _static_shape_dim(value):
            return f"[{self._dim(value)}]"
        if isinstance(value, (cst.Tuple, cst.List)):
            if any(isinstance(e, cst.StarredElement) for e in value.elements):
                raise _NoFix("a starred `size=` has no simple tf.random shape")
            return "[" + ", ".join(self._dim(e.value) for e in value.elements) + "]"
        if m.matches(value, m.Subscript(value=m.Attribute(attr=m.Name("shape")), slice=[m.SubscriptElement(slice=m.Slice())])):
            # `x.shape[:-1]` may hold None in a graph; `tf.shape(x)[:-1]` never does.
            return f"{self.tf}.shape({self.ctx.code(value.value.value)})[{self.ctx.code(value.slice[0].slice)}]"
        if m.matches(value, m.Attribute(attr=m.Name("shape"))):
            # In a graph `x.shape` may hold None; the dynamic shape never does.
            return f"{self.tf}.shape({self.ctx.code(value.value)})"
        if m.matches(value, m.Call(func=m.Name("len"))):
            return f"[{self.ctx.code(value)}]"
        self.unsafe = self.unsafe or f"assumes `{self.ctx.code(value)}` is an int or a tuple of ints, not a partly unknown shape"
        return f"{self.tf}.reshape({self.ctx.code(value)}, [-1])"  # an int or a tuple

    def _dim(self, value: cst.BaseExpression) -> str:
        if _static_shape_dim(value):
            assert isinstance(value, cst.Subscript) and isinstance(value.value, cst.Attribute)
            index = self.ctx.code(value.slice[0].slice)
            return f"{self.tf}.shape({self.ctx.code(value.value.value)})[{index}]"
        return self.ctx.code(value)

    def call(self, op: str, *params: str | None, kind: str = "float") -> str:
        """``tf.random.<op>(shape, *params, dtype=...)``; trailing ``None`` params are dropped."""
        args = list(params)
        while args and args[-1] is None:
            args.pop()
        if any(a is None for a in args):
            raise _NoFix("an argument is missing")
        dtype = self._dtype(kind)
        self.integer = kind == "int" and _dtype_kind(dtype or "") != "float"
        if dtype:
            args.append(f"dtype={dtype}")
        return f"{self.tf}.random.{op}({', '.join(args)})"

    def _dtype(self, kind: str) -> str | None:
        """Float draws default to float32 and integer draws to int32: TensorFlow's own
        dtypes for Python numbers, which mix with the float32/int32 tensors around them
        (NumPy's float64 arrays are converted silently, float64 tensors would not be)."""
        if self.dtype is not None and _dtype_kind(self.dtype) == kind:
            return self.dtype
        return f"{self.tf}.int32" if kind == "int" else None


def _static_shape_dim(value: cst.BaseExpression) -> bool:
    """``x.shape[i]``: one dimension of a static shape."""
    return m.matches(
        value,
        m.Subscript(value=m.Attribute(attr=m.Name("shape")), slice=[m.SubscriptElement(slice=m.Index())]),
    )


def _dtype_kind(code: str) -> str | None:
    if any(word in code for word in ("float", "half", "double")):
        return "float"
    if "int32" in code or "int64" in code:
        return "int"
    return None


def _numbers(value: cst.BaseExpression | None) -> int | None:
    """Length of a list/tuple literal of numbers (what a tensor can hold), else None."""
    if not isinstance(value, (cst.List, cst.Tuple)) or not value.elements:
        return None
    number = m.Integer() | m.Float() | m.UnaryOperation(operator=m.Minus(), expression=m.Integer() | m.Float())
    if all(m.matches(e, m.Element(value=number)) for e in value.elements):
        return len(value.elements)
    return None


_NOT_PARAMETERS = frozenset({"size", "dtype", "endpoint", "replace", "p", "a", "x", "axis"})


def _array_parameters(values: dict[str, cst.BaseExpression]) -> bool:
    """Could a distribution parameter be an array? (Only number literals are surely scalars.)"""
    number = m.Integer() | m.Float() | m.UnaryOperation(expression=m.Integer() | m.Float())
    return any(not m.matches(v, number) for k, v in values.items() if k not in _NOT_PARAMETERS)


def _all_integers(value: cst.BaseExpression) -> bool:
    return isinstance(value, (cst.List, cst.Tuple)) and all(
        m.matches(e.value, m.Integer() | m.UnaryOperation(expression=m.Integer())) for e in value.elements
    )


# -- the APIs: parameter names and builders ------------------------------------------

Builder = Callable[[_Args], str]


def _uniform(low: str, high: str, shape: str | None = None) -> Builder:
    def build(a: _Args) -> str:
        bounds = (None, None) if a.is_default(low, "0", "0.0") and a.is_default(high, "1", "1.0") else (
            a.code(low) or "0.0",
            a.code(high) or "1.0",
        )
        return a.call("uniform", shape or a.shape(), *bounds)

    return build


def _normal(mean: str, std: str, shape: str | None = None) -> Builder:
    def build(a: _Args) -> str:
        if a.is_default(mean, "0", "0.0") and a.is_default(std, "1", "1.0"):
            return a.call("normal", shape or a.shape())
        return a.call("normal", shape or a.shape(), a.code(mean) or "0.0", a.code(std) or "1.0")

    return build


def _plus_one(a: _Args, name: str) -> str:
    value = a.values[name]
    if isinstance(value, cst.Integer):
        return str(value.evaluated_value + 1)
    return f"{a.operand(name)} + 1"


_INT32 = range(-(2**31), 2**31)


def _integers(a: _Args, low: str | None, high: str, shape: str) -> str:
    """Integers in [low, high): ``tf.random.uniform`` with an integer dtype (int64 where a
    literal bound, as the Python int it is, does not fit int32)."""
    bounds = (_static_number(cst.parse_expression(code)) for code in (low or "0", high))
    if a.dtype is None and any(isinstance(n, int) and n not in _INT32 for n in bounds):
        a.dtype = f"{a.tf}.int64"
    return a.call("uniform", shape, low or "0", high, kind="int")


def _static_number(node: cst.BaseExpression | None) -> int | float | None:
    """The value of an arithmetic expression of number literals (``2**40 + 1``), else None."""
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        value = _static_number(node.expression)
        return None if value is None else (-value if isinstance(node.operator, cst.Minus) else value)
    if isinstance(node, cst.BinaryOperation):
        left, right = _static_number(node.left), _static_number(node.right)
        operator = type(node.operator)
        if left is None or right is None or operator not in _ARITHMETIC:
            return None
        if operator is cst.Power and (abs(right) > 64 or abs(left) > 2**16):
            return None  # not evaluated: a literal too large to matter here
        try:
            return _ARITHMETIC[operator](left, right)
        except (ArithmeticError, ValueError):
            return None
    return None


_ARITHMETIC = {
    cst.Add: lambda x, y: x + y, cst.Subtract: lambda x, y: x - y, cst.Multiply: lambda x, y: x * y,
    cst.FloorDivide: lambda x, y: x // y, cst.Power: lambda x, y: x**y,
}


def _py_randint(a: _Args) -> str:
    return _integers(a, a.code("a"), _plus_one(a, "b"), "[]")


def _py_randrange(a: _Args) -> str:
    """``randrange(start, stop, step)`` → ``start + step * k``, ``k`` uniform over the range's length."""
    if a.code("stop") is None:
        return _integers(a, None, a.code("start"), "[]")
    if a.is_default("step", "1"):
        return _integers(a, a.code("start"), a.code("stop"), "[]")
    step = _static_number(a.values["step"])
    if not isinstance(step, int) or step == 0:
        raise _NoFix("`randrange` with a step that is not a literal integer")
    start, stop = (_static_number(a.values[k]) for k in ("start", "stop"))
    if isinstance(start, int) and isinstance(stop, int):
        count = str(len(range(start, stop, step)))
        if count == "0":
            raise _NoFix("`randrange` over an empty range raises")
    elif step > 0:
        count = f"({a.operand('stop')} - {a.operand('start')} + {step - 1}) // {step}"
    else:
        count = f"({a.operand('start')} - {a.operand('stop')} + {-step - 1}) // {-step}"
    draw = f"{a.operand('step')} * {_integers(a, None, count, '[]')}"
    return draw if start == 0 else f"{a.operand('start')} + {draw}"


def _np_randint(a: _Args) -> str:
    if a.code("high") is None:
        return _integers(a, None, a.code("low"), a.shape())
    return _integers(a, a.code("low"), a.code("high"), a.shape())


def _np_random_integers(a: _Args) -> str:  # inclusive, deprecated
    if a.code("high") is None:
        return _integers(a, "1", _plus_one(a, "low"), a.shape())
    return _integers(a, a.code("low"), _plus_one(a, "high"), a.shape())


def _np_integers(a: _Args) -> str:  # Generator.integers
    endpoint = a.code("endpoint")
    if endpoint not in (None, "False", "True"):
        raise _NoFix("`endpoint=` is not a literal")
    inclusive = endpoint == "True"
    if a.code("high") is None:
        return _integers(a, "1" if inclusive else None, _plus_one(a, "low") if inclusive else a.code("low"), a.shape())
    return _integers(a, a.code("low"), _plus_one(a, "high") if inclusive else a.code("high"), a.shape())


def _gamma(alpha: str | None, scale: str | None, shape: str | None = None) -> Builder:
    """Gamma(alpha, scale); TensorFlow's ``beta`` is the rate, 1 / scale."""

    def build(a: _Args) -> str:
        k = a.code(alpha) if alpha else "1.0"
        rate = None if scale is None or a.is_default(scale, "1", "1.0") else f"1 / {a.operand(scale)}"
        return a.call("gamma", shape or a.shape(), k, rate)

    return build


def _expovariate(a: _Args) -> str:  # Python's parameter is the rate
    return a.call("gamma", "[]", "1.0", None if a.is_default("lambd", "1", "1.0") else a.code("lambd"))


def _lognormal(mean: str, sigma: str, shape: str | None = None) -> Builder:
    normal = _normal(mean, sigma, shape)
    return lambda a: f"{a.tf}.exp({normal(a)})"


def _poisson(a: _Args) -> str:
    return a.call("poisson", a.shape(), a.code("lam") or "1.0", kind="int")


def _index(a: _Args, n: str, shape: str) -> str:
    """Indices into ``n`` items, uniform or weighted by ``p=``."""
    p = a.code("p")
    if p is None:
        return _integers(a, None, n, shape)
    if shape == "[]":
        samples, pick = "1", "[0, 0]"
    elif shape.startswith("[") and shape[1:-1].isdigit():
        samples, pick = shape[1:-1], "[0]"
    else:
        raise _NoFix("a weighted `choice` with this `size=` has no simple tf.random equivalent")
    logits = f"{a.tf}.math.log([{p}])"
    a.integer = True
    return f"{a.tf}.random.categorical({logits}, {samples}, dtype={a.tf}.int32){pick}"


def _py_choice(a: _Args) -> str:
    n = _numbers(a.values.get("seq"))
    if n is None:
        raise _NoFix("`choice` over a Python sequence may pick objects a tensor cannot hold")
    index = _index(a, str(n), "[]")
    a.integer = _all_integers(a.values["seq"])
    return f"{a.tf}.gather({a.code('seq')}, {index})"


def _np_choice(a: _Args) -> str:
    population = a.values["a"]
    shape = a.shape()
    if not a.is_default("replace", "True"):
        if a.code("p") is not None or not (shape.startswith("[") and shape[1:-1].isdigit()):
            raise _NoFix("`replace=False` is only fixed with a literal integer `size=` and no `p=`")
        n = a.code("a") if isinstance(population, cst.Integer) else f"{a.tf}.shape({a.code('a')})[0]"
        index = f"{a.tf}.random.shuffle({a.tf}.range({n}))[:{shape[1:-1]}]"
    elif isinstance(population, cst.Integer):
        return _index(a, a.code("a"), shape)
    else:
        n = _numbers(population)
        if n is None:
            a.unsafe = a.unsafe or f"assumes `{a.code('a')}` is a 1-D array, not an int"
        index = _index(a, str(n) if n is not None else f"{a.tf}.shape({a.code('a')})[0]", shape)
    if isinstance(population, cst.Integer):
        a.integer = True
        return index
    a.integer = _all_integers(population)
    return f"{a.tf}.gather({a.code('a')}, {index})"


def _np_permutation(a: _Args) -> str:
    if not a.is_default("axis", "0"):
        raise _NoFix("`permutation` along another axis than 0")
    if isinstance(a.values["x"], cst.Integer):
        a.integer = True
        return f"{a.tf}.random.shuffle({a.tf}.range({a.code('x')}))"
    a.unsafe = a.unsafe or f"assumes `{a.code('x')}` is an array, not an int"
    return f"{a.tf}.random.shuffle({a.code('x')})"


@dataclass(frozen=True)
class _Api:
    params: tuple[str, ...]
    build: Builder
    variadic: bool = False  # rand(d0, d1, ...)


_PYTHON: dict[str, _Api] = {
    "random": _Api((), lambda a: a.call("uniform", "[]")),
    "uniform": _Api(("a", "b"), lambda a: a.call("uniform", "[]", a.code("a"), a.code("b"))),
    "randint": _Api(("a", "b"), _py_randint),
    "randrange": _Api(("start", "stop", "step"), _py_randrange),
    "gauss": _Api(("mu", "sigma"), _normal("mu", "sigma", "[]")),
    "normalvariate": _Api(("mu", "sigma"), _normal("mu", "sigma", "[]")),
    "lognormvariate": _Api(("mu", "sigma"), _lognormal("mu", "sigma", "[]")),
    "expovariate": _Api(("lambd",), _expovariate),
    "gammavariate": _Api(("alpha", "beta"), _gamma("alpha", "beta", "[]")),
    "choice": _Api(("seq",), _py_choice),
}
#: Python ``random`` functions that draw but have no tf.random counterpart.
_PYTHON_UNFIXABLE = frozenset(
    {"betavariate", "triangular", "vonmises", "paretovariate", "weibullvariate", "binomialvariate",
     "sample", "choices", "getrandbits", "randbytes"}
)

_SIZE = ("size",)
_NUMPY: dict[str, _Api] = {
    "rand": _Api((), _uniform("low", "high"), variadic=True),
    "randn": _Api((), _normal("loc", "scale"), variadic=True),
    "random": _Api(("size", "dtype"), _uniform("low", "high")),
    "random_sample": _Api(_SIZE, _uniform("low", "high")),
    "ranf": _Api(_SIZE, _uniform("low", "high")),
    "sample": _Api(_SIZE, _uniform("low", "high")),
    "uniform": _Api(("low", "high", "size"), _uniform("low", "high")),
    "normal": _Api(("loc", "scale", "size"), _normal("loc", "scale")),
    "standard_normal": _Api(("size", "dtype"), _normal("loc", "scale")),
    "randint": _Api(("low", "high", "size", "dtype"), _np_randint),
    "random_integers": _Api(("low", "high", "size"), _np_random_integers),
    "integers": _Api(("low", "high", "size", "dtype", "endpoint"), _np_integers),
    "choice": _Api(("a", "size", "replace", "p"), _np_choice),
    "permutation": _Api(("x", "axis"), _np_permutation),
    "exponential": _Api(("scale", "size"), _gamma(None, "scale")),
    "standard_exponential": _Api(("size", "dtype"), _gamma(None, None)),
    "gamma": _Api(("shape", "scale", "size"), _gamma("shape", "scale")),
    "standard_gamma": _Api(("shape", "size", "dtype"), _gamma("shape", None)),
    "lognormal": _Api(("mean", "sigma", "size"), _lognormal("mean", "sigma")),
    "poisson": _Api(("lam", "size"), _poisson),
}
#: NumPy distributions without a tf.random counterpart (reported, not fixed).
_NUMPY_UNFIXABLE = frozenset(
    {"beta", "binomial", "chisquare", "dirichlet", "f", "geometric", "gumbel", "hypergeometric",
     "laplace", "logistic", "logseries", "multinomial", "multivariate_normal", "negative_binomial",
     "noncentral_chisquare", "noncentral_f", "pareto", "power", "rayleigh", "standard_cauchy",
     "standard_t", "triangular", "vonmises", "wald", "weibull", "zipf", "bytes", "permuted",
     "multivariate_hypergeometric", "tomaxint"}
)
#: ``numpy.random`` names that do not draw (seeding, state, generator classes).
_NUMPY_NOT_DRAWS = frozenset(
    {"seed", "get_state", "set_state", "default_rng", "RandomState", "Generator", "SeedSequence",
     "BitGenerator", "MT19937", "PCG64", "PCG64DXSM", "Philox", "SFC64", "get_bit_generator",
     "set_bit_generator", "spawn", "bit_generator", "mtrand"}
)
_PYTHON_NOT_DRAWS = frozenset({"seed", "getstate", "setstate", "Random", "SystemRandom"})
#: Every method name a generator draw may have.
_DRAWS = frozenset(_PYTHON.keys() | _PYTHON_UNFIXABLE | _NUMPY.keys() | _NUMPY_UNFIXABLE | {"shuffle"})
_CONSTRUCTORS = {
    "random.Random": "python",
    "random.SystemRandom": "python",
    "numpy.random.RandomState": "numpy",
    "numpy.random.default_rng": "numpy",
    "numpy.random.Generator": "numpy",
}


def _bind(call: cst.Call, api: _Api) -> tuple[dict[str, cst.BaseExpression], list[cst.BaseExpression]]:
    if any(arg.star for arg in call.args):
        raise _NoFix("`*args`/`**kwargs` hide the parameters")
    positional = [arg.value for arg in call.args if arg.keyword is None]
    if api.variadic:
        if any(arg.keyword is not None for arg in call.args):
            raise _NoFix("unexpected keyword arguments")
        return {}, positional
    if len(positional) > len(api.params):
        raise _NoFix("unexpected arguments")
    values = dict(zip(api.params, positional))
    for arg in call.args:
        if arg.keyword is not None:
            if arg.keyword.value not in api.params:
                raise _NoFix(f"`{arg.keyword.value}=` has no tf.random equivalent")
            values[arg.keyword.value] = arg.value
    return values, []


# -- where the randomness comes from ---------------------------------------------------


@dataclass(frozen=True)
class _Source:
    family: str  # "python" or "numpy"
    method: str
    spelled: str  # how the message names the API
    seeded: bool = False  # a generator built from a seed
    inside: bool = False  # the generator is created in the same function as the draw
    generator: bool = False  # a generator object's method, not the module's global stream


def _seeded(ctx: FileContext, ctor: cst.Call) -> bool:
    if ctx.resolves_to(ctor.func, "random.SystemRandom"):
        return False  # draws from the OS, cannot be seeded
    for arg in ctor.args:
        if m.matches(arg.value, m.Name("None")):
            continue
        if isinstance(arg.value, cst.Call) and ctx.resolves_to(ctor.func, "numpy.random.Generator"):
            return _seeded(ctx, arg.value)  # Generator(PCG64(seed))
        return True
    return False


def _constructor(ctx: FileContext, expr: cst.BaseExpression | None) -> tuple[str, cst.Call] | None:
    if isinstance(expr, cst.Call) and _imported(ctx, expr.func):
        for name in ctx.names(expr.func):
            if name in _CONSTRUCTORS:
                return _CONSTRUCTORS[name], expr
    return None


def _generator(ctx: FileContext, receiver: cst.BaseExpression, draw: cst.Call) -> tuple[str, cst.Call, bool] | None:
    """(family, constructor call, created in the draw's function) of a generator object."""
    function = ctx.enclosing(draw, FunctionNode)
    found = _constructor(ctx, receiver)
    if found is not None:
        return (*found, True)
    assigned: list[tuple[cst.BaseExpression, cst.CSTNode]] = []  # (value, target)
    if isinstance(receiver, cst.Name):
        scope = ctx.scope(receiver)
        if scope is None or receiver.value not in scope:
            return None
        for assignment in scope[receiver.value]:
            target = getattr(assignment, "node", None)
            statement = ctx.parent(ctx.parent(target)) if target is not None and ctx.parent(target) else None
            if not isinstance(statement, cst.Assign):
                return None
            assigned.append((statement.value, target))
    elif m.matches(receiver, m.Attribute(value=m.Name("self"))):
        cls = ctx.enclosing(draw, cst.ClassDef)
        if cls is None:
            return None
        pattern = m.Assign(targets=[m.AssignTarget(target=m.Attribute(value=m.Name("self"), attr=m.Name(receiver.attr.value)))])
        for statement in m.findall(cls, pattern):
            assert isinstance(statement, cst.Assign)
            assigned.append((statement.value, statement))
    found_all = [(_constructor(ctx, value), target) for value, target in assigned]
    if not found_all or any(found is None for found, _ in found_all):
        return None
    (family, ctor), target = found_all[0]  # type: ignore[misc]
    return family, ctor, ctx.enclosing(target, FunctionNode) is function


def _imported(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """Is the leftmost name of ``expr`` bound by an import? (A local class ``random`` is not.)"""
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    scope = ctx.scope(expr) if isinstance(expr, cst.Name) else None
    if scope is None or expr.value not in scope:  # type: ignore[union-attr]
        return False
    return all(isinstance(a, ImportAssignment) for a in scope[expr.value])  # type: ignore[union-attr]


def _source(ctx: FileContext, call: cst.Call) -> _Source | None:
    for name in ctx.names(call.func) if _imported(ctx, call.func) else ():
        parts = name.split(".")
        if len(parts) == 2 and parts[0] == "random" and parts[1] not in _PYTHON_NOT_DRAWS:
            return _Source("python", parts[1], ctx.code(call.func))
        if len(parts) == 3 and parts[:2] == ["numpy", "random"] and parts[2] not in _NUMPY_NOT_DRAWS:
            return _Source("numpy", parts[2], ctx.code(call.func))
    if isinstance(call.func, cst.Attribute):
        method = call.func.attr.value
        found = _generator(ctx, call.func.value, call)
        if found is None:
            return None
        family, ctor, inside = found
        draws = (_PYTHON.keys() | _PYTHON_UNFIXABLE) if family == "python" else (_NUMPY.keys() | _NUMPY_UNFIXABLE)
        draws |= {"shuffle"}
        if method not in draws:
            return None
        return _Source(family, method, ctx.code(call.func), _seeded(ctx, ctor), inside, generator=True)
    return None


_SEEDS: WeakKeyDictionary[FileContext, dict[str, list[cst.Call]]] = WeakKeyDictionary()


def _seeds(ctx: FileContext, family: str) -> list[cst.Call]:
    """The file's calls seeding ``family``'s global generator (found once per file: each draw asks)."""
    found = _SEEDS.setdefault(ctx, {})
    if family not in found:
        seed = "random.seed" if family == "python" else "numpy.random.seed"
        found[family] = [c for c in nodes(ctx, cst.Call) if ctx.resolves_to(c.func, seed)]
    return found[family]


def _reseeded(ctx: FileContext, call: cst.Call, family: str) -> bool:
    """Does the draw's function seed the global generator itself? Then eager calls repeat too."""
    function = ctx.enclosing(call, FunctionNode)
    return function is not None and any(ctx.enclosing(seed, FunctionNode) is function for seed in _seeds(ctx, family))


# -- does a tensor work where the value goes? ------------------------------------------
#
# A tf.random draw has the dtype TensorFlow gives a Python number (float32 / int32). It
# behaves like the Python number it replaces only where nothing else decides the dtype.
# Where it meets another operand (``x + 0.1 * draw``, ``tf.pow(img, draw)``, ``draw < x``)
# the Python number would have taken that operand's dtype, so the draw is cast to it:
# ``tf.cast(draw, x.dtype)``. That is proven right when ``x`` is certainly a tensor
# (a TensorFlow op's result, an ``input_signature`` parameter, a ``Dataset.map`` /
# ``tf.map_fn`` element); otherwise the fix is unsafe (a Python float has no ``.dtype``).

_SAFE, _UNSAFE, _PYTHON_ONLY = 0, 1, 2
#: Callables that need a Python value; a graph tensor makes them raise.
_NEEDS_PYTHON = frozenset(
    f"builtins.{n}" for n in ("float", "int", "bool", "round", "str", "range", "min", "max", "sorted", "format", "len", "print")
)
_TENSOR_METHODS = frozenset({"assign", "assign_add", "assign_sub"})
#: TensorFlow ops whose operands must share one dtype (positions, keywords).
_SAME_DTYPE = {
    **{f"tensorflow.{op}": ((0, "x"), (1, "y")) for op in (
        "add", "subtract", "multiply", "divide", "pow", "maximum", "minimum", "math.add", "math.subtract",
        "math.multiply", "math.divide", "math.pow", "math.maximum", "math.minimum", "math.squared_difference",
        "math.floordiv", "math.floormod", "math.truediv", "math.divide_no_nan", "math.multiply_no_nan",
        "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "math.equal", "math.less",
        "math.less_equal", "math.greater", "math.greater_equal", "math.not_equal")},
    "tensorflow.where": ((1, "x"), (2, "y")),
    "tensorflow.clip_by_value": ((0, "t"), (1, "clip_value_min"), (2, "clip_value_max")),
    "tensorflow.fill": (),
}
#: TensorFlow ops that convert this argument themselves: (position, keyword, draw kinds accepted).
_CONVERTED = {
    "tensorflow.image.rot90": (1, "k", ("int",)),  # convert_to_tensor(k, dtype=int32)
    "tensorflow.image.adjust_brightness": (1, "delta", ("float", "int")),  # cast to the image's dtype
    "tensorflow.cast": (0, "x", ("float", "int", "bool")),
    "tensorflow.print": (None, None, ("float", "int", "bool")),
}


@dataclass(frozen=True)
class _Use:
    """Whether a tensor works where a value goes, and the operand whose dtype it must take."""

    verdict: int = _SAFE
    why: str = ""
    meets: cst.BaseExpression | None = None
    to_float: bool = False  # an int draw met a float number: a Python int became a float there
    store: cst.CSTNode | None = None  # `self.rate = draw`: the statement keeping it in Python state


_OK = _Use()


def _constant(ctx: FileContext, node: cst.BaseExpression) -> bool:
    """A number (or list of numbers) that adapts to the dtype of what it meets, as a Python number."""
    if isinstance(node, (cst.Integer, cst.Float)) or m.matches(node, m.Name("True") | m.Name("False") | m.Name("None")):
        return True
    if isinstance(node, cst.UnaryOperation):
        return _constant(ctx, node.expression)
    if isinstance(node, (cst.BinaryOperation,)):
        return _constant(ctx, node.left) and _constant(ctx, node.right)
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(_constant(ctx, e.value) for e in node.elements)
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(node, cst.Attribute):
        return bool(ctx.names(node) & {"math.pi", "math.e", "numpy.pi", "numpy.e"})
    if isinstance(node, cst.Call) and any(n.startswith(("math.", "numpy.")) for n in ctx.names(node.func)):
        # math.sqrt(2.0), np.sqrt(0.02): a Python or NumPy scalar, which adapts to the tensor it meets
        return _source(ctx, node) is None and all(_constant(ctx, a.value) for a in node.args)
    return False


def _meets(ctx: FileContext, node: cst.CSTNode, other: cst.BaseExpression, kind: str) -> _Use:
    """The draw at ``node`` meets ``other``: it must take ``other``'s dtype."""
    if _constant(ctx, other):
        if m.matches(other, m.SimpleString() | m.ConcatenatedString()):
            return _Use(_PYTHON_ONLY, "it meets a string")
        if kind == "int" and not m.matches(other, m.Integer() | m.UnaryOperation(expression=m.Integer())):
            return _Use(to_float=True)  # `randint(1, 3) * 0.5`: cast the draw to float32, as Python did
        return _OK
    other = _dtype_leaf(ctx, other)
    if other is None:
        return _OK  # draws and numbers only: float32 / int32 throughout, as the Python numbers became
    if not m.matches(other, m.Name() | m.Attribute(value=m.Name()) | m.Subscript(value=m.Name())):
        # Not cast to `(<expression>).dtype`: that would evaluate the expression twice.
        return _Use(_UNSAFE, f"assumes `{ctx.code(other)}` is {'int32' if kind == 'int' else 'float32'}")
    function = ctx.enclosing(node, FunctionNode)
    if isinstance(function, cst.FunctionDef) and _proven_tensor(ctx, function, other):
        return _Use(_SAFE, "", other)
    if may_be_tensor(ctx, other):  # a traced argument: most likely a tensor
        return _Use(_UNSAFE, f"it takes the dtype of `{ctx.code(other)}`, assumed to be a tensor or array", other)
    # `self.p`, a parameter with a default, a global: most likely a Python number, which a
    # float32 tensor meets as the Python number did; a float64 tensor would not.
    return _Use(_UNSAFE, f"assumes `{ctx.code(other)}` is a Python number or a {'int32' if kind == 'int' else 'float32'} tensor")


def _dtype_leaf(ctx: FileContext, expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """The operand that decides the dtype of ``expr`` (arithmetic of it with numbers and draws)."""
    if _constant(ctx, expr) or (isinstance(expr, cst.Call) and _source(ctx, expr) is not None):
        return None
    if isinstance(expr, cst.UnaryOperation):
        return _dtype_leaf(ctx, expr.expression)
    if isinstance(expr, cst.BinaryOperation):
        left = _dtype_leaf(ctx, expr.left)
        return left if left is not None else _dtype_leaf(ctx, expr.right)
    return expr


class _Tensors(TensorInference):
    """Certain tensors, and also the elements a ``Dataset.map``/``tf.map_fn`` function receives."""

    def _param_fact(self, param: cst.Param, fact: str):
        reason = self.ctx.traced_reason(self.function) or ""
        if fact == "tensor" and param.default is None and param in self.function.params.params and reason.startswith(
            ("passed to Dataset.", "passed to tf.map_fn", "passed to tf.vectorized_map")
        ):
            return True
        return super()._param_fact(param, fact)


def _proven_tensor(ctx: FileContext, function: cst.FunctionDef, expr: cst.BaseExpression) -> bool:
    return _Tensors(ctx, function).is_tensor(expr)


def _usage(ctx: FileContext, node: cst.CSTNode, kind: str, depth: int = 0) -> _Use:
    """Would a tensor of ``kind`` ("float", "int", "bool") work where ``node``'s value is used?"""
    parent = ctx.parent(node)
    if depth > 4 or parent is None:
        return _Use(_UNSAFE, "its value flows too far to follow")
    if isinstance(parent, cst.BinaryOperation):
        other = parent.right if parent.left is node else parent.left
        if kind == "bool":
            return _Use(_UNSAFE, "a boolean tensor in arithmetic does not mix with numbers as a Python bool does")
        met = _meets(ctx, node, other, kind)
        if met.meets is not None:
            return met  # the result has `other`'s dtype, as it had eagerly
        if kind == "int" and isinstance(parent.operator, cst.Divide) and met.verdict == _SAFE:
            met = _Use(to_float=True)  # Python's `/` gives a float; int32 tensors divide into float64
        if met.to_float:
            kind = "float"
        elif kind == "int" and isinstance(parent.operator, cst.Power):
            met = _Use(_UNSAFE, "int32 tensor powers differ from a Python int's")
        return _worst(iter((met, _usage(ctx, parent, kind, depth))))
    if isinstance(parent, cst.AugAssign):
        return _meets(ctx, node, parent.target, kind) if kind != "bool" else _Use(_UNSAFE, "a boolean in arithmetic")
    if isinstance(parent, cst.ComparisonTarget):
        comparison = ctx.parent(parent)
        assert isinstance(comparison, cst.Comparison)
        others = [comparison.left, *(c.comparator for c in comparison.comparisons)]
        return _worst(iter([*(_meets(ctx, node, o, kind) for o in others if o is not node),
                            _usage(ctx, comparison, "bool", depth)]))
    if isinstance(parent, cst.Comparison):
        others = [c.comparator for c in parent.comparisons]
        return _worst(iter([*(_meets(ctx, node, o, kind) for o in others), _usage(ctx, parent, "bool", depth)]))
    if isinstance(parent, cst.UnaryOperation):
        return _usage(ctx, parent, "bool" if isinstance(parent.operator, cst.Not) else kind, depth)
    if isinstance(parent, cst.BooleanOperation):
        return _usage(ctx, parent, kind, depth)
    if isinstance(parent, cst.Element) or (isinstance(parent, cst.DictElement) and parent.value is node):
        return _usage(ctx, ctx.parent(parent), kind, depth)
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)) and parent.test is node:
        return _condition(ctx, node)
    if isinstance(parent, cst.IfExp):
        return _worst(iter((_Use(_UNSAFE, "its conditional expression may pick a value of another dtype"),
                            _usage(ctx, parent, kind, depth))))
    if isinstance(parent, cst.Expr):
        return _OK
    if isinstance(parent, cst.Arg) and isinstance(ctx.parent(parent), cst.Call):
        return _argument_usage(ctx, ctx.parent(parent), parent, kind)
    if isinstance(parent, (cst.Return, cst.Lambda)):
        return _returned(ctx, ctx.enclosing(node, FunctionNode), kind, depth)
    if isinstance(parent, (cst.Assign, cst.AnnAssign)):
        return _assigned(ctx, parent, kind, depth)
    if isinstance(parent, cst.Attribute):
        if parent.attr.value in TENSOR_METADATA:
            return _OK
        return _Use(_PYTHON_ONLY, f"its NumPy attribute `.{parent.attr.value}` does not exist on tensors")
    if isinstance(parent, cst.Subscript):
        return _usage(ctx, parent, kind, depth)  # tensors index like arrays
    if isinstance(parent, (cst.Index, cst.Slice)):
        return _Use(_UNSAFE, "it indexes a sequence, which must then be a tensor")
    if isinstance(parent, cst.FormattedStringExpression):
        return _Use(_PYTHON_ONLY, "it is formatted into a string")
    return _Use(_UNSAFE, f"it is used in a `{type(parent).__name__}`")


def _condition(ctx: FileContext, node: cst.CSTNode) -> _Use:
    """A Python ``if``/``while`` on a tensor works only where AutoGraph converts it."""
    function = ctx.enclosing(node, FunctionNode)
    why = _without_autograph(ctx, function, set()) if function is not None else "it is not in a function"
    if why:
        return _Use(_PYTHON_ONLY, f"it drives Python control flow, and {why}: a tensor condition would raise")
    # AutoGraph makes a tf.cond/tf.while_loop of it: what the branches bind must then be tensors of
    # one dtype and structure (ints vs floats, layers, ...), which is not established here.
    return _Use(_UNSAFE, "it drives control flow AutoGraph stages: the branches' values are not proven tensors of one dtype")


def _without_autograph(ctx: FileContext, function: cst.CSTNode, seen: set) -> str | None:
    """Why AutoGraph may not convert ``function``'s control flow (None: it does)."""
    if function in seen:
        return None
    seen.add(function)
    if any(m.matches(arg, m.Arg(keyword=m.Name("autograph"), value=m.Name("False"))) for arg in nodes(ctx, cst.Arg)):
        return "this file turns AutoGraph off somewhere"
    outer = ctx.enclosing(function, FunctionNode)
    why_outer = _without_autograph(ctx, outer, seen) if outer is not None else "it is not in a converted function"
    if outer is not None and why_outer is None:
        return None  # AutoGraph converts a nested definition with the function around it
    reason = ctx.traced.get(function)
    if reason is None:
        return why_outer
    # Only these convert the function they receive (tf.cond, tf.while_loop, tf.scan do not).
    if reason.startswith(("decorated with tf.function", "wrapped by tf.function", "passed to Dataset.",
                          "passed to tf.map_fn", "passed to tf.vectorized_map")):
        return None
    if reason.startswith("called from traced `"):
        caller = reason[len("called from traced `"):-1]
        callers = [f for f in ctx.traced if isinstance(f, cst.FunctionDef) and f.name.value == caller]
        if not callers:
            return f"`{caller}` may not be converted by AutoGraph"
        return next((why for f in callers if (why := _without_autograph(ctx, f, seen))), None)
    return f"AutoGraph does not convert it ({reason})"


def _argument_usage(ctx: FileContext, call: cst.Call, arg: cst.Arg, kind: str) -> _Use:
    names = ctx.names(call.func)
    outer = _source(ctx, call)
    if outer is not None and ctx.is_traced(call):
        try:  # an argument of a draw that is fixed itself ends up in a tf.random op
            PythonRandomInTracedFunction._fix(ctx, call, outer)
            return _OK
        except _NoFix:
            pass
    if any(is_tensorflow(n) for n in names):
        return _tensorflow_argument(ctx, call, arg, kind, names)
    if names & _NEEDS_PYTHON or any(n.startswith(("math.", "numpy.", "random.")) for n in names):
        return _Use(_PYTHON_ONLY, f"`{ctx.code(call.func)}` needs a Python or NumPy value, not a tensor")
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in _TENSOR_METHODS:
        return _meets(ctx, arg.value, call.func.value, kind)  # a variable keeps its dtype
    return _Use(_UNSAFE, f"it is passed to `{ctx.code(call.func)}`, which may need a Python number")


def _tensorflow_argument(ctx: FileContext, call: cst.Call, arg: cst.Arg, kind: str, names: set[str]) -> _Use:
    op = next((n for n in names if n in _SAME_DTYPE or n in _CONVERTED), None)
    if op in _CONVERTED:
        position, keyword, kinds = _CONVERTED[op]
        positional = [a for a in call.args if a.keyword is None]
        at = position is None or (arg.keyword is None and arg in positional and positional.index(arg) == position) or (
            arg.keyword is not None and arg.keyword.value == keyword)
        if at and kind in kinds:
            return _OK
    if kind == "bool":
        return _OK  # boolean tensors go where Python booleans go: masks, conditions, tf.where
    others = [a.value for a in call.args if a is not arg and not (a.keyword and a.keyword.value == "name")]
    if op in _SAME_DTYPE:
        operands = [call_argument(call, p, k) for p, k in _SAME_DTYPE[op]]
        return _worst(_meets(ctx, arg.value, o, kind) for o in operands if o is not None and o is not arg.value)
    keyword = arg.keyword.value if arg.keyword else None
    if keyword == "seed":
        return _Use(_PYTHON_ONLY, "a seed must be a Python int")
    if keyword in ("axis", "num") or tensor_op(names) is None:
        return _Use(_UNSAFE, f"`{ctx.code(call.func)}` may need a Python number here")
    if all(_constant(ctx, o) for o in others):
        return _OK  # a TensorFlow op, and nothing else decides the dtype: the one a Python number gets
    return _Use(_UNSAFE, f"`{ctx.code(call.func)}` may need another dtype than the draw's {'int32' if kind == 'int' else 'float32'}")


def _dtype_ends(ctx: FileContext, node: cst.CSTNode) -> bool:
    """Does ``node``'s dtype end where it is used: compared (`keep < 0.5` is a bool) or cast?"""
    parent = ctx.parent(node)
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
        return True
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
        target = parent.targets[0].target  # `keep = draw`: judged by each read of `keep`
        scope = ctx.scope(target)
        assignments = list(scope.assignments[target.value]) if scope is not None else []
        references = list(assignments[0].references) if len(assignments) == 1 else []
        return bool(references) and all(_dtype_ends(ctx, r.node) for r in references if r.node is not target)
    call = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
    return isinstance(call, cst.Call) and "tensorflow.cast" in ctx.names(call.func)


def _worst(uses: Iterator[_Use]) -> _Use:
    uses = list(uses)
    worst = max(uses, default=_OK, key=lambda u: u.verdict)
    met = {id(u.meets): u.meets for u in uses if u.meets is not None}
    to_float = any(u.to_float for u in uses)
    if len(met) > 1:
        return _Use(max(worst.verdict, _UNSAFE), worst.why or "it meets values of several dtypes", next(iter(met.values())))
    stores = {id(u.store): u.store for u in uses if u.store is not None}
    store = next(iter(stores.values())) if len(stores) == 1 and worst.store is not None else None
    return _Use(worst.verdict, worst.why, next(iter(met.values()), None), to_float and not met, store)  # an operand's dtype wins


def _assigned(ctx: FileContext, statement: cst.CSTNode, kind: str, depth: int) -> _Use:
    """A value assigned to a local name is judged by every later use of the name."""
    if isinstance(statement, cst.Assign):
        if len(statement.targets) != 1:
            return _Use(_UNSAFE, "it is assigned to several targets")
        target = statement.targets[0].target
    else:
        target = statement.target  # type: ignore[attr-defined]
    if not isinstance(target, cst.Name):
        return _Use(_UNSAFE, f"it is stored in `{ctx.code(target)}`", store=statement)
    scope = ctx.scope(target)
    if scope is None:
        return _Use(_UNSAFE, "its uses are unknown")
    uses = [access.node for access in scope.accesses[target.value] if access.node is not target]
    used = _worst(_usage(ctx, use, kind, depth + 1) for use in uses)
    if used.meets is not None and not _bound_before(ctx, used.meets, statement):
        return _Use(_PYTHON_ONLY, f"it later meets `{ctx.code(used.meets)}`, whose dtype is not known where it is drawn")
    return used


def _bound_before(ctx: FileContext, expr: cst.BaseExpression, statement: cst.CSTNode) -> bool:
    """Is ``expr`` a parameter of the function holding ``statement``, never rebound?"""
    function = ctx.enclosing(statement, FunctionNode)
    scope = ctx.scope(expr) if isinstance(expr, cst.Name) else None
    return (
        isinstance(function, cst.FunctionDef) and scope is not None and bool(scope[expr.value])
        and all(getattr(a, "node", None) in function.params.params for a in scope[expr.value])
    )


def _returned(ctx: FileContext, function: cst.CSTNode | None, kind: str, depth: int) -> _Use:
    """A returned tensor is fine for a traced entry point; a helper is judged at its call sites."""
    reason = ctx.traced_reason(function) if function is not None else None
    if reason is None or not reason.startswith("called from"):
        return _OK
    if not isinstance(function, cst.FunctionDef):
        return _Use(_UNSAFE, "it is returned by a lambda")
    calls = [
        c for c in nodes(ctx, cst.Call)
        if m.matches(c.func, m.Name(function.name.value) | m.Attribute(attr=m.Name(function.name.value)))
    ]
    if not calls:
        return _Use(_UNSAFE, f"`{function.name.value}` returns it to unknown callers")
    used = _worst(_usage(ctx, c, kind, depth + 1) for c in calls)
    if used.meets is not None:
        return _Use(_UNSAFE, f"its caller combines it with `{ctx.code(used.meets)}`, assumed to be float32")
    return used


# -- a draw that picks an entry of a constant table: ``SCALES[randint(0, 2)]``, ``RATES[choice([1, 2, 4])]`` --
#
# A tensor cannot index a Python list or be a dict key. Where the draw takes finitely many
# values known statically and the table is a literal of numbers nothing changes, the lookup
# becomes ``tf.gather(<the entries it can pick>, <a uniform or weighted index>)``.

_MAX_TABLE = 256


def _population(method: str, family: str, values: dict[str, cst.BaseExpression]) -> list | None:
    """The values a scalar draw takes, equally likely or weighted by a literal ``p=`` (in order), else None."""
    number = {k: _static_number(v) for k, v in values.items()}
    literal = {k: _literal(v) for k, v in values.items()}
    if "size" in values and not m.matches(values["size"], m.Name("None")):
        return None
    if family == "python" and method == "randint":
        low, high = number.get("a"), number.get("b")
        return list(range(low, high + 1)) if isinstance(low, int) and isinstance(high, int) and high - low < _MAX_TABLE else None
    if family == "python" and method == "randrange":
        bounds = [number.get(k, 1 if k == "step" else None) for k in ("start", "stop", "step") if k in values or k == "step"]
        if not all(isinstance(b, int) for b in bounds) or bounds[-1] == 0:
            return None
        ranged = range(*bounds) if len(bounds) == 3 else range(bounds[0])
        return list(ranged) if 0 < len(ranged) <= _MAX_TABLE else None
    if method == "randint" or (method == "integers" and values.get("endpoint") is None):
        low, high = (0, number.get("low")) if "high" not in values else (number.get("low"), number.get("high"))
        return list(range(low, high)) if isinstance(low, int) and isinstance(high, int) and 0 < high - low <= _MAX_TABLE else None
    if method == "choice":
        population = literal.get("seq" if family == "python" else "a")
        if isinstance(population, int) and family == "numpy":
            population = list(range(population))
        if isinstance(population, (list, tuple)) and 0 < len(population) <= _MAX_TABLE:
            return list(population)
    return None


def _literal(node: cst.BaseExpression | None):
    """The value of a literal (numbers, strings, containers of them), else None."""
    if node is None:
        return None
    try:
        return ast.literal_eval(cst.Module([]).code_for_node(node))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _table(ctx: FileContext, node: cst.CSTNode) -> tuple[cst.Subscript, cst.BaseExpression, object] | None:
    """``C[draw]`` read from a table ``C`` of numbers: (the subscript, how ``C`` is spelled, its value).
    ``C`` is a literal, or a name bound once to one whose every use in the file reads an entry."""
    index, element = ctx.parent(node), None
    if isinstance(index, cst.Index):
        element = ctx.parent(index)
    subscript = ctx.parent(element) if element is not None else None
    if not isinstance(subscript, cst.Subscript) or len(subscript.slice) != 1 or _stored(ctx, subscript):
        return None
    table = subscript.value
    if isinstance(table, cst.Name):
        scope = ctx.scope(table)
        assignments = list(scope[table.value]) if scope is not None else []
        if len(assignments) != 1 or not hasattr(assignments[0], "node"):
            return None
        target = assignments[0].node
        statement = ctx.parent(ctx.parent(target)) if ctx.parent(target) is not None else None
        if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1 and statement.targets[0].target is target):
            return None
        if not all(_reads_entry(ctx, r.node) for r in assignments[0].references):
            return None
        literal = statement.value
    else:
        literal = table
    if not isinstance(literal, (cst.List, cst.Tuple, cst.Dict)):
        return None
    value = _literal(literal)
    return (subscript, table, value) if value is not None else None


def _stored(ctx: FileContext, subscript: cst.Subscript) -> bool:
    parent = ctx.parent(subscript)
    return isinstance(parent, (cst.AssignTarget, cst.Del)) or (isinstance(parent, cst.AugAssign) and parent.target is subscript)


def _reads_entry(ctx: FileContext, name: cst.CSTNode) -> bool:
    """Is this use of a table's name a read of one entry (``C[i]``), which cannot change it?"""
    subscript = ctx.parent(name)
    return isinstance(subscript, cst.Subscript) and subscript.value is name and not _stored(ctx, subscript)


def _entries(container: object, population: list) -> list | None:
    """``[container[v] for v in population]`` when every entry exists and is a number, else None."""
    try:
        entries = [container[v] for v in population]  # type: ignore[index]
    except (KeyError, IndexError, TypeError):
        return None
    numbers = all(isinstance(e, (int, float)) and not isinstance(e, bool) for e in entries)
    return entries if numbers else None


# -- a coin that picks a branch: an explicit ``tf.cond`` / ``tf.where`` ----------------------
#
# ``if random.random() < 0.5:`` becomes a tensor condition, which AutoGraph turns into a tf.cond
# only where it converts the function, and only when both branches give tensors of one dtype.
# Where it does not convert (Keras 3 `call`, tf.scan's function, autograph=False) or the branches
# give Python objects or numbers of two kinds, the `if` itself is rewritten into the op AutoGraph
# would have made: ``return tf.cond(coin, lambda: A, lambda: B)``, ``v = tf.where(coin, A, B)``, or
# for an object used once afterwards (``op = flip ... op(x)``) ``tf.cond(coin, lambda: flip(x), ...)``.
# Python conditions before the coin (``training and random.random() < 0.5``) stay a Python `if`.


@dataclass(frozen=True)
class _Branches:
    """An ``if`` whose test ends with a coin, in one of the shapes rewritten explicitly."""

    statement: cst.If
    python: cst.BaseExpression | None  # the Python part of the test (``training`` in ``training and coin``)
    coin: cst.BaseExpression  # the part with the draw
    then: cst.BaseExpression  # what each branch gives
    otherwise: cst.BaseExpression
    target: cst.Name | None  # the name both branches assign (None: both return)
    after: cst.CSTNode | None  # the statement after the `if` that the rewrite takes in (``return B``, the use of ``target``)
    use: cst.Name | None  # the single read of ``target`` in ``after`` (an object the branches pick)


def _branches(ctx: FileContext, node: cst.CSTNode) -> _Branches | None:
    coin = ctx.parent(node)
    if isinstance(coin, cst.ComparisonTarget):
        coin = ctx.parent(coin)
    if not isinstance(coin, cst.Comparison) or not all(
        _constant(ctx, o) for o in (coin.left, *(c.comparator for c in coin.comparisons)) if o is not node
    ):
        return None
    python, condition = None, coin
    if m.matches(ctx.parent(coin), m.BooleanOperation(operator=m.And())) and ctx.parent(coin).right is coin:
        condition = ctx.parent(coin)
        python = condition.left
    statement = ctx.parent(condition)
    statement = statement if isinstance(statement, cst.If) and statement.test is condition else None
    block = ctx.parent(statement) if statement is not None else None
    if statement is None or not isinstance(block, (cst.IndentedBlock, cst.Module)):
        return None  # an `elif`, or no `if`
    body = list(block.body)
    following = body[body.index(statement) + 1] if body.index(statement) + 1 < len(body) else None
    then = _single(statement.body)
    otherwise = _single(statement.orelse.body) if isinstance(statement.orelse, cst.Else) else None
    if isinstance(then, cst.Return) and then.value is not None:
        if statement.orelse is None and isinstance(_single_line(following), cst.Return):
            otherwise, after = _single_line(following), following
        else:
            after = None
        if isinstance(otherwise, cst.Return) and otherwise.value is not None:
            return _Branches(statement, python, coin, then.value, otherwise.value, None, after, None)
        return None
    assigned = _assigned_name(then)
    if assigned is None:
        return None
    if otherwise is None and statement.orelse is None:
        return _Branches(statement, python, coin, then.value, assigned, assigned, None, None)  # `v = A if coin else v`
    if _assigned_name(otherwise) is None or _assigned_name(otherwise).value != assigned.value:
        return None
    use = _single_use(ctx, assigned, following) if python is None else None
    return _Branches(statement, python, coin, then.value, otherwise.value, assigned, following if use else None, use)


def _single(block: cst.BaseSuite) -> cst.BaseSmallStatement | None:
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    return _single_line(lines[0]) if len(lines) == 1 else None


def _single_line(line: cst.CSTNode | None) -> cst.BaseSmallStatement | None:
    if isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) and len(line.body) == 1:
        return line.body[0]
    return None


def _assigned_name(statement: cst.CSTNode | None) -> cst.Name | None:
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0].target, cst.Name):
        return statement.targets[0].target
    return None


def _single_use(ctx: FileContext, target: cst.Name, following: cst.CSTNode | None) -> cst.Name | None:
    """The one read of ``target`` (in the statement right after the `if`) when it is called there
    (``op(x)``: an object, not a tensor) and read nowhere else."""
    scope = ctx.scope(target)
    if scope is None or following is None:
        return None
    reads = [a.node for a in scope.accesses[target.value]]
    value = getattr(_single_line(following), "value", None)
    if len(reads) != 1 or not isinstance(reads[0], cst.Name) or not isinstance(value, cst.BaseExpression):
        return None
    call = ctx.parent(reads[0])
    inside = any(a is value for a in ctx.ancestors(reads[0]))
    return reads[0] if inside and isinstance(call, cst.Call) and call.func is reads[0] else None


def _explicit(ctx: FileContext, tf: str, branches: _Branches, node: cst.CSTNode, draw: str) -> list[_Rewrite]:
    """The `if` as an explicit ``tf.cond`` and, for values, ``tf.where``."""
    coin = ctx.code(branches.coin.deep_replace(node, cst.parse_expression(draw)))
    numbers = [_static_number(v) for v in (branches.then, branches.otherwise)]
    floats = any(isinstance(n, float) for n in numbers) and all(n is not None for n in numbers)
    then, otherwise = (repr(float(n)) if floats else ctx.code(v) for n, v in zip(numbers, (branches.then, branches.otherwise)))
    why = "the `if` becomes a `{op}`: both branches must give tensors of one dtype and shape"
    rewrites = []
    ops = ("cond",) if branches.use is not None else ("cond", "where")
    for op in ops:
        if branches.use is not None:  # `op = A ... op(x)` → `tf.cond(coin, lambda: A(x), lambda: B(x))`
            expression = _single_line(branches.after).value  # type: ignore[union-attr]
            values = [ctx.code(expression.deep_replace(branches.use, v)) for v in (branches.then, branches.otherwise)]
            picked = f"{tf}.cond({coin}, lambda: {values[0]}, lambda: {values[1]})"
            after = branches.after.deep_replace(expression, cst.parse_expression(picked))
            edits = {branches.statement: cst.RemoveFromParent(), branches.after: keep_comments(
                [branches.statement, branches.after], [after.with_changes(leading_lines=branches.statement.leading_lines)])[0]}
        else:
            picked = (f"{tf}.cond({coin}, lambda: {then}, lambda: {otherwise})" if op == "cond"
                      else f"{tf}.where({coin}, {then}, {otherwise})")
            if branches.target is not None and all(n is not None for n in numbers):
                used = _assigned(ctx, ctx.parent(ctx.parent(branches.target)), "float" if floats else "int", 0)
                if used.meets is not None:  # numbers adapt to what they meet: so does the picked tensor
                    picked = f"{tf}.cast({picked}, {ctx.code(used.meets)}.dtype)"
            line = cst.parse_statement(f"return {picked}\n" if branches.target is None else f"{branches.target.value} = {picked}\n")
            if branches.python is not None:  # the Python condition stays a Python `if`
                body = branches.statement.body
                inner = keep_comments([body], [line])[0]
                edits = {branches.statement: branches.statement.with_changes(test=branches.python, body=body.with_changes(body=[inner]))}
            else:
                replaced = [branches.statement, *([branches.after] if branches.after is not None else [])]
                edits = {branches.statement: keep_comments(replaced, [line.with_changes(leading_lines=branches.statement.leading_lines)])[0]}
                if branches.after is not None:
                    edits[branches.after] = cst.RemoveFromParent()
        evidence = {"parameters": Known(), "uses-after": Unknown(why.format(op=f"{tf}.{op}")), "dtype": Known(), "reproducibility": Known()}
        rewrites.append(_Rewrite(edits, evidence, f"an explicit `{tf}.{op}`"))
    return rewrites


def _explicit_first(branches: _Branches) -> bool:
    """Do the branches give what AutoGraph's tf.cond cannot join: objects (the picked one is
    called), or numbers of two kinds (an int and a float)?"""
    kinds = {type(_static_number(v)) for v in (branches.then, branches.otherwise)}
    return branches.use is not None or kinds == {int, float}


# -- wrappers that fix the dtype: ``.astype(D)``, ``tf.constant(x, D)``, ``np.float32(x)`` --


def _wrapper(ctx: FileContext, call: cst.Call) -> tuple[cst.BaseExpression, str | None]:
    """The node the fix replaces (the draw, or a dtype wrapper around it) and that dtype."""
    parent = ctx.parent(call)
    if m.matches(parent, m.Attribute(attr=m.Name("astype"))):
        outer = ctx.parent(parent)
        if isinstance(outer, cst.Call) and outer.func is parent and len(outer.args) == 1 and outer.args[0].keyword is None:
            return outer, ctx.code(outer.args[0].value)
    if isinstance(parent, cst.Arg) and parent.keyword is None:
        outer = ctx.parent(parent)
        assert isinstance(outer, cst.Call)
        if outer.args[0] is parent and ctx.resolves_to(outer.func, "tensorflow.constant", "tensorflow.convert_to_tensor"):
            rest = outer.args[1:]
            if all(arg.keyword is None or arg.keyword.value == "dtype" for arg in rest) and len(rest) <= 1:
                return outer, ctx.code(rest[0].value) if rest else None
        if len(outer.args) == 1 and any(
            n in ("numpy.float16", "numpy.float32", "numpy.float64", "numpy.int32", "numpy.int64") for n in ctx.names(outer.func)
        ):
            return outer, ctx.code(outer.func)
    return call, None


def _grouped(ctx: FileContext, node: cst.CSTNode, replacement: cst.BaseExpression) -> cst.BaseExpression:
    """``replacement`` in parentheses where it is an operation that replaces an operand (``x / (1 + 3 * k)``)."""
    operand = (cst.BinaryOperation, cst.UnaryOperation, cst.Attribute, cst.Subscript, cst.Comparison, cst.ComparisonTarget)
    if isinstance(replacement, (cst.BinaryOperation, cst.UnaryOperation)) and not replacement.lpar and (
        isinstance(ctx.parent(node), operand)
    ):
        return replacement.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return replacement


def _tf_dtype(code: str, tf: str) -> str:
    """NumPy's ``int``/``float`` dtypes are Python's types, which TensorFlow does not accept."""
    return {"int": f"{tf}.int64", "float": f"{tf}.float64"}.get(code, code)


def _shuffle(ctx: FileContext, call: cst.Call, tf: str) -> dict:
    """In-place ``shuffle(x)`` as a statement → ``x = tf.random.shuffle(x)``, for a local ``x``."""
    statement = ctx.parent(call)
    if not isinstance(statement, cst.Expr):
        raise _NoFix("the value of an in-place `shuffle` is used")
    if len(call.args) != 1 or not isinstance(call.args[0].value, cst.Name) or call.args[0].keyword is not None:
        raise _NoFix("`shuffle` of something else than a local name, with options")
    name = call.args[0].value.value
    scope = ctx.scope(call)
    if scope is None or not scope.assignments[name]:
        raise _NoFix(f"`{name}` is not a local name; rebinding it to the shuffled tensor would make it one")
    return {statement: cst.parse_statement(f"{name} = {tf}.random.shuffle({name})\n").body[0]}


# -- seeded streams: the candidates ------------------------------------------------------


@dataclass(frozen=True)
class _Stream:
    """A seeded stream the draw comes from: the module's seeding, or a seeded generator."""

    why: str  # for the message
    what: str  # `np.random.seed(0)`
    anchor: cst.SimpleStatementLine | None  # the module-level statement creating it: a generator is created right after
    seed: str | None  # the seed's code, when it is one positional argument


def _seeded_stream(ctx: FileContext, call: cst.Call, source: _Source) -> _Stream | None:
    if source.generator:
        if not source.seeded:
            return None
        found = _generator(ctx, call.func.value, call) if isinstance(call.func, cst.Attribute) else None
        ctor = found[1] if found is not None else None
        what = f"`{ctx.code(ctor)}`" if ctor is not None else "the seeded generator"
        return _Stream(f"a seeded generator ({what}) is a reproducible stream", what, *_anchor(ctx, ctor))
    seeds = _seeds(ctx, source.family)
    if not seeds:
        return None
    line = ctx.span(seeds[0])[0][0]
    module = "random" if source.family == "python" else "np.random"
    anchored = next(((a, seed) for a, seed in map(lambda c: _anchor(ctx, c), seeds) if a is not None), (None, None))
    what = f"`{ctx.code(seeds[0])}`"
    return _Stream(f"the module seeds `{module}` (line {line}), a reproducible stream", what, *anchored)


def _anchor(ctx: FileContext, ctor: cst.Call | None) -> tuple[cst.SimpleStatementLine | None, str | None]:
    """The module-level statement holding ``ctor`` (a seeding call or a generator's constructor,
    alone or as an assignment's value) and its seed, when it is one plain argument."""
    if ctor is None or len(ctor.args) != 1 or ctor.args[0].star or isinstance(ctor.args[0].value, cst.Call):
        return None, None
    statement = ctx.parent(ctx.parent(ctor))
    if not isinstance(statement, cst.SimpleStatementLine) or statement not in ctx.module.body or len(statement.body) != 1:
        return None, None
    return statement, ctx.code(ctor.args[0].value)


def _from_generator(ctx: FileContext, stream: _Stream, edits: dict) -> tuple[dict, str] | None:
    """``edits`` drawing from a ``tf.random.Generator.from_seed(seed)`` created once, right after the
    statement that seeds the stream (shared by every draw: the same edit, or the generator a previous
    pass created there); None when a tf.random op it needs is not a generator method."""
    if stream.anchor is None or stream.seed is None or len(edits) != 1:
        return None
    tf_name, tf_import = ctx.tensorflow_alias
    body = list(ctx.module.body)
    at = body.index(stream.anchor)
    if tf_import is None and not any(_imports_tensorflow(ctx, s, tf_name) for s in body[:at]):
        return None  # TensorFlow is imported after the seeding: the generator cannot be created there
    following = body[at + 1] if at + 1 < len(body) else None
    name = _generator_name(ctx, following)
    fresh = _fresh_name(ctx, stream.anchor)
    (node, replacement), = edits.items()
    if not isinstance(replacement, cst.CSTNode):
        return None
    drawing = _DrawFrom(tf_name, name or fresh)
    replacement = replacement.visit(drawing)
    if drawing.failed:
        return None
    generator_edits: dict = {node: replacement}
    if name is None:
        name = fresh
        created = cst.parse_statement(f"{name} = {tf_name}.random.Generator.from_seed({stream.seed})\n")
        generator_edits[stream.anchor] = cst.FlattenSentinel([stream.anchor, created])
    return generator_edits, name


#: tf.random ops a generator has as methods; the others draw statelessly with seeds the generator makes
#: (``tf.random.stateless_gamma(shape, gen.make_seeds(2)[:, 0], ...)``): the op, the seed's position.
_GENERATOR_METHODS = frozenset({"uniform", "normal", "truncated_normal"})
_STATELESS = {"gamma": ("stateless_gamma", 1), "poisson": ("stateless_poisson", 1),
              "categorical": ("stateless_categorical", 2), "shuffle": ("experimental.stateless_shuffle", 1)}


class _DrawFrom(cst.CSTTransformer):
    """Rewrites the tf.random ops of a fix to draw from the generator ``name``."""

    def __init__(self, tf: str, name: str) -> None:
        super().__init__()
        self.tf, self.name, self.failed = tf, name, False

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        prefix = f"{self.tf}.random."
        func = cst.Module([]).code_for_node(updated.func)
        if not func.startswith(prefix):
            return updated
        op = func[len(prefix):]
        if op in _GENERATOR_METHODS:
            return updated.with_changes(func=cst.parse_expression(f"{self.name}.{op}"))
        stateless, at = _STATELESS.get(op, (None, 0))
        if stateless is None or sum(1 for a in updated.args if a.keyword is None and not a.star) < at:
            self.failed = True
            return updated
        args = list(updated.args)
        if at == len(args):
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        args.insert(at, cst.Arg(cst.parse_expression(f"{self.name}.make_seeds(2)[:, 0]")))
        return updated.with_changes(func=cst.parse_expression(f"{prefix}{stateless}"), args=args)


def _imports_tensorflow(ctx: FileContext, statement: cst.CSTNode, tf: str) -> bool:
    """Does ``statement`` bind ``tf``, the module's name for TensorFlow, by an import?"""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
            if any((alias.evaluated_alias or alias.evaluated_name.split(".")[0]) == tf for alias in small.names):
                return True
    return False


def _generator_name(ctx: FileContext, statement: cst.CSTNode | None) -> str | None:
    """The name of ``NAME = tf.random.Generator.from_seed(...)`` when ``statement`` is that."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        assign = statement.body[0]
        if (isinstance(assign, cst.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name)
                and isinstance(assign.value, cst.Call) and ctx.resolves_to(assign.value.func, "tensorflow.random.Generator.from_seed")):
            return assign.targets[0].target.value
    return None


def _fresh_name(ctx: FileContext, anchor: cst.SimpleStatementLine) -> str:
    """A module-level name for the generator that nothing in the file uses, the same for every
    draw from one stream and another for each stream: ``tf_rng`` after a seeding (``tf_rng_np``
    after ``np.random.seed`` where the module seeds ``random`` too), ``<name>_tf`` beside a
    generator ``<name>``."""
    assign = anchor.body[0]
    base = "tf_rng"
    if isinstance(assign, cst.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name):
        base = f"{assign.targets[0].target.value}_tf"
    elif isinstance(assign, cst.Expr) and isinstance(assign.value, cst.Call) and ctx.resolves_to(
        assign.value.func, "numpy.random.seed"
    ) and _seeds(ctx, "python"):
        base = "tf_rng_np"
    code, name, n = ctx.module.code, base, 1
    while re.search(rf"\b{name}\b", code):
        n += 1
        name = f"{base}{n}"
    return name


# -- the rule --------------------------------------------------------------------------


class PythonRandomInTracedFunction(Rule):
    code = "TFA002"
    name = "python-random-in-traced-function"
    summary = "`random`/`np.random` in traced code draws once, at trace time; `tf.random` draws on every call"
    fixable = "safe"
    contract = "distribution"
    triggers = ("random", "default_rng")
    facts = (
        Fact("parameters", "the distribution's arguments are of the kind the tf.random op reads alike (scalars, int shapes, 1-D arrays)"),
        Fact("uses-after", "every use of the draw is known to take a tensor of the draw's dtype as it took the Python/NumPy value "
             "(arithmetic with numbers or tensors of known dtype, TensorFlow ops, returns to traced callers)"),
        Fact("dtype", "the draw's dtype (NumPy's float64/int64 arrays, Python's numbers) is fixed by what it meets or a cast"),
        Fact("reproducibility", "the draw comes from no seeded stream (`random.seed`/`np.random.seed` in the module, a seeded "
             "generator): no tf.random stream gives the seeded numbers, so which candidate keeps what the program relies on "
             "(a reproducible stream, or just the distribution) is for execution to decide"),
    )
    docs = """
Python's `random` and NumPy's `np.random` (module functions, `RandomState`,
`default_rng()` generators) run while TensorFlow *traces* a function, not when
the graph runs: the draw becomes a constant, and every call of the compiled
function returns the same number. Data augmentation in `Dataset.map` or
`tf.map_fn` is the classic victim: the same flip or the same noise for every
image, forever. Eagerly, the same code draws anew on every call.

The fix calls the `tf.random` op with the same distribution and parameters:
`random()` → `tf.random.uniform([])`, `uniform(a, b)` → `tf.random.uniform([], a, b)`,
`randint(a, b)` (inclusive) → `tf.random.uniform([], a, b + 1, dtype=tf.int32)`,
`gauss`/`normal(loc, scale, size)` → `tf.random.normal(shape, loc, scale)`,
`rand`/`randn`/`randint`/`integers`/`exponential`/`gamma`/`lognormal`/`poisson`,
`choice` over an int or a list of numbers (weights `p=` via `tf.random.categorical`),
`permutation` → `tf.random.shuffle`. NumPy's `size=` becomes the shape (`x.shape`,
`x.shape[i]`, `x.shape[a:b]` become `tf.shape(x)...`, which a graph always knows).

Preconditions, each checked in the code (`_usage`, `_meets`, `_condition`):

- **dtype**: a draw is float32 / int32, the dtype TensorFlow gives a Python
  number; a dtype the code asks for (`.astype(D)`, `tf.constant(x, D)`,
  `np.float32(x)`, `dtype=`) is kept. Where the Python number met another operand
  (`x + 0.1 * draw`, `tf.pow(img, draw)`, `tf.where(m, x, draw)`, `draw < x`) it
  took that operand's dtype, so the draw is cast to it: `tf.cast(draw, x.dtype)`.
  Safe when `x` is proven a tensor (a TensorFlow op's result, an `input_signature`
  parameter, a `Dataset.map`/`tf.map_fn` element); unsafe otherwise (a Python
  float has no `.dtype`); `self.p`, defaulted parameters and globals are taken for
  Python numbers (unsafe, never cast). An integer draw that meets a float number
  or Python's `/` is cast to float32, as the Python int became a float there.
  A NumPy array draw (`size=`) is float64/int64, not a Python number: where its
  dtype is not met, compared or cast (`tf.identity(np.random.normal(size=3))`),
  the float32/int32 op changes it: unsafe.
  Numbers, `math`/NumPy constants and other draws adapt, as Python numbers do.
  Other TensorFlow ops: safe when nothing else in the call decides the dtype,
  unsafe otherwise; a draw used as a `seed=` is not fixed (seeds are Python ints);
- **Python control flow**: a draw that feeds `if`/`while` becomes a tensor
  condition, which works only where AutoGraph converts it (`tf.function`,
  `Dataset.map`, `tf.map_fn` and their callees); in Keras 3 `call`/`train_step`,
  `compile(loss=...)` callables, functions given to `tf.scan`/`tf.while_loop`/
  `tf.cond` (which do not run AutoGraph), or a file with `autograph=False`, a
  coin (`draw < 0.5`) whose `if` returns or assigns one value per branch (or picks
  an object called right after: `op = flip ... op(x)`) becomes the explicit op:
  `return tf.cond(coin, lambda: A, lambda: B)`, `v = tf.where(coin, A, B)`,
  `tf.cond(coin, lambda: flip(x), lambda: keep(x))` (a Python condition before the
  coin, `training and coin`, stays a Python `if`); candidates chosen by execution,
  and also offered where AutoGraph converts the `if` (first when the branches give
  objects, or an int and a float, which AutoGraph's tf.cond cannot join); other
  control flow there: no fix;
- **tables**: `C[draw]` where `C` is a literal of numbers (or a name bound once to
  one, only read elsewhere in the file) and the draw takes literal values
  (`randint(0, 2)`, `choice([1, 2, 4], p=...)`) → `tf.gather(<the entries it picks>, index)`;
- **integers**: `randrange(a, b, step)` → `a + step * k`; a literal bound beyond
  int32 (`randint(0, 2**40)`) → an int64 draw; a NumPy array draw whose dtype is
  not met, compared or cast also gets NumPy's dtype (int64/float64) as a candidate;
- **Python consumers**: `float(...)`, `range`, `math`, NumPy, f-strings need a
  number: no fix; unknown functions, `self.x = draw`, other indices: unsafe;
- **reproducibility**: a module that calls `random.seed`/`np.random.seed` expects
  a reproducible stream, and so does a seeded generator (`random.Random(42)`,
  `default_rng(0)`) created outside the traced function. No tf.random stream gives
  those numbers, so such a draw gets two unsafe candidates, chosen by execution
  (`fix --verify`): a `tf.random.Generator.from_seed(SEED)` created once, right
  after the module-level statement that seeds (ops it has no method for drawn by
  `tf.random.stateless_*` with its `make_seeds`), then the global `tf.random` stream;
- **no new backend**: Keras 3 code that never imports TensorFlow: no fix.

Also unsafe: in-place `shuffle(x)` (becomes `x = tf.random.shuffle(x)`), NumPy
parameters that may be arrays, a `size=` name that may be a partly unknown shape.
Also reported without a fix: `choice` over Python objects, `shuffle` of a name
that is not local, and distributions `tf.random` lacks.

Left alone: randomness outside traced code; generators seeded inside the traced
function, and functions that call `random.seed`/`np.random.seed` themselves
(eager calls repeat the same draws too).
"""
    before = """\
import random
import tensorflow as tf

@tf.function
def augment(image):
    if random.random() < 0.5:
        image = tf.image.flip_left_right(image)
    return image + random.gauss(0.0, 0.1)
"""
    after = """\
import tensorflow as tf

@tf.function
def augment(image):
    if tf.random.uniform([]) < 0.5:
        image = tf.image.flip_left_right(image)
    return image + tf.cast(tf.random.normal([], 0.0, 0.1), image.dtype)
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """In traced code, each ``random``/``np.random`` draw and, when the file calls
        ``random``/``np.random`` (a generator's constructor), each draw method called
        on what may be a generator (a constructor's result, or a name or ``self.x`` some
        assignment of the file gives one); with what the fix looks at
        elsewhere: ``autograph=False`` anywhere, callers of the functions holding
        draws (a returned draw is judged there), ``self.x = ...`` of generators, every use
        of a table a draw indexes (``_table``)."""

        def from_random(call: ast.Call) -> bool:
            return any(n.startswith(("random.", "numpy.random.")) for n in screen.names(call.func))

        def generator_draw(site) -> bool:
            func = site.node.func
            if not isinstance(func, ast.Attribute) or func.attr not in _DRAWS:
                return False
            receiver = func.value
            while isinstance(receiver, ast.Attribute):
                receiver = receiver.value
            if isinstance(receiver, ast.Name) and screen.imported(receiver.id):
                return False
            # `_generator`: a constructor's result, or a name / `self.x` every assignment gives one.
            receiver = func.value
            if isinstance(receiver, ast.Call):
                return from_random(receiver)
            return _spelling(receiver) in constructed

        calls = screen.sites(ast.Call)
        if not screen.imports_from("random", "numpy") or not any(from_random(site.node) for site in calls):
            return []
        constructed = {  # names and `self.x` some assignment gives a `random`/`np.random` object
            _spelling(target) for site in screen.sites(ast.Assign)
            if isinstance(site.node.value, ast.Call) and from_random(site.node.value)
            for target in site.node.targets
        } - {None}
        found = [site for site in screen.traced_sites(ast.Call) if from_random(site.node) or generator_draw(site)]
        if not found:
            return []
        found += [site for site in calls if any(k.arg == "autograph" for k in site.node.keywords)]
        attributes = {site.node.func.value.attr for site in found if _self_attribute(getattr(site.node.func, "value", None))}
        found += [
            site for site in screen.sites(ast.Assign)
            if any(_self_attribute(t) and t.attr in attributes for t in site.node.targets)
        ]
        by_name: dict[str | None, list[Site]] = defaultdict(list)
        for site in calls:
            by_name[last_name(site.node.func)].append(site)
        callers, pending = set(), [site for site in found if site.function is not None]
        while pending:  # functions holding draws, and the functions calling those, ...
            for function in screen.functions_around(pending.pop()):
                name = getattr(function, "name", None)
                if name is not None and name not in callers:
                    callers.add(name)
                    pending += by_name.get(name, ())
        draws = {id(site.node) for site in found}
        tables = {  # `C[draw]`: whether `C` is a constant table depends on every use of the name (`_table`)
            node.value.id for function in {site.function for site in found} - {None} for node in ast.walk(function)
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and id(node.slice) in draws
        }
        users = [site for site in screen.sites(ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) if tables and any(
            isinstance(node, ast.Name) and node.id in tables for node in ast.walk(site.node))]
        return found + users + [site for site in calls if last_name(site.node.func) in callers]

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            assert isinstance(call, cst.Call)
            if not ctx.is_traced(call):
                continue
            source = _source(ctx, call)
            if source is None or (source.seeded and source.inside) or _reseeded(ctx, call, source.family):
                continue
            message = (
                f"`{source.spelled}` draws once, when the function is traced ({ctx.traced_reason(call)}): "
                "every call reuses the same value; use `tf.random`"
            )
            try:
                imports, rewrites = self._fix(ctx, call, source)
            except _NoFix as why:
                yield self.finding(ctx, call, f"{message} (not fixed: {why})")
                continue
            stream = _seeded_stream(ctx, call, source)
            candidates, notes = [], []
            for rewrite in rewrites:
                if stream is None:
                    candidates.append(self.closed_fix(rewrite.edits, rewrite.evidence, imports, label=rewrite.label))
                    continue
                # A seeded stream: a generator seeded alike, created once, or the global tf.random stream.
                # Neither gives the seeded numbers; execution chooses (`fix --verify`).
                generator = _from_generator(ctx, stream, rewrite.edits)
                if generator is not None:
                    generator_edits, name = generator
                    candidates.append(self.closed_fix(
                        generator_edits, {**rewrite.evidence, "reproducibility": Unknown(f"`{name}` is a reproducible stream, not {stream.what}'s numbers")},
                        imports, label=_joined(f"`{ctx.tensorflow_alias[0]}.random.Generator.from_seed({stream.seed})` created once", rewrite.label),
                    ))
                candidates.append(self.closed_fix(
                    rewrite.edits, {**rewrite.evidence, "reproducibility": Unknown(f"the global tf.random stream is not seeded by {stream.what}")},
                    imports, label=_joined(f"the global `{ctx.tensorflow_alias[0]}.random` stream", rewrite.label),
                ))
            if stream is not None:
                notes.append(stream.why)
            if len(candidates) > 1:
                notes.append("candidates: " + "; ".join(c.label for c in candidates) + ", chosen by execution with `fix --verify`")
            note = f" ({': '.join(notes)})" if notes else ""
            yield self.finding(ctx, call, message + note + self.unsafe_note(candidates[0]), candidates[0], candidates[1:])

    @staticmethod
    def _fix(ctx: FileContext, call: cst.Call, source: _Source) -> tuple[tuple[ImportSpec, ...], list[_Rewrite]]:
        """The imports the fix needs and its candidate rewrites (the first is written without
        execution), each with the evidence for ``facts``."""
        tf_name, tf_import = ctx.tensorflow_alias
        if ctx.backend_agnostic_keras:
            raise _NoFix("the module does not import TensorFlow (backend-agnostic Keras code)")
        imports = (tf_import,) if tf_import is not None else ()
        if source.method == "shuffle":
            return imports, [_Rewrite(_shuffle(ctx, call, tf_name), {"uses-after": Unknown("the shuffled sequence becomes a tensor"), "reproducibility": Known()})]
        table = _PYTHON if source.family == "python" else _NUMPY
        api = table.get(source.method)
        if api is None:
            raise _NoFix("tf.random has no equivalent of this distribution")
        node, dtype = _wrapper(ctx, call)
        values, dims = _bind(call, api)
        wanted = dtype or (ctx.code(values["dtype"]) if "dtype" in values else None)

        def draw(dtype: str | None) -> tuple[str, _Args]:
            args = _Args(ctx, tf_name, values, dims, dtype)
            code = api.build(args)
            if args.dtype is not None and f"dtype={args.dtype}" not in code:
                code = f"{tf_name}.cast({code}, {args.dtype})"
                args.integer = _dtype_kind(args.dtype) != "float"
            if source.family == "numpy" and args.shape() == "[]" and _array_parameters(values):
                args.unsafe = args.unsafe or "assumes scalar parameters (NumPy draws one value per element of an array parameter)"
            return code, args

        lookup = _table(ctx, node) if wanted is None else None
        if lookup is not None:
            rewrite = _gathered(ctx, tf_name, lookup, _population(source.method, source.family, values), values)
            if rewrite is not None:
                return imports, [rewrite]
        code, args = draw(_tf_dtype(wanted, tf_name) if wanted else None)
        used = _usage(ctx, node, "int" if args.integer else "float")
        if used.meets is not None:  # the Python number took the dtype of what it met: so does the draw
            code = f"{tf_name}.cast({code}, {ctx.code(used.meets)}.dtype)"
        elif used.to_float:
            code = f"{tf_name}.cast({code}, {tf_name}.float32)"
        branches = _branches(ctx, node)
        explicit = _explicit(ctx, tf_name, branches, node, code) if branches is not None else []
        if used.verdict == _PYTHON_ONLY:
            if explicit:  # AutoGraph does not convert the `if`: write the op it would have made
                return imports, explicit
            raise _NoFix(used.why)
        evidence: dict[str, Evidence] = {
            "parameters": Unknown(args.unsafe) if args.unsafe else Known(),
            "uses-after": Unknown(used.why) if used.verdict != _SAFE else Known(),
            "dtype": Known(),
            "reproducibility": Known(),  # a seeded stream: see `check`
        }
        rewrites = [_Rewrite({node: _grouped(ctx, node, cst.parse_expression(code))}, evidence)]
        stored = _stored_by_wrapper(ctx, node, used.store, rewrites[0])
        if stored is not None:
            rewrites[0].label = "the draw in place"
            rewrites.append(stored)
        if explicit:  # AutoGraph's tf.cond, or an explicit one
            rewrites[0].label = "a tensor condition (AutoGraph makes the `if` a tf.cond)"
            rewrites = [*explicit, *rewrites] if _explicit_first(branches) else [*rewrites, *explicit]
        if wanted is None and used.meets is None and source.family == "numpy" and args.shape() != "[]" and not _dtype_ends(ctx, node):
            # A NumPy array draw is float64/int64, not a Python number: alone in an op
            # (`tf.identity(np.random.normal(size=3))`) it stays so, the tf.random op does not.
            numpy_dtype = "int64" if args.integer else "float64"
            evidence["dtype"] = Unknown(f"NumPy's array draw is {numpy_dtype}; the tf.random op gives {'int32' if args.integer else 'float32'}")
            rewrites[0].label = f"`{'int32' if args.integer else 'float32'}`, TensorFlow's dtype for numbers"
            code, args = draw(f"{tf_name}.{numpy_dtype}")
            rewrites.append(_Rewrite({node: _grouped(ctx, node, cst.parse_expression(code))}, {**evidence, "dtype": Unknown(
                f"NumPy's dtype, {numpy_dtype}, kept where the array meets TensorFlow")}, f"`{numpy_dtype}`, NumPy's dtype"))
        return imports, rewrites


def _stored_by_wrapper(ctx: FileContext, node: cst.CSTNode, store: cst.CSTNode | None, rewrite: _Rewrite) -> _Rewrite | None:
    """The draw kept in Python state (``self.rate = rate``) moves to an eager wrapper around the
    traced core that draws (``edits.split_function``): the state is set on every call, as eagerly."""
    func = ctx.enclosing(node, cst.FunctionDef)
    line = ctx.parent(store) if store is not None else None
    if func is None or not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    edits, why_not = split_function(ctx, func, [line])
    if why_not is not None:
        return None
    return _Rewrite({**rewrite.edits, **edits}, {**rewrite.evidence, "uses-after": Unknown(
        f"`{ctx.code(store.targets[0].target)}` is set by an eager wrapper, to a tensor")},  # type: ignore[union-attr]
        "the Python state set by an eager wrapper around a traced core")


def _gathered(ctx: FileContext, tf: str, lookup, population: list | None, values: dict) -> _Rewrite | None:
    """``C[draw]`` → ``tf.gather(<C's entries for the draw's values>, <index>)`` (the table ``C``
    itself where the draw's values are its positions 0, 1, ...)."""
    subscript, table, container = lookup
    entries = _entries(container, population) if population is not None else None
    if entries is None:
        return None
    weighted = "p" in values and not m.matches(values["p"], m.Name("None"))
    index = _index(_Args(ctx, tf, {"p": values["p"]} if weighted else {}, []), str(len(entries)), "[]")
    whole = isinstance(container, (list, tuple)) and population == list(range(len(container)))
    kind = "int" if all(isinstance(e, int) for e in entries) else "float"
    code = f"{tf}.gather({ctx.code(table) if whole else repr(entries)}, {index})"
    used = _usage(ctx, subscript, kind)
    if used.verdict == _PYTHON_ONLY:
        raise _NoFix(used.why)
    if used.meets is not None:
        code = f"{tf}.cast({code}, {ctx.code(used.meets)}.dtype)"
    elif used.to_float:
        code = f"{tf}.cast({code}, {tf}.float32)"
    evidence: dict[str, Evidence] = {
        "parameters": Known(),  # the table and the draw's values are literals
        "uses-after": Unknown(used.why) if used.verdict != _SAFE else Known(),
        "dtype": Known(),
        "reproducibility": Known(),
    }
    return _Rewrite({subscript: cst.parse_expression(code)}, evidence, "a constant table and `tf.gather`")


@dataclass
class _Rewrite:
    """One candidate rewrite of a draw: its edits, the evidence for ``facts``, what distinguishes it."""

    edits: dict
    evidence: dict[str, Evidence]
    label: str = ""


def _joined(*labels: str) -> str:
    return ", ".join(label for label in labels if label)


def _spelling(node: ast.AST) -> str | None:
    """``x`` for a name, ``self.x`` for an attribute of ``self`` (what ``_generator`` follows), else None."""
    if isinstance(node, ast.Name):
        return node.id
    return f"self.{node.attr}" if _self_attribute(node) else None


def _self_attribute(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
