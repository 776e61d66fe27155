"""TFA018 assert-on-tensor: ``assert <tensor>`` in traced code → ``tf.debugging`` assertions."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Fact, Known, Unknown, facts_of
from tfautofix.analysis.index import nodes
from tfautofix.analysis.tensors import ScreenTensors, TensorInference
from tfautofix.edits import split_function
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site

#: Comparison → the ``tf.debugging`` assertion checking it on two tensors.
_ASSERTIONS = {
    cst.GreaterThan: "assert_greater",
    cst.GreaterThanEqual: "assert_greater_equal",
    cst.LessThan: "assert_less",
    cst.LessThanEqual: "assert_less_equal",
    cst.Equal: "assert_equal",
    cst.NotEqual: "assert_none_equal",
}


class AssertOnTensor(Rule):
    code = "TFA018"
    name = "assert-on-tensor"
    summary = "`assert` on a tensor in traced code fails: AutoGraph does not convert `assert` by default"
    fixable = "unsafe"  # safe when the condition is a scalar and the message a plain string
    contract = "exact"
    triggers = ("assert",)
    facts = (
        Fact("no-xla", "no XLA compilation on the path (XLA drops assertion ops)"),
        Fact("exceptions", "no handler around the assert, nor anything in the module, expects `AssertionError` "
             "(the assertion raises `InvalidArgumentError`)"),
        Fact("scalar-condition", "the condition is a scalar (the assertion checks every element)"),
        Fact("plain-message", "the message is a string literal (else it is computed at trace time)"),
    )
    docs = """
`assert cond` asks Python for `bool(cond)`. Eagerly a tensor answers; while
TensorFlow traces, it is symbolic and refuses: `OperatorNotAllowedInGraphError:
Using a symbolic tf.Tensor as a Python bool is not allowed`. AutoGraph converts
`if`/`while` on tensors, but *not* `assert`: that conversion
(`Feature.ASSERT_STATEMENTS`) is optional and off by default (measured on TF
2.21: `@tf.function` with `assert tf.reduce_sum(x) > 0` fails on the first
call; so does a Keras 3 layer's `call` in `model.fit`).

The fix checks the condition with a graph op that runs on every call:
`assert a > b, "msg"` with both operands tensors →
`tf.debugging.assert_greater(a, b, message="msg")` (`>=`, `<`, `<=`, `==`, `!=`
likewise); any other tensor condition (a comparison with a Python number, whose
dtype the operator overload adapts, `tf.reduce_all(...)`) →
`tf.debugging.Assert(cond, ["msg"])`.

Safe when the condition is proven a scalar (a reduction, a `tf.shape(x)[i]`, a
number), the message is absent or a string literal, XLA is excluded (the
function's `tf.function` decorator sets no `jit_compile` and no `**options`; a
function without one — a helper, `tf.function(step, jit_compile=True)` — only when
no call in the module sets them), and the module does not catch `AssertionError`
(`except`, `contextlib.suppress`, `assertRaises`, a tuple of exceptions: any use
of the name but `raise`): the check then
passes and fails exactly when the `assert` did. Unsafe otherwise: a non-scalar
condition (eagerly `bool()` raised on it; the assertions check every element),
a message that is an expression (evaluated at trace time, not on failure), XLA
(`jit_compile=True` ignores `Assert` ops: a failing call returns a value), or an
`AssertionError` caught in the module (the failure now escapes it).
Either way a failure raises `InvalidArgumentError` instead of `AssertionError`,
and `python -O` no longer removes the check.

Left alone: asserts on Python values (`x.shape[0] > 0`, `len(xs) == 2`,
`isinstance(...)`) — only conditions proven to be tensors are reported —,
asserts AutoGraph converts to `tf.Assert` itself (`experimental_autograph_options` with
`ASSERT_STATEMENTS` or `ALL`, or options held by a variable: not known), and code that is not traced. `and`/`or` of tensors is
reported without a fix.
"""
    before = """\
import tensorflow as tf

@tf.function
def step(x):
    assert tf.reduce_sum(x) > 0.0, "empty batch"
    return x * 2
"""
    after = """\
import tensorflow as tf

@tf.function
def step(x):
    tf.debugging.Assert(tf.reduce_sum(x) > 0.0, ["empty batch"])
    return x * 2
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Each traced ``assert`` whose condition may be a tensor."""
        asserts = screen.traced_sites(ast.Assert)
        if not asserts:
            return []
        tensors = ScreenTensors(screen)
        return [site for site in asserts if tensors.may_be_tensor(site.node.test)]

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        inferences: dict[cst.FunctionDef, TensorInference] = {}
        reported: dict[cst.FunctionDef, list[cst.Assert]] = {}
        for node in nodes(ctx, cst.Assert):
            func = ctx.enclosing(node, cst.FunctionDef)
            if func is None or not ctx.is_traced(node) or False not in ctx.autograph_feature(node, "ASSERT_STATEMENTS"):
                continue
            if func not in inferences:
                inferences[func] = TensorInference(ctx, func)
            if inferences[func].is_tensor(node.test):
                reported.setdefault(func, []).append(node)
        catches = None
        splits: dict[cst.FunctionDef, Fix | None] = {}
        for func, asserts in reported.items():
            inference = inferences[func]
            for node in asserts:
                message = (
                    f"`assert` on a tensor fails while tracing ({ctx.traced_reason(node)}): AutoGraph does not "
                    "convert `assert`, and a symbolic tensor has no Python truth value"
                )
                if isinstance(node.test, cst.BooleanOperation):
                    yield self.finding(ctx, node, message + " (not fixed: `and`/`or` of tensors; assert each part)")
                    continue
                if catches is None:
                    catches = _catches_assertion_error(ctx)
                jit = _jit_compiled(ctx, func)
                edits, imports, assertion, evidence = _fix(ctx, node, inference, jit, catches)
                fix = self.closed_fix(edits, evidence, imports)
                if func not in splits and fix.unknown:  # a safe assertion needs no other candidate
                    splits[func] = self._split(ctx, func, asserts, inference, jit, catches)
                split = splits.get(func)
                assertion = f"`{assertion}`" + self.unsafe_note(fix)
                if split is None:
                    yield self.finding(ctx, node, f"{message}; fix: {assertion}", fix)
                elif _split_first(fix):
                    message += f"; fix: {split.label}{self.unsafe_note(split)}; other candidate for `fix --verify`: {assertion}"
                    yield self.finding(ctx, node, message, split, alternatives=(fix,))
                else:
                    message += f"; fix: {assertion}; other candidate for `fix --verify`: {split.label}"
                    yield self.finding(ctx, node, message, fix, alternatives=(split,))

    def _split(
        self, ctx: FileContext, func: cst.FunctionDef, asserts: list[cst.Assert], inference: TensorInference, jit: bool, catches: bool
    ) -> Fix | None:
        """The asserts checked outside the traced computation: in Python by an eager wrapper around a
        traced core (``AssertionError`` as eagerly), or, when XLA compiles ``func``, by
        ``tf.debugging`` assertions in an ordinary tf.function around the jit-compiled core."""
        lines = [ctx.parent(a) for a in asserts]
        if any(not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 for line in lines):
            return None
        xla = jit and _jit_decorated(func)
        if jit and not xla:
            return None  # XLA chosen away from the decorator: the wrapper could be compiled too
        replay, imports = {}, ()
        decorators: tuple[cst.Decorator, ...] = ()
        if xla:
            tf_name, tf_import = ctx.tensorflow_alias
            for line, node in zip(lines, asserts):
                edits, imports, _, _ = _fix(ctx, node, inference, False, catches)
                replay[line] = [line.with_changes(body=[edits[node]])]
            decorators = (cst.Decorator(cst.parse_expression(f"{tf_name}.function")),)
            imports = (tf_import,) if tf_import else ()
        edits, why_not = split_function(ctx, func, lines, replay, decorators)
        if why_not is not None:
            return None
        label = ("split: the computation in a jit_compile core, the check in an ordinary tf.function around it"
                 if xla else "split: the check in an eager wrapper around a traced core (`AssertionError` as eagerly)")
        unknown = ("one-cluster: the check runs outside XLA, the computation in its own compiled function",) if xla else (
            "closed-world: the function is called only eagerly (another module tracing it would trace the assert)",)
        return Fix(edits, "unsafe", imports, unknown, label)


def _split_first(fix: Fix) -> bool:
    """Is the split more likely right than the graph assertion: the module expects
    `AssertionError`, or XLA would drop the assertion?"""
    return any(u.startswith(("exceptions", "no-xla")) for u in fix.unknown)


def _jit_decorated(func: cst.FunctionDef) -> bool:
    """Does ``func``'s own decorator say ``jit_compile=True``?"""
    return any(
        isinstance(d.decorator, cst.Call) and any(
            getattr(arg.keyword, "value", None) == "jit_compile" and m.matches(arg.value, m.Name("True")) for arg in d.decorator.args)
        for d in func.decorators
    )


_FUNCTION = m.Attribute(attr=m.Name("function")) | m.Name("function")


def _jit_compiled(ctx: FileContext, func: cst.FunctionDef) -> bool:
    """May ``func`` run under XLA, which ignores ``Assert`` ops? Its ``tf.function`` decorator
    decides (`jit_compile=` not False/None, or `**options`); without one (a helper, or
    `tf.function(step, jit_compile=True)`), any such call in the module may."""
    decorators = [d.decorator for d in func.decorators]
    if any(m.matches(d, _FUNCTION | m.Call(func=_FUNCTION)) for d in decorators):
        return any(
            isinstance(d, cst.Call)
            and any(
                arg.star == "**"
                or (getattr(arg.keyword, "value", None) == "jit_compile" and not m.matches(arg.value, m.Name("False") | m.Name("None")))
                for arg in d.args
            )
            for d in decorators
        )
    return any(isinstance(node, ast.Call) and _may_jit(node) for node in ast.walk(ctx.screen.tree))


def _may_jit(call: ast.Call) -> bool:
    return any(
        (k.arg == "jit_compile" and not (isinstance(k.value, ast.Constant) and k.value.value in (False, None)))
        or (k.arg is None and _names_function(call.func))
        for k in call.keywords
    )


def _names_function(func: ast.expr) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "function") or (isinstance(func, ast.Name) and func.id == "function")


def _catches_assertion_error(ctx: FileContext) -> bool:
    """Does the module (the whole file, not the focused definitions) name ``AssertionError`` other
    than to raise it (`except`, `contextlib.suppress`, `assertRaises`, `FAILURES = (AssertionError, ...)`)?
    The fix raises ``InvalidArgumentError`` instead."""
    raised = {id(n) for node in ast.walk(ctx.screen.tree) if isinstance(node, ast.Raise) for n in ast.walk(node)}
    return any(
        isinstance(node, ast.Name) and node.id == "AssertionError" and id(node) not in raised
        for node in ast.walk(ctx.screen.tree)
    )


def _fix(
    ctx: FileContext, node: cst.Assert, inference: TensorInference, jit_compiled: bool, catches: bool
) -> tuple[dict, tuple, str, dict]:
    """The edits, their imports, the assertion they call, and the evidence for the rule's facts."""
    tf_name, tf_import = ctx.tensorflow_alias
    test, msg = node.test, node.msg
    facts = facts_of(ctx)
    caught = facts.caught_around(node)
    if isinstance(caught, Known) and "AssertionError" in caught.value:  # type: ignore[operator]
        caught = Unknown("`except AssertionError` around the assert")
    if catches:
        caught = Unknown("this module names `AssertionError`; the assertion raises `InvalidArgumentError`")
    broad = _broad_handler(ctx)
    if broad is not None:
        caught = Unknown(f"the module catches `{broad[0]}` (line {broad[1]}): it sees `InvalidArgumentError` instead of `AssertionError`")
    scalar = inference.is_scalar(test) is True
    evidence = {
        "no-xla": Unknown("XLA (`jit_compile`) ignores assertion ops") if jit_compiled else facts.xla(node),
        "exceptions": caught,
        "scalar-condition": Known() if scalar else Unknown("the condition may not be a scalar; the assertion checks every element"),
        "plain-message": Known() if msg is None or isinstance(msg, cst.SimpleString) else Unknown("the message is computed at trace time, not on failure"),
    }
    no_space = cst.SimpleWhitespace("")
    equal = cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space)
    comparison = test.comparisons[0] if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 else None
    assertion = _ASSERTIONS.get(type(comparison.operator)) if comparison is not None else None
    if assertion is not None and inference.is_tensor(test.left) and inference.is_tensor(comparison.comparator):
        name = f"{tf_name}.debugging.{assertion}"  # checks every element, like tf.reduce_all
        args = [cst.Arg(test.left), cst.Arg(comparison.comparator)]
        if msg is not None:
            args.append(cst.Arg(msg, keyword=cst.Name("message"), equal=equal))
    else:
        name = f"{tf_name}.debugging.Assert"
        condition = test if scalar else cst.Call(cst.parse_expression(f"{tf_name}.reduce_all"), [cst.Arg(test)])
        data = msg if msg is not None else cst.SimpleString(_quoted(f"assert {ctx.code(test)}"))
        args = [cst.Arg(condition), cst.Arg(cst.List([cst.Element(data)]))]
    call = cst.Call(cst.parse_expression(name), args)
    imports = (tf_import,) if tf_import else ()
    return {node: cst.Expr(call, semicolon=node.semicolon)}, imports, name, evidence


def _broad_handler(ctx: FileContext) -> tuple[str, int] | None:
    """A handler anywhere in the file (callers included) that catches ``AssertionError`` through a base
    class: ``except:``, ``except Exception``, ``except BaseException``."""
    for node in ast.walk(ctx.screen.tree):
        if isinstance(node, ast.ExceptHandler):
            if node.type is None:
                return "except:", node.lineno
            for part in node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]:
                name = part.id if isinstance(part, ast.Name) else part.attr if isinstance(part, ast.Attribute) else None
                if name in ("Exception", "BaseException"):
                    return name, node.lineno
    return None


def _quoted(text: str) -> str:
    return f'"{text}"' if '"' not in text and "\\" not in text else repr(text)
