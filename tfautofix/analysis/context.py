"""Everything a rule may ask about one parsed file, computed lazily and once."""

from __future__ import annotations

import ast
import dataclasses
from functools import cached_property
from typing import Iterator

import libcst as cst
from libcst.metadata import (
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from tfautofix.analysis.names import ImportSpec, canonical
from tfautofix.screen import Screen

#: What a project module may re-export as its TensorFlow (``from .compat import tf``).
_TENSORFLOW = ("tensorflow", "tensorflow.compat.v2")

FunctionNode = (cst.FunctionDef, cst.Lambda)
#: Node type → its dataclass fields (where its children are).
_FIELDS: dict[type, tuple[str, ...]] = {}


class FileContext:
    def __init__(self, module: cst.Module, path: str = "<string>", traces=None, screen: Screen | None = None) -> None:
        self.module = module
        self.path = path
        #: The trace log given with --traces (``tfautofix.tracing.log.TraceLog``), or None.
        self.traces = traces
        if screen is not None:
            self.screen = screen
        # unsafe_skip_copy keeps node identity, so fixes can target nodes of `module`.
        self.wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        self._import_names: dict[tuple[str, str | None], tuple[str, ImportSpec | None]] = {}

    # -- metadata -------------------------------------------------------
    @cached_property
    def _positions(self):
        return self.wrapper.resolve(PositionProvider)

    @cached_property
    def _analysis(self):
        # Resolved together, they share LibCST traversals.
        return self.wrapper.resolve_many([ScopeProvider, QualifiedNameProvider])

    @cached_property
    def _parents(self) -> dict[cst.CSTNode, cst.CSTNode]:
        """Each node's parent, as ``ParentNodeProvider`` gives it, from a plain walk of the
        nodes' fields: ~10x cheaper than a LibCST visitor, and no scope analysis."""
        parents: dict[cst.CSTNode, cst.CSTNode] = {}
        stack: list[cst.CSTNode] = [self.module]
        pop, push = stack.pop, stack.append
        while stack:
            node = pop()
            kind = type(node)
            fields = _FIELDS.get(kind)
            if fields is None:
                fields = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
            for name in fields:
                value = getattr(node, name)
                if isinstance(value, cst.CSTNode):
                    parents[value] = node
                    push(value)
                elif type(value) is tuple or type(value) is list:
                    for item in value:
                        if isinstance(item, cst.CSTNode):
                            parents[item] = node
                            push(item)
        return parents

    @property
    def _qualified_names(self):
        return self._analysis[QualifiedNameProvider]

    @property
    def _scopes(self):
        return self._analysis[ScopeProvider]

    def span(self, node: cst.CSTNode) -> tuple[tuple[int, int], tuple[int, int]]:
        """1-based (line, column) of the start and end of ``node``."""
        pos = self._positions[node]
        return (pos.start.line, pos.start.column + 1), (pos.end.line, pos.end.column + 1)

    def names(self, node: cst.CSTNode) -> set[str]:
        """Canonical qualified names ``node`` may refer to (empty if unknown)."""
        value = self._qualified_names.get(node)
        if value is None:
            return set()
        if callable(value):  # LibCST computes qualified names lazily
            value = value()
        facts = self.__dict__["screen"].facts if "screen" in self.__dict__ else None
        if facts is not None and facts.aliases:
            return {canonical(facts.unaliased(q.name)) for q in value}
        return {canonical(q.name) for q in value}

    def raw_names(self, node: cst.CSTNode) -> set[str]:
        """Qualified names of ``node`` as imported (``tf_keras.layers.Layer``), not canonical."""
        value = self._qualified_names.get(node)
        if callable(value):
            value = value()
        return {q.name for q in value or ()}

    def resolves_to(self, node: cst.CSTNode, *names: str) -> bool:
        return not self.names(node).isdisjoint(names)

    def scope(self, node: cst.CSTNode):
        return self._scopes.get(node)

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self._parents.get(node)

    def bound_value(self, name: cst.Name, enclosing: bool = False) -> cst.BaseExpression | None:
        """The value of ``name``'s only assignment in its scope (``x = value``), else None;
        ``enclosing``: also where that scope reads an enclosing one's name (a module constant)."""
        scope = self.scope(name)
        visible = scope is not None and name.value in scope
        assignments = list(scope[name.value] if enclosing else scope.assignments[name.value]) if visible else []
        node = getattr(assignments[0], "node", None) if len(assignments) == 1 else None
        target = self.parent(node) if node is not None else None
        return self.parent(target).value if isinstance(target, cst.AssignTarget) else None  # type: ignore[union-attr]

    def ancestors(self, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
        parent = self.parent(node)
        while parent is not None:
            yield parent
            parent = self.parent(parent)

    def enclosing(self, node: cst.CSTNode, kind) -> cst.CSTNode | None:
        return next((a for a in self.ancestors(node) if isinstance(a, kind)), None)

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    # -- traced code ----------------------------------------------------
    @cached_property
    def screen(self) -> Screen:
        """The builtin-``ast`` view of the file whose traced-code model the rules
        consult (the engine passes the one its screen built, on the whole text)."""
        code = self.module.code
        return Screen(code, ast.parse(code), self.traces, None if self.path == "<string>" else self.path)

    @cached_property
    def _ast_functions(self) -> dict[tuple[int, int], ast.AST]:
        """The model's functions by the (line, column) LibCST gives their start."""
        screen = self.screen
        return {
            (site.node.lineno, screen.column(site.node.lineno, site.node.col_offset)): site.node
            for site in screen.sites(ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        }

    def _model_function(self, node: cst.CSTNode) -> tuple[ast.AST | None, int]:
        """The model's function around ``node`` (its innermost def or lambda), and ``node``'s
        line. Positions cost a pass over the tree: a function whose name no traced or
        eager-escaping function has is answered without them."""
        function = next((f for f in (node, *self.ancestors(node)) if isinstance(f, FunctionNode)), None)
        if function is None or getattr(getattr(function, "name", None), "value", None) not in self._names_that_matter:
            return None, 0
        model = self.screen.traced_code
        if isinstance(function, cst.FunctionDef):  # by qualified path: no positions needed
            found = self._defs_by_path.get(function)
            if found is not None and not model.regions.get(found):
                return found, 0
        start = self._positions[function].start
        return self._ast_functions.get((start.line, start.column)), self._positions[node].start.line

    @cached_property
    def _defs_by_path(self) -> dict[cst.FunctionDef, ast.AST]:
        """LibCST defs → the model's, matched by qualified path (``Class.method.inner``) and
        rank among defs of that path. The focus keeps every def's path and rank (stubs keep
        names; what a stub drops lies under its own path)."""
        from tfautofix.analysis.index import nodes

        by_path: dict[tuple[str, ...], list[cst.FunctionDef]] = {}
        for function in nodes(self, cst.FunctionDef):
            path = tuple(
                a.name.value for a in reversed([function, *self.ancestors(function)]) if isinstance(a, (cst.FunctionDef, cst.ClassDef))
            )
            by_path.setdefault(path, []).append(function)
        ast_paths = self.screen.def_paths
        return {
            function: ast_paths[path][rank]
            for path, functions in by_path.items() if len(ast_paths.get(path, ())) == len(functions)
            for rank, function in enumerate(functions)
        }

    @cached_property
    def _names_that_matter(self) -> set[str | None]:
        """Names of the model's traced functions and of functions it does not trace for
        an explicit reason (``do_not_convert``); None stands for lambdas."""
        model = self.screen.traced_code
        return {getattr(f, "name", None) for f in (*model.reasons, *model._not_converted)}

    @cached_property
    def traced(self) -> dict[cst.CSTNode, str]:
        """Each traced function or lambda of the tree → why it is traced (for messages)."""
        from tfautofix.analysis.index import nodes

        model = self.screen.traced_code
        traced = {}
        by_path = self._defs_by_path
        for kind in FunctionNode:
            for function in nodes(self, kind):
                found = by_path.get(function)
                if found is None:
                    start = self._positions[function].start
                    found = self._ast_functions.get((start.line, start.column))
                if found is not None and model.is_traced(found):
                    traced[function] = model.why(found)[0].text
        return traced

    def observed_parameters(self, func: cst.FunctionDef) -> dict[str, list[dict]]:
        """What the trace log (``--traces``) saw each parameter of ``func`` hold, one record per trace
        (``{"kind": "tensor", "shape": [None, 3], "dtype": "float32"}``): what runs beats what is guessed."""
        if self.traces is None:
            return {}
        first = self.span(func.decorators[0])[0][0] if func.decorators else self.span(func)[0][0]
        return self.screen.observed_parameters(func.name.value, first, self.span(func.name)[0][0])

    def observed_tensor_dtypes(self, func: cst.FunctionDef) -> dict[str, str]:
        """Parameter → dtype, for the parameters every trace in the log saw as a tensor of one dtype."""
        found = {}
        for name, records in self.observed_parameters(func).items():
            dtypes = {r.get("dtype") for r in records if r.get("kind") == "tensor"}
            if all(r.get("kind") == "tensor" for r in records) and len(dtypes) == 1 and None not in dtypes:
                found[name] = dtypes.pop()
        return found

    def is_traced(self, node: cst.CSTNode) -> bool:
        """Is ``node`` inside code that runs at trace time (see PRODUCT.md and
        ``analysis/traced.py``: eager escapes such as ``tf.py_function`` callbacks or
        ``with tf.init_scope():`` blocks are not)?"""
        function, line = self._model_function(node)
        return self.screen.traced_code.is_traced(function, line)

    def may_receive_tensor(self, param: cst.Param) -> bool:
        """May the traced function's parameter ``param`` hold a tensor? Every parameter
        of an entry point may; a helper's only when some traced call passes one
        (``TracedCode.tensor_parameters``, over the whole file and project: the focus
        LibCST sees may have folded the callers away)."""
        function, _ = self._model_function(param)
        return self.screen.traced_code.may_receive_tensor(function, param.name.value)

    def passed_tensor(self, param: cst.Param) -> bool:
        """Does some call in the file pass ``param`` a TensorFlow op's result (``TracedCode.passed_tensor``)?"""
        function, _ = self._model_function(param)
        return self.screen.traced_code.passed_tensor(function, param.name.value)

    def graph_only(self, node: cst.CSTNode) -> bool:
        """Is ``node`` in a function traced only to build a graph (``TracedCode.graph_only``)?"""
        function, _ = self._model_function(node)
        return function in self.screen.traced_code.graph_only

    def traced_reason(self, node: cst.CSTNode) -> str | None:
        """Why the function enclosing ``node`` is traced, for messages."""
        function, line = self._model_function(node)
        model = self.screen.traced_code
        return model.why(function)[0].text if model.is_traced(function, line) else None

    def trace_reasons(self, node: cst.CSTNode) -> list[str]:
        """Every reason the function enclosing ``node`` is traced (its decorator, a traced caller...)."""
        function, _ = self._model_function(node)
        return [why.text for why in self.screen.traced_code.why(function)]

    def autograph(self, node: cst.CSTNode) -> bool:
        """Does AutoGraph convert the traced code at ``node`` (Python ``if`` on a tensor
        works there)? False where some path traces it without conversion; True elsewhere
        (also for code that is not traced)."""
        return self.autograph_off(node) is None

    def autograph_off(self, node: cst.CSTNode) -> str | None:
        """Why AutoGraph does not convert the traced code at ``node``, or None."""
        function, _ = self._model_function(node)
        return self.screen.traced_code.autograph_off(function)

    def autograph_feature(self, node: cst.CSTNode, feature: str) -> frozenset[bool | None]:
        """Per path tracing the code at ``node``: does AutoGraph apply ``feature`` (``"LISTS"``,
        ``"BUILTIN_FUNCTIONS"``...) there? True, False, None (unknown: options held by a variable)."""
        function, _ = self._model_function(node)
        return self.screen.traced_code.autograph_feature(function, feature)

    # -- imports --------------------------------------------------------
    @cached_property
    def tensorflow_alias(self) -> tuple[str, ImportSpec | None]:
        """The name generated code should use for TensorFlow, and the import it needs:
        the file's own (``import tensorflow.compat.v2 as tf`` counts), else a new one."""
        from tfautofix.imports import module_imports

        compat = module_imports(self.module).get("tensorflow.compat.v2")
        if compat is not None and compat != "tensorflow":
            return compat, None
        reexported = self._reexported_tensorflow()
        if reexported is not None:
            return reexported, None
        return self.import_name("tensorflow", "tf")

    def _reexported_tensorflow(self) -> str | None:
        """The local name of a module-level ``from .compat import tf`` whose module re-exports
        TensorFlow (a fact of the project index), if the file has one."""
        facts = self.__dict__["screen"].facts if "screen" in self.__dict__ else None
        if facts is None or not facts.aliases:
            return None
        for statement in self.module.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
                    continue
                module = self.module.code_for_node(small.module) if small.module is not None else ""
                prefix = "." * len(small.relative) + module + ("." if module else "")
                for alias in small.names:
                    if isinstance(alias.name, cst.Name) and facts.unaliased(prefix + alias.name.value) in _TENSORFLOW:
                        return alias.asname.name.value if alias.asname else alias.name.value
        return None

    @cached_property
    def _identifiers(self) -> frozenset[str]:
        from tfautofix.imports import identifiers

        return identifiers(self.module)

    def import_name(self, module: str, preferred: str | None = None) -> tuple[str, ImportSpec | None]:
        """How generated code spells ``module`` without colliding with a name of the file,
        and the import it needs (see :mod:`tfautofix.imports`)."""
        from tfautofix.imports import import_name

        if (module, preferred) not in self._import_names:  # asked once per fix: the answer is the file's
            self._import_names[module, preferred] = import_name(self.module, module, preferred, self._identifiers)
        return self._import_names[module, preferred]

    @cached_property
    def backend_agnostic_keras(self) -> bool:
        """Keras 3 code written for every backend: it imports ``keras`` and never TensorFlow,
        so a fix must not add ``import tensorflow`` to it."""
        if self.tensorflow_alias[1] is None:
            return False
        return any(
            isinstance(small, (cst.Import, cst.ImportFrom)) and self.code(small).split()[1].split(".")[0] == "keras"
            for stmt in self.module.body if isinstance(stmt, cst.SimpleStatementLine) for small in stmt.body
        )
