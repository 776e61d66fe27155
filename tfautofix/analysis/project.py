"""The project index: what the other files of one run say about a file.

Traced code crosses modules: a helper in ``utils.py`` called from a
``@tf.function`` in ``train.py`` is traced; ``common.function`` defined in one
module wraps functions in others; ``from .compat import tf`` is TensorFlow when
``compat.py`` does ``import tensorflow as tf``. Each file's traced-code model
(``analysis/traced.py``) reports, in a small :class:`Summary`, what it exports
(TensorFlow re-exports, ``tf.function`` wrappers), which qualified names its
traced code calls or wraps, and what those calls pass them (:class:`Passed`);
:func:`facts_for` turns the summaries of a run into the :class:`Facts` each file is
then analysed with. The engine runs files first without facts and again (only those
whose facts are not empty) until nothing changes; the cache key of a file includes
its facts.
"""

from __future__ import annotations

import ast
import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping

if TYPE_CHECKING:
    from tfautofix.screen import Screen

#: Modules whose names a project never re-exports as its own TensorFlow.
_TF_MODULES = ("tensorflow", "keras", "tf_keras")


@dataclass(frozen=True)
class Passed:
    """What traced calls pass a function: one call, or merged (``|``) over calls and files.

    One record per call edge, built by one walk (``TracedCode.passed``) and merged and
    cached once, serves both questions a helper's callers answer. ``count`` and ``keywords``:
    the leading positional arguments and the keywords every call surely passes (not a
    literal None; nothing from ``*args``/``**kwargs`` on), so the branch for an omitted one
    is never taken (``TracedCode._never_taken``). ``tensors``: which arguments some call may
    pass a tensor (a flag per position, keywords), so the others are Python values
    (``TracedCode.tensor_parameters``); None: any may be one. ``Passed()`` knows nothing:
    a function also called by code the model does not follow."""

    count: int = 0
    keywords: tuple[str, ...] = ()
    tensors: tuple[tuple[bool, ...], tuple[str, ...]] | None = None

    def __or__(self, other: Passed) -> Passed:
        tensors = None
        if self.tensors is not None and other.tensors is not None:
            flags = [self.tensors[0], other.tensors[0]]
            tensors = (tuple(any(f[i] for f in flags if i < len(f)) for i in range(max(map(len, flags)))),
                       tuple(sorted({*self.tensors[1], *other.tensors[1]})))
        return Passed(min(self.count, other.count), tuple(sorted({*self.keywords} & {*other.keywords})), tensors)


@dataclass(frozen=True)
class Facts:
    """What the run knows about one file from the others."""

    module: str | None
    #: qualname in this file ("f", "Class.method") → (reason, why AutoGraph is off or None)
    traced: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    #: qualified name of a project ``tf.function`` wrapper → its ``autograph=`` default
    wrappers: Mapping[str, bool] = field(default_factory=dict)
    #: qualified name this file imports → the TensorFlow module it is ("myproj.compat.tf" → "tensorflow")
    aliases: Mapping[str, str] = field(default_factory=dict)
    #: qualname of ``traced`` → what the traced calls of the others pass it, merged
    passed: Mapping[str, Passed] = field(default_factory=dict)
    #: the file reads as a program, but other files of the run import it: a library after all
    imported: bool = False

    def unaliased(self, name: str) -> str:
        """``name`` (absolute or relative, as imported) with a project module that
        re-exports TensorFlow replaced by it: ``myproj.compat.tf.function`` → ``tensorflow.function``."""
        if name.startswith("."):
            from tfautofix.analysis.names import absolute_module

            level = len(name) - len(name.lstrip("."))
            name = absolute_module(self.module, name[level:], level) or name
        for alias, target in self.aliases.items():
            if name == alias or name.startswith(alias + "."):
                return target + name[len(alias):]
        return name

    @property
    def matter(self) -> bool:
        return bool(self.traced or self.wrappers or self.aliases)

    def key(self) -> str:
        """For the cache: what this file's results depend on besides its text."""
        if not (self.matter or self.imported):
            return ""
        text = repr((sorted(self.traced.items()), sorted(self.wrappers.items()), sorted(self.aliases.items()), sorted(self.passed.items()), self.imported))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class Summary:
    """What one file tells the others (plain data: it crosses process boundaries and the cache)."""

    module: str | None
    #: module-level names bound to a TensorFlow module ("tf" → "tensorflow")
    exports: dict[str, str] = field(default_factory=dict)
    #: module-level tf.function wrappers → autograph default
    wrappers: dict[str, bool] = field(default_factory=dict)
    #: qualified names bound by this file's imports (what it may need facts about)
    imports: list[str] = field(default_factory=list)
    #: qualified name called or wrapped from traced code → (reason, why AutoGraph is off or None)
    traced_out: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    #: of ``traced_out``: what the calls here pass each, merged (``Passed()``: also used as a value)
    passed: dict[str, Passed] = field(default_factory=dict)
    #: the file reads as a program (``Screen.looks_like_program``)
    program: bool = False

    def to_json(self) -> dict:
        return {
            "module": self.module, "exports": self.exports, "wrappers": self.wrappers, "program": self.program,
            "imports": self.imports, "traced_out": {k: list(v) for k, v in self.traced_out.items()},
            "passed": {k: [v.count, v.keywords, v.tensors] for k, v in self.passed.items()},
        }

    @classmethod
    def from_json(cls, data: dict) -> "Summary":
        return cls(
            data["module"], data["exports"], data["wrappers"], data["imports"],
            {k: (v[0], v[1]) for k, v in data["traced_out"].items()},
            {k: Passed(count, tuple(keywords), None if tensors is None else (tuple(tensors[0]), tuple(tensors[1])))
             for k, (count, keywords, tensors) in data["passed"].items()},
            data.get("program", False),
        )


def summarize_file(path: str, facts: Facts | None) -> Summary | None:
    """The summary of the file at ``path`` alone (None if it cannot be read or parsed)."""
    from tfautofix.files import SourceError, read_source

    try:
        text = read_source(Path(path)).text
        return summary_of(text, ast.parse(text), path, facts)
    except (SourceError, SyntaxError, ValueError, RecursionError):
        return None


def summary_of(text: str, tree: ast.Module, path: str, facts: Facts | None, screen: Screen | None = None) -> Summary:
    """The summary of a file; ``screen``: the one its screening built, if any. Files
    without TensorFlow in their text only tell what they import."""
    if screen is None and ("tensorflow" in text or "keras" in text or (facts is not None and facts.matter)):
        from tfautofix.screen import Screen

        screen = Screen(text, tree, path=path, facts=facts)
    if screen is not None:
        return summarize(screen)
    summary = Summary(facts.module if facts is not None else module_name(path))
    imports = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            imports.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            from tfautofix.analysis.names import absolute_module

            module = absolute_module(summary.module, node.module, node.level)
            if module is not None:
                imports.update(f"{module}.{alias.name}" for alias in node.names)
    summary.imports = sorted(imports)
    return summary


def _module_level(body: list[ast.stmt]) -> Iterable[ast.stmt]:
    """Module-level statements, also inside ``try``/``if``/``with`` blocks, in order: ``try: import
    tf_keras as keras`` / ``except ImportError: import keras`` (Hugging Face's
    ``modeling_tf_utils``) exports the first, the one the module prefers; ``with
    lazy_imports(): import tensorflow`` (TFDS) exports ``tensorflow``."""
    for node in body:
        yield node
        if isinstance(node, ast.With):
            yield from _module_level(node.body)
        elif isinstance(node, ast.Try):
            for block in (node.body, *(h.body for h in node.handlers), node.orelse, node.finalbody):
                yield from _module_level(block)
        elif isinstance(node, ast.If):
            yield from _module_level(node.body)
            yield from _module_level(node.orelse)


def summarize(screen: Screen) -> Summary:
    """The summary of a file from its screen (the walk and the traced-code model)."""
    summary = Summary(screen.module, program=screen.looks_like_program)
    for node in _module_level(screen.tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in _TF_MODULES:  # `import tensorflow` re-exported too (TFDS' lazy imports)
                    summary.exports.setdefault(alias.asname or top, alias.name if alias.asname else top)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if node.module.split(".")[0] in _TF_MODULES:
                for alias in node.names:
                    if alias.name == "keras" or alias.asname:
                        summary.exports.setdefault(alias.asname or alias.name, f"{node.module}.{alias.name}")
    summary.imports = sorted({module for modules in screen._imports.values() for module in modules if module.split(".")[0] not in _TF_MODULES})
    model = screen.traced_code
    summary.wrappers = dict(model.wrappers)
    for qualified, why, passed in model.outgoing():
        if qualified.split(".")[0] in ("builtins",):
            continue
        _add(summary.traced_out, summary.passed, qualified, (why.text, why.off), passed)
    return summary


def facts_for(summaries: Mapping[str, Summary]) -> dict[str, Facts]:
    """path → the facts its file gets from the others (only files with some)."""
    by_module = {s.module: path for path, s in summaries.items() if s.module}
    exports: dict[str, str] = {}
    wrappers: dict[str, bool] = {}
    for summary in summaries.values():
        if summary.module:
            exports.update({f"{summary.module}.{name}": target for name, target in summary.exports.items()})
            wrappers.update({f"{summary.module}.{name}": default for name, default in summary.wrappers.items()})
    traced: dict[str, dict[str, tuple[str, str | None]]] = {}
    passed: dict[str, dict[str, Passed]] = {}
    for _, summary in sorted(summaries.items()):  # in path order: the same reason whichever file finished first
        for qualified, why in summary.traced_out.items():
            if qualified.split(".")[0] in _TF_MODULES:
                # TensorFlow's and Keras' own modules build graphs at trace time by design:
                # that their helpers run traced is their job, not a hazard to report.
                continue
            for module, qualname in _splits(qualified):
                path = by_module.get(module)
                if path is not None and path in summaries:
                    _add(traced.setdefault(path, {}), passed.setdefault(path, {}), qualname, why, summary.passed.get(qualified, Passed()))
                    break
    facts: dict[str, Facts] = {}
    for path, summary in summaries.items():
        used_wrappers = {name: d for name, d in wrappers.items() if _imported(name, summary.imports)}
        aliases = {name: exports[name] for name in summary.imports if name in exports}
        mine = traced.get(path, {})
        imported = summary.program and summary.module is not None and any(
            _imported(summary.module, other.imports) or any(name.startswith(summary.module + ".") for name in other.imports)
            for other_path, other in summaries.items() if other_path != path)
        if used_wrappers or aliases or mine or imported:
            facts[path] = Facts(summary.module, mine, used_wrappers, aliases, passed.get(path, {}), imported)
    return facts


def _add(reasons: dict[str, tuple[str, str | None]], edges: dict[str, Passed], name: str, why: tuple[str, str | None], passed: Passed) -> None:
    """One more traced call of ``name``: keep the first reason, or the first that says
    AutoGraph is off (it decides TFA003); merge what the calls pass."""
    known = reasons.get(name)
    if known is None or (known[1] is None and why[1] is not None):
        reasons[name] = why
    edges[name] = edges[name] | passed if name in edges else passed


def _splits(qualified: str) -> Iterable[tuple[str, str]]:
    """("a.b.c.d") → ("a.b.c", "d"), ("a.b", "c.d"), ...: module and qualname within it."""
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        qualname = parts[cut:]
        if len(qualname) <= 2:
            yield ".".join(parts[:cut]), ".".join(qualname)


def _imported(name: str, imports: list[str]) -> bool:
    return any(name == imported or name.startswith(imported + ".") for imported in imports)


def module_name(path: str) -> str | None:
    """The dotted module name of a file: its stem, under every package (``__init__.py``) around it."""
    file = Path(path)
    if file.suffix != ".py":
        return None
    return _package(file.resolve().parent, file.stem)


@lru_cache(maxsize=4096)
def _package(directory: Path, stem: str) -> str:
    parts = [] if stem == "__init__" else [stem]
    while (directory / "__init__.py").is_file() and directory.name.isidentifier():
        parts.insert(0, directory.name)
        directory = directory.parent
    return ".".join(parts) or stem
