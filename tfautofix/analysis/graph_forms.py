"""Python uses of an integer that TensorFlow ops can compute from an integer tensor instead.

TFA004 (a static dimension, ``x.shape[0]``, that an input_signature makes None becomes
``tf.shape(x)[0]``) and TFA007 (a Python int argument passed as ``tf.constant(n)``) both turn a
Python int into a scalar int32 tensor. Where the code used the int as Python data, the rewrite
of that use goes into the same fix:

- ``for i in range(n):`` filling Python lists (``L = []``, ``L.append(v)`` in the body, only
  ``tf.stack(L)`` after): each list a ``tf.TensorArray`` (AutoGraph then makes the loop a
  ``tf.while_loop``); where AutoGraph does not convert the code, the loop an explicit
  ``tf.while_loop`` over the names its body rebinds;
- ``np.zeros(n, D)`` / ``np.ones`` → ``tf.zeros([n], dtype=D)``.

The forms are never proven (the loop's values must keep their dtypes and shapes, the dtype of a
list's items is inferred or guessed): every fix using one is a candidate execution decides.
Edits are callables of the node already rewritten, so the int's own rewrite composes with them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.names import fresh_name

if TYPE_CHECKING:
    from tfautofix.analysis.context import FileContext
    from tfautofix.analysis.tensors import TensorInference


@dataclass
class GraphForm:
    """The edits (original node → callable of the rewritten node) and what they do."""

    edits: dict = field(default_factory=dict)
    why: str = ""


#: NumPy constructors whose first argument is a shape, and the TensorFlow op that takes it as a tensor.
_NUMPY_SHAPED = {"numpy.zeros": "zeros", "numpy.ones": "ones"}


def graph_form(ctx: FileContext, expr: cst.BaseExpression, infer: TensorInference | None = None) -> GraphForm | None:
    """The graph form of the Python use of ``expr`` (an int), or None when there is none."""
    printed = _printed(ctx, expr)
    if printed is not None:
        return printed
    arg = ctx.parent(expr)
    call = ctx.parent(arg) if isinstance(arg, cst.Arg) and arg.keyword is None else None
    if not isinstance(call, cst.Call) or call.args[0] is not arg:
        return None
    if ctx.resolves_to(call.func, "builtins.range") and len(call.args) == 1:
        loop = ctx.parent(call)
        return _range_loop(ctx, loop, infer) if isinstance(loop, cst.For) and loop.iter is call else None
    op = next((_NUMPY_SHAPED[n] for n in ctx.names(call.func) if n in _NUMPY_SHAPED), None)
    given = [a for a in call.args[1:] if a.keyword is None or a.keyword.value == "dtype"]
    if op is None or len(given) != len(call.args) - 1 or len(given) > 1:
        return None
    dtype = "float64" if not given else dtype_name(given[0].value)
    if dtype is None:
        return None
    tf = ctx.tensorflow_alias[0]

    def zeros(updated: cst.Call) -> cst.BaseExpression:
        return fill(f"{tf}.{op}([SHAPE_], dtype={tf}.{dtype})", SHAPE_=updated.args[0].value)

    return GraphForm({call: zeros}, f"`{ctx.code(call).strip()}` → `{tf}.{op}([...], dtype={tf}.{dtype})`")


def _printed(ctx: FileContext, expr: cst.BaseExpression) -> GraphForm | None:
    """``tf.print("rows: %d" % n)`` (or ``f"rows: {n}"``) → ``tf.print("rows:", n)``: tf.print joins its
    arguments with one space and prints an integer tensor as ``%d`` does, where the text around the
    one placeholder meets it with a space (or nothing, at the text's ends)."""
    parent = ctx.parent(expr)
    if isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, cst.Modulo) and parent.right is expr \
            and isinstance(parent.left, cst.SimpleString) and not parent.left.prefix.strip("\"'"):
        text, formatted = parent.left.evaluated_value, parent
        parts = text.split("%d") if text.count("%") == 1 and "%d" in text else text.split("%s") if text.count("%") == 1 else []
    elif isinstance(parent, cst.FormattedStringExpression) and parent.format_spec is None and parent.conversion is None \
            and parent.equal is None and isinstance(ctx.parent(parent), cst.FormattedString):
        formatted = ctx.parent(parent)
        pieces = formatted.parts  # type: ignore[union-attr]
        texts = [p.value for p in pieces if isinstance(p, cst.FormattedStringText)]
        if len(pieces) - len(texts) != 1 or any("{" in t or "}" in t or "\\" in t for t in texts):
            return None
        index = pieces.index(parent)
        parts = ["".join(p.value for p in pieces[:index]), "".join(p.value for p in pieces[index + 1:])]  # type: ignore[union-attr]
    else:
        return None
    arg = ctx.parent(formatted)
    call = ctx.parent(arg) if isinstance(arg, cst.Arg) and arg.keyword is None else None
    if len(parts) != 2 or not isinstance(call, cst.Call) or not ctx.resolves_to(call.func, "tensorflow.print") or any(
            a.keyword is not None and a.keyword.value == "sep" for a in call.args):
        return None
    before, after = parts
    if (before and not before.endswith(" ")) or (after and not after.startswith(" ")) or before.endswith("  ") or after.startswith("  "):
        return None
    index = list(call.args).index(arg)

    def split(updated: cst.Call) -> cst.Call:
        old = updated.args[index]
        value = old.value.right if isinstance(old.value, cst.BinaryOperation) else next(  # type: ignore[union-attr]
            p.expression for p in old.value.parts if isinstance(p, cst.FormattedStringExpression))  # type: ignore[union-attr]
        pieces = [*([_string(before[:-1])] if before else []), value, *([_string(after[1:])] if after else [])]
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        new = [cst.Arg(p, comma=comma) for p in pieces[:-1]] + [cst.Arg(pieces[-1], comma=old.comma)]
        return updated.with_changes(args=[*updated.args[:index], *new, *updated.args[index + 1:]])

    return GraphForm({call: split}, f"`{ctx.code(formatted).strip()}` printed as separate `tf.print` arguments")


def mapped(ctx: FileContext, read: cst.CSTNode, output: str | None = None) -> GraphForm | None:
    """``tf.stack([f(r) for r in tf.unstack(x)])`` (or ``... for r in x``) → ``tf.map_fn(f, x)``: the rows
    of ``x`` mapped in the graph, however many there are (a lambda for another expression of ``r``).
    ``read`` is the ``tf.unstack(x)`` call (along axis 0) or the comprehension's ``for``; ``output``:
    the dtype of a row's result when ``x`` is ragged (``fn_output_signature=``)."""
    if isinstance(read, cst.Call):
        if len(read.args) > 1 and not m.matches(read.args[1], m.Arg(m.Integer("0"), keyword=m.Name("axis") | None)) or len(read.args) > 2:
            return None
        loop, rows = ctx.parent(read), read.args[0].value
    else:
        loop, rows = read, read.iter  # type: ignore[attr-defined]
    comprehension = ctx.parent(loop)
    arg = ctx.parent(comprehension)
    stack = ctx.parent(arg) if isinstance(arg, cst.Arg) else None
    if not (isinstance(loop, cst.CompFor) and loop.iter in (read, rows) and loop.inner_for_in is None and not loop.ifs
            and isinstance(loop.target, cst.Name) and loop.asynchronous is None and isinstance(comprehension, cst.ListComp)
            and isinstance(stack, cst.Call) and ctx.resolves_to(stack.func, "tensorflow.stack") and len(stack.args) == 1):
        return None
    tf, row, element = ctx.tensorflow_alias[0], loop.target.value, comprehension.elt
    direct = m.matches(element, m.Call(args=[m.Arg(m.Name(row), keyword=None)])) and not m.findall(element.func, m.Name(row))  # type: ignore[attr-defined]
    function = element.func if direct else fill(f"lambda {row}: ELEMENT_", ELEMENT_=element)  # type: ignore[attr-defined]
    signature = f", fn_output_signature={tf}.{output}" if output else ""
    return GraphForm({stack: fill(f"{tf}.map_fn(FUNCTION_, ROWS_{signature})", FUNCTION_=function, ROWS_=rows)},
                     f"`{ctx.code(stack).strip()}` as `{tf}.map_fn`")


def _string(text: str) -> cst.SimpleString:
    return cst.SimpleString(json.dumps(text, ensure_ascii=False))


def dtype_name(expr: cst.BaseExpression) -> str | None:
    """``float32`` for ``np.float32``, ``tf.float32`` or ``"float32"``; None for other spellings."""
    name = expr.attr.value if isinstance(expr, cst.Attribute) else expr.evaluated_value if isinstance(expr, cst.SimpleString) else None
    return name if isinstance(name, str) and name.isidentifier() and name.rstrip("0123456789") in ("float", "int", "uint", "bool", "complex") else None


def _appended(loop: cst.For, name: str) -> list[cst.Expr] | None:
    """The ``name.append(v)`` statements of the loop's body, when nothing else in it reads ``name``."""
    statements = m.findall(loop.body, m.Expr(m.Call(func=m.Attribute(m.Name(name), m.Name("append")), args=[m.Arg(keyword=None)])))
    reads = m.findall(loop.body, m.Name(name))
    return statements if statements and len(reads) == len(statements) else None  # type: ignore[return-value]


def _accumulators(ctx: FileContext, func: cst.FunctionDef, loop: cst.For) -> dict[str, tuple] | None:
    """Python lists the loop fills: name → (its ``= []`` binding, appends, the ``tf.stack(name)`` reads
    after it). None when some list the body appends to is used otherwise."""
    found: dict[str, tuple] = {}
    for call in m.findall(loop.body, m.Call(func=m.Attribute(m.Name(), m.Name("append")))):
        name = call.func.value.value  # type: ignore[attr-defined]
        if name in found:
            continue
        appends = _appended(loop, name)
        if appends is None:
            return None
        binding, stacks = None, []
        for node in m.findall(func.body, m.Name(name)):
            if loop in ctx.ancestors(node):
                continue
            parent = ctx.parent(node)
            if isinstance(parent, cst.AssignTarget) and binding is None and m.matches(ctx.parent(parent), m.Assign(value=m.List([]))) \
                    and ctx.span(parent)[0] < ctx.span(loop)[0]:
                binding = ctx.parent(parent)
                continue
            stack = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
            if isinstance(stack, cst.Call) and ctx.resolves_to(stack.func, "tensorflow.stack") and len(stack.args) == 1 \
                    and ctx.span(stack)[0] > ctx.span(loop)[1]:
                stacks.append(stack)
                continue
            return None
        if binding is None:
            return None
        found[name] = (binding, appends, stacks)
    return found


def _bound_before(ctx: FileContext, func: cst.FunctionDef, loop: cst.For, name: str) -> bool:
    """Is ``name`` a parameter of ``func`` or assigned before ``loop`` starts?"""
    if any(p.name.value == name for p in (*func.params.posonly_params, *func.params.params)):
        return True
    start = ctx.span(loop)[0]
    return any(isinstance(ctx.parent(n), (cst.AssignTarget, cst.AugAssign)) and ctx.span(n)[0] < start
               for n in m.findall(func.body, m.Name(name)))


def _range_loop(ctx: FileContext, loop: cst.For, infer: TensorInference | None) -> GraphForm | None:
    """``for i in range(n)`` with a tensor ``n``: its lists as TensorArrays, and the loop an explicit
    ``tf.while_loop`` where AutoGraph does not convert it."""
    func = ctx.enclosing(loop, cst.FunctionDef)
    if func is None or not isinstance(loop.target, cst.Name) or loop.orelse is not None or m.findall(
            loop.body, m.Break() | m.Continue() | m.Return() | m.Yield() | m.FunctionDef() | m.Lambda() | m.Global() | m.Nonlocal()):
        return None
    lists = _accumulators(ctx, func, loop)
    if lists is None:
        return None
    tf = ctx.tensorflow_alias[0]
    form = GraphForm()
    for name, (binding, appends, stacks) in lists.items():
        values = [a.value.args[0].value for a in appends]
        dtypes = {infer.dtype(v) for v in values} if infer is not None else {None}
        dtype = dtypes.pop() if len(dtypes) == 1 and None not in dtypes else "float32"
        form.edits[binding] = lambda updated, n=name, d=dtype: updated.with_changes(
            value=cst.parse_expression(f"{tf}.TensorArray({tf}.{d}, size=0, dynamic_size=True)"))
        for append in appends:
            form.edits[append] = lambda updated, n=name: cst.Assign(
                [cst.AssignTarget(cst.Name(n))], fill(f"{n}.write({n}.size(), VALUE_)", VALUE_=updated.value.args[0].value))
        for stack in stacks:
            form.edits[stack] = lambda updated, n=name: cst.parse_expression(f"{n}.stack()")
    form.why = "".join(f"`{n}` a `{tf}.TensorArray`; " for n in lists)
    if ctx.autograph(loop):
        if not lists:
            return None  # AutoGraph converts `for ... in range(tensor)` itself: the caller's concern
        form.why += "the loop converted by AutoGraph"
        return form
    carried = _carried(ctx, func, loop, set(lists))
    if carried is None:
        return None
    target = loop.target.value
    body_name = _fresh(ctx, "loop_body")
    variables = ", ".join([target, *carried])

    def while_loop(updated: cst.For) -> cst.FlattenSentinel:
        returned = ", ".join([f"{target} + 1", *carried]) + ("," if not carried else "")
        body = cst.FunctionDef(cst.Name(body_name), cst.parse_expression(f"lambda {variables}: 0").params,  # type: ignore[attr-defined]
                               cst.IndentedBlock([*updated.body.body, cst.parse_statement(f"return {returned}")],
                                                 header=updated.body.header),  # type: ignore[attr-defined]
                               leading_lines=updated.leading_lines)
        call = fill(f"{tf}.while_loop(lambda {variables}: {target} < BOUND_, {body_name}, [0, {', '.join(carried)}])",
                     BOUND_=updated.iter.args[0].value)  # type: ignore[attr-defined]
        targets = cst.parse_expression(variables + ("," if not carried else ""))
        return cst.FlattenSentinel([body, cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(targets)], call)])])

    form.edits[loop] = while_loop
    form.why += f"the loop a `{tf}.while_loop` over `{variables}` (AutoGraph does not convert this code)"
    return form


def _carried(ctx: FileContext, func: cst.FunctionDef, loop: cst.For, lists: set[str]) -> list[str] | None:
    """The names the loop's body rebinds, each bound before the loop (its ``tf.while_loop``'s
    variables); None when the body does more than assign names (and append to ``lists``) or the
    loop's variable is read after it."""
    target = loop.target.value  # type: ignore[attr-defined]
    if any(loop not in ctx.ancestors(n) for n in m.findall(func.body, m.Name(target)) if n is not loop.target):
        return None
    carried: list[str] = []
    for line in loop.body.body:  # type: ignore[union-attr]
        if not isinstance(line, cst.SimpleStatementLine):
            return None
        for small in line.body:
            if isinstance(small, cst.Expr) and m.matches(small.value, m.Call(func=m.Attribute(m.Name(), m.Name("append")))):
                names = [small.value.func.value.value]  # type: ignore[attr-defined]
            elif isinstance(small, cst.Assign) and all(isinstance(t.target, cst.Name) for t in small.targets):
                names = [t.target.value for t in small.targets]  # type: ignore[attr-defined]
            elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
                names = [small.target.value]
            else:
                return None
            carried += [n for n in names if n not in carried and n != target and (n in lists or _bound_before(ctx, func, loop, n))]
    return carried


def fill(template: str, **values: cst.BaseExpression) -> cst.BaseExpression:
    """``template`` parsed, its placeholder names (``BOUND_``) replaced by the given expressions."""

    class Fill(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
            return values.get(updated.value, updated)

    return cst.parse_expression(template).visit(Fill())  # type: ignore[return-value]


def _fresh(ctx: FileContext, base: str) -> str:
    """``base``, or ``base_2``, ... : a name the module does not use."""
    return fresh_name(base, {n.value for n in m.findall(ctx.module, m.Name())})
