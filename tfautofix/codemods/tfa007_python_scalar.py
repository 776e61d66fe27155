"""TFA007 python-scalar-argument: a varying Python number passed to a tf.function."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Evidence, Fact, Known, Unknown, facts_of
from tfautofix.analysis.graph_forms import graph_form
from tfautofix.analysis.index import nodes
from tfautofix.analysis.int_arguments import CANDIDATE_DTYPES, INTEGER_DTYPES, int_use
from tfautofix.analysis.loops import argument_for, callers, names_in
from tfautofix.analysis.names import TF_FUNCTION
from tfautofix.analysis.usage import (
    functions_by_qualname,
    name_reads,
    parameter_names,
    python_use,
)
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, last_name
from tfautofix.tracing.signature import parameter_kind


def _traced_binding(ctx: FileContext, name: str, line: int) -> bool:
    """Is the last module-level binding of ``name`` before ``line`` a tf.function (a decorated
    def, ``name = tf.function(...)``), or is there none? Module code, and a notebook's cells,
    run in order: a later cell's ``@tf.function def step`` does not make an earlier call traced."""
    last = None
    for statement in ctx.module.body:
        if ctx.span(statement)[0][0] >= line:
            break
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            last = any(ctx.resolves_to(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator, TF_FUNCTION)
                       for d in statement.decorators)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and any(m.matches(t.target, m.Name(name)) for t in small.targets):
                    last = isinstance(small.value, cst.Call) and ctx.resolves_to(small.value.func, TF_FUNCTION)
    return last is not False


def _has_signature(func: cst.FunctionDef) -> bool:
    return any(
        m.matches(d.decorator, m.Call(args=[m.ZeroOrMore(), m.Arg(keyword=m.Name("input_signature")), m.ZeroOrMore()]))
        for d in func.decorators
    )


def dtype_bound_use(ctx: FileContext, func: cst.FunctionDef, name: str) -> str | None:
    """Why ``name`` cannot become an int32/float32 tensor without changing a dtype, or None.

    A Python number adopts the dtype of what it meets (``tf.pow(0.96, step)``,
    ``lr * step / 4``); a tensor does not, and the op raises a TypeError. Only uses
    whose result does not depend on the number's dtype are proven: ``tf.cast(name, ...)``
    (also of ``name + 1``-like sums with int literals) and ``tf.range(name)``.
    """
    for node in m.findall(func.body, m.Name(name)):
        parent = ctx.parent(node)
        if isinstance(parent, cst.Attribute) and parent.attr is node or isinstance(parent, cst.Arg) and parent.keyword is node:
            continue
        value: cst.CSTNode = node
        while isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, (cst.Add, cst.Subtract, cst.Multiply)) and (
            isinstance(parent.left if parent.right is value else parent.right, cst.Integer)
        ):  # `step + 1`: an int32 tensor and an int literal stay int32, with the same value
            value, parent = parent, ctx.parent(parent)
        call = ctx.parent(parent) if isinstance(parent, cst.Arg) else None
        if isinstance(call, cst.Call) and not parent.keyword and call.args[0] is parent and (
            ctx.resolves_to(call.func, "tensorflow.cast")
            or (ctx.resolves_to(call.func, "tensorflow.range") and len(call.args) == 1 and value is node)
        ):
            continue
        where = ctx.code(call if isinstance(call, cst.Call) else parent if parent is not None else node)
        return f"in `{where}`, where a tensor would not adopt the dtype of what it meets as a Python number does"
    return None


#: ``python_use``'s reason for a read that is not inside a TensorFlow op's arguments
#: (``return lr * n``): a trace shows whether it met a tensor and was converted.
_OUTSIDE = "outside TensorFlow ops"
#: ``python_use``'s reason for a read in an ``if``/``while``/conditional expression's test.
_CONTROL_FLOW = "in Python control flow"
#: The dtype a Python number becomes by default (``tf.constant(n)``): not spelled in a fix.
_DEFAULT_DTYPE = {"int": "int32", "float": "float32"}


@dataclass
class ScalarPlan:
    """How a Python-number parameter can become a scalar tensor: ``dtype`` when one fix is
    known ("" for the default inference), else ``use`` (why the function needs the Python
    value), ``dtypes`` (the several dtypes its uses became) or ``candidates`` to try."""

    fixable: bool = False
    dtype: str = ""
    evidence: dict[str, Evidence] = field(default_factory=dict)
    use: str = ""
    dtypes: dict[str, list[int]] = field(default_factory=dict)
    candidates: tuple[str, ...] = ()
    #: Uses that need the Python value, rewritten into ops that take the tensor (``tensor_uses``).
    rewrites: dict[cst.CSTNode, cst.BaseExpression] = field(default_factory=dict)

    def split(self) -> str:
        """The several dtypes its uses became, as a reason."""
        became = " and ".join(f"{d} (line {', '.join(map(str, lines))})" for d, lines in self.dtypes.items())
        return f"its uses converted it to {became} in the trace log; no single tensor has both dtypes"


def scalar_plan(ctx: FileContext, func: cst.FunctionDef, name: str, python_type: str | None = None) -> ScalarPlan:
    """What parameter ``name`` of ``func`` can become. With a trace log (``--traces``) that observed
    every use convert it to one dtype, a tensor of that dtype is what the graph used: proven.
    Without, only uses whose result does not depend on the dtype are (``dtype_bound_use``); a
    number that meets other values gets candidate dtypes for execution to choose from, and one
    used as an index, shape, size or loop count where an integer tensor may work too
    (``int_arguments.int_use``) integer candidates. Uses that need the Python value get none."""
    blocking, integer, outside, rewrites = [], [], False, {}
    for node in name_reads(func.body, name):
        reason = python_use(ctx, func, node)
        used = int_use(ctx, node) if reason != _OUTSIDE else None
        rewrite = tensor_use(ctx, node) if used is not None and used.rejects else None
        if rewrite is not None:
            rewrites.update(rewrite)
            integer.append(used.why)
        elif used is not None:
            (blocking if used.rejects else integer).append(used.why)
        elif reason == _CONTROL_FLOW and ctx.autograph(node) and (test := _converted_test(ctx, node)) is not None:
            integer.append(f"in `{ctx.code(test).strip()}`, a condition AutoGraph turns into a `tf.cond`/`tf.while_loop` "
                           f"for a tensor (its branches must then agree in structure and dtype)")
        elif reason == _OUTSIDE:
            outside = True
        elif reason is not None:
            blocking.append(reason)
    if blocking:
        return ScalarPlan(use=blocking[0])
    if rewrites:  # a Python sequence's index, NumPy's shape: their TensorFlow ops take an integer tensor
        return ScalarPlan(use=integer[0], candidates=INTEGER_DTYPES, rewrites=rewrites)
    seen = facts_of(ctx).number_conversions(func, name)
    if isinstance(seen, Known):
        dtypes, static = seen.value  # type: ignore[misc]
        if len(dtypes) > 1:
            return ScalarPlan(dtypes=dtypes, **_split_dtypes(ctx, func, name, dtypes))
        dtype = next(iter(dtypes))
        spelled = "" if python_type is not None and _DEFAULT_DTYPE.get(python_type) == dtype else dtype
        folded = Unknown(f"at line {', '.join(map(str, static))} the graph may have read its value while being built "
                         f"(it reached an op that is not elementwise: a constant's static shapes and values are known, "
                         f"a tensor argument's are not)") if static else Known(source="trace")
        return ScalarPlan(True, spelled, {"python-value": Known(source="trace"), "one-dtype": Known(dtype, "trace"),
                                          "static-value": folded})
    observed = f" (the trace log: {seen.reason})" if ctx.traces is not None else ""
    bound = (_OUTSIDE if outside else None) or dtype_bound_use(ctx, func, name)
    if bound and integer:
        return ScalarPlan(use=integer[0] + observed, candidates=INTEGER_DTYPES)
    if bound:
        return ScalarPlan(use=bound + observed, candidates=CANDIDATE_DTYPES)
    # Proven from the code: every use is `tf.cast(name, ...)` or `tf.range(name)`, where an
    # int32 scalar tensor gives what the Python int gave -- for ints below 2**31.
    return ScalarPlan(True, "", {"python-value": Known(), "one-dtype": Unknown(
        f"{seen.reason}; an int of 2**31 or more would become int64, not int32"), "static-value": Unknown(
        "not observed: `tf.range(n)` of a constant has a static length, of a tensor argument not")})


def _converted_test(ctx: FileContext, node: cst.CSTNode) -> cst.BaseExpression | None:
    """The test of the ``if``/``while``/conditional expression whose condition reads ``node`` (AutoGraph
    converts those for a tensor; not an ``assert``), else None."""
    child = node
    for parent in ctx.ancestors(node):
        if isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)) and child is parent.test:
            return None if isinstance(parent, cst.Assert) else parent.test
        child = parent
    return None


class PythonScalarArgument(Rule):
    code = "TFA007"
    name = "python-scalar-argument"
    summary = "a Python number that varies between calls makes a tf.function trace once per value"
    fixable = "unsafe"
    contract = "exact"
    max_traces = 1  # a tensor argument traces once
    facts = (
        Fact("python-value", "the function never needs the number as a Python value (control flow, `range`, shapes, "
             "indices, Python arithmetic): every use converts it to a tensor"),
        Fact("one-dtype", "every use converts it to one dtype, the tensor's (observed by `tfautofix trace`: `--traces`)"),
        Fact("static-value", "nothing reads the number's value while the graph is built: the constant it became reaches "
             "only elementwise ops before meeting a tensor (a constant's static shapes and values are known, a tensor "
             "argument's are not: `tf.range(n)`, `tf.one_hot(x, n)`)"),
    )
    triggers = ("function",)
    docs = """
`tf.function` treats a Python number argument as part of the trace key: calling
`step(x, n)` for `n` in `range(8)` traces `step` eight times (5–50 ms each),
where passing `tf.constant(n)` traces once.

The rule looks at calls to a `tf.function` of the same module (decorated, or
`g = tf.function(f)`) made inside a loop with an argument that changes on every
iteration: the variable of a `for` loop or comprehension over `range(...)` (or
the index of `enumerate(...)`) or over Python numbers (`[0.1, 0.5]`, a name bound
once to them, `[0.5 + 0.1 * i for i in range(5)]`), a
counter incremented in the loop (`step += 1`), or Python arithmetic on one with
number literals and number constants (`0.05 * i`: the fix wraps the expression,
float dtypes only); also such an argument given to a
module-level helper that passes it straight on to the `tf.function` (fixed at the
helper's call as a direct call would be when the helper does nothing else with it and
hands it to one parameter; otherwise reported without a fix); and a parameter of the
function or method around the call that the file's calls of it, in a loop, give such a
number (`trainer.run_epoch(epoch)` per epoch, `self.train_step(x, epoch)` inside:
transitively, closed world), fixed at the call of the `tf.function`. Module code (a notebook's cells) runs in order: a module-level call names the
function bound before it, not a `@tf.function` of the same name defined later. When the function only hands
that parameter to TensorFlow ops (`tf.cast(n, ...)`, `tf.range(n)`, ...), the
fix wraps the argument: `step(x, tf.constant(n))`. From the code alone, proven:
every use of the parameter is `tf.cast(n, ...)` (or of `n + 1`) or `tf.range(n)`, whose
results do not depend on the number being a Python int or an int32 tensor (unsafe: an
int of 2**31 or more would become int64).

A number that meets other values (`x * n`, `tf.pow(0.96, n)`, `lr * n / 4`) adopts
the other operand's dtype, where an int32 tensor raises a TypeError. With `--traces FILE`
(a log of `tfautofix trace`, which notes the dtype each use converted the number to
while tracing, FORMAT.md `converted`), the fix writes that dtype:
`step(x, tf.constant(n, dtype=tf.float32))`, **safe** when, in every trace, each
statement reading `n` converted it to a tensor (no Python arithmetic, no use left
unaccounted for) and all to one dtype; uses converting it to two dtypes (`tf.range(n)`
and `x / n`) get no fix, since no single tensor is both. Without a log, the plausible
dtypes are offered as candidates (`dtype=tf.float32`, `int32`, `int64`, `float64`) that
`fix --verify` tries by execution; nothing is written without it. A number used as an
integer argument where an int32 tensor may work too -- a tensor's index (`x[:, n]`), a
shape or size (`tf.zeros([n])`, `axis=n`), `for _ in range(n)` in code AutoGraph converts
(a `tf.while_loop` for a tensor) -- gets `dtype=tf.int32` and `int64` candidates, unsafe:
the static shape it gave becomes unknown, and execution decides (`analysis/int_arguments.py`).
Uses that need the Python value but have a TensorFlow op computing the same from an integer
tensor are rewritten in the same candidate: a list or tuple of number literals indexed by it
(`WEIGHTS[i]` → `tf.gather(tf.constant(WEIGHTS, dtype=tf.float32), i)`), `np.zeros(n, D)`/`np.ones`
(→ `tf.zeros([n], dtype=D)`); a log that saw its uses become an int and a float dtype gives an int
tensor cast to the float where Python arithmetic meets it (`x / tf.cast(n, tf.float32)`).
A `for _ in range(n)` loop where AutoGraph does not convert it becomes an explicit `tf.while_loop`
over the names its body rebinds (`analysis/graph_forms.py`), and an `if`/`while` on the number where
AutoGraph converts it (a `tf.cond` for a tensor) gets the int candidates. It reports without a fix or
candidates when the function needs the Python value otherwise: control flow without AutoGraph,
`assert`, `int(n)`, `range(n)` in a comprehension.

With `--traces FILE` it also reports, at the definition, parameters that were
observed taking several Python number values (TFA004 can then add an
`input_signature`).
"""
    before = """\
import tensorflow as tf

@tf.function
def warmup(lr, step):
    return lr * tf.minimum(1.0, tf.cast(step, tf.float32) / 100.0)

for step in range(1000):  # 1000 traces before the fix, 1 after
    warmup(tf.constant(0.1), step)
"""
    after = """\
import tensorflow as tf

@tf.function
def warmup(lr, step):
    return lr * tf.minimum(1.0, tf.cast(step, tf.float32) / 100.0)

for step in range(1000):  # 1000 traces before the fix, 1 after
    warmup(tf.constant(0.1), tf.constant(step))
"""

    def prescreen(self, screen: Screen) -> bool:
        """A call, in a loop, of a ``tf.function`` of this module with a variable as argument."""
        if screen.traces is not None:
            return True
        functions = {site.node.name for site in screen.tf_function_defs}
        wrapped = {id(site.node) for site in screen.calls_to(frozenset({TF_FUNCTION}))}
        for site in screen.sites(ast.Assign):
            if id(site.node.value) in wrapped and site.node.value.args:
                functions.update(t.id for t in site.node.targets if isinstance(t, ast.Name))
        if not functions:
            return False
        functions |= {  # helpers handing their arguments on to one
            site.function.name for site in screen.sites(ast.Call)
            if isinstance(site.function, ast.FunctionDef) and last_name(site.node.func) in functions
        }
        varying = {  # counters, and variables of loops over range/enumerate or over numbers
            site.node.target.id for site in screen.sites(ast.AugAssign) if isinstance(site.node.target, ast.Name)
        }
        for site in screen.sites(ast.For, ast.comprehension):
            target, iterable = site.node.target, site.node.iter
            if isinstance(iterable, ast.Call) and last_name(iterable.func) in ("range", "enumerate"):
                first = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else target
                varying.update(n.id for n in (target, first) if isinstance(n, ast.Name))
            elif isinstance(iterable, (ast.Name, ast.List, ast.Tuple, ast.ListComp, ast.GeneratorExp)) and isinstance(target, ast.Name):
                varying.add(target.id)

        def number(value: ast.expr) -> bool:  # `i`, `0.05 * i`
            if isinstance(value, (ast.BinOp, ast.UnaryOp)):
                return any(isinstance(n, ast.Name) and n.id in varying for n in ast.walk(value))
            return isinstance(value, ast.Name) and value.id in varying

        def parameter(value: ast.expr, function: ast.AST | None) -> bool:  # a loop of a caller may vary it
            args = getattr(function, "args", None)
            return isinstance(value, ast.Name) and args is not None and value.id in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}

        return any(
            last_name(site.node.func) in functions
            and any(site.in_loop and number(v) or parameter(v, site.function) for v in (*site.node.args, *(k.value for k in site.node.keywords)))
            for site in screen.sites(ast.Call)
        )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        traced = self._traced_functions(ctx)
        if traced:
            helpers = self._helpers(ctx, traced)
            forwarders = {helper for helper, _ in helpers.values()}  # their callers' loops are checked at those calls
            for call in nodes(ctx, cst.Call):
                assert isinstance(call, cst.Call)
                if ctx.is_traced(call):
                    continue
                target = self._callee(ctx, call, traced)
                if target is not None:
                    yield from self._check_call(ctx, call, *target, through=ctx.enclosing(call, cst.FunctionDef) not in forwarders)
                elif isinstance(call.func, cst.Name) and call.func.value in helpers:
                    yield from self._check_helper_call(ctx, call, *helpers[call.func.value])
        yield from self._from_traces(ctx)

    def _helpers(self, ctx: FileContext, traced: dict[str, cst.FunctionDef]) -> dict[str, tuple[cst.FunctionDef, dict[str, list]]]:
        """Module-level functions that pass a parameter straight on to a tf.function
        (``def run(x, lr): return step(x, lr)``) → (def, {parameter: [(the tf.function, its
        parameter or None when the position is not known, the ``Arg``)]})."""
        found = {}
        for name, defs in functions_by_qualname(ctx.module).items():
            helper = defs[-1]
            if "." in name or name in traced or ctx.is_traced(helper):
                continue
            params = parameter_names(helper, False)
            forwarded: dict[str, list] = {}
            for call in m.findall(helper, m.Call()):
                target = self._callee(ctx, call, traced)
                if target is None or target[1] or _has_signature(target[0]):
                    continue
                names, starred = parameter_names(target[0], False), any(a.star for a in call.args)
                for index, arg in enumerate(call.args):
                    if not arg.star and isinstance(arg.value, cst.Name) and arg.value.value in params:
                        receiving = arg.keyword.value if arg.keyword else names[index] if index < len(names) and not starred else None
                        forwarded.setdefault(arg.value.value, []).append((target[0], receiving, arg))
            if forwarded:
                found[name] = (helper, forwarded)
        return found

    def _check_helper_call(self, ctx: FileContext, call: cst.Call, helper: cst.FunctionDef, forwarded: dict[str, list]) -> Iterator[Finding]:
        """A loop variable given to a helper that hands it to a tf.function: one trace per value
        all the same. Fixed at this call as for a direct one when the helper only hands it on,
        to one parameter of one tf.function; otherwise reported (it may use the value in Python too)."""
        params = parameter_names(helper, False)
        for index, arg in enumerate(call.args):
            if arg.star:
                return
            param = arg.keyword.value if arg.keyword is not None else params[index] if index < len(params) else None
            kind = _varying_number(ctx, call, arg.value) if param in forwarded else None
            if kind is None:
                continue
            value = ctx.code(arg.value).strip()
            targets = {(func, received) for func, received, _ in forwarded[param]}
            (func, received), arguments = next(iter(targets)), [a for *_, a in forwarded[param]]
            head = (f"`{value}` changes on every iteration and `{helper.name.value}` passes it to "
                    f"`{func.name.value}`, which traces once per Python value")
            if len(targets) == 1 and received is not None and all(
                any(ctx.parent(read) is a for a in arguments) for read in name_reads(helper.body, param)
            ):
                yield from self._scalar_finding(ctx, arg.value, func, received, kind, head)
            else:
                yield self.finding(ctx, arg.value, f"{head}; pass a tensor (`tf.constant({value})`) (not fixed: "
                                   f"`{helper.name.value}` may use `{param}` otherwise too)")

    # -- static -----------------------------------------------------------------

    @staticmethod
    def _traced_functions(ctx: FileContext) -> dict[str, cst.FunctionDef]:
        """Names under which this module calls a tf.function: decorated defs and ``g = tf.function(f)``."""
        defs = {f.name.value: f for fs in functions_by_qualname(ctx.module).values() for f in fs}
        traced = {}
        for name, func in defs.items():
            for decorator in func.decorators:
                expr = decorator.decorator
                if ctx.resolves_to(expr.func if isinstance(expr, cst.Call) else expr, TF_FUNCTION):
                    traced[name] = func
        for assign in m.findall(ctx.module, m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call(args=[m.Arg(value=m.Name()), m.ZeroOrMore()]))):
            assert isinstance(assign, cst.Assign)
            call = assign.value
            wrapped = call.args[0].value.value
            if ctx.resolves_to(call.func, TF_FUNCTION) and wrapped in defs and not call.args[0].keyword:
                traced[assign.targets[0].target.value] = defs[wrapped]
        return traced

    @staticmethod
    def _callee(ctx: FileContext, call: cst.Call, traced: dict[str, cst.FunctionDef]):
        """``(def, is_method)`` of the tf.function ``call`` calls, or None."""
        func = call.func
        if isinstance(func, cst.Name) and func.value in traced and ctx.enclosing(traced[func.value], cst.ClassDef) is None:
            if ctx.enclosing(call, cst.FunctionDef) is None and not _traced_binding(ctx, func.value, ctx.span(call)[0][0]):
                return None  # module-level code (a notebook cell) calls what was bound before it: a plain def
            return traced[func.value], False
        if m.matches(func, m.Attribute(value=m.Name("self"))) and func.attr.value in traced:
            target = traced[func.attr.value]
            if ctx.enclosing(target, cst.ClassDef) is ctx.enclosing(call, cst.ClassDef):
                return target, True
        return None

    def _check_call(self, ctx: FileContext, call: cst.Call, func: cst.FunctionDef, method: bool, through: bool = False) -> Iterator[Finding]:
        if _has_signature(func):
            return  # an input_signature converts the number to a tensor: one trace
        params = parameter_names(func, method)
        positional = 0
        for arg in call.args:
            if arg.star:
                return
            if arg.keyword is None:
                param = params[positional] if positional < len(params) else None
                positional += 1
            else:
                param = arg.keyword.value
            kind = _varying_number(ctx, call, arg.value, frozenset() if through else None) if param is not None else None
            if kind is None:
                continue
            head = f"`{ctx.code(arg.value).strip()}` changes on every iteration and `{func.name.value}` traces once per Python value"
            if _loop_variable(ctx, call, arg.value.value) is None if isinstance(arg.value, cst.Name) else False:
                head = (f"`{ctx.code(arg.value).strip()}` changes on every iteration of a loop that calls "
                        f"`{ctx.enclosing(call, cst.FunctionDef).name.value}`, and `{func.name.value}` traces once per Python value")
            yield from self._scalar_finding(ctx, arg.value, func, param, kind, head)

    def _scalar_finding(self, ctx: FileContext, value: cst.BaseExpression, func: cst.FunctionDef, param: str, kind: str,
                        head: str) -> Iterator[Finding]:
        """The finding at argument ``value`` (a varying Python number of type ``kind``) of
        ``func``'s parameter ``param``: its fix, its candidates, or why none."""
        decided = scalar_plan(ctx, func, param, _observed_type(ctx, func, param) or kind or None)
        if not decided.fixable:
            why = decided.split() if decided.dtypes else f"`{func.name.value}` uses `{param}` {decided.use}"
            unobserved = Unknown("no trace log observed what its uses converted it to: execution chooses")
            guessed = {"python-value": Unknown(f"`{param}` is used {decided.use}"), "one-dtype": unobserved,
                       "static-value": unobserved}
            dtypes = [d for d in decided.candidates if kind != "float" or d.startswith("float")]  # 0.5 is no int
            candidates = [self._wrap(ctx, value, dtype, guessed, decided.rewrites) for dtype in dtypes]
            if not candidates:
                yield self.finding(ctx, value, f"{head}; not fixed: {why}")
                return
            # No log says which dtype the graph used: the first candidate is the unsafe primary,
            # and `fix --verify` tries the others when execution does not confirm it.
            first, *others = candidates
            written = ctx.code(next(iter(first.edits.values())))
            tried = f"; other candidates for `fix --verify`: {', '.join(c.label for c in others)}" if others else ""
            uses = f" and rewrite {len(decided.rewrites)} use(s) in `{func.name.value}` into TensorFlow ops" if decided.rewrites else ""
            yield self.finding(ctx, value, f"{head}; pass `{written}`{uses} ({why}{tried}){self.unsafe_note(first)}", first,
                               alternatives=others)
            return
        fix = self._wrap(ctx, value, decided.dtype, decided.evidence)
        written = ctx.code(next(iter(fix.edits.values())))
        observed = isinstance(decided.evidence.get("one-dtype"), Known)
        how = " (the dtype its uses converted it to while tracing)" if decided.dtype else ""
        yield self.finding(ctx, value, f"{head}; pass `{written}`{how}" + (self.unsafe_note(fix) if observed else ""), fix)

    def _wrap(self, ctx: FileContext, value: cst.BaseExpression, dtype: str, evidence: dict[str, Evidence],
              rewrites: dict[cst.CSTNode, cst.BaseExpression] | None = None) -> Fix:
        """``tf.constant(value)``, with ``dtype=`` when not the default inference (and the function's
        ``rewrites`` of uses that needed the Python value)."""
        tf, tf_import = ctx.tensorflow_alias
        spelled = f", dtype={tf}.{dtype}" if dtype else ""
        wrapped = cst.parse_expression(f"{tf}.constant({ctx.code(value).strip()}{spelled})")
        return self.closed_fix({value: wrapped, **(rewrites or {})}, evidence, (tf_import,) if tf_import else (),
                               label=f"dtype={tf}.{dtype}" if dtype else "")

    # -- from traces ------------------------------------------------------------

    def _from_traces(self, ctx: FileContext) -> Iterator[Finding]:
        if ctx.traces is None:
            return
        definitions = functions_by_qualname(ctx.module)
        for function in ctx.traces.for_file(ctx.path):
            candidates = definitions.get(function.qualname, [])
            if function.max_traces < 2 or not candidates:
                continue
            func = min(candidates, key=lambda f: abs(ctx.span(f)[0][0] - function.line))
            if _has_signature(func):
                continue  # the parameters are tensors now (this log predates the signature)
            for name in function.parameters:
                specs = [t["parameters"].get(name, {}) for t in function.traces]
                values = {repr(s.get("value")) for s in specs}
                if parameter_kind(specs) == "number" and len(values) > 1 and not _passed_tensors(ctx, func, name):
                    decided = scalar_plan(ctx, func, name, _observed_type(ctx, func, name))
                    tf = ctx.tensorflow_alias[0]
                    if decided.fixable:
                        spelled = f"`{tf}.constant({name}, dtype={tf}.{decided.dtype})`, " if decided.dtype else ""
                        advice = f"pass a tensor ({spelled}or let TFA004 add an input_signature)"
                    elif decided.dtypes and not decided.candidates:
                        advice = decided.split()
                    elif decided.candidates:
                        advice = f"used {decided.use}: the calls get candidate tensors that `fix --verify` runs"
                    else:
                        advice = f"it needs the Python value, used {decided.use}: keep it Python, or rewrite that use"
                    yield self.finding(
                        ctx, func.name,
                        f"`{name}` of `{function.qualname}` was a Python number with {len(values)} distinct values in the "
                        f"trace log, one trace each; {advice}",
                    )


def tensor_use(ctx: FileContext, node: cst.Name) -> dict | None:
    """A use of an integer parameter that needs the Python value, and the edits of TensorFlow ops that
    compute the same from an integer tensor: ``SEQ[n]`` of a sequence of number literals is
    ``tf.gather(tf.constant(SEQ, dtype=...), n)`` (float32 when one is a float: what it meets in a graph);
    otherwise its graph form (``analysis.graph_forms``: ``np.zeros(n, D)``, a ``range(n)`` loop). None for other uses."""
    tf = ctx.tensorflow_alias[0]
    parent, name = ctx.parent(node), node.value
    element = ctx.parent(parent) if isinstance(parent, cst.Index) else None
    subscript = ctx.parent(element) if isinstance(element, cst.SubscriptElement) else None
    if isinstance(subscript, cst.Subscript) and len(subscript.slice) == 1:
        sequence = subscript.value
        bound = ctx.bound_value(sequence, enclosing=True) if isinstance(sequence, cst.Name) else sequence
        kinds = {_number_literal(e.value) for e in bound.elements} if isinstance(bound, (cst.List, cst.Tuple)) else {None}
        if None in kinds or not kinds:
            return None
        dtype = "float32" if "float" in kinds else "int32"
        return {subscript: cst.parse_expression(f"{tf}.gather({tf}.constant({ctx.code(sequence).strip()}, dtype={tf}.{dtype}), {name})")}
    form = graph_form(ctx, node)
    return form.edits if form is not None else None


def _split_dtypes(ctx: FileContext, func: cst.FunctionDef, name: str, dtypes: dict[str, list[int]]) -> dict:
    """Uses that converted the number to an integer dtype and to a float one: an integer tensor, and
    ``tf.cast(n, <float>)`` where it meets other values in Python arithmetic (``x / n``) -- candidates
    for execution, since the log gives lines, not uses."""
    ints = [d for d in dtypes if d.startswith("int")]
    floats = [d for d in dtypes if d.startswith("float")]
    if len(ints) != 1 or len(floats) != 1 or len(dtypes) != 2:
        return {}
    tf = ctx.tensorflow_alias[0]
    rewrites = {
        read: cst.parse_expression(f"{tf}.cast({name}, {tf}.{floats[0]})")
        for read in name_reads(func.body, name)
        if isinstance(ctx.parent(read), cst.BinaryOperation)
    }
    return {"candidates": (ints[0],), "rewrites": rewrites} if rewrites else {}


def _passed_tensors(ctx: FileContext, func: cst.FunctionDef, name: str) -> bool:
    """Does every call of ``func`` in this module (one at least) pass ``tf.constant(...)`` for
    parameter ``name``? Then the trace log predates that fix."""
    params = parameter_names(func, False)
    passed = []
    for call in m.findall(ctx.module, m.Call(func=m.Name(func.name.value))):
        args = [a for a in call.args if a.keyword is None and not a.star]  # type: ignore[attr-defined]
        given = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)  # type: ignore[attr-defined]
        if given is None and name in params and params.index(name) < len(args):
            given = args[params.index(name)].value
        passed.append(isinstance(given, cst.Call) and ctx.resolves_to(given.func, "tensorflow.constant"))
    return bool(passed) and all(passed)


def _observed_type(ctx: FileContext, func: cst.FunctionDef, name: str) -> str | None:
    """``int``/``float``: the Python type the trace log saw for parameter ``name`` (one, else None)."""
    seen = facts_of(ctx).parameter(func, name)
    if isinstance(seen, Known) and seen.value[0] == "python" and len(seen.value[1]) == 1:  # type: ignore[index]
        return next(iter(seen.value[1]))  # type: ignore[index]
    return None


#: Python arithmetic that keeps a number a number (``0.05 * i``, ``(step + 1) / WARMUP``).
_NUMBER_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power)


def _loop_variable(ctx: FileContext, anchor: cst.CSTNode, name: str) -> str | None:
    """Does ``name`` take a new Python number on every iteration of a loop around ``anchor``? Its
    Python type then (``int``/``float``, "" when unknown), else None: the variable of a ``for`` or
    comprehension over ``range``/``enumerate`` (its index) or over numbers (``[0.1, 0.5]``, a name
    bound to them, ``[0.5 + 0.1 * i for i in range(5)]``), or a counter incremented in the loop."""
    child: cst.CSTNode = anchor
    for loop in ctx.ancestors(anchor):
        if isinstance(loop, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return None
        if isinstance(loop, cst.For) and child is loop.body:
            found = _iterated(ctx, loop.iter, loop.target, name)
            if found is not None:
                return found
        if isinstance(loop, (cst.ListComp, cst.SetComp, cst.GeneratorExp)) and child is loop.elt:
            found = _iterated(ctx, loop.for_in.iter, loop.for_in.target, name)
            if found is not None:
                return found
        if isinstance(loop, (cst.For, cst.While)) and child is loop.body and m.findall(
            loop.body, m.AugAssign(target=m.Name(name), operator=m.AddAssign() | m.SubtractAssign())
        ):
            return ""
        child = loop
    return None


def _iterated(ctx: FileContext, iterable: cst.BaseExpression, target: cst.BaseExpression, name: str) -> str | None:
    """The Python type of ``name`` when ``for target in iterable`` binds it to a new number each time."""
    if isinstance(iterable, cst.Call) and m.matches(target, m.Name(name)) and ctx.resolves_to(iterable.func, "builtins.range"):
        return "int"
    if isinstance(iterable, cst.Call) and ctx.resolves_to(iterable.func, "builtins.enumerate") and m.matches(
        target, m.Tuple(elements=[m.Element(m.Name(name)), m.ZeroOrMore()])
    ):
        return "int"
    if not m.matches(target, m.Name(name)):
        return None
    if isinstance(iterable, cst.Name):
        iterable = ctx.bound_value(iterable, enclosing=True)
    if isinstance(iterable, (cst.List, cst.Tuple)) and len(iterable.elements) > 1:
        kinds = {_number_literal(e.value) for e in iterable.elements}
        return None if None in kinds else "float" if "float" in kinds else "int"
    if isinstance(iterable, (cst.ListComp, cst.GeneratorExp)):
        return _varying_number(ctx, iterable.elt, iterable.elt)
    return None


def _number_literal(expr: cst.BaseExpression | None) -> str | None:
    """``int``/``float`` for a number literal (``3``, ``-0.5``), else None."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return "int" if isinstance(expr, cst.Integer) else "float" if isinstance(expr, cst.Float) else None


def _varying_number(ctx: FileContext, anchor: cst.CSTNode, expr: cst.BaseExpression, seen: frozenset | None = None) -> str | None:
    """Is ``expr`` a Python number that changes on every iteration of a loop around ``anchor``: a
    loop variable (``_loop_variable``) or Python arithmetic on one with number literals and names
    bound once to numbers (``0.05 * i``)? Its Python type then ("" when unknown), else None.
    With ``seen`` (the functions already passed through), also a parameter of the function around
    ``anchor`` that a call of the file, in a loop, gives such a number (``trainer.fit_epoch(epoch)``
    per epoch, and ``self.step(x, epoch)`` inside): the loop is the caller's."""
    if isinstance(expr, cst.Name):
        found = _loop_variable(ctx, anchor, expr.value)
        if found is None and seen is not None:
            found = _varying_parameter(ctx, anchor, expr, seen)
        return found
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        return _varying_number(ctx, anchor, expr.expression, seen)
    if not (isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _NUMBER_OPERATORS)):
        return None
    kinds = []
    for operand in (expr.left, expr.right):
        constant = _number_literal(ctx.bound_value(operand, enclosing=True) if isinstance(operand, cst.Name) else operand)
        kinds.append((False, constant) if constant is not None else (True, _varying_number(ctx, anchor, operand, seen)))
    if not any(varies for varies, _ in kinds) or any(kind is None for _, kind in kinds):
        return None
    types = {kind for _, kind in kinds}
    return "float" if "float" in types or isinstance(expr.operator, cst.Divide) else "int" if types == {"int"} else ""


def _varying_parameter(ctx: FileContext, anchor: cst.CSTNode, name: cst.Name, seen: frozenset) -> str | None:
    """``name``, a parameter of the function around ``anchor`` that nothing there rebinds: the
    Python type of the varying number some call of the function in the file, in a loop, passes it."""
    function = ctx.enclosing(anchor, cst.FunctionDef)
    if function is None or function in seen or name.value in names_in(function.body, nested=False)[1]:
        return None
    if name.value not in {p.name.value for p in (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params)}:
        return None
    for call in callers(ctx, function):
        given = argument_for(ctx, call, function, name.value)
        found = _varying_number(ctx, call, given, seen | {function}) if given is not None else None
        if found is not None:
            return found
    return None

