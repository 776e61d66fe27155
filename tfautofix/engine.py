"""The per-file pipeline: screen, parse, detect, fix until stable, gate, write.

Everything here is importable without TensorFlow; the CLI is a thin layer on top.
"""

from __future__ import annotations

import ast
import difflib
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

import libcst as cst

from tfautofix.analysis.context import FileContext
from tfautofix.codemods import rule_by_code
from tfautofix.files import SourceError, SourceFile, read_source, source_lines, write_atomic
from tfautofix.rule import ApplyEdits, Finding, Fix, ImportSpec, Rule
from tfautofix.suppressions import function_regions, in_suppressed_function
from tfautofix.screen import screen_source

_SUPPRESSION = re.compile(r"#\s*tfautofix:\s*ignore(?:\[(?P<codes>[A-Za-z0-9_,\s]+)\])?")
#: Like Ruff: re-apply fixes until nothing changes, but never loop forever.
MAX_PASSES = 10


@dataclass(frozen=True)
class Options:
    rules: tuple[str, ...]  # rule codes, resolved by the caller from --select/--ignore
    unsafe_fixes: bool = False
    target_version: tuple[int, int] = sys.version_info[:2]
    #: The trace log given with --traces (``tfautofix.tracing.log.TraceLog``), loaded once.
    traces: object = None


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)  # left after fixing (or all, for check)
    applied: list[Finding] = field(default_factory=list)  # findings whose fix was applied
    original: str | None = None
    fixed: str | None = None  # the fixed text when it differs from `original`
    encoding: str = "utf-8"
    error: str | None = None

    @property
    def changed(self) -> bool:
        return self.fixed is not None and self.fixed != self.original


class FixError(Exception):
    """A fix that must not be written (it produced invalid code or does not converge)."""


# -- single source ------------------------------------------------------------


def _rules(codes: Iterable[str]) -> list[Rule]:
    return [rule for rule in map(rule_by_code, codes) if rule is not None]


def _screen(text: str, rules: Sequence[Rule], traces=None, path: str | None = None) -> tuple[list[Rule], str]:
    """Rules that may fire on ``text``, and what of it ``check`` must analyse (see
    :mod:`tfautofix.screen`); raises ``SyntaxError`` when it does not parse, so
    syntax errors are always reported. Rules that only work from a trace log are
    skipped when there is none."""
    if traces is None:
        rules = [rule for rule in rules if not rule.needs_traces]
    return screen_source(text, rules, traces=traces, path=path)


def _screened(text: str, rules: Sequence[Rule], traces=None, path: str | None = None) -> list[Rule]:
    return _screen(text, rules, traces, path)[0]


def _suppressed(finding: Finding, lines: list[str]) -> bool:
    if not 0 < finding.line <= len(lines):
        return False
    match = _SUPPRESSION.search(lines[finding.line - 1])
    if match is None:
        return False
    codes = match.group("codes")
    return codes is None or finding.code in {c.strip().upper() for c in codes.split(",")}


def _detect(module: cst.Module, text: str, rules: Sequence[Rule], path: str, traces=None) -> tuple[FileContext, list[Finding]]:
    ctx = FileContext(module, path, traces)
    lines = source_lines(text)
    regions = list(function_regions(ctx, lines)) if "tfautofix:" in text else []
    findings = []
    for rule in rules:
        for finding in rule.check(ctx):
            if not _suppressed(finding, lines) and not in_suppressed_function(finding, regions):
                finding.path = path
                findings.append(finding)
    findings.sort(key=lambda f: (f.line, f.column, f.code))
    return ctx, findings


def lint_source(text: str, rules: Sequence[Rule], path: str = "<string>", traces=None) -> list[Finding]:
    """Findings in ``text``. Raises ``cst.ParserSyntaxError`` when it does not parse.

    Nothing is rewritten here, so LibCST may see only the screen's focus of the
    text (same lines and columns): the definitions the findings can depend on.
    """
    rules, focus = _screen(text, rules, traces, path)
    if not rules:
        return []
    return _detect(cst.parse_module(focus), text, rules, path, traces)[1]


def _compatible(ctx: FileContext, fixes: Iterable[Fix]) -> list[Fix]:
    """Fixes that touch disjoint parts of the tree; the others wait for the next pass.

    An edit inside a node that another fix replaces would be lost, so a fix is
    postponed when one of its nodes is (or lies inside) a node already claimed.
    """
    claimed: set[cst.CSTNode] = set()
    claimed_ancestors: set[cst.CSTNode] = set()
    chosen = []
    for fix in fixes:
        nodes = set(fix.edits)
        ancestors = {a for node in nodes for a in ctx.ancestors(node)}
        if nodes & claimed or ancestors & claimed or nodes & claimed_ancestors:
            continue
        claimed |= nodes
        claimed_ancestors |= ancestors
        chosen.append(fix)
    return chosen


def apply_fixes(ctx: FileContext, fixes: Sequence[Fix]) -> cst.Module:
    # Imported here: libcst.codemod costs ~0.5 s, which a cached run never needs.
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

    edits: dict = {}
    for fix in fixes:
        edits.update(fix.edits)
    module = ctx.module.visit(ApplyEdits(edits))
    imports = {spec for fix in fixes for spec in fix.imports}
    if imports:
        context = CodemodContext()
        for spec in sorted(imports, key=lambda s: (s.module, s.obj or "", s.asname or "")):
            AddImportsVisitor.add_needed_import(context, spec.module, spec.obj, spec.asname)
        module = AddImportsVisitor(context).transform_module(module)
    used = _used_imports(ctx)
    if used:  # those the fixes left unused go (`import random` once no `random.random()` is left)
        context = CodemodContext()
        for spec in used:
            RemoveImportsVisitor.remove_unused_import(context, spec.module, spec.obj, spec.asname)
        module = RemoveImportsVisitor(context).transform_module(module)
    return module


def _used_imports(ctx: FileContext) -> list[ImportSpec]:
    """The module-level imports of ``ctx`` that its code uses."""
    used = []
    for statement in ctx.module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if not isinstance(small, (cst.Import, cst.ImportFrom)) or isinstance(small.names, cst.ImportStar):
                continue
            if isinstance(small, cst.ImportFrom) and (small.relative or small.module is None):
                continue
            module = ctx.code(small.module) if isinstance(small, cst.ImportFrom) else None
            scope = ctx.scope(small)
            for alias in small.names:
                local = (alias.evaluated_alias or alias.evaluated_name).split(".")[0]
                if scope is None or local not in scope or not any(a.references for a in scope[local]):
                    continue
                if module is None:
                    used.append(ImportSpec(alias.evaluated_name, asname=alias.evaluated_alias))
                else:
                    used.append(ImportSpec(module, alias.evaluated_name, alias.evaluated_alias))
    return used


def _wanted(finding: Finding, unsafe_fixes: bool) -> bool:
    return finding.fix is not None and (unsafe_fixes or finding.fix.applicability == "safe")


def _gate(new: str, fixes: Sequence[Finding], target_version: tuple[int, int]) -> None:
    try:
        ast.parse(new, feature_version=target_version)
    except SyntaxError as error:
        codes = ", ".join(sorted({f.code for f in fixes}))
        raise FixError(f"fix by {codes} would produce invalid code ({error.msg}, line {error.lineno}); nothing written") from None


def detect(text: str, rules: Sequence[Rule], path: str = "<string>", traces=None) -> tuple[FileContext, list[Finding]]:
    """Findings in ``text`` with the context their fixes apply to (``apply_one``)."""
    rules = _screened(text, rules, traces, path)
    if not rules:
        return FileContext(cst.parse_module("")), []
    return _detect(cst.parse_module(text), text, rules, path, traces)


def apply_one(ctx: FileContext, finding: Finding, target_version: tuple[int, int] = sys.version_info[:2]) -> str:
    """The source with just ``finding``'s fix applied (gated like every fix)."""
    assert finding.fix is not None
    new = apply_fixes(ctx, [finding.fix]).code
    _gate(new, [finding], target_version)
    return new


def fix_source(
    text: str,
    rules: Sequence[Rule],
    path: str = "<string>",
    unsafe_fixes: bool = False,
    target_version: tuple[int, int] = sys.version_info[:2],
    accept: Callable[[Finding], bool] | None = None,
    traces=None,
) -> tuple[str, list[Finding], list[Finding]]:
    """Apply fixes until the source is stable: ``(new_text, applied, remaining)``.

    ``accept`` may veto individual fixes (interactive mode). Raises
    :class:`FixError` rather than return code that does not parse.
    """
    applied: list[Finding] = []
    remaining: list[Finding] = []
    current = text
    for _ in range(MAX_PASSES):
        screened = _screened(current, rules, traces, path)  # again after each pass: a fix may expose another hazard
        if not screened:
            remaining = []
            break
        module = cst.parse_module(current)
        ctx, findings = _detect(module, current, screened, path, traces)
        wanted = [f for f in findings if _wanted(f, unsafe_fixes) and (accept is None or accept(f))]
        remaining = [f for f in findings if f not in wanted]
        chosen_fixes = _compatible(ctx, (f.fix for f in wanted))
        if not chosen_fixes:
            break
        new = apply_fixes(ctx, chosen_fixes).code
        chosen = [f for f in wanted if f.fix in chosen_fixes]
        _gate(new, chosen, target_version)
        if new == current:
            break
        applied += chosen
        current = new
    else:
        raise FixError(f"fixes did not converge after {MAX_PASSES} passes; nothing written")
    return current, applied, remaining


# -- files --------------------------------------------------------------------


def _parse_error(error: Exception) -> str:
    if isinstance(error, cst.ParserSyntaxError):
        return f"cannot parse: {error.message} (line {error.raw_line}, column {error.raw_column + 1})"
    if isinstance(error, SyntaxError):
        return f"cannot parse: {error.msg} (line {error.lineno}, column {error.offset})"
    return f"cannot parse: {error}"


def process_file(path: str, options: Options, fix: bool) -> FileResult:
    result = FileResult(path)
    try:
        source: SourceFile = read_source(Path(path))
    except SourceError as error:
        result.error = str(error)
        return result
    result.original = source.text
    result.encoding = source.encoding
    rules = _rules(options.rules)
    try:
        if fix:
            result.fixed, result.applied, result.findings = fix_source(
                source.text, rules, path, options.unsafe_fixes, options.target_version, traces=options.traces
            )
        else:
            result.findings = lint_source(source.text, rules, path, options.traces)
    except (cst.ParserSyntaxError, SyntaxError, ValueError) as error:
        result.error = _parse_error(error)
    except FixError as error:
        result.error = str(error)
    except RecursionError:
        result.error = "cannot parse: nesting too deep"
    except Exception as error:  # a bug in a rule must not stop the other files
        result.error = f"internal error, please report it: {type(error).__name__}: {error}"
        result.fixed, result.applied, result.findings = None, [], []
    if options.traces is not None and result.error is None and not result.changed:
        from tfautofix.tracing.confirm import observed  # what the recorded run saw, on the lines it ran

        lines = source_lines(source.text)
        result.findings = [f for f in observed(result.findings, lines, path, options.traces, set(options.rules)) if not _suppressed(f, lines)]
    for finding in (*result.findings, *result.applied):
        finding.fix = _detached(finding.fix)
    return result


def _detached(fix: Fix | None) -> Fix | None:
    """The fix without its edits: they hold tree nodes and closures, which are
    useless once applied and cannot cross a process boundary."""
    return None if fix is None else Fix({}, fix.applicability)


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


def unified_diff(result: FileResult) -> str:
    original = source_lines(result.original or "", keepends=True)
    fixed = source_lines(result.fixed or "", keepends=True)
    return "".join(
        difflib.unified_diff(original, fixed, fromfile=f"a/{result.path}", tofile=f"b/{result.path}")
    )
