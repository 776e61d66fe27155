"""Everything a rule may ask about one parsed file, computed lazily and once."""

from __future__ import annotations

from functools import cached_property
from typing import Iterator

import libcst as cst
from libcst.metadata import (
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from tfautofix.analysis.names import EAGER_ESCAPES, canonical
from tfautofix.rule import ImportSpec

FunctionNode = (cst.FunctionDef, cst.Lambda)


class FileContext:
    def __init__(self, module: cst.Module, path: str = "<string>", traces=None) -> None:
        self.module = module
        self.path = path
        #: The trace log given with --traces (``tfautofix.tracing.log.TraceLog``), or None.
        self.traces = traces
        # unsafe_skip_copy keeps node identity, so fixes can target nodes of `module`.
        self.wrapper = MetadataWrapper(module, unsafe_skip_copy=True)

    # -- metadata -------------------------------------------------------
    @cached_property
    def _positions(self):
        return self.wrapper.resolve(PositionProvider)

    @cached_property
    def _analysis(self):
        # Every rule needs all three: resolved together, they share LibCST traversals.
        return self.wrapper.resolve_many([ParentNodeProvider, ScopeProvider, QualifiedNameProvider])

    @property
    def _parents(self):
        return self._analysis[ParentNodeProvider]

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
        return {canonical(q.name) for q in value}

    def resolves_to(self, node: cst.CSTNode, *names: str) -> bool:
        return not self.names(node).isdisjoint(names)

    def scope(self, node: cst.CSTNode):
        return self._scopes.get(node)

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self._parents.get(node)

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
    def traced(self):
        from tfautofix.analysis.traced import find_traced_functions

        return find_traced_functions(self)

    def is_traced(self, node: cst.CSTNode) -> bool:
        """Is ``node`` inside code that runs at trace time (see PRODUCT.md)?

        Functions handed to ``tf.py_function``/``tf.numpy_function`` run in
        Python on every call, even inside traced code: they are not traced.
        """
        for function in (node, *self.ancestors(node)):
            if isinstance(function, FunctionNode):
                if self._runs_eagerly(function):
                    return False
                if function in self.traced:
                    return True
        return False

    def _runs_eagerly(self, function: cst.CSTNode) -> bool:
        if isinstance(function, cst.Lambda):
            uses = [function]
        else:
            scope = self.scope(function)
            assignments = scope.assignments[function.name.value] if scope is not None else ()
            uses = [ref.node for a in assignments if getattr(a, "node", None) is function for ref in a.references]
        for use in uses:
            arg = self.parent(use)
            if isinstance(arg, cst.Arg) and isinstance(self.parent(arg), cst.Call):
                if self.resolves_to(self.parent(arg).func, *EAGER_ESCAPES):
                    return True
        return False

    def traced_reason(self, node: cst.CSTNode) -> str | None:
        """Why the function enclosing ``node`` is traced, for messages."""
        for candidate in (node, *self.ancestors(node)):
            if candidate in self.traced:
                return self.traced[candidate]
        return None

    # -- imports --------------------------------------------------------
    @cached_property
    def tensorflow_alias(self) -> tuple[str, ImportSpec | None]:
        """The name generated code should use for TensorFlow, and the import it needs."""
        for stmt in self.module.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.Import):
                    for alias in small.names:
                        if self.code(alias.name) in ("tensorflow", "tensorflow.compat.v2"):
                            if alias.asname is None:
                                return self.code(alias.name), None
                            return self.code(alias.asname.name), None
        global_scope = self.scope(self.module) or next(
            (self.scope(stmt) for stmt in self.module.body if self.scope(stmt) is not None), None
        )
        if global_scope is not None and "tf" in global_scope:
            return "tensorflow", ImportSpec("tensorflow")
        return "tf", ImportSpec("tensorflow", asname="tf")

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
