"""``check --format github``: GitHub Actions workflow commands, shown as annotations on the diff."""

from __future__ import annotations

from typing import Iterable

from tfautofix.rule import Finding


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding) -> str:
    fix = "" if finding.fix is None else f" [{finding.fix.applicability} fix]"
    properties = (
        f"file={_property(finding.path)},line={finding.line},col={finding.column},"
        f"endLine={finding.end_line},endColumn={finding.end_column},"
        f"title={_property(f'{finding.code} {finding.name}')}"
    )
    cell = "" if finding.cell is None else f"cell {finding.cell}, line {finding.line}: "  # lines count within the cell
    return f"::warning {properties}::{_data(cell + finding.message + fix)}"


def error_annotation(path: str, reason: str) -> str:
    from tfautofix.report import error_location

    where = error_location(reason)
    line = f",line={where[0]},col={where[1]}" if where else ""
    return f"::error file={_property(path)}{line},title=tfautofix::{_data(reason)}"


def findings_github(findings: Iterable[Finding], errors: Iterable[tuple[str, str]] = ()) -> str:
    lines = [annotation(f) for f in findings] + [error_annotation(path, reason) for path, reason in errors]
    return "\n".join(lines)
