"""The command line: a thin typer layer over :mod:`tfautofix.engine`.

Exit codes (PRODUCT.md): 0 nothing found / all fixed; 1 findings remain or, in a
dry run, changes would be made; 2 usage error or a file that could not be read
or parsed (the other files are still processed). ``trace`` exits with the
command's own code, or 3 when the command succeeded but a function retraced over
its budget (``--max-retraces``, ``retrace-budget``).
"""

from __future__ import annotations

import enum
from dataclasses import replace
import sys
from pathlib import Path
from typing import Callable, List, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from tfautofix import __version__
from tfautofix.bulk import SUFFIXES, Outcome, Overrides, Plan, Shard, execute, options_for, package_of, plan
from tfautofix.cache import Cache
from tfautofix.codemods import all_rules, rule_by_code, select_rules
from tfautofix.config import ConfigError
from tfautofix.engine import FileResult, unified_diff, write_result
from tfautofix.files import SourceError, discover
from tfautofix.gitsafety import dirty_files
from tfautofix.report import summary as run_report
from tfautofix.report.verdicts import verdict_header, verdicts_table
from tfautofix.report import (
    diff_text,
    finding_line,
    findings_json,
    make_console,
    rule_documentation,
    rules_table,
)
from tfautofix.report.github import findings_github
from tfautofix.report.sarif import findings_sarif

app = typer.Typer(
    help="Find and fix TensorFlow code that makes tf.function retrace or misbehave at trace time.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
out = make_console()
err = make_console(stderr=True)


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


def _codes(value: Optional[str], option: str) -> Optional[List[str]]:
    if value is None:
        return None
    codes = [code.strip().upper() for code in value.split(",") if code.strip()]
    known = [rule.code for rule in all_rules()]
    for code in codes:
        if not any(k.startswith(code) for k in known):
            raise typer.BadParameter(f"unknown rule code {code!r} (see `tfautofix rules`)", param_hint=option)
    return codes


def _load_traces(path: Optional[Path]):
    """The --traces log, loaded once; a missing or malformed file is a one-line error (exit 2)."""
    if path is None:
        return None
    from tfautofix.tracing.log import TraceLogError, load

    try:
        return load(path)
    except TraceLogError as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None


def _overrides(select: Optional[str], ignore: Optional[str], unsafe_fixes: bool = False) -> Overrides:
    """Command-line choices; what they leave open comes from [tool.tfautofix]."""
    chosen = _codes(select, "--select")
    ignored = _codes(ignore, "--ignore")
    return Overrides(
        select=tuple(chosen) if chosen is not None else None,
        ignore=tuple(ignored) if ignored is not None else None,
        unsafe_fixes=unsafe_fixes,
    )


def _run(
    paths: List[Path],
    overrides: Overrides,
    fix: bool,
    jobs: Optional[int],
    no_cache: bool = False,
    shard: Optional[str] = None,
    each: Optional[Callable[[FileResult], None]] = None,
    traces=None,
) -> Outcome:
    """Plan and run over ``paths``, calling ``each`` on every result as it
    arrives, with a progress bar when stderr is a terminal."""
    work = _plan(paths, overrides, shard)
    cache = None if no_cache or traces is not None else Cache()  # results depend on the trace log
    try:
        return _execute(work, fix, jobs, cache, each, traces)
    except ConfigError as error:  # an unknown rule code in [tool.tfautofix]
        err.print(f"error: {error}", style="red")
        raise typer.Exit(2)


def _plan(paths: List[Path], overrides: Overrides, shard: Optional[str] = None) -> Plan:
    try:
        return plan(paths, overrides, Shard.parse(shard) if shard else None)
    except (ConfigError, ValueError) as error:  # bad [tool.tfautofix] or --shard
        err.print(f"error: {error}", style="red")
        raise typer.Exit(2)


def _execute(work, fix: bool, jobs: Optional[int], cache: Optional[Cache], each, traces) -> Outcome:
    if not err.is_terminal:
        return execute(work, fix, jobs, cache, on_result=each, traces=traces)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[findings]} findings"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as progress:
        task = progress.add_task("checking" if not fix else "fixing", total=len(work.files), findings=0)
        found = 0

        def advance(result: FileResult) -> None:
            nonlocal found
            found += len(result.findings) + len(result.applied)
            progress.update(task, advance=1, findings=found)
            if each is not None:
                each(result)

        return execute(work, fix, jobs, cache, on_result=advance, traces=traces)


def _write_report(report_file: Optional[Path], command: str, outcome: Outcome, shard: Optional[str], written: bool) -> None:
    if report_file is None:
        return
    try:
        run_report.write(run_report.build(command, outcome.results, outcome.skipped, package_of, shard, written), report_file)
    except run_report.ReportError as error:
        err.print(f"error: {error}", style="red")
        raise typer.Exit(2)


def _report_errors(results: list[FileResult]) -> int:
    errors = [r for r in results if r.error]
    for result in errors:
        err.print(f"{result.path}: {result.error}", style="red")
    return len(errors)


PathsArgument = typer.Argument(..., metavar="PATHS", help="Files or directories to process (.gitignore is respected).", show_default=False)
SelectOption = typer.Option(None, "--select", help="Comma-separated rule codes or prefixes to run (default: all).")
IgnoreOption = typer.Option(None, "--ignore", help="Comma-separated rule codes or prefixes to skip.")
JobsOption = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: number of CPUs).")
NoCacheOption = typer.Option(False, "--no-cache", help="Ignore and do not update the result cache (.tfautofix_cache).")
ShardOption = typer.Option(None, "--shard", metavar="K/N", help="Process only shard K of N (deterministic split for CI matrices).")
ReportOption = typer.Option(None, "--report", metavar="FILE", help="Write a per-package, per-rule report (.md or .json).")
TracesOption = typer.Option(None, "--traces", help="Trace log written by `tfautofix trace` (enables TFA004 and trace-based TFA007).")


@app.command()
def check(
    paths: List[Path] = PathsArgument,
    select: Optional[str] = SelectOption,
    ignore: Optional[str] = IgnoreOption,
    output_format: Format = typer.Option(Format.text, "--format", help="Output format."),
    jobs: Optional[int] = JobsOption,
    traces: Optional[Path] = TracesOption,
    no_cache: bool = NoCacheOption,
    shard: Optional[str] = ShardOption,
    report_file: Optional[Path] = ReportOption,
) -> None:
    """Report hazards without changing anything."""
    outcome = _run(paths, _overrides(select, ignore), fix=False, jobs=jobs, no_cache=no_cache, shard=shard, traces=_load_traces(traces))
    results = outcome.results
    findings = [f for result in results for f in result.findings]
    failed = [(r.path, r.error) for r in results if r.error]
    if output_format is Format.json:
        print(findings_json(findings))
    elif output_format is Format.sarif:
        selected = select_rules(_codes(select, "--select"), _codes(ignore, "--ignore"))
        print(findings_sarif(findings, selected, failed))
    elif output_format is Format.github:
        annotations = findings_github(findings, failed)
        if annotations:
            print(annotations)
    else:
        for finding in findings:
            out.print(finding_line(finding))
    errors = _report_errors(results)
    _write_report(report_file, "check", outcome, shard, written=False)
    if output_format is Format.text:
        fixable = sum(1 for f in findings if f.fix is not None)
        summary = f"Found {len(findings)} finding(s) in {len(results)} file(s)"
        if fixable:
            summary += f"; {fixable} fixable with `tfautofix fix`"
        err.print(summary + ("." if not errors else f"; {errors} file(s) could not be processed."))
    raise typer.Exit(2 if errors else 1 if findings else 0)


@app.command()
def fix(
    paths: List[Path] = PathsArgument,
    write: bool = typer.Option(False, "--write", help="Write the fixes (default: show a diff, write nothing)."),
    interactive: bool = typer.Option(
        False, "--interactive", "-i", help="Review each fix: y/n/a/d/q/e/? (answers may come from a pipe)."
    ),
    unsafe_fixes: bool = typer.Option(False, "--unsafe-fixes", help="Also apply fixes marked unsafe."),
    select: Optional[str] = SelectOption,
    ignore: Optional[str] = IgnoreOption,
    jobs: Optional[int] = JobsOption,
    traces: Optional[Path] = TracesOption,
    verify: bool = typer.Option(False, "--verify", help="Run the original (eagerly and compiled) and the fixed code; give each fix a verdict."),
    exercise: Optional[str] = typer.Option(None, "--exercise", metavar="CMD", help="Command that exercises your code (e.g. \"pytest tests -x\"); implies --verify."),
    timeout: float = typer.Option(300, "--timeout", min=1, help="Seconds each verification run may take."),
    no_cache: bool = NoCacheOption,
    shard: Optional[str] = ShardOption,
    report_file: Optional[Path] = ReportOption,
    allow_dirty: bool = typer.Option(False, "--allow-dirty", help="Write into files with uncommitted git changes."),
) -> None:
    """Show (dry run) or apply (--write) fixes."""
    verifying = verify or exercise is not None
    if interactive:
        overrides, loaded = _overrides(select, ignore, unsafe_fixes), _load_traces(traces)
        verdicts = {}
        if verifying:  # verdicts of each file's full fix, shown with every fix of that file
            fixed = _run(paths, overrides, fix=True, jobs=jobs, no_cache=True, traces=loaded).results
            checked = _verify(fixed, exercise, timeout, loaded)
            verdicts = {path: f"{c.verdict}" + (f", by {c.source}" if c.source else "") for path, c in checked.items()}
        _interactive(paths, overrides, jobs, verdicts, loaded)
    written: set[str] = set()
    dirty = dirty_files(map(str, discover(paths, SUFFIXES))) if write and not allow_dirty else set()

    def write_now(result: FileResult) -> None:
        """Write each file as soon as it is fixed: an interrupted run leaves whole files."""
        if not result.changed:
            return
        if result.path in dirty:
            result.error = "has uncommitted changes; not written (commit or stash them first, or pass --allow-dirty)"
            result.findings += result.applied
            result.applied = []
            return
        try:
            write_result(result)
            written.add(result.path)
        except (SourceError, OSError) as error:
            result.error = str(error)
            result.applied = []

    # Verified fixes are written once their verdicts are known, the others as they come.
    loaded_traces = _load_traces(traces)
    outcome = _run(
        paths, _overrides(select, ignore, unsafe_fixes), fix=True, jobs=jobs, no_cache=no_cache, shard=shard,
        each=write_now if write and not verifying else None, traces=loaded_traces,
    )
    results = outcome.results
    checked = _verify(results, exercise, timeout, loaded_traces) if verifying else {}
    changed = [r for r in results if r.changed]
    for result in changed:
        check = checked.get(result.path)
        if not write:
            if check is not None:
                out.print(verdict_header(result, check))
            out.print(diff_text(unified_diff(result)))
            continue
        if check is not None and not check.writable:
            if not unsafe_fixes:
                err.print(f"{result.path}: not written, {check.verdict} (write it anyway with --unsafe-fixes)", style="yellow", markup=False)
                result.findings = sorted(result.findings + result.applied, key=lambda f: (f.line, f.column))
                result.applied = []
                continue
            if check.verdict.kind in ("changed", "broken"):
                err.print(f"{result.path}: writing a fix that is {check.verdict} (--unsafe-fixes)", style="bold red", markup=False)
        if verifying:
            write_now(result)
    if checked:
        out.print(verdicts_table(results, checked, written if write else None))
    remaining = [f for r in results for f in r.findings]
    for finding in remaining:
        err.print(finding_line(finding))
    errors = _report_errors(results)
    _write_report(report_file, "fix", outcome, shard, written=write)
    applied = sum(len(r.applied) for r in results if not r.error)
    files = sum(1 for r in changed if not r.error and r.applied)
    verb = "Fixed" if write else "Would fix"
    summary = f"{verb} {applied} finding(s) in {files} file(s); {len(remaining)} remaining"
    unsafe = sum(1 for f in remaining if f.fix is not None and f.fix.applicability == "unsafe")
    if unsafe and not unsafe_fixes:
        summary += f" ({unsafe} with an unsafe fix: add --unsafe-fixes)"
    if write and files:
        summary += ". Review with `git diff`, undo with `git checkout -- PATH`"
    err.print(summary + ".")
    if errors:
        raise typer.Exit(2)
    raise typer.Exit(1 if remaining or (files and not write) else 0)


def _verify(results: list[FileResult], exercise: Optional[str], timeout: float, traces=None) -> dict:
    """Verdicts per changed file; a one-line error when verification cannot run."""
    from tfautofix.verify import TensorFlowMissing
    from tfautofix.verify.command import CommandError
    from tfautofix.verify.fixes import verify_results

    if any(r.changed for r in results):
        err.print("verifying fixes by running them (TensorFlow)...", style="dim")
    try:
        return verify_results(results, exercise=exercise, timeout=timeout, traces=traces)
    except (TensorFlowMissing, CommandError, RuntimeError) as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None


def _interactive(paths: List[Path], overrides: Overrides, jobs: Optional[int], verdicts: dict[str, str], traces) -> None:
    """Review the fixes of each Python file with the rules its configuration selects."""
    from tfautofix.interactive import NoAnswers, review

    def read_answer() -> Optional[str]:
        line = sys.stdin.readline()
        return line if line else None

    try:
        files = [
            (path, replace(options_for(selection), traces=traces))
            for path, selection in _plan(paths, overrides).files
            if path.endswith(".py")
        ]
    except ConfigError as error:  # an unknown rule code in [tool.tfautofix]
        err.print(f"error: {error}", style="red")
        raise typer.Exit(2)
    try:
        tally = review(files, out, read_answer, verdicts)
    except NoAnswers as error:
        err.print(f"error: {error}", style="red")
        raise typer.Exit(2)
    except KeyboardInterrupt:
        err.print("interrupted: files reviewed before are written; the current file is untouched", style="yellow")
        raise typer.Exit(130)
    out.print(tally.table())
    for message in tally.errors:
        err.print(message, style="red")
    outcome = _run(paths, overrides, fix=False, jobs=jobs, no_cache=True, traces=traces)
    remaining = [f for result in outcome.results if result.path.endswith(".py") for f in result.findings]
    raise typer.Exit(2 if tally.errors else 1 if remaining else 0)


@app.command()
def rules(code: Optional[str] = typer.Argument(None, help="A rule code, e.g. TFA008.")) -> None:
    """List the rules, or show one rule's documentation."""
    if code is None:
        out.print(rules_table(all_rules()))
        return
    rule = rule_by_code(code)
    if rule is None:
        raise typer.BadParameter(f"unknown rule code {code!r}", param_hint="CODE")
    out.print(rule_documentation(rule), soft_wrap=False)


#: `trace` exits with this code when the command succeeded but a function retraced over its budget.
RETRACE_BUDGET_EXCEEDED = 3


@app.command(context_settings={"allow_interspersed_args": False})
def trace(
    command: List[str] = typer.Argument(..., metavar="-- COMMAND [ARGS...]", help="The command to run, after `--`.", show_default=False),
    output: Path = typer.Option(Path(".tfautofix/traces.json"), "--output", "-o", help="Where to write the trace log."),
    max_retraces: Optional[int] = typer.Option(
        None, "--max-retraces", min=0,
        help=f"CI gate: exit {RETRACE_BUDGET_EXCEEDED} (with the explanation) when a function retraces more often "
        "(per-function budgets: `retrace-budget` in [tool.tfautofix]).",
    ),
) -> None:
    """Run COMMAND and record every tf.function trace in the Python processes it starts."""
    from tfautofix.config import config_for
    from tfautofix.tracing.explain import budget_excess, explanation_text, summary_table
    from tfautofix.tracing.run import TraceError
    from tfautofix.tracing.run import trace as run_traced

    try:
        budgets = dict(config_for(Path.cwd()).retrace_budget)
    except ConfigError as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None
    try:
        exit_code, log = run_traced(command, output)
    except TraceError as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None
    except OSError as error:
        err.print(f"error: cannot write {output}: {error.strerror or error}", style="red", markup=False)
        raise typer.Exit(2) from None
    if log.functions:
        err.print(summary_table(log))
    retraced = sum(1 for f in log.functions if f.max_traces > 1)
    events = len(log.events) + sum(len(t.get("events", ())) + ("error" in t) for f in log.functions for t in f.traces)
    err.print(
        f"Recorded {len(log.functions)} tf.function(s) in {len(log.processes)} process(es); {retraced} retraced; "
        f"{events} trace-time event(s) (hazards, crashed traces). Trace log: {output} (see `tfautofix explain {output}`)."
    )
    over = budget_excess(log, max_retraces, budgets)
    if over:
        err.print(explanation_text(log, [function for function, _, _ in over]))
        for function, count, allowed in over:
            err.print(f"retrace budget exceeded: `{function.qualname}` retraced {count} time(s), {allowed} allowed", style="bold red", markup=False)
        raise typer.Exit(exit_code or RETRACE_BUDGET_EXCEEDED)
    raise typer.Exit(exit_code)


class ExplainFormat(str, enum.Enum):
    text = "text"
    json = "json"


@app.command()
def explain(
    tracefile: Path = typer.Argument(..., metavar="TRACEFILE", help="A trace log written by `tfautofix trace`."),
    output_format: ExplainFormat = typer.Option(
        ExplainFormat.text, "--format", help="text, or json: {functions: [one object per function], events: [...]}."
    ),
) -> None:
    """Explain, per tf.function, why it retraced (which argument changed how, where) and which rule fixes it."""
    import json

    from tfautofix.tracing.explain import explanation_text, loose_lines, ranked, summary
    from tfautofix.tracing.log import TraceLogError, load

    try:
        log = load(tracefile)
    except TraceLogError as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None
    if output_format is ExplainFormat.json:
        data = {"functions": [summary(function) for function in ranked(log)], "events": [line.to_json() for line in loose_lines(log)]}
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return
    if not log.functions and not log.events:
        out.print("No tf.function was called.")
        return
    out.print(explanation_text(log))


report_app = typer.Typer(help="Work with --report files.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(report_app, name="report")


@report_app.command("merge")
def report_merge(
    reports: List[Path] = typer.Argument(..., metavar="REPORTS", help="JSON reports of the shards of one run."),
    output: Path = typer.Option(..., "--output", "-o", help="The merged report (.md or .json)."),
) -> None:
    """Add up the JSON reports written by `--shard K/N --report FILE.json` runs."""
    try:
        run_report.write(run_report.merge([run_report.read(path) for path in reports]), output)
    except run_report.ReportError as error:
        err.print(f"error: {error}", style="red")
        raise typer.Exit(2)


def _version(value: bool) -> None:
    if value:
        print(f"tfautofix {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """Find and fix TensorFlow code that makes tf.function retrace or misbehave at trace time."""


def main() -> None:
    try:
        app(prog_name="tfautofix")
    except KeyboardInterrupt:
        err.print("interrupted", style="yellow")
        sys.exit(130)
