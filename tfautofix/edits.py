"""Applying a fix's edits to a LibCST tree (the one LibCST piece the rules and the engine share),
and the edits several rules make: comments kept, a tf.function split into a traced core and an eager wrapper."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Mapping

import libcst as cst

from tfautofix.analysis.loops import names_in
from tfautofix.analysis.names import fresh_name
from tfautofix.rule import Edit

if TYPE_CHECKING:
    from tfautofix.analysis.context import FileContext


class ApplyEdits(cst.CSTTransformer):
    """Apply ``{original node: Edit}``; nested edits compose bottom-up."""

    def __init__(self, edits: Mapping[cst.CSTNode, Edit]) -> None:
        super().__init__()
        self.edits = edits

    def on_leave(self, original_node, updated_node):
        edit = self.edits.get(original_node)
        if edit is None:
            return updated_node
        return edit(updated_node) if callable(edit) else edit


def keep_comments(replaced: list, statements: list) -> list:
    """``statements`` replacing the nodes ``replaced``, with the comments of those they dropped
    (on an ``if``/``while`` line, after a statement now in a lambda) as lines above the first:
    a fix rewrites code, never the user's comments."""
    comments: list[str] = []

    class Comments(cst.CSTVisitor):
        def visit_Comment(self, comment: cst.Comment) -> None:
            comments.append(comment.value)

    for node in replaced:
        node.visit(Comments())
    kept = "".join(cst.Module([]).code_for_node(statement) for statement in statements)
    dropped = [c for i, c in enumerate(comments) if kept.count(c) < comments[: i + 1].count(c)]
    if not dropped:
        return statements
    lines = [*statements[0].leading_lines, *(cst.EmptyLine(comment=cst.Comment(c)) for c in dropped)]
    return [statements[0].with_changes(leading_lines=lines), *statements[1:]]


# -- splitting a tf.function into a traced core and an eager wrapper ----------------------------

def _is_tf_function(decorator: cst.Decorator) -> bool:
    expr = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
    return (isinstance(expr, cst.Attribute) and expr.attr.value == "function") or (isinstance(expr, cst.Name) and expr.value == "function")


class _Scan(cst.CSTVisitor):
    """What statements of one function read (nested definitions included: conservative) and bind
    (``analysis.loops.names_in``), its returns (not those of nested definitions), and what a split cannot move."""

    def __init__(self) -> None:
        self.reads: set[str] = set()
        self.binds: set[str] = set()
        self.returns: list[cst.Return] = []
        self.blocked = ""
        self._depth = 0

    def visit_Return(self, node: cst.Return) -> None:
        if self._depth == 0:
            self.returns.append(node)

    def _enter(self, node) -> None:
        self._depth += 1

    def _leave(self, node) -> None:
        self._depth -= 1

    visit_FunctionDef = visit_ClassDef = visit_Lambda = _enter  # type: ignore[assignment]
    leave_FunctionDef = leave_ClassDef = leave_Lambda = _leave  # type: ignore[assignment]

    def visit_Yield(self, node) -> None:
        self.blocked = self.blocked or ("" if self._depth else "it is a generator")

    def visit_Global(self, node) -> None:
        self.blocked = self.blocked or "it declares `global`/`nonlocal` names"

    visit_Nonlocal = visit_Global  # type: ignore[assignment]


def _scan(*statements: cst.CSTNode) -> _Scan:
    scan = _Scan()
    for statement in statements:
        statement.visit(scan)
        scan.reads |= names_in(statement)[0]
        scan.binds |= names_in(statement, nested=False)[1]
    return scan


def _touched(statement: cst.BaseStatement) -> set[str]:
    """What a moved statement changes in Python: ``log`` of ``log.append(y)``, ``cache`` of
    ``cache[k] = v``, ``self.rate`` of ``self.rate = v`` (its code), in its own lines and an ``if``'s body."""
    touched: set[str] = set()
    module = cst.Module([])
    block = getattr(statement, "body", None)
    lines = [statement] if isinstance(statement, cst.SimpleStatementLine) else [block] if isinstance(
        block, cst.SimpleStatementSuite) else list(getattr(block, "body", ()))
    for line in lines:
        for small in getattr(line, "body", ()):
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else (
                [small.target] if isinstance(small, (cst.AugAssign, cst.AnnAssign)) else [])
            for target in targets:
                if isinstance(target, cst.Subscript):
                    touched.add(module.code_for_node(target.value))
                elif isinstance(target, cst.Attribute):
                    touched.add(module.code_for_node(target))
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute):
                touched.add(module.code_for_node(small.value.func.value))
    return touched


def _spelled(node: cst.CSTNode) -> set[str]:
    """The names and attribute chains ``node`` spells (``self``, ``self.rate``)."""
    found: set[str] = set()
    module = cst.Module([])

    class Spelled(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.add(name.value)

        def visit_Attribute(self, attribute: cst.Attribute) -> None:
            found.add(module.code_for_node(attribute))

    node.visit(Spelled())
    return found


def _closed_world(ctx: FileContext, func: cst.FunctionDef, method: bool) -> str | None:
    """Why the wrapper might be traced or bypassed, or None: the function must be traced only by
    its own decorator, and every use of its name in the file (the whole file, not the focus) a call."""
    reasons = ctx.trace_reasons(func)
    if not reasons or any(not r.startswith("decorated with") for r in reasons):
        return f"`{func.name.value}` is also traced otherwise ({'; '.join(r for r in reasons if not r.startswith('decorated with'))})"
    name = func.name.value
    tree = ctx.screen.tree
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for node in ast.walk(tree):
        spelled = (method and isinstance(node, ast.Attribute) and node.attr == name) or (
            not method and isinstance(node, ast.Name) and node.id == name)
        if spelled and not isinstance(node.ctx, ast.Load):
            return f"`{name}` is rebound (line {node.lineno})"
        if spelled and id(node) not in called:
            return f"`{name}` is used other than called (line {node.lineno}): the caller may trace the wrapper"
    if not method and sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == name for n in ast.walk(tree)) > 1:
        return f"`{name}` is defined more than once"
    return None


def split_function(
    ctx: FileContext,
    func: cst.FunctionDef,
    moved: list[cst.BaseStatement],
    replay: Mapping[cst.CSTNode, list[cst.BaseStatement]] | None = None,
    wrapper_decorators: tuple[cst.Decorator, ...] = (),
) -> tuple[dict, str | None]:
    """Move Python side effects out of a traced function: ``{func: core + wrapper}``, or ``({}, why not)``.

    ``moved`` are statements of ``func``'s body (an ``assert``, ``log.append(y)``, an ``if`` around
    them). The core, ``_<name>_core`` with ``func``'s decorators, runs the rest and also returns the
    locals they read; the wrapper keeps the name and signature (importers see the same function),
    calls the core and runs them (as ``replay`` rewrites them) in Python on every call, where eagerly
    they ran. The wrapper has ``wrapper_decorators`` (none: it runs eagerly, so the function must be
    traced by its decorator only and every use of its name in the file be a call: a caller tracing
    it would trace the side effects again)."""
    name = func.name.value
    if not isinstance(func.body, cst.IndentedBlock) or func.asynchronous or not func.decorators \
            or not all(_is_tf_function(d) for d in func.decorators):
        return {}, "only a `def` decorated with tf.function alone is split"
    body = list(func.body.body)
    indices = [next((i for i, s in enumerate(body) if s is m), -1) for m in moved]
    if not moved or -1 in indices:
        return {}, "the side effect is nested in other code"
    parent = ctx.parent(ctx.parent(func))
    method = isinstance(parent, cst.ClassDef)
    params = func.params
    if method and not params.params:
        return {}, "a method without `self`"
    why = _closed_world(ctx, func, method)
    if why:
        return {}, why
    whole = _scan(func.body)
    if whole.blocked:
        return {}, whole.blocked
    if not isinstance(body[-1], cst.SimpleStatementLine) or not isinstance(body[-1].body[-1], cst.Return):
        return {}, "the function may end without `return`"
    last = max(indices)
    if any(i <= last for i, s in enumerate(body) for r in _scan(s).returns):
        return {}, "it may return before the side effect"
    kept = [s for i, s in enumerate(body) if i not in indices]
    rest = set().union(*(_spelled(s) for s in kept))
    param_names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)] + [
        p.name.value for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    bound = _scan(*kept).binds  # the locals the core computes; what a moved statement binds stays in the wrapper
    captured: list[str] = []
    for statement, index in zip(moved, indices):
        scan = _scan(statement)
        later = _scan(*[s for i, s in enumerate(body) if i > index and i not in indices])
        if scan.binds & later.reads:  # a loop's counter, say, may run on in the wrapper alone
            return {}, f"the function reads `{sorted(scan.binds & later.reads)[0]}`, which the side effect binds"
        if _touched(statement) & rest:
            return {}, f"the function reads what the side effect changes (`{sorted(_touched(statement) & rest)[0]}`)"
        for read in sorted(scan.reads & bound):
            if read in later.binds:
                return {}, f"`{read}` changes after the side effect"
            if read not in captured:
                captured.append(read)
    # The core: the parameters it still uses, the kept statements, the captured locals returned first.
    uses = _scan(*kept).reads
    self_name = params.params[0].name.value if method else None
    dropped = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)
               if p.name.value not in uses and p.name.value != self_name}
    taken = {n.id for n in ast.walk(ctx.screen.tree) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(ctx.screen.tree) if isinstance(n, ast.Attribute)} | {
        n.name for n in ast.walk(ctx.screen.tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    core_name = fresh_name(f"_{name.strip('_')}_core", taken)
    docstring = 1 if func.get_docstring() is not None else 0  # kept by the wrapper, the function importers see
    local = set(param_names) | set(captured) | set().union(*(_spelled(s) for m in moved for s in (replay or {}).get(m, [m])))
    result = fresh_name("result", local)

    def build(updated: cst.FunctionDef) -> cst.FlattenSentinel:
        """The split of ``func`` as other edits inside it left it (a draw rewritten in the core...)."""
        statements = list(updated.body.body)
        params = updated.params
        core_params = params
        if dropped:  # a list the wrapper appends to would change the core's trace key
            core_params = params.with_changes(**{
                group: [p.with_changes(comma=cst.MaybeSentinel.DEFAULT) for p in getattr(params, group) if p.name.value not in dropped]
                for group in ("posonly_params", "params", "kwonly_params")})
        core_body = [s.visit(_ReturnsWith(captured)) for i, s in enumerate(statements) if i not in indices and i >= docstring]
        core = updated.with_changes(name=cst.Name(core_name), params=core_params, body=updated.body.with_changes(body=core_body))
        # The wrapper: the original signature, calling the core and replaying the side effects.
        args: list[cst.Arg] = [cst.Arg(cst.Name(p.name.value)) for p in (*core_params.posonly_params, *core_params.params)
                               if p.name.value != self_name]
        if isinstance(core_params.star_arg, cst.Param):
            args.append(cst.Arg(cst.Name(core_params.star_arg.name.value), star="*"))
        no_space = cst.SimpleWhitespace("")
        for p in core_params.kwonly_params:
            args.append(cst.Arg(cst.Name(p.name.value), keyword=cst.Name(p.name.value),
                                equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space)))
        if isinstance(core_params.star_kwarg, cst.Param):
            args.append(cst.Arg(cst.Name(core_params.star_kwarg.name.value), star="**"))
        call = cst.Call(cst.Attribute(cst.Name(self_name), cst.Name(core_name)) if method else cst.Name(core_name), args)
        replays = [r for m, i in zip(moved, indices) for r in (replay or {}).get(m, [statements[i]])]
        head = statements[:docstring]
        if captured:
            targets = cst.Tuple([cst.Element(cst.Name(n)) for n in [*captured, result]], lpar=[], rpar=[])
            body = [*head, cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(targets)], call)]),
                    *replays, cst.SimpleStatementLine([cst.Return(cst.Name(result))])]
        else:  # nothing computed in the graph: the side effects run first, as eagerly
            body = [*head, *replays, cst.SimpleStatementLine([cst.Return(call)])]
        wrapper = updated.with_changes(
            decorators=[d.with_changes(leading_lines=[]) for d in wrapper_decorators],
            leading_lines=[cst.EmptyLine(indent=False)] * (1 if method else 2),
            body=updated.body.with_changes(body=body),
        )
        return cst.FlattenSentinel([core, wrapper])

    return {func: build}, None


class _ReturnsWith(cst.CSTTransformer):
    """``return v`` → ``return c1, ..., v`` in one function's body (not in definitions nested in it)."""

    def __init__(self, captured: list[str]) -> None:
        super().__init__()
        self.captured = captured
        self.depth = 0

    def visit_FunctionDef(self, node) -> bool:
        self.depth += 1
        return True

    def leave_FunctionDef(self, original, updated):
        self.depth -= 1
        return updated

    visit_Lambda = visit_ClassDef = visit_FunctionDef  # type: ignore[assignment]
    leave_Lambda = leave_ClassDef = leave_FunctionDef  # type: ignore[assignment]

    def leave_Return(self, original: cst.Return, updated: cst.Return) -> cst.Return:
        if self.depth or not self.captured:
            return updated
        value = updated.value if updated.value is not None else cst.Name("None")
        if isinstance(value, cst.Tuple) and not value.lpar:
            value = value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        elements = [cst.Element(cst.Name(n)) for n in self.captured] + [cst.Element(value)]
        return updated.with_changes(value=cst.Tuple(elements, lpar=[], rpar=[]), whitespace_after_return=cst.SimpleWhitespace(" "))
