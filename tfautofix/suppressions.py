"""Function-wide suppressions: ``# tfautofix: ignore[CODES]`` on a ``def`` line.

A comment on the flagged line itself is handled by the engine; this module adds
the form that covers a whole function (decorators, signature and body), for
code that deliberately runs at trace time.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING, Iterator

from tfautofix.rule import Finding

if TYPE_CHECKING:
    from tfautofix.screen import Screen

SUPPRESSION = re.compile(r"#\s*tfautofix:\s*ignore(?:\[(?P<codes>[A-Za-z0-9_,\s]+)\])?")

#: (first line, last line, codes or None for every code)
Region = tuple[int, int, "frozenset[str] | None"]


def _codes(comment: str) -> frozenset[str] | None | bool:
    """The codes a comment suppresses: a set, None (all codes), or False (no suppression)."""
    match = SUPPRESSION.search(comment)
    if match is None:
        return False
    codes = match.group("codes")
    return None if codes is None else frozenset(c.strip().upper() for c in codes.split(",") if c.strip())


def unknown_codes(lines: list[str], known) -> Iterator[tuple[int, str]]:
    """``(line, code)`` of codes in suppression comments that name no rule (a typo suppresses nothing)."""
    for number, line in enumerate(lines, 1):
        if "tfautofix:" in line:
            codes = _codes(line)
            for code in sorted(codes or ()):
                if code not in known:
                    yield number, code


def function_regions(screen: Screen, lines: list[str]) -> Iterator[Region]:
    """Functions whose ``def`` line (or the line ending their signature), or one of
    whose decorator lines, carries a suppression."""
    for site in screen.sites(ast.FunctionDef, ast.AsyncFunctionDef):
        func = site.node
        header = {func.lineno, *(d.lineno for d in func.decorator_list)}
        # The signature ends on the last line before the body that is not blank or a comment.
        body = min([func.body[0].lineno, *(d.lineno for d in getattr(func.body[0], "decorator_list", ()))])
        end = next(
            (n for n in range(body - 1, func.lineno, -1) if lines[n - 1].strip()[:1] not in ("", "#")),
            func.lineno,
        )
        codes = _codes(" ".join(lines[n - 1] for n in sorted({*header, end}) if 0 < n <= len(lines)))
        if codes is not False:
            yield func.lineno, func.end_lineno, codes


def in_suppressed_function(finding: Finding, regions: list[Region]) -> bool:
    return any(
        first <= finding.line <= last and (codes is None or finding.code in codes)
        for first, last, codes in regions
    )
