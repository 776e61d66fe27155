"""The cheap screen: which rules can fire on a file, decided with the builtin ``ast``.

LibCST with its scope and qualified-name metadata costs 10-80x an ``ast.parse``,
and most files of a TensorFlow code base have nothing to fix. So LibCST only sees
a file when some rule's ``triggers`` occur in its text *and* the rule's
``prescreen`` finds the shape of a finding in a :class:`Screen` of it: the file's
``ast``, walked once, with names resolved through the file's imports and the
functions that may be traced found by name (the same seeds as
``analysis/traced.py``, matched by name instead of by scope).

A prescreen approximates its rule from above: it may keep a file that has no
finding (LibCST then decides), it must never drop one. Rules whose findings are
local name the sites they can be at, and ``check`` (which rewrites nothing)
gives LibCST only the :meth:`Screen.focus` of the file: the definitions those
sites depend on, everything else reduced to stubs on the same lines.
``tests/test_screen.py`` holds every rule to both on every golden case.
"""

from __future__ import annotations

import ast
import bisect
from collections import defaultdict
from functools import cached_property
from typing import Iterator, NamedTuple, Sequence

from tfautofix.analysis.names import (
    COMPILE_KEYWORDS,
    DATASET_METHODS,
    EAGER_ESCAPES,
    KERAS_TRACED_METHODS,
    TF_FUNCTION,
    TRACING_HIGHER_ORDER,
    canonical,
)
from tfautofix.files import source_lines
from tfautofix.rule import Rule

#: Callables whose function arguments are traced (besides Dataset methods and ``compile``).
_TRACING = frozenset({TF_FUNCTION, *TRACING_HIGHER_ORDER})
#: Methods whose function arguments are traced, whatever their receiver.
_METHODS = DATASET_METHODS | {"compile"}
_EAGER_ESCAPES = frozenset(name.rsplit(".", 1)[-1] for name in EAGER_ESCAPES)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_FUNCTIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda})
_LOOPS = frozenset({ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp})
#: Node types the walk records, with where they sit.
_RECORDED = (
    ast.Call, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.If, ast.While, ast.For,
    ast.comprehension, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom,
    ast.Assert,
)
#: Leaves and operators: nothing below them is worth a visit.
_SKIPPED = frozenset(
    {ast.Name, ast.Constant, ast.Load, ast.Store, ast.Del, ast.alias}
    | set(ast.operator.__subclasses__()) | set(ast.cmpop.__subclasses__())
    | set(ast.unaryop.__subclasses__()) | set(ast.boolop.__subclasses__())
)


def rules_for(text: str, rules: Sequence[Rule], tree: ast.Module | None = None, traces=None) -> list[Rule]:
    """The rules that may report something in ``text``.

    Raises ``SyntaxError`` (from ``ast.parse``) for a file that does not parse,
    so syntax errors are reported even when no rule could fire.
    """
    return screen_source(text, rules, tree, traces)[0]


def screen_source(
    text: str, rules: Sequence[Rule], tree: ast.Module | None = None, traces=None
) -> tuple[list[Rule], str]:
    """The rules that may report something in ``text``, and the text LibCST must
    analyse to find it: ``text`` itself, or its :meth:`Screen.focus` when every
    such rule names the sites its findings can be at."""
    if tree is None:
        tree = ast.parse(text)
    if not rules or ("tensorflow" not in text and "keras" not in text):
        return [], text
    candidates = [rule for rule in rules if rule.screen(text)]
    if not candidates:
        return [], text
    screen = Screen(text, tree, traces)
    kept: list[Rule] = []
    sites: list[Site] | None = []
    for rule in candidates:
        verdict = rule.prescreen(screen)
        if not verdict:
            continue
        kept.append(rule)
        if verdict is True:
            sites = None  # the rule needs the whole file
        elif sites is not None:
            sites += verdict
    if not kept or sites is None:
        return kept, text
    return kept, screen.focus(sites)


class Site(NamedTuple):
    """Where a node sits: its innermost function (def or lambda), and whether a
    loop or comprehension of that function encloses it."""

    node: ast.AST
    function: ast.AST | None
    in_loop: bool


class Screen:
    """One file as the builtin ``ast`` sees it; everything is computed on first use."""

    def __init__(self, text: str, tree: ast.Module, traces=None) -> None:
        self.text = text
        self.tree = tree
        #: The trace log given with --traces, or None.
        self.traces = traces
        #: Filled by the walk: function (def or lambda) → the function it is defined
        #: in; method → its class.
        self.outer: dict[ast.AST, ast.AST | None] = {}
        self.class_of: dict[ast.AST, ast.ClassDef] = {}
        self._calls_to: dict[frozenset[str], list[Site]] = {}

    # -- the walk -----------------------------------------------------------
    @cached_property
    def _sites(self) -> dict[type, list[Site]]:
        sites: dict[type, list[Site]] = {kind: [] for kind in _RECORDED}
        stack: list[tuple[ast.AST, ast.AST | None, ast.ClassDef | None, bool]] = [(self.tree, None, None, False)]
        pop, push = stack.pop, stack.append
        while stack:
            node, function, cls, loop = pop()
            kind = type(node)
            bucket = sites.get(kind)
            if bucket is not None:
                bucket.append(Site(node, function, loop))
            if kind in _FUNCTIONS:
                self.outer[node] = function
                if cls is not None:
                    self.class_of[node] = cls
                function, cls, loop = node, None, False
            elif kind is ast.ClassDef:
                cls = node
            elif kind in _LOOPS:
                loop = True
            for field in node._fields:
                value = getattr(node, field, None)
                if type(value) is list:
                    for item in value:
                        if isinstance(item, ast.AST) and type(item) not in _SKIPPED:
                            push((item, function, cls, loop))
                elif isinstance(value, ast.AST) and type(value) not in _SKIPPED:
                    push((value, function, cls, loop))
        return sites

    def sites(self, *kinds: type) -> list[Site]:
        """Every node of these exact types, with where it sits."""
        found = self._sites
        return [site for kind in kinds for site in found[kind]]

    def functions_around(self, site: Site) -> Iterator[ast.AST]:
        """The functions enclosing ``site``, innermost first."""
        self._sites  # the walk records `outer`
        function = site.function
        while function is not None:
            yield function
            function = self.outer.get(function)

    # -- names --------------------------------------------------------------
    @cached_property
    def _imports(self) -> dict[str, set[str]]:
        """Local name → the qualified names imports bind it to (anywhere in the file)."""
        imports: dict[str, set[str]] = defaultdict(set)
        for site in self.sites(ast.Import):
            for alias in site.node.names:
                if alias.asname:
                    imports[alias.asname].add(alias.name)
                else:
                    top = alias.name.split(".")[0]
                    imports[top].add(top)
        for site in self.sites(ast.ImportFrom):
            node = site.node
            if node.level or not node.module:
                continue  # relative: never TensorFlow's or NumPy's public names
            for alias in node.names:
                if alias.name != "*":
                    imports[alias.asname or alias.name].add(f"{node.module}.{alias.name}")
        return imports

    def names(self, expr: ast.AST) -> set[str]:
        """Canonical qualified names an imported ``a.b.c`` may refer to (empty if not imported)."""
        base = expr
        while isinstance(base, ast.Attribute):
            base = base.value
        modules = self._imports.get(base.id) if isinstance(base, ast.Name) else None
        if not modules:
            return set()
        parts = []
        while isinstance(expr, ast.Attribute):
            parts.append(expr.attr)
            expr = expr.value
        rest = "".join("." + part for part in reversed(parts))
        return {canonical(module + rest) for module in modules}

    def imported(self, name: str) -> bool:
        return name in self._imports

    def imports_from(self, *packages: str) -> bool:
        return any(module.split(".")[0] in packages for modules in self._imports.values() for module in modules)

    def calls_to(self, names: frozenset[str]) -> list[Site]:
        """Calls of anything the imports resolve to one of ``names`` (canonical)."""
        if names not in self._calls_to:
            short = {name.rsplit(".", 1)[-1] for name in names}
            short |= {local for local, modules in self._imports.items() if any(m.rsplit(".", 1)[-1] in short for m in modules)}
            self._calls_to[names] = [
                site for site in self.sites(ast.Call)
                if last_name(site.node.func) in short and not self.names(site.node.func).isdisjoint(names)
            ]
        return self._calls_to[names]

    # -- traced code --------------------------------------------------------
    @cached_property
    def tf_function_defs(self) -> list[Site]:
        """Definitions decorated with ``tf.function`` (``@tf.function`` or ``@tf.function(...)``)."""
        return [
            site for site in self.sites(*_DEFS)
            if any(TF_FUNCTION in self.names(getattr(d, "func", d)) for d in site.node.decorator_list)
        ]

    @cached_property
    def traced(self) -> set[ast.AST]:
        """Functions and lambdas that may run at trace time (a superset)."""
        return set(self._tracing)

    @cached_property
    def _tracing(self) -> dict[ast.AST, list[ast.AST]]:
        """Each traced function → what makes it traced: the calls handing it to a
        wrapper, its own def (a decorator, a Keras method), the traced functions
        calling or enclosing it."""
        defs = self.sites(*_DEFS)
        functions: dict[str, list[ast.AST]] = defaultdict(list)  # by name; methods by (class, name)
        for site in defs:
            functions[site.node.name if site.node not in self.class_of else (self.class_of[site.node], site.node.name)].append(site.node)

        def resolve(expr: ast.AST, where: ast.AST | None) -> list[ast.AST]:
            """What ``expr`` in ``where`` may call: as analysis/traced.py's ``_resolve_callable``."""
            found = []
            for callable_ in _callables(expr):
                if isinstance(callable_, str):
                    found += functions.get(callable_, ())
                elif isinstance(callable_, tuple):  # self.m: a method of the class around
                    found += functions.get((self._class_around(where), callable_[1]), ())
                else:
                    found.append(callable_)
            return found

        seeds: list[tuple[ast.AST, ast.AST]] = [(site.node, site.node) for site in self.tf_function_defs]  # (function, why)
        for site in defs:
            func = site.node
            if func.name in KERAS_TRACED_METHODS and self.class_of.get(func) in self.keras_classes:
                seeds.append((func, func))
        calls_in: dict[ast.AST | None, list[ast.Call]] = defaultdict(list)
        wrappers = []
        for site in self.sites(ast.Call):
            calls_in[site.function].append(site.node)
            if isinstance(site.node.func, ast.Attribute) and site.node.func.attr in _METHODS:
                wrappers.append(site)
        for site in [*wrappers, *self.calls_to(_TRACING)]:
            call = site.node
            if getattr(call.func, "attr", None) == "compile":  # Keras traces its loss and metrics
                arguments = [keyword.value for keyword in call.keywords if keyword.arg in COMPILE_KEYWORDS]
            else:
                arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
            for arg in arguments:
                seeds += [(target, call) for target in resolve(arg, site.function)]
        nested: dict[ast.AST, list[ast.AST]] = defaultdict(list)
        for function, outer in self.outer.items():
            nested[outer].append(function)

        tracing: dict[ast.AST, list[ast.AST]] = defaultdict(list)
        pending = seeds
        while pending:
            function, why = pending.pop()
            known = function in tracing
            tracing[function].append(why)
            if known:
                continue
            pending += [(inner, function) for inner in nested.get(function, ())]
            for call in calls_in.get(function, ()):  # same-module helpers and self. methods
                pending += [(target, function) for target in resolve(call.func, function)]
        return dict(tracing)

    def focus(self, sites: Sequence[Site]) -> str:
        """The text with each top-level ``def``/``class``, and each method of a
        top-level class, that cannot matter to a finding at ``sites`` reduced to a
        one-line stub: the same lines, columns and names, for a fraction of
        LibCST's work.

        What matters: the definitions holding the sites, those holding the traced
        code that reaches them and the calls that make it traced, the module's base
        classes of those (Keras-ness), and any ``py_function``-like call (which
        makes a function eager). Other module-level statements are kept as they are.
        """
        units = [node for node in self.tree.body if isinstance(node, (*_DEFS, ast.ClassDef))]
        methods = {
            unit: [node for node in unit.body if isinstance(node, _DEFS)] for unit in units if isinstance(unit, ast.ClassDef)
        }
        needed: set[ast.AST] = set()
        pending: list[ast.AST] = [site.node for site in sites] + [site.function for site in sites if site.function]
        pending += [site.node for site in self.sites(ast.Call) if last_name(site.node.func) in _EAGER_ESCAPES]
        seen: set[ast.AST] = set()
        tracing = self._tracing
        while pending:
            node = pending.pop()
            if node in seen:
                continue
            seen.add(node)
            unit = _enclosing(units, node)
            if unit is not None:
                needed.add(unit)
                needed.add(_enclosing(methods.get(unit, ()), node))
            pending += tracing.get(node, ())
        classes = {unit.name: unit for unit in methods}
        pending = [unit for unit in needed if unit in methods]
        while pending:  # same-module base classes decide whether a class is a Keras class
            for base in pending.pop().bases:
                if isinstance(base, ast.Name) and base.id in classes and classes[base.id] not in needed:
                    needed.add(classes[base.id])
                    pending.append(classes[base.id])
        stubbed = [unit for unit in units if unit not in needed]
        stubbed += [method for unit in methods if unit in needed for method in methods[unit] if method not in needed]
        if not stubbed:
            return self.text
        after = {  # statement → the line its previous sibling ends on
            node: previous.end_lineno
            for body in (self.tree.body, *(unit.body for unit in methods if unit in needed))
            for previous, node in zip(body, body[1:])
        }
        lines = source_lines(self.text, keepends=True)
        for node in stubbed:
            # `def name(): pass`, then the other lines inside one string literal (blank
            # and comment lines would each cost LibCST a node): line numbers stay the same.
            first, last = _first_line(node), node.end_lineno
            if node in after:
                first = after[node] + 1  # with the blank and comment lines before it
            indent = lines[node.lineno - 1][: node.col_offset]  # whitespace: bytes are characters
            ends = [line[len(line.rstrip("\r\n")):] for line in lines[first - 1 : last]]
            keyword = "class" if isinstance(node, ast.ClassDef) else "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
            signature = "" if isinstance(node, ast.ClassDef) else "()"
            lines[first - 1 : last] = [f"{indent}{keyword} {node.name}{signature}: pass", *([""] * (last - first))]
            if last - first >= 2:
                lines[first], lines[last - 1] = f'{indent}"""', '"""'
            lines[first - 1 : last] = [line + end for line, end in zip(lines[first - 1 : last], ends)]
        return "".join(lines)

    def _class_around(self, function: ast.AST | None) -> ast.ClassDef | None:
        while function is not None and function not in self.class_of:
            function = self.outer.get(function)
        return self.class_of.get(function) if function is not None else None

    @cached_property
    def keras_classes(self) -> set[ast.ClassDef]:
        """Classes with a Keras base, directly or through classes of this module."""
        classes: dict[str, list[ast.ClassDef]] = defaultdict(list)
        for site in self.sites(ast.ClassDef):
            classes[site.node.name].append(site.node)
        found: dict[ast.ClassDef, bool] = {}

        def is_keras(cls: ast.ClassDef) -> bool:
            if cls not in found:
                found[cls] = False  # a cycle of bases is not Keras
                found[cls] = any(
                    any(name == "keras" or name.startswith("keras.") for name in self.names(base))
                    or (isinstance(base, ast.Name) and any(is_keras(c) for c in classes.get(base.id, ())))
                    for base in cls.bases
                )
            return found[cls]

        return {cls for same_name in classes.values() for cls in same_name if is_keras(cls)}

    def traced_sites(self, *kinds: type) -> list[Site]:
        """Nodes of these types inside code that may be traced."""
        traced = self.traced
        return [site for site in self.sites(*kinds) if site.function in traced]


def last_name(expr: ast.AST) -> str | None:
    """``c`` for ``c``, ``a.b.c`` and ``a.b.c(...)``'s callee."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return None


def _callables(expr: ast.AST) -> Iterator[str | tuple[str, str] | ast.Lambda]:
    """The same-module callables ``expr`` may denote, as ``analysis/traced.py`` resolves
    them: a name, ``("self", m)`` for ``self.m``/``cls.m``, a lambda, ``partial(f, ...)``,
    and the entries of a list, tuple or dict of those (``compile(metrics=[...])``)."""
    if isinstance(expr, ast.Name):
        yield expr.id
    elif isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in ("self", "cls"):
        yield ("self", expr.attr)
    elif isinstance(expr, ast.Lambda):
        yield expr
    elif isinstance(expr, ast.Call) and expr.args:
        yield from _callables(expr.args[0])
    elif isinstance(expr, (ast.List, ast.Tuple)):
        for element in expr.elts:
            yield from _callables(element)
    elif isinstance(expr, ast.Dict):
        for value in expr.values:
            yield from _callables(value)


def _first_line(node: ast.AST) -> int:
    """The line of a definition's first decorator, or of the definition."""
    return min([node.lineno] + [decorator.lineno for decorator in getattr(node, "decorator_list", ())])


def _enclosing(units: Sequence[ast.AST], node: ast.AST) -> ast.AST | None:
    """The one of ``units`` (in source order, not nested in each other) holding ``node``."""
    index = bisect.bisect_right(units, node.lineno, key=_first_line) - 1
    return units[index] if index >= 0 and node.lineno <= units[index].end_lineno else None
