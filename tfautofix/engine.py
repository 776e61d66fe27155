"""The per-file pipeline: screen, parse, detect, fix until stable, gate, write.

Everything here is importable without TensorFlow; the CLI is a thin layer on top.
"""

from __future__ import annotations

import ast
import functools
import gc
import re
import sys
from pathlib import Path
from typing import Callable, Iterable, Sequence

import libcst as cst

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.project import Facts, summary_of
from tfautofix.codemods import rule_by_code
from tfautofix.imports import add_imports, blank_lines_after_imports
from tfautofix.wrap import line_length, wrap_changed
from tfautofix.files import SourceError, SourceFile, read_source, source_lines
from tfautofix.results import FileResult, Options, findings_on_disk, line_on_disk, unified_diff, write_result  # noqa: F401 (re-exported)
from tfautofix.edits import ApplyEdits
from tfautofix.rule import Finding, Fix, ImportSpec, Rule
from tfautofix.suppressions import function_regions, in_suppressed_function, unknown_codes
from tfautofix.screen import Screen, screen_file

_SUPPRESSION = re.compile(r"#\s*tfautofix:\s*ignore(?:\[(?P<codes>[A-Za-z0-9_,\s]+)\])?")
#: Like Ruff: re-apply fixes until nothing changes, but never loop forever.
MAX_PASSES = 10


class FixError(Exception):
    """A fix that must not be written (it produced invalid code or does not converge)."""


# -- single source ------------------------------------------------------------


def _rules(codes: Iterable[str]) -> list[Rule]:
    return [rule for rule in map(rule_by_code, codes) if rule is not None]


def _screen(
    text: str, rules: Sequence[Rule], traces=None, path: str = "<string>", facts: Facts | None = None, tree: ast.Module | None = None
) -> tuple[list[Rule], str, Screen | None]:
    """Rules that may fire on ``text``, what of it ``check`` must analyse, and the
    screen whose traced-code model the rules consult (see :mod:`tfautofix.screen`);
    raises ``SyntaxError`` when it does not parse, so syntax errors are always
    reported. Rules that only work from a trace log are skipped when there is none."""
    if traces is None:
        rules = [rule for rule in rules if not rule.needs_traces]
    return screen_file(text, rules, tree, traces, None if path == "<string>" else path, facts)


def _suppressed(finding: Finding, lines: list[str]) -> bool:
    if not 0 < finding.line <= len(lines):
        return False
    match = _SUPPRESSION.search(lines[finding.line - 1])
    if match is None:
        return False
    codes = match.group("codes")
    return codes is None or finding.code in {c.strip().upper() for c in codes.split(",")}


def _detect(
    module: cst.Module, text: str, rules: Sequence[Rule], path: str, traces=None, screen: Screen | None = None
) -> tuple[FileContext, list[Finding]]:
    ctx = FileContext(module, path, traces, screen)
    return ctx, _findings(text, rules, path, ctx.screen, ctx)


def _findings(text: str, rules: Sequence[Rule], path: str, screen: Screen, ctx: FileContext | None = None) -> list[Finding]:
    """The rules' findings, less the suppressed ones; ``ctx`` (LibCST) only for rules without ``detect``."""
    # The screen's lines (its text is ``text``): split only for a file with findings or suppressions.
    regions = list(function_regions(screen, screen.lines)) if "tfautofix:" in text else []
    findings = []
    for rule in rules:
        for finding in rule.detect(screen) if rule.ast_only else rule.check(ctx):
            if not _suppressed(finding, screen.lines) and not in_suppressed_function(finding, regions):
                finding.path = path
                findings.append(finding)
    findings.sort(key=lambda f: (f.line, f.column, f.code))
    return findings


def lint_source(text: str, rules: Sequence[Rule], path: str = "<string>", traces=None, facts: Facts | None = None) -> list[Finding]:
    """Findings in ``text``. Raises ``cst.ParserSyntaxError`` when it does not parse.

    Nothing is rewritten here, so LibCST may see only the screen's focus of the
    text (same lines and columns): the definitions the findings can depend on.
    """
    return _lint(text, rules, path, traces, facts)[0]


def _lint(text: str, rules: Sequence[Rule], path: str, traces, facts: Facts | None, tree: ast.Module | None = None):
    rules, focus, screen = _screen(text, rules, traces, path, facts, tree)
    if not rules:
        return [], screen
    if all(rule.ast_only for rule in rules):
        return _findings(text, rules, path, screen), screen
    return _detect(cst.parse_module(focus), text, rules, path, traces, screen)[1], screen


def _compatible(ctx: FileContext, fixes: Iterable[Fix]) -> list[Fix]:
    """Fixes that touch disjoint parts of the tree; the others wait for the next pass.

    An edit inside a node that another fix replaces would be lost, so a fix is
    postponed when one of its nodes is (or lies inside) a node already claimed.
    Two fixes making the same edit of one node share it (candidates creating the
    same generator once at module level).
    """
    claimed: dict[cst.CSTNode, object] = {}
    claimed_ancestors: set[cst.CSTNode] = set()
    chosen = []
    for fix in fixes:
        nodes = {node for node, edit in fix.edits.items() if not (node in claimed and _same_edit(claimed[node], edit))}
        ancestors = {a for node in nodes for a in ctx.ancestors(node)}
        if nodes & claimed.keys() or ancestors & claimed.keys() or nodes & claimed_ancestors:
            continue
        claimed.update((node, fix.edits[node]) for node in nodes)
        claimed_ancestors |= ancestors
        chosen.append(fix)
    return chosen


def _same_edit(a, b) -> bool:
    if isinstance(a, cst.FlattenSentinel) and isinstance(b, cst.FlattenSentinel):
        return len(a.nodes) == len(b.nodes) and all(x.deep_equals(y) for x, y in zip(a.nodes, b.nodes))
    return a is b or (isinstance(a, cst.CSTNode) and isinstance(b, cst.CSTNode) and a.deep_equals(b))


def apply_fixes(ctx: FileContext, fixes: Sequence[Fix]) -> cst.Module:
    # Imported here: libcst.codemod costs ~0.5 s, which a cached run never needs.
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import RemoveImportsVisitor

    edits: dict = {}
    for fix in fixes:
        edits.update(fix.edits)
    module = ctx.module.visit(ApplyEdits(edits))
    module = add_imports(module, {spec for fix in fixes for spec in fix.imports})
    used = _used_imports(ctx)
    if used:  # those the fixes left unused go (`import random` once no `random.random()` is left)
        context = CodemodContext()
        maybe_unused = [spec for spec, uses in used if all(_edited(ctx, node, edits) for node in uses)]
        for spec in maybe_unused:
            RemoveImportsVisitor.remove_unused_import(context, spec.module, spec.obj, spec.asname)
        if maybe_unused:
            module = RemoveImportsVisitor(context).transform_module(module)
        first = module.body[0] if module.body else None
        if first is not None and first.leading_lines and all(line.comment is None for line in first.leading_lines):
            if not ctx.module.body or not ctx.module.body[0].leading_lines:  # a removed first import left its gap
                module = module.with_changes(body=[first.with_changes(leading_lines=()), *module.body[1:]])
    return blank_lines_after_imports(ctx.module, module)


def _edited(ctx: FileContext, node: cst.CSTNode, edits: dict) -> bool:
    """Whether an edit may remove ``node``: it or an ancestor is edited (or its place is
    unknown). A use of an import outside the edits survives them with its meaning (fixes
    bind only names the file does not use), so only imports used solely inside the edits
    need LibCST's scope analysis of the new module (half the cost of a fix)."""
    return node in edits or ctx.parent(node) is None or any(a in edits for a in ctx.ancestors(node))


def _used_imports(ctx: FileContext) -> list[tuple[ImportSpec, list[cst.CSTNode]]]:
    """The module-level imports of ``ctx`` that its code uses, with the nodes that use them."""
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
                uses = [use.node for a in scope[local] for use in a.references] if scope is not None and local in scope else []
                if not uses:
                    continue
                if module is None:
                    used.append((ImportSpec(alias.evaluated_name, asname=alias.evaluated_alias), uses))
                else:
                    used.append((ImportSpec(module, alias.evaluated_name, alias.evaluated_alias), uses))
    return used


def _wanted(finding: Finding, unsafe_fixes: bool) -> bool:
    return finding.fix is not None and (unsafe_fixes or finding.fix.applicability == "safe")


def _gate(new: str, fixes: Sequence[Finding], target_version: tuple[int, int]) -> None:
    try:
        ast.parse(new, feature_version=target_version)
    except SyntaxError as error:
        codes = ", ".join(sorted({f.code for f in fixes}))
        raise FixError(f"fix by {codes} would produce invalid code ({error.msg}, line {error.lineno}); nothing written") from None


def detect(text: str, rules: Sequence[Rule], path: str = "<string>", traces=None, facts: Facts | None = None) -> tuple[FileContext, list[Finding]]:
    """Findings in ``text`` with the context their fixes apply to (``apply_one``)."""
    rules, _, screen = _screen(text, rules, traces, path, facts)
    if not rules:
        return FileContext(cst.parse_module("")), []
    return _detect(cst.parse_module(text), text, rules, path, traces, screen)


def apply_one(ctx: FileContext, finding: Finding, target_version: tuple[int, int] = sys.version_info[:2], fix: Fix | None = None) -> str:
    """The source with just ``finding``'s fix (or ``fix``, one of its candidates) applied (gated like every fix)."""
    fix = fix or finding.fix
    assert fix is not None
    new = wrap_changed(ctx.module.code, apply_fixes(ctx, [fix]).code, line_length(ctx.path))
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
    facts: Facts | None = None,
    choose: Callable[[Finding], Fix | None] | None = None,
) -> tuple[str, list[Finding], list[Finding]]:
    """Apply fixes until the source is stable: ``(new_text, applied, remaining)``.

    ``accept`` may veto individual fixes (interactive mode). ``choose`` instead
    names the candidate to apply (one of ``finding.candidates``, what execution
    chose) or None. Raises :class:`FixError` rather than return code that does not parse.
    """

    def pick(finding: Finding) -> Fix | None:
        if choose is not None:
            return choose(finding)
        return finding.fix if _wanted(finding, unsafe_fixes) and (accept is None or accept(finding)) else None

    applied: list[Finding] = []
    remaining: list[Finding] = []
    current = text
    for _ in range(MAX_PASSES):
        screened, _, screen = _screen(current, rules, traces, path, facts)  # again after each pass: a fix may expose another hazard
        if not screened or all(rule.ast_only for rule in screened):  # nothing LibCST could fix
            remaining = _findings(current, screened, path, screen) if screened else []
            break
        module = cst.parse_module(current)
        ctx, findings = _detect(module, current, screened, path, traces, screen)
        picked = [(f, pick(f)) for f in findings]
        wanted = [(f, fix) for f, fix in picked if fix is not None]
        remaining = [f for f, fix in picked if fix is None]
        chosen_fixes = _compatible(ctx, (fix for _, fix in wanted))
        if not chosen_fixes:
            break
        new = apply_fixes(ctx, chosen_fixes).code
        chosen = []
        for finding, fix in wanted:
            if any(fix is c for c in chosen_fixes):
                finding.chosen = next((i for i, c in enumerate(finding.candidates) if c is fix), 0)
                chosen.append(finding)
        _gate(new, chosen, target_version)
        if new == current:
            break
        applied += chosen
        current = new
    else:
        raise FixError(f"fixes did not converge after {MAX_PASSES} passes; nothing written")
    wrapped = wrap_changed(text, current, line_length(path))  # once, at the end: a later pass may edit a line again
    if wrapped != current:
        _gate(wrapped, applied, target_version)
        lookup = line_on_disk(wrapped, current)  # a line of `current` -> its line once wrapped
        for finding in remaining:
            finding.line, finding.end_line = lookup(finding.line), lookup(finding.end_line)
    return wrapped, applied, remaining


# -- files --------------------------------------------------------------------


def _parse_error(error: Exception) -> str:
    if isinstance(error, cst.ParserSyntaxError):
        return f"cannot parse: {error.message} (line {error.raw_line}, column {error.raw_column + 1})"
    if isinstance(error, SyntaxError):
        return f"cannot parse: {error.msg} (line {error.lineno}, column {error.offset})"
    return f"cannot parse: {error}"


def process_file(path: str, options: Options, fix: bool) -> FileResult:
    try:
        source: SourceFile = read_source(Path(path))
    except SourceError as error:
        return FileResult(path, error=str(error))
    return process_text(path, source.text, options, fix, source.encoding)


def _collecting_rarely(function):
    """Parse trees are large and acyclic enough: while a file is processed, the cyclic garbage
    collector runs rarely (its passes over millions of fresh nodes cost as much as ``ast.parse``)."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        threshold = gc.get_threshold()
        gc.set_threshold(max(threshold[0], 100_000), 50, 100)
        try:
            return function(*args, **kwargs)
        finally:
            gc.set_threshold(*threshold)

    return wrapper


@_collecting_rarely
def process_text(path: str, text: str, options: Options, fix: bool, encoding: str = "utf-8") -> FileResult:
    """``process_file`` on text already read (a file, or standard input)."""
    source = SourceFile(Path(path), text, encoding)
    result = FileResult(path)
    result.original = source.text
    result.encoding = source.encoding
    rules = _rules(options.rules)
    if "tfautofix:" in text:
        from tfautofix.codemods import all_rules

        known = {rule.code for rule in all_rules()}
        result.warnings = [
            f"{path}:{line}: warning: unknown rule code {code!r} in a suppression comment (it suppresses nothing)"
            for line, code in unknown_codes(source_lines(text), known)
        ]
    try:
        if fix:  # `fix` learns the project's facts before (bulk.execute): no summary needed
            result.fixed, result.applied, result.findings = fix_source(
                source.text, rules, path, options.unsafe_fixes, options.target_version, traces=options.traces, facts=options.facts
            )
        else:
            tree = ast.parse(source.text)
            result.findings, screen = _lint(source.text, rules, path, options.traces, options.facts, tree)
            result.summary = summary_of(source.text, tree, path, options.facts, screen)
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

        from tfautofix.codemods import rule_by_code

        lines, tree = source_lines(source.text), ast.parse(source.text)
        def intended(code: str, line: int) -> bool:
            return rule_by_code(code).intended_at(tree, source.text, line)

        found = observed(result.findings, lines, path, options.traces, set(options.rules), intended)
        result.findings = [f for f in found if not _suppressed(f, lines)]
    return result.as_data()
