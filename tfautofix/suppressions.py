"""Function-wide suppressions: ``# tfautofix: ignore[CODES]`` on a ``def`` line.

A comment on the flagged line itself is handled by the engine; this module adds
the form that covers a whole function (decorators, signature and body), for
code that deliberately runs at trace time.
"""

from __future__ import annotations

import re
from typing import Iterator

import libcst as cst

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.rule import Finding

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


def function_regions(ctx: FileContext, lines: list[str]) -> Iterator[Region]:
    """Functions whose ``def`` line (or the line ending their signature), or one of
    whose decorator lines, carries a suppression."""
    for func in nodes(ctx, cst.FunctionDef):
        def_line = ctx.span(func.name)[0][0]
        decorators = {ctx.span(d)[0][0] for d in func.decorators}
        header = " ".join(lines[n - 1] for n in sorted({*decorators, def_line}) if 0 < n <= len(lines))
        if isinstance(func.body, cst.IndentedBlock) and func.body.header.comment is not None:
            header += " " + func.body.header.comment.value
        codes = _codes(header)
        if codes is not False:
            start, end = ctx.span(func)
            yield start[0], end[0], codes


def in_suppressed_function(finding: Finding, regions: list[Region]) -> bool:
    return any(
        first <= finding.line <= last and (codes is None or finding.code in codes)
        for first, last, codes in regions
    )
