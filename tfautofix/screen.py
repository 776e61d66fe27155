"""The cheap screen: which rules can fire on a file, decided with regexes and ``ast``.

LibCST (and its scope metadata) costs ~10-80x an ``ast.parse``; most files of a
TensorFlow code base have nothing to fix. So before LibCST we compute, with the
builtin parser and regexes, a conservative *superset* of the code that
``analysis/traced.py`` may call traced (same seeds, matched by name instead of
by scope), and test each rule's ``triggers`` only against that text. A rule
with a broad trigger (``print``, ``random``) therefore costs nothing on files
whose traced code does not contain it. Rules that also fire outside traced code
set ``Rule.in_traced_code = False`` and are screened against the whole file.

The screen may keep a file that has no finding (LibCST then decides); it must
never drop one. ``tests/test_screen.py`` holds it to that on every golden case.
"""

from __future__ import annotations

import ast
import re
from typing import Sequence

from tfautofix.analysis.names import DATASET_METHODS, KERAS_TRACED_METHODS, TRACING_HIGHER_ORDER
from tfautofix.rule import Rule

#: A ``tf.function`` decorator or call, under any alias that keeps the name ``function``.
TF_FUNCTION_USE = re.compile(r"@[\w.]*\bfunction\b|\bfunction\s*\(|\bfunction\s+as\s")
#: A Python loop or comprehension.
LOOP = re.compile(r"\b(?:for|while)\b")
#: A file that mentions none of these cannot contain a TensorFlow hazard.
TENSORFLOW = re.compile(r"\b(?:tensorflow|keras|tf_keras)\b")

#: Callables whose (function) arguments are traced, by their last name component.
_WRAPPERS = frozenset(
    {"function", "partial", "compile"}
    | {name.rsplit(".", 1)[-1] for name in TRACING_HIGHER_ORDER}
    | set(DATASET_METHODS)
)
_ALIAS = re.compile(r"\b(" + "|".join(sorted(_WRAPPERS)) + r")\s+as\s+(\w+)")
_SELF_ATTRIBUTE = re.compile(r"\bself\.(\w+)")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_CALLED = re.compile(r"([A-Za-z_]\w*)\s*\(")
_BLOCK_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")
_FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef)


def rules_for(text: str, rules: Sequence[Rule], tree: ast.Module | None = None) -> list[Rule]:
    """The rules that may report something in ``text``.

    Raises ``SyntaxError`` (from ``ast.parse``) for a file that does not parse,
    so syntax errors are reported even when no rule could fire.
    """
    if tree is None:
        tree = ast.parse(text)
    if not rules or not TENSORFLOW.search(text):
        return []
    anywhere = [rule for rule in rules if rule.screen(text)]
    if not anywhere:
        return []
    traced_text = None
    result = []
    for rule in anywhere:
        if not getattr(rule, "in_traced_code", True):
            result.append(rule)
            continue
        if traced_text is None:
            traced_text = traced_source(text, tree)
        if traced_text and rule.screen(traced_text):  # the rule's own screen: triggers are substrings
            result.append(rule)
    return result


def traced_source(text: str, tree: ast.Module) -> str:
    """The source text of every function (and wrapper call) that may be traced."""
    lines = text.splitlines(keepends=True)
    functions: dict[str, list[ast.AST]] = {}
    seeds: list[ast.AST] = []
    decorated: list[ast.AST] = []
    _collect(tree, functions, seeds, decorated, in_class=False)
    wrappers = set(_WRAPPERS) | {alias for _, alias in _ALIAS.findall(text)}
    wrapper_name = re.compile(r"\b(?:" + "|".join(sorted(wrappers)) + r")\b")
    wrapper_call = re.compile(wrapper_name.pattern + r"\s*\(")
    for func in decorated:
        # `@tf.function`, `@def_function.function(...)`, `@my_alias`; not `@tf_export(...)`.
        if any(wrapper_name.search(_segment(lines, d)) for d in func.decorator_list):
            seeds.append(func)

    regions: list[str] = []
    # Functions and lambdas handed to tf.function, map_fn, Dataset.map, compile(...), partial.
    for match in wrapper_call.finditer(text):
        call = _balanced(text, match.end())
        regions.append(match.group(0) + call)  # the wrapper and its arguments (a lambda's body)
        for name in _IDENTIFIER.findall(call):
            seeds.extend(functions.get(name, ()))
    traced: set[int] = set()
    pending = seeds
    while pending:
        node = pending.pop()
        if id(node) in traced:
            continue
        traced.add(id(node))
        segment = _segment(lines, node)
        regions.append(segment)
        # Same-module helpers (and self. methods) called from traced code.
        for name in _CALLED.findall(segment):
            pending.extend(f for f in functions.get(name, ()) if id(f) not in traced)
    traced_text = "".join(regions)
    return traced_text + _definitions_used(traced_text, text, lines, tree)


def _definitions_used(traced_text: str, text: str, lines: list[str], tree: ast.Module) -> str:
    """What names in traced code stand for, since a trigger may be spelled there:
    imports (``from random import uniform`` ... ``uniform()``), module-level
    assignments (``rng = np.random.default_rng()``) and ``self.x = ...``."""
    used = set(_IDENTIFIER.findall(traced_text))
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if (a.asname or a.name.split(".")[0]) in used]
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.module}.{a.name}" for a in node.names if (a.asname or a.name) in used]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in used for t in targets):
                found.append("".join(lines[node.lineno - 1 : node.end_lineno]))
    for attribute in set(_SELF_ATTRIBUTE.findall(traced_text)):
        found += re.findall(rf"self\.{attribute}\s*(?::[^=\n]*)?=[^=].*", text)
    return "\n".join(found)


def _collect(node: ast.AST, functions: dict, seeds: list, decorated: list, in_class: bool) -> None:
    """Every def (by name); Keras methods as seeds; decorated defs to look at."""
    for name in _BLOCK_FIELDS:
        for child in getattr(node, name, ()) or ():
            if isinstance(child, _FUNCTION_NODES):
                functions.setdefault(child.name, []).append(child)
                if in_class and child.name in KERAS_TRACED_METHODS:
                    seeds.append(child)
                elif child.decorator_list:
                    decorated.append(child)
                _collect(child, functions, seeds, decorated, in_class=False)
            elif isinstance(child, ast.ClassDef):
                _collect(child, functions, seeds, decorated, in_class=True)
            elif isinstance(child, (ast.stmt, ast.excepthandler)) or type(child).__name__ == "match_case":
                _collect(child, functions, seeds, decorated, in_class)


def _segment(lines: list[str], node: ast.AST) -> str:
    """The source of ``node`` with its decorators, without its docstring and comment lines."""
    start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", ())])
    selected = lines[start - 1 : node.end_lineno]
    body = getattr(node, "body", None)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        selected = lines[start - 1 : body[0].lineno - 1] + lines[body[0].end_lineno : node.end_lineno]
    return "".join(line for line in selected if not line.lstrip().startswith("#"))


def _balanced(text: str, start: int, limit: int = 4000) -> str:
    """The text of a call's arguments, from after ``(`` to its closing parenthesis."""
    depth = 1
    end = min(len(text), start + limit)
    for index in range(start, end):
        char = text[index]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return text[start:index]
    return text[start:end]
