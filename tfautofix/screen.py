"""The cheap screen: which rules can fire on a file, decided with the builtin ``ast``.

LibCST with its scope and qualified-name metadata costs 10-80x an ``ast.parse``,
and most files of a TensorFlow code base have nothing to fix. So LibCST only sees
a file when some rule's ``triggers`` occur in its text *and* the rule's
``prescreen`` finds the shape of a finding in a :class:`Screen` of it: the file's
``ast``, walked once, with names resolved through the file's imports and the
code that is traced found by the traced-code model (``analysis/traced.py``),
which LibCST's rules consult too.

A prescreen approximates its rule from above: it may keep a file that has no
finding (LibCST then decides), it must never drop one. Rules whose findings are
local name the sites they can be at, and ``check`` (which rewrites nothing)
gives LibCST only the :meth:`Screen.focus` of the file: the definitions those
sites depend on, everything else reduced to stubs on the same lines.
``tests/test_screen.py`` holds every rule to both on every golden case.
Rules that fix nothing need no LibCST at all: their ``Rule.detect`` reports
from the screen itself.
"""

from __future__ import annotations

import ast
import bisect
from collections import defaultdict
from functools import cached_property
from typing import TYPE_CHECKING, Iterator, NamedTuple, Sequence

from tfautofix.analysis.names import (
    TF_FUNCTION,
    absolute_module,
    canonical,
    last_name,
    spellings,
)
from tfautofix.files import source_lines

if TYPE_CHECKING:
    # a tfautofix.rule.Rule: the screen sits below the rules
    from typing import Any as Rule

    from tfautofix.analysis.project import Facts
    from tfautofix.analysis.traced import TracedCode

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_FUNCTIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda})
_LOOPS = frozenset({ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp})
#: Node types the walk records, with where they sit.
_RECORDED = (
    ast.Call, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.If, ast.While, ast.For,
    ast.comprehension, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom,
    ast.With, ast.AsyncWith,
    ast.Assert,
)
#: Fields that never hold a node worth a visit (names, flags, contexts, operators, aliases).
_NOT_NODES = frozenset({"ctx", "id", "attr", "name", "arg", "module", "level", "kind", "type_comment", "conversion", "is_async", "op", "names"})
#: The contexts a node opens for what it holds (see ``Screen._sites``).
_FUNCTION, _CLASS, _LOOP = "function", "class", "loop"
#: Node type → its fields that may hold nodes, and the context it opens (filled by the walk).
_KINDS: dict[type, tuple[tuple[str, ...], str | None]] = {}


def _kind(kind: type) -> tuple[tuple[str, ...], str | None]:
    opens = _FUNCTION if kind in _FUNCTIONS else _CLASS if kind is ast.ClassDef else _LOOP if kind in _LOOPS else None
    _KINDS[kind] = (tuple(field for field in kind._fields if field not in _NOT_NODES), opens)
    return _KINDS[kind]
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
    text: str, rules: Sequence[Rule], tree: ast.Module | None = None, traces=None, path: str | None = None
) -> tuple[list[Rule], str]:
    """The rules that may report something in ``text``, and the text LibCST must
    analyse to find it: ``text`` itself, or its :meth:`Screen.focus` when every
    such rule names the sites its findings can be at."""
    return screen_file(text, rules, tree, traces)[:2]


def screen_file(
    text: str, rules: Sequence[Rule], tree: ast.Module | None = None, traces=None, path: str | None = None, facts: Facts | None = None
) -> tuple[list[Rule], str, Screen | None]:
    """:func:`screen_source`, and the :class:`Screen` whose traced-code model LibCST's rules consult."""
    if tree is None:
        tree = ast.parse(text)
    # Functions the recorded run saw at trace time are traced, even in a module without TensorFlow.
    ran = traces.functions_run(path) if traces is not None and path else set()
    if not rules or ("tensorflow" not in text and "keras" not in text and not (facts and facts.matter) and not ran):
        return [], text, None
    # What other files of the run say (a helper traced from elsewhere, a wrapper turning
    # AutoGraph off) needs none of the words the text triggers look for: prescreens decide.
    candidates = list(rules) if ran or (facts is not None and facts.matter) else [rule for rule in rules if rule.screen(text)]
    if not candidates:
        return [], text, None
    screen = Screen(text, tree, traces, path, facts, ran)
    kept: list[Rule] = []
    sites: list[Site] | None = []
    for rule in candidates:
        if rule.ast_only:  # it detects on the screen itself: no LibCST, nothing for the focus
            kept.append(rule)
            continue
        verdict = rule.prescreen(screen)
        if not verdict:
            continue
        kept.append(rule)
        if verdict is True:
            sites = None  # the rule needs the whole file
        elif sites is not None:
            sites += verdict
    if not kept or sites is None or all(rule.ast_only for rule in kept):
        return kept, text, screen
    return kept, screen.focus(sites), screen


class Site(NamedTuple):
    """Where a node sits: its innermost function (def or lambda), and whether a
    loop or comprehension of that function encloses it."""

    node: ast.AST
    function: ast.AST | None
    in_loop: bool


class Screen:
    """One file as the builtin ``ast`` sees it; everything is computed on first use."""

    def __init__(self, text: str, tree: ast.Module, traces=None, path: str | None = None, facts: Facts | None = None, ran: set[tuple[int, str]] = frozenset()) -> None:
        self.text = text
        self.tree = tree
        #: The trace log given with --traces, or None; ``(line, name)`` of the functions it saw run at trace time.
        self.traces = traces
        self.path = path
        #: What the other files of the run say about this one (``analysis/project.py``).
        self.facts = facts
        self._calls_by_function: dict[ast.AST | None, list[Site]] | None = None
        #: ``(line, name)`` of the functions the recorded run (--traces) saw at trace time.
        self.ran = ran
        #: Filled by the walk: function (def or lambda) → the function it is defined
        #: in; method → its class.
        self.outer: dict[ast.AST, ast.AST | None] = {}
        self.class_of: dict[ast.AST, ast.ClassDef] = {}
        self._calls_to: dict[frozenset[str], list[Site]] = {}
        self._scopes: dict[ast.AST | None, tuple[frozenset[str], frozenset[str]]] = {}
        self._traced_sites: dict[tuple[type, ...], list[Site]] = {}

    # -- the walk -----------------------------------------------------------
    @cached_property
    def _sites(self) -> dict[type, list[Site]]:
        sites: dict[type, list[Site]] = {kind: [] for kind in _RECORDED}
        get, new = sites.get, tuple.__new__  # `Site(...)` without a Python-level `__new__`
        outer, class_of, kinds, skipped, node_type = self.outer, self.class_of, _KINDS, _SKIPPED, ast.AST
        # A stack of nodes per context (function, class, in a loop): a node that opens a new
        # context parks its siblings' stack and starts its own, so nodes are visited in the
        # same depth-first order as with one stack, without a tuple per node.
        frames: list[tuple[list[ast.AST], ast.AST | None, ast.ClassDef | None, bool]] = [([self.tree], None, None, False)]
        while frames:
            stack, function, cls, loop = frames.pop()
            pop, push = stack.pop, stack.append
            while stack:
                node = pop()
                kind = type(node)
                bucket = get(kind)
                if bucket is not None:
                    bucket.append(new(Site, (node, function, loop)))
                fields, opens = kinds.get(kind) or _kind(kind)
                if opens and not (opens is _LOOP and loop):
                    frames.append((stack, function, cls, loop))
                    if opens is _CLASS:
                        cls = node
                    elif opens is _FUNCTION:
                        outer[node] = function
                        if cls is not None:
                            class_of[node] = cls
                        function, cls, loop = node, None, False
                    else:
                        loop = True
                    stack = []
                    pop, push = stack.pop, stack.append
                for field in fields:
                    value = getattr(node, field)
                    if type(value) is list:
                        for item in value:
                            if isinstance(item, node_type) and type(item) not in skipped:
                                push(item)
                    elif isinstance(value, node_type) and type(value) not in skipped:
                        push(value)
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
            module = absolute_module(self.module, node.module, node.level)
            if module is None:
                continue
            for alias in node.names:
                if alias.name != "*":
                    imports[alias.asname or alias.name].add(f"{module}.{alias.name}")
        return imports

    @cached_property
    def module(self) -> str | None:
        """The dotted name this file is imported as (None when unknown)."""
        if self.facts is not None:
            return self.facts.module
        if self.path is None:
            return None
        from tfautofix.analysis.project import module_name

        return module_name(self.path)

    def names(self, expr: ast.AST) -> set[str]:
        """Canonical qualified names an imported ``a.b.c`` may refer to (empty if not imported)."""
        return {canonical(name) for name in self.raw_names(expr)}

    def raw_names(self, expr: ast.AST) -> set[str]:
        """Qualified names of an imported ``a.b.c`` as imported (``tf_keras.layers.Layer``, also
        through the project's re-exports: Hugging Face's ``from ...modeling_tf_utils import
        keras``), not canonical."""
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
        names = {module + "".join("." + part for part in reversed(parts)) for module in modules}
        if self.facts is not None and self.facts.aliases:
            names = {self.facts.unaliased(name) for name in names}
        return names

    def imported(self, name: str) -> bool:
        return name in self._imports

    def imports_from(self, *packages: str) -> bool:
        return any(module.split(".")[0] in packages for modules in self._imports.values() for module in modules)

    def calls_to(self, names: frozenset[str]) -> list[Site]:
        """Calls of anything the imports resolve to one of ``names`` (canonical)."""
        if names not in self._calls_to:
            short = {spelling.rsplit(".", 1)[-1] for spelling in spellings(names)}
            short |= {local for local, modules in self._imports.items() if any(m.rsplit(".", 1)[-1] in short for m in modules)}
            calls, by_name = self._sites[ast.Call], self._calls_by_name
            self._calls_to[names] = [
                calls[index] for index in sorted(index for name in short for index in by_name.get(name, ()))
                if not self.names(calls[index].node.func).isdisjoint(names)
            ]
        return self._calls_to[names]

    @cached_property
    def _calls_by_name(self) -> dict[str | None, list[int]]:
        """The callee's last name (``c`` of ``a.b.c(...)``) → the positions of its calls in ``sites(ast.Call)``."""
        positions: dict[str | None, list[int]] = defaultdict(list)
        for index, site in enumerate(self._sites[ast.Call]):
            positions[last_name(site.node.func)].append(index)
        return positions

    # -- program or library -------------------------------------------------
    @cached_property
    def looks_like_program(self) -> bool:
        """Does the file read as a program, whose entry points are all in it: a notebook, or a
        script (``if __name__ == "__main__":``, or module-level work: printing, fitting)?"""
        if self.path is not None and self.path.endswith(".ipynb"):
            return True
        return any(_runs_as_main(node) or _top_level_work(node) for node in self.tree.body)

    @property
    def program(self) -> bool:
        """A program no other file of the run imports: what it never traces runs eagerly
        (``TracedCode._keras_traced_classes``); a library's code may be traced by its users."""
        return self.looks_like_program and not (self.facts is not None and self.facts.imported)

    # -- traced code --------------------------------------------------------
    @cached_property
    def tf_function_defs(self) -> list[Site]:
        """Definitions decorated with ``tf.function`` (``@tf.function`` or ``@tf.function(...)``)."""
        return [
            site for site in self.sites(*_DEFS)
            if any(TF_FUNCTION in self.names(getattr(d, "func", d)) for d in site.node.decorator_list)
        ]

    @cached_property
    def traced_code(self) -> TracedCode:
        """The traced-code model of this file (``analysis/traced.py``)."""
        from tfautofix.analysis.traced import TracedCode

        return TracedCode(self)

    def calls_in(self, function: ast.AST | None) -> list[Site]:
        """The calls whose innermost function is ``function``."""
        if self._calls_by_function is None:
            self._calls_by_function = defaultdict(list)
            for site in self.sites(ast.Call):
                self._calls_by_function[site.function].append(site)
        return self._calls_by_function.get(function, [])

    @cached_property
    def def_paths(self) -> dict[tuple[str, ...], list[ast.AST]]:
        """Qualified path of each def (names of the defs and classes around it, then its
        own) → the defs with that path, in source order."""
        paths: dict[tuple[str, ...], list[ast.AST]] = defaultdict(list)
        stack: list[tuple[ast.AST, tuple[str, ...]]] = [(self.tree, ())]
        while stack:
            node, path = stack.pop()
            for child in reversed(list(ast.iter_child_nodes(node))):
                if isinstance(child, (*_DEFS, ast.ClassDef)):
                    inner = (*path, child.name)
                    if not isinstance(child, ast.ClassDef):
                        paths[inner].append(child)
                    stack.append((child, inner))
                elif isinstance(child, ast.stmt):
                    stack.append((child, path))
        for defs in paths.values():
            defs.sort(key=lambda node: (node.lineno, node.col_offset))
        return paths

    # -- scopes --------------------------------------------------------------
    def _bindings(self, function: ast.AST | None) -> tuple[frozenset[str], frozenset[str]]:
        """Names ``function`` (None: the module) binds in its own scope (parameters, targets,
        imports, nested definitions; comprehension targets too, for simplicity), and those it
        declares ``global``."""
        if function not in self._scopes:
            bound: set[str] = set()
            declared: set[str] = set()
            if function is None:
                stack: list[ast.AST] = list(self.tree.body)
            else:
                args = function.args
                bound.update(a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a)
                stack = list(function.body) if isinstance(function.body, list) else [function.body]
            while stack:
                node = stack.pop()
                kind = type(node)
                if kind is ast.Name:
                    if type(node.ctx) is not ast.Load:
                        bound.add(node.id)
                    continue
                if kind in _FUNCTIONS or kind is ast.ClassDef:  # their own scope; what they evaluate here
                    if kind is not ast.Lambda:
                        bound.add(node.name)
                        stack += node.decorator_list
                    if kind is ast.ClassDef:
                        stack += [*node.bases, *node.keywords]
                    else:
                        stack += [*node.args.defaults, *filter(None, node.args.kw_defaults)]
                    continue
                if kind is ast.Global:
                    declared.update(node.names)
                elif kind is ast.Import or kind is ast.ImportFrom:
                    bound.update((a.asname or a.name.split(".")[0]) for a in node.names if a.name != "*")
                elif getattr(node, "name", None) and kind is not ast.alias:  # except ... as e, match captures
                    bound.add(node.name)
                elif kind is ast.MatchMapping and node.rest:
                    bound.add(node.rest)
                stack += ast.iter_child_nodes(node)
            self._scopes[function] = (frozenset(bound - declared), frozenset(declared))
        return self._scopes[function]

    def scope_of(self, name: str, function: ast.AST | None) -> ast.AST | None:
        """The function (def or lambda) whose binding ``name``, read in ``function``, refers
        to; None for the module (and builtins). Python's rules: class bodies are skipped."""
        self._sites  # the walk records `outer`
        while function is not None:
            bound, declared = self._bindings(function)
            if name in declared:
                return None
            if name in bound:
                return function
            function = self.outer.get(function)
        return None

    def builtin(self, name: str, function: ast.AST | None) -> bool:
        """Does ``name``, read in ``function``, refer to the builtin of that name?"""
        return self.scope_of(name, function) is None and name not in self._bindings(None)[0]

    # -- positions (rules reporting straight from the ``ast``: ``Rule.detect``) --
    @cached_property
    def lines(self) -> list[str]:
        return source_lines(self.text)

    def observed_parameters(self, name: str, first_line: int, def_line: int) -> dict[str, list[dict]]:
        """What the trace log saw each parameter of the function ``name`` (decorators from ``first_line``,
        ``def`` on ``def_line``) hold, one record per trace: ``{"kind": "tensor", "shape": [...], "dtype": ...}``."""
        seen: dict[str, list[dict]] = {}
        for function in self.traces.for_file(self.path) if self.traces is not None and self.path else ():
            if function.qualname.rsplit(".", 1)[-1] == name and first_line <= function.line <= def_line:
                for trace in function.traces:
                    for parameter, value in (trace.get("parameters") or {}).items():
                        seen.setdefault(parameter, []).append(value if isinstance(value, dict) else {})
        return seen

    def column(self, line: int, offset: int) -> int:
        """The character column of ``ast``'s UTF-8 byte ``offset`` on ``line`` (LibCST counts characters)."""
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return offset if text.isascii() else len(text.encode()[:offset].decode(errors="replace"))

    def span(self, node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]]:
        """1-based (line, column) of the start and end of ``node``, as ``FileContext.span`` gives them."""
        return (
            (node.lineno, self.column(node.lineno, node.col_offset) + 1),
            (node.end_lineno, self.column(node.end_lineno, node.end_col_offset) + 1),
        )

    def code(self, node: ast.AST) -> str:
        """The source text of ``node``."""
        (line, column), (end_line, end_column) = self.span(node)
        if line == end_line:
            return self.lines[line - 1][column - 1 : end_column - 1]
        inner = self.lines[line : end_line - 1]
        return "\n".join([self.lines[line - 1][column - 1 :], *inner, self.lines[end_line - 1][: end_column - 1]])

    def functions_around_function(self, function: ast.AST | None) -> Iterator[ast.AST]:
        """The functions enclosing ``function`` (not itself), innermost first."""
        self._sites
        function = self.outer.get(function) if function is not None else None
        while function is not None:
            yield function
            function = self.outer.get(function)

    def focus(self, sites: Sequence[Site]) -> str:
        """The text with each top-level ``def``/``class``, and each method of a
        top-level class, that cannot matter to a finding at ``sites`` reduced to a
        one-line stub: the same lines, columns and names, for a fraction of
        LibCST's work.

        What matters: the definitions holding the sites and the module's base
        classes of those. Which code is traced LibCST asks the traced-code model of
        the whole file (``FileContext.is_traced``), not the focus. Other
        module-level statements are kept as they are.
        """
        units = [node for node in self.tree.body if isinstance(node, (*_DEFS, ast.ClassDef))]
        methods = {
            unit: [node for node in unit.body if isinstance(node, _DEFS)] for unit in units if isinstance(unit, ast.ClassDef)
        }
        needed: set[ast.AST] = set()
        for node in {site.node for site in sites} | {site.function for site in sites if site.function}:
            unit = _enclosing(units, node)
            if unit is not None:
                needed.add(unit)
                needed.add(_enclosing(methods.get(unit, ()), node))
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
        runs = self._unreferenced_runs(stubbed, needed, after)
        for first, last in runs:
            # Top-level definitions no kept code names cannot matter at all: each run of
            # them becomes one string literal over the same lines (a generated module of
            # 50,000 functions would otherwise cost LibCST 50,000 stubs).
            ends = [line[len(line.rstrip("\r\n")):] for line in lines[first - 1 : last]]
            blank = ['""', *([""] * (last - first))] if first == last else ['"""', *([""] * (last - first - 1)), '"""']
            lines[first - 1 : last] = [line + end for line, end in zip(blank, ends)]
        starts = [first for first, _ in runs]  # in order, disjoint

        def folded(node: ast.AST) -> bool:
            index = bisect.bisect_right(starts, node.lineno) - 1
            return index >= 0 and node.lineno <= runs[index][1]

        stubbed = [node for node in stubbed if not folded(node)]
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

    def _unreferenced_runs(self, stubbed: list[ast.AST], needed: set[ast.AST], after: dict) -> list[tuple[int, int]]:
        """``(first line, last line)`` of each run of consecutive top-level stubbed
        definitions whose names nothing kept mentions (as a name or an attribute)."""
        kept = [node for node in self.tree.body if node in needed or not isinstance(node, (*_DEFS, ast.ClassDef))]
        mentioned = {
            node.id if isinstance(node, ast.Name) else node.attr
            for unit in kept for node in ast.walk(unit) if isinstance(node, (ast.Name, ast.Attribute))
        }
        # Kept definitions' own names too: LibCST's functions meet the traced-code model by
        # name path and order, so a same-named earlier definition must stay as a stub.
        mentioned |= {unit.name for unit in kept if isinstance(unit, (*_DEFS, ast.ClassDef))}
        foldable = {node for node in stubbed if node in after or node is self.tree.body[0]}
        foldable = {node for node in foldable if getattr(node, "name", None) not in mentioned and node.col_offset == 0}
        runs: list[tuple[int, int]] = []
        previous = None
        for node in self.tree.body:
            if node in foldable:
                first = after[node] + 1 if node in after else 1
                if previous is not None and runs and runs[-1][1] == first - 1:
                    runs[-1] = (runs[-1][0], node.end_lineno)
                else:
                    runs.append((first, node.end_lineno))
                previous = node
            else:
                previous = None
        return runs

    def class_around(self, function: ast.AST | None) -> ast.ClassDef | None:
        """The class whose method holds ``function``."""
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
        return {cls for same_name in classes.values() for cls in same_name if self._is_keras(cls, classes, found)}

    def _is_keras(self, cls: ast.ClassDef, classes: dict[str, list[ast.ClassDef]], found: dict[ast.ClassDef, bool]) -> bool:
        # A method, not a recursive closure: that is a reference cycle holding the screen until the GC runs.
        if cls not in found:
            found[cls] = False  # a cycle of bases is not Keras
            found[cls] = any(
                any(name == "keras" or name.startswith("keras.") for name in self.names(base))
                or (isinstance(base, ast.Name) and any(self._is_keras(c, classes, found) for c in classes.get(base.id, ())))
                for base in cls.bases
            )
        return found[cls]

    def traced_sites(self, *kinds: type) -> list[Site]:
        """Nodes of these types inside code that may be traced (shared by the rules: do not modify)."""
        if kinds not in self._traced_sites:
            model = self.traced_code
            traced, regions = model.reasons, model.regions  # `is_traced`, without a call per site
            self._traced_sites[kinds] = [
                site for site in self.sites(*kinds)
                if site.function in traced and (site.function not in regions or not model.eager_line(site.function, site.node.lineno))
            ]
        return self._traced_sites[kinds]


#: Module-level calls that do a program's work (a library defines; a script runs).
_WORK = frozenset({"print", "fit", "compile", "evaluate", "predict", "train_on_batch", "summary", "show", "plot", "imshow"})


def _runs_as_main(node: ast.stmt) -> bool:
    """``if __name__ == "__main__":``."""
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators))


def _top_level_work(node: ast.stmt) -> bool:
    """A module-level statement calling ``print``/``model.fit``/...: a script's work."""
    value = node.value if isinstance(node, (ast.Expr, ast.Assign)) else None
    return isinstance(value, ast.Call) and last_name(value.func) in _WORK


def _first_line(node: ast.AST) -> int:
    """The line of a definition's first decorator, or of the definition."""
    return min([node.lineno] + [decorator.lineno for decorator in getattr(node, "decorator_list", ())])


def _enclosing(units: Sequence[ast.AST], node: ast.AST) -> ast.AST | None:
    """The one of ``units`` (in source order, not nested in each other) holding ``node``."""
    index = bisect.bisect_right(units, node.lineno, key=_first_line) - 1
    return units[index] if index >= 0 and node.lineno <= units[index].end_lineno else None
