"""TFA008 print-in-traced-function: ``print`` → ``tf.print`` inside traced code."""

from __future__ import annotations

import ast
import re
from typing import Iterator

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, GlobalScope

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Fact, Known, Unknown, facts_of
from tfautofix.analysis.index import nodes
from tfautofix.analysis.tensor_values import is_tensor, may_be_tensor, proven_numeric
from tfautofix.analysis.tensors import TensorInference
from tfautofix.rule import Finding, Fix, ImportSpec, Rule
from tfautofix.screen import Screen, Site

#: ``print("Tracing with", x)`` is the documented idiom to *observe* tracing; keep it.
_TRACE_LOGGING = re.compile(r"trac(e|ing)", re.IGNORECASE)
_STREAMS = ("sys.stdout", "sys.stderr")


def _watches_tracing(strings: Iterator[str]) -> bool:
    """Does one of a print's string literals (their source text) say it watches tracing?"""
    return any(_TRACE_LOGGING.search(text) for text in strings)


class PrintInTracedFunction(Rule):
    code = "TFA008"
    name = "print-in-traced-function"
    summary = "`print` in traced code runs once, at trace time; `tf.print` runs on every call"
    fixable = "safe"
    contract = "side-effect"
    triggers = ("print",)
    facts = (
        Fact("printed-values", "each printed value is a literal, or a tensor proven numeric (tf.print shows bools as 1/0 "
             "and strings without b'...') with at most 1000 elements (print summarises larger ones, like NumPy)"),
        Fact("stdout", "the module does not redirect sys.stdout/sys.stderr and is not a notebook (tf.print writes to "
             "the process's streams, not to a replaced `sys.stdout`)"),
        Fact("called-eagerly", "eagerly the function runs on each call (not a `Dataset` function, which tf.data traces "
             "even when run eagerly: there `print` runs once, as in graph mode)"),
        Fact("current-state", "no printed value is Python state (self.x, a rebound global) frozen at trace time"),
        Fact("made-at-run-time", "no printed value is text made in Python from the symbolic tensor (describe(x), .numpy() of strings)"),
        Fact("no-xla", "no XLA compilation on the path (tf.print does not compile)"),
    )
    docs = """
Inside a `tf.function` (and anything it calls, `Dataset.map` functions, Keras
`call`/`train_step`, ...) Python's `print` runs while TensorFlow *traces* the
function, not when the compiled graph runs: it prints once (or once per retrace),
and it prints symbolic tensors (`Tensor("x:0", shape=(), dtype=float32)`), not
values. Eagerly, the same code prints on every call. `tf.print` is a graph op and
prints the values on every call.

The fix turns `print(a, b, sep=..., end=...)` into `tf.print(a, b, sep=..., end=...,
output_stream=sys.stdout)`. Its preconditions, each checked in the code:

- **the text is built at run time**: a plain f-string is split into its pieces
  (`print(f"loss={loss}")` → `tf.print("loss=", loss, sep="")`); text formatted in
  Python (`"%.4f" % loss`, `msg % args` unless `msg` is a tensor, `.format`, `str(x)`,
  `"a" + str(x)`, format specs and `!r` in f-strings, `.dtype`) is formatted once, from
  the symbolic tensor: no fix; a printed call of anything but a TensorFlow op or `len`
  given a possible tensor (`describe(loss)`, `type(x)`) may make its text from the
  symbolic tensor at trace time, and `x.numpy()` of a tensor not proven numeric may be
  string bytes (printed `b'...'`, where `tf.print` shows the text): unsafe;
- **the stream is kept**: `tf.print` writes to stderr by default, so stdout is
  passed explicitly; `file=sys.stderr` becomes `output_stream=sys.stderr`; other
  files: no fix. `flush=` is dropped (`tf.print` does not buffer);
- **every element is printed**: `tf.print` shows 3 + 3 elements of a tensor,
  `print` all of them (up to NumPy's 1000): `summarize=-1` is passed unless every
  value is a proven scalar; `x.shape` (None in a graph) becomes `tf.shape(x)`;
- **no stale Python state**: `self.x` (unless every `self.x = ...` of the class is a
  TensorFlow object, e.g. a variable) and globals rebound after import are read at
  trace time: the graph would print the traced value on every call, where eager
  `print` showed the current one: unsafe;
- **the value of `print(...)` is unused** (`tf.print` returns an op, not None), or dropped by
  `or` (`return print(...) or x` becomes the print on a line of its own, then `return x`);
- **no new backend**: Keras 3 code that imports `keras` and never TensorFlow is
  reported without a fix (a fix would tie it to TensorFlow).

Where tf.print is declined or unsafe, one more candidate for `fix --verify`: Python's own
`print` in a `tf.py_function` on every call, as eager code runs it (`True`, `b'ok'`, a helper's
text, a redirected `sys.stdout`, `self.x` read now): the function's tensors are passed by value,
`self`, globals and a `%` format's text are read when it runs. Always unsafe (XLA cannot compile
it, a SavedModel does not keep it); never in tf.data functions (traced even eagerly: print ran once).

`sys` is the module's own import of it, else a new `import sys` (where isort puts it),
spelled `sys_` when the file already uses the name `sys` for something else.

Left alone: prints of what tracing knows as well as eager code (literals, dtypes,
ranks, shapes unless the function has a relaxed signature): printing once per trace is
then the intent (a notebook showing a layer's input shape), `tf.print` would repeat it on
every step; prints that AutoGraph converts itself, printing on every call: in a
`tf.function(experimental_autograph_options=...BUILTIN_FUNCTIONS)` (or `ALL`, decorator or call form,
and the helpers it calls), or where the options are a variable (not known); prints whose text mentions tracing (`print("Tracing with", x)`),
which is TensorFlow's own idiom to observe retracing and is meant to run at
trace time; prints in a local `tf.function` used only as `f.get_concrete_function()`
(traced to build a graph, never called: it prints when it runs); and prints
outside traced code.
"""
    before = """\
import tensorflow as tf

@tf.function
def step(x):
    print("loss", x)
    return x * 2
"""
    after = """\
import sys

import tensorflow as tf

@tf.function
def step(x):
    tf.print("loss", x, summarize=-1, output_stream=sys.stdout)
    return x * 2
"""

    def prescreen(self, screen: Screen) -> list[Site]:
        """Each ``print(...)`` call in code that may be traced; with what ``_stale`` reads
        elsewhere: ``global`` statements, and the ``self.x = ...`` assignments of the classes
        holding those prints (only these: every class's would bring a module's Keras layers in)."""
        prints = [
            site for site in screen.traced_sites(ast.Call)
            if isinstance(site.node.func, ast.Name) and site.node.func.id == "print"
            and site.function not in screen.traced_code.graph_only
        ]
        if not prints:
            return []
        classes = [
            (c.node.lineno, c.node.end_lineno) for c in screen.sites(ast.ClassDef)
            if any(c.node.lineno <= p.node.lineno <= c.node.end_lineno for p in prints)
        ]
        state = [
            site for site in screen.sites(ast.Assign)
            if any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self" for t in site.node.targets)
            and any(first <= site.node.lineno <= last for first, last in classes)
        ]
        return prints + state + screen.sites(ast.Global)

    def intended_at(self, tree: ast.Module, text: str, line: int) -> bool:
        """A trace-watching ``print`` (its text mentions tracing) on ``line``: what a recorded run
        printed there while tracing was the point of it."""
        return any(
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
            and node.lineno <= line <= (node.end_lineno or node.lineno)
            and _watches_tracing(ast.get_source_segment(text, arg) or "" for arg in node.args
                                 if isinstance(arg, ast.JoinedStr) or isinstance(arg, ast.Constant) and isinstance(arg.value, str))
            for node in ast.walk(tree)
        )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for call in nodes(ctx, cst.Call):
            if not m.matches(call.func, m.Name("print")):
                continue
            assert isinstance(call, cst.Call)
            if not ctx.resolves_to(call.func, "builtins.print") or not ctx.is_traced(call) or ctx.graph_only(call):
                continue  # not traced, or traced only to build a graph: it prints when it runs
            strings = (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
            if _watches_tracing(ctx.code(arg.value) for arg in call.args if isinstance(arg.value, strings)):
                continue
            if _static_print(ctx, call) or False not in ctx.autograph_feature(call, "BUILTIN_FUNCTIONS"):
                continue  # static text; or AutoGraph may convert `print` itself (BUILTIN_FUNCTIONS): it prints on every call
            reason = ctx.traced_reason(call) or ""
            message = f"`print` runs only when the function is traced ({reason}); use `tf.print` to print on every call"
            statement = ctx.parent(call)
            if not isinstance(statement, cst.Expr):
                # print() returns None, tf.print an Operation in graph mode: `print(...) or x` is `x`
                # after the print, as a statement of its own; any other use is not fixed.
                statement = _value_after(ctx, call)
                if statement is None:
                    yield self.finding(ctx, call, message + " (not fixed: the value of `print(...)` is used)")
                    continue
            try:
                fix, others = self._fix(ctx, call)
                declined = ""
            except _NoFix as why:
                fix, others, declined = None, (), f" (not fixed as tf.print: {why})"
            # Python's own print on every call, when tf.print is declined or unsafe (not in tf.data, which
            # traces even eagerly: print ran once; nor in Keras code that does not import TensorFlow).
            wanted = (fix is None or fix.applicability == "unsafe") and "Dataset" not in reason and not ctx.backend_agnostic_keras
            island = eager_island(ctx, call, "[]") if wanted else None
            if island is not None:
                others = (*others, Fix({call: island[0]}, "unsafe", (island[1],) if island[1] else (), EAGER_ISLAND_UNKNOWN,
                                       "Python's print in tf.py_function"))
            if fix is None and others:
                fix, others = others[0], others[1:]
            if fix is None:
                yield self.finding(ctx, call, message + declined.replace("not fixed as tf.print", "not fixed"))
                continue
            if not isinstance(ctx.parent(call), cst.Expr):
                fix, others = _hoisted(ctx, call, statement, fix), tuple(_hoisted(ctx, call, statement, o) for o in others)
            tried = f" ({fix.label or 'tf.print'}; other candidates for `fix --verify`: {', '.join(o.label for o in others)})" if others else ""
            yield self.finding(ctx, call, message + declined + tried + self.unsafe_note(fix), fix, alternatives=others)

    def _fix(self, ctx: FileContext, call: cst.Call) -> tuple[Fix, tuple[Fix, ...]]:
        """Preconditions, each proven here or the fix is declined (``_NoFix``):
        - the text is built by ``tf.print`` at run time, never formatted at trace time
          (a plain ``f"{x}"`` is split into its pieces; ``%``, ``.format``, ``str()`` decline);
        - the stream is kept: stdout stays stdout (tf.print defaults to stderr);
        - every element is printed (``summarize=-1``) unless each value is a proven scalar;
        - the module imports TensorFlow, or is not backend-agnostic Keras code;
        - Python state read by the print is not rebound between calls (else unsafe: the graph
          prints the value it had when traced, eager code the current one)."""
        tf_name, tf_import = ctx.tensorflow_alias
        if ctx.backend_agnostic_keras:
            raise _NoFix("the module does not import TensorFlow (backend-agnostic Keras code)")
        sys_name, sys_import = ctx.import_name("sys")
        stream: cst.BaseExpression = cst.parse_expression(f"{sys_name}.stdout")
        imports = [sys_import] if sys_import is not None else []
        values: list[cst.Arg] = []
        options: dict[str, cst.Arg] = {}
        formatted: set[int] = set()  # the text of a `%f` format, made on every call: printed alike
        reprs: list[str] = []  # `%s` of a tensor: its repr eagerly, its value in tf.print
        function = ctx.enclosing(call, cst.FunctionDef)
        tensors = TensorInference(ctx, function) if function is not None else None
        for arg in call.args:
            keyword = arg.keyword.value if arg.keyword else None
            if arg.star:
                raise _NoFix("`*args` hide what is printed")
            if keyword == "flush":
                continue  # tf.print does not buffer
            if keyword == "file":
                if ctx.code(arg.value) not in _STREAMS and not ctx.names(arg.value) & {"sys.stdout", "sys.stderr"}:
                    raise _NoFix("`file=` is neither sys.stdout nor sys.stderr")
                stream, imports = arg.value, []
            elif keyword in ("sep", "end"):
                options[keyword] = arg
            else:
                pieces = _percent_pieces(ctx, arg.value, tf_name, tensors, reprs)
                if pieces is None:
                    _check_formatting(ctx, arg.value)
                    values.append(arg)
                elif any(isinstance(p, cst.Call) for p in pieces):  # a `%f`: one string tensor, see `_joined`
                    if sum(a.keyword is None for a in call.args) != 1:
                        raise _NoFix("a `%f` format's text is one string tensor, printed without quotes only alone")
                    joined = _joined(pieces, tf_name)
                    formatted.add(id(joined))
                    values.append(arg.with_changes(value=joined))
                else:
                    values.append(arg.with_changes(value=_as_fstring(pieces)))
        if any(isinstance(arg.value, cst.FormattedString) for arg in values):
            values = _split_fstrings(ctx, values, options.pop("sep", None))
            options["sep"] = _keyword("sep", cst.SimpleString('""'))
        values = [_dynamic_shape(arg, tf_name) for arg in values]
        new_args = [arg.with_changes(comma=cst.MaybeSentinel.DEFAULT) for arg in values]
        new_args += [arg.with_changes(comma=cst.MaybeSentinel.DEFAULT) for arg in options.values()]
        values_shown = [a for a in values if id(a.value) not in formatted]
        summarized = any(not _literal(a.value) and (tensors is None or tensors.is_scalar(a.value) is not True) for a in values_shown)
        stream_arg = _keyword("output_stream", stream)
        if tf_import is not None:
            imports.append(tf_import)
        new_call = call.with_changes(func=cst.parse_expression(f"{tf_name}.print"), args=[
            *new_args, *([_keyword("summarize", cst.parse_expression("-1"))] if summarized else []), stream_arg])
        stale = next((why for arg in values if (why := _stale(ctx, call, arg.value))), None)
        computed = next((why for arg in values if (why := _computed_in_python(ctx, arg.value))), None)
        facts = facts_of(ctx)
        unproven = next((why for arg in values_shown if (why := _printed_value(ctx, facts, tensors, arg.value))), None)
        reason = ctx.traced_reason(call) or ""
        redirect = next((s for s in _REDIRECTS if s in ctx.screen.text), None)
        evidence = {
            "printed-values": Known() if unproven is None else Unknown(unproven),
            "stdout": Unknown(f"the module spells `{redirect}`") if redirect else Unknown("a notebook's output is not the process's")
            if ctx.path.endswith(".ipynb") else Known(),
            "called-eagerly": Unknown(f"{reason}: tf.data traces it even eagerly") if "Dataset" in reason else Known(),
            "current-state": Known() if stale is None else Unknown(stale),
            "made-at-run-time": Unknown(reprs[0]) if reprs else Known() if computed is None else Unknown(computed),
            "no-xla": facts_of(ctx).xla(call),
        }
        fix = self.closed_fix({call: new_call}, evidence, tuple(imports))
        if not summarized or not isinstance(evidence["printed-values"], Unknown):
            return fix, ()
        # Size unknown: print shows every element up to 1000, then NumPy's summary of 3 + 3 per
        # axis, which is tf.print's default: one candidate each, execution chooses.
        fix = self.closed_fix({call: new_call}, evidence, tuple(imports), label="summarize=-1 (every element)")
        summary = call.with_changes(func=new_call.func, args=[*new_args, stream_arg])
        return fix, (self.closed_fix({call: summary}, evidence, tuple(imports), label="tf.print's summary (above 1000 elements)"),)


#: Why running Python on every call may differ from the compiled function (always unsafe).
EAGER_ISLAND_UNKNOWN = ("eager-island: `tf.py_function` runs Python on the host on every call: XLA cannot compile it and "
                        "a SavedModel does not keep it",)


def eager_island(ctx: FileContext, node: cst.CSTNode, tout: str, closed: frozenset[str] = frozenset()) -> tuple[cst.Call, ImportSpec | None] | None:
    """``node`` (an expression) run by Python on every call, as eager code runs it:
    ``tf.py_function(lambda a, b: <node>, [a, b], Tout)``. What eager ``print`` showed (a bool's
    ``True``, a string's ``b'...'``, text a helper made) needs no TensorFlow spelling then.

    The function's locals ``node`` reads that may be tensors are passed (the lambda's parameters
    shadow them, so the lambda sees their values); the rest (``self``, globals, a ``%`` format's
    text, parameters the trace log saw as Python values) is closed over and read when it runs, as
    eager code reads it, and so are the names in ``closed``. None when ``node`` binds
    names of its own (a lambda, a comprehension, ``:=``), or a read local is not known."""
    if m.findall(node, m.Lambda() | m.ListComp() | m.SetComp() | m.DictComp() | m.GeneratorExp() | m.NamedExpr() | m.Yield() | m.Await()):
        return None
    text = {id(b.left) for b in m.findall(node, m.BinaryOperation(operator=m.Modulo()))}  # `msg % args`: msg is text
    facts = facts_of(ctx)
    passed: list[str] = []
    starred: str | None = None
    for name in m.findall(node, m.Name()):
        assert isinstance(name, cst.Name)
        parent = ctx.parent(name)
        if isinstance(parent, cst.Attribute) and parent.attr is name or isinstance(parent, cst.Arg) and parent.keyword is name:
            continue
        scope = ctx.scope(name)
        if scope is None or name.value not in scope:
            continue
        assignments = list(scope[name.value])
        if not assignments or not all(isinstance(a.scope, FunctionScope) for a in assignments):
            if any(isinstance(a.scope, FunctionScope) for a in assignments):
                return None  # local here, global there: not known
            continue  # a global or builtin: read when the lambda runs
        if name.value in passed or name.value == starred or id(name) in text or name.value in closed:
            continue
        params = [a.node for a in assignments if isinstance(getattr(a, "node", None), cst.Param)]
        if not (may_be_tensor(ctx, name) if params else not all(_literal(v) for v in _assigned(ctx, assignments))):
            continue  # a Python parameter (`self`, a default), or a local bound only to literals
        function = ctx.enclosing(name, cst.FunctionDef)
        seen = facts.parameter(function, name.value) if params and function is not None else None
        if isinstance(seen, Known) and seen.value[0] == "python":  # type: ignore[index]
            continue  # the trace log saw a Python value: a constant of its trace, as eagerly
        if any(_star_param(ctx, p) for p in params):
            if starred is not None:
                return None
            starred = name.value
        else:
            passed.append(name.value)
    tf_name, tf_import = ctx.tensorflow_alias
    names = ", ".join([*passed, *([f"*{starred}"] if starred else [])])  # `lambda x, *args` and `[x, *args]`
    code = cst.Module([]).code_for_node(node)
    lambda_ = f"lambda {names}: {code}" if names else f"lambda: {code}"
    return cst.parse_expression(f"{tf_name}.py_function({lambda_}, [{names}], {tout})"), tf_import


def _value_after(ctx: FileContext, call: cst.Call) -> cst.SimpleStatementLine | None:
    """The statement line of ``return print(...) or x`` (or ``y = ...``, a bare expression): the
    print runs first and its None is dropped, so the print as a statement of its own, then the
    statement with ``x``, do the same. None for any other use of the print's value."""
    boolean = ctx.parent(call)
    if not (isinstance(boolean, cst.BooleanOperation) and isinstance(boolean.operator, cst.Or) and boolean.left is call):
        return None
    small = ctx.parent(boolean)
    if not (isinstance(small, (cst.Return, cst.Expr)) or isinstance(small, cst.Assign) and small.value is boolean):
        return None
    line = ctx.parent(small)
    return line if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 else None


def _hoisted(ctx: FileContext, call: cst.Call, line: cst.SimpleStatementLine, fix: Fix) -> Fix:
    """``fix`` (an edit of the print ``call``) for a print whose value is used as in ``_value_after``:
    the rewritten print on a line of its own, then the line with the value after ``or``."""
    new_call = fix.edits[call]
    assert isinstance(new_call, cst.BaseExpression)
    small = line.body[0]
    boolean = small.value  # type: ignore[attr-defined]
    printed = cst.SimpleStatementLine([cst.Expr(new_call)], leading_lines=line.leading_lines)
    rest = line.with_changes(body=[small.with_changes(value=boolean.right)], leading_lines=[])
    return Fix({line: cst.FlattenSentinel([printed, rest])}, fix.applicability, fix.imports, fix.unknown, fix.label)


def _assigned(ctx: FileContext, assignments) -> list[cst.BaseExpression | None]:
    """The values a local's assignments bind (None where it is bound otherwise: a loop, a ``with``)."""
    values: list[cst.BaseExpression | None] = []
    for assignment in assignments:
        target = ctx.parent(assignment.node) if isinstance(getattr(assignment, "node", None), cst.CSTNode) else None
        statement = ctx.parent(target) if isinstance(target, cst.AssignTarget) else None
        values.append(statement.value if isinstance(statement, cst.Assign) else None)
    return values


def _star_param(ctx: FileContext, param: cst.Param) -> bool:
    """Is ``param`` the ``*args`` of its function?"""
    parameters = ctx.parent(param)
    return isinstance(parameters, cst.Parameters) and parameters.star_arg is param


#: Spellings of a replaced output stream.
_REDIRECTS = ("redirect_stdout", "redirect_stderr", "sys.stdout =", "sys.stderr =", "sys.stdout=", "sys.stderr=")


def _printed_value(ctx: FileContext, facts, tensors: TensorInference | None, value: cst.BaseExpression) -> str | None:
    """Why ``tf.print`` may not show ``value`` as ``print`` did (None: it is known to): a literal
    prints alike; a tensor must be proven numeric (code: ``proven_numeric``; trace: its dtype)
    and small enough that ``print`` shows every element (a proven scalar, or a traced shape)."""
    if _literal(value):
        return None
    dtype = facts.dtype(value)
    numeric = proven_numeric(ctx, value) or isinstance(dtype, Known) and not str(dtype.value).startswith(("bool", "string"))
    if not numeric:
        return f"`{ctx.code(value)}` is not proven a numeric tensor"
    if tensors is not None and tensors.is_scalar(value) is True:
        return None
    size = facts.size(value)
    if isinstance(size, Known) and size.value <= 1000:  # type: ignore[operator]
        return None
    return f"`{ctx.code(value)}` is not known to have at most 1000 elements"


class _NoFix(Exception):
    """The print has no faithful tf.print equivalent; the message says why."""


def _keyword(name: str, value: cst.BaseExpression) -> cst.Arg:
    no_space = cst.SimpleWhitespace("")
    return cst.Arg(keyword=cst.Name(name), value=value, equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space))


def _stale(ctx: FileContext, call: cst.Call, value: cst.BaseExpression) -> str | None:
    """Why a printed value may be Python state frozen at trace time (None: it is not).

    ``self.x`` is safe only when every ``self.x = ...`` of the class is a TensorFlow object (a
    variable prints its current value); a module global only when it is bound once."""
    cls = ctx.enclosing(call, cst.ClassDef)
    for attribute in m.findall(value, m.Attribute(value=m.Name("self"))):
        name = attribute.attr.value  # type: ignore[attr-defined]
        pattern = m.Assign(targets=[m.AssignTarget(target=m.Attribute(value=m.Name("self"), attr=m.Name(name)))])
        values = [a.value for a in m.findall(cls, pattern)] if cls is not None else []  # type: ignore[attr-defined]
        if not values or not all(isinstance(v, cst.Call) and any(n.startswith("tensorflow.") for n in ctx.names(v.func)) for v in values):
            return f"prints `self.{name}` as it was when the function was traced, if it is Python state"
    for name in m.findall(value, m.Name()):
        scope = ctx.scope(name)
        if scope is None or name.value not in scope:  # type: ignore[attr-defined]
            continue
        module_level = [a for a in scope[name.value] if isinstance(a.scope, GlobalScope)]  # type: ignore[attr-defined]
        declared = (item.name.value for statement in nodes(ctx, cst.Global) for item in statement.names)  # the file's index: no walk per print
        if module_level and (len(module_level) > 1 or name.value in declared):  # type: ignore[attr-defined]
            return f"prints the global `{name.value}` as it was when the function was traced"  # type: ignore[attr-defined]
    return None


def _dynamic_shape(arg: cst.Arg, tf: str) -> cst.Arg:
    """``x.shape`` may hold None in a graph; eager ``print`` showed the real dimensions."""
    if m.matches(arg.value, m.Attribute(attr=m.Name("shape"))):
        return arg.with_changes(value=cst.parse_expression(f"{tf}.shape({cst.Module([]).code_for_node(arg.value.value)})"))
    return arg


def _static_print(ctx: FileContext, call: cst.Call) -> bool:
    """Does the print show only what tracing knows as well as eager code: literals, dtypes,
    ranks, shapes (unless the function is traced with a relaxed signature: its shapes hold
    None)? Then printing once per trace is the author's intent (a notebook showing a layer's
    input shape), and ``tf.print`` would print it on every step."""
    relaxed = _relaxed(ctx, call)

    def static(expr: cst.BaseExpression) -> bool:
        if _literal(expr) or m.matches(expr, m.Name("None") | m.Name("True") | m.Name("False")):
            return True
        if isinstance(expr, cst.FormattedString):
            return all(static(part.expression) for part in expr.parts if isinstance(part, cst.FormattedStringExpression))
        if isinstance(expr, cst.Attribute):
            return expr.attr.value in ("dtype", "ndim") or (expr.attr.value == "shape" and not relaxed)
        if isinstance(expr, cst.Subscript):
            return static(expr.value)
        if isinstance(expr, cst.Call) and ctx.resolves_to(expr.func, "builtins.len", "builtins.str", "builtins.type"):
            return len(expr.args) == 1 and static(expr.args[0].value)
        return False

    return bool(call.args) and all(static(arg.value) for arg in call.args if arg.keyword is None or arg.keyword.value in ("sep", "end"))


def _relaxed(ctx: FileContext, call: cst.Call) -> bool:
    """Is the ``tf.function`` around ``call`` given an ``input_signature`` or ``reduce_retracing``?"""
    return _decorator_says(ctx, call, "input_signature") or _decorator_says(ctx, call, "reduce_retracing") \
        or _decorator_says(ctx, call, "experimental_relax_shapes")


def _decorator_says(ctx: FileContext, call: cst.Call, keyword: str) -> bool:
    """Does a decorator of the def around ``call`` pass ``keyword=``?"""
    function = ctx.enclosing(call, cst.FunctionDef)
    return function is not None and any(
        isinstance(d.decorator, cst.Call) and any(a.keyword is not None and a.keyword.value == keyword for a in d.decorator.args)
        for d in function.decorators)


def _literal(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float))


def _check_formatting(ctx: FileContext, value: cst.BaseExpression) -> None:
    """Text formatted in Python is formatted once, at trace time, from the symbolic tensor."""
    if m.matches(value, m.BinaryOperation(operator=m.Modulo())) and not is_tensor(ctx, value.left):  # type: ignore[attr-defined]
        # `"%s" % x`, and `msg % args` with `msg` a string parameter (TF-DF's logging helper)
        raise _NoFix("`%` formats the text at trace time; tf.print cannot apply a format")
    if m.matches(value, m.Call(func=m.Attribute(attr=m.Name("format") | m.Name("join")))) or (
        isinstance(value, cst.Call) and ctx.resolves_to(value.func, "builtins.str", "builtins.repr", "builtins.format")
    ):
        raise _NoFix("the text is formatted at trace time; tf.print cannot apply a format")
    if m.matches(value, m.BinaryOperation(operator=m.Add())) and (
        m.findall(value, m.SimpleString() | m.FormattedString())
    ):
        raise _NoFix("the text is concatenated at trace time")
    if isinstance(value, cst.FormattedString):
        for part in value.parts:
            if isinstance(part, cst.FormattedStringExpression) and (part.format_spec or part.conversion or part.equal):
                raise _NoFix("a format spec or conversion in the f-string is applied at trace time")
            if isinstance(part, cst.FormattedStringExpression):
                _check_formatting(ctx, part.expression)
    if m.matches(value, m.Attribute(attr=m.Name("dtype") | m.Name("name") | m.Name("device"))):
        raise _NoFix(f"tf.print prints `{ctx.code(value)}` differently from print")


#: A ``%`` conversion: flags, width, precision, type (``%%`` is text).
_CONVERSION = re.compile(r"%([-+ 0#]*)(\d*)(?:\.(\d+))?([diouxXeEfFgGcrsa%])")


def _percent_pieces(ctx: FileContext, value: cst.BaseExpression, tf: str, tensors: TensorInference | None,
                    reprs: list[str]) -> list | None:
    """``"loss: %.4f" % loss`` as text and values ``tf.print`` shows alike on every call, or
    None: a literal format of plain conversions, one value or a tuple of them. ``%f`` (with
    its precision, 6 by default) becomes ``tf.strings.as_string(v, precision=k)`` of the value
    as a double, as Python converts it; ``%d`` needs an integer tensor; ``%s`` of what may be a
    tensor shows its repr eagerly, its value in tf.print (noted in ``reprs``)."""
    if not m.matches(value, m.BinaryOperation(operator=m.Modulo(), left=m.SimpleString())):
        return None
    text = value.left.evaluated_value  # type: ignore[attr-defined]
    right = value.right  # type: ignore[attr-defined]
    args = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
    if not isinstance(text, str) or any(isinstance(a, (cst.StarredElement, cst.Dict)) for a in args):
        return None
    pieces: list = []
    start = 0
    kinds = {match.group(4) for match in _CONVERSION.finditer(text)}
    if "s" in kinds and ("f" in kinds or any(match.group(3) for match in _CONVERSION.finditer(text))):
        return None  # `%f` makes the text one string tensor (`_joined`), which a `%s` value cannot join
    for match in _CONVERSION.finditer(text):
        flags, width, precision, kind = match.groups()
        pieces.append(text[start:match.start()])
        start = match.end()
        if kind == "%":
            pieces.append("%")
            continue
        if flags or width or kind not in "sdif" or not args:
            return None
        arg = args.pop(0)
        _check_formatting(ctx, arg)
        dtype = tensors.dtype(arg) if tensors is not None else None
        if kind == "f" or precision is not None:
            if kind != "f" or not proven_numeric(ctx, arg) or dtype and dtype.startswith("complex"):
                return None
            # Around the node itself, so the checks of the values printed (`_stale`, ...) see it.
            if dtype != "float64":
                arg = cst.Call(cst.parse_expression(f"{tf}.cast"), [cst.Arg(arg), cst.Arg(cst.parse_expression(f"{tf}.float64"))])
            arg = cst.Call(cst.parse_expression(f"{tf}.strings.as_string"), [cst.Arg(arg), _keyword("precision", cst.Integer(precision or "6"))])
        elif kind in "di" and not (dtype or "").startswith(("int", "uint")):
            return None
        elif kind == "s" and may_be_tensor(ctx, arg):
            reprs.append(f"`%s` of `{ctx.code(arg)}` shows its repr (`tf.Tensor(...)`) eagerly, its value in tf.print")
        pieces.append(arg)
    if args or "%" in _CONVERSION.sub("", text[start:]):
        return None
    pieces.append(text[start:])
    merged: list = []
    for piece in pieces:  # adjacent text (`%%`) as one piece
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece
        else:
            merged.append(piece)
    return merged


def _joined(pieces: list, tf: str) -> cst.Call:
    """``tf.strings.join([...])`` of the pieces of a format with a ``%f``: ``tf.print`` shows a
    lone string tensor as it is, and quotes it (``"0.5000"``) beside other values. Integers
    become their text (``tf.strings.as_string``); ``_percent_pieces`` declines ``%s`` beside ``%f``."""
    elements = []
    for piece in pieces:
        if isinstance(piece, str):
            if piece:
                elements.append(cst.Element(cst.SimpleString(_quoted(piece))))
            continue
        if not isinstance(piece, cst.Call):  # a `%d` of an integer tensor
            piece = cst.Call(cst.parse_expression(f"{tf}.strings.as_string"), [cst.Arg(piece)])
        elements.append(cst.Element(piece))
    return cst.Call(cst.parse_expression(f"{tf}.strings.join"), [cst.Arg(cst.List(elements))])


def _as_fstring(pieces: list) -> cst.FormattedString:
    """The pieces (text and expressions) as the f-string ``_split_fstrings`` splits again."""
    parts: list = []
    for piece in pieces:
        if isinstance(piece, str):
            if piece:
                escaped = piece.replace("{", "{{").replace("}", "}}")
                parts.append(cst.FormattedStringText(_quoted(escaped)[1:-1]))
        else:
            parts.append(cst.FormattedStringExpression(piece))
    return cst.FormattedString(parts=parts, start='f"', end='"')


def _computed_in_python(ctx: FileContext, value: cst.BaseExpression) -> str | None:
    """Why a printed call's result may be made in Python from the symbolic tensor (None: it is not):
    ``describe(x)`` returning ``f"value={x}"``, ``type(x)``; their text is fixed at trace time.
    TensorFlow ops and ``len`` are fine."""
    if not isinstance(value, cst.Call):
        return None
    if m.matches(value, m.Call(func=m.Attribute(attr=m.Name("numpy")), args=[])) and not proven_numeric(ctx, value.func.value):  # type: ignore[attr-defined]
        return "`.numpy()` of a tensor that may hold strings: tf.print shows them without the `b'...'` of their bytes"
    names = ctx.names(value.func)
    if any(n.startswith("tensorflow.") for n in names) or "builtins.len" in names:
        return None
    if any(may_be_tensor(ctx, arg.value) for arg in value.args):
        return f"`{ctx.code(value.func)}(...)` runs at trace time; if it makes text of the symbolic tensor, every call prints that"
    return None


def _split_fstrings(ctx: FileContext, values: list[cst.Arg], sep: cst.Arg | None) -> list[cst.Arg]:
    """``f"loss={loss}", x`` → ``"loss=", loss, " ", x`` (printed with ``sep=""``)."""
    if sep is None:
        separator = " "
    elif isinstance(sep.value, cst.SimpleString):
        separator = sep.value.evaluated_value
    else:
        raise _NoFix("`sep=` is not a string literal")
    pieces: list[cst.BaseExpression | str] = []
    for index, arg in enumerate(values):
        if index:
            pieces.append(separator)
        value = arg.value
        if isinstance(value, cst.FormattedString):
            prefix = value.prefix.replace("f", "").replace("F", "")
            for part in value.parts:
                if isinstance(part, cst.FormattedStringText):
                    text = part.value.replace("{{", "{").replace("}}", "}")
                    pieces.append(ast.literal_eval(f"{prefix}{value.start[len(value.prefix):]}{text}{value.end}"))
                else:
                    pieces.append(part.expression)
        elif isinstance(value, cst.SimpleString):
            pieces.append(value.evaluated_value)
        else:
            pieces.append(value)
    merged: list[cst.BaseExpression] = []
    text = None
    for piece in pieces + [None]:
        if isinstance(piece, str):
            text = (text or "") + piece
            continue
        if text:
            merged.append(cst.SimpleString(_quoted(text)))
        text = None
        if piece is not None:
            merged.append(piece)
    return [cst.Arg(value=v) for v in merged]


def _quoted(text: str) -> str:
    code = repr(text)
    if code.startswith("'") and '"' not in text:
        code = '"' + code[1:-1].replace("\\'", "'") + '"'
    return code
