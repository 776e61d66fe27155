"""The facts model: what is *known* about an expression, a name or a function.

A fix is ``safe`` only when every fact its equivalence depends on is known
(closed world, issue 26): each fixing rule declares those facts (``Rule.facts``),
asks :func:`facts_of` for each, and gets :class:`Known` evidence — from the code
(builtin ``ast``/LibCST) or from what ``tfautofix trace`` observed (``--traces``) —
or :class:`Unknown` with the reason. Nothing is assumed because no danger was seen.

Layering: this module sits in ``analysis`` (above ``names``/``screen``/``context``),
below ``rule`` and the codemods; it imports nothing from them or the engine.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import libcst as cst
import libcst.matchers as m
from libcst.metadata.scope_provider import BuiltinAssignment

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.usage import name_reads


@dataclass(frozen=True)
class Fact:
    """One fact a rule's rewrite relies on: a short name and the question it answers."""

    name: str
    question: str


@dataclass(frozen=True)
class Known:
    """Positive evidence: ``value`` holds, as read from ``source`` ("code" or "trace")."""

    value: object = True
    source: str = "code"


@dataclass(frozen=True)
class Unknown:
    """No evidence either way (or evidence against): the fix cannot be safe."""

    reason: str


Evidence = Known | Unknown


def unknown_facts(declared: tuple[Fact, ...], evidence: Mapping[str, Evidence]) -> list[str]:
    """The declared facts not established by ``evidence``, each with its reason: the closed
    world's verdict (empty: every fact is known, the fix is safe)."""
    missing = []
    for fact in declared:
        got = evidence.get(fact.name)
        if not isinstance(got, Known):
            missing.append(f"{fact.name}: {got.reason if isinstance(got, Unknown) else 'not established'}")
    return missing


#: Exceptions a rewritten site may raise instead of the original's; an enclosing handler
#: naming one of these (or nothing: a bare/broad handler) sees a different exception.
_BROAD = frozenset({"Exception", "BaseException"})

#: The module spells XLA somewhere: ``jit_compile``, ``tf.config.optimizer.set_jit``, ``experimental_compile``.
_XLA_SPELLINGS = ("jit_compile", "set_jit", "experimental_compile", "xla")


class FileFacts:
    """The one object rules ask. Answers are :data:`Evidence`."""

    def __init__(self, ctx: FileContext) -> None:
        self.ctx = ctx

    # -- functions -----------------------------------------------------------
    def function_of(self, node: cst.CSTNode) -> cst.FunctionDef | None:
        return self.ctx.enclosing(node, cst.FunctionDef)

    def _observed(self, function: cst.FunctionDef | None) -> list:
        """The trace log's entries for ``function`` (its name, recorded at its first decorator or its ``def`` line)."""
        log = self.ctx.traces
        if log is None or function is None:
            return []
        first, last = self.ctx.span(function)[0][0], self.ctx.span(function.name)[0][0]
        return [f for f in log.for_file(self.ctx.path) if f.name == function.name.value and first - len(function.decorators) <= f.line <= last]

    def parameter(self, function: cst.FunctionDef, name: str) -> Evidence:
        """What the trace log saw passed as parameter ``name`` of ``function``: Known((kind, dtypes))
        when every recorded trace agrees on the kind ("tensor"/"python"); the dtypes (or Python
        type names) seen. Unknown without a log entry."""
        kinds, dtypes = set(), set()
        for traced in self._observed(function):
            for trace in traced.traces:
                seen = trace.get("parameters", {}).get(name)
                if not isinstance(seen, dict):
                    return Unknown(f"the trace log does not record `{name}`")
                kinds.add(seen.get("kind"))
                dtypes.add(seen.get("dtype") or seen.get("type"))
        if len(kinds) == 1 and None not in kinds:
            return Known((kinds.pop(), frozenset(dtypes)), "trace")
        return Unknown(f"no trace of `{name}` observed" if not kinds else f"`{name}` was seen as {sorted(map(str, kinds))}")

    def number_conversions(self, function: cst.FunctionDef, name: str) -> Evidence:
        """What the graph made of Python-number parameter ``name`` (``--traces``, FORMAT.md
        ``converted``): Known(({dtype: lines}, lines whose constant reached a non-elementwise op))
        when, in every trace where it was a Python number, each statement of ``function``
        reading ``name`` converted it to a tensor at least as often as it reads it — every use
        accounted for. Several dtypes: no single tensor is what every use became. Unknown
        otherwise, with the first use not accounted for."""
        log = self.ctx.traces
        traces = [t for f in self._observed(function) for t in f.traces
                  if t.get("parameters", {}).get(name, {}).get("kind") == "python"]
        if log is None or not traces:
            return Unknown(f"no trace saw `{name}` as a Python number")
        values = {repr(t["parameters"][name].get("value")) for t in traces}
        if len(values) < 2 and type(value := traces[0]["parameters"][name].get("value")) is int and -5 <= value <= 256:
            # Python shares a small int with every other use of that number: conversions found by
            # identity may be another value's. Several values rule that out (a literal has one).
            return Unknown(f"`{name}` was seen only as {value}, a small int Python shares with other uses of {value}")
        reads: dict[tuple[int, int], int] = {}
        for node in name_reads(function.body, name):
            span = self._statement_lines(node)
            reads[span] = reads.get(span, 0) + 1
        dtypes: dict[str, set[int]] = {}
        static: set[int] = set()  # its value may have been read while the graph was built
        for trace in traces:
            if "error" in trace:
                return Unknown("a trace raised: its conversions may be incomplete")
            uses = (trace.get("converted") or {}).get(name)
            if uses is None:
                return Unknown(f"it did not observe what `{name}` was converted to")
            here = [u for u in uses if log.same_file(u["file"], self.ctx.path)]
            for (first, last), count in sorted(reads.items()):
                if sum(u["count"] for u in here if first <= u["line"] <= last) < count:
                    return Unknown(f"`{name}` did not become a tensor at line {first} while tracing")
            for use in uses:
                dtypes.setdefault(use["dtype"], set()).add(use["line"])
                if use.get("elementwise") is not True:
                    static.add(use["line"])
        if not dtypes:
            return Unknown(f"`{name}` never became a tensor while tracing")
        return Known(({dtype: sorted(lines) for dtype, lines in sorted(dtypes.items())}, sorted(static)), "trace")

    def _statement_lines(self, node: cst.CSTNode) -> tuple[int, int]:
        """The lines of the statement holding ``node`` (a compound statement's header only):
        a trace maps a conversion to a line of the statement (AutoGraph's source maps)."""
        for ancestor in self.ctx.ancestors(node):
            if isinstance(ancestor, cst.SimpleStatementLine):
                return self.ctx.span(ancestor)[0][0], self.ctx.span(ancestor)[1][0]
            if isinstance(ancestor, cst.BaseCompoundStatement):
                body = ancestor.body.body[0] if isinstance(ancestor.body, cst.IndentedBlock) and ancestor.body.body else ancestor.body
                return self.ctx.span(ancestor)[0][0], max(self.ctx.span(ancestor)[0][0], self.ctx.span(body)[0][0] - 1)
        line = self.ctx.span(node)[0][0]
        return line, line

    def xla(self, node: cst.CSTNode) -> Evidence:
        """Known(False) when no XLA compilation is on the path to ``node``.

        From a trace: every ``tf.function`` recorded at the enclosing functions ran with
        ``jit_compile`` off and no Keras train/predict function was compiled. From the code:
        the module never spells XLA and the traced code is not reached through Keras's
        ``compile``/``fit`` (Keras 3 compiles with ``jit_compile="auto"``: XLA where supported)."""
        seen = [f for function in self._functions_around(node) for f in self._observed(function)]
        if seen:
            if all(not f.options.get("jit_compile") for f in seen) and self._no_keras_xla_seen():
                return Known(False, "trace")
            return Unknown("the trace log shows XLA compilation (jit_compile) on the path")
        text = self.ctx.screen.text  # the whole file: LibCST may see only the definitions a check needs
        spelled = next((s for s in _XLA_SPELLINGS if s in text), None)
        if spelled is not None:
            return Unknown(f"the module configures XLA (`{spelled}`)")
        reason = self.ctx.traced_reason(node) or ""
        if _keras_traced(reason):
            return Unknown(f"traced by Keras ({reason}): `compile` defaults to jit_compile='auto' (XLA where supported)")
        return Known(False)

    def _no_keras_xla_seen(self) -> bool:
        log = self.ctx.traces
        return all(not f.options.get("jit_compile") for f in log.functions if f.library) if log is not None else True

    def _functions_around(self, node: cst.CSTNode) -> Iterator[cst.FunctionDef]:
        for ancestor in (node, *self.ctx.ancestors(node)):
            if isinstance(ancestor, cst.FunctionDef):
                yield ancestor

    # -- values --------------------------------------------------------------
    def dtype(self, expr: cst.BaseExpression) -> Evidence:
        """Known(dtype name) when every trace saw one dtype for the parameter ``expr`` (``--traces``)."""
        observed = self._observed_parameter(expr)
        if isinstance(observed, Known):
            kind, dtypes = observed.value  # type: ignore[misc]
            if kind == "tensor" and len(dtypes) == 1:
                return Known(next(iter(dtypes)), "trace")
            return Unknown(f"`{self.ctx.code(expr)}` was seen with dtypes {sorted(map(str, dtypes))}")
        return observed

    def size(self, expr: cst.BaseExpression) -> Evidence:
        """Known(largest number of elements) of the parameter ``expr`` over every trace (``--traces``)."""
        if not isinstance(expr, cst.Name) or self.ctx.traces is None:
            return Unknown("no trace log")
        function = self.function_of(expr)
        sizes = []
        for traced in self._observed(function):
            for trace in traced.traces:
                shape = trace.get("parameters", {}).get(expr.value, {}).get("shape")
                if not isinstance(shape, list) or any(not isinstance(d, int) for d in shape):
                    return Unknown(f"the trace log has no full shape of `{expr.value}`")
                total = 1
                for d in shape:
                    total *= d
                sizes.append(total)
        return Known(max(sizes), "trace") if sizes else Unknown(f"no trace of `{expr.value}`")

    def _observed_parameter(self, expr: cst.BaseExpression) -> Evidence:
        if not isinstance(expr, cst.Name) or self.ctx.traces is None:
            return Unknown("no trace log")
        function = self.function_of(expr)
        if function is None or expr.value not in {p.name.value for p in function.params.params}:
            return Unknown(f"`{expr.value}` is not a parameter")
        scope = self.ctx.scope(expr)
        if scope is None or len(list(scope[expr.value])) != 1:
            return Unknown(f"`{expr.value}` is rebound in the function")
        return self.parameter(function, expr.value)

    def uses_after(self, expr: cst.BaseExpression, _depth: int = 0) -> Evidence:
        """Known when everything the code does with ``expr``'s value takes a tensor as it took the
        original value: it is an argument of a TensorFlow op, an operand of arithmetic whose
        result is used so too, returned from a ``tf.function``, or bound to a local name only
        used so. Iterated, indexed by a list, summed or formatted by Python, a NumPy method...:
        unknown."""
        parent = self.ctx.parent(expr)
        if _depth > 4:
            return Unknown(f"the value of `{self.ctx.code(expr).strip()}` flows too far to follow")
        if isinstance(parent, cst.Arg):
            call = self.ctx.parent(parent)
            names = self.ctx.names(call.func) if isinstance(call, cst.Call) else set()
            if any(n.startswith("tensorflow.") for n in names):
                return Known("tensorflow op")
            if names and all(n.startswith("numpy.") for n in names):
                return Known("numpy function")  # NumPy converts a tensor as it took the array
            return Unknown(f"it is passed to `{self.ctx.code(call.func).strip() if isinstance(call, cst.Call) else '?'}`")
        if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation)):
            return self.uses_after(parent, _depth + 1)
        if isinstance(parent, cst.Return):
            function = self.function_of(parent)
            reason = self.ctx.traced_reason(function) if function is not None else None
            if reason is not None and not reason.startswith("called from"):
                return Known("returned by traced code")
            return Unknown("it is returned to callers that may use it as an array")
        if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
            name = parent.targets[0].target
            function = self.function_of(parent)
            scope = self.ctx.scope(name)
            if function is None or scope is None or len(list(scope[name.value])) != 1:
                return Unknown(f"`{name.value}` is bound elsewhere too")
            for access in scope.accesses[name.value]:
                used = self.uses_after(access.node, _depth + 1)
                if isinstance(used, Unknown):
                    return used
            return Known("local")
        return Unknown(f"it is used in a `{type(parent).__name__}`")

    def float_array(self, expr: cst.BaseExpression, _depth: int = 0) -> Evidence:
        """Known when ``expr`` is a floating-point NumPy array or tensor: a float draw or
        constructor (``np.random.rand``, ``np.linspace``, ``np.zeros(...)`` without an integer
        ``dtype``), ``.astype(<float>)``, a cast to a float, arithmetic with a float literal,
        and subscripts or names bound once to those."""
        code = self.ctx.code(expr).strip()
        if _depth > 6:
            return Unknown(f"`{code}` flows too far to follow")
        if isinstance(expr, cst.Subscript):
            return self.float_array(expr.value, _depth + 1)
        if isinstance(expr, cst.BinaryOperation):
            for side, other in ((expr.left, expr.right), (expr.right, expr.left)):
                if isinstance(self.float_array(side, _depth + 1), Known) and (isinstance(other, (cst.Float, cst.Integer))
                        or self._range_target(other) or isinstance(self.float_array(other, _depth + 1), Known)):
                    return Known()
            return Unknown(f"`{code}` is not known to be a float array")
        if isinstance(expr, cst.Name):
            value = self.ctx.bound_value(expr)
            if value is None:  # `for row in rows`: a row of a float array is one
                loop = self._loop_of(expr)
                return self.float_array(loop.iter, _depth + 1) if loop is not None else Unknown(f"`{code}` is not bound once")
            return self.float_array(value, _depth + 1)
        if isinstance(expr, cst.Call):
            dtype = next((a.value for a in expr.args if a.keyword is not None and a.keyword.value == "dtype"), None)
            if m.matches(expr.func, m.Attribute(attr=m.Name("astype"))) and expr.args:
                dtype = expr.args[0].value
            if dtype is not None:
                return Known() if "float" in self.ctx.code(dtype) else Unknown(f"`{code}` has dtype `{self.ctx.code(dtype)}`")
            if m.matches(expr.func, m.Attribute(attr=m.Name("reshape") | m.Name("copy") | m.Name("squeeze") | m.Name("flatten")
                                                | m.Name("ravel") | m.Name("transpose"))):
                return self.float_array(expr.func.value, _depth + 1)  # type: ignore[attr-defined]
            names = self.ctx.names(expr.func)
            if names & _FLOAT_CONSTRUCTORS:
                return Known()
            first = expr.args[0].value if expr.args and expr.args[0].keyword is None else None
            if names & {"numpy.asarray", "numpy.array", "tensorflow.constant", "tensorflow.convert_to_tensor"} and first is not None:
                return self.float_array(first, _depth + 1)
            fill = expr.args[1].value if len(expr.args) > 1 else None
            if names & {"numpy.full", "tensorflow.fill"} and fill is not None and (
                    isinstance(fill, cst.Float) or m.matches(fill, m.Call(func=m.Name("float")))):
                return Known()
        if isinstance(expr, (cst.List, cst.Tuple)) and expr.elements and all(
                isinstance(e.value, cst.Float) or isinstance(self.float_array(e.value, _depth + 1), Known) for e in expr.elements):
            return Known()
        return Unknown(f"`{code}` is not known to be a float array")

    def _loop_of(self, name: cst.Name) -> cst.For | cst.CompFor | None:
        """The ``for`` (statement or comprehension) whose plain target is the only binding of ``name``."""
        scope = self.ctx.scope(name)
        if scope is None or name.value not in scope or len(list(scope[name.value])) != 1:
            return None
        node = getattr(next(iter(scope[name.value])), "node", None)
        loop = self.ctx.parent(node) if node is not None else None
        return loop if isinstance(loop, (cst.For, cst.CompFor)) and loop.target is node else None

    def _range_target(self, expr: cst.BaseExpression) -> bool:
        """``i`` of ``for i in range(...)``: a Python int."""
        loop = self._loop_of(expr) if isinstance(expr, cst.Name) else None
        return loop is not None and isinstance(loop.iter, cst.Call) and "builtins.range" in self.ctx.names(loop.iter.func)

    def read_only(self, expr: cst.BaseExpression) -> Evidence:
        """Known when the value of ``expr`` (a fresh array) is only read: discarded, given to a
        TensorFlow op, or bound to a local name whose every use reads it (arithmetic, indexing
        without storing, NumPy/TensorFlow functions and builtins other than those that write)."""
        parent = self.ctx.parent(expr)
        if isinstance(parent, cst.Expr):
            return Known()
        if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
            name = parent.targets[0].target
            scope = self.ctx.scope(name)
            if scope is None:
                return Unknown("no scope")
            for access in scope.accesses[name.value]:
                why = self._writes(access.node)
                if why:
                    return Unknown(why)
            return Known()
        why = self._writes(expr)
        return Unknown(why) if why else Known()

    def _writes(self, node: cst.CSTNode) -> str | None:
        parent = self.ctx.parent(node)
        code = self.ctx.code(node).strip()
        if isinstance(parent, (cst.BinaryOperation, cst.Comparison, cst.ComparisonTarget, cst.UnaryOperation, cst.FormattedStringExpression)):
            return None
        if isinstance(parent, cst.Subscript) and parent.value is node:
            holder = self.ctx.parent(parent)
            if isinstance(holder, (cst.AssignTarget, cst.AugAssign)) or isinstance(holder, cst.Subscript):
                return f"`{code}` is written through an index"
            return None
        if isinstance(parent, cst.Attribute) and parent.value is node:
            return None if parent.attr.value in _READ_METHODS else f"`{code}.{parent.attr.value}` may change it"
        if isinstance(parent, cst.Arg) and (parent.keyword is None or parent.keyword.value != "out"):
            call = self.ctx.parent(parent)
            names = self.ctx.names(call.func) if isinstance(call, cst.Call) else set()
            if names and all(n.startswith(("numpy.", "tensorflow.", "builtins.")) and n not in _WRITERS for n in names):
                return None
            return f"`{code}` is passed to `{self.ctx.code(call.func).strip() if isinstance(call, cst.Call) else '?'}`"
        return f"`{code}` is used in a `{type(parent).__name__}`"

    def no_gradient(self, node: cst.CSTNode) -> Evidence:
        """Known when nothing in the module takes gradients (no tape, no optimizer step, no Keras
        training) and ``node`` is not in code Keras traces (which its training differentiates)."""
        spelled = next((s for s in _GRADIENT_SPELLINGS if s in self.ctx.screen.text), None)
        if spelled:
            return Unknown(f"the module takes gradients (`{spelled}`)")
        reason = self.ctx.traced_reason(node) or ""
        if _keras_traced(reason):
            return Unknown(f"traced by Keras ({reason}): its training differentiates it")
        return Known()

    # -- exceptions ----------------------------------------------------------
    def caught_around(self, node: cst.CSTNode) -> Evidence:
        """Known(frozenset of handler names) when every ``try`` around ``node`` in its function
        is visible; Unknown when a handler is bare, broad, or names something not spelled out."""
        caught: set[str] = set()
        for ancestor in self.ctx.ancestors(node):
            if isinstance(ancestor, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                break
            if isinstance(ancestor, cst.Try):
                for handler in ancestor.handlers:
                    if handler.type is None:
                        return Unknown("a bare `except:` around the site catches whatever the rewrite raises")
                    for name in _handler_names(handler.type):
                        if name is None:
                            return Unknown(f"`except {self.ctx.code(handler.type)}` around the site: not a spelled-out class")
                        if name in _BROAD:
                            return Unknown(f"`except {name}` around the site catches what the rewrite raises instead")
                        caught.add(name)
        return Known(frozenset(caught))

    # -- names ---------------------------------------------------------------
    def free_reads(self, function: cst.FunctionDef | cst.Lambda) -> list[tuple[cst.Name, list]]:
        """Each name ``function`` reads that it does not bind itself (closures, globals, builtins),
        with the assignments it may refer to."""
        inner = self.ctx.scope(function.body.body[0] if isinstance(function, cst.FunctionDef) and function.body.body else function.body)
        reads = []
        for name in m.findall(function.body, m.Name()):
            scope = self.ctx.scope(name)
            if scope is None:
                continue
            for access in scope.accesses[name]:
                if access.node is name and not any(_within(ref.scope, inner) for ref in access.referents):
                    reads.append((name, list(access.referents)))
        return reads

    def state_read(self, function: cst.FunctionDef | cst.Lambda) -> Evidence:
        """Known when everything ``function`` reads from outside itself holds one value for the
        module's life (:meth:`stable`), and every ``self.x`` it reads is assigned only in
        ``__init__`` (to a TensorFlow/Keras object or a literal). What a hoisted or traced-once
        function closes over is then what each fresh creation would have seen."""
        changing = self.changing_reads(function)
        return changing[0][1] if changing else Known()

    def changing_reads(self, function: cst.FunctionDef | cst.Lambda) -> list[tuple[cst.BaseExpression, Unknown]]:
        """Each read in ``function`` of outside state not known to hold one value, as the whole
        attribute/item chain read (``Schedule.lr``, ``CONFIG["scale"]``, ``self.temperature``):
        a free name not :meth:`stable`, a chain of a stable one that the module changes in
        place (``os.environ["LIMIT"] = ...``), a ``self.x`` that is not :meth:`self_attribute`."""
        found: list[tuple[cst.BaseExpression, Unknown]] = []
        changed = _changed_chains(self.ctx.screen.tree)
        for name, _ in self.free_reads(function):
            chain = chain_read(self.ctx, name)
            evidence = self.stable(name.value, name)
            if not isinstance(evidence, Unknown):
                spelled = self.ctx.code(chain)
                if not any(t == spelled or t.startswith((spelled + ".", spelled + "[")) or spelled.startswith((t + ".", t + "["))
                           for t in changed):
                    continue
                evidence = Unknown(f"`{spelled}` is changed in place")
            found.append((chain, evidence))
        cls = self.ctx.enclosing(function, cst.ClassDef)
        for attribute in m.findall(function.body, m.Attribute(value=m.Name("self"))):
            evidence = self.self_attribute(cls, attribute.attr.value)  # type: ignore[attr-defined]
            if isinstance(evidence, Unknown):
                found.append((chain_read(self.ctx, attribute), evidence))
        return found

    def self_attribute(self, cls: cst.ClassDef | None, name: str) -> Evidence:
        """Known when ``self.<name>`` is a method of ``cls`` or is assigned only in ``__init__``, to a
        TensorFlow/Keras object or a literal, and never changed in place (``self.x.append``...)."""
        if cls is None:
            return Unknown(f"`self.{name}` outside a class")
        if any(isinstance(s, cst.FunctionDef) and s.name.value == name for s in cls.body.body):
            return Known("method")
        values = []
        for node in m.findall(cls, m.Assign() | m.AugAssign() | m.AnnAssign()):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            for target in targets:
                if any(m.matches(t, m.Attribute(value=m.Name("self"), attr=m.Name(name))) for t in _flatten(target)):
                    method = self.ctx.enclosing(node, cst.FunctionDef)
                    if isinstance(node, cst.AugAssign) or method is None or method.name.value != "__init__":
                        return Unknown(f"`self.{name}` is assigned outside `__init__`")
                    values.append(node.value)
        if not values:
            return Unknown(f"`self.{name}` is not assigned in the class")
        for value in values:
            if not (_literal(value) or isinstance(value, cst.Call) and any(
                    n.startswith(("tensorflow.", "keras.")) for n in self.ctx.names(value.func))):
                return Unknown(f"`self.{name} = {self.ctx.code(value)}`: not known to stay the same")
        if m.findall(cls, m.Call(func=m.Attribute(value=m.Attribute(value=m.Name("self"), attr=m.Name(name))))) and not all(
                isinstance(v, cst.Call) for v in values):
            return Unknown(f"`self.{name}` may be changed in place")
        return Known()

    def class_layout(self, cls: cst.ClassDef, _seen: frozenset = frozenset()) -> Evidence:
        """Known when a new ``self.x`` attribute is an ordinary one: no ``__slots__``,
        ``__setattr__`` or ``__getattr__`` in ``cls`` or its bases, which are this module's
        classes (checked alike), TensorFlow's/Keras's classes, or ``object``."""
        for statement in cls.body.body:
            spelled = self.ctx.code(statement)
            for special in ("__slots__", "__setattr__", "__getattr__", "__getattribute__"):
                if special in spelled:
                    return Unknown(f"`{cls.name.value}` defines `{special}`")
        for base in cls.bases:
            if base.keyword is not None:
                return Unknown(f"`{cls.name.value}({self.ctx.code(base).strip()})`: a metaclass or class keyword")
            names = self.ctx.names(base.value)
            if names & {"builtins.object"} or any(n.startswith(("tensorflow.", "keras.")) for n in names):
                continue
            local = next((s for s in self.ctx.module.body if isinstance(s, cst.ClassDef) and isinstance(base.value, cst.Name)
                          and s.name.value == base.value.value), None)
            if local is None or local in _seen:
                return Unknown(f"the base `{self.ctx.code(base.value)}` of `{cls.name.value}` is not visible")
            inherited = self.class_layout(local, _seen | {cls})
            if isinstance(inherited, Unknown):
                return inherited
        return Known()

    def untracked_attributes(self, cls: cst.ClassDef) -> Evidence:
        """Known when no base of ``cls`` is TensorFlow's or Keras's (``tf.Module``, layers and
        models track the variables set on their attributes) and every base of this module is so too."""
        for base in cls.bases:
            names = self.ctx.names(base.value)
            if any(n.startswith(("tensorflow.", "keras.")) for n in names):
                return Unknown(f"`{cls.name.value}` is a `{self.ctx.code(base.value)}`: it tracks the variables on its attributes")
            local = next((s for s in self.ctx.module.body if isinstance(s, cst.ClassDef) and isinstance(base.value, cst.Name)
                          and s.name.value == base.value.value and s is not cls), None)
            if local is not None and isinstance(evidence := self.untracked_attributes(local), Unknown):
                return evidence
            if local is None and not names & {"builtins.object"}:
                return Unknown(f"the base `{self.ctx.code(base.value)}` of `{cls.name.value}` is not visible")
        return Known()

    def init_sets_first(self, cls: cst.ClassDef) -> Evidence:
        """Known when an attribute ``__init__`` sets exists before any method of ``cls`` runs:
        ``__init__`` calls no method of ``self`` nor hands ``self`` on (``super().__init__``
        aside), and every subclass of ``cls`` in the module without its own ``__init__`` or
        whose ``__init__`` calls ``super().__init__``/``<cls>.__init__``."""
        init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
        if init is not None:
            for call in m.findall(init, m.Call()):
                if m.matches(call.func, m.Attribute(value=m.Name("self"))):  # type: ignore[attr-defined]
                    return Unknown(f"`__init__` calls `{self.ctx.code(call.func)}` before its end")  # type: ignore[attr-defined]
                if any(m.matches(a.value, m.Name("self")) for a in call.args):  # type: ignore[attr-defined]
                    return Unknown(f"`__init__` hands `self` to `{self.ctx.code(call.func)}`")  # type: ignore[attr-defined]
        for sub in m.findall(self.ctx.module, m.ClassDef()):
            if not any(m.matches(b.value, m.Name(cls.name.value)) for b in sub.bases):  # type: ignore[attr-defined]
                continue
            sub_init = next((s for s in sub.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)  # type: ignore[attr-defined]
            if sub_init is not None and "__init__(" not in self.ctx.code(sub_init.body):
                return Unknown(f"the subclass `{sub.name.value}` does not run `{cls.name.value}.__init__`")  # type: ignore[attr-defined]
            inherited = self.init_sets_first(sub)  # type: ignore[arg-type]
            if isinstance(inherited, Unknown):
                return inherited
        return Known()

    def stable(self, name: str, at: cst.CSTNode) -> Evidence:
        """Known when ``name``, read at ``at``, holds one value for the module's life: a builtin,
        an import, a module-level ``def``/``class`` never changed in place, or a name bound
        once to an immutable literal or a TensorFlow object, and never declared ``global``."""
        scope = self.ctx.scope(at)
        if scope is None:
            return Unknown(f"`{name}`: no scope")
        if name not in scope:
            return Known("builtin") if hasattr(builtins, name) else Unknown(f"`{name}` is not bound anywhere visible")
        assignments = list(scope[name])
        if all(isinstance(a, BuiltinAssignment) for a in assignments) and hasattr(builtins, name):
            return Known("builtin")
        if len(assignments) != 1 or self._declared_global(name):
            return Unknown(f"`{name}` is bound more than once")
        node = getattr(assignments[0], "node", None)
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            return Known("import")
        if _changed_in_place(self.ctx.screen.tree, name):
            return Unknown(f"`{name}` is changed in place")
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            return Known("definition")
        value = self._assigned_value(node)
        if value is not None and _literal(value):
            return Known("constant")
        if isinstance(value, cst.Call) and any(n.startswith("tensorflow.") for n in self.ctx.names(value.func)):
            if not m.findall(self.ctx.module, m.Call(func=m.Attribute(value=m.Name(name), attr=m.Name()))) or _tf_methods_only(self.ctx, name):
                return Known("tensorflow object")
        return Unknown(f"`{name}` is a value that may change between calls")

    def _declared_global(self, name: str) -> bool:
        return any(isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names for n in ast.walk(self.ctx.screen.tree))

    def _assigned_value(self, node: cst.CSTNode | None) -> cst.BaseExpression | None:
        """``value`` of the ``name = value`` statement that binds ``node`` (a ``Name`` target)."""
        parent = self.ctx.parent(node) if node is not None else None
        if isinstance(parent, cst.AssignTarget):
            statement = self.ctx.parent(parent)
            if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                return statement.value
        if isinstance(parent, cst.AnnAssign):
            return parent.value
        return None


def _within(scope, inner) -> bool:
    while scope is not None:
        if scope is inner:
            return True
        parent = getattr(scope, "parent", None)
        scope = None if parent is scope else parent
    return False


def _flatten(target: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _flatten(element.value)
    else:
        yield target


def _literal(value: cst.BaseExpression) -> bool:
    """An immutable literal: a number, a string, True/False/None, a tuple of those."""
    if isinstance(value, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if isinstance(value, cst.Name):
        return value.value in ("True", "False", "None")
    if isinstance(value, cst.UnaryOperation):
        return _literal(value.expression)
    if isinstance(value, cst.Tuple):
        return all(_literal(e.value) for e in value.elements)
    return False


#: Methods of TensorFlow objects that change them the way their graph reads see (a variable's value).
_TF_UPDATES = frozenset({"assign", "assign_add", "assign_sub", "scatter_update", "scatter_add", "__call__"})


def _tf_methods_only(ctx: FileContext, name: str) -> bool:
    calls = m.findall(ctx.module, m.Call(func=m.Attribute(value=m.Name(name))))
    return all(call.func.attr.value in _TF_UPDATES or call.func.attr.value.startswith(("read", "numpy")) for call in calls)  # type: ignore[attr-defined]


#: NumPy/TensorFlow calls whose result is a float array (without an integer ``dtype=``).
_FLOAT_CONSTRUCTORS = frozenset({
    "numpy.random.rand", "numpy.random.randn", "numpy.random.normal", "numpy.random.uniform", "numpy.random.random",
    "numpy.linspace", "numpy.zeros", "numpy.ones", "numpy.empty", "tensorflow.random.normal", "tensorflow.random.uniform",
    "tensorflow.zeros", "tensorflow.ones",
})
#: Attributes of an array that read it.
_READ_METHODS = frozenset({"shape", "dtype", "ndim", "size", "T", "argmax", "argmin", "max", "min", "mean", "sum", "std",
                           "item", "tolist", "copy", "astype", "round", "squeeze", "reshape", "flatten", "ravel", "any", "all"})
#: NumPy functions that write into an argument.
_WRITERS = frozenset({"numpy.copyto", "numpy.put", "numpy.place", "numpy.putmask", "numpy.fill_diagonal", "numpy.random.shuffle"})


_GRADIENT_SPELLINGS = ("GradientTape", "gradient", "minimize", "fit(", "train_step", "train_on_batch", "apply_gradients")


_KERAS_WORDS = re.compile(r"\b(Keras|compile|fit|train_step|test_step|predict_step|call|update_state|Layer|Model)\b")


def _keras_traced(reason: str) -> bool:
    """Does the trace reason name Keras's machinery? Whole words: "called from traced `step`" is not `call`."""
    return _KERAS_WORDS.search(reason) is not None


def _handler_names(expr: cst.BaseExpression) -> Iterator[str | None]:
    if isinstance(expr, cst.Tuple):
        for element in expr.elements:
            yield from _handler_names(element.value)
    elif isinstance(expr, cst.Name):
        yield expr.value
    elif isinstance(expr, cst.Attribute):
        yield expr.attr.value
    else:
        yield None


def chain_read(ctx: FileContext, node: cst.BaseExpression) -> cst.BaseExpression:
    """The attribute/item chain ``node`` starts (``Schedule`` → ``Schedule.lr``, ``CONFIG`` →
    ``CONFIG["scale"]``): up through attributes not called and subscripts by a literal."""
    while True:
        parent = ctx.parent(node)
        if isinstance(parent, cst.Attribute) and parent.value is node and not (
                isinstance(ctx.parent(parent), cst.Call) and ctx.parent(parent).func is parent):
            node = parent
        elif isinstance(parent, cst.Subscript) and parent.value is node and len(parent.slice) == 1 and isinstance(
                parent.slice[0].slice, cst.Index) and isinstance(parent.slice[0].slice.value, (cst.SimpleString, cst.Integer)):
            node = parent
        else:
            return node


#: Methods that change their receiver in place.
_MUTATORS = frozenset({"append", "extend", "insert", "update", "setdefault", "pop", "popitem", "clear", "remove", "add",
                       "discard", "sort", "reverse", "fill", "resize", "put"})


def _changed_chains(tree: ast.Module) -> set[str]:
    """What the file changes in place, spelled: assignment targets that are attributes or items
    (``os.environ["X"]``; a container for a computed key), the receivers of mutating methods
    (``history.append``), what NumPy writes into (``np.copyto(TABLE, ...)``)."""
    found: set[str] = set()
    modules = {(a.asname or a.name).split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Subscript) and not isinstance(target.slice, ast.Constant):
                found.add(ast.unparse(target.value))
            elif isinstance(target, (ast.Attribute, ast.Subscript)):
                found.add(ast.unparse(target))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in {w.rsplit(".", 1)[1] for w in _WRITERS} and node.args:
                found.add(ast.unparse(node.args[0]))
            elif node.func.attr in _MUTATORS and not (isinstance(node.func.value, ast.Name) and node.func.value.id in modules):
                found.add(ast.unparse(node.func.value))  # not `tf.add(...)`: a module's function
    return found


def _changed_in_place(tree: ast.Module, name: str) -> bool:
    """``name.attr = ...``, ``name[...] = ...``, ``del name.x`` or ``setattr(name, ...)`` anywhere in the file."""
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        if any(isinstance(t, (ast.Attribute, ast.Subscript)) and isinstance(t.value, ast.Name) and t.value.id == name for t in targets):
            return True
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr")
                and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == name):
            return True
    return False


#: APIs only Keras 3 has (its multi-backend layer).
_KERAS3_ONLY = ("keras.ops", "keras.random", "keras.tree", "keras.config", "keras.src", "keras.export")
#: ``pip install tensorflow==2.15`` / ``keras==2.6.0`` (a notebook's magic, a script's comment).
_TF_PIN = re.compile(r"pip3?\s+install\b[^\n]*?\btensorflow(?:-gpu|-cpu)?\s*==\s*(\d+)\.(\d+)")
_KERAS_PIN = re.compile(r"pip3?\s+install\b[^\n]*?\bkeras\s*==\s*(\d+)\.(\d+)")
_LEGACY_ENV = re.compile(r"TF_USE_LEGACY_KERAS['\"]?\]?\s*[,=]\s*['\"]?(?:1|[Tt]rue)\b")
_BACKEND_ENV = re.compile(r"KERAS_BACKEND['\"]?\]?\s*[,=]\s*['\"]?\w")


def keras_version(screen, package: str) -> Evidence:
    """Known(2), Known(3) or Known("graph"): the Keras ``package`` ("keras", "tensorflow.keras"
    or "tf_keras") names when the module runs, as the module (a notebook's ``!pip install``
    included) says: ``tf_keras`` is Keras 2; ``tf.keras`` is Keras 2 with ``TF_USE_LEGACY_KERAS=1``
    set or TensorFlow pinned to 2.0-2.15, Keras 3 pinned from 2.16; ``keras`` is Keras 2 with
    either pinned to 2.4-2.15, Keras 3 when pinned so, when it selects a backend
    (``KERAS_BACKEND``) or uses an API only Keras 3 has (``keras.ops``, ``keras.tree``...).
    "graph": pinned to TensorFlow 1 or standalone Keras before 2.4, which build TensorFlow 1
    graphs (a model call returns a symbolic tensor). Unknown otherwise: the environment decides."""
    text = screen.text
    if package == "tf_keras":
        return Known(2)
    pins = [(int(p.group(1)), int(p.group(2))) for p in _TF_PIN.finditer(text)]
    tf = pins[-1] if pins else None
    if tf is not None and tf < (2, 0):
        return Known("graph")
    if package == "tensorflow.keras":
        if _LEGACY_ENV.search(text) or tf is not None and tf < (2, 16):
            return Known(2)
        if tf is not None:
            return Known(3)
        return Unknown("`tf.keras` is Keras 3 from TensorFlow 2.16 (unless TF_USE_LEGACY_KERAS=1), Keras 2 before; "
                       "the module pins neither")
    pins = [(int(p.group(1)), int(p.group(2))) for p in _KERAS_PIN.finditer(text)]
    keras = pins[-1] if pins else None
    if keras is not None:
        return Known(3) if keras >= (3, 0) else Known(2) if keras >= (2, 4) else Known("graph")
    if tf is not None:
        return Known(2) if tf < (2, 16) else Known(3)  # TensorFlow 2.x pins Keras 2.x, 2.16 on Keras 3
    used = {name for node in ast.walk(screen.tree) if isinstance(node, (ast.Attribute, ast.Name))
            for name in screen.raw_names(node)}
    if _BACKEND_ENV.search(text) or any(n.startswith(_KERAS3_ONLY) for n in used):
        return Known(3)
    return Unknown("`import keras` may be Keras 3 (any backend) or Keras 2: no pin, no API only Keras 3 has")


_CACHE: WeakKeyDictionary = WeakKeyDictionary()


def facts_of(ctx: FileContext) -> FileFacts:
    """The facts API of ``ctx`` (one per file context)."""
    found = _CACHE.get(ctx)
    if found is None:
        found = _CACHE[ctx] = FileFacts(ctx)
    return found
