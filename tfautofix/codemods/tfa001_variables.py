"""TFA001 variable-in-traced-function: create ``tf.Variable``s once, not on every call."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Callable, Iterator

import libcst as cst
import libcst.matchers as m
from libcst.metadata import BuiltinScope, GlobalScope

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Fact, Known, Unknown, facts_of, unknown_facts
from tfautofix.analysis.index import is_keras_class, nodes
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen

CREATORS = ("tensorflow.Variable", "keras.Variable")
#: Where the initial value sits in each creator's signature.
_INIT_KEYWORDS = {"tensorflow.Variable": "initial_value", "keras.Variable": "initializer"}
#: Methods that create state by design: variables made there are left alone.
_STATE_METHODS = ("__init__", "build")
_MUTATORS = ("assign", "scatter", "batch_scatter", "load")
_READ_PARENTS = (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.ComparisonTarget, cst.BooleanOperation)
_NOT_NONE_PATTERN = re.compile(r"^\s*(not\s+self\.built|not\s+hasattr\()")


class _Unfixable(Exception):
    """The variable is reported without a fix; the text says why."""


@dataclass
class _Uses:
    mutated: bool = False  # assigned to, or handed to code that may assign to it
    escapes: bool = False  # may outlive the call: the rewrite shares one variable between calls
    returned_only: bool = True  # every escape is a plain `return v`


@dataclass
class _Plan:
    """One creation's share of a fix. Creations with the same home (a function's module
    level, a class's ``__init__`` or ``build``) form one fix, so any number converge in one pass."""

    key: tuple  # (home node, kind, applicability)
    stmt_edits: dict  # the creation statement's replacement
    declaration: object  # what the home gains: a module statement, an attribute name, a `build` line
    home_edits: Callable[[list], dict]  # the edits adding every declaration of the group to the home
    how: str
    label: str = ""
    #: Other homes or shapes for the same creation, tried by execution (``fix --verify``) where a
    #: fact the primary relies on is not known; keyed by label, so a group's creations pair up.
    alternatives: dict = field(default_factory=dict)


class VariableInTracedFunction(Rule):
    code = "TFA001"
    name = "variable-in-traced-function"
    summary = "`tf.Variable` created on every call of traced code fails; create it once"
    fixable = "safe"
    contract = "exact"
    #: Creating variables on the first call traces twice; the rewrite must not retrace more.
    max_traces = 2
    triggers = ("Variable",)
    facts = (
        Fact("call-independent", "the initial value does not depend on the call's arguments (their shape or dtype)"),
        Fact("fresh-value", "the initial value is a literal constant or a pure TensorFlow op of constants, so re-assigning it gives what a fresh variable got"),
        Fact("class-layout", "a new attribute on `self` is an ordinary one: the class and its bases are this module's, "
             "Keras's or `object`, with no `__slots__`, `__setattr__` or `__getattr__`"),
        Fact("untracked", "the class does not track variables set on its attributes (a tf.Module or Keras object "
             "adds them to trainable_variables, checkpoints and regularisers)"),
        Fact("init-sets-first", "the attribute set in `__init__` exists before any method runs: `__init__` calls no "
             "method and hands `self` to nothing, and every subclass in the module runs it (`super().__init__`)"),
        Fact("stays-in-call", "the variable does not leave the call (returned from a helper, stored, passed on): calls would share it"),
    )
    docs = """
A `tf.Variable` (or `keras.Variable`) created inside a `tf.function`, or inside
anything traced code calls (a helper, a Keras `call`/`train_step`, a metric given
to `compile`), makes the first call fail with `ValueError: tf.function only
supports singleton tf.Variables created on the first call`. Eagerly the same code
runs and creates a *fresh* variable on every call.

The fix creates the variable once, in the right home. In a module-level
function (or helper) it becomes a module-level variable next to the function
when its initial value needs nothing from the call, otherwise a lazy
module-level singleton (`_f_v = None`, then `global _f_v; if _f_v is None:`).
In a method (`tf.Module`, Keras, plain class) it becomes an attribute set to
`None` in `__init__` (created when missing, passing `*args, **kwargs` on to
`super().__init__`) and created on first use with `if self._v is None:`. In a
Keras `call` whose initial value depends only on the input's `.shape`, it is
created in `build(input_shape)`, which Keras requires for `keras.Variable`.
Variables that share a home (one function, one class's `__init__` or `build`)
are fixed together, as one fix.

Where a fact the home relies on is not known — the class has `__slots__`, a
subclass skips `super().__init__`, `__init__` calls a method before the new
attribute is set, or the object tracks its variables (`tf.Module`, Keras) — the
fix has alternatives that `fix --verify` tries when it is not confirmed: a
class-level default (`_v = None` in the class body: it exists before and without
`__init__`) and a module-level singleton (none of the object's attributes; one
variable for every instance, re-initialised on each call). A variable sized by
the call's values gets an alternative created once with
`shape=tf.TensorShape([None, ...])` (the dimensions the call sizes left unknown),
which each call's re-assignment may then resize; in a Keras `call` built in
`build` for one width, the same lazy variable of any width is the alternative.

Eager semantics are kept: the initial value is re-assigned at the point where
the original created it, so every call starts from the value a fresh variable
would have. The re-assignment is skipped only when it is proven useless: the
variable is never updated (`assign*`, `scatter*`, as methods or as TensorFlow
functions such as `tf.compat.v1.assign_add(v, x)`, passed to other code) and its
initial value is a literal constant (`0.0`, `[1, 2]`, `tf.zeros([3])`,
`tf.constant(1, tf.int64)`) — or, in `build`, a deterministic TensorFlow value
of the input's non-batch dimensions. `tf.Variable(w)` with `w` another
variable or a global, or `tf.Variable(GlorotNormal(seed=3)(shape=...))` (a called
initializer draws again: the same values when seeded), is re-initialised
(unsafe). A per-call counter is never silently turned into a persistent one:
if you want state that survives calls, create it in `__init__`/`build`
yourself (or see TFA005 for metrics).

`build(input_shape)` is chosen only when the variable is sized by the input's
non-batch dimensions (`inputs.shape[-1]`, `inputs.shape[1:]`): Keras builds
once, and a variable sized by `inputs.shape[0]` would not fit the last, smaller
batch.

Safe only when all of that is proven. Unsafe fixes (need `--unsafe-fixes`): the
initial value depends on the call's arguments (a later call with another shape
or dtype raises where eager code worked); the initial value is not a literal
constant nor computed from the call by deterministic TensorFlow ops (a global,
an initializer, a random op: re-assigning it in graph need not give what a
fresh eager variable got); or the variable escapes the call (stored, passed
out, returned from a helper), so two calls now share one variable.

Reported without a fix: variables created inside a loop, branch or nested
function, in an expression (`x * tf.Variable(...)`), in static or class methods,
in decorated classes, or a `keras.Variable` in a Keras method other than `call`.

Left alone (correct code): variables created in `__init__` or `build`, and
lazy singletons created on the first call only — `if self.v is None:`,
`if not self.built:`, held in a list or dict (`if h[0] is None: h[0] = ...`,
`if "v" not in cache: cache["v"] = ...`), or as a conditional expression
(`self.v = tf.Variable(0.0) if self.v is None else self.v`); variables outside
traced code.
"""
    before = """\
import tensorflow as tf

@tf.function
def running_sum(x):
    total = tf.Variable(0.0)
    for i in range(3):
        total.assign_add(x * i)
    return total.read_value()
"""
    after = """\
import tensorflow as tf

_running_sum_total = tf.Variable(0.0)


@tf.function
def running_sum(x):
    total = _running_sum_total
    total.assign(0.0)
    for i in range(3):
        total.assign_add(x * i)
    return total.read_value()
"""

    def prescreen(self, screen: Screen) -> bool:
        """A ``tf.Variable`` created in traced code, outside ``__init__``/``build``."""
        return any(
            not screen.names(site.node.func).isdisjoint(CREATORS)
            and getattr(site.function, "name", None) not in _STATE_METHODS
            for site in screen.traced_sites(ast.Call)
        )


    def check(self, ctx: FileContext) -> Iterator[Finding]:
        taken: set[str] = set()  # names chosen for homes in this pass
        planned: list[tuple[cst.Call, str, _Plan]] = []
        for call in nodes(ctx, cst.Call):
            if not isinstance(call.func, (cst.Name, cst.Attribute)):
                continue
            assert isinstance(call, cst.Call)
            creator = next((name for name in CREATORS if ctx.resolves_to(call.func, name)), None)
            if creator is None or not ctx.is_traced(call):
                continue
            func = ctx.enclosing(call, (cst.FunctionDef, cst.Lambda))
            if isinstance(func, cst.FunctionDef) and func.name.value in _STATE_METHODS:
                continue
            if _inside_lazy_pattern(ctx, call, func):
                continue
            message = (
                f"`{ctx.code(call.func)}(...)` in traced code ({ctx.traced_reason(call)}) creates a variable "
                "on every call: tf.function fails on the first call"
            )
            try:
                plan = _Planner(ctx, call, creator, func, taken).plan()
            except _Unfixable as reason:
                yield self.finding(ctx, call, f"{message} (not fixed: {reason})")
                continue
            planned.append((call, f"{message}; fix: {plan.how}", plan))
        groups: dict[tuple, list[_Plan]] = {}
        for _, _, plan in planned:
            groups.setdefault(plan.key, []).append(plan)
        fixes = {key: _group_fix(plans) for key, plans in groups.items()}
        alternatives = {
            key: [_group_fix([p.alternatives[label] for p in plans])
                  for label in plans[0].alternatives if all(label in p.alternatives for p in plans)]
            for key, plans in groups.items()
        }
        for call, message, plan in planned:
            shared = len(groups[plan.key])
            if shared > 1:  # say so: interactive mode shows and applies the whole group at once
                message += f" (one fix for the {shared} variables that share this home)"
            yield self.finding(ctx, call, message, fixes[plan.key], alternatives=alternatives[plan.key])


def _group_fix(plans: list[_Plan]) -> Fix:
    edits: dict = {}
    for plan in plans:
        edits.update(plan.stmt_edits)
    edits.update(plans[0].home_edits([plan.declaration for plan in plans]))
    return Fix(edits, applicability=plans[0].key[2], label=plans[0].label)


def _inside_lazy_pattern(ctx: FileContext, call: cst.Call, func) -> bool:
    """A lazy singleton, created on the first call only, is the correct idiom: ``if self.v is None:
    self.v = tf.Variable(...)`` (``if not self.built:``, ``if not self.v:``), one held in a list
    or dict (``if h[0] is None: h[0] = ...``, ``if "v" not in cache: cache["v"] = ...``), or
    the conditional expression ``self.v = tf.Variable(...) if self.v is None else self.v``."""
    stmt = ctx.enclosing(call, cst.SimpleStatementLine)
    target = _target(stmt) if stmt is not None else None
    stored = ctx.code(target).strip() if target is not None else None
    for ancestor in ctx.ancestors(call):
        if ancestor is func:
            return False
        if isinstance(ancestor, cst.If) and (
            _NOT_NONE_PATTERN.match(ctx.code(ancestor.test))
            or any(_tests_missing(ctx, ancestor.test, s) for s in (stored, *_stored_later(ctx, ancestor)))
        ):
            return True
        if isinstance(ancestor, cst.IfExp) and stored is not None:
            kept = ancestor.orelse if _tests_missing(ctx, ancestor.test, stored) else ancestor.body
            if ctx.code(kept).strip() == stored and (kept is ancestor.orelse or _tests_present(ctx, ancestor.test, stored)):
                return True
    return False


def _stored_later(ctx: FileContext, block: cst.If) -> list[str]:
    """What the ``if`` body assigns: ``if holder[0] is None:`` whose body sets ``holder[0]``
    runs once, whatever it creates on the way (Sonnet's tests: ``v1 = tf.Variable(...)``,
    ``v2 = ...``, then ``holder[0] = v1``)."""
    return [ctx.code(t.target).strip() for assign in m.findall(block.body, m.Assign()) for t in assign.targets]  # type: ignore[attr-defined]


def _tests_missing(ctx: FileContext, test: cst.BaseExpression, stored: str | None) -> bool:
    """Is ``test`` "``stored`` has no value yet": ``x is None``, ``not x``, ``k not in c`` for ``c[k]``?"""
    if stored is None:
        return False
    if m.matches(test, m.Comparison(comparisons=[m.ComparisonTarget(m.Is(), m.Name("None"))])):
        return ctx.code(test.left).strip() == stored
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return ctx.code(test.expression).strip() == stored
    if m.matches(test, m.Comparison(comparisons=[m.ComparisonTarget(m.NotIn())])):
        container = ctx.code(test.comparisons[0].comparator).strip()
        return stored == f"{container}[{ctx.code(test.left).strip()}]"
    return False


def _tests_present(ctx: FileContext, test: cst.BaseExpression, stored: str) -> bool:
    """``x is not None`` for ``stored`` == ``x``."""
    return m.matches(test, m.Comparison(comparisons=[m.ComparisonTarget(m.IsNot(), m.Name("None"))])) and (
        ctx.code(test.left).strip() == stored
    )


#: TensorFlow constructors whose result is fixed by literal arguments.
_CONSTANT_OPS = frozenset(
    {"tensorflow.constant", "tensorflow.zeros", "tensorflow.ones", "tensorflow.fill", "tensorflow.eye", "tensorflow.range"}
)


def _literal_constant(ctx: FileContext, expr: cst.BaseExpression) -> bool:
    """A value fixed by the source: numbers, strings, tuples/lists of them, TensorFlow dtypes,
    and ``tf.constant``/``tf.zeros``/... of those."""
    if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in ("True", "False", "None")
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        return _literal_constant(ctx, expr.expression)
    if isinstance(expr, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and _literal_constant(ctx, e.value) for e in expr.elements)
    if isinstance(expr, cst.Attribute):  # tf.float32
        return any(n.startswith("tensorflow.") and n.rsplit(".", 1)[-1] in _DTYPES for n in ctx.names(expr))
    if isinstance(expr, cst.Call) and ctx.resolves_to(expr.func, *_CONSTANT_OPS):
        return all(not arg.star and _literal_constant(ctx, arg.value) for arg in expr.args)
    return False


_DTYPES = frozenset(
    "float16 float32 float64 bfloat16 int8 int16 int32 int64 uint8 uint16 uint32 uint64 bool string complex64 "
    "complex128".split()
)


def _target(stmt: cst.SimpleStatementLine) -> cst.BaseExpression | None:
    """``v`` or ``self.v`` when ``stmt`` is exactly ``v = <call>``."""
    if len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Assign) or len(stmt.body[0].targets) != 1:
        return None
    return stmt.body[0].targets[0].target


class _NameCollector(cst.CSTVisitor):
    """Names an expression reads (not attribute names, not keyword names)."""

    def __init__(self) -> None:
        self.names: list[cst.Name] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.names.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False


def _names_in(expr: cst.CSTNode) -> list[cst.Name]:
    collector = _NameCollector()
    expr.visit(collector)
    return collector.names


class _Planner:
    """Chooses the variable's home and builds the edits for one creation."""

    def __init__(self, ctx: FileContext, call: cst.Call, creator: str, func, taken: set[str]) -> None:
        self.ctx, self.call, self.creator, self.func, self.taken = ctx, call, creator, func, taken
        self.self_name: str | None = None  # the method's `self`, which is the same on every call

    @property
    def call_deps(self) -> list[cst.Name]:
        """Local names in the creation whose value may change from call to call."""
        return [name for name in self.local_deps if name.value != self.self_name]

    # -- analysis -------------------------------------------------------------
    def plan(self) -> _Plan:
        ctx, func = self.ctx, self.func
        if not isinstance(func, cst.FunctionDef):
            raise _Unfixable("created in a lambda")
        stmt = ctx.parent(ctx.parent(self.call))
        if not (isinstance(stmt, cst.SimpleStatementLine) and isinstance(ctx.parent(self.call), cst.Assign)):
            raise _Unfixable("create it in a statement of its own, `v = tf.Variable(...)`")
        self.stmt = stmt
        self.target = _target(stmt)
        if self.target is None:
            raise _Unfixable("assign it to a single name")
        if ctx.parent(stmt) is not func.body:
            raise _Unfixable("created inside a loop, branch or `with` block")
        self.init = self._initial_value()
        self.local_deps = self._local_dependencies()
        container = ctx.parent(func)
        if container is ctx.module:
            return self._module_level()
        if isinstance(container, cst.IndentedBlock) and isinstance(ctx.parent(container), cst.ClassDef):
            return self._method(ctx.parent(container))
        raise _Unfixable("created in a nested function")

    def _initial_value(self) -> cst.BaseExpression | None:
        keyword = _INIT_KEYWORDS[self.creator]
        for arg in self.call.args:
            if arg.keyword is not None and arg.keyword.value == keyword:
                return arg.value
        positional = [arg for arg in self.call.args if arg.keyword is None and not arg.star]
        return positional[0].value if positional else None

    def _local_dependencies(self) -> list[cst.Name]:
        """Names in the creation call bound inside the function (its arguments, locals)."""
        collector = _NameCollector()
        self.call.visit(collector)
        local = []
        for name in collector.names:
            scope = self.ctx.scope(name)
            if scope is None or name.value not in scope:
                continue
            if any(not isinstance(a.scope, (GlobalScope, BuiltinScope)) for a in scope[name.value]):
                local.append(name)
        return local

    def _globals_defined_before(self, anchor: cst.CSTNode) -> bool:
        """Can the creation call run at module level just before ``anchor``?"""
        collector = _NameCollector()
        self.call.visit(collector)
        line = self.ctx.span(anchor)[0][0]
        for name in collector.names:
            scope = self.ctx.scope(name)
            if scope is None or name.value not in scope:
                return False
            for assignment in scope[name.value]:
                node = getattr(assignment, "node", None)
                if node is not None and self.ctx.span(node)[0][0] >= line:
                    return False
        return True

    def _uses(self, references: list[cst.CSTNode], owners: set[cst.CSTNode]) -> _Uses:
        """How the variable is used after its creation (``references``: its ``v`` / ``self.v`` nodes,
        ``owners``: the functions where a use is classified; anywhere else it escapes)."""
        uses = _Uses()
        for node in references:
            function = self.ctx.enclosing(node, (cst.FunctionDef, cst.Lambda))
            kind = self._use_kind(node) if function in owners else "escape"
            if kind == "mutate":
                uses.mutated = True
            elif kind in ("escape", "return"):
                uses.mutated = uses.escapes = True
                uses.returned_only &= kind == "return"
        return uses

    def _use_kind(self, node: cst.CSTNode) -> str:
        parent = self.ctx.parent(node)
        if isinstance(parent, cst.Attribute) and parent.value is node:
            return "mutate" if parent.attr.value.startswith(_MUTATORS) else "read"
        if isinstance(parent, cst.Subscript) and parent.value is node:
            return self._use_kind(parent) if isinstance(self.ctx.parent(parent), cst.Attribute) else "read"
        if isinstance(parent, _READ_PARENTS) or (isinstance(parent, cst.AugAssign) and parent.target is node):
            return "read"
        if isinstance(parent, cst.Arg):
            call = self.ctx.parent(parent)
            names = self.ctx.names(call.func) if isinstance(call, cst.Call) else set()
            if any(n.startswith("tensorflow.") and any(w in n for w in ("assign", "scatter")) for n in names):
                return "mutate"  # `tf.compat.v1.assign_add(v, x)`: an attribute, yet not `other.assign(v)`
            if m.matches(call, m.Call(func=m.Attribute(attr=m.Name()))) and call.func.attr.value.startswith(_MUTATORS):
                return "read"  # `other.assign(v)` reads `v`
            if any(n.startswith("tensorflow.") and not any(w in n for w in ("assign", "scatter")) for n in names):
                return "read"
            return "escape"
        if isinstance(parent, cst.Return):
            return "return"
        if isinstance(parent, cst.Element) and isinstance(self.ctx.parent(parent), (cst.List, cst.Tuple)):
            return self._use_kind(self.ctx.parent(parent))  # `tf.stack([v, w])` reads, `return (v, w)` returns
        return "escape"

    def _needs_reinit(self, uses: _Uses, call_dependent: bool = True) -> bool:
        """Must every call re-assign the initial value to match a fresh eager variable?

        Precondition of skipping it: the variable is never updated and its initial value is a
        literal constant (`0.0`, `tf.zeros([3])`). Anything else — another variable, an
        initializer call, a global — may give a different value on the next call.
        """
        if uses.mutated or (call_dependent and self.call_deps):
            return True
        # In `build`, the input's non-batch dimensions are fixed: a deterministic value of them is too.
        return not (self._constant_init() or (not call_dependent and self._pure_init()))

    def _constant_init(self) -> bool:
        return self.init is not None and _literal_constant(self.ctx, self.init)

    def _pure_init(self) -> bool:
        """Is the initial value computed from the call's own values by deterministic TensorFlow
        ops only (re-assigning it gives what a fresh variable got)?"""
        if self.init is None:
            return False
        local = {name.value for name in self.local_deps}
        collector = _NameCollector()
        self.init.visit(collector)
        for name in collector.names:
            names = self.ctx.names(name)
            if name.value in local or name.value in ("True", "False", "None"):
                continue
            if not any(n == "tensorflow" or n.startswith("tensorflow.") for n in names):
                return False
        for node in m.findall(self.init, m.Call()):
            names = self.ctx.names(node.func)
            if not names or any("random" in n or "initializer" in n or not n.startswith("tensorflow.") for n in names):
                return False
        return True

    def _reinit(self, variable: cst.BaseExpression) -> cst.SimpleStatementLine:
        init = self.init
        # An initializer object (`keras.initializers.Zeros()`, `"zeros"`) is no value; calling one
        # (`GlorotNormal(seed=3)(shape)`) is: re-assigned, it draws again (the same values when seeded).
        called = isinstance(init, cst.Call) and isinstance(init.func, cst.Call)
        if init is None or isinstance(init, (cst.Lambda, cst.SimpleString)) or not called and any(
            name.startswith("keras.initializers") for name in self.ctx.names(init.func if isinstance(init, cst.Call) else init)
        ):
            raise _Unfixable("its initial value is an initializer, not a value, so it cannot be re-assigned on each call")
        return cst.SimpleStatementLine([cst.Expr(cst.Call(cst.Attribute(variable, cst.Name("assign")), [cst.Arg(init)]))])

    def _applicability(self, uses: _Uses, shape_dependent: bool, cls: cst.ClassDef | None = None) -> tuple[str, str]:
        helper = (self.ctx.traced_reason(self.func) or "").startswith("called from")
        evidence = {
            "call-independent": Unknown("its initial value depends on the call's arguments: a later call with another shape or dtype raises")
            if shape_dependent else Known(),
            "fresh-value": Known() if self._constant_init() or self._pure_init() else Unknown(
                # a random or stateful initial value (an initializer call, `tf.random.*`) does not
                # give in graph what a fresh eager variable got
                f"its initial value `{self.ctx.code(self.init).strip()}` is not a literal constant"),
            "stays-in-call": Unknown("the variable leaves the call, and calls now share one variable")
            if uses.escapes and (helper or not uses.returned_only) else Known(),
            "class-layout": Known() if cls is None else facts_of(self.ctx).class_layout(cls),
            "untracked": Known() if cls is None else facts_of(self.ctx).untracked_attributes(cls),
            "init-sets-first": Known() if cls is None else facts_of(self.ctx).init_sets_first(cls),
        }
        missing = unknown_facts(VariableInTracedFunction.facts, evidence)
        return ("unsafe", f" (unsafe: not known: {'; '.join(missing)})") if missing else ("safe", "")

    # -- module-level functions ---------------------------------------------------
    def _module_level(self) -> _Plan:
        ctx, func = self.ctx, self.func
        if not isinstance(self.target, cst.Name):
            raise _Unfixable("assign it to a local name")
        local = self.target.value
        uses = self._uses(_name_references(ctx, self.target), {func})
        reinit = self._needs_reinit(uses)
        home = _unique(ctx.module, f"_{func.name.value.lstrip('_')}_{local}", self.taken)
        home_name = cst.Name(home)
        alias = _statement(f"{local} = {home}")
        if not self.local_deps and self._globals_defined_before(func):
            module_stmt = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(home_name)], self.call)])
            body = [alias] + ([self._reinit(cst.Name(local))] if reinit else [])
            how = f"create it once at module level as `{home}`"
        else:
            module_stmt = _statement(f"{home} = None")
            body = [_statement(f"global {home}"), self._lazy_creation(home_name, reinit), alias]
            how = f"create it on the first call as the module-level singleton `{home}`"
        if reinit:
            how += ", re-initialised on every call as a fresh variable would be"
        applicability, note = self._applicability(uses, bool(self.local_deps))

        def plan(body: list, applicability: str, how: str, label: str = "") -> _Plan:
            return _Plan(
                key=(func, "module", applicability),
                stmt_edits={self.stmt: _in_place_of(self.stmt, body)},
                declaration=module_stmt,
                home_edits=lambda statements: {
                    func: lambda updated: cst.FlattenSentinel(_before_function(statements, updated))
                },
                how=how,
                label=label,
            )

        primary = plan(body, applicability, how + note, f"`{home}`")
        relaxed = self._relaxed()
        if relaxed is not None and self.local_deps:
            label = f"`{home}` created with {self._shape_label(relaxed)}"
            body = [body[0], self._lazy_creation(home_name, reinit, relaxed), alias]
            primary.alternatives[label] = plan(body, "unsafe", how, label)
        return primary

    def _lazy_creation(self, home: cst.BaseExpression, reinit: bool, call: cst.Call | None = None) -> cst.If:
        create = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(home)], call or self.call)])
        orelse = cst.Else(cst.IndentedBlock([self._reinit(home)])) if reinit else None
        test = cst.Comparison(home, [cst.ComparisonTarget(cst.Is(), cst.Name("None"))])
        return cst.If(test, cst.IndentedBlock([create]), orelse=orelse)

    # -- methods --------------------------------------------------------------------
    def _method(self, cls: cst.ClassDef) -> _Plan:
        ctx, func = self.ctx, self.func
        if cls.decorators:
            raise _Unfixable("the class is decorated (its `__init__` may be generated)")
        if func.decorators and any(ctx.code(d.decorator) in ("staticmethod", "classmethod") for d in func.decorators):
            raise _Unfixable("created in a static or class method")
        params = func.params.params
        if not params:
            raise _Unfixable("the method has no `self` parameter")
        self_name = self.self_name = params[0].name.value
        keras_class = is_keras_class(ctx, cls)
        keras_call = keras_class and func.name.value == "call"
        if isinstance(self.target, cst.Name):
            local = self.target.value
            attr = _unique_attribute(ctx, cls, (f"_{local}", f"_{func.name.value.strip('_')}_{local}"), self.taken)
            uses = self._uses(_name_references(ctx, self.target), {func})
        elif m.matches(self.target, m.Attribute(value=m.Name(self_name))):
            local = None
            attr = self.target.attr.value
            references = _attribute_references(cls, self_name, attr)
            if any(_is_assign_target(ctx, ref) for ref in references if ref is not self.target):
                raise _Unfixable(f"`{self_name}.{attr}` is assigned elsewhere too")
            uses = self._uses([ref for ref in references if ref is not self.target], set(_methods(cls)))
        else:
            raise _Unfixable(f"assign it to a local name or to `{self_name}.<attribute>`")
        home = cst.Attribute(cst.Name(self_name), cst.Name(attr))
        shape_param = params[1].name.value if keras_call and len(params) > 1 else None
        relaxed = self._relaxed()
        if keras_call and self._only_shape_dependent(self_name, shape_param):
            # Keras builds a layer once, for one input shape: the shape needs no re-initialisation.
            reinit = self._needs_reinit(uses, call_dependent=False)
            primary = self._in_build(cls, home, attr, local, uses, reinit, shape_param)
        else:
            if keras_class and self.creator == "keras.Variable":
                raise _Unfixable("Keras only accepts new `keras.Variable`s in `__init__` or `build`")
            primary = self._lazy(cls, "init", attr, local, uses, self.call)

        def offer(kind: str, call: cst.Call) -> None:
            plan = self._lazy(cls, kind, attr, local, uses, call)
            primary.alternatives[plan.label] = plan

        if relaxed is not None:  # a shape that varies from call to call (in `build`: several widths)
            offer("init", relaxed)
        facts = facts_of(ctx)
        layout = (facts.class_layout(cls), facts.untracked_attributes(cls), facts.init_sets_first(cls))
        if any(isinstance(evidence, Unknown) for evidence in layout) and self.creator != "keras.Variable":
            # The attribute `__init__` sets may not exist when the method runs (no `super().__init__`,
            # a call before it), may not be settable (`__slots__`), or may be tracked by the object:
            # a class-level default exists before any `__init__`; a module-level singleton is none of
            # the object's attributes (one variable for every instance: re-initialised, or never updated).
            for kind in ("class", "module"):
                offer(kind, relaxed or self.call)
        return primary

    def _lazy(self, cls: cst.ClassDef, kind: str, attr: str, local: str | None, uses: _Uses, call: cst.Call) -> _Plan:
        """Create the variable on first use in a lazy holder: ``self.<attr>`` set to None in ``__init__``
        (kind "init", the primary) or as a class attribute ("class"), or a module-level singleton
        ("module"). Anything but the primary (kind "init", the creation as written) is one of its
        alternatives, to be chosen by execution: unsafe."""
        self_name = self.self_name
        body: list[cst.BaseStatement] = []
        if kind == "module":
            name = _unique(self.ctx.module, f"_{cls.name.value.lstrip('_')}_{attr.lstrip('_')}", self.taken)
            holder: cst.BaseExpression = cst.Name(name)
            body.append(_statement(f"global {name}"))
            declaration: object = _statement(f"{name} = None")
            home_edits = lambda statements: {  # noqa: E731
                cls: lambda updated: cst.FlattenSentinel(_before_function(statements, updated))
            }
            where = f"the module-level singleton `{name}`"
        else:
            holder, declaration = cst.Attribute(cst.Name(self_name), cst.Name(attr)), attr
            if kind == "init":
                home_edits, where = (lambda attrs: _init_edits(cls, attrs)), f"`{self_name}.{attr}` (set to None in `__init__`)"
            else:
                home_edits, where = (lambda attrs: _class_default_edits(cls, attrs)), f"`{self_name}.{attr}` (a class attribute `{attr} = None`)"
        reinit = self._needs_reinit(uses)
        body.append(self._lazy_creation(holder, reinit, call))
        alias = cst.Name(local) if local is not None else self.target if kind == "module" else None
        if alias is not None:
            body.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(alias)], holder)]))
        how = f"create it on first use as {where}"
        if reinit:
            how += ", re-initialised on every call as a fresh variable would be"
        label = where + (f", created with {self._shape_label(call)}" if call is not self.call else "")
        applicability, note = self._applicability(uses, bool(self.call_deps), cls)
        primary = kind == "init" and call is self.call
        return _Plan(
            key=(cls, kind, applicability if primary else "unsafe"),
            stmt_edits={self.stmt: _in_place_of(self.stmt, body)},
            declaration=declaration,
            home_edits=home_edits,
            how=how + note,
            label=label,
        )

    def _relaxed(self) -> cst.Call | None:
        """The creation with ``shape=tf.TensorShape([...])``, the dimensions the call's values size
        left ``None`` (all of them when the initial value's shape is not a literal list): created
        once, the variable then takes each call's shape on re-assignment. None when the shape
        does not depend on the call, or is already given."""
        tf_name, missing_import = self.ctx.tensorflow_alias
        if self.creator != "tensorflow.Variable" or not self.call_deps or missing_import is not None:
            return None
        if any(arg.keyword is not None and arg.keyword.value in ("shape", "validate_shape") for arg in self.call.args):
            return None
        dims = "None"
        init = self.init
        if isinstance(init, cst.Call) and self.ctx.resolves_to(init.func, *_CONSTANT_OPS) and init.args:
            shape = init.args[0].value
            if isinstance(shape, (cst.List, cst.Tuple)) and all(isinstance(e, cst.Element) for e in shape.elements):
                varying = {id(name) for name in self.call_deps}
                dims = "[" + ", ".join(
                    "None" if any(id(n) in varying for n in _names_in(e.value)) else self.ctx.code(e.value).strip()
                    for e in shape.elements
                ) + "]"
        shape_arg = cst.Arg(cst.parse_expression(f"{tf_name}.TensorShape({dims})"), keyword=cst.Name("shape"),
                            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
        args = list(self.call.args)
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return self.call.with_changes(args=[*args, shape_arg])

    def _shape_label(self, call: cst.Call) -> str:
        return f"`{self.ctx.code(call.args[-1]).strip()}`" if call.args else ""

    def _only_shape_dependent(self, self_name: str, shape_param: str | None) -> bool:
        for name in self.local_deps:
            if name.value == self_name:
                continue
            parent = self.ctx.parent(name)
            if name.value != shape_param or not m.matches(parent, m.Attribute(value=m.Name(), attr=m.Name("shape"))):
                return False
            # Precondition of `build`: Keras builds once, so only the dimensions fixed across
            # calls may size the variable; the batch dimension (`x.shape[0]`, `x.shape`) is not
            # (the last, smaller batch of an epoch would not fit).
            if not _non_batch_dimensions(self.ctx.parent(parent)):
                return False
        return True

    def _in_build(self, cls, home, attr, local, uses, reinit, shape_param) -> _Plan:
        build = _method_named(cls, "build")
        input_shape = (
            build.params.params[1].name.value if build is not None and len(build.params.params) > 1 else "input_shape"
        )
        if build is not None and len(build.params.params) < 2:
            raise _Unfixable("`build` takes no input shape")
        shapes = {
            self.ctx.parent(name) for name in self.local_deps if name.value == shape_param
        }
        creation = self.call.visit(_ReplaceNodes({node: cst.Name(input_shape) for node in shapes}))
        create = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(home)], creation)])
        body: list[cst.BaseStatement] = [self._reinit(home)] if reinit else []
        if local is not None:
            body.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(local))], home)]))
        call_method, self_name = self.func, self.self_name

        def home_edits(creations: list) -> dict:
            if build is not None:
                return {build: lambda updated: _append(updated, creations)}
            new_build = cst.parse_statement(f"def build({self_name}, {input_shape}):\n    pass\n")
            return _insert_method(new_build.with_changes(body=cst.IndentedBlock(creations)), before=call_method)

        how = f"create it once in `build({input_shape})` as `self.{attr}`"
        if reinit:
            how += ", re-initialised on every call as a fresh variable would be"
        applicability, note = self._applicability(uses, False, cls)
        return _Plan(
            key=(cls, "build", applicability),
            stmt_edits={self.stmt: _in_place_of(self.stmt, body) if body else cst.RemoveFromParent()},
            declaration=create,
            home_edits=home_edits,
            how=how + note,
            label=f"`{self.self_name}.{attr}` created in `build`",
        )


def _non_batch_dimensions(subscript: cst.CSTNode | None) -> bool:
    """``x.shape[k]`` (k ≥ 1 or negative) or ``x.shape[k:]`` (k ≥ 1 or negative)."""
    if not isinstance(subscript, cst.Subscript) or len(subscript.slice) != 1:
        return False
    index = subscript.slice[0].slice
    bound = index.value if isinstance(index, cst.Index) else index.lower if isinstance(index, cst.Slice) else None
    if isinstance(index, cst.Slice) and (index.upper is not None or index.step is not None):
        return False
    if isinstance(bound, cst.UnaryOperation) and isinstance(bound.operator, cst.Minus):
        return isinstance(bound.expression, cst.Integer)
    return isinstance(bound, cst.Integer) and bound.evaluated_value >= 1


class _ReplaceNodes(cst.CSTTransformer):
    def __init__(self, replacements: dict) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original_node, updated_node):
        return self.replacements.get(original_node, updated_node)


# -- small tree helpers ---------------------------------------------------------------


def _statement(code: str) -> cst.SimpleStatementLine:
    stmt = cst.parse_statement(code)
    assert isinstance(stmt, cst.SimpleStatementLine)
    return stmt


def _in_place_of(original: cst.SimpleStatementLine, body: list[cst.BaseStatement]) -> cst.FlattenSentinel:
    """``body`` replacing ``original``, keeping its leading lines and its trailing comment."""
    body = [body[0].with_changes(leading_lines=original.leading_lines), *body[1:]]
    last = body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        body[-1] = last.with_changes(trailing_whitespace=original.trailing_whitespace)
    elif isinstance(last, cst.If):
        body[-1] = last.with_changes(body=last.body.with_changes(header=original.trailing_whitespace))
    return cst.FlattenSentinel(body)


def _before_function(statements: list, func: cst.FunctionDef) -> list[cst.BaseStatement]:
    """``statements`` then ``func``: blank lines before the function go first, its comments stay with it."""
    lines = list(func.leading_lines)
    blanks = 0
    while blanks < len(lines) and lines[blanks].comment is None:
        blanks += 1
    return [
        statements[0].with_changes(leading_lines=lines[:blanks]),
        *statements[1:],
        func.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine(), *lines[blanks:]]),
    ]


def _append(func: cst.FunctionDef, statements: list) -> cst.FunctionDef:
    return func.with_changes(body=func.body.with_changes(body=[*func.body.body, *statements]))


def _unused(code: str, name: str, taken: set[str]) -> bool:
    return name not in taken and not re.search(rf"\b{re.escape(name)}\b", code)


def _unique(module: cst.Module, name: str, taken: set[str]) -> str:
    """``name``, or ``name_2``, ``name_3``, ...: the first that the module does not use yet."""
    candidate, index = name, 2
    while not _unused(module.code, candidate, taken):
        candidate, index = f"{name}_{index}", index + 1
    taken.add(candidate)
    return candidate


def _unique_attribute(ctx: FileContext, cls: cst.ClassDef, candidates: tuple[str, str], taken: set[str]) -> str:
    code = ctx.code(cls)
    for candidate in candidates:
        if _unused(code, candidate, taken):
            taken.add(candidate)
            return candidate
    return _unique(ctx.module, candidates[1], taken)


def _name_references(ctx: FileContext, target: cst.Name) -> list[cst.CSTNode]:
    """Every read of the local ``target`` names, nested functions included (scope analysis)."""
    scope = ctx.scope(target)
    if scope is None:
        return []
    return [access.node for assignment in scope.assignments[target.value] for access in assignment.references]


def _attribute_references(cls: cst.ClassDef, self_name: str, attr: str) -> list[cst.CSTNode]:
    return list(m.findall(cls, m.Attribute(value=m.Name(self_name), attr=m.Name(attr))))


def _is_assign_target(ctx: FileContext, node: cst.CSTNode) -> bool:
    return isinstance(ctx.parent(node), (cst.AssignTarget, cst.AnnAssign)) or (
        isinstance(ctx.parent(node), cst.AugAssign) and ctx.parent(node).target is node
    )


def _methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    return [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]


def _method_named(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    return next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name), None)


def _insert_method(method: cst.FunctionDef, before: cst.FunctionDef) -> dict:
    """An edit inserting ``method`` just before the method ``before``, which it takes the leading lines of."""
    method = method.with_changes(leading_lines=before.leading_lines)
    blank = cst.EmptyLine(indent=False)
    return {before: lambda updated: cst.FlattenSentinel([method, updated.with_changes(leading_lines=[blank])])}


def _class_default_edits(cls: cst.ClassDef, attrs: list[str]) -> dict:
    """Edits giving the class a default ``<attr> = None`` for each attribute, before its first method:
    it exists before ``__init__`` runs, and without it."""
    first = _methods(cls)[0]
    defaults = [_statement(f"{attr} = None") for attr in attrs]
    defaults[0] = defaults[0].with_changes(leading_lines=first.leading_lines)
    blank = cst.EmptyLine(indent=False)
    return {first: lambda updated: cst.FlattenSentinel([*defaults, updated.with_changes(leading_lines=[blank])])}


def _init_edits(cls: cst.ClassDef, attrs: list[str]) -> dict:
    """Edits making ``__init__`` set each ``self.<attr> = None`` (creating ``__init__`` if needed)."""
    init = _method_named(cls, "__init__")
    if init is not None:
        self_name = init.params.params[0].name.value if init.params.params else "self"
        assigns = [_statement(f"{self_name}.{attr} = None") for attr in attrs]
        return {init: lambda updated: _append(updated, assigns)}
    assigns = [_statement(f"self.{attr} = None") for attr in attrs]
    if any(arg.keyword is None for arg in cls.bases):
        header = "def __init__(self, *args, **kwargs):\n    super().__init__(*args, **kwargs)\n"
        init = cst.parse_statement(header)
        init = _append(init, assigns)
    else:
        init = cst.parse_statement("def __init__(self):\n    pass\n")
        init = init.with_changes(body=init.body.with_changes(body=assigns))
    return _insert_method(init, before=_methods(cls)[0])
