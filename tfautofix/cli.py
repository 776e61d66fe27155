"""The command line: a thin typer layer over :mod:`tfautofix.engine`.

Exit codes (PRODUCT.md): 0 nothing found / all fixed; 1 findings remain or, in a
dry run, changes would be made; 2 usage error or a file that could not be read
or parsed (the other files are still processed). ``trace`` exits with the
command's own code, or 3 when the command succeeded but a function retraced over
its budget (``--max-retraces``, ``retrace-budget``).
"""

from __future__ import annotations

import difflib
import enum
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Callable, List, Optional

import typer

from tfautofix import __version__
from tfautofix.bulk import SUFFIXES, Outcome, Overrides, Plan, Shard, execute, options_for, package_of, plan, selection_for
from tfautofix.cache import Cache
from tfautofix.codemods import all_rules, rule_by_code, rule_codes, select_rules
from tfautofix.config import ConfigError, config_for, force, parse_size
from tfautofix.results import FileResult, findings_on_disk, unified_diff, write_result
from tfautofix.files import SourceError, discover, source_lines
from tfautofix.gitsafety import dirty_files, in_git
from tfautofix.report import summary as run_report
from tfautofix.report.verdicts import verdict_header, verdicts_table
from tfautofix.report import (
    diff_text,
    error_location,
    finding_line,
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
    known = rule_codes()
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
        log = load(path)
    except TraceLogError as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None
    missing = log.missing_files()
    if missing:
        where = "none of its files exist" if len(missing) == len({f.file for f in log.functions}) else f"{len(missing)} of its files do not exist"
        err.print(
            f"warning: {path}: {where} here ({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''}); "
            "its paths are relative to the directory `tfautofix trace` ran in: run from there",
            style="yellow", markup=False,
        )
    return log


def _overrides(
    select: Optional[str], ignore: Optional[str], unsafe_fixes: Optional[bool], force_exclude: bool, max_file_size: Optional[str]
) -> Overrides:
    """Command-line choices; what they leave open comes from [tool.tfautofix]."""
    chosen = _codes(select, "--select")
    ignored = _codes(ignore, "--ignore")
    return Overrides(
        select=tuple(chosen) if chosen is not None else None,
        ignore=tuple(ignored) if ignored is not None else None,
        unsafe_fixes=unsafe_fixes,
        max_file_size=_size(max_file_size),
        force_exclude=force_exclude,
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
    if _quiet or not sys.stderr.isatty():
        return execute(work, fix, jobs, cache, on_result=each, traces=traces)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn  # a terminal only

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


# The arguments and options `check` and `fix` share: each type with its option, once.
Paths = Annotated[List[Path], typer.Argument(
    metavar="PATHS", help="Files or directories to process (.gitignore is respected); - reads standard input.", show_default=False
)]
Select = Annotated[Optional[str], typer.Option("--select", help="Comma-separated rule codes or prefixes to run (default: all); replaces the configuration's ignore.")]
Ignore = Annotated[Optional[str], typer.Option("--ignore", help="Comma-separated rule codes or prefixes to skip.")]
Jobs = Annotated[Optional[int], typer.Option("--jobs", "-j", min=0, help="Worker processes (default and 0: number of CPUs).")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Ignore and do not update the result cache (.tfautofix_cache).")]
ShardSpec = Annotated[Optional[str], typer.Option("--shard", metavar="K/N", help="Process only shard K of N (deterministic split for CI matrices).")]
Report = Annotated[Optional[Path], typer.Option("--report", metavar="FILE", help="Write a per-package, per-rule report (.md or .json).")]
Traces = Annotated[Optional[Path], typer.Option("--traces", help="Trace log written by `tfautofix trace` (enables TFA004 and trace-based TFA007).")]
ExitZero = Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when findings remain (2 still means a file could not be processed).")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print findings (or diffs) only: no summary, notes or progress.")]
Verbose = Annotated[bool, typer.Option("--verbose", "-v", help="Also say which files were skipped and why.")]
ConfigFile = Annotated[Optional[Path], typer.Option("--config", metavar="FILE", help="Use this pyproject.toml's [tool.tfautofix] for every file.")]
Isolated = Annotated[bool, typer.Option("--isolated", help="Ignore every configuration file.")]
Color = Annotated[str, typer.Option("--color", metavar="auto|always|never", help="Colour the output: auto (on a terminal), always, never.")]
StdinFilename = Annotated[Optional[Path], typer.Option("--stdin-filename", metavar="PATH", help="The path standard input stands for (configuration, messages).")]
ForceExclude = Annotated[bool, typer.Option("--force-exclude", help="Apply `exclude` to files named on the command line too.")]
MaxFileSize = Annotated[Optional[str], typer.Option("--max-file-size", metavar="SIZE", help="Skip larger files, e.g. 5MB (default 2MB or [tool.tfautofix] max-file-size; 0: no limit).")]
UnsafeFixes = Annotated[Optional[bool], typer.Option("--unsafe-fixes/--no-unsafe-fixes", help="Apply (count) fixes marked unsafe; --no-unsafe-fixes overrides the configuration.")]


def _setup(color: str, quiet: bool, config: Optional[Path], isolated: bool) -> None:
    """Options every command shares: colours, quiet mode, which configuration."""
    global out, err, _quiet
    if color not in ("auto", "always", "never"):
        raise typer.BadParameter(f"expected auto, always or never (got {color!r})", param_hint="--color")
    out, err = make_console(color=color), make_console(stderr=True, color=color)
    _quiet = quiet
    try:
        force(None if isolated else config, forced=config is not None or isolated)
    except ConfigError as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None


_quiet = False


def _note(message: str, style: str = "") -> None:
    if not _quiet:
        err.print(message, style=style, markup=False)


def _size(value: Optional[str]) -> Optional[int]:
    if value is None:
        return None
    try:
        return parse_size(value)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--max-file-size") from None


def _skipped(outcome: Outcome, verbose: bool) -> None:
    for path, reason in outcome.skipped:
        if verbose or "max-file-size" in reason:
            _note(f"note: {path}: skipped, {reason}", style="dim")


def _stdin(paths: List[Path], stdin_filename: Optional[Path]) -> Optional[Path]:
    """The path standard input stands for when PATHS is ``-`` (None: PATHS are files)."""
    if [str(p) for p in paths] != ["-"]:
        if any(str(p) == "-" for p in paths):
            raise typer.BadParameter("- (standard input) cannot be combined with other paths", param_hint="PATHS")
        return None
    name = stdin_filename or Path("-")
    if name.suffix == ".ipynb":
        raise typer.BadParameter("notebooks cannot be read from standard input", param_hint="--stdin-filename")
    return name


def _run_stdin(name: Path, overrides: Overrides, fix: bool, traces) -> Optional[Outcome]:
    """Standard input as one file named ``name``; None when the configuration excludes it."""
    from tfautofix.engine import process_text

    config = config_for(name)
    if overrides.force_exclude and config.excluded(name):
        return None
    try:
        options = replace(options_for(selection_for(config, name, overrides)), traces=traces)
    except ConfigError as error:
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None
    text = sys.stdin.read()
    result = process_text(str(name), text, options, fix)
    if fix and result.fixed is None:
        result.fixed = text
    return Outcome([result], [])


def _emit(text: str, output_file: Optional[Path]) -> None:
    """Findings go to ``--output-file`` when given, else to standard output."""
    if output_file is None:
        if text:
            print(text)
        return
    try:
        output_file.write_text(text + "\n" if text else "", encoding="utf-8")
    except OSError as error:
        err.print(f"error: cannot write {output_file}: {error.strerror or error}", style="red", markup=False)
        raise typer.Exit(2) from None


def _statistics(findings, output_format: "Format") -> str:
    counts: dict[str, list] = {}
    for finding in findings:
        entry = counts.setdefault(finding.code, [finding.code, finding.name, 0, 0])
        entry[2] += 1
        entry[3] += finding.fix is not None
    rows = sorted(counts.values(), key=lambda e: (-e[2], e[0]))
    if output_format is Format.json:
        return json.dumps([{"code": c, "name": n, "count": k, "fixable": f} for c, n, k, f in rows], indent=2)
    return "\n".join(f"{k:>5}\t{c}\t{'[*]' if f else '[ ]'}\t{n}" for c, n, k, f in rows)


def _errors_json(failed) -> list[dict]:
    """Files that could not be processed, as JSON findings with ``code: null`` (as ruff does)."""
    entries = []
    for path, reason in failed:
        line, column = error_location(reason) or (1, 1)
        entries.append({
            "path": path, "line": line, "column": column, "end_line": line, "end_column": column,
            "code": None, "name": "syntax-error" if reason.startswith("cannot parse") else "error",
            "message": reason, "fix": None,
        })
    return entries


@app.command()
def check(
    paths: Paths,
    select: Select = None,
    ignore: Ignore = None,
    output_format: Format = typer.Option(Format.text, "--format", help="Output format."),
    output_file: Optional[Path] = typer.Option(None, "--output-file", "-o", help="Write the findings to FILE instead of standard output."),
    statistics: bool = typer.Option(False, "--statistics", help="Print the number of findings per rule instead of the findings."),
    jobs: Jobs = None,
    traces: Traces = None,
    no_cache: NoCache = False,
    shard: ShardSpec = None,
    report_file: Report = None,
    exit_zero: ExitZero = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
    config: ConfigFile = None,
    isolated: Isolated = False,
    color: Color = "auto",
    stdin_filename: StdinFilename = None,
    force_exclude: ForceExclude = False,
    max_file_size: MaxFileSize = None,
    unsafe_fixes: UnsafeFixes = None,
) -> None:
    """Report hazards without changing anything."""
    _setup(color, quiet, config, isolated)
    overrides = _overrides(select, ignore, unsafe_fixes, force_exclude, max_file_size)
    loaded = _load_traces(traces)
    stdin = _stdin(paths, stdin_filename)
    if stdin is not None:
        outcome = _run_stdin(stdin, overrides, False, loaded) or Outcome([], [])
    else:
        outcome = _run(paths, overrides, fix=False, jobs=jobs, no_cache=no_cache, shard=shard, traces=loaded)
    results = outcome.results
    findings = [f for result in results for f in result.findings]
    failed = [(r.path, r.error) for r in results if r.error]
    if statistics:
        _emit(_statistics(findings, output_format), output_file)
    elif output_format is Format.json:
        _emit(json.dumps([f.to_json() for f in findings] + _errors_json(failed), indent=2), output_file)
    elif output_format is Format.sarif:
        selected = select_rules(_codes(select, "--select"), _codes(ignore, "--ignore"))
        _emit(findings_sarif(findings, selected, failed), output_file)
    elif output_format is Format.github:
        _emit(findings_github(findings, failed), output_file)
    elif output_file is not None:
        _emit("\n".join(finding_line(f).plain for f in findings), output_file)
    else:
        for finding in findings:
            out.print(finding_line(finding))
    _warnings(results)
    errors = _report_errors(results)
    _skipped(outcome, verbose)
    _write_report(report_file, "check", outcome, shard, written=False)
    if output_format is Format.text or statistics:
        safe = sum(1 for f in findings if f.fix is not None and f.fix.applicability == "safe")
        unsafe = sum(1 for f in findings if f.fix is not None and f.fix.applicability == "unsafe")
        summary = f"Found {len(findings)} finding(s) in {len(results)} file(s)"
        if unsafe_fixes:
            safe, unsafe = safe + unsafe, 0
        if safe:
            summary += f"; {safe} fixable with `tfautofix fix`"
        if unsafe:
            summary += f"{',' if safe else ';'} {unsafe} more with `--unsafe-fixes`"
        _note(summary + ("." if not errors else f"; {errors} file(s) could not be processed."))
    raise typer.Exit(2 if errors else 1 if findings and not exit_zero else 0)


def _warnings(results: list[FileResult]) -> None:
    for result in results:
        for warning in result.warnings:
            err.print(warning, style="yellow", markup=False)


def _edits(result: FileResult) -> list[dict]:
    """The fix as line edits of the original: lines ``line``..``end_line`` (1-based, inclusive;
    ``end_line = line - 1`` inserts before ``line``) become ``content``."""
    before = source_lines(result.original or "", keepends=True)
    after = source_lines(result.fixed or "", keepends=True)
    blocks = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    return [
        {"line": i1 + 1, "end_line": i2, "content": "".join(after[j1:j2])}
        for tag, i1, i2, j1, j2 in blocks if tag != "equal"
    ]


def _fix_json(results: list[FileResult], written: set[str], write: bool) -> str:
    files = []
    for result in results:
        if not (result.changed or result.findings or result.error):
            continue
        files.append({
            "path": result.path,
            "written": result.path in written,
            "applied": [f.to_json() for f in result.applied] if (result.path in written or not write) else [],
            "remaining": [f.to_json() for f in result.findings],
            "edits": _edits(result) if result.changed and not result.error and not result.path.endswith(".ipynb") else [],
            "diff": unified_diff(result) if result.changed and not result.error else "",
            "error": result.error,
        })
    return json.dumps(files, indent=2)


def _show_fixes(results: list[FileResult], verb: str) -> None:
    fixed = [r for r in results if r.applied and not r.error]
    if not fixed:
        return
    err.print(f"{verb} {sum(len(r.applied) for r in fixed)} finding(s):", markup=False)
    for result in fixed:
        err.print(f"- {result.path}:", markup=False)
        counts: dict[tuple[str, str], int] = {}
        for finding in result.applied:
            counts[(finding.code, finding.name)] = counts.get((finding.code, finding.name), 0) + 1
        for (code, name), count in sorted(counts.items()):
            err.print(f"    {count} × {code} ({name})", markup=False)


class FixFormat(str, enum.Enum):
    text = "text"
    json = "json"


@app.command()
def fix(
    paths: Paths,
    write: bool = typer.Option(False, "--write", help="Write the fixes (default: show a diff, write nothing)."),
    diff: bool = typer.Option(False, "--diff", help="Show the diff and write nothing (the default; ruff's spelling)."),
    interactive: bool = typer.Option(
        False, "--interactive", "-i", help="Review each fix: y/n/a/d/q/e/? (answers may come from a pipe)."
    ),
    unsafe_fixes: UnsafeFixes = None,
    select: Select = None,
    ignore: Ignore = None,
    output_format: FixFormat = typer.Option(FixFormat.text, "--format", help="text: diffs; json: per file the edits, fixes applied and findings left."),
    show_fixes: bool = typer.Option(False, "--show-fixes", help="List the fixes applied, per file and rule."),
    jobs: Jobs = None,
    traces: Traces = None,
    verify: bool = typer.Option(False, "--verify", help="Run the original (eagerly and compiled) and the fixed code; give each fix a verdict (--write does when something exercises the code)."),
    no_verify: bool = typer.Option(False, "--no-verify", help="Write without running the fixes: safe fixes (unsafe ones with --unsafe-fixes), as static rules allow."),
    exercise: Optional[str] = typer.Option(None, "--exercise", metavar="CMD", help="Command that exercises your code (e.g. \"pytest tests -x\"; default: `exercise` in [tool.tfautofix]); implies --verify."),
    timeout: float = typer.Option(300, "--timeout", min=1, help="Seconds each verification run may take."),
    no_cache: NoCache = False,
    shard: ShardSpec = None,
    report_file: Report = None,
    allow_dirty: bool = typer.Option(False, "--allow-dirty", help="Write into files with uncommitted git changes."),
    exit_zero: ExitZero = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
    config: ConfigFile = None,
    isolated: Isolated = False,
    color: Color = "auto",
    stdin_filename: StdinFilename = None,
    force_exclude: ForceExclude = False,
    max_file_size: MaxFileSize = None,
) -> None:
    """Show (dry run) or apply (--write) fixes."""
    _setup(color, quiet, config, isolated)
    if diff and (write or interactive):
        raise typer.BadParameter("--diff shows the fixes without writing them: drop --write/--interactive", param_hint="--diff")
    explicit = verify or exercise is not None
    if no_verify and explicit:
        raise typer.BadParameter("--no-verify contradicts --verify/--exercise", param_hint="--no-verify")
    # Execution is the proof: --write and --interactive run the fixes whenever something exercises the code.
    proving = explicit or ((write or interactive) and not no_verify)
    overrides = _overrides(select, ignore, unsafe_fixes, force_exclude, max_file_size)
    stdin = _stdin(paths, stdin_filename)
    if stdin is not None:
        _fix_stdin(stdin, overrides, _load_traces(traces), exit_zero)
    if interactive:
        loaded = _load_traces(traces)
        verdicts = {}
        if proving:  # verdicts of each file's full fix, shown with every fix of that file
            fixed = _run(paths, overrides, fix=True, jobs=jobs, no_cache=True, traces=loaded).results
            checked = _verify(fixed, exercise, timeout, loaded, explicit)
            from tfautofix.verify.fixes import fix_verdicts

            verdicts = fix_verdicts(fixed, checked or {})
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
            result.findings += result.applied
            result.applied = []
        except Exception as error:  # a bug must cost one file, not the run
            result.error = f"not written: internal error, please report it: {type(error).__name__}: {error}"
            result.findings += result.applied
            result.applied = []

    # Verified fixes are written once their verdicts are known, the others as they come. When
    # the fixes are run, unsafe ones are candidates too: their verdict decides.
    loaded_traces = _load_traces(traces)
    writing_proven = write and proving
    unexecuted = 0  # fixes written that nothing ran
    static: set[str] = set()  # files nothing can exercise: written as they come

    def write_static(result: FileResult) -> None:
        nonlocal unexecuted
        if not explicit and result.changed and not _exercisable(result, exercise, loaded_traces):
            static.add(result.path)
            unexecuted += _write_checked(result, overrides, explicit, bool(unsafe_fixes), write_now, loaded_traces)

    try:
        outcome = _run(
            paths, replace(overrides, unsafe_fixes=True) if writing_proven else overrides, fix=True, jobs=jobs,
            no_cache=no_cache, shard=shard, each=(write_static if proving else write_now) if write else None, traces=loaded_traces,
        )
    except KeyboardInterrupt:
        _interrupted(written)
    results = outcome.results
    pending = [r for r in results if r.path not in static]
    checked = (_verify(pending, exercise, timeout, loaded_traces, explicit) if explicit or writing_proven else None) or {}
    changed = [r for r in results if r.changed]
    text = output_format is FixFormat.text
    if writing_proven:
        for result in pending:
            if result.changed:
                unexecuted += _write_checked(result, overrides, explicit, bool(unsafe_fixes), write_now, loaded_traces)
    if unexecuted:
        err.print(
            f"{unexecuted} fix(es) written without being executed: nothing ran them (give the module an exercise(), "
            "set `exercise = \"pytest -x\"` under [tool.tfautofix], or pass --exercise CMD or --traces FILE)",
            style="yellow", markup=False,
        )
    for result in changed:
        if not write and text:
            check = checked.get(result.path)
            if check is not None:
                out.print(verdict_header(result, check))
            out.print(diff_text(unified_diff(result)))
    for result in results:
        if result.path not in written:
            findings_on_disk(result)
    if checked and text:
        out.print(verdicts_table(results, checked, written if write else None))
    if not text:
        print(_fix_json(results, written, write))
    remaining = [f for r in results for f in r.findings]
    if text:
        for finding in remaining:
            err.print(finding_line(finding))
    _warnings(results)
    errors = _report_errors(results)
    _skipped(outcome, verbose)
    _write_report(report_file, "fix", outcome, shard, written=write)
    verb = "Fixed" if write else "Would fix"
    if show_fixes:
        _show_fixes(results, verb)
    applied = sum(len(r.applied) for r in results if not r.error)
    files = sum(1 for r in changed if not r.error and r.applied)
    summary = f"{verb} {applied} finding(s) in {files} file(s); {len(remaining)} remaining"
    unsafe = sum(1 for f in remaining if f.fix is not None and f.fix.applicability == "unsafe")
    if unsafe and not unsafe_fixes:
        summary += f" ({unsafe} with an unsafe fix: add --unsafe-fixes)"
    if write and files and all(in_git(path) for path in written):
        summary += ". Review with `git diff`, undo with `git checkout -- PATH`"
    _note(summary + ".")
    if errors:
        raise typer.Exit(2)
    raise typer.Exit(0 if exit_zero else 1 if remaining or (files and not write) else 0)


def _fix_stdin(name: Path, overrides: Overrides, traces, exit_zero: bool) -> None:
    """``fix -``: the fixed code on standard output (the input unchanged when nothing applies)."""
    outcome = _run_stdin(name, overrides, True, traces)
    if outcome is None:  # excluded (--force-exclude): passed through
        sys.stdout.write(sys.stdin.read())
        raise typer.Exit(0)
    result = outcome.results[0]
    if result.error:
        sys.stdout.write(result.original or "")
        err.print(f"{name}: {result.error}", style="red", markup=False)
        raise typer.Exit(2)
    sys.stdout.write(result.fixed if result.fixed is not None else result.original or "")
    for finding in result.findings:
        err.print(finding_line(finding))
    _warnings([result])
    _note(f"Fixed {len(result.applied)} finding(s); {len(result.findings)} remaining.")
    raise typer.Exit(0 if exit_zero or not result.findings else 1)


def _interrupted(written: set[str]) -> None:
    """Ctrl-C during ``fix --write``: say what was written (whole files: each write is atomic)."""
    if written:
        shown = sorted(written)
        listing = ", ".join(shown[:5]) + (f" and {len(shown) - 5} more" if len(shown) > 5 else "")
        err.print(f"interrupted: {len(shown)} file(s) were written before the interruption: {listing}", style="yellow", markup=False)
    else:
        err.print("interrupted: no file was written", style="yellow")
    raise typer.Exit(130)


def _verify(results: list[FileResult], exercise: Optional[str], timeout: float, traces=None, explicit: bool = True) -> Optional[dict]:
    """Verdicts per changed file. The calls come from ``--traces``, ``--exercise`` (else
    each file's configured ``exercise``, run in its ``pyproject.toml``'s directory) or
    the modules' ``exercise()``. Asked for (``explicit``), a run that cannot happen is a
    one-line error; by default it is one line, and None: the fixes are not executed."""
    from tfautofix.verify import TensorFlowMissing
    from tfautofix.verify.command import CommandError
    from tfautofix.verify.fixes import defines_exercise, verify_results

    changed = [r for r in results if r.changed and not r.error]
    groups: dict = {}
    for result in changed:
        config = config_for(Path(result.path))
        command = exercise or config.exercise
        groups.setdefault((command, None if exercise or not command else config.root), []).append(result)
    if not explicit:
        if not (traces is not None or any(command for command, _ in groups) or any(defines_exercise(r.original or "") for r in changed)):
            return None
        import importlib.util

        if importlib.util.find_spec("tensorflow") is None:
            err.print("TensorFlow is not installed, so the fixes are not executed (pip install 'tfautofix[tf]' to verify them)", style="yellow")
            return None
    if changed:
        err.print("verifying fixes by running them (TensorFlow)...", style="dim")
    checked: dict = {}
    try:
        for (command, root), group in groups.items():
            checked.update(verify_results(group, exercise=command, timeout=timeout, root=root, traces=traces))
    except (TensorFlowMissing, CommandError, RuntimeError) as error:
        if not explicit:
            err.print(f"the fixes could not be executed ({error}); --no-verify skips trying", style="yellow", markup=False)
            return None
        err.print(f"error: {error}", style="red", markup=False)
        raise typer.Exit(2) from None
    return checked


def _exercisable(result: FileResult, exercise: Optional[str], traces) -> bool:
    """Whether anything can run ``result``'s fixes: a command, a trace log, its ``exercise()``."""
    from tfautofix.verify.fixes import defines_exercise

    return bool(exercise or traces is not None or config_for(Path(result.path)).exercise or defines_exercise(result.original or ""))


def _write_checked(result: FileResult, overrides: Overrides, explicit: bool, consent: bool, write_now, traces=None) -> int:
    """``fix --write`` when the fixes may have been run: write exactly those their verdicts
    allow (:func:`tfautofix.verify.fixes.writes`), say which were not written; returns how
    many were written without being executed."""
    from tfautofix.verify.fixes import keep_fixes, writes

    if result.error:
        return 0
    path = Path(result.path)
    unsafe_allowed = selection_for(config_for(path), path, overrides).unsafe_fixes
    kept = [f for f in result.applied if writes(f, proof_asked=explicit, consent=consent, unsafe_allowed=unsafe_allowed)]
    for finding in result.applied:
        if any(finding is k for k in kept):
            if finding.verdict is not None and finding.verdict.kind in ("changed", "broken"):
                err.print(f"{result.path}:{finding.line}: {finding.code} written although {finding.verdict} (--unsafe-fixes)", style="bold red", markup=False)
        elif finding.verdict is not None:  # unsafe fixes nothing ran are counted in the summary, as without verification
            hint = "--unsafe-fixes" if explicit else "--verify --unsafe-fixes"
            tried = "".join(
                f"; candidate {i + 1} ({c.label}): {v}" for i, (c, v) in enumerate(zip(finding.candidates, finding.verdicts)) if v is not None and i
            )
            err.print(f"{result.path}:{finding.line}: {finding.code} not written, {finding.verdict}{tried} (write it anyway with {hint})", style="yellow", markup=False)
    keep_fixes(result, lambda f: any(f is k for k in kept), traces)
    write_now(result)
    if result.error or not result.changed:
        return 0
    return sum(1 for f in result.applied if f.verdict is None or f.verdict.kind == "unverifiable")


def _interactive(paths: List[Path], overrides: Overrides, jobs: Optional[int], verdicts: dict, traces) -> None:
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


@app.command()
def server() -> None:
    """Run the Language Server (LSP over stdio) for editors: diagnostics as you type, fixes, hover."""
    from tfautofix.server import serve

    serve()


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
