"""TFA010 numpy-in-traced-function: ``.numpy()`` and NumPy calls on tensors in traced code."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from typing import NamedTuple

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Evidence, Fact, Known, Unknown, facts_of
from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import TENSOR_METADATA
from tfautofix.analysis.tensor_values import is_tensor, may_be_tensor, proven_numeric
from tfautofix.analysis.tensors import TensorInference, op_name
from tfautofix.analysis.usage import reads_of_assigned
from tfautofix.codemods.tfa008_print import EAGER_ISLAND_UNKNOWN, eager_island
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site


class Equivalent(NamedTuple):
    tf_name: str  # attribute path under the TensorFlow module
    positional: int  # NumPy positional arguments that map one-to-one
    keywords: tuple[str, ...] = ()
    #: Why the TensorFlow op differs from NumPy on some dtypes (None: on none; the fix is safe).
    unsafe: str | None = None
    #: NumPy keywords the TensorFlow op spells otherwise: (NumPy's, TensorFlow's).
    renames: tuple[tuple[str, str], ...] = ()


_REDUCE = ("axis", "keepdims")
_BOOL = "NumPy accepts boolean tensors, TensorFlow does not"
_INTS = "NumPy promotes small integers (uint8, bool) before summing, TensorFlow overflows"
_PROMOTE = "NumPy promotes mixed dtypes, TensorFlow raises"
#: Each mapping is safe only when the TensorFlow op computes the same value for every dtype
#: a tensor can have; otherwise the fix is unsafe, and the reason is said in the message.
EQUIVALENTS: dict[str, Equivalent] = {
    "mean": Equivalent("reduce_mean", 2, _REDUCE, "integer means truncate in TensorFlow, not in NumPy"),
    "average": Equivalent("reduce_mean", 2, ("axis",), "integer means truncate in TensorFlow, not in NumPy"),
    "sum": Equivalent("reduce_sum", 2, _REDUCE, _INTS),
    "prod": Equivalent("reduce_prod", 2, _REDUCE, _INTS),
    "max": Equivalent("reduce_max", 2, _REDUCE, _BOOL),
    "amax": Equivalent("reduce_max", 2, _REDUCE, _BOOL),
    "min": Equivalent("reduce_min", 2, _REDUCE, _BOOL),
    "amin": Equivalent("reduce_min", 2, _REDUCE, _BOOL),
    "square": Equivalent("square", 1, (), _BOOL),
    "abs": Equivalent("abs", 1, (), "TensorFlow has no unsigned-integer abs"),
    "absolute": Equivalent("abs", 1, (), "TensorFlow has no unsigned-integer abs"),
    "maximum": Equivalent("maximum", 2, (), _PROMOTE),
    "minimum": Equivalent("minimum", 2, (), _PROMOTE),
    "exp": Equivalent("exp", 1, (), "TensorFlow rejects integer tensors NumPy turns into floats"),
    "log": Equivalent("math.log", 1, (), "TensorFlow rejects integer tensors NumPy turns into floats"),
    "sqrt": Equivalent("sqrt", 1, (), "TensorFlow rejects integer tensors NumPy turns into floats"),
    "tanh": Equivalent("tanh", 1, (), "TensorFlow rejects integer tensors NumPy turns into floats"),
    "concatenate": Equivalent("concat", 2, ("axis",), _PROMOTE),
    "stack": Equivalent("stack", 2, ("axis",), _PROMOTE),
    "reshape": Equivalent("reshape", 2, ("order", "newshape", "shape"), renames=(("newshape", "shape"),)),
    "size": Equivalent("size", 1),
    "transpose": Equivalent("transpose", 2, ("axes",), renames=(("axes", "perm"),)),
    "where": Equivalent("where", 3, (), _PROMOTE),
    "clip": Equivalent("clip_by_value", 3, (), _PROMOTE),
    # NumPy's population statistics (ddof=0, its default; `ddof=` is NumPy-only: no fix)
    "std": Equivalent("math.reduce_std", 2, _REDUCE, "TensorFlow rejects integer tensors NumPy turns into floats"),
    "var": Equivalent("math.reduce_variance", 2, _REDUCE, "TensorFlow rejects integer tensors NumPy turns into floats"),
}


class Variant(NamedTuple):
    """What NumPy computes on the dtypes where the equivalent op differs: ``tf_name`` in place of
    the equivalent's op, on the data cast to ``cast`` first."""
    label: str
    dtypes: frozenset[str]  # the data dtypes this spelling gives NumPy's result for
    tf_name: str | None = None
    cast: str | None = None


_SIGNED = frozenset({"bool", "int8", "int16", "int32"})  # NumPy sums these into int64
_UNSIGNED = frozenset({"uint8", "uint16", "uint32"})  # ... these into uint64
_WIDE_INTS = frozenset({"int32", "int64", "uint32", "uint64"})  # NumPy's float functions give float64 on these
_MEAN = (Variant("float64 mean", _SIGNED | _UNSIGNED | {"int64", "uint64"}, cast="float64"),)
_SUMS = (Variant("int64 sum", _SIGNED, cast="int64"), Variant("uint64 sum", _UNSIGNED, cast="uint64"))
_FLOAT64 = (Variant("float64 of integers", _WIDE_INTS, cast="float64"),)
_ANY = (Variant("any", frozenset({"bool"}), "reduce_any"),)  # the max of booleans
_ALL = (Variant("all", frozenset({"bool"}), "reduce_all"),)  # the min of booleans
#: Per NumPy function, the spellings that give its result on the dtypes its equivalent differs:
#: chosen by the data's dtype when it is known, else candidates ``fix --verify`` chooses between.
VARIANTS: dict[str, tuple[Variant, ...]] = {
    "mean": _MEAN, "average": _MEAN, "sum": _SUMS, "prod": _SUMS,
    "max": _ANY, "amax": _ANY, "min": _ALL, "amin": _ALL,
    "exp": _FLOAT64, "log": _FLOAT64, "sqrt": _FLOAT64, "tanh": _FLOAT64, "std": _MEAN, "var": _MEAN,
}
#: NumPy constructors of arrays a traced function may fill with tensors (issue: NumPy through and through).
_BUFFERS = frozenset(f"numpy.{n}" for n in ("zeros", "ones", "empty", "full", "zeros_like", "ones_like", "empty_like", "array", "asarray"))
#: Methods of a NumPy result that a tensor does not have.
_NOT_NUMPY_ON_TENSORS = ("numpy.random.",)  # TFA002's business


class NumpyInTracedFunction(Rule):
    facts = (
        Fact("same-value", "the TensorFlow op computes what NumPy computed for the data, a tensor, whatever its dtype"),
        Fact("uses-after", "the result (a tensor where NumPy gave an array) is only used by TensorFlow ops, tensor "
             "arithmetic or returned from traced code"),
        Fact("no-gradient", "no gradient flows where NumPy gave a constant: none is taken in the module, or the value "
             "is wrapped in `tf.stop_gradient` (a NumPy value is a constant for a GradientTape; the TensorFlow op lets "
             "gradients flow)"),
        Fact("exact-cast", "no cast to a 16-bit float (tf.cast rounds float64 through float32, NumPy rounds once)"),
        Fact("eager-island", "no Python runs on the host per call (a `tf.py_function` running the eager code is not "
             "compiled by XLA nor kept in a SavedModel)"),
    )
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

The fix uses the TensorFlow op that computes the same thing. A mapping is
**safe** only where the op equals NumPy for every dtype a tensor can have:
`np.reshape`, `np.transpose`, and only when their data is a tensor (a
TensorFlow op's result or a traced argument): on a method's result
(`np.transpose(df.to_numpy())`), which may be a NumPy array, the op would return
a tensor where NumPy returned an array, so the fix is unsafe. The others are **unsafe**, and the message says on
which dtypes they differ: `np.sum`/`np.prod` → `tf.reduce_*` (NumPy promotes
uint8/bool before summing, TensorFlow overflows), `np.mean` (TensorFlow truncates
integer means), `np.max`/`np.min`/`np.square` (no boolean kernels), `np.abs`
(no unsigned kernels), `np.exp/log/sqrt/tanh` (integers rejected),
`np.maximum/minimum/where/clip/concatenate/stack` (NumPy promotes mixed dtypes).
Where the data's dtype is known (a comparison is bool, `tf.cast(x, tf.uint8)`, a
trace log), the fix spells NumPy's result instead: `tf.reduce_any`/`tf.reduce_all`
for the max/min of booleans, `tf.reduce_mean(tf.cast(x, tf.float64))` for integer
means, a cast to int64/uint64 before summing small integers, float64 for
`np.exp/log/sqrt/tanh` of 32/64-bit integers; where it is unknown, each of these
is a candidate `fix --verify` runs, keeping the one the eager original confirms.
`np.size(x)` → `tf.size(x)`; `np.clip` with one open (`None`) bound →
`tf.minimum`/`tf.maximum`; `np.reshape(x, s, order="F")` →
`tf.transpose(tf.reshape(tf.transpose(x), reversed s))` (`order="C"` is dropped).

A NumPy value is a constant to a `GradientTape`: where the module may take
gradients (a tape, an optimizer, Keras training), the TensorFlow value is wrapped
in `tf.stop_gradient(...)`, as the NumPy copy was (not inside what `tf.print`
prints, nor inside another NumPy call being rewritten).

`.numpy()`: removed (safe) where the tensor is the *data* argument of a
TensorFlow op, which takes a tensor there, or a value `tf.print` prints when it is proven
numeric (a string tensor prints without the `b'...'` of the bytes `.numpy()` gave: unsafe
otherwise); `tf.constant(t.numpy(), D)` and
`tf.convert_to_tensor(t.numpy(), D)` become `tf.cast(t, D)`, without a dtype
`tf.identity(t)` (`tf.constant` rejects symbolic tensors, `convert_to_tensor`
tensors of another dtype). Removed in arithmetic or in other op arguments
(which may need Python values, like `tf.stack(axis=)`): unsafe.

`float(t.numpy())` (or `int(...)`) whose value only meets tensors, directly or through the one
name it is assigned to (`w = float(b.numpy())`, then `loss * w`, `tf.reduce_sum(y) / w`, op
arguments): the Python number took the dtype of what it met, so the tensor cast to that dtype
is the same value; unsafe, one candidate per dtype (`tf.cast(b, tf.float32)`, float64; for `int`
int32, float32, int64, float64) for `fix --verify`. `np.std`/`np.var` → `tf.math.reduce_std`/`reduce_variance`
(NumPy's population statistics; `ddof=` is NumPy-only: no fix).

One more candidate for `fix --verify`, tried last: the code that needs the NumPy value run
eagerly in a `tf.py_function` on every call: a statement whose value is unused
(`tf.print("tag", name.numpy())` prints the bytes `b'cat'` as eagerly), or a
`tf.constant`/`tf.convert_to_tensor`/`tf.cast` given a dtype (`tf.constant(x.numpy(),
tf.float16)` keeps NumPy's single rounding). Always unsafe: XLA cannot compile it, a
SavedModel does not keep it.

Reported without a fix: `.numpy()` used as Python data (`float(x.numpy())` in an `if`, a
format, a Python call; `if x.numpy() > 0`); NumPy functions without an exact TensorFlow equivalent;
NumPy-only arguments (`dtype=`, `out=`, `axis=None` of concatenate, `order="A"`); `np.clip`
with no bound at all; results used through NumPy-only attributes
(`np.mean(x).item()`); backend-agnostic Keras code (no TensorFlow import). A
traced function that builds a NumPy array and stores tensors into it
(`buf[i] = x[i]`) is reported **once**, at the array, with no fix: no op-by-op
rewrite keeps it working; do not trace it.

Left alone: NumPy on Python data, static shapes and constants (`np.mean([1.0, 2.0])`,
`np.sqrt(x.shape[-1])`, TFP's `ps.shape(x)[-2]`, `np.pi`), folded into a constant at trace time on purpose,
also in a helper whose traced callers (in this file or another module of the run)
all pass Python values for that parameter (`attention(q, self._size_per_head)`,
`pool(x.shape[-1], 3)`): a helper's parameter is a tensor only when some traced call
passes something that may be one (calls under `if not tf.is_tensor(...)`, the branch its
author wrote for non-tensors, pass none);
a parameter where a type test keeps tensors out (under `if not tf.is_tensor(x):`,
`isinstance(x, (np.ndarray, list))`, `hasattr(x, "to_numpy")`, in the `else` of
`isinstance(x, tf.Tensor)`, after `if tf.is_tensor(x): return ...`), one read only
through `.shape`/`.dtype` (`np.all(shape[-2:] == minval.shape)`), and, in a helper
traced through its callers, the `isinstance(x, tf.RaggedTensor)`/`SparseTensor` branch
(the dense-tensor branch is reported);
functions given to `tf.py_function` or `tf.numpy_function`, which run eagerly on
real values; and `np.random` (see TFA002).
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
        buffers = _numpy_buffers(ctx)
        for function, buffer in buffers.items():
            yield self.finding(
                ctx, buffer,
                f"`{ctx.code(function.name)}` fills a NumPy array with tensors ({ctx.traced_reason(function)}): "
                "NumPy needs concrete values, and no op-by-op rewrite keeps this function working; "
                "do not trace it (call it eagerly, or wrap it in `tf.numpy_function`)",
            )
        for call in nodes(ctx, cst.Call):
            if any(f in buffers for f in ctx.ancestors(call)):
                continue  # reported once, for the whole function
            if m.matches(call, m.Call(func=m.Attribute(attr=m.Name("numpy")), args=[])):
                if ctx.is_traced(call) and not _guarded(ctx, call.func.value):  # type: ignore[attr-defined]
                    yield self._closed(ctx, call, _with_island(ctx, call, self._numpy_method(ctx, call)))
                continue
            numpy_names = sorted(
                n for n in ctx.names(call.func) if n.startswith("numpy.") and not n.startswith(_NOT_NUMPY_ON_TENSORS)
            )
            if not numpy_names or not ctx.is_traced(call):
                continue
            if not any(may_be_tensor(ctx, arg.value) and not _shape_parameter(ctx, arg.value) and not _no_tensor(ctx, arg.value)
                       for arg in call.args):
                continue  # NumPy on Python data: folded into a constant, as intended
            yield self._closed(ctx, call, self._numpy_function(ctx, call, numpy_names[0]))

    def _closed(self, ctx: FileContext, call: cst.Call, finding: Finding) -> Finding:
        """The finding with its fix (and each alternative) closed over every fact (the paths above
        prove what they say in the message; what a tape or a narrowing cast sees is asked here)."""
        if finding.fix is None:
            return finding
        fix = self._close(ctx, call, finding.fix)
        added = [u for u in fix.unknown if u not in finding.fix.unknown and not u.startswith("same-value")]
        if added:
            finding.message = finding.message.split(" (unsafe fix: not known:")[0] + self.unsafe_note(
                Fix({}, "unsafe", unknown=(*finding.fix.unknown, *added)))
        finding.fix = fix
        finding.alternatives = tuple(self._close(ctx, call, alternative) for alternative in finding.alternatives)
        return finding

    def _close(self, ctx: FileContext, call: cst.Call, fix: Fix) -> Fix:
        """``fix`` closed over every fact. Where a gradient may be taken, the TensorFlow value is
        wrapped in ``tf.stop_gradient``: the NumPy value it replaces was a constant to a tape."""
        # A path that made its fix unsafe said why in the message: the op may differ there.
        evidence: dict[str, Evidence] = {
            "same-value": Known() if fix.applicability == "safe" or fix.unknown else Unknown("as the message says"),
            "uses-after": Known(),
            "eager-island": Known(),
        }
        for reason in fix.unknown:
            name, _, why = reason.partition(": ")
            evidence[name] = Unknown(why)
        (site, edit), = fix.edits.items()
        target = ctx.code(edit) if isinstance(edit, cst.CSTNode) else ""
        evidence["exact-cast"] = Unknown("a cast to a 16-bit float rounds through float32 (NumPy rounds once)") if any(
            half in target for half in ("float16", "bfloat16", "half")) else Known()
        evidence["no-gradient"] = facts_of(ctx).no_gradient(call)
        edits, imports = fix.edits, fix.imports
        outside = _no_gradient_around(ctx, site)
        if outside is not None:
            evidence["no-gradient"] = Known(outside)
        elif isinstance(evidence["no-gradient"], Unknown) and isinstance(edit, cst.BaseExpression):
            tf_name, tf_import = ctx.tensorflow_alias
            edits = {site: cst.Call(cst.parse_expression(f"{tf_name}.stop_gradient"), [cst.Arg(edit)])}
            imports = tuple(dict.fromkeys((*imports, *((tf_import,) if tf_import else ()))))
            evidence["no-gradient"] = Known("tf.stop_gradient")
        return self.closed_fix(edits, evidence, imports, fix.label)

    def _numpy_method(self, ctx: FileContext, call: cst.Call) -> Finding:
        assert isinstance(call.func, cst.Attribute)
        receiver = call.func.value
        message = (
            f"`.numpy()` fails in traced code ({ctx.traced_reason(call)}): the tensor is symbolic, "
            "`AttributeError: 'SymbolicTensor' object has no attribute 'numpy'`"
        )
        parent = ctx.parent(call)
        outer = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
        if isinstance(outer, cst.Call) and ctx.resolves_to(outer.func, "tensorflow.constant", "tensorflow.convert_to_tensor"):
            # tf.constant rejects a symbolic tensor, tf.convert_to_tensor one of another dtype
            # (NumPy's array converts): the copy is the tensor itself, cast to the dtype asked.
            rest = [a for a in outer.args if a is not parent]
            dtype = rest[0].value if len(rest) == 1 and (rest[0].keyword is None or rest[0].keyword.value == "dtype") else None
            if parent is outer.args[0] and parent.keyword is None and (dtype is not None or not rest):
                tf_name, tf_import = ctx.tensorflow_alias
                replacement = cst.parse_expression(
                    f"{tf_name}.cast({ctx.code(receiver)}, {ctx.code(dtype)})" if dtype is not None
                    else f"{tf_name}.identity({ctx.code(receiver)})"
                )
                fix = Fix({outer: replacement}, imports=(tf_import,) if tf_import else ())
                return self.finding(ctx, call, message + "; copy the tensor with TensorFlow", fix)
            return self.finding(ctx, call, message + f" (not fixed: `{ctx.code(outer.func)}` with these arguments)")
        if isinstance(outer, cst.Call) and ctx.resolves_to(outer.func, "tensorflow.print") and parent.keyword is None:
            if proven_numeric(ctx, receiver):
                return self.finding(ctx, call, message + "; tf.print prints the tensor itself", Fix({call: receiver}))
            message += "; tf.print prints the tensor itself (unsafe: a string tensor prints without the `b'...'` of its bytes)"
            return self.finding(ctx, call, message, Fix({call: receiver}, applicability="unsafe"))
        if isinstance(outer, cst.Call) and op_name(ctx, outer) not in (None, "einsum"):
            # Proven: every TensorFlow op of `_TOP_LEVEL_OPS`/`tf.math.*` takes a tensor as its data
            # (first) argument; other arguments may need Python values (`tf.stack(axis=)`).
            data = next((a for a in outer.args if a.keyword is None), None)
            if data is parent:
                return self.finding(ctx, call, message + "; TensorFlow ops take the tensor itself", Fix({call: receiver}))
            message += "; pass the tensor itself (unsafe: this argument may need a Python value)"
            return self.finding(ctx, call, message, Fix({call: receiver}, applicability="unsafe"))
        if isinstance(parent, cst.BinaryOperation):
            message += "; use the tensor itself (unsafe: TensorFlow arithmetic does not promote dtypes like NumPy)"
            return self.finding(ctx, call, message, Fix({call: receiver}, applicability="unsafe"))
        number = outer if isinstance(outer, cst.Call) and len(outer.args) == 1 and _builtin_number(ctx, outer) else None
        if number is not None and _meets_tensors_only(ctx, number):
            # `w = float(b.numpy())`, then only arithmetic with tensors and TensorFlow ops: the Python
            # number took the dtype of what it met; the tensor cast to that dtype is the same value.
            tf_name, tf_import = ctx.tensorflow_alias
            imports = (tf_import,) if tf_import else ()
            # a Python float met floats; a Python int met ints or floats
            dtypes = ("float32", "float64") if number.func.value == "float" else ("int32", "float32", "int64", "float64")  # type: ignore[attr-defined]
            fixes = [Fix({number: cst.parse_expression(f"{tf_name}.cast({ctx.code(receiver)}, {tf_name}.{d})")},
                         applicability="unsafe", imports=imports,
                         unknown=(f"same-value: the dtype the Python number took where it met tensors: {', '.join(dtypes)}",),
                         label=f"cast to {tf_name}.{d}") for d in dtypes]
            message += (f"; the Python number `{ctx.code(number)}` only meets tensors: use the tensor itself, cast to the "
                        f"dtype it took there (unsafe; candidates for `fix --verify`: {', '.join(f.label for f in fixes)})")
            return self.finding(ctx, call, message, fixes[0], alternatives=tuple(fixes[1:]))
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
        open_clip = _open_clip(call) if short == "clip" else None
        equivalent, args = open_clip or (equivalent, _translated_args(call, equivalent, short))
        if args is None:
            return self.finding(ctx, call, message + " (not fixed: these arguments have no TensorFlow equivalent)")
        parent = ctx.parent(call)
        astype = _astype(ctx, call)  # `np.f(...).astype(D)`: the whole call becomes `tf.cast(tf.g(...), D)`
        if astype is None and isinstance(parent, cst.Attribute) and parent.value is call and parent.attr.value not in TENSOR_METADATA:
            return self.finding(ctx, call, message + f" (not fixed: the NumPy result's `.{parent.attr.value}` does not exist on tensors)")
        site = astype or call
        tf_name, tf_import = ctx.tensorflow_alias
        if ctx.backend_agnostic_keras:
            return self.finding(ctx, call, message + " (not fixed: the module does not import TensorFlow)")
        new_call: cst.BaseExpression = call.with_changes(func=cst.parse_expression(f"{tf_name}.{equivalent.tf_name}"), args=args)
        if short == "reshape":
            new_call = _reshape_order(new_call, tf_name)
            if new_call is None:
                return self.finding(ctx, call, message + " (not fixed: `order=` other than \"C\" or \"F\")")
        unsafe = equivalent.unsafe
        data = next((a.value for a in args if a.keyword is None), None)
        if unsafe is None and (data is None or not is_tensor(ctx, data)):
            # Safe needs the data to be a tensor: on a NumPy array (`np.transpose(df.to_numpy())`)
            # the op returns a tensor where NumPy returned an array, and NumPy code after it breaks.
            unsafe = f"`{ctx.code(data) if data is not None else short}` may be a NumPy array, which the TensorFlow op turns into a tensor"
        same: Evidence = Unknown(unsafe) if unsafe else Known()
        variants = VARIANTS.get(short, ()) if isinstance(new_call, cst.Call) else ()
        dtype = _data_dtype(ctx, data) if data is not None and unsafe is not None else None
        chosen = next((v for v in variants if dtype in v.dtypes), None)
        if chosen is not None:  # NumPy's result on this dtype needs another spelling, known to give it
            new_call, equivalent = _variant(new_call, chosen, tf_name), equivalent._replace(tf_name=chosen.tf_name or equivalent.tf_name)
            same = Known(dtype, "dtype")
        elif unsafe is not None and equivalent.unsafe not in (None, _PROMOTE) and dtype in ("float32", "float64"):
            same = Known(dtype, "dtype")  # the op differs from NumPy only on other dtypes
        used = facts_of(ctx).uses_after(site)
        # `_closed` asks the facts every fix of the rule needs; these two are this path's.
        unknown = tuple(f"{name}: {e.reason}" for name, e in (("same-value", same), ("uses-after", used)) if isinstance(e, Unknown))
        imports = (tf_import,) if tf_import else ()

        def cast(expr: cst.BaseExpression) -> cst.BaseExpression:  # NumPy's `.astype(D)` of the result
            return expr if astype is None else cst.Call(cst.parse_expression(f"{tf_name}.cast"), [cst.Arg(expr), astype.args[0]])

        fix = Fix({site: cast(new_call)}, "unsafe" if unknown else "safe", imports, unknown, f"tf.{equivalent.tf_name}")
        alternatives = []
        if dtype is None and isinstance(same, Unknown):  # candidates, one per dtype NumPy treats apart: execution chooses
            for variant in variants:
                reason = f"same-value: NumPy's result on {'/'.join(sorted(variant.dtypes))} data; the data's dtype is not known"
                alternatives.append(Fix({site: cast(_variant(new_call, variant, tf_name))}, "unsafe", imports, (reason, *unknown[1:]), variant.label))
        message += f"; use `tf.{equivalent.tf_name}`" + self.unsafe_note(fix)
        return self.finding(ctx, call, message, fix, alternatives)


def _with_island(ctx: FileContext, call: cst.Call, finding: Finding) -> Finding:
    """``finding`` with one more candidate: the code that needs ``.numpy()``'s value run by Python
    on every call (``tf.py_function``), as eager code ran it: a statement whose value is unused
    (``tf.print(..., x.numpy())``, ``print(...)``), or a ``tf.constant``/``tf.convert_to_tensor``/``tf.cast``
    given a dtype (the result's). Tried last: it keeps NumPy's own rounding, bytes and formatting."""
    island = None
    for node in ctx.ancestors(call):
        if isinstance(node, cst.Call) and ctx.resolves_to(node.func, "tensorflow.constant", "tensorflow.convert_to_tensor", "tensorflow.cast"):
            positional = [a for a in node.args if a.keyword is None]
            dtype = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "dtype"), None) or (
                positional[1].value if len(positional) > 1 else None)
            if dtype is not None and (made := eager_island(ctx, node, ctx.code(dtype))) is not None:
                island = ({node: made[0]}, made[1])
            break
        if isinstance(node, cst.Expr):
            if (made := eager_island(ctx, node.value, "[]")) is not None:
                island = ({node: node.with_changes(value=made[0])}, made[1])
            break
        if isinstance(node, (cst.BaseSmallStatement, cst.BaseCompoundStatement, cst.Lambda, cst.FunctionDef)):
            break
    if island is None:
        return finding
    fix = Fix(island[0], "unsafe", (island[1],) if island[1] else (), EAGER_ISLAND_UNKNOWN, "the eager code in tf.py_function")
    if finding.fix is None:
        finding.fix = fix
        finding.message = finding.message.replace(" (not fixed:", " (candidate for `fix --verify`: the eager code in tf.py_function; not fixed otherwise:")
    else:
        finding.alternatives = (*finding.alternatives, fix)
    return finding


def _astype(ctx: FileContext, call: cst.Call) -> cst.Call | None:
    """The ``call.astype(D)`` call around ``call`` (one positional dtype), if any."""
    attribute = ctx.parent(call)
    if not (isinstance(attribute, cst.Attribute) and attribute.value is call and attribute.attr.value == "astype"):
        return None
    outer = ctx.parent(attribute)
    if isinstance(outer, cst.Call) and outer.func is attribute and len(outer.args) == 1 and outer.args[0].keyword is None and not outer.args[0].star:
        return outer
    return None


def _open_clip(call: cst.Call) -> tuple[Equivalent, list[cst.Arg]] | None:
    """``np.clip(x, lo, None)`` is ``tf.maximum(x, lo)``, ``np.clip(x, None, hi)`` ``tf.minimum(x, hi)``
    (``tf.clip_by_value`` has no open bound); None unless one bound of three positional arguments is open."""
    if len(call.args) != 3 or any(a.keyword is not None or a.star for a in call.args):
        return None
    low, high = (m.matches(arg.value, m.Name("None")) for arg in call.args[1:])
    if low == high:
        return None
    kept = [call.args[0], call.args[2 if low else 1].with_changes(comma=cst.MaybeSentinel.DEFAULT)]
    return Equivalent("minimum" if low else "maximum", 2, (), _PROMOTE), kept


def _reshape_order(call: cst.Call, tf_name: str) -> cst.BaseExpression | None:
    """``tf.reshape`` for NumPy's ``order=``: "C" is its own order; "F" (column-major) is the
    row-major reshape of the transposed data to the reversed shape, transposed back."""
    order = next((a for a in call.args if a.keyword is not None and a.keyword.value == "order"), None)
    if order is None:
        return call
    if not isinstance(order.value, cst.SimpleString) or order.value.evaluated_value not in ("C", "F"):
        return None
    args = [a for a in call.args if a is not order]
    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    if order.value.evaluated_value == "C":
        return call.with_changes(args=args)
    data, shape = args[0].value, args[1].value
    if isinstance(shape, (cst.Tuple, cst.List)) and all(isinstance(e, cst.Element) for e in shape.elements):
        reversed_shape: cst.BaseExpression = shape.with_changes(elements=[
            e.with_changes(comma=cst.MaybeSentinel.DEFAULT) for e in reversed(shape.elements)])
    else:
        reversed_shape = cst.Subscript(shape, [cst.SubscriptElement(cst.Slice(None, None, step=cst.UnaryOperation(cst.Minus(), cst.Integer("1"))))])
    transpose = cst.parse_expression(f"{tf_name}.transpose")
    inner = cst.Call(transpose, [cst.Arg(data)])
    return cst.Call(transpose, [cst.Arg(call.with_changes(args=[cst.Arg(inner), cst.Arg(reversed_shape)]))])


def _data_dtype(ctx: FileContext, data: cst.BaseExpression) -> str | None:
    """The dtype of the NumPy function's data when known: what every trace saw (``--traces``), a
    comparison or boolean op (bool), or what the function's code fixes (``tf.cast(x, tf.int32)``)."""
    seen = facts_of(ctx).dtype(data)
    if isinstance(seen, Known):
        return str(seen.value)
    function = ctx.enclosing(data, cst.FunctionDef)
    if function is None:
        return None
    inference = TensorInference(ctx, function)
    if is_tensor(ctx, data) and inference.is_bool(data):
        return "bool"
    return inference.dtype(data)


def _variant(call: cst.BaseExpression, variant: Variant, tf_name: str) -> cst.BaseExpression:
    """``call`` (the equivalent op's call) with ``variant``'s op and its data cast to ``variant``'s dtype."""
    assert isinstance(call, cst.Call)
    if variant.tf_name is not None:
        call = call.with_changes(func=cst.parse_expression(f"{tf_name}.{variant.tf_name}"))
    if variant.cast is not None:
        first = call.args[0]
        cast = cst.parse_expression(f"{tf_name}.cast(_, {tf_name}.{variant.cast})")
        assert isinstance(cast, cst.Call)
        call = call.with_changes(args=[first.with_changes(value=cast.with_changes(args=[cst.Arg(first.value, comma=cast.args[0].comma), cast.args[1]])), *call.args[1:]])
    return call


def _no_gradient_around(ctx: FileContext, node: cst.CSTNode) -> str | None:
    """The call around ``node`` (in its expression) through which no gradient flows, if any:
    ``tf.print``, ``tf.stop_gradient`` (a NumPy call's rewrite) or a NumPy call (a constant)."""
    for ancestor in ctx.ancestors(node):
        if isinstance(ancestor, (cst.BaseSmallStatement, cst.BaseCompoundStatement, cst.Lambda)):
            return None
        if isinstance(ancestor, cst.Call):
            for name in ctx.names(ancestor.func):
                if name in ("tensorflow.print", "tensorflow.stop_gradient") or name.startswith("numpy."):
                    return f"inside `{ctx.code(ancestor.func).strip()}`"
    return None


def _shape_parameter(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """``input_shape``, ``shape[1:]``: Keras passes shapes (tuples, TensorShapes) to parameters so named."""
    while isinstance(expr, cst.Subscript):
        expr = expr.value
    return isinstance(expr, cst.Name) and expr.value.endswith("shape") and _parameter_here(ctx, expr)


def _parameter_here(ctx: FileContext, name: cst.Name) -> bool:
    """Does ``name`` hold its parameter's value here: a parameter, rebound (if at all) only
    after this line and not in a loop around it (``shape = tf.convert_to_tensor(shape)`` later)?"""
    scope = ctx.scope(name)
    if scope is None or name.value not in scope:
        return False
    assignments = [getattr(a, "node", None) for a in scope[name.value]]
    if not any(isinstance(node, cst.Param) for node in assignments):
        return False
    later = [node for node in assignments if not isinstance(node, cst.Param)]
    if not later:
        return True
    if any(node is None for node in later) or any(isinstance(a, (cst.For, cst.While)) for a in ctx.ancestors(name)):
        return False
    line = ctx.span(name)[0][0]
    return all(ctx.span(node)[0][0] > line for node in later)


#: Tests that a value is a tensor (``tf.is_tensor(x)``, ``keras.ops.is_tensor(x)``), tensor types, and types no tensor has.
_TENSOR_TESTS = frozenset({"tensorflow.is_tensor", "keras.ops.is_tensor", "keras.src.ops.is_tensor",
                           "tensorflow.python.framework.tensor_util.is_tf_type", "tensorflow.python.framework.tensor_util.is_tensor"})
_COMPOSITE = frozenset({"tensorflow.RaggedTensor", "tensorflow.SparseTensor"})
_DENSE = frozenset({"tensorflow.Tensor", "tensorflow.python.framework.ops.Tensor", "tensorflow.python.framework.tensor.Tensor"})
_TENSOR_TYPES = _COMPOSITE | _DENSE | {"tensorflow.Variable", "tensorflow.python.framework.ops.EagerTensor"}
_NOT_TENSORS = frozenset({"numpy.ndarray", "numpy.generic", "numpy.number", "numbers.Number", "numbers.Integral", "numbers.Real",
                          *(f"builtins.{t}" for t in ("list", "tuple", "dict", "set", "int", "float", "bool", "complex", "str", "bytes")),
                          *(f"six.{t}" for t in ("integer_types", "string_types", "text_type", "binary_type"))})


#: Attributes only pandas-like objects have: ``hasattr(x, "to_numpy")`` says x is no tensor.
_NOTTENSOR_METADATA = frozenset({"to_numpy", "iloc", "index", "columns"})


def _no_tensor(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """Is ``expr`` no tensor by what it is made of? No TensorFlow op in it, and each name in it
    that may be a tensor is a shape parameter or one a type test keeps tensors out of
    (``np.uint64([salt & mask])`` under ``isinstance(salt, int)``); what is only read through
    ``.shape``/``.dtype`` does not count (``np.all(shape[-2:] == minval.shape)``)."""
    parts = [p for p in _parts(ctx, expr) if may_be_tensor(ctx, p)]
    return bool(parts) and all(isinstance(p, cst.Name) and (_shape_parameter(ctx, p) or _guarded(ctx, p)) for p in parts)


def _parts(ctx: FileContext, expr: cst.CSTNode) -> Iterator[cst.BaseExpression]:
    """The names and TensorFlow calls ``expr`` computes with."""
    if isinstance(expr, cst.Name):
        yield expr
    elif isinstance(expr, cst.Attribute):
        if expr.attr.value not in TENSOR_METADATA:
            yield from _parts(ctx, expr.value)
    elif isinstance(expr, cst.Subscript):
        yield from _parts(ctx, expr.value)
    elif isinstance(expr, cst.Call):
        names = ctx.names(expr.func)
        if any(n.startswith("tensorflow.") for n in names):
            yield expr
        else:
            for child in (expr.func, *expr.args):
                yield from _parts(ctx, child)
    else:
        for child in expr.children:
            yield from _parts(ctx, child)


def _guarded(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """Does a type test on the name ``expr`` say it is no tensor here? Under
    ``if not tf.is_tensor(x):``, ``isinstance(x, (np.ndarray, list))``, the ``else`` of
    ``isinstance(x, tf.Tensor)``, after ``if tf.is_tensor(x): return ...``; and, in a helper
    traced through its callers, under ``isinstance(x, tf.RaggedTensor)``: a branch for the
    composite tensors only a caller that builds them passes (precision first: we do not
    know it does). Only for a parameter not rebound before this line."""
    if not isinstance(expr, cst.Name):
        return False
    if not _parameter_here(ctx, expr):
        return False
    ok = {"other", "composite"} if (ctx.traced_reason(expr) or "").startswith("called from") else {"other"}
    chain = [expr, *ctx.ancestors(expr)]
    for child, node in itertools.pairwise(chain):
        if isinstance(node, (cst.FunctionDef, cst.Lambda)):
            return False
        if isinstance(node, cst.If) and child in (node.body, node.orelse) and _type_test(ctx, node.test, expr.value, child is node.body) in ok:
            return True
        if isinstance(node, cst.IndentedBlock) and child in node.body:
            for statement in node.body[: node.body.index(child)]:  # `if tf.is_tensor(x): return ...` before
                if (isinstance(statement, cst.If) and statement.orelse is None and _exits(statement.body)
                        and _type_test(ctx, statement.test, expr.value, False) in ok):
                    return True
    return False


def _type_test(ctx: FileContext, test: cst.BaseExpression, name: str, true: bool) -> str | None:
    """What ``test`` being ``true`` (or false) says ``name`` is: "tensor", "composite"
    (a ragged or sparse tensor), "other" (no tensor), or None (nothing known)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _type_test(ctx, test.expression, name, not true)
    if isinstance(test, cst.BooleanOperation):
        kinds = {_type_test(ctx, test.left, name, true), _type_test(ctx, test.right, name, true)}
        if isinstance(test.operator, cst.And) == true:  # both hold: either one says it
            kinds.discard(None)
        return kinds.pop() if len(kinds) == 1 else None  # either holds: both must say the same
    if m.matches(test, m.Comparison(comparisons=[m.ComparisonTarget(m.IsNot(), m.Name("None"))])):
        # `tf is not None` false: TensorFlow is missing, no value is a tensor
        module = m.matches(test.left, m.Name("tf")) or any(n.startswith("tensorflow") for n in ctx.names(test.left))
        return "other" if not true and module else None
    if not (isinstance(test, cst.Call) and test.args and m.matches(test.args[0].value, m.Name(name))):
        return None
    if ctx.names(test.func) & _TENSOR_TESTS:
        return "tensor" if true else "other"
    if ctx.resolves_to(test.func, "builtins.hasattr") and len(test.args) == 2 and isinstance(test.args[1].value, cst.SimpleString):
        attribute = test.args[1].value.evaluated_value
        if attribute in _NOTTENSOR_METADATA:  # `hasattr(x, "to_numpy")`: a pandas object
            return "other" if true else None
        return "other" if attribute in ("shape", "dtype") and not true else None  # every tensor has them
    if not (ctx.resolves_to(test.func, "builtins.isinstance") and len(test.args) == 2):
        return None
    types = test.args[1].value
    names = [_type_names(ctx, e.value) for e in types.elements] if isinstance(types, cst.Tuple) else [_type_names(ctx, types)]
    if all(n & _NOT_TENSORS for n in names):
        return "other" if true else None
    if not all(n & _TENSOR_TYPES for n in names):
        return None
    if true:
        return "composite" if all(n & _COMPOSITE for n in names) else "tensor"
    return "other" if any(n & _DENSE for n in names) else None  # not a tf.Tensor (precision first: nor a ragged one)


def _type_names(ctx: FileContext, expr: cst.BaseExpression) -> set[str]:
    """Qualified names of a type; ``tf.X`` also when ``tf`` is not an import (keras_hub:
    ``tf = try_import_tensorflow()``)."""
    names = ctx.names(expr)
    if not any(n.startswith("tensorflow.") for n in names) and m.matches(expr, m.Attribute(value=m.Name("tf"))):
        return {f"tensorflow.{expr.attr.value}"}  # type: ignore[attr-defined]
    return names


def _exits(body: cst.BaseSuite) -> bool:
    last = body.body[-1] if isinstance(body, cst.IndentedBlock) else body
    small = getattr(last, "body", None)
    return isinstance(small, (list, tuple)) and bool(small) and isinstance(small[-1], (cst.Return, cst.Raise))


def _numpy_buffers(ctx: FileContext) -> dict[cst.FunctionDef, cst.CSTNode]:
    """Traced functions that build a NumPy array and store tensors into it (``buf[i] = x[i]``),
    each with the array's construction."""
    found: dict[cst.FunctionDef, cst.CSTNode] = {}
    for assign in nodes(ctx, cst.Assign):
        if not (isinstance(assign.value, cst.Call) and ctx.names(assign.value.func) & _BUFFERS):
            continue
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            continue
        function = ctx.enclosing(assign, cst.FunctionDef)
        if function is None or function in found or not ctx.is_traced(assign):
            continue
        name = assign.targets[0].target.value
        stores = m.findall(function, m.Assign(targets=[m.AssignTarget(target=m.Subscript(value=m.Name(name)))]))
        if any(may_be_tensor(ctx, store.value) for store in stores):  # type: ignore[attr-defined]
            found[function] = assign.value
    return found


def _translated_args(call: cst.Call, equivalent: Equivalent, short: str) -> list[cst.Arg] | None:
    data = next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "a"), None)
    if data is not None and not any(arg.keyword is None for arg in call.args):  # NumPy's data keyword: the op's first argument
        call = call.with_changes(args=[data.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT),
                                       *(arg for arg in call.args if arg is not data)])
    renames = dict(equivalent.renames)
    call = call.with_changes(args=[arg.with_changes(keyword=cst.Name(renames[arg.keyword.value]))
                                   if arg.keyword is not None and arg.keyword.value in renames else arg for arg in call.args])
    positional = [arg for arg in call.args if arg.keyword is None]
    keywords = [arg for arg in call.args if arg.keyword is not None]
    if any(arg.star for arg in call.args) or len(positional) > equivalent.positional:
        return None
    if any(arg.keyword.value not in (*equivalent.keywords, *renames.values()) for arg in keywords):
        return None
    if len(positional) < equivalent.positional and equivalent.positional > 1 and not equivalent.keywords:
        return None  # e.g. np.where(cond): a different function from tf.where(cond)
    if short == "clip" and any(m.matches(arg.value, m.Name("None")) for arg in positional):
        return None  # tf.clip_by_value has no open bound (`_open_clip` maps one open bound)
    args = list(call.args)
    if short == "concatenate" and len(positional) == 1 and not keywords:
        no_space = cst.SimpleWhitespace("")
        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(cst.Arg(cst.Integer("0"), keyword=cst.Name("axis"),
                            equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space)))
    if any(m.matches(arg, m.Arg(keyword=m.Name("axis"), value=m.Name("None"))) for arg in keywords) and short in ("concatenate", "stack"):
        return None  # np.concatenate(axis=None) flattens
    return args


def _builtin_number(ctx: FileContext, call: cst.Call) -> bool:
    """``float(...)``/``int(...)``, the builtins (the module does not rebind them)."""
    return isinstance(call.func, cst.Name) and ctx.names(call.func) & {"builtins.float", "builtins.int"} != set()


def _meets_tensors_only(ctx: FileContext, number: cst.Call) -> bool:
    """Is ``number`` (a Python number made from a tensor) only an operand of arithmetic with a value
    that may be a tensor, or a TensorFlow op's argument: directly, or through the one name it is
    assigned to (``w = float(b.numpy())``, then ``loss * w``)? Anything else (``if w > 0``, formatting,
    a Python call) needs the Python number."""
    uses = reads_of_assigned(ctx, number)
    uses = [number] if uses is None and not isinstance(ctx.parent(number), cst.Assign) else uses
    if not uses:
        return False
    for use in uses:
        around = ctx.parent(use)
        if isinstance(around, cst.BinaryOperation) and not isinstance(around.operator, (cst.MatrixMultiply,)):
            other = around.right if around.left is use else around.left
            if may_be_tensor(ctx, other):
                continue
        arg = around if isinstance(around, cst.Arg) else None
        call = ctx.parent(arg) if arg is not None else None
        if isinstance(call, cst.Call) and op_name(ctx, call) is not None and arg.keyword is None:
            continue
        return False
    return True

