"""TFA006 function-created-in-loop: ``tf.function`` objects created again and again."""

from __future__ import annotations

import ast
import builtins
import re
from dataclasses import dataclass
from typing import Iterator

import libcst as cst

import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Evidence, Fact, Known, Unknown, facts_of
from tfautofix.analysis.index import nodes
from tfautofix.analysis.loops import enclosing_loops, loop_bound_names, names_in, statement_of
from tfautofix.analysis.names import TF_FUNCTION
from tfautofix.lift import calls_of, lift, lift_dtypes, lifted_expression, python_data_use
from tfautofix.rule import Finding, Fix, Rule
from tfautofix.screen import Screen, Site, last_name

class FunctionCreatedInLoop(Rule):
    code = "TFA006"
    name = "function-created-in-loop"
    summary = "a `tf.function` created in a loop (or in a function called in one) retraces every time"
    fixable = "safe"
    contract = "exact"
    triggers = ("function",)
    facts = (
        Fact("visible-code", "the code of the wrapped callable (and what it calls in the module) is in the module"),
        Fact("state-read", "everything it reads from outside itself is stable: builtins, imports, module definitions, "
             "names bound once to a literal or a TensorFlow object, never rebound, global or changed in place; "
             "`self.x` assigned only in `__init__`"),
    )
    docs = """
Each `tf.function(f)` call, and each execution of a `@tf.function` `def`, creates
a new `Function` object with an empty trace cache. Created inside a loop, or
inside a function that a loop calls, it is traced again on every iteration:
30–110 ms per trace instead of ~0.25 ms per cached call, and TensorFlow warns
"5 out of the last 5 calls to <function> triggered tf.function retracing".

The fix creates it once: a `tf.function(...)` call or a decorated `def` inside a
loop moves to just before the outermost loop that does not change what it wraps
(`step = tf.function(train_step)` moves as a whole; an inline
`tf.function(f)(x)` gets a name, `f_function`). One created in a module-level
function that is called in a loop moves to module level, next to that function,
when it does not use the function's local variables; `tf.function(self.f)` in a
method called in a loop (`self.step(x)`) becomes `self._f_function`, created at
the end of `__init__`.

Safe only when proven: nothing the creation evaluates changes in the loops it
leaves (the wrapped name, and for a `def` its decorators and default values,
which run when the `def` runs: `def f(y, scale=scale)` depends on `scale`), and
the wrapped function — with the same-module functions it calls — reads no
Python state that changes between creations: each new `tf.function` traced it
afresh, the hoisted one keeps the values of its first trace. So the fix is
unsafe when it reads an attribute assigned outside `__init__`
(`self.temperature` annealed between calls), a global rebound (in a loop, more
than once, or through `global`: `model`/`optimizer` rebuilt per trial), a global
container changed in place (`CONFIG["scale"] = s`, `CONFIG.update(...)`), or a
callable whose code is not visible in the module. Where it reads such state, the
fix's candidates (`tfautofix/lift.py`) also make each value read a parameter that
every call in the file passes as `tf.constant(...)` (`CONFIG["scale"]` →
`fn(x, tf.constant(CONFIG["scale"]))`, `self.temperature`, `float(len(history))`),
in float32 and in `tf.constant`'s inferred dtype, with the hoist alone: written first when
the module changes the state between creations, and `fix --verify` keeps the
first that execution confirms. Not offered for a value used as Python data
(control flow, `range`, indices, shapes) or read by a function it calls.

Not reported: a loop that wraps a *different* callable each iteration
(`tf.function(model)` for each of several models, `tf.function(make_step(cfg))`
per configuration, or a function called in a loop with a different model each
time, also when the created function closes over locals the call computes from it):
one function per callable is unavoidable. A `def` in a loop that closes over
a value the loop changes (`return y * scale`) or takes it as a default
(`def f(y, factor=scale)`) is hoisted taking it as a keyword-only argument
(`def f(y, *, factor)`), which each call passes (`f(x, factor=scale)`), when
every use of the function is such a call in the loop (a default only when it reads
the loop's target, not rebound in the body: its value when the `def` ran).
Reported without a fix: such a function kept or passed on (`fns.append(f)`), a
decorator reading the loop's value (`@tf.function(jit_compile=flag)`), lambdas
using the loop variable — pass the value as an argument instead; and creations
that depend on the enclosing function's locals. Left alone:
creations guarded by a condition (`if self._fn is None:` memoisation),
functions decorated with a cache, and a local `@tf.function` used only as
`f.get_concrete_function(...)`: traced on purpose to build a graph, never called.
"""
    before = """\
import tensorflow as tf

def train_step(x):
    return x * x

for i in range(3):
    step = tf.function(train_step)
    step(tf.constant(float(i)))
"""
    after = """\
import tensorflow as tf

def train_step(x):
    return x * x

step = tf.function(train_step)

for i in range(3):
    step(tf.constant(float(i)))
"""

    def prescreen(self, screen: Screen) -> bool:
        """A ``tf.function`` created in a loop, or, not under an ``if``, in a module-level
        function or method (not decorated) whose name is called in a loop, less what
        ``check`` surely declines (``_may_report``). The whole file then: whether the fix is
        safe depends on what the wrapped function reads and where the module rebinds it."""
        defs = screen.sites(ast.FunctionDef, ast.AsyncFunctionDef)
        decorators = {id(d) for site in defs for d in site.node.decorator_list}
        creations = [site for site in screen.calls_to(frozenset({TF_FUNCTION})) if id(site.node) not in decorators]
        creations += screen.tf_function_defs
        loop_calls = {last_name(site.node.func) for site in screen.sites(ast.Call) if site.in_loop}
        return any(_may_report(screen, site, loop_calls) for site in creations)

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        called_in_loop = _functions_called_in_loops(ctx)
        for node in _creations(ctx):
            if isinstance(node, cst.FunctionDef) and ctx.graph_only(node):
                continue  # traced only for its graph (`.get_concrete_function()`): one per call on purpose
            loops = list(enclosing_loops(ctx, node))
            if loops:
                if _wraps_loop_value(node, loops[0]):
                    continue  # a different callable each iteration (one per model/config): unavoidable
                line = ctx.span(loops[0])[0][0]
                message = (f"a new `tf.function` is created on every iteration of the loop at line {line}: each starts "
                           "with an empty trace cache and traces again; create it once, before the loop")
                fix, why_not = _hoist_from_loops(ctx, node, loops)
            else:
                func = ctx.enclosing(node, cst.FunctionDef)
                if func is None or func not in called_in_loop or _guarded(ctx, node, func):
                    continue
                if _wraps_argument_varying_in_loop(ctx, node, func, called_in_loop[func]):
                    continue
                cls = _class_of(ctx, func)
                where = "in `__init__`" if cls is not None else "at module level"
                line = ctx.span(called_in_loop[func][0][1])[0][0]
                message = (f"a new `tf.function` is created on every call of `{func.name.value}`, which is called in "
                           f"a loop (line {line}): each is traced again; create it once, {where}")
                fix, why_not = _hoist_to_init(ctx, node, func, cls) if cls is not None else _hoist_to_module(ctx, node, func)
            lifted: list[Fix] = []
            if fix is None:
                message += f" (not fixed: {why_not})"
            else:
                message += f", {why_not}" if why_not else ""
                # Precondition: the function reads no Python state that changes between creations;
                # each new tf.function traced it afresh, the hoisted one keeps its first trace's values.
                evidence = _state_evidence(ctx, node)
                lifted = self._lifted(ctx, node, fix, evidence) if isinstance(evidence.get("state-read"), Unknown) else []
                fix = self.closed_fix(fix.edits, evidence, fix.imports, label="the hoist alone" if lifted else "")
                if lifted and _changing_python_state(ctx, node):
                    # The module changes the state between creations: each call passes it, as a fresh
                    # creation read it. Execution chooses the dtype, or the hoist alone.
                    fix, lifted = lifted[0], [*lifted[1:], fix]
                    message += f", {fix.label}"
                if lifted:
                    message += f"; other candidates for `fix --verify`: {', '.join(c.label for c in lifted)}"
                message += self.unsafe_note(fix)
            yield self.finding(ctx, node.name if isinstance(node, cst.FunctionDef) else node, message, fix, alternatives=lifted)

    def _lifted(self, ctx: FileContext, node: cst.FunctionDef | cst.Call, hoist: Fix, evidence: dict) -> list[Fix]:
        """The hoist with the changing state the function reads passed as tensor arguments
        (``tfautofix.lift``): each call of the one function gets the value a fresh creation read."""
        if isinstance(node, cst.FunctionDef):
            func, wrapped_use = node, None
            if not any(isinstance(e, _InsertAbove) and e.statement is node for e in hoist.edits.values()):
                return []  # moved with its loop's values as arguments (`_pass_varying`) already
        else:
            wrapped_use = _wrapped(node)
            targets = _callables(ctx, wrapped_use) if wrapped_use is not None else []
            if len(targets) != 1 or not isinstance(targets[0], cst.FunctionDef):
                return []
            func = targets[0]
        facts = facts_of(ctx)
        if any(facts.changing_reads(f) for f in _called_functions(ctx, func)):
            return []  # a function it calls reads the changing state: it would stay frozen there
        reads = []
        for chain, _ in facts.changing_reads(func):
            lifted = lifted_expression(ctx, chain)
            if python_data_use(ctx, func, lifted):
                return []
            if not any(lifted is r for r in reads):
                reads.append(lifted)
        calls = _calls_of_created(ctx, node, func, wrapped_use)
        if not reads or isinstance(calls, str):
            return []
        method = isinstance(ctx.parent(ctx.parent(func)), cst.ClassDef)
        passed = ", ".join(f"`{ctx.code(r).strip()}`" for r in reads)
        tf = ctx.tensorflow_alias[0]
        candidates = []
        for dtype in lift_dtypes(ctx, reads):
            lifted = lift(ctx, func, sorted(reads, key=lambda r: ctx.span(r)[0]), calls, dtype, method)
            if isinstance(lifted, str):
                return []
            edits = {**hoist.edits, **lifted.calls}
            if func is node:  # the decorated def moves: the moved one takes the arguments
                anchor = next(k for k, v in hoist.edits.items() if isinstance(v, _InsertAbove))
                edits[anchor] = _InsertAbove(lifted.definition)
            else:
                edits[func] = lifted.definition
            one = len(reads) == 1
            label = f"passing {passed} as {'a tensor argument' if one else 'tensor arguments'} at every call" + (
                f" (dtype={tf}.{dtype})" if dtype else " (the dtype tf.constant infers)")
            unknown = Unknown(f"{passed} {'changes' if one else 'change'} between creations: every call of `{func.name.value}` "
                              f"in the file passes {'it' if one else 'them'} (another module's calls would not), in a dtype "
                              "execution chooses")
            candidates.append(self.closed_fix(edits, {**evidence, "state-read": unknown}, (*hoist.imports, *lifted.imports), label))
        return candidates


# -- detection --------------------------------------------------------------------


def _may_report(screen: Screen, site: Site, loop_calls: set[str | None]) -> bool:
    """May ``check`` report this creation? Its declines that need no LibCST: a loop wrapping
    the loop's own value (``_wraps_loop_value``), a function nothing calls in a loop, or
    called there with what the loop rebinds (``_wraps_argument_varying_in_loop``). Each is
    proven on a subset of what ``check`` sees, so a file is never dropped wrongly."""
    if site.node in screen.traced_code.graph_only:
        return False
    if not site.in_loop:
        return _in_function_called_in_loop(screen, site, loop_calls)
    loop = _innermost_loop(screen, site)
    if loop is None:
        return _in_function_called_in_loop(screen, site, loop_calls)
    wrapped = _wrapped_argument(site.node) if isinstance(site.node, ast.Call) else None
    if wrapped is None or isinstance(wrapped, ast.Lambda):
        return True
    return _reads(wrapped).isdisjoint(_loop_bound(loop))


def _innermost_loop(screen: Screen, site: Site) -> ast.AST | None:
    """The loop ``enclosing_loops`` finds first around the site: whose body (a comprehension:
    all but its first iterable) holds it, within its function."""
    grandchild, child = None, site.node
    for ancestor in _ancestors(screen, site):
        if isinstance(ancestor, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return None
        if isinstance(ancestor, (ast.For, ast.AsyncFor, ast.While)) and any(child is s for s in ancestor.body):
            return ancestor
        if isinstance(ancestor, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) and not (
            child is ancestor.generators[0] and grandchild is ancestor.generators[0].iter
        ):
            return ancestor
        grandchild, child = child, ancestor
    return None


def _ancestors(screen: Screen, site: Site) -> list[ast.AST]:
    """The nodes around the site, innermost first, up to (not including) its function."""
    root = site.function if site.function is not None else screen.tree
    parents: dict[ast.AST, ast.AST] = {}
    stack = [root]
    while stack and site.node not in parents:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            parents[child] = node
            stack.append(child)
    found, node = [], site.node
    while node in parents and parents[node] is not root:
        node = parents[node]
        found.append(node)
    return found


def _loop_bound(loop: ast.AST) -> set[str]:
    """Names ``loop_bound_names`` surely counts: the targets, names assigned in the body
    outside nested functions and classes, and the names of those defined in it."""
    if isinstance(loop, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        roots: list[ast.AST] = [g.target for g in loop.generators]
    else:
        roots = [*loop.body, *([loop.target] if isinstance(loop, (ast.For, ast.AsyncFor)) else [])]
    bound: set[str] = set()
    while roots:
        node = roots.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)  # a def in the loop is a new function each iteration
        elif not isinstance(node, ast.Lambda):
            roots += ast.iter_child_nodes(node)
    return bound


def _in_function_called_in_loop(screen: Screen, site: Site, loop_calls: set[str | None]) -> bool:
    """May ``check`` find the creation's function called in a loop: the innermost ``def``
    around it is undecorated, a module-level function or a method, a call in a loop names it,
    and no ``if`` inside it holds the creation (``_guarded``: created once)?"""
    func = site.function
    while isinstance(func, ast.Lambda):
        func = screen.outer.get(func)
    if func is None or func.decorator_list or func.name not in loop_calls:
        return False
    cls = screen.class_of.get(func)
    if not (func in cls.body if cls is not None else screen.outer.get(func) is None):
        return False
    inside = [site.function]  # the functions from the creation's up to `func`
    while inside[-1] is not func:
        inside.append(screen.outer.get(inside[-1]))
    line = site.node.lineno
    if any(guard.function in inside and guard.node.lineno <= line <= guard.node.end_lineno for guard in screen.sites(ast.If)):
        return False
    return not _varies_per_call(screen, site, func, cls)


def _varies_per_call(screen: Screen, site: Site, func: ast.AST, cls: ast.ClassDef | None) -> bool:
    """Does a call of ``func`` in a loop pass, for a parameter the creation uses, a value the
    loop rebinds (``_wraps_argument_varying_in_loop``: another callable on each call)? Only
    calls, uses and rebound names that ``check`` surely sees too."""
    node = site.node
    if isinstance(node, ast.Call):
        wrapped = _wrapped_argument(node)
        if wrapped is None or isinstance(wrapped, ast.Lambda):
            return False
        used = _reads(wrapped)
    else:
        used = _free_reads(node)
    if cls is None and func not in screen.tree.body:
        return False  # `check` only looks for calls of the module's top-level functions and of methods
    params = [*func.args.posonlyargs, *func.args.args][1 if cls is not None else 0 :]
    kwonly = {a.arg for a in func.args.kwonlyargs} & used
    for call_site in screen.sites(ast.Call):
        call = call_site.node
        if not call_site.in_loop or last_name(call.func) != func.name:
            continue
        if cls is None:
            if not isinstance(call.func, ast.Name) or screen.scope_of(func.name, call_site.function) is not None:
                continue
        elif not (_self_attribute_call(call) and screen.class_around(call_site.function) is cls):
            continue
        ancestors = _ancestors(screen, call_site)
        loop = _innermost_loop(screen, call_site)
        if loop is None or any(isinstance(a, ast.ClassDef) for a in ancestors):
            continue  # not a call `check` finds in a loop (or resolves to another class's names)
        changing = _loop_bound(loop)
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return True
        for index, param in enumerate(params):
            if param.arg in used:
                given = [k.value for k in call.keywords if k.arg == param.arg] + call.args[index : index + 1]
                if any(not _reads(value).isdisjoint(changing) for value in given):
                    return True
        if any(not _reads(k.value).isdisjoint(changing) for k in call.keywords if k.arg in kwonly):
            return True
    return False


def _wrapped_argument(call: ast.Call) -> ast.expr | None:
    """What ``tf.function(f, ...)`` wraps (``_wrapped``)."""
    positional = next((a for a in call.args if not isinstance(a, ast.Starred)), None)
    return positional if positional is not None else next((k.value for k in call.keywords if k.arg == "func"), None)


def _reads(expr: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def _free_reads(definition: ast.AST) -> set[str]:
    """Names read in ``definition`` that nothing in it binds (not even a nested parameter)."""
    read: set[str] = set()
    bound = {definition.name}
    for node in ast.walk(definition):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
    return read - bound


def _self_attribute_call(call: ast.Call) -> bool:
    func = call.func
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"


def _creations(ctx: FileContext) -> Iterator[cst.FunctionDef | cst.Call]:
    """``tf.function(f, ...)`` / ``tf.function(...)(f)`` calls and ``@tf.function`` definitions."""
    for call in nodes(ctx, cst.Call):
        if isinstance(ctx.parent(call), cst.Decorator):
            continue
        if isinstance(call.func, (cst.Name, cst.Attribute)) and ctx.resolves_to(call.func, TF_FUNCTION) and (
            any(a.keyword is None and not a.star for a in call.args) or any(m.matches(a.keyword, m.Name("func")) for a in call.args)
        ):
            yield call
        elif (
            isinstance(call.func, cst.Call)
            and ctx.resolves_to(call.func.func, TF_FUNCTION)
            and all(a.keyword is not None for a in call.func.args)
            and call.args
        ):
            yield call
    for func in nodes(ctx, cst.FunctionDef):
        for decorator in func.decorators:
            expr = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
            if ctx.resolves_to(expr, TF_FUNCTION):
                yield func
                break


def _functions_called_in_loops(ctx: FileContext) -> dict[cst.FunctionDef, list[tuple[cst.Call, cst.CSTNode]]]:
    """Module-level functions called by name, and methods called as ``self.m(...)``,
    inside a loop; with each such call and its innermost loop."""
    found: dict[cst.FunctionDef, list[tuple[cst.Call, cst.CSTNode]]] = {}
    for call in nodes(ctx, cst.Call):
        if not m.matches(call.func, m.Name() | m.Attribute(value=m.Name("self"))):
            continue
        loop = next(enclosing_loops(ctx, call), None)
        if loop is None:
            continue
        if isinstance(call.func, cst.Attribute):
            cls = ctx.enclosing(call, cst.ClassDef)
            targets = [s for s in (cls.body.body if cls else ()) if m.matches(s, m.FunctionDef(name=m.Name(call.func.attr.value)))]
        else:
            scope = ctx.scope(call.func)
            assignments = scope[call.func.value] if scope is not None and call.func.value in scope else ()
            targets = [a.node for a in assignments if isinstance(getattr(a, "node", None), cst.FunctionDef)
                       and isinstance(ctx.parent(a.node), cst.Module)]
        for target in targets:
            if not target.decorators:
                found.setdefault(target, []).append((call, loop))
    return found


def _wrapped(node: cst.FunctionDef | cst.Call) -> cst.BaseExpression | None:
    """What a ``tf.function(f)`` / ``tf.function(...)(f)`` call wraps (None for a decorated def)."""
    if isinstance(node, cst.FunctionDef):
        return None
    for arg in node.args:
        if arg.keyword is None and not arg.star or m.matches(arg.keyword, m.Name("func")):
            return arg.value
    return None


def _wraps_loop_value(node: cst.FunctionDef | cst.Call, loop: cst.CSTNode) -> bool:
    """``tf.function(model)`` for each model of a loop: each iteration wraps another callable.
    (A lambda or a def is the same code each time: re-wrapping it is the hazard.)"""
    wrapped = _wrapped(node)
    if wrapped is None or isinstance(wrapped, cst.Lambda):
        return False
    return bool(names_in(wrapped)[0] & loop_bound_names(loop))


def _wraps_argument_varying_in_loop(ctx: FileContext, node, func: cst.FunctionDef, calls) -> bool:
    """``def evaluate(model): tf.function(model)`` called as ``evaluate(m)`` for each ``m`` of a
    loop wraps another callable on each call (so does a ``@tf.function`` def closing over
    ``model``, or over a local of ``evaluate`` — computed anew from the call's arguments:
    TensorFlow's ``trace_saveable_util`` traces one restore function per saveable factory);
    called with the same model, it re-wraps one."""
    wrapped = _wrapped(node)
    if isinstance(wrapped, cst.Lambda):
        return False
    params = [*func.params.posonly_params, *func.params.params]
    if _class_of(ctx, func) is not None:
        params = params[1:]  # `self`, bound by `self.m(...)`
    used = _dependencies(node) if wrapped is None else names_in(wrapped)[0]
    used = used | _through_locals(node, func, used)
    for call, loop in calls:
        changing = loop_bound_names(loop)
        positional = [arg for arg in call.args if arg.keyword is None]
        if any(arg.star for arg in call.args):
            return True  # cannot match arguments to parameters: assume it varies
        for index, param in enumerate(params):
            if param.name.value not in used:
                continue
            given = [a.value for a in call.args if m.matches(a.keyword, m.Name(param.name.value))]
            given += [positional[index].value] if index < len(positional) else []
            if any(names_in(value)[0] & changing for value in given):
                return True
        kwonly = {p.name.value for p in func.params.kwonly_params} & used
        if any(names_in(a.value)[0] & changing for a in call.args if a.keyword is not None and a.keyword.value in kwonly):
            return True
    return False


def _through_locals(node, func: cst.FunctionDef, used: set[str]) -> set[str]:
    """The names ``func``'s locals among ``used`` are computed from: what is assigned to them,
    iterated into them, passed to their methods (``specs.append(x)``), and what its other
    nested functions that mention them read (``save_fn`` filling ``saveables``)."""
    local = names_in(func.body, nested=False)[1]
    statements = m.findall(func.body, m.Assign() | m.AugAssign() | m.AnnAssign() | m.For())
    inner = [d for d in m.findall(func.body, m.FunctionDef() | m.Lambda()) if d is not node]
    found: set[str] = set()
    pending = list(used & local)
    while pending:
        name = pending.pop()
        if name in found:
            continue
        found.add(name)
        reads: set[str] = set()
        for statement in statements:
            targets = statement.targets if isinstance(statement, cst.Assign) else [statement]
            if any(name in names_in(t.target)[0] for t in targets):
                source = statement.iter if isinstance(statement, cst.For) else statement.value
                reads |= names_in(source)[0] if source is not None else set()
        for call in m.findall(func.body, m.Call(func=m.Attribute(value=m.Name(name)))):
            reads |= names_in(call)[0]
        for definition in inner:
            if name in names_in(definition)[0]:
                reads |= names_in(definition)[0]
        found |= reads - local
        pending += reads & local
    return found


def _changing_python_state(ctx: FileContext, node: cst.FunctionDef | cst.Call) -> str | None:
    """Python state the created function (or the same-module functions it calls) reads and
    that the module changes after creating it: ``self.x``/``obj.x`` attributes assigned
    outside ``__init__``, globals rebound (in a loop, a function, or more than once).
    ``"what `f` reads"`` when the wrapped callable cannot be seen."""
    pending: list[cst.CSTNode] = []
    if isinstance(node, cst.FunctionDef):
        pending.append(node)
    else:
        wrapped = _wrapped(node)
        targets = _callables(ctx, wrapped) if wrapped is not None else []
        if not targets:
            what = ctx.code(wrapped).strip() if wrapped is not None else "it"
            return f"cannot see what `{what}` reads, which may change between calls"
        pending += targets
    attributes = _reassigned_attributes(ctx)
    rebound = _rebound_globals(ctx)
    seen: set[cst.CSTNode] = set()
    while pending:
        function = pending.pop()
        if function in seen:
            continue
        seen.add(function)
        for attribute in m.findall(function, m.Attribute(value=m.Name())):
            if attribute.attr.value in attributes and not _is_store(ctx, attribute):
                return f"it reads `{ctx.code(attribute)}`, which is reassigned between calls"
        for name in m.findall(function, m.Name()):
            if name.value in rebound and _global_read(ctx, name):
                return f"it reads the global `{name.value}`, which is rebound"
        for call in m.findall(function, m.Call()):
            pending += _callables(ctx, call.func)
    return None


def _state_evidence(ctx: FileContext, node: cst.FunctionDef | cst.Call) -> dict[str, Evidence]:
    """The facts a hoist relies on: the created function, and the same-module functions it
    calls, read only state that is known to stay the same (the hoisted function keeps the
    values of its first trace; each fresh creation traced afresh)."""
    frozen = _changing_python_state(ctx, node)
    if frozen and frozen.startswith("cannot see"):
        return {"visible-code": Unknown(frozen)}
    pending: list[cst.CSTNode] = [node] if isinstance(node, cst.FunctionDef) else list(_callables(ctx, _wrapped(node)))
    seen: set[cst.CSTNode] = set()
    facts = facts_of(ctx)
    while pending:
        function = pending.pop()
        if function in seen:
            continue
        seen.add(function)
        if not isinstance(function, (cst.FunctionDef, cst.Lambda)):
            return {"visible-code": Known(), "state-read": Unknown(f"`{ctx.code(function).strip()}` is not a function")}
        evidence = facts.state_read(function)
        if isinstance(evidence, Unknown):
            return {"visible-code": Known(), "state-read": evidence}
        for call in m.findall(function, m.Call()):
            pending += _callables(ctx, call.func)
    return {"visible-code": Known(), "state-read": Unknown(frozen) if frozen else Known()}


def _callables(ctx: FileContext, expr: cst.BaseExpression) -> list[cst.CSTNode]:
    """Same-module definitions ``expr`` denotes: a lambda, a function name, ``self.m``."""
    if isinstance(expr, cst.Lambda):
        return [expr]
    if isinstance(expr, cst.Name):
        scope = ctx.scope(expr)
        if scope is None or expr.value not in scope:
            return []
        found = []
        for assignment in scope[expr.value]:
            node = getattr(assignment, "node", None)
            if isinstance(node, cst.FunctionDef):
                found.append(node)
                continue
            loop = ctx.parent(node) if node is not None else None  # `for fn in (f, g):`
            if not (isinstance(loop, cst.For) and loop.target is node and isinstance(loop.iter, (cst.Tuple, cst.List))):
                return []
            for element in loop.iter.elements:
                inner = _callables(ctx, element.value) if isinstance(element.value, cst.Name) else []
                if not inner:
                    return []
                found += inner
        return found
    if m.matches(expr, m.Attribute(value=m.Name("self"))):
        cls = ctx.enclosing(expr, cst.ClassDef)
        return [s for s in (cls.body.body if cls else ()) if m.matches(s, m.FunctionDef(name=m.Name(expr.attr.value)))]
    return []


def _reassigned_attributes(ctx: FileContext) -> set[str]:
    """Attribute names assigned (``obj.x = ...``, ``obj.x += ...``) outside ``__init__``."""
    found = set()
    for kind in (cst.AssignTarget, cst.AugAssign, cst.AnnAssign):
        for node in nodes(ctx, kind):
            target = node.target
            if isinstance(target, cst.Attribute):
                method = ctx.enclosing(node, cst.FunctionDef)
                if method is None or method.name.value != "__init__":
                    found.add(target.attr.value)
    return found


def _rebound_globals(ctx: FileContext) -> set[str]:
    """Module-level names bound more than once, in a module-level loop, or ``global`` in a function."""
    counts: dict[str, int] = {}
    for stmt in ctx.module.body:
        for name in names_in(stmt, nested=False)[1]:
            counts[name] = counts.get(name, 0) + 1
    rebound = {name for name, count in counts.items() if count > 1}
    for loop in [*nodes(ctx, cst.For), *nodes(ctx, cst.While)]:
        if ctx.enclosing(loop, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) is None:
            rebound |= loop_bound_names(loop)
    for declaration in nodes(ctx, cst.Global):
        rebound |= {item.name.value for item in declaration.names}
    # A global container changed in place (`CONFIG["scale"] = s`, `CONFIG.update(...)`) is
    # never rebound, yet each new function reads its current content.
    stores = [n.target for kind in (cst.AssignTarget, cst.AugAssign) for n in nodes(ctx, kind)]
    updates = [c.func for c in nodes(ctx, cst.Call) if m.matches(c.func, m.Attribute(attr=m.Name("update") | m.Name("setdefault")))]
    for node in [*(t.value for t in stores if isinstance(t, cst.Subscript)), *(f.value for f in updates)]:
        if isinstance(node, cst.Name) and _global_read(ctx, node):
            rebound.add(node.value)
    return rebound


def _is_store(ctx: FileContext, node: cst.CSTNode) -> bool:
    parent = ctx.parent(node)
    return isinstance(parent, (cst.AssignTarget, cst.AnnAssign)) or (isinstance(parent, cst.AugAssign) and parent.target is node)


def _global_read(ctx: FileContext, name: cst.Name) -> bool:
    """Does ``name`` read a module-level binding (not a local, parameter or attribute name)?"""
    parent = ctx.parent(name)
    if isinstance(parent, cst.Attribute) and parent.attr is name:
        return False
    scope = ctx.scope(name)
    if scope is None or name.value not in scope:
        return False
    return all(type(a.scope).__name__ == "GlobalScope" for a in scope[name.value])


def _class_of(ctx: FileContext, method: cst.FunctionDef) -> cst.ClassDef | None:
    cls = ctx.parent(ctx.parent(method))
    return cls if isinstance(cls, cst.ClassDef) else None


def _guarded(ctx: FileContext, node: cst.CSTNode, func: cst.FunctionDef) -> bool:
    """Created under a condition (``if self._fn is None:``): memoised, created once."""
    for ancestor in ctx.ancestors(node):
        if ancestor is func:
            return False
        if isinstance(ancestor, (cst.If, cst.IfExp, cst.BooleanOperation, cst.Try)):
            return True
    return False


# -- fixes ------------------------------------------------------------------------


def _dependencies(node: cst.FunctionDef | cst.Call) -> set[str]:
    """Names whose value the created function depends on."""
    if isinstance(node, cst.Call):
        return names_in(node)[0]
    read, bound = names_in(node)
    params = {p.name.value for p in (*node.params.params, *node.params.posonly_params, *node.params.kwonly_params)}
    # Defaults and decorators are evaluated when the `def` runs: `scale=scale` depends on `scale`.
    return (read - bound - params) | _definition_time_names(node)


def _hoist_from_loops(ctx: FileContext, node: cst.FunctionDef | cst.Call, loops: list) -> tuple[Fix | None, str]:
    deps = _dependencies(node)
    own = node.name.value if isinstance(node, cst.FunctionDef) else None
    moved, calls, given = node, {}, ()
    varying = (loop_bound_names(loops[0]) - {own}) & deps
    if isinstance(node, cst.FunctionDef) and varying:
        passed = _pass_varying(ctx, node, loops[0], varying)
        if isinstance(passed, str):
            return None, passed
        moved, calls, given = passed
        deps = _dependencies(moved)
    target = None
    for loop in loops:
        changing = sorted((loop_bound_names(loop) - {own}) & deps)
        if changing:
            if target is None:
                names = ", ".join(f"`{n}`" for n in changing)
                return None, f"it uses {names}, which changes on every iteration; pass it as an argument instead"
            break
        target = loop
    anchor = statement_of(ctx, target)
    if any(isinstance(a, cst.Lambda) for a in ctx.ancestors(target) if a is not anchor and anchor in ctx.ancestors(a)):
        return None, "the loop is inside a lambda; move it into a function first"
    if isinstance(node, cst.FunctionDef):
        if _bindings(target, own) != 1:
            return None, f"`{own}` is also bound elsewhere in the loop"
        fix = _move(ctx, node, anchor)
        if moved is node:
            return fix, ""
        passed = ", ".join(f"`{name}`" for name in given)
        return Fix({**fix.edits, anchor: _InsertAbove(moved), **calls}), f"taking {passed} as an argument, which each call in the loop passes"
    statement = ctx.parent(ctx.parent(node))
    if m.matches(ctx.parent(node), m.Assign(targets=[m.AssignTarget(target=m.Name())])) and isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        name = ctx.parent(node).targets[0].target.value  # type: ignore[union-attr]
        if _bindings(target, name) == 1:
            return _move(ctx, statement, anchor), ""
    return _name_and_move(ctx, node, anchor, _fresh_name(ctx, node, "{}_function")), ""


def _pass_varying(ctx: FileContext, node: cst.FunctionDef, loop: cst.CSTNode, varying: set[str]) -> tuple[cst.FunctionDef, dict, tuple] | str:
    """A ``def`` in a loop that reads what the loop changes, made one function taking it as an
    argument: a closed-over name (``y * scale``) or a default (``factor=scale``, evaluated
    when the ``def`` runs) becomes a keyword-only parameter, and every call, each in the loop,
    passes what the function would have read there (the name's current value, the default's
    value: the loop's target, not rebound in the body). The new function, the call edits and
    the parameters passed, or why not."""
    names = ", ".join(f"`{n}`" for n in sorted(varying))
    why = f"it uses {names}, which changes on every iteration; pass it as an argument instead"
    if any(names_in(d)[0] & varying for d in node.decorators) or m.findall(node, m.Global() | m.Nonlocal()):
        return why
    params = node.params
    given: dict[str, cst.BaseExpression] = {}  # keyword → what each call passes
    kept = []
    fixed_at_def = names_in(loop.target)[0] - names_in(loop.body, nested=False)[1] if isinstance(loop, cst.For) else set()
    for param in params.params:
        read = names_in(param.default)[0] & varying if param.default is not None else set()
        if not read:
            kept.append(param)
        elif read <= fixed_at_def:
            given[param.name.value] = param.default
        else:
            return why + " (a default that reads a name the loop body rebinds)"
    kwonly = list(params.kwonly_params)
    for index, param in enumerate(kwonly):
        if param.default is not None and names_in(param.default)[0] & varying:
            if not names_in(param.default)[0] & varying <= fixed_at_def:
                return why + " (a default that reads a name the loop body rebinds)"
            given[param.name.value] = param.default
            kwonly[index] = param.with_changes(default=None, equal=cst.MaybeSentinel.DEFAULT)
    all_params = {p.name.value for p in (*params.params, *params.posonly_params, *params.kwonly_params)}
    body_read, body_bound = names_in(node.body)
    for name in sorted((body_read - body_bound - all_params) & varying):
        given[name] = cst.Name(name)
        kwonly.append(cst.Param(cst.Name(name)))
    kwonly += [p.with_changes(default=None, equal=cst.MaybeSentinel.DEFAULT, comma=cst.MaybeSentinel.DEFAULT)
               for p in params.params if p.name.value in given]
    if not given:
        return why
    # Every use of the function is a call in the loop, given nothing for those parameters.
    scope = ctx.enclosing(node, cst.FunctionDef) or ctx.module
    uses = [n for n in m.findall(scope, m.Name(node.name.value)) if n is not node.name]
    calls: dict = {}
    for use in uses:
        call = ctx.parent(use)
        if not (isinstance(call, cst.Call) and call.func is use and loop in ctx.ancestors(call)) or node in ctx.ancestors(call):
            return why + f" (`{node.name.value}` is used other than called in the loop)"
        if any(a.star for a in call.args) or any(a.keyword is not None and a.keyword.value in given for a in call.args) \
                or sum(a.keyword is None for a in call.args) > len(kept) + len(params.posonly_params):
            return why + " (a call passes those arguments itself)"
        extra = [cst.Arg(value, keyword=cst.Name(k), equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
                 for k, value in given.items()]
        args = [*call.args[:-1], call.args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))] if call.args else []
        calls[call] = call.with_changes(args=[*args, *extra])
    star = params.star_arg if params.star_arg is not cst.MaybeSentinel.DEFAULT else cst.ParamStar()
    if kept:
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    moved = node.with_changes(params=params.with_changes(params=kept, kwonly_params=kwonly, star_arg=star))
    return moved, calls, tuple(given)


def _hoist_to_module(ctx: FileContext, node: cst.FunctionDef | cst.Call, func: cst.FunctionDef) -> tuple[Fix | None, str]:
    params = {p.name.value for p in (*func.params.params, *func.params.posonly_params, *func.params.kwonly_params)}
    local = (names_in(func.body, nested=False)[1] | params) - ({node.name.value} if isinstance(node, cst.FunctionDef) else set())
    deps = _dependencies(node)
    if deps & local:
        names = ", ".join(f"`{n}`" for n in sorted(deps & local))
        return None, f"it uses {names}, local to `{func.name.value}`"
    # Evaluated when the definition runs: must exist before `func` at module level.
    evaluated = deps if isinstance(node, cst.Call) else _definition_time_names(node)
    module_scope = ctx.scope(func)
    start = ctx.span(func)[0]
    for name in evaluated:
        if module_scope is not None and name in module_scope and module_scope[name]:
            if any(ctx.span(a.node)[0] >= start for a in module_scope[name] if getattr(a, "node", None) is not None and not isinstance(a.node, cst.Module)):
                return None, f"`{name}` is defined after `{func.name.value}`"
        elif not hasattr(builtins, name):
            return None, f"`{name}` is not defined at module level"
    if isinstance(node, cst.FunctionDef):
        if module_scope is not None and node.name.value in module_scope and module_scope[node.name.value]:
            return None, f"the module already defines `{node.name.value}`"
        if _bindings(func, node.name.value) != 1:
            return None, f"`{node.name.value}` is also bound elsewhere in `{func.name.value}`"
        return _move(ctx, node, func), ""
    return _name_and_move(ctx, node, func, _fresh_name(ctx, node, "_{}_function")), ""


def _hoist_to_init(ctx: FileContext, node: cst.FunctionDef | cst.Call, method: cst.FunctionDef, cls: cst.ClassDef) -> tuple[Fix | None, str]:
    """``tf.function(self.f)`` in a method → ``self._f_function``, created at the end of ``__init__``."""
    if isinstance(node, cst.FunctionDef):
        return None, "a function defined inside a method; make it a method decorated with `tf.function`"
    if not method.params.params or method.params.params[0].name.value != "self":
        return None, f"`{method.name.value}` has no `self` to keep it on"
    params = {p.name.value for p in (*method.params.params, *method.params.posonly_params, *method.params.kwonly_params)}
    local = ((names_in(method.body, nested=False)[1] | params) - {"self"}) & _dependencies(node)
    if local:
        return None, f"it uses {', '.join(f'`{n}`' for n in sorted(local))}, local to `{method.name.value}`"
    init = next((s for s in cls.body.body if m.matches(s, m.FunctionDef(name=m.Name("__init__")))), None)
    if init is None or not isinstance(init.body, cst.IndentedBlock):
        return None, f"`{cls.name.value}` defines no `__init__` to create it in"
    attribute = _fresh_name(ctx, node, "_{}_function")
    statement = cst.parse_statement(f"self.{attribute} = {ctx.code(node)}")
    return Fix({
        node: cst.parse_expression(f"self.{attribute}"),
        init.body: _AppendStatement(statement),
    }), ""


def _definition_time_names(func: cst.FunctionDef) -> set[str]:
    names: set[str] = set()
    for decorator in func.decorators:
        names |= names_in(decorator)[0]
    for param in (*func.params.params, *func.params.posonly_params, *func.params.kwonly_params):
        if param.default is not None:
            names |= names_in(param.default)[0]
    return names


def _bindings(loop: cst.CSTNode, name: str) -> int:
    """How many times ``loop`` (or a function) binds ``name``."""
    body = loop.body if isinstance(loop, (cst.For, cst.While, cst.FunctionDef)) else loop
    count = len(m.findall(body, m.AssignTarget(target=m.Name(name)) | m.AugAssign(target=m.Name(name))
                          | m.FunctionDef(name=m.Name(name)) | m.ClassDef(name=m.Name(name))))
    return count + (name in names_in(loop.target)[0] if isinstance(loop, cst.For) else 0)


def _fresh_name(ctx: FileContext, node: cst.Call, pattern: str) -> str:
    wrapped = node.args[0].value
    base = wrapped.attr.value if isinstance(wrapped, cst.Attribute) else wrapped.value if isinstance(wrapped, cst.Name) else "traced"
    candidate, n = pattern.format(base.lstrip("_")), 2
    while re.search(rf"\b{re.escape(candidate)}\b", ctx.module.code):
        candidate, n = f"{pattern.format(base.lstrip('_'))}_{n}", n + 1
    return candidate


def _blank(lines) -> list[cst.EmptyLine]:
    return [line for line in lines if line.comment is None]


def _from_first_comment(lines) -> list[cst.EmptyLine]:
    lines = list(lines)
    first = next((i for i, line in enumerate(lines) if line.comment is not None), len(lines))
    return lines[first:]


@dataclass(frozen=True)
class _InsertAbove:
    """Edit of an anchor statement putting ``statement`` above it (a class, not a
    closure: fixes travel between worker processes and must pickle)."""

    statement: cst.CSTNode

    def __call__(self, updated: cst.CSTNode) -> cst.FlattenSentinel:
        moved = self.statement.with_changes(  # type: ignore[attr-defined]
            leading_lines=_blank(updated.leading_lines) + _from_first_comment(self.statement.leading_lines)  # type: ignore[attr-defined]
        )
        if isinstance(moved, cst.BaseCompoundStatement) and not _blank(updated.leading_lines):  # type: ignore[attr-defined]
            updated = updated.with_changes(leading_lines=[cst.EmptyLine(indent=False), *updated.leading_lines])  # type: ignore[attr-defined]
        return cst.FlattenSentinel([moved, updated])


def _strip_blank_lines(updated: cst.CSTNode) -> cst.CSTNode:
    return updated.with_changes(leading_lines=_from_first_comment(updated.leading_lines))  # type: ignore[attr-defined]


@dataclass(frozen=True)
class _AppendStatement:
    statement: cst.BaseStatement

    def __call__(self, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        return updated.with_changes(body=[*updated.body, self.statement])


def _move(ctx: FileContext, statement: cst.CSTNode, anchor: cst.CSTNode) -> Fix:
    """Move ``statement`` just above ``anchor`` (leaving ``pass`` if its block would be empty)."""
    body = list(getattr(ctx.parent(statement), "body", ()))
    edits: dict = {anchor: _InsertAbove(statement)}
    if len(body) == 1:
        edits[statement] = cst.SimpleStatementLine([cst.Pass()])
    else:
        edits[statement] = cst.RemoveFromParent()
        if body[0] is statement:  # the next statement becomes the first: no blank line above it
            following = body[1]
            edits[following] = _strip_blank_lines
    return Fix(edits)


def _name_and_move(ctx: FileContext, call: cst.Call, anchor: cst.CSTNode, name: str) -> Fix:
    assignment = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], call.with_changes(lpar=[], rpar=[]))])
    return Fix({call: cst.Name(name), anchor: _InsertAbove(assignment)})


def _called_functions(ctx: FileContext, func: cst.FunctionDef) -> list[cst.CSTNode]:
    """The same-module functions ``func`` calls, and those they call (not ``func`` itself)."""
    seen: list[cst.CSTNode] = []
    pending = [c for call in m.findall(func, m.Call()) for c in _callables(ctx, call.func)]
    while pending:
        function = pending.pop()
        if function is func or any(function is f for f in seen):
            continue
        seen.append(function)
        pending += [c for call in m.findall(function, m.Call()) for c in _callables(ctx, call.func)]
    return seen


def _calls_of_created(ctx: FileContext, node: cst.FunctionDef | cst.Call, func: cst.FunctionDef,
                      wrapped: cst.BaseExpression | None) -> list[cst.Call] | str:
    """Every call of the created ``tf.function`` (``fn = tf.function(f)``'s ``fn``, inline
    ``tf.function(f)(x)``, a decorated ``def``) and of ``func`` itself; or why not all are known."""
    if node is func:
        return calls_of(ctx, [func])
    parent = ctx.parent(node)
    if isinstance(parent, cst.Call) and parent.func is node:
        created: list[cst.Call] | str = [parent]
    elif m.matches(parent, m.Assign(targets=[m.AssignTarget(target=m.Name())])):
        created = calls_of(ctx, [parent.targets[0].target])
    else:
        return "the created function is not called by a name"
    if isinstance(created, str):
        return created
    if isinstance(wrapped, cst.Name):
        direct = calls_of(ctx, [func], {wrapped})
    else:  # `tf.function(self.f)`: every `self.f` of the class is this creation or a call
        cls = ctx.enclosing(func, cst.ClassDef)
        uses = m.findall(cls, m.Attribute(value=m.Name("self"), attr=m.Name(func.name.value))) if cls is not None else []
        direct = [ctx.parent(u) for u in uses if u is not wrapped]
        if not all(isinstance(c, cst.Call) and c.func is u for c, u in zip(direct, [u for u in uses if u is not wrapped])):
            return f"`self.{func.name.value}` is used other than called"
    return direct if isinstance(direct, str) else [*created, *direct]
