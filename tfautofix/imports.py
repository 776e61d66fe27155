"""The imports fixes add: a name that collides with nothing, placed where isort puts it.

Every fix that needs a module asks :func:`import_name` how to spell it (the
file's own import of it, else a fresh name no scope of the file uses: ``sys``,
else ``sys_``), and :func:`add_imports` adds the missing imports to the module's
top import block in isort's order (sections ``__future__``, standard library,
third party, first party; ``import x`` before ``from x import y``; sorted by
module), so ``ruff check --select I`` stays clean on a sorted file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import libcst as cst

from tfautofix.analysis.names import ImportSpec

_STDLIB = frozenset(getattr(sys, "stdlib_module_names", ())) | {"__future__"}


def module_imports(module: cst.Module) -> dict[str, str]:
    """``{module name: local name}`` of the module-level ``import m [as x]`` statements."""
    found: dict[str, str] = {}
    for statement in module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Import):
                for alias in small.names:
                    name = _dotted(alias.name)
                    found.setdefault(name, alias.asname.name.value if alias.asname else name.split(".")[0])
    return found


def identifiers(module: cst.Module) -> frozenset[str]:
    """Every name the module binds or uses in any scope (conservative: attribute names too)."""
    names: set[str] = set()

    class Collect(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            names.add(node.value)

        def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
            for alias in () if isinstance(node.names, cst.ImportStar) else node.names:
                alias.visit(self)  # the names it binds; `from tensorflow import x` binds no `tensorflow`
            return False

    module.visit(Collect())
    return frozenset(names)


def import_name(module: cst.Module, name: str, preferred: str | None = None, taken: frozenset[str] | None = None) -> tuple[str, ImportSpec | None]:
    """How generated code should spell module ``name``, and the import it needs (None: the file has it).

    A fresh name must be free in every scope of the file: a global or a local
    called ``sys`` would shadow ``import sys`` where the fix uses it.
    """
    existing = module_imports(module).get(name)
    if existing is not None:
        return existing if "." not in name or existing != name.split(".")[0] else name, None
    taken = identifiers(module) if taken is None else taken
    top = name.split(".")[0]
    for candidate in dict.fromkeys((preferred or top, top, f"{preferred or top}_", f"_{preferred or top}")):
        if candidate not in taken:
            asname = None if candidate == top else candidate
            return (candidate if "." not in name or asname else name), ImportSpec(name, asname=asname)
    number = 2
    while f"{top}{number}" in taken:
        number += 1
    return f"{top}{number}", ImportSpec(name, asname=f"{top}{number}")


# -- placement ----------------------------------------------------------------


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _statement(spec: ImportSpec) -> cst.SimpleStatementLine:
    asname = f" as {spec.asname}" if spec.asname else ""
    code = f"from {spec.module} import {spec.obj}{asname}\n" if spec.obj else f"import {spec.module}{asname}\n"
    return cst.parse_statement(code)  # type: ignore[return-value]


def _section(module_name: str, relative: bool = False) -> int:
    """isort's sections: future, standard library, third party, first party (or relative)."""
    top = module_name.split(".")[0]
    if relative:
        return 4
    if top == "__future__":
        return 0
    if top in _STDLIB:
        return 1
    if (Path.cwd() / top).is_dir() or (Path.cwd() / f"{top}.py").is_file():
        return 3
    return 2


def _key(statement: cst.CSTNode) -> tuple | None:
    """(section, from-import?, module) of a top-level import statement, else None."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.Import):
        name = _dotted(small.names[0].name)
        return _section(name), 0, name.lower()
    if isinstance(small, cst.ImportFrom):
        name = _dotted(small.module) if small.module is not None else ""
        return _section(name, bool(small.relative)), 1, name.lower()
    return None


def _has(module: cst.Module, spec: ImportSpec) -> bool:
    for statement in module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Import) and not spec.obj:
                if any(_dotted(a.name) == spec.module and (a.asname.name.value if a.asname else None) == spec.asname for a in small.names):
                    return True
            elif isinstance(small, cst.ImportFrom) and spec.obj and small.module is not None and not small.relative:
                if _dotted(small.module) == spec.module and not isinstance(small.names, cst.ImportStar):
                    if any(_dotted(a.name) == spec.obj and (a.asname.name.value if a.asname else None) == spec.asname for a in small.names):
                        return True
    return False


def _blank(count: int) -> list[cst.EmptyLine]:
    return [cst.EmptyLine() for _ in range(count)]


def add_imports(module: cst.Module, specs) -> cst.Module:
    """``module`` with the missing ``specs`` inserted in isort order."""
    for spec in sorted(set(specs), key=lambda s: (s.obj is not None, s.module.lower(), s.obj or "", s.asname or "")):
        if not _has(module, spec):
            module = _insert(module, _statement(spec))
    return module


def blank_lines_after_imports(original: cst.Module, module: cst.Module) -> cst.Module:
    """``module`` with one blank line, as isort wants, between its imports and a statement a fix put there.

    Fixes insert module-level statements before a function with the function's two
    blank lines; after the imports isort wants one unless a definition follows. The
    statement that was there before the fixes keeps its lines.
    """
    end = _import_block_end(module)
    if end == 0 or end >= len(module.body):
        return module
    following = module.body[end]
    if isinstance(following, (cst.FunctionDef, cst.ClassDef)) or len(following.leading_lines) < 2:
        return module
    if any(line.comment is not None for line in following.leading_lines):
        return module
    old_end = _import_block_end(original)
    if old_end < len(original.body) and original.body[old_end].deep_equals(following):
        return module  # untouched: the file's own spacing
    return module.with_changes(body=[*module.body[:end], following.with_changes(leading_lines=_blank(1)), *module.body[end + 1 :]])


def _import_block_end(module: cst.Module) -> int:
    """The index of the first statement after the top import block (0 if there is none)."""
    body = module.body
    start = _preamble_end(body)
    end = start
    while end < len(body) and _key(body[end]) is not None:
        end += 1
    return end if end > start else 0


def _preamble_end(body) -> int:
    """Where imports may start: after the docstring and a notebook's leading magics
    (``!pip install ...`` may install what the imports need; tfautofix/notebook.py masks them)."""
    start = 1 if body and _is_docstring(body[0]) else 0
    while start < len(body) and _is_masked_magic(body[start]):
        start += 1
    return start


def _is_masked_magic(statement: cst.CSTNode) -> bool:
    comment = statement.trailing_whitespace.comment if isinstance(statement, cst.SimpleStatementLine) else None
    return comment is not None and comment.value.startswith("# tfautofix:magic:") and isinstance(statement.body[0], cst.Pass)


def _is_docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _insert(module: cst.Module, new: cst.SimpleStatementLine) -> cst.Module:
    body = list(module.body)
    start = _preamble_end(body)
    end = start
    while end < len(body) and _key(body[end]) is not None:
        end += 1
    key = _key(new)
    if end == start:  # no imports: a block of one, then the blank lines isort wants
        following = body[start] if start < len(body) else None
        if following is not None:
            leading = following.leading_lines
            if all(line.comment is None for line in leading):
                wanted = 2 if isinstance(following, (cst.FunctionDef, cst.ClassDef)) else 1
                body[start] = following.with_changes(leading_lines=_blank(wanted))
            new = new.with_changes(leading_lines=leading if not all(line.comment is None for line in leading) else ())
        body.insert(start, new)
        return module.with_changes(body=body)
    position = end
    for index in range(start, end):
        if _key(body[index]) > key:
            position = index
            break
    before = _key(body[position - 1]) if position > start else None
    after = _key(body[position]) if position < end else None
    if position < end and (before is None or before[0] != key[0]):
        # ``new`` opens the section of the statement at ``position``, or a section of its own
        current = body[position]
        if after[0] == key[0]:  # it takes over that statement's place at the head of the section
            new = new.with_changes(leading_lines=current.leading_lines)
            body[position] = current.with_changes(leading_lines=())
        else:  # a new section before it
            new = new.with_changes(leading_lines=current.leading_lines if before is None else _blank(1))
            body[position] = current.with_changes(leading_lines=_blank(1))
    elif before is not None and before[0] != key[0]:
        new = new.with_changes(leading_lines=_blank(1))  # a new section after the last one
    body.insert(position, new)
    return module.with_changes(body=body)
