"""How a function uses a parameter, and which ``def`` a recorded qualname denotes.

A Python number can become a tensor only when the function hands it to
TensorFlow ops; Python control flow, shapes, indexing and plain arithmetic (a
Python int adopts the other operand's dtype, an int32 tensor does not) need
the Python value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

if TYPE_CHECKING:
    from tfautofix.analysis.context import FileContext

#: Keywords of TensorFlow ops whose value is a shape, an axis or a count.
SHAPE_KEYWORDS = frozenset({"shape", "axis", "depth", "num", "multiples", "num_or_size_splits", "size", "perm", "dims", "maxlen"})
#: TensorFlow ops whose first argument is a shape.
SHAPE_FIRST = frozenset({"zeros", "ones", "fill", "empty", "normal", "uniform", "truncated_normal", "eye"})


class _NameFinder(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.found: list[cst.Name] = []

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            self.found.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)  # `obj.n` is not a use of `n`
        return False


def name_reads(body: cst.CSTNode, name: str) -> list[cst.Name]:
    """Every ``Name`` node ``name`` in ``body`` (not ``obj.name``)."""
    finder = _NameFinder(name)
    body.visit(finder)
    return finder.found


def reads_of_assigned(ctx: FileContext, value: cst.BaseExpression) -> list[cst.Name] | None:
    """Where ``value`` goes through a name: the reads of ``n`` when ``n = value`` is ``n``'s only
    binding in its scope; None when ``value`` is not so assigned."""
    assign = ctx.parent(value)
    if not (isinstance(assign, cst.Assign) and assign.value is value and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)):
        return None
    target = assign.targets[0].target
    scope = ctx.scope(target)
    if scope is None or len(scope.assignments[target.value]) != 1:
        return None
    return [a.node for a in scope.accesses[target.value] if isinstance(a.node, cst.Name)]


def python_use(ctx: FileContext, func: cst.FunctionDef, node: cst.Name) -> str | None:
    """Why the read ``node`` of a parameter of ``func`` needs its Python value (None: a TensorFlow op takes it)."""
    child: cst.CSTNode = node
    for parent in ctx.ancestors(node):
        if parent is func:
            return "outside TensorFlow ops"
        if isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)) and child is parent.test:
            return "in Python control flow"
        if isinstance(parent, (cst.For, cst.CompFor)) and child is parent.iter:
            return "as a Python loop range"
        if isinstance(parent, cst.SubscriptElement):
            return "as an index"
        if isinstance(parent, (cst.FormattedStringExpression, cst.AssignTarget, cst.AugAssign)):
            return "as a Python value"
        if isinstance(parent, cst.Arg) and parent.keyword is not None and parent.keyword.value in SHAPE_KEYWORDS:
            return f"as `{parent.keyword.value}=`"
        if isinstance(parent, cst.Call):
            names = ctx.names(parent.func)
            if any(n.startswith("tensorflow.") for n in names):
                if any(n.rsplit(".", 1)[-1] in SHAPE_FIRST for n in names) and parent.args and _inside(ctx, node, parent.args[0]):
                    return "in a shape"
                return None
            if child is not parent.func:
                return f"as an argument of `{ctx.code(parent.func)}`"
        if isinstance(parent, cst.BaseSmallStatement) or isinstance(parent, cst.BaseCompoundStatement):
            return "outside TensorFlow ops"
        child = parent
    return "outside TensorFlow ops"


def _inside(ctx: FileContext, node: cst.CSTNode, container: cst.CSTNode) -> bool:
    return node is container or container in ctx.ancestors(node)


def parameter_names(func: cst.FunctionDef, method: bool) -> list[str]:
    params = [p.name.value for p in (*func.params.posonly_params, *func.params.params)]
    return params[1:] if method and params else params


def has_variadic(func: cst.FunctionDef) -> bool:
    p = func.params
    return isinstance(p.star_arg, cst.Param) or p.star_kwarg is not None or bool(p.kwonly_params)


def functions_by_qualname(module: cst.Module) -> dict[str, list[cst.FunctionDef]]:
    """Every ``def`` under its Python ``__qualname__`` (``C.m``, ``f.<locals>.g``)."""
    found: dict[str, list[cst.FunctionDef]] = {}

    def walk(statements, prefix: str) -> None:
        for stmt in statements:
            if isinstance(stmt, cst.FunctionDef):
                qualname = prefix + stmt.name.value
                found.setdefault(qualname, []).append(stmt)
                walk(_body(stmt), qualname + ".<locals>.")
            elif isinstance(stmt, cst.ClassDef):
                walk(_body(stmt), prefix + stmt.name.value + ".")
            elif isinstance(stmt, (cst.If, cst.Try, cst.With, cst.For, cst.While)):
                walk(_nested(stmt), prefix)

    walk(module.body, "")
    return found


def _body(node) -> list:
    body = node.body
    return list(body.body) if isinstance(body, cst.IndentedBlock) else []


def _nested(stmt) -> list:
    """Statements of the blocks of a compound statement (``if``/``elif``/``else``, ``try``, ``with``, loops)."""
    statements = _body(stmt)
    for part in (getattr(stmt, "orelse", None), getattr(stmt, "finalbody", None), *getattr(stmt, "handlers", ())):
        if isinstance(part, cst.If):  # elif
            statements += _nested(part)
        elif part is not None:
            statements += _body(part)
    return statements
