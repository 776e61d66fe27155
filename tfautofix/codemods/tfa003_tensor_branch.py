"""TFA003 python-branch-on-tensor: ``if``/``while`` on tensors → ``tf.cond``/``tf.while_loop``."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Evidence, Fact, Known, Unknown, facts_of
from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import fresh_name
from tfautofix.analysis.tensors import ScreenTensors, TensorInference, op_name
from tfautofix.edits import keep_comments
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site

_BRANCH = re.compile(r"^[ \t]*(?:el)?(?:if|while)\b", re.MULTILINE)
#: Method calls that are TensorFlow state updates, fine inside a branch.
_VARIABLE_UPDATES = frozenset({"assign", "assign_add", "assign_sub"})
#: Ops whose result has the dtype of their first argument.
_SAME_DTYPE = frozenset(
    """abs add subtract multiply maximum minimum sqrt exp log square sign identity stop_gradient
    sigmoid tanh relu relu6 elu selu gelu softplus softmax log_softmax leaky_relu round floor ceil
    negative clip_by_value zeros_like ones_like reduce_sum reduce_mean reduce_max reduce_min
    reduce_prod""".split()
)
#: Of those, the elementwise ones: a scalar second operand keeps the first one's shape.
_SAME_SHAPE = _SAME_DTYPE - {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"}
#: Ops that grow a loop variable: tf.while_loop would need `shape_invariants`.
_GROWING = frozenset({"concat", "stack", "pad", "tile", "repeat"})
_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power)
_AUGMENTED = (
    cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign, cst.DivideAssign, cst.FloorDivideAssign, cst.ModuloAssign,
    cst.PowerAssign,
)
_ZERO_ARG_SUPER = m.Call(func=m.Name("super"), args=[])
#: ``tf.strings`` ops whose result is a string tensor.
_STRING_OPS = frozenset(f"tensorflow.strings.{n}" for n in (
    "strip", "upper", "lower", "join", "reduce_join", "regex_replace", "substr", "as_string", "format", "format_string"))
#: Python's truth tests other than ``tf.cast(c, tf.bool)`` (real numbers): complex numbers, strings.
_TRUTH_LABELS = {"nonzero": "non-zero test", "nonempty": "non-empty string test"}


#: Builtins that compute a value and touch nothing else.
_PURE_BUILTINS = frozenset(f"builtins.{n}" for n in (
    "abs", "min", "max", "len", "float", "int", "bool", "round", "sum", "range", "tuple", "list", "dict", "isinstance", "zip"))


def _impure(ctx: FileContext, node: cst.If | cst.While) -> str | None:
    """What in ``node``'s branches (or loop body) may have an effect beyond binding local names
    (None: nothing): a call of anything but a TensorFlow op or a pure builtin, a store into an
    attribute or subscript, ``global``/``nonlocal``/``del``/``raise``/``yield``."""
    bodies: list[cst.CSTNode] = [node.body]
    orelse = node.orelse
    while orelse is not None:
        bodies.append(orelse.body)
        orelse = orelse.orelse if isinstance(orelse, cst.If) else None
    for body in bodies:
        for call in m.findall(body, m.Call()):
            names = ctx.names(call.func)  # type: ignore[attr-defined]
            if not names or not all(n.startswith("tensorflow.") or n in _PURE_BUILTINS for n in names):
                return f"the branches call `{ctx.code(call.func).strip()}`, not known to be free of effects"  # type: ignore[attr-defined]
        for target in m.findall(body, m.AssignTarget() | m.AugAssign() | m.AnnAssign()):
            if m.findall(target.target, m.Attribute() | m.Subscript()) and not isinstance(target.target, cst.Name):  # type: ignore[attr-defined]
                return f"the branches store into `{ctx.code(target.target).strip()}`"  # type: ignore[attr-defined]
        if m.findall(body, m.Global() | m.Nonlocal() | m.Del() | m.Raise() | m.Yield()):
            return "the branches use `global`/`nonlocal`/`del`/`raise`/`yield`"
    return None


class _NoFix(Exception):
    """The rewrite could change what the code does; the message says why."""


class PythonBranchOnTensor(Rule):
    code = "TFA003"
    name = "python-branch-on-tensor"
    summary = "Python `if`/`while` on a tensor where AutoGraph does not convert it raises; use `tf.cond`/`tf.while_loop`"
    fixable = "unsafe"  # safe when the condition is a scalar and the branches give tensors
    contract = "exact"
    #: What makes code traced (tf.function, tf.map_fn, Dataset.map, Keras methods, compile);
    #: `screen` also requires an `if`/`while` statement.
    #: What makes traced code unconverted (analysis/traced.py, ``Why.off``; files that other files of
    #: the run make traced or unconverted skip these triggers): `autograph=False`,
    #: `do_not_convert`, Keras activations / `Lambda`, Keras 3 methods and `compile`.
    triggers = (  # the commonest first: each string is a scan of the file until one is found
        "call", "result", "compile", "_step", "activation", "autograph", "Activation", "update_state", "Lambda",
    )
    facts = (
        Fact("tensor-parameters", "the parameters the rewrite takes for tensors are declared so (`input_signature`, a "
             "`tf.Tensor` annotation), not only passed tensors by calls in this file: where another caller passes "
             "Python values the `if` works, and `tf.cond` returns tensors instead"),
        Fact("scalar-condition", "the condition is a scalar tensor"),
        Fact("truth-test", "the condition's dtype is known, so its truth test is Python's: `tf.cast(c, tf.bool)` for "
             "real numbers, `tf.not_equal(c, 0)` for complex ones (non-zero), `tf.strings.length(c) > 0` for strings (non-empty)"),
        Fact("explicit-super", "`super(Class, self)` in a branch function names the class zero-argument `super()` meant: "
             "`Class` is bound once, undecorated, and the method does not rebind `self`"),
        Fact("tensor-values", "every value the branches (or the loop) produce is a tensor"),
        Fact("one-dtype", "each value keeps one dtype and structure across branches and iterations"),
        Fact("loop-shapes", "no loop variable changes shape (`tf.while_loop` needs `shape_invariants`)"),
        Fact("one-branch", "only the branch taken is computed, and its value keeps its own shape (as `tf.cond` does)"),
        Fact("python-operand", "in `if py and t:` split into `if py:` around `tf.cond(t, ...)`, `py` is a Python value"),
        Fact("pure-branches", "the branches only bind local names, return, and call TensorFlow ops or pure builtins: "
             "tf.cond traces both branches (and tf.while_loop its body once), so any other effect would run when it did not"),
    )
    docs = """
A Python `if` or `while` whose condition is a tensor works in traced code only
because AutoGraph rewrites it into `tf.cond`/`tf.while_loop`. Where AutoGraph
converts the code (the default for `@tf.function`, its helpers, `Dataset.map`,
tf-keras `call`), there is nothing to fix and nothing is reported. Reported:
traced code AutoGraph does *not* convert, where the `if` raises
`OperatorNotAllowedInGraphError: Using a symbolic tf.Tensor as a Python bool`
(measured on TF 2.21): `tf.function(autograph=False)`, `do_not_convert`,
functions Keras calls itself — activations (`Dense(10, activation=f)`, so
`model.fit` crashes), `layers.Lambda(f)`, and in Keras 3 (`keras`, `tf.keras`)
every `call`/`train_step`/metric/loss — and the same-module helpers they call.
A parameter is a tensor where the code says so (an `input_signature`, a `tf.Tensor`
annotation, a call passing a TensorFlow op's result) or, with `--traces`, where the trace
log saw it hold one (`if x > 0:` on a parameter of `tf.function(autograph=False)`).

The fix writes the graph control flow out explicitly:

- both branches `return` → `return tf.cond(pred, lambda: a, lambda: b)` (an
  `if` without `else` followed by `return b` counts);
- branches assigning names → `y = tf.cond(...)` / `y, z = tf.cond(...)`; a
  missing `else` (or a branch not assigning a name) keeps the current value;
- multi-statement branches → local `def _true_fn():` / `def _false_fn():`
  returning the assigned names (names a branch updates are passed in);
- `elif` chains → nested `tf.cond`; `not` → `tf.logical_not`; `a and b` /
  `a or b` → `tf.cond(a, lambda: b, lambda: tf.constant(False))` /
  `tf.cond(a, lambda: tf.constant(True), lambda: b)`, so `b` runs only when
  Python would run it (`i < n and v[i] > t` never reads `v[n]`); a non-boolean
  condition gets Python's truth test for its dtype: `tf.cast(c, tf.bool)` for
  real numbers, `tf.not_equal(c, 0)` for complex ones (`tf.cast` reads the real
  part only), `tf.strings.length(c) > 0` for strings; where the dtype is unknown
  the cast is the fix (unsafe) and the other two are candidates `fix --verify`
  chooses between;
- zero-argument `super()` moved into a branch function (where it raises) →
  `super(Class, self)` (unsafe unless the class name is bound once, undecorated,
  and `self` is not rebound);
- `while cond:` updating local variables → `tf.while_loop` over them; a variable
  grown by `tf.concat`/`tf.stack`/`tf.pad`/`tf.tile`/`tf.repeat` gets the
  invariant `tf.TensorShape(None)` (the others their own `.shape` when proven to
  keep it) in `shape_invariants=` (unsafe: its static shape after the loop is unknown);
  a loop variable indexing a list or tuple of literals bound once (`LEVELS[steps]`,
  a tensor index after the loop) → `tf.gather(LEVELS, steps)`, replacing a
  `tf.constant(...)` around it;
- `if py and t:` / `if py or t:` with a Python operand first → a Python
  `if py:` around `tf.cond(t, ...)` (for `or`, in its `else`), the other branch
  kept: `py` is evaluated first and `t` only when Python would evaluate it (safe
  only when `py` is known to be a Python value: a literal, an `is`/`isinstance`
  test, or a parameter the trace log saw as one).

A condition counts as a tensor only when it certainly is one: a TensorFlow op
(`tf.reduce_*`, `tf.math.*`, comparisons with them), a name assigned only such
values, or a parameter declared as a tensor (`input_signature`, a `tf.Tensor`
annotation) or passed one by a call in the file (`schedule(tf.constant(s))`: the
`if` raises on that call; the fix is unsafe, as other callers may pass Python
values). Python flags (`training`), static shapes (`x.shape[0]`, `len(x)`)
and `is None` checks stay Python `if`s.

The fix is safe only when it proves: the condition is a scalar; every branch
value is a tensor; each output (returned value, assigned name, loop variable)
has the same dtype on every path — the same parameter or updated name through
dtype-keeping ops (`+ - *` with a tensor or number, `/` with a float literal,
`tf.nn.relu`, `tf.reduce_sum`, ...), or one literal dtype (`tf.cast(.., tf.int32)`,
`tf.constant(1)`, `tf.zeros([], tf.int64)`: positional or keyword; a computed dtype such
as `x.dtype` proves nothing); a name counts only where the branch has not rebound it
first (`image = tf.cast(image, tf.uint8)` then `return image`); and each loop variable keeps its shape (changed elementwise
by scalars). Anything unproven makes it unsafe, with the reason in the message.

Reported without a fix: `break`/`continue`/`yield`/`raise` in the body, a name
assigned in only one branch with no value before the `if`, Python side effects
in a branch (`print`, `list.append`, `self.x = ...` run once per trace, in both
branches), zero-argument `super()` outside a method (nothing to name), conditions that are not scalars, `and`/`or` whose tensor operand comes
before a Python one (Python would test the tensor first) or followed by `elif`.
"""
    before = """\
import tensorflow as tf

@tf.function(autograph=False)
def activation(x):
    if tf.reduce_mean(x) > 0.5:
        return tf.nn.relu(x)
    else:
        return tf.nn.sigmoid(x)
"""
    after = """\
import tensorflow as tf

@tf.function(autograph=False)
def activation(x):
    return tf.cond(
        tf.reduce_mean(x) > 0.5, lambda: tf.nn.relu(x), lambda: tf.nn.sigmoid(x)
    )
"""

    def screen(self, source: str) -> bool:
        return super().screen(source) and _BRANCH.search(source) is not None

    def prescreen(self, screen: Screen) -> list[Site]:
        """Each ``if``/``while`` whose condition may be a tensor, in traced code that
        AutoGraph does not convert (the traced-code model says where: it also knows
        wrappers defaulting to ``autograph=False`` and what other files of the run trace)."""
        model = screen.traced_code
        branches = [site for site in screen.traced_sites(ast.If, ast.While) if model.autograph_off(site.function)]
        if not branches:
            return []
        tensors = ScreenTensors(screen)
        return [site for site in branches if tensors.may_be_tensor(site.node.test)]

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        inferences: dict[cst.FunctionDef, TensorInference] = {}
        for node in [*nodes(ctx, cst.If), *nodes(ctx, cst.While)]:  # findings are sorted by the engine
            assert isinstance(node, (cst.If, cst.While))
            parent = ctx.parent(node)
            if isinstance(parent, cst.If) and parent.orelse is node:
                continue  # an `elif`: part of its chain
            func = ctx.enclosing(node, cst.FunctionDef)
            if func is None or not ctx.is_traced(node):
                continue
            off = ctx.autograph_off(node)
            if off is None:
                continue  # AutoGraph converts it into tf.cond / tf.while_loop: it works
            if func not in inferences:
                inferences[func] = TensorInference(ctx, func, ctx.observed_tensor_dtypes(func), passed=True)
            inferences[func].passed_parameters.clear()
            rewriter = _Rewriter(ctx, func, inferences[func])
            test = _tensor_test(node, rewriter.inference)
            if test is None:
                continue
            keyword, target = ("if", "tf.cond") if isinstance(node, cst.If) else ("while", "tf.while_loop")
            message = (
                f"Python `{keyword}` on a tensor in traced code AutoGraph does not convert ({off}): "
                f"it raises OperatorNotAllowedInGraphError; use `{target}`"
            )
            fix = None
            try:
                if test is not node.test:
                    raise _NoFix("an `elif` on a tensor follows a Python condition")
                fix = rewriter.rewrite_if(node) if isinstance(node, cst.If) else rewriter.rewrite_while(node)
            except _NoFix as reason:
                message += f" (not fixed: {reason})"
            else:
                fix = self.closed_fix(fix.edits, rewriter.evidence(node), fix.imports, label=target)
                message += self.unsafe_note(fix)
            alternatives = self._alternatives(ctx, func, inferences[func], node, rewriter.used_truth) if fix else ()
            yield self.finding(ctx, test, message, fix, alternatives)

    def _alternatives(self, ctx: FileContext, func: cst.FunctionDef, inference: TensorInference, node: cst.If | cst.While,
                      truth_unknown: bool) -> tuple[Fix, ...]:
        """Candidates only execution (``fix --verify``) can choose between: ``tf.where(pred, a, b)``
        where the ``tf.cond`` branches are single values (it computes both and broadcasts them), and,
        where the condition's dtype is unknown, the truth tests of complex numbers and strings."""
        variants = [("where", {"where": True})] if isinstance(node, cst.If) else []
        if truth_unknown:
            variants += [(truth, {"truth": truth}) for truth in _TRUTH_LABELS]
        target = "tf.cond" if isinstance(node, cst.If) else "tf.while_loop"
        found = []
        for label, options in variants:
            rewriter = _Rewriter(ctx, func, inference, **options)  # type: ignore[arg-type]
            try:
                fix = rewriter.rewrite_if(node) if isinstance(node, cst.If) else rewriter.rewrite_while(node)
            except _NoFix:
                continue
            if label == "where" and not rewriter.used_where:
                continue
            name = "tf.where" if label == "where" else f"{target} ({_TRUTH_LABELS[label]})"
            found.append(self.closed_fix(fix.edits, rewriter.evidence(node), fix.imports, label=name))
        return tuple(found)


def _tensor_test(node: cst.If | cst.While, inference: TensorInference) -> cst.BaseExpression | None:
    """The first tensor condition of an ``if``/``elif`` chain or ``while``, if any."""
    while True:
        if inference.is_tensor(node.test):
            return node.test
        if not isinstance(node, cst.If) or not isinstance(node.orelse, cst.If):
            return None
        node = node.orelse


def _statements(block: cst.BaseSuite) -> list[cst.BaseStatement]:
    if isinstance(block, cst.IndentedBlock):
        return list(block.body)
    assert isinstance(block, cst.SimpleStatementSuite)
    return [cst.SimpleStatementLine(body=block.body)]


def _target_names(target: cst.BaseExpression) -> list[cst.Name] | None:
    """The names bound by an assignment target; None for attributes, subscripts, stars."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        names = []
        for element in target.elements:
            inner = _target_names(element.value) if isinstance(element, cst.Element) else None
            if inner is None:
                return None
            names += inner
        return names
    return None


def _assigned(stmts: Sequence[cst.BaseStatement]) -> list[cst.Name]:
    """Name targets bound by top-level statements, in order (local defs included)."""
    names: list[cst.Name] = []
    for stmt in stmts:
        if isinstance(stmt, cst.FunctionDef):
            names.append(stmt.name)
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                for target in small.targets:
                    names += _target_names(target.target) or []
            elif isinstance(small, (cst.AugAssign, cst.AnnAssign)) and isinstance(small.target, cst.Name):
                if not isinstance(small, cst.AnnAssign) or small.value is not None:
                    names.append(small.target)
    return names


def _final_value(stmts: Sequence[cst.BaseStatement], name: str) -> cst.BaseExpression | cst.AugAssign | None:
    """What ``name`` holds after ``stmts``: its last top-level ``name = v`` (``v``) or
    ``name op= v`` (the AugAssign); ``cst.Name(name)`` when they do not bind it; None when
    they bind it otherwise (a tuple target, a nested block, a def)."""
    value: cst.BaseExpression | cst.AugAssign | None = cst.Name(name)
    for stmt in stmts:
        if not any(n.value == name for n in _assigned([stmt])):
            continue
        value = None
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and m.matches(small.targets[0].target, m.Name(name)):
                value = small.value
            elif isinstance(small, cst.AugAssign) and m.matches(small.target, m.Name(name)):
                value = small
    return value


def _rebound_before(stmts: Sequence[cst.BaseStatement], value: cst.CSTNode) -> set[str]:
    """Names ``stmts`` bind before the statement holding ``value`` (all, when none holds it)."""
    names: set[str] = set()
    for stmt in stmts:
        smalls = stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ()
        if any(small is value or getattr(small, "value", None) is value for small in smalls):
            break
        names.update(n.value for n in _assigned([stmt]))
    return names


def _binds(stmt: cst.BaseStatement, name: str) -> bool:
    """Does ``stmt`` certainly bind ``name`` when it completes?"""
    if isinstance(stmt, cst.If):
        if stmt.orelse is None:
            return False
        orelse = [stmt.orelse] if isinstance(stmt.orelse, cst.If) else _statements(stmt.orelse.body)
        return any(_binds(s, name) for s in _statements(stmt.body)) and any(_binds(s, name) for s in orelse)
    return any(n.value == name for n in _assigned([stmt]))


class _Reads(cst.CSTVisitor):
    """Names an expression or statement reads (over-approximated: attribute names too)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> bool:
        # `y = ...` does not read y, `y[i] = ...` and `y.a = ...` do.
        return _target_names(node.target) is None

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        if node.value is not None:
            node.value.visit(self)
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        # `def f(): ...` binds f; only its decorators, defaults and body read names.
        for child in (*node.decorators, node.params, node.body):
            child.visit(self)
        return False


def _reads(nodes: Sequence[cst.CSTNode]) -> set[str]:
    visitor = _Reads()
    for node in nodes:
        node.visit(visitor)
    return visitor.names


def _read_first(stmts: Sequence[cst.BaseStatement], name: str) -> bool:
    """Do ``stmts`` read ``name`` before (or while) first assigning it?"""
    for stmt in stmts:
        if name in _reads([stmt]):
            return True
        if _binds(stmt, name):
            return False
    return False


def _unsupported(
    ctx: FileContext, inference: TensorInference, stmts: Sequence[cst.BaseStatement], allow_final_return: bool
) -> str | None:
    """Why the statements cannot move into a branch function, or None (zero-argument
    ``super()``: :meth:`_Rewriter.explicit_super`)."""
    jumps = ((m.Break(), "`break`"), (m.Continue(), "`continue`"), (m.Raise(), "`raise`"))
    for kind, what in ((m.Yield(), "`yield`"), (m.Await(), "`await`"), (m.NamedExpr(), "`:=`"), *jumps):
        if any(m.findall(stmt, kind) for stmt in stmts):
            return f"{what} in the body"
    for index, stmt in enumerate(stmts):
        if isinstance(stmt, cst.FunctionDef):
            continue
        if isinstance(stmt, (cst.If, cst.While)) and inference.is_tensor(stmt.test):
            keyword = "if" if isinstance(stmt, cst.If) else "while"
            return f"the nested `{keyword}` on a tensor comes first (`tfautofix fix` rewrites both, inner first)"
        if not isinstance(stmt, cst.SimpleStatementLine):
            return "the body contains a nested block (`if`, loop, `with` or `try`)"
        for small in stmt.body:
            if isinstance(small, cst.Return):
                if not (allow_final_return and index == len(stmts) - 1 and small.value is not None):
                    return "`return` in only part of the body"
            elif isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                for target in targets:
                    if _target_names(target) is None:
                        return f"`{ctx.code(target).strip()} = ...` is a Python side effect"
            elif isinstance(small, cst.Expr):
                if not _harmless_expression(ctx, small.value):
                    return f"`{ctx.code(small.value).strip()}` is a Python side effect"
            elif not isinstance(small, cst.Pass):
                return f"`{ctx.code(small).strip()}` in the body"
    return None


def _harmless_expression(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """TensorFlow ops (``tf.print``, ``v.assign_add``) and docstrings run correctly inside a branch."""
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        return True
    if not isinstance(expr, cst.Call):
        return False
    if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in _VARIABLE_UPDATES:
        return True
    return any(name.startswith("tensorflow.") for name in ctx.names(expr.func))


def _literal_sequence(ctx: FileContext, name: cst.Name) -> bool:
    """Is ``name`` bound once, to a list or tuple of literals (strings, numbers)?"""
    scope = ctx.scope(name)
    assignments = list(scope[name.value]) if scope is not None and name.value in scope else []
    node = getattr(assignments[0], "node", None) if len(assignments) == 1 else None
    target = ctx.parent(node) if node is not None else None
    assign = ctx.parent(target) if isinstance(target, cst.AssignTarget) else None
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1 and isinstance(assign.value, (cst.List, cst.Tuple))):
        return False
    literals = (cst.SimpleString, cst.Integer, cst.Float)
    return bool(assign.value.elements) and all(
        isinstance(e, cst.Element) and isinstance(_bare(e.value), literals) for e in assign.value.elements)


class _Replace(cst.CSTTransformer):
    """Replaces nodes by identity (``id`` of the original node → its replacement)."""

    def __init__(self, replacements: dict[int, cst.CSTNode]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original, updated):  # type: ignore[no-untyped-def]
        return self.replacements.get(id(original), updated)


class _ExplicitSuper(cst.CSTTransformer):
    """Zero-argument ``super()`` → ``super(Class, self)``."""

    def __init__(self, explicit: cst.Call) -> None:
        super().__init__()
        self.explicit = explicit

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        return self.explicit if m.matches(updated, _ZERO_ARG_SUPER) else updated


def _lambda(body: cst.BaseExpression) -> cst.Lambda:
    return cst.Lambda(params=cst.Parameters(), body=body)


def _pack(values: Sequence[cst.BaseExpression], parenthesized: bool = True) -> cst.BaseExpression:
    """One value as itself, several as a tuple, none as ``None``."""
    if not values:
        return cst.Name("None")
    if len(values) == 1:
        return values[0]
    elements = [cst.Element(v) for v in values]
    return cst.Tuple(elements) if parenthesized else cst.Tuple(elements, lpar=[], rpar=[])


def _without_blank_lines(stmt: cst.BaseStatement) -> cst.BaseStatement:
    """The statement opening a new block keeps its comments, not blank lines above it."""
    if isinstance(stmt, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
        return stmt.with_changes(leading_lines=[line for line in stmt.leading_lines if line.comment])
    return stmt


def _bare(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.with_changes(lpar=[], rpar=[]) if getattr(expr, "lpar", None) else expr


class _Rewriter:
    def __init__(
        self, ctx: FileContext, func: cst.FunctionDef, inference: TensorInference, where: bool = False, truth: str = "cast"
    ) -> None:
        self.where, self.used_where = where, False  # `tf.where` for single-value branches (a candidate)
        #: The truth test of a condition of unknown dtype (a candidate: see ``_TRUTH_LABELS``); used_truth: one was.
        self.truth, self.used_truth = truth, False
        self._super: cst.Call | None = None  # `super(Class, self)`, once a moved statement needed it
        self.ctx = ctx
        self.func = func
        self.inference = inference
        self.tf, self.tf_import = ctx.tensorflow_alias
        self.unsafe: dict[str, list[str]] = {}
        self._taken = {name.value for name in m.findall(func, m.Name())}

    def _fresh(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``...: a name the function does not use yet."""
        name = fresh_name(base, self._taken)
        self._taken.add(name)
        return name

    def _tf(self, name: str, *args: cst.BaseExpression) -> cst.Call:
        return cst.Call(func=cst.parse_expression(f"{self.tf}.{name}"), args=[cst.Arg(a) for a in args])

    def _fix(self, edits: dict) -> Fix:
        imports = (self.tf_import,) if self.tf_import is not None else ()
        if self._super is not None:  # the moved statements' zero-argument `super()`, spelled out
            explicit = _ExplicitSuper(self._super)
            edits = {node: cst.FlattenSentinel([n.visit(explicit) for n in edit.nodes]) if isinstance(edit, cst.FlattenSentinel)
                     else edit.visit(explicit) if isinstance(edit, cst.CSTNode) else edit for node, edit in edits.items()}
        return Fix(edits, applicability="unsafe" if self.unsafe else "safe", imports=imports)  # the rule closes it (``evidence``)

    def _line(self, small: cst.Return | cst.Assign | cst.Expr, node: cst.CSTNode) -> cst.SimpleStatementLine:
        """The statement replacing ``node`` (the engine wraps it when it is long)."""
        return cst.SimpleStatementLine([small])

    def _note_unsafe(self, fact: str, reason: str) -> None:
        """``fact`` (of ``PythonBranchOnTensor.facts``) is not established, for ``reason``."""
        reasons = self.unsafe.setdefault(fact, [])
        if reason not in reasons:
            reasons.append(reason)

    def evidence(self, node: cst.If | cst.While) -> dict[str, Evidence]:
        """Each fact the rewrite established (those no step of it left unproven), and what the
        branches do (:func:`_impure`)."""
        evidence: dict[str, Evidence] = {
            fact.name: Unknown("; ".join(self.unsafe[fact.name])) if fact.name in self.unsafe else Known()
            for fact in PythonBranchOnTensor.facts
        }
        if self.inference.passed_parameters:
            names = ", ".join(f"`{p}`" for p in sorted(self.inference.passed_parameters))
            verb = "is" if len(self.inference.passed_parameters) == 1 else "are"
            evidence["tensor-parameters"] = Unknown(f"{names} {verb} passed a tensor by a call in this file; others may pass Python values")
        impure = _impure(self.ctx, node)
        if impure:
            evidence["pure-branches"] = Unknown(impure)
        return evidence

    # -- conditions ---------------------------------------------------------
    def predicate(self, test: cst.BaseExpression) -> cst.BaseExpression:
        """``test`` as a scalar boolean tensor expression."""
        if m.findall(test, _ZERO_ARG_SUPER):
            self.explicit_super()
        scalar = self.inference.is_scalar(test)
        if scalar is False:
            raise _NoFix("the condition is not a scalar; reduce it with `tf.reduce_any`/`tf.reduce_all`")
        if scalar is None:
            self._note_unsafe("scalar-condition", "the condition may not be a scalar")
        return self._boolean(test)

    def _boolean(self, test: cst.BaseExpression) -> cst.BaseExpression:
        infer = self.inference
        if isinstance(test, cst.BooleanOperation):
            if not (infer.is_tensor(test.left) and infer.is_tensor(test.right)):
                raise _NoFix(f"`{self.ctx.code(test).strip()}` mixes Python values and tensors")
            # Precondition: the right operand runs only when Python would run it
            # (`i < n and v[i] > t` must not index v[n]): nested tf.cond, as AutoGraph's and_/or_.
            left, right = self._boolean(test.left), _lambda(self._boolean(test.right))
            constant = _lambda(self._tf("constant", cst.Name("False" if isinstance(test.operator, cst.And) else "True")))
            if isinstance(test.operator, cst.And):
                return self._tf("cond", left, right, constant)
            return self._tf("cond", left, constant, right)
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return self._tf("logical_not", self._boolean(test.expression))
        if isinstance(test, cst.Comparison) and len(test.comparisons) > 1:
            raise _NoFix("a chained comparison; split it with `and`")
        if infer.is_bool(test):
            return _bare(test)
        dtype, truth = infer.dtype(test) or self._string(test), self.truth
        if dtype is None:
            self.used_truth = True
            self._note_unsafe("truth-test", f"the dtype of `{self.ctx.code(test).strip()}` is not known "
                              "(a complex number is true when non-zero, a string when non-empty)")
        else:
            truth = "nonempty" if dtype == "string" else "nonzero" if dtype.startswith("complex") else "cast"
        if truth == "nonzero":
            return self._tf("not_equal", _bare(test), cst.Integer("0"))
        if truth == "nonempty":
            return cst.Comparison(self._tf("strings.length", _bare(test)), [cst.ComparisonTarget(cst.GreaterThan(), cst.Integer("0"))])
        return self._tf("cast", _bare(test), cst.parse_expression(f"{self.tf}.bool"))

    def _string(self, expr: cst.BaseExpression) -> str | None:
        """"string" when ``expr`` is a ``tf.strings`` op giving strings (or a name bound once to one)."""
        expr = _bare(expr)
        if isinstance(expr, cst.Name):
            value = self._only_value(expr)
            return self._string(value) if value is not None else None
        if isinstance(expr, cst.Call) and any(n in _STRING_OPS for n in self.ctx.names(expr.func)):
            return "string"
        return None

    def explicit_super(self) -> None:
        """Moved into a branch function, zero-argument ``super()`` raises (it needs the method's
        ``__class__`` cell and first argument): spell it ``super(Class, self)``, right when ``Class``
        is still the class and ``self`` the first argument (fact ``explicit-super``)."""
        if self._super is not None:
            return
        block = self.ctx.parent(self.func)
        cls = self.ctx.parent(block) if isinstance(block, cst.IndentedBlock) else None
        params = [*self.func.params.posonly_params, *self.func.params.params]
        decorators = {self.ctx.code(d.decorator).strip() for d in self.func.decorators}
        if not isinstance(cls, cst.ClassDef) or not params or "staticmethod" in decorators:
            raise _NoFix("zero-argument `super()` raises once moved into a branch function (not a method to name)")
        name, first = cls.name.value, params[0].name.value
        if cls.decorators:
            self._note_unsafe("explicit-super", f"`{name}` is decorated: the name may be bound to what the decorator returns")
        scope = self.ctx.scope(cls)
        if scope is None or len(scope[name]) != 1:
            self._note_unsafe("explicit-super", f"`{name}` may be rebound")
        if m.findall(self.func.body, m.AssignTarget(target=m.Name(first)) | m.AugAssign(target=m.Name(first))):
            self._note_unsafe("explicit-super", f"`{first}` is rebound in `{self.func.name.value}`")
        self._super = cst.Call(cst.Name("super"), [cst.Arg(cst.Name(name)), cst.Arg(cst.Name(first))])

    # -- dtypes and shapes ------------------------------------------------------
    def origin(self, expr: cst.BaseExpression | cst.AugAssign, depth: int = 0) -> str | None:
        """What fixes ``expr``'s dtype: a parameter or updated name, a literal dtype, or
        ``bool``; None when unknown. Two values with the same origin have the same dtype
        (eager TensorFlow rejects mixing dtypes, so a working ``a + b`` has ``a``'s)."""
        expr = _bare(expr) if not isinstance(expr, cst.AugAssign) else expr
        if isinstance(expr, cst.Name):
            value = self._only_value(expr) if depth < 8 else None
            return self.origin(value, depth + 1) if value is not None else f"name:{expr.value}"
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
            return self.origin(expr.expression, depth + 1)
        if isinstance(expr, cst.Comparison) or (
            isinstance(expr, cst.Call) and self.inference.is_bool(expr)
        ):
            return "bool"
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _ARITHMETIC):
            return self._arithmetic_origin(expr.left, expr.right, isinstance(expr.operator, cst.Divide), depth)
        if isinstance(expr, cst.AugAssign) and isinstance(expr.operator, _AUGMENTED):
            return self._arithmetic_origin(expr.target, expr.value, isinstance(expr.operator, cst.DivideAssign), depth)
        if isinstance(expr, cst.Call):
            op = op_name(self.ctx, expr)
            dtype = next((a.value for a in expr.args if a.keyword is not None and a.keyword.value == "dtype"), None)
            if op in ("cast", "constant", "zeros", "ones") and len(expr.args) >= 2 and expr.args[1].keyword is None:
                dtype = expr.args[1].value  # `tf.constant(-1, tf.int64)`: the dtype is positional
            if dtype is not None and op in ("cast", "constant", "zeros", "ones"):
                return self._dtype_literal(dtype)
            if op in ("zeros", "ones"):
                return "dtype:float32"
            if op == "constant" and expr.args:
                literal = _bare(expr.args[0].value)
                if isinstance(literal, cst.UnaryOperation):
                    literal = literal.expression
                if isinstance(literal, cst.Integer):
                    return "dtype:int32"
                if isinstance(literal, cst.Float):
                    return "dtype:float32"
            if op in _SAME_DTYPE and expr.args and not expr.args[0].keyword:
                return self.origin(expr.args[0].value, depth + 1)
        return None

    def _dtype_literal(self, dtype: cst.BaseExpression) -> str | None:
        """``dtype:int32`` for `tf.int32`, `np.int32`, `"int32"`; None for a computed dtype
        (`logits.dtype` and `labels.dtype` are two dtypes)."""
        if isinstance(dtype, cst.SimpleString):
            return "dtype:" + dtype.evaluated_value
        names = self.ctx.names(dtype)
        if len(names) == 1 and next(iter(names)).startswith(("tensorflow.", "numpy.")):
            return "dtype:" + next(iter(names)).split(".")[-1]
        return None

    def _arithmetic_origin(self, left, right, divide: bool, depth: int) -> str | None:
        # `int_tensor / 2` is float64: true division keeps the dtype only with a float literal.
        for tensor, other in ((left, right), (right, left)):
            if self.inference.is_tensor(tensor) and (
                isinstance(other, cst.Float) or (not divide and (isinstance(other, cst.Integer) or self.inference.is_tensor(other)))
            ):
                return self.origin(tensor, depth + 1)
        return None

    def _only_value(self, name: cst.Name) -> cst.BaseExpression | None:
        """The value of ``name`` when the function assigns it exactly once, by ``name = value``."""
        scope = self.ctx.scope(name)
        if scope is None or name.value not in scope:
            return None
        assignments = list(scope[name.value])
        node = getattr(assignments[0], "node", None) if len(assignments) == 1 else None
        target = self.ctx.parent(node) if node is not None else None
        assign = self.ctx.parent(target) if isinstance(target, cst.AssignTarget) else None
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
            return assign.value
        return None

    def _same_dtypes(self, values: Sequence, what: str, blocks: Sequence[Sequence[cst.BaseStatement]]) -> None:
        """Precondition of tf.cond: every branch gives ``what`` one dtype (``values[i]`` is
        what ``blocks[i]`` gives; a missing ``else`` gives the name unchanged). A name is
        one dtype only if the branch did not rebind it before (`image = tf.cast(image,
        tf.uint8)` then `return image`)."""
        origins = [self.origin(value) for value in values]
        rebound = [_rebound_before(block, value) for block, value in zip(blocks, values)]
        if None in origins or len(set(origins)) > 1 or any(
            o.startswith("name:") and o[5:] in names for o, names in zip(origins, rebound)
        ):
            self._note_unsafe("one-dtype", f"{what} may differ in dtype between branches")

    def _keeps_shape(self, expr: cst.BaseExpression | cst.AugAssign, name: str) -> bool:
        """Is ``expr`` ``name`` changed elementwise by scalars (its shape kept)?"""
        if isinstance(expr, cst.AugAssign):
            return self._keeps_shape(expr.target, name) and self.inference.is_scalar(expr.value) is True
        expr = _bare(expr)
        if isinstance(expr, cst.Name):
            return expr.value == name
        if isinstance(expr, cst.UnaryOperation):
            return self._keeps_shape(expr.expression, name)
        if isinstance(expr, cst.BinaryOperation):
            return any(
                self._keeps_shape(a, name) and self.inference.is_scalar(b) is True
                for a, b in ((expr.left, expr.right), (expr.right, expr.left))
            )
        if isinstance(expr, cst.Call) and op_name(self.ctx, expr) in _SAME_SHAPE and expr.args:
            first, *rest = expr.args
            return self._keeps_shape(first.value, name) and all(self.inference.is_scalar(a.value) is True for a in rest)
        return False

    # -- names ----------------------------------------------------------------
    def _defined_before(self, name: str, node: cst.CSTNode) -> bool:
        current = node
        while current is not self.func:
            parent = self.ctx.parent(current)
            if parent is None:
                return False
            if isinstance(parent, cst.IndentedBlock):
                for stmt in parent.body:
                    if stmt is current:
                        break
                    if _binds(stmt, name):
                        return True
            current = parent
        params = self.func.params
        return any(p.name.value == name for p in (*params.posonly_params, *params.params, *params.kwonly_params))

    def _read_later(self, name: str, node: cst.CSTNode) -> bool:
        """Is ``name`` used after ``node`` (anywhere, when ``node`` is inside a loop)?"""
        in_loop = any(
            isinstance(a, (cst.For, cst.While))
            for a in self.ctx.ancestors(node)
            if a is not self.func and self.func in self.ctx.ancestors(a)
        )
        end = self.ctx.span(node)[1]
        for occurrence in m.findall(self.func.body, m.Name(name)):
            if in_loop or self.ctx.span(occurrence)[0] >= end:
                return True
        return False

    # -- branch functions --------------------------------------------------------
    def _function(
        self, fn_name: str, stmts: list[cst.BaseStatement], returned: Sequence[str] | None, node: cst.CSTNode
    ) -> tuple[list[cst.BaseStatement], cst.BaseExpression]:
        """``def fn_name(...)`` holding ``stmts`` (+ ``return returned``) and the callable to pass."""
        assigned = dict.fromkeys(n.value for n in _assigned(stmts))
        params = [n for n in assigned if _read_first(stmts, n) and self._defined_before(n, node)]
        body = list(stmts)
        if returned:
            body.append(cst.SimpleStatementLine([cst.Return(_pack([cst.Name(n) for n in returned], parenthesized=False))]))
        body[0] = _without_blank_lines(body[0])
        fn_name = self._fresh(fn_name)
        definition = cst.FunctionDef(
            name=cst.Name(fn_name),
            params=cst.Parameters([cst.Param(cst.Name(p)) for p in params]),
            body=cst.IndentedBlock(body),
        )
        if params:
            return [definition], _lambda(cst.Call(cst.Name(fn_name), [cst.Arg(cst.Name(p)) for p in params]))
        return [definition], cst.Name(fn_name)

    def _return_branch(self, stmts, fn_name, node):
        last = stmts[-1].body[-1]
        if len(stmts) == 1 and len(stmts[0].body) == 1:
            value = last.value
            if not self.inference.is_tensor(value):
                self._note_unsafe("tensor-values", f"`{self.ctx.code(value).strip()}` may not be a tensor")
            return [], _lambda(value)
        if not self.inference.is_tensor(last.value):
            self._note_unsafe("tensor-values", f"`{self.ctx.code(last.value).strip()}` may not be a tensor")
        return self._function(fn_name, stmts, None, node)

    def _assign_branch(self, stmts, fn_name, outputs, node):
        values: dict[str, cst.BaseExpression] = {}
        simple = True
        for stmt in stmts:
            for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else [stmt]:
                if isinstance(small, cst.Pass):
                    continue
                if (
                    isinstance(small, cst.Assign)
                    and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and small.targets[0].target.value in outputs
                    and small.targets[0].target.value not in values
                    and not _reads([small.value]) & set(values)
                ):
                    values[small.targets[0].target.value] = small.value
                else:
                    simple = False
        if simple:
            return [], _lambda(_pack([values.get(n, cst.Name(n)) for n in outputs]))
        return self._function(fn_name, stmts, outputs, node)

    # -- if -------------------------------------------------------------------------
    def rewrite_if(self, node: cst.If) -> Fix:
        test = node.test
        if isinstance(test, cst.BooleanOperation) and not self.inference.is_tensor(test.left) and self.inference.is_tensor(test.right):
            return self._split(node, test)
        return self._rewrite_if(node, test)

    def _split(self, node: cst.If, test: cst.BooleanOperation) -> Fix:
        """``if py and t:`` → ``if py:`` around ``tf.cond(t, ...)`` (``or``: in its ``else``), the
        other branch kept as it was: Python evaluates ``py`` first and ``t`` only when it must,
        as before."""
        if isinstance(node.orelse, cst.If):
            raise _NoFix(f"`{self.ctx.code(test).strip()}` mixes Python values and tensors, and an `elif` follows")
        python = _bare(test.left)
        if not isinstance(self.python_value(python), Known):
            self._note_unsafe("python-operand", self.python_value(python).reason)  # type: ignore[union-attr]
        fix = self._rewrite_if(node, test.right)
        edits = dict(fix.edits)
        cond = list(edits.pop(node).nodes)  # type: ignore[union-attr]
        consumed = [n for n, e in edits.items() if isinstance(e, cst.RemovalSentinel)]  # `return b` after the `if`
        header = node.body.header if isinstance(node.body, cst.IndentedBlock) else cst.TrailingWhitespace()
        kept = getattr(header.comment, "value", None)  # the comment stays on the `if` line
        cond[0] = _without_blank_lines(cond[0])
        cond[0] = cond[0].with_changes(leading_lines=[line for line in cond[0].leading_lines if line.comment is None or line.comment.value != kept])
        if isinstance(test.operator, cst.And):
            body, orelse = cst.IndentedBlock(cond, header=header), node.orelse.body if node.orelse is not None else None
            for following in consumed:  # still reached when `py` is false
                edits.pop(following)
        else:
            body, orelse = node.body, cst.IndentedBlock(cond)
        split = cst.If(
            test=python, body=body, orelse=cst.Else(orelse) if orelse is not None else None, leading_lines=node.leading_lines
        )
        edits[node] = split
        return self._fix(edits)

    def python_value(self, expr: cst.BaseExpression) -> Evidence:
        """Known when ``expr`` is certainly a Python value: a literal, ``is``/``is not``/``isinstance``,
        or a parameter the trace log (``--traces``) saw as a Python value in every trace."""
        if isinstance(expr, cst.BooleanOperation):
            left = self.python_value(expr.left)
            return left if isinstance(left, Unknown) else self.python_value(expr.right)
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            return self.python_value(expr.expression)
        if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None") or isinstance(expr, (cst.Integer, cst.SimpleString)):
            return Known("literal")
        if isinstance(expr, cst.Comparison) and all(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in expr.comparisons):
            return Known("identity test")
        if isinstance(expr, cst.Call) and self.ctx.resolves_to(expr.func, "builtins.isinstance"):
            return Known("isinstance")
        if isinstance(expr, cst.Name):
            seen = facts_of(self.ctx).parameter(self.func, expr.value) if expr.value in {
                p.name.value for p in self.func.params.params} else Unknown(f"`{expr.value}` is not a parameter")
            if isinstance(seen, Known) and seen.value[0] == "python":  # type: ignore[index]
                return Known("trace")
            return Unknown(f"`{expr.value}` may be a tensor (no trace shows it a Python value): then `if {expr.value}:` raises as before")
        return Unknown(f"`{self.ctx.code(expr).strip()}` may be a tensor")

    def _rewrite_if(self, node: cst.If, first_test: cst.BaseExpression) -> Fix:
        chain: list[tuple[cst.BaseExpression, list[cst.BaseStatement]]] = []
        current: cst.If = node
        while True:
            if chain and not self.inference.is_tensor(current.test):
                raise _NoFix("an `elif` on a Python value inside a tensor `if` chain")
            chain.append((current.test if chain else first_test, _statements(current.body)))
            if isinstance(current.orelse, cst.If):
                current = current.orelse
                continue
            final = _statements(current.orelse.body) if isinstance(current.orelse, cst.Else) else None
            break

        edits: dict = {}
        blocks = [stmts for _, stmts in chain] + ([final] if final is not None else [])
        ends_in_return = [self._ends_in_return(stmts) for stmts in blocks]
        if any(ends_in_return):
            if final is None:
                following = self._next_statement(node)
                if following is None or not self._ends_in_return([following]):
                    raise _NoFix("only some branches `return`")
                final = [following]
                edits[following] = cst.RemoveFromParent()
                blocks.append(final)
                ends_in_return.append(True)
            if not all(ends_in_return):
                raise _NoFix("only some branches `return`")
            for stmts in blocks:
                self._check_block(stmts, allow_final_return=True)
            self._same_dtypes([stmts[-1].body[-1].value for stmts in blocks], "the returned value", blocks)
            prelude, call = self._cond_chain(chain, final, None, node)
            result: cst.BaseSmallStatement = cst.Return(call)
        else:
            for stmts in blocks:
                self._check_block(stmts, allow_final_return=False)
            outputs = self._outputs(blocks, final is not None, node)
            prelude, call = self._cond_chain(chain, final, outputs, node)
            if outputs:
                targets = _pack([cst.Name(n) for n in outputs], parenthesized=False)
                result = cst.Assign([cst.AssignTarget(targets)], call)
            else:
                result = cst.Expr(call)
        statements = [*prelude, self._line(result, node)]
        statements[0] = statements[0].with_changes(leading_lines=node.leading_lines)
        edits[node] = cst.FlattenSentinel(keep_comments([node, *edits], statements))
        return self._fix(edits)

    def _ends_in_return(self, stmts) -> bool:
        last = stmts[-1] if stmts else None
        return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)

    def _next_statement(self, node: cst.CSTNode) -> cst.BaseStatement | None:
        parent = self.ctx.parent(node)
        body = list(parent.body) if isinstance(parent, cst.IndentedBlock) else []
        index = body.index(node) if node in body else -1
        return body[index + 1] if 0 <= index < len(body) - 1 else None

    def _check_block(self, stmts, allow_final_return: bool) -> None:
        if any(m.findall(stmt, _ZERO_ARG_SUPER) for stmt in stmts):
            self.explicit_super()
        reason = _unsupported(self.ctx, self.inference, stmts, allow_final_return)
        if reason is not None:
            raise _NoFix(reason)

    def _outputs(self, blocks, has_else: bool, node: cst.If) -> list[str]:
        """Names the ``if`` sets that are used afterwards; each needs a value on every path."""
        assigned = [[n.value for n in _assigned(stmts)] for stmts in blocks]
        if not has_else:
            assigned.append([])
        ordered = list(dict.fromkeys(n for names in assigned for n in names))
        outputs = [n for n in ordered if self._read_later(n, node)]
        for name in outputs:
            if any(name not in names for names in assigned) and not self._defined_before(name, node):
                raise _NoFix(f"`{name}` is assigned in only some branches and has no value before the `if`")
            target = next(t for stmts in blocks for t in _assigned(stmts) if t.value == name)
            if not self.inference.is_tensor(target):
                self._note_unsafe("tensor-values", f"`{name}` may not be a tensor")
            values = [_final_value(stmts, name) for stmts in blocks] + ([] if has_else else [cst.Name(name)])
            if None in values:
                self._note_unsafe("one-dtype", f"`{name}` may differ in dtype or structure between branches")
            else:
                self._same_dtypes(values, f"`{name}`", blocks)
        return outputs

    def _cond_chain(self, chain, final, outputs, node):
        """``tf.cond`` for ``chain[0]``, nesting the rest in its false branch."""
        (test, stmts), rest = chain[0], chain[1:]
        pred = self.predicate(test)

        def branch(block, fn_name):
            if outputs is None:
                return self._return_branch(block, fn_name, node)
            return self._assign_branch(block, fn_name, outputs, node)

        prelude, true_fn = branch(stmts, "_true_fn")
        if rest:
            # Branch functions of the inner conditions are defined up front, like the outer ones.
            false_prelude, inner_call = self._cond_chain(rest, final, outputs, node)
            false_fn = _lambda(inner_call)
        elif final is not None:
            false_prelude, false_fn = branch(final, "_false_fn")
        else:
            false_prelude, false_fn = [], _lambda(_pack([cst.Name(n) for n in outputs]))
        single = not prelude and not false_prelude and not any(isinstance(f.body, cst.Tuple) for f in (true_fn, false_fn))
        if self.where and single:
            self.used_where = True
            self._note_unsafe("one-branch", "`tf.where` computes both branch values and broadcasts them together")
            return [], self._tf("where", pred, true_fn.body, false_fn.body)
        return prelude + false_prelude, self._tf("cond", pred, true_fn, false_fn)

    # -- while ----------------------------------------------------------------------
    def rewrite_while(self, node: cst.While) -> Fix:
        if node.orelse is not None:
            raise _NoFix("`while ... else`")
        body = _statements(node.body)
        self._check_block(body, allow_final_return=False)
        pred = self.predicate(node.test)
        assigned = list(dict.fromkeys(n.value for n in _assigned(body)))
        in_test = _reads([node.test])
        loop_vars = [n for n in assigned if n in in_test or _read_first(body, n) or self._read_later(n, node)]
        if not in_test & set(loop_vars):
            raise _NoFix("the condition does not depend on a variable the loop updates")
        growing: list[str] = []
        keeps: dict[str, bool] = {}
        for name in loop_vars:
            if not self._defined_before(name, node):
                raise _NoFix(f"`{name}` has no value before the loop")
            target = next(t for t in _assigned(body) if t.value == name)
            if not self.inference.is_tensor(target):
                self._note_unsafe("tensor-values", f"`{name}` may be a Python value (after the loop it is a tensor)")
            # Preconditions of tf.while_loop: each loop variable keeps its dtype and shape.
            value = _final_value(body, name)
            grows = value is not None and any(
                op_name(self.ctx, call) in _GROWING and name in _reads([call]) for call in m.findall(value, m.Call())
            )
            if grows:
                growing.append(name)
                self._note_unsafe("loop-shapes", f"`{name}` grows: after the loop its static shape is unknown "
                                  "(`shape_invariants` of `TensorShape(None)`), which later code may read")
            if value is None or self.origin(value) != self.origin(cst.Name(name)):
                self._note_unsafe("one-dtype", f"`{name}` may change dtype in the loop")
            keeps[name] = value is not None and self._keeps_shape(value, name)
            if not grows and not keeps[name]:
                self._note_unsafe("loop-shapes", f"`{name}` may change shape in the loop (`tf.while_loop` needs `shape_invariants`)")
        params = cst.Parameters([cst.Param(cst.Name(n)) for n in loop_vars])
        packed = cst.Tuple([cst.Element(cst.Name(n)) for n in loop_vars])
        returned = packed if len(loop_vars) == 1 else packed.with_changes(lpar=[], rpar=[])
        lookups = self._lookups(node, loop_vars)
        replacer = _Replace({id(k): v for k, v in lookups.items()})
        body_stmts = [_without_blank_lines(body[0]).visit(replacer), *(stmt.visit(replacer) for stmt in body[1:])]
        body_name = self._fresh("_loop_body")
        loop_body = cst.FunctionDef(
            name=cst.Name(body_name),
            params=params,
            body=cst.IndentedBlock([*body_stmts, cst.SimpleStatementLine([cst.Return(returned)])]),
            leading_lines=node.leading_lines,
        )
        loop_cond = cst.Lambda(params=params, body=pred)
        call = self._tf("while_loop", loop_cond, cst.Name(body_name), packed)
        if growing:  # a growing variable's invariant is any shape; the others keep theirs (when proven)
            tensors = {n.value for n in _assigned(body) if self.inference.is_tensor(n)}
            invariants = [f"{n}.shape" if keeps[n] and n in tensors else f"{self.tf}.TensorShape(None)" for n in loop_vars]
            shapes = cst.parse_expression(f"({', '.join(invariants)},)" if len(invariants) == 1 else f"({', '.join(invariants)})")
            call = call.with_changes(args=[*call.args, cst.Arg(shapes, keyword=cst.Name("shape_invariants"),
                                                            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))])
        result = self._line(cst.Assign([cst.AssignTarget(returned)], call), node)
        after = {k: v for k, v in lookups.items() if self.ctx.span(k)[0] >= self.ctx.span(node)[1]}
        return self._fix({node: cst.FlattenSentinel(keep_comments([node], [loop_body, result])), **after})

    def _lookups(self, node: cst.While, loop_vars: Sequence[str]) -> dict[cst.CSTNode, cst.BaseExpression]:
        """``SEQ[i]`` for a loop variable ``i`` (a tensor once ``tf.while_loop`` runs, which a Python
        list cannot take as index) where ``SEQ`` is bound once to a list or tuple of literals:
        ``tf.gather(SEQ, i)``, the whole ``tf.constant(SEQ[i])`` when it wraps one. The value is a
        tensor where Python gave an element (fact ``tensor-values``, unless a TensorFlow op takes it)."""
        found: dict[cst.CSTNode, cst.BaseExpression] = {}
        for subscript in m.findall(self.func.body, m.Subscript(value=m.Name(), slice=[m.SubscriptElement(m.Index(m.Name()))])):
            assert isinstance(subscript, cst.Subscript)
            index = subscript.slice[0].slice.value  # type: ignore[attr-defined]
            if index.value not in loop_vars or not _literal_sequence(self.ctx, subscript.value):  # type: ignore[arg-type]
                continue
            if not (self.ctx.span(subscript)[0] >= self.ctx.span(node)[1] or node in self.ctx.ancestors(subscript)):
                continue
            gather = self._tf("gather", subscript.value, index)
            self._note_unsafe("tensor-values", f"`{self.ctx.code(subscript).strip()}`: `tf.gather` rejects the negative indices a list takes")
            arg = self.ctx.parent(subscript)
            call = self.ctx.parent(arg) if isinstance(arg, cst.Arg) else None
            if isinstance(call, cst.Call) and len(call.args) == 1 and arg.keyword is None and self.ctx.resolves_to(  # type: ignore[union-attr]
                    call.func, "tensorflow.constant", "tensorflow.convert_to_tensor"):
                found[call] = gather  # tf.constant rejects a symbolic tensor
            else:
                found[subscript] = gather
                if not (isinstance(call, cst.Call) and op_name(self.ctx, call) is not None):
                    self._note_unsafe("tensor-values", f"`{self.ctx.code(subscript).strip()}` becomes a tensor, where Python gave an element")
        return found
