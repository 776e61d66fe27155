"""Lifting a Python value that traced code reads into a tensor argument (TFA006, TFA014).

A traced function reads Python state (a global, a closed-over name, ``obj.x``,
``CONFIG["k"]``, ``next(it)``) while it is traced and freezes it into the graph.
Lifted, the read becomes a parameter and every call passes ``tf.constant(<the
read>)``: the value of each call, and one trace. The rewrite needs every call of
the function in the file (closed world) and the value to be data a tensor can
replace, so the rules offer it as unsafe candidates that execution chooses.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.names import ImportSpec, fresh_name
from tfautofix.analysis.usage import SHAPE_FIRST, SHAPE_KEYWORDS
from tfautofix.edits import ApplyEdits

#: Builtins computing Python data from the value read: lifted with it (``float(len(history))``).
_PURE = frozenset({"float", "int", "bool", "len", "abs", "round", "next"})


def lift_dtypes(ctx: FileContext, reads: list[cst.BaseExpression]) -> tuple[str, str]:
    """The dtypes to try for lifted values, the likelier first: where every one meets other values in
    arithmetic, float32 (what a Python number meeting a float32 tensor became; a float gives it either
    way); where one is an op's argument (``v.assign_add(n)``: the op converts an int to its own dtype),
    what ``tf.constant`` infers. Execution chooses."""
    arithmetic = all(isinstance(ctx.parent(r), (cst.BinaryOperation, cst.UnaryOperation)) for r in reads)
    return ("float32", "") if arithmetic else ("", "float32")


def lifted_expression(ctx: FileContext, read: cst.BaseExpression) -> cst.BaseExpression:
    """The Python value computed from ``read`` that the function uses: up through the builtins
    of ``_PURE`` and ``.get`` with literal arguments (``float(os.environ.get("K", "1"))``)."""
    node = read
    while True:
        parent = ctx.parent(node)
        call = ctx.parent(parent) if isinstance(parent, cst.Arg) else parent
        if isinstance(parent, cst.Arg) and isinstance(call, cst.Call) and isinstance(call.func, cst.Name) \
                and call.func.value in _PURE and ctx.resolves_to(call.func, f"builtins.{call.func.value}") \
                and len(call.args) == 1 and parent.keyword is None and not parent.star:
            node = call
        elif isinstance(parent, cst.Attribute) and parent.value is node and parent.attr.value == "get" \
                and isinstance(method := ctx.parent(parent), cst.Call) and method.func is parent and all(_literal(a.value) for a in method.args):
            node = method
        else:
            return node


def python_data_use(ctx: FileContext, func: cst.FunctionDef, expr: cst.BaseExpression, _depth: int = 0) -> str | None:
    """Why the function needs ``expr`` as Python data, which a tensor cannot replace: an object
    (``self.dense(x)``), control flow, a loop range, an index or key, a shape, an argument of a
    Python function, text; for a local assigned from it (``limit = ...``), its uses. None when
    every use may take a tensor."""
    parent = ctx.parent(expr)
    if isinstance(parent, cst.Call) and parent.func is expr or isinstance(parent, (cst.Attribute, cst.Subscript)) and parent.value is expr:
        return "as an object (called, or its attribute or item read)"
    child: cst.CSTNode = expr
    for parent in ctx.ancestors(expr):
        if parent is func:
            return None
        if isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)) and child is parent.test:
            return "in Python control flow"
        if isinstance(parent, (cst.For, cst.CompFor)) and child is parent.iter:
            return "as a Python loop range"
        if isinstance(parent, (cst.SubscriptElement, cst.DictElement)):
            return "as an index or key"
        if isinstance(parent, (cst.FormattedStringExpression, cst.AugAssign)):
            return "as a Python value"
        if isinstance(parent, cst.Arg) and parent.keyword is not None and parent.keyword.value in SHAPE_KEYWORDS:
            return f"as `{parent.keyword.value}=`"
        if isinstance(parent, cst.Call) and child is not parent.func:
            names = ctx.names(parent.func)
            if not any(n.startswith("tensorflow.") for n in names) and not _tensorflow_method(ctx, parent.func):
                return f"as an argument of `{ctx.code(parent.func)}`"
            if any(n.rsplit(".", 1)[-1] in SHAPE_FIRST for n in names) and parent.args and child is parent.args[0]:
                return "in a shape"
        if isinstance(parent, cst.Assign):
            if _depth or len(parent.targets) != 1 or not isinstance(parent.targets[0].target, cst.Name):
                return "as a Python value"
            local = parent.targets[0].target.value
            for read in m.findall(func.body, m.Name(local)):
                if read is not parent.targets[0].target and not _is_attribute_name(ctx, read):
                    why = python_data_use(ctx, func, read, _depth + 1)
                    if why:
                        return why
            return None
        if isinstance(parent, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
            return None
        child = parent
    return None


@dataclass(frozen=True)
class Lifted:
    """``definition`` taking each lifted value as a parameter, and each call's edit passing them."""

    definition: cst.FunctionDef
    calls: dict
    imports: tuple[ImportSpec, ...]
    names: tuple[str, ...]
    #: What each new parameter receives, spelled in the function's own scope.
    values: tuple[str, ...]


@dataclass(frozen=True)
class _AppendArguments:
    """A call's edit: its arguments for the removed parameters dropped, the lifted values added
    (a class, not a closure: fixes travel between worker processes and must pickle)."""

    dropped: tuple[int, ...]
    added: tuple[cst.Arg, ...]

    def __call__(self, updated: cst.Call) -> cst.Call:
        kept = [a for i, a in enumerate(updated.args) if i not in self.dropped]
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        added = list(self.added)
        added[-1] = added[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(args=[*kept, *added])


def lift(ctx: FileContext, func: cst.FunctionDef, reads: list[cst.BaseExpression], calls: list[cst.Call],
         dtype: str = "", method: bool = False, wrapped: bool = False) -> Lifted | str:
    """``func`` taking each of ``reads`` (expressions of its body) as a new parameter, and each of
    ``calls`` passing ``tf.constant(<read>[, dtype=...])``, with ``func``'s parameters in the read
    replaced by what the call passes them; parameters read only there are dropped. ``method``:
    the calls are ``obj.m(...)``/bound (``self`` is not passed). ``wrapped``: an eager wrapper
    (``eager_wrapper``) passes every argument, so the parameters keep no defaults. Or why not."""
    params = func.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT or params.star_kwarg is not None or params.kwonly_params or params.posonly_params:
        return f"`{func.name.value}` takes `*`/`**`/keyword-only parameters"
    if m.findall(func, m.Global() | m.Nonlocal()):
        return f"`{func.name.value}` rebinds a global or enclosing name"
    positional = [p.name.value for p in params.params]
    passed = positional[1:] if method else positional
    every = m.findall(func, m.Name())
    # A global read only as itself keeps its name: the parameter shadows it (`foo` → `def f(foo)`).
    shadowing = {r.value for r in reads if isinstance(r, cst.Name)} - set(positional)
    shadowing = {n for n in shadowing if all(any(x is r for r in reads) for x in every if x.value == n and not _is_attribute_name(ctx, x))}
    taken = set(positional) | ({n.value for n in every if not _is_attribute_name(ctx, n)} - shadowing)
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    names: dict[str, str] = {}  # spelled read → parameter
    for read in reads:
        spelled = ctx.code(read).strip()
        if spelled not in names:
            names[spelled] = fresh_name(_name_of(read), taken)
            taken.add(names[spelled])
        replaced[read] = cst.Name(names[spelled])
    body = func.body.visit(ApplyEdits(replaced))
    still = {n.value for n in m.findall(body, m.Name())}
    dropped = tuple(i for i, p in enumerate(params.params) if p.name.value in passed and p.name.value not in still
                    and any(m.findall(r, m.Name(p.name.value)) for r in reads) and p.default is None)
    kept_params = [p for i, p in enumerate(params.params) if i not in dropped]
    if wrapped:
        kept_params = [p.with_changes(default=None, equal=cst.MaybeSentinel.DEFAULT) for p in kept_params]
    elif any(p.default is not None for p in kept_params):
        return f"`{func.name.value}` has parameters with defaults, which a new parameter cannot follow"
    new_params = [*kept_params, *(cst.Param(cst.Name(n)) for n in names.values())]
    new_params = [p.with_changes(comma=cst.MaybeSentinel.DEFAULT) for p in new_params]
    definition = func.with_changes(body=body, params=params.with_changes(params=new_params))
    tf, tf_import = ctx.tensorflow_alias
    edits: dict = {}
    first = {ctx.code(r).strip(): r for r in reversed(reads)}
    for call in calls:
        if any(a.star for a in call.args):
            return "a call passes `*args`/`**kwargs`"
        if ctx.is_traced(call):
            return f"`{func.name.value}` is called from traced code (line {ctx.span(call)[0][0]}), which would freeze the value again"
        for read in first.values():
            if method and any(n.value == positional[0] for n in m.findall(read, m.Name()) if not _is_attribute_name(ctx, n)):
                caller = ctx.enclosing(call, cst.FunctionDef)  # `self.x` at a call in a method of the class: same `self`
                if caller is None or ctx.enclosing(caller, cst.ClassDef) is not ctx.enclosing(func, cst.ClassDef) \
                        or not caller.params.params or caller.params.params[0].name.value != positional[0]:
                    return f"`{positional[0]}` is not the same object where `{func.name.value}` is called"
            seen = _outside_names(ctx, read, positional)
            at_call = ctx.scope(call)
            for name in seen:
                here = set(at_call[name.value]) if at_call is not None and name.value in at_call else None
                if here != set(ctx.scope(name)[name.value]):
                    return f"`{name.value}` is another binding (or none) where `{func.name.value}` is called (line {ctx.span(call)[0][0]})"
        given: dict[str, cst.BaseExpression] = {}
        for index, arg in enumerate(call.args):
            if arg.keyword is None:
                if index >= len(passed):
                    return f"a call passes more arguments than `{func.name.value}` takes"
                given[passed[index]] = arg.value
            else:
                given[arg.keyword.value] = arg.value
        args = []
        for spelled, name in names.items():
            value = _substituted(ctx, first[spelled], given, passed)
            if value is None:
                return f"a call of `{func.name.value}` does not pass what `{spelled}` reads"
            spelled_dtype = f", dtype={tf}.{dtype}" if dtype else ""
            constant = cst.parse_expression(f"{tf}.constant({value}{spelled_dtype})")
            keyword = any(a.keyword is not None for a in call.args)
            args.append(cst.Arg(constant, keyword=cst.Name(name) if keyword else None,
                                equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")) if keyword else cst.MaybeSentinel.DEFAULT))
        drop = tuple(i for i, a in enumerate(call.args) if (passed[i] if a.keyword is None else a.keyword.value)
                     in {params.params[d].name.value for d in dropped})
        edits[call] = _AppendArguments(drop, tuple(args))
    return Lifted(definition, edits, (tf_import,) if tf_import else (), tuple(names.values()), tuple(names))


def eager_wrapper(ctx: FileContext, method: cst.FunctionDef, lifted: Lifted, dtype: str = "") -> cst.FlattenSentinel:
    """The method, undecorated, as an eager wrapper with its own signature (what callers see
    stays the same) returning the traced core, ``lifted.definition`` renamed, called with the
    lifted values as tensors: ``return self._traced_call(x, tf.constant(self.scale))``."""
    cls = ctx.enclosing(method, cst.ClassDef)
    taken = {n.value for n in m.findall(cls, m.Name())} if cls is not None else set()
    core = fresh_name(f"_traced_{method.name.value.strip('_')}", taken)
    receiver, *kept = [p.name.value for p in lifted.definition.params.params]
    tf = ctx.tensorflow_alias[0]
    spelled_dtype = f", dtype={tf}.{dtype}" if dtype else ""
    args = [*kept[: len(kept) - len(lifted.names)], *(f"{tf}.constant({v}{spelled_dtype})" for v in lifted.values)]
    wrapper = method.with_changes(decorators=[], body=cst.IndentedBlock([
        cst.parse_statement(f"return {receiver}.{core}({', '.join(args)})")]))
    traced = lifted.definition.with_changes(name=cst.Name(core), leading_lines=[cst.EmptyLine(indent=False)])
    return cst.FlattenSentinel([wrapper, traced])


def _substituted(ctx: FileContext, read: cst.BaseExpression, given: dict[str, cst.BaseExpression], passed: list[str]) -> str | None:
    """The code of ``read`` at a call: each parameter it reads replaced by the call's argument."""
    replacements: dict[cst.CSTNode, cst.CSTNode] = {}
    for name in m.findall(read, m.Name()):
        if name.value in passed and not _is_attribute_name(ctx, name):
            if name.value not in given:
                return None
            replacements[name] = given[name.value].with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) \
                if not isinstance(given[name.value], (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) else given[name.value]
    return cst.Module([]).code_for_node(read.visit(ApplyEdits(replacements))).strip()


def calls_of(ctx: FileContext, bindings: list[cst.CSTNode], allowed: set[cst.CSTNode] = frozenset()) -> list[cst.Call] | str:
    """Every call in the file of what ``bindings`` bind (a ``def``, a name assigned), or why
    they cannot all be found: a use other than a call (it is passed on, stored, returned).
    Uses among ``allowed`` (the creation ``tf.function(f)``) are not calls and are fine."""
    found: list[cst.Call] = []
    for binding in bindings:
        name = binding.name.value if isinstance(binding, cst.FunctionDef) else binding.value
        scope = ctx.scope(binding)
        if scope is None or name not in scope.assignments:
            return f"cannot see the uses of `{name}`"
        for assignment in scope.assignments[name]:
            if getattr(assignment, "node", None) is not binding:
                continue
            for access in assignment.references:
                use = access.node
                call = ctx.parent(use)
                if use in allowed:
                    continue
                if not (isinstance(call, cst.Call) and call.func is use):
                    return f"`{name}` is used other than called (line {ctx.span(use)[0][0]})"
                found.append(call)
    return found


def _tensorflow_method(ctx: FileContext, func: cst.BaseExpression) -> bool:
    """``v.assign_add`` of a name bound once to a TensorFlow object (``v = tf.Variable(0)``)."""
    receiver = func.value if isinstance(func, cst.Attribute) else None
    value = ctx.bound_value(receiver, enclosing=True) if isinstance(receiver, cst.Name) else None
    return isinstance(value, cst.Call) and any(n.startswith("tensorflow.") for n in ctx.names(value.func))


def _outside_names(ctx: FileContext, read: cst.BaseExpression, passed: list[str]) -> list[cst.Name]:
    """The names ``read`` takes from outside the function (not its parameters, not attribute names)."""
    return [n for n in m.findall(read, m.Name()) if n.value not in passed and not _is_attribute_name(ctx, n)
            and ctx.scope(n) is not None and n.value in ctx.scope(n)]


def _is_attribute_name(ctx: FileContext, name: cst.Name) -> bool:
    parent = ctx.parent(name)
    return isinstance(parent, cst.Attribute) and parent.attr is name or isinstance(parent, cst.Arg) and parent.keyword is name


def _name_of(read: cst.BaseExpression) -> str:
    """A parameter name for the value read: ``scale``, ``lr`` (``Schedule.lr``), ``margin``
    (``params["margin"]``), ``len_history`` (``float(len(history))``), ``next_stream``."""
    if isinstance(read, cst.Name):
        return read.value
    if isinstance(read, cst.Attribute):
        return read.attr.value
    if isinstance(read, cst.Subscript):
        key = read.slice[0].slice.value if isinstance(read.slice[0].slice, cst.Index) else None
        text = key.evaluated_value if isinstance(key, cst.SimpleString) else None
        return text.lower() if isinstance(text, str) and text.isidentifier() else _name_of(read.value)
    if isinstance(read, cst.Call) and read.args:
        inner = read.args[0].value
        if isinstance(read.func, cst.Attribute):  # `os.environ.get("CLIP_LIMIT", ...)`
            text = inner.evaluated_value if isinstance(inner, cst.SimpleString) else None
            return text.lower() if isinstance(text, str) and text.isidentifier() else _name_of(read.func.value)
        if isinstance(read.func, cst.Name) and read.func.value in ("len", "next"):
            return f"{read.func.value}_{_name_of(inner)}"
        return _name_of(inner)
    return "value"


def _literal(value: cst.BaseExpression) -> bool:
    return isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or m.matches(value, m.Name("None"))
