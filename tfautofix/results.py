"""What a run produced for one file, and how it reaches the disk.

Importable without LibCST or the rules: a run served entirely from the cache, and the CLI's
start-up, need only this (``engine`` does the work and re-exports these names).
"""

from __future__ import annotations

import difflib
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from tfautofix.files import SourceError, read_source, source_lines, write_atomic

if TYPE_CHECKING:
    from tfautofix.analysis.project import Facts, Summary
    from tfautofix.rule import Finding


@dataclass(frozen=True)
class Options:
    rules: tuple[str, ...]  # rule codes, resolved by the caller from --select/--ignore
    unsafe_fixes: bool = False
    target_version: tuple[int, int] = sys.version_info[:2]
    #: The trace log given with --traces (``tfautofix.tracing.log.TraceLog``), loaded once.
    traces: object = None
    #: What the other files of the run say about this one (``analysis/project.py``).
    facts: Facts | None = None


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)  # left after fixing (or all, for check)
    applied: list[Finding] = field(default_factory=list)  # findings whose fix was applied
    original: str | None = None
    fixed: str | None = None  # the fixed text when it differs from `original`
    encoding: str = "utf-8"
    error: str | None = None
    #: What this file tells the other files of the run (``analysis/project.Summary``).
    summary: Summary | None = None
    cached: bool = False  # served from the cache
    warnings: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.fixed is not None and self.fixed != self.original

    def as_data(self) -> FileResult:
        """Positions and text only, fit to cross a process boundary or enter the cache: a fix's
        edits hold LibCST nodes and closures, which are useless once applied and cannot be pickled."""
        for finding in (*self.findings, *self.applied):
            if finding.fix is not None and finding.fix.edits:
                finding.fix = replace(finding.fix, edits={})
            finding.alternatives = tuple(replace(alternative, edits={}) for alternative in finding.alternatives)
        return self


def write_result(result: FileResult) -> None:
    """Write a fixed file atomically, unless it changed on disk since we read it.

    The compare-and-replace happens under an exclusive lock on the file, so two
    concurrent runs never overwrite each other's work.
    """
    if not result.changed:
        return
    path = Path(result.path)
    with _locked(path):
        current = read_source(path)
        if current.text == result.fixed:  # another run got there first
            return
        if current.text != result.original:
            raise SourceError("changed on disk while tfautofix was running; not written")
        write_atomic(path, current.encode(result.fixed))


@contextmanager
def _locked(path: Path):
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; the compare still applies
        yield
        return
    with open(path, "rb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def line_on_disk(original: str, fixed: str) -> Callable[[int], int]:
    """Maps a line of ``fixed`` to the line of ``original`` it comes from (a
    rewritten line to the line it replaces): findings that remain in a file that
    is not written must point into the file on disk."""
    before, after = source_lines(original), source_lines(fixed)
    blocks = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()

    def lookup(line: int) -> int:
        for tag, i1, i2, j1, j2 in blocks:
            if j1 <= line - 1 < j2:
                offset = line - 1 - j1
                return i1 + (offset if tag == "equal" else min(offset, max(i2 - i1 - 1, 0))) + 1
        return max(len(before), 1)

    return lookup


def findings_on_disk(result: FileResult) -> None:
    """Renumber ``result``'s remaining findings against the original text (it was not written)."""
    if not result.changed or result.path.endswith(".ipynb"):  # notebooks number them so already
        return
    lookup = line_on_disk(result.original or "", result.fixed or "")
    for finding in result.findings:
        finding.line, finding.end_line = lookup(finding.line), lookup(finding.end_line)


def unified_diff(result: FileResult) -> str:
    original = source_lines(result.original or "", keepends=True)
    fixed = source_lines(result.fixed or "", keepends=True)
    return "".join(
        difflib.unified_diff(original, fixed, fromfile=f"a/{result.path}", tofile=f"b/{result.path}")
    )
