"""Checking text that is not a file on disk: an editor's buffer, or a notebook's cells as an
editor or IPython holds them (``tfautofix server``, ``%load_ext tfautofix``).

Each is checked as ``tfautofix check`` would check the file: its nearest ``pyproject.toml``,
the engine's findings, a notebook's cells joined by :mod:`tfautofix.notebook`. Fixes give the
new text of each changed document, as ``tfautofix fix`` would write it.
"""

from __future__ import annotations

import ast
import io
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

from tfautofix.bulk import Overrides, options_for, selection_for
from tfautofix.codemods import all_rules
from tfautofix.config import ConfigError, config_for
from tfautofix.engine import (
    FixError,
    _rules,
    apply_one,
    detect,
    fix_source,
    process_text,
)
from tfautofix.files import source_lines
from tfautofix.notebook import _join, _locate, _split_into
from tfautofix.results import Options
from tfautofix.rule import Finding
from tfautofix.suppressions import SUPPRESSION, unknown_codes


@dataclass
class Cell:
    uri: str  # how the cell is named: its document's URI in an editor, In[N] in IPython
    text: str
    code: bool = True


@dataclass
class Checked:
    """One document (a file, or a notebook's cells joined as ``tfautofix check`` joins them) as last checked."""

    path: str
    options: Options | None  # None: excluded, or the configuration is invalid
    text: str
    version: object = None  # the document's (or notebook's) version checked
    cells: list[Cell] | None = None  # a notebook's cells (their text as checked)
    findings: list[Finding] = field(default_factory=list)
    #: (line, message, is an error) in a file: it cannot be parsed; unknown codes in suppressions (warnings)
    problems: list[tuple[int, str, bool]] = field(default_factory=list)


def options_for_file(path: str) -> tuple[Options | None, str | None]:
    """The rules and fix settings ``check`` would use for ``path`` (None when it would skip the file)."""
    try:
        config = config_for(Path(path))
        if config.excluded(Path(path)):
            return None, None
        return options_for(selection_for(config, Path(path), Overrides())), None
    except ConfigError as error:
        return None, str(error)


def check_text(path: str, text: str, options: Options | None) -> Checked:
    checked = Checked(path, options, text)
    if options is not None:
        _run(checked, text)
    return checked


def check_notebook(path: str, cells: list[Cell], options: Options | None) -> Checked:
    joined = _join(_cell_dicts(cells))
    checked = Checked(path, options, joined.text, cells=cells)
    if options is not None:
        _run(checked, joined.text)
        for finding in checked.findings:
            _locate(finding, joined)
    return checked


def _cell_dicts(cells: list[Cell]) -> list[dict]:
    return [{"cell_type": "code" if cell.code else "markdown", "source": cell.text} for cell in cells]


def _run(checked: Checked, text: str) -> None:
    from tfautofix.report import error_location

    result = process_text(checked.path, text, checked.options, fix=False)
    checked.findings = result.findings
    if result.error is not None and checked.cells is None:
        checked.problems.append(((error_location(result.error) or (1, 1))[0], result.error, True))
    if checked.cells is None and "tfautofix:" in text:
        known = {rule.code for rule in all_rules()}
        checked.problems += [(line, f"unknown rule code {code!r} in a suppression comment (it suppresses nothing)", False)
                             for line, code in unknown_codes(source_lines(text), known)]


# -- edits -------------------------------------------------------------------------


def fixed(checked: Checked, finding: Finding | None, candidate: int = 0) -> dict[str, str] | None:
    """The new text of each changed document (a cell uri, or "" for the file) after
    ``finding``'s fix (or its candidate number ``candidate``: 0 the fix, then its
    alternatives), or every fix ``fix`` would apply (``finding`` None)."""
    rules = _rules(checked.options.rules)
    try:
        if finding is None:
            new = fix_source(checked.text, rules, checked.path, checked.options.unsafe_fixes)[0]
        else:
            ctx, found = detect(checked.text, rules, checked.path)
            line = finding.line if checked.cells is None else _joined_line(checked, finding)
            match = next((f for f in found if (f.code, f.line, f.column) == (finding.code, line, finding.column) and f.fix), None)
            if match is None or not 0 <= candidate < len(match.candidates):
                return None
            new = apply_one(ctx, match, fix=match.candidates[candidate])
    except Exception:  # noqa: BLE001 -- FixError, a parse error, a bug in a rule: no edit offered, never a crash
        return None
    if checked.cells is None:
        return {"": new} if new != checked.text else {}
    cells = _cell_dicts(checked.cells)
    try:
        _split_into(cells, new, _join(cells))
    except FixError:
        return None
    return {cell.uri: data["source"] for cell, data in zip(checked.cells, cells) if data["source"] != cell.text}


def _joined_line(checked: Checked, finding: Finding) -> int:
    joined = _join(_cell_dicts(checked.cells))
    first = next(first for first, index in joined.starts if index == finding.cell - 1)
    return finding.line + first - 1


def ignore_line(text: str, line: int, code: str) -> str | None:
    """``text`` with ``code`` suppressed on ``line`` by a ``# tfautofix: ignore[...]`` comment
    (added, or extended); None when a comment cannot go there (inside a string, after a backslash)."""
    lines = source_lines(text, keepends=True)
    if not 0 < line <= len(lines):
        return None
    body = lines[line - 1].rstrip("\r\n")
    ending = lines[line - 1][len(body):]
    match = SUPPRESSION.search(body)
    if match is not None and match.group("codes") is not None:
        codes = [c.strip() for c in match.group("codes").split(",") if c.strip()]
        new = body[: match.start("codes")] + ", ".join([*codes, code]) + body[match.end("codes"):]
    else:
        new = f"{body}  # tfautofix: ignore[{code}]"
    lines[line - 1] = new + ending
    result = "".join(lines)
    try:  # the comment must be a comment on that line, not text inside a string or after a backslash
        comments = [t for t in tokenize.generate_tokens(io.StringIO(result).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError):
        return None
    if not any(t.start[0] == line and SUPPRESSION.search(t.string) for t in comments):
        return None
    if parses(text) and not parses(result):  # `x = 1 + \  # comment`
        return None
    return result


def parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True
