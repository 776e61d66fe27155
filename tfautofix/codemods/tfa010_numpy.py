"""TFA010 numpy-in-traced-function: ``.numpy()`` and NumPy calls on tensors in traced code."""

from __future__ import annotations

import ast
from typing import Iterator, NamedTuple

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.analysis.tensor_values import may_be_tensor
from tfautofix.rule import Applicability, Finding, Fix, Rule
from tfautofix.screen import Screen, Site


class Equivalent(NamedTuple):
    tf_name: str  # attribute path under the TensorFlow module
    positional: int  # NumPy positional arguments that map one-to-one
    keywords: tuple[str, ...] = ()
    #: "unsafe" when the TensorFlow op differs on some dtypes (integer means truncate, ...).
    applicability: Applicability = "safe"


_REDUCE = ("axis", "keepdims")
EQUIVALENTS: dict[str, Equivalent] = {
    "mean": Equivalent("reduce_mean", 2, _REDUCE, "unsafe"),
    "average": Equivalent("reduce_mean", 2, ("axis",), "unsafe"),
    "sum": Equivalent("reduce_sum", 2, _REDUCE),
    "max": Equivalent("reduce_max", 2, _REDUCE),
    "amax": Equivalent("reduce_max", 2, _REDUCE),
    "min": Equivalent("reduce_min", 2, _REDUCE),
    "amin": Equivalent("reduce_min", 2, _REDUCE),
    "prod": Equivalent("reduce_prod", 2, _REDUCE),
    "square": Equivalent("square", 1),
    "abs": Equivalent("abs", 1),
    "absolute": Equivalent("abs", 1),
    "maximum": Equivalent("maximum", 2),
    "minimum": Equivalent("minimum", 2),
    "exp": Equivalent("exp", 1, (), "unsafe"),
    "log": Equivalent("math.log", 1, (), "unsafe"),
    "sqrt": Equivalent("sqrt", 1, (), "unsafe"),
    "tanh": Equivalent("tanh", 1, (), "unsafe"),
    "concatenate": Equivalent("concat", 2, ("axis",)),
    "stack": Equivalent("stack", 2, ("axis",)),
    "reshape": Equivalent("reshape", 2),
    "transpose": Equivalent("transpose", 1),
    "where": Equivalent("where", 3),
    "clip": Equivalent("clip_by_value", 3),
}
_NOT_NUMPY_ON_TENSORS = ("numpy.random.",)  # TFA002's business


class NumpyInTracedFunction(Rule):
    code = "TFA010"
    name = "numpy-in-traced-function"
    summary = "`.numpy()` and NumPy functions need concrete values; traced tensors are symbolic"
    fixable = "unsafe"
    contract = "exact"
    triggers = ("numpy",)
    docs = """
While TensorFlow traces a function, tensors are symbolic: they have a dtype and a
shape but no value. `x.numpy()` raises `AttributeError: 'SymbolicTensor' object
has no attribute 'numpy'`, and NumPy functions applied to them (`np.mean(x)`)
raise `NotImplementedError: Cannot convert a symbolic tf.Tensor to a numpy array`.
Eagerly the same code works, so the bug appears only once the function is
compiled (decorated with `tf.function`, given to `Dataset.map`, a Keras `call`...).

The fix uses the TensorFlow op that computes the same thing:
`np.mean(x, axis=1)` → `tf.reduce_mean(x, axis=1)`, `np.sum/max/min/prod` →
`tf.reduce_*`, `np.square/abs/maximum/minimum/where/reshape/transpose/stack` →
their `tf.` namesakes, `np.concatenate(xs)` → `tf.concat(xs, axis=0)`,
`np.clip` → `tf.clip_by_value`, `np.exp/log/sqrt/tanh`. Fixes of functions whose
TensorFlow op differs on integer tensors (`mean` truncates, `exp`/`sqrt` reject
integers) are marked unsafe. `x.numpy()` passed to a TensorFlow op becomes `x`
(safe); in arithmetic it becomes `x` too, marked unsafe (TensorFlow does not
promote dtypes as NumPy does).

Reported without a fix: `.numpy()` whose value is used as Python data
(`float(x.numpy())`, `if x.numpy() > 0`), NumPy functions without an exact
TensorFlow equivalent, and calls with NumPy-only arguments (`dtype=`, `out=`).
Left alone: NumPy on Python data (`np.mean([1.0, 2.0])`, `np.pi`), folded into
a constant at trace time on purpose; functions given to `tf.py_function` or
`tf.numpy_function`, which run eagerly on real values; and `np.random` (see TFA002).
"""
    before = """\
import numpy as np
import tensorflow as tf

@tf.function
def normalise(x):
    return (x - np.mean(x)) / tf.math.reduce_std(x.numpy())
"""
    after = """\
import tensorflow as tf

@tf.function
def normalise(x):
    return (x - tf.reduce_mean(x)) / tf.math.reduce_std(x)
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Each ``.numpy()`` and each NumPy function with arguments, in traced code."""
        found = []
        for site in screen.traced_sites(ast.Call):
            call = site.node
            if isinstance(call.func, ast.Attribute) and call.func.attr == "numpy" and not (call.args or call.keywords):
                found.append(site)
            elif (call.args or call.keywords) and any(
                n.startswith("numpy.") and not n.startswith(_NOT_NUMPY_ON_TENSORS) for n in screen.names(call.func)
            ):
                found.append(site)
        return found

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            if m.matches(call, m.Call(func=m.Attribute(attr=m.Name("numpy")), args=[])):
                if ctx.is_traced(call):
                    yield self._numpy_method(ctx, call)
                continue
            numpy_names = sorted(
                n for n in ctx.names(call.func) if n.startswith("numpy.") and not n.startswith(_NOT_NUMPY_ON_TENSORS)
            )
            if not numpy_names or not ctx.is_traced(call):
                continue
            if not any(may_be_tensor(ctx, arg.value) for arg in call.args):
                continue  # NumPy on Python data: folded into a constant, as intended
            yield self._numpy_function(ctx, call, numpy_names[0])

    def _numpy_method(self, ctx: FileContext, call: cst.Call) -> Finding:
        assert isinstance(call.func, cst.Attribute)
        receiver = call.func.value
        message = (
            f"`.numpy()` fails in traced code ({ctx.traced_reason(call)}): the tensor is symbolic, "
            "`AttributeError: 'SymbolicTensor' object has no attribute 'numpy'`"
        )
        parent = ctx.parent(call)
        if isinstance(parent, cst.Arg) and _tensorflow_op(ctx, ctx.parent(parent)):
            return self.finding(ctx, call, message + "; TensorFlow ops take the tensor itself", Fix({call: receiver}))
        if isinstance(parent, cst.BinaryOperation):
            message += "; use the tensor itself (unsafe: TensorFlow arithmetic does not promote dtypes like NumPy)"
            return self.finding(ctx, call, message, Fix({call: receiver}, applicability="unsafe"))
        message += " (not fixed: the value is used as Python data; compute it with TensorFlow ops or outside the function)"
        return self.finding(ctx, call, message)

    def _numpy_function(self, ctx: FileContext, call: cst.Call, numpy_name: str) -> Finding:
        short = numpy_name[len("numpy."):]
        message = (
            f"`np.{short}` on a tensor fails in traced code ({ctx.traced_reason(call)}): "
            "`Cannot convert a symbolic tf.Tensor to a numpy array`"
        )
        equivalent = EQUIVALENTS.get(short)
        if equivalent is None:
            return self.finding(ctx, call, message + " (not fixed: no exact TensorFlow equivalent)")
        args = _translated_args(call, equivalent, short)
        if args is None:
            return self.finding(ctx, call, message + " (not fixed: these arguments have no TensorFlow equivalent)")
        tf_name, tf_import = ctx.tensorflow_alias
        new_call = call.with_changes(func=cst.parse_expression(f"{tf_name}.{equivalent.tf_name}"), args=args)
        fix = Fix({call: new_call}, applicability=equivalent.applicability, imports=(tf_import,) if tf_import else ())
        message += f"; use `tf.{equivalent.tf_name}`"
        if equivalent.applicability == "unsafe":
            message += " (unsafe: differs from NumPy on integer tensors)"
        return self.finding(ctx, call, message, fix)


def _tensorflow_op(ctx: FileContext, node: cst.CSTNode | None) -> bool:
    return isinstance(node, cst.Call) and any(n.startswith("tensorflow.") for n in ctx.names(node.func))


def _translated_args(call: cst.Call, equivalent: Equivalent, short: str) -> list[cst.Arg] | None:
    positional = [arg for arg in call.args if arg.keyword is None]
    keywords = [arg for arg in call.args if arg.keyword is not None]
    if any(arg.star for arg in call.args) or len(positional) > equivalent.positional:
        return None
    if any(arg.keyword.value not in equivalent.keywords for arg in keywords):
        return None
    if len(positional) < equivalent.positional and equivalent.positional > 1 and not equivalent.keywords:
        return None  # e.g. np.where(cond): a different function from tf.where(cond)
    args = list(call.args)
    if short == "concatenate" and len(positional) == 1 and not keywords:
        no_space = cst.SimpleWhitespace("")
        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(cst.Arg(cst.Integer("0"), keyword=cst.Name("axis"),
                            equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space)))
    if any(m.matches(arg, m.Arg(keyword=m.Name("axis"), value=m.Name("None"))) for arg in keywords) and short in ("concatenate", "stack"):
        return None  # np.concatenate(axis=None) flattens
    return args
