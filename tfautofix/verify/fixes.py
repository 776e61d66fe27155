"""Verdicts on the fixes of ``tfautofix fix --verify``, from executing them.

:func:`verify_results` takes the engine's results and returns a verdict per
changed file, the worst of its fixes' verdicts; each applied finding gets its own
(``finding.verdict``). Each fix is verified on its own: the original with just
that fix applied, so a wrong fix, or a finding left unfixed, is never blamed on
another fix of the file (fixes that only appear after another was applied are
judged with the file's whole rewrite). All rewrites of all files share one
TensorFlow process per mode. The calls come, in order, from a trace log
(``--traces``, replayed by :mod:`tfautofix.verify.replay`), the user's command
(``--exercise``, see :mod:`tfautofix.verify.command`) or the module's own
``exercise()``; a file with none of them is ``unverifiable``.

Runs per file: the original eagerly under two ambient seeds (the oracle; which
values are draws) and compiled; per rewrite: compiled (twice under the
distribution contract: is a seeded stream still reproducible?) and eagerly with
its lines recorded (the coverage gate: a fix whose lines never ran is
``unverifiable: not exercised``).
"""

from __future__ import annotations

import ast
import copy
import difflib
import os
import shlex
import sys
import tempfile
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from tfautofix.codemods import rule_by_code
from tfautofix.engine import FileResult, apply_one, detect
from tfautofix.files import source_lines
from tfautofix.rule import Finding
from tfautofix.verify import STILL_FAILS, Job, Verdict, run_exercises, verdict, worst
from tfautofix.verify.replay import driver, load, replayable, same_file

#: Verdicts whose fixes ``fix --write`` writes, safe and unsafe alike (see :func:`writes`).
WRITABLE = ("verified", "improved")


@dataclass(frozen=True)
class Candidate:
    """A rewrite to check: the user's file, its text before and after the fixes."""

    path: str
    original: str
    fixed: str
    contract: str = "exact"
    encoding: str = "utf-8"
    #: Lines of the original where findings this rewrite leaves unfixed are (a failure there is theirs).
    pending: tuple[int, ...] = ()


@dataclass(frozen=True)
class Checked:
    verdict: Verdict
    source: str  # where the calls came from: "--exercise", "exercise()", or "" (none)
    #: ``(finding, verdict)`` for each fix verified on its own.
    fixes: tuple = field(default=(), compare=False)

    @property
    def writable(self) -> bool:
        return self.verdict.kind in WRITABLE


def contract_of(findings: Sequence[Finding]) -> str:
    """The strictest contract among the rules of ``findings``."""
    contracts = {rule.contract for rule in filter(None, (rule_by_code(f.code) for f in findings))}
    return next((c for c in ("distribution", "side-effect") if c in contracts), "exact")


def defines_exercise(text: str) -> bool:
    try:
        module = ast.parse(text)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.FunctionDef) and node.name == "exercise" for node in module.body)


def _source(candidate: Candidate, log: dict | None) -> tuple[str, list[dict]] | None:
    """Where ``candidate``'s calls come from: its ``exercise()``, which also runs the code around
    the traced functions (a loop calling `predict`), else the calls the trace log recorded."""
    if defines_exercise(candidate.original):
        return "exercise()", []
    functions = replayable(log, candidate.path) if log else []
    return ("--traces", functions) if functions else None


def changed_lines(original: str, fixed: str) -> set[int]:
    """First lines of the statements of ``fixed`` that a fix wrote (imports left out;
    a changed decorator or ``def`` line counts by the function's body)."""
    old, new = source_lines(original), source_lines(fixed)
    written: set[int] = set()
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            written.update(range(j1 + 1, j2 + 1))
    try:
        tree = ast.parse(fixed)
    except SyntaxError:
        return written
    starts: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        body = getattr(node, "body", None)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if written & set(range(first, node.body[0].lineno)):
                starts.update(statement.lineno for statement in node.body)
            continue
        last = body[0].lineno - 1 if isinstance(body, list) and body else node.end_lineno
        if written & set(range(node.lineno, (last or node.lineno) + 1)):
            starts.add(node.lineno)
    return starts


def not_exercised_lines(lines: set[int], ran: list[int] | None) -> str | None:
    if not lines or ran is None or lines & set(ran):
        return None
    shown = sorted(lines)
    where = f"line {shown[0]}" if len(shown) == 1 else f"lines {shown[0]}-{shown[-1]}"
    return f"{where} of the rewrite never ran"


def _site(run: dict, path: str) -> int | None:
    """The line of ``path`` where ``run``'s error was raised (its innermost frame there)."""
    real = os.path.realpath(path)
    return next((line for file, line in reversed(run.get("sites") or []) if file == real), None)


def blame(candidate: Candidate, before: dict, after: dict, fixed_path: str) -> tuple[str, str] | None:
    """Whose error the rewrite raises compiled when the original raises compiled too:
    the fix's where it raises in a line the fix wrote, or where the original did not
    raise; the original's where it raised, or where a finding this rewrite leaves
    unfixed is (another fix is needed first). None: the rewrite raised nowhere in the file."""
    if not (before.get("error") and after.get("error")):
        return None
    new = _site(after, fixed_path)
    if new is None:
        return None
    kept = {}  # line of the rewrite -> the same line of the original
    old_lines, new_lines = source_lines(candidate.original), source_lines(candidate.fixed)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes():
        if tag == "equal":
            kept.update(zip(range(j1 + 1, j2 + 1), range(i1 + 1, i2 + 1)))
    line = kept.get(new)
    if line is None:
        return "fix", f"at line {new}, a line the fix wrote"
    kind = after["error"].split(":")[0]
    if line == _site(before, candidate.path) and kind == before["error"].split(":")[0]:
        return "original", ""
    if line in candidate.pending:
        return "original", f" at line {line} where another finding is left unfixed"
    return "fix", f"at line {line}, where the original compiled did not raise"


def _jobs_for(candidates: Sequence[Candidate], sources: dict, workdir: str) -> tuple[list[Job], list[dict]]:
    """The runner jobs of ``candidates``: per original three, per rewrite two or three."""
    jobs: list[Job] = []
    plans: list[dict] = []
    originals: dict[str, str] = {}
    for index, candidate in enumerate(candidates):
        original = os.path.abspath(candidate.path)
        root = os.path.dirname(original)
        fixed = Path(workdir, str(index), os.path.basename(original))
        fixed.parent.mkdir()
        fixed.write_bytes(candidate.fixed.encode(candidate.encoding))
        watched = str(fixed)
        source, functions = sources[candidate.path]
        if source == "--traces":  # drivers replaying the calls on each side
            module = fixed
            original, fixed = str(module.with_name("replay_original.py")), module.with_name("replay_fixed.py")
            Path(original).write_text(driver(os.path.abspath(candidate.path), functions), encoding="utf-8")
            fixed.write_text(driver(str(module), functions), encoding="utf-8")
        key = f"{candidate.path}\0{source}"
        if key not in originals:
            originals[key] = name = f"o{len(originals)}"
            jobs += [
                Job(name, str(original), "eager", root=root, seed=1),
                Job(name + "#2", str(original), "eager", root=root, seed=2),
                Job(name, str(original), "graph", root=root, seed=1),
            ]
        name = f"f{index}"
        jobs += [
            Job(name, str(fixed), "graph", root=root, seed=1),
            Job(name, str(fixed), "eager", root=root, seed=1, lines=watched),
        ]
        if candidate.contract == "distribution":
            jobs.append(Job(name + "#2", str(fixed), "graph", root=root, seed=2))
        plans.append({"original": originals[key], "fixed": name, "lines": changed_lines(candidate.original, candidate.fixed), "watched": watched})
    return jobs, plans


def check_rewrites(candidates: Sequence[Candidate], job_timeout: float = 120, log: dict | None = None) -> list[Checked]:
    """A verdict for each candidate, in order, from replaying the trace log ``log``
    or from the module's ``exercise()``. All share one TensorFlow process per mode;
    rewrites and replay drivers are run from a temporary directory, with the
    original's directory on ``sys.path``, so the user's tree is never written."""
    return judge_rewrites(candidates, *run_rewrites(candidates, job_timeout, log))


def run_rewrites(candidates: Sequence[Candidate], job_timeout: float = 120, log: dict | None = None) -> tuple[dict, dict, list[dict]]:
    """The runs :func:`judge_rewrites` judges: ``(sources, runs, plans)``."""
    sources = {c.path: _source(c, log) for c in candidates}
    runnable = [c for c in candidates if sources[c.path] is not None]
    runs: dict = {}
    plans: list[dict] = []
    if runnable:
        with tempfile.TemporaryDirectory(prefix="tfautofix-fixed-") as workdir:
            jobs, plans = _jobs_for(runnable, sources, workdir)
            runs = run_exercises(jobs, job_timeout=job_timeout)
    return sources, runs, plans


def judge_rewrites(candidates: Sequence[Candidate], sources: dict, runs: dict, plans: list[dict]) -> list[Checked]:
    """The verdicts of :func:`run_rewrites`' runs (kept apart so the verdict logic can be
    re-judged without running TensorFlow again: ``benchmarks/verifier_mutants.py``)."""
    verdicts = iter(plans)
    checked = []
    for candidate in candidates:
        if sources[candidate.path] is None:
            checked.append(Checked(Verdict("unverifiable", "nothing to run: no exercise() in the file; pass --exercise CMD to run your tests"), ""))
            continue
        plan = next(verdicts)
        o, f = plan["original"], plan["fixed"]
        eager_fixed = runs[(f, "eager")]
        result = verdict(
            candidate.contract, runs[(o, "eager")], runs[(o, "graph")], runs[(f, "graph")],
            more_oracles=[runs.get((o + "#2", "eager"))], second_after=runs.get((f + "#2", "graph")),
            not_exercised=None if eager_fixed.get("error") else not_exercised_lines(plan["lines"], eager_fixed.get("lines")),
            eager_error=eager_fixed.get("error"),
            blame=blame(candidate, runs[(o, "graph")], runs[(f, "graph")], plan["watched"]),
        )
        checked.append(Checked(result, sources[candidate.path][0]))
    return checked


def verify_candidates(candidates: Sequence[Candidate], job_timeout: float = 120, log: dict | None = None) -> dict[str, Checked]:
    """Verdicts by path: the worst of the path's candidates."""
    checked: dict[str, list[Checked]] = {}
    for candidate, result in zip(candidates, check_rewrites(candidates, job_timeout, log)):
        checked.setdefault(candidate.path, []).append(result)
    return {path: Checked(worst(c.verdict for c in results), results[0].source) for path, results in checked.items()}


def _needs_the_others(verdict: Verdict) -> bool:
    """Alone, the fix leaves the file failing as before (another fix, or an unfixed finding, is needed)."""
    return verdict.kind == "changed" and verdict.detail.startswith(STILL_FAILS)


def recorded_command(log: dict | None) -> str | None:
    """The command a trace log recorded, as a shell command (``python`` is this interpreter)."""
    command = (log or {}).get("command")
    if not command:
        return None
    if isinstance(command, str):
        return command
    argv = list(command)
    if os.path.basename(argv[0]) in ("python", "python3"):
        argv[0] = sys.executable
    return shlex.join(argv)


def traced_file(log: dict, path: str) -> bool:
    return any(same_file(function["file"], path) for function in log.get("functions", []))


def _key(finding: Finding) -> tuple:
    return (finding.code, finding.line, finding.column, finding.message)


def single_fixes(result: FileResult, traces=None) -> tuple[list[tuple[Finding, int, str]], list[Finding]]:
    """``(applied finding, candidate index, the original with just that candidate)`` for the
    applied findings found in the original (those exposed by another fix need that fix too),
    each of their candidates (``finding.candidates``: the fix, then its alternatives), and the
    original's findings of the rules involved."""
    codes = sorted({f.code for f in [*result.applied, *result.findings]})
    try:
        ctx, findings = detect(result.original or "", [rule_by_code(c) for c in codes if rule_by_code(c)], result.path, traces)
    except Exception:  # noqa: BLE001 - the whole rewrite is still judged
        return [], []
    by_key = {_key(f): f for f in findings if f.fix is not None}
    singles = []
    for finding in result.applied:
        found = by_key.get(_key(finding))
        if found is None:
            continue
        for index, fix in enumerate(found.candidates):
            with suppress(Exception):  # a fix that needs another to apply is judged with the whole rewrite
                singles.append((finding, index, apply_one(ctx, found, fix=fix)))
    return singles, findings


def file_candidates(result: FileResult, traces=None) -> list[tuple[tuple[Finding, ...], int | None, Candidate]]:
    """What to verify for one changed file: each fix on its own (and each of its
    alternatives: index 1, 2, ... of ``finding.candidates``) and, when some fixes cannot
    be isolated or there are several, the whole rewrite (index None: fixes interact)."""
    singles, found = single_fixes(result, traces)

    def candidate(fixed: str, findings) -> Candidate:
        fixing = {_key(f) for f in findings}
        unfixed = tuple(sorted({f.line for f in found if _key(f) not in fixing}))  # lines of the original
        return Candidate(result.path, result.original or "", fixed, contract_of(findings), result.encoding, unfixed)

    planned = [((finding,), index, candidate(text, [finding])) for finding, index, text in singles]
    primaries = [c for _, index, c in planned if index == 0]
    isolated = {id(finding) for finding, index, _ in singles if index == 0}
    rest = tuple(f for f in result.applied if id(f) not in isolated)
    if rest or len(primaries) != 1 or primaries[0].fixed != result.fixed:
        planned.append((rest, None, candidate(result.fixed or "", result.applied)))
    return planned


def choose_candidates(result: FileResult, entries: Sequence[tuple[tuple[Finding, ...], int | None, Checked]]) -> None:
    """A finding whose fix is not confirmed (verified/improved) takes the first of its
    alternatives that is (``finding.chosen``, its verdict); each finding with
    alternatives keeps every candidate's verdict (``finding.verdicts``)."""
    for finding in result.applied:
        tried = {index: check.verdict for findings, index, check in entries if index and findings[0] is finding}
        if not tried:
            continue
        finding.verdicts = (finding.verdict, *(tried.get(i) for i in range(1, len(finding.candidates))))
        if finding.verdict is not None and finding.verdict.kind in WRITABLE:
            continue
        best = next((i for i, v in enumerate(finding.verdicts) if i and v is not None and v.kind in WRITABLE), None)
        if best is not None:
            finding.chosen, finding.verdict = best, finding.verdicts[best]


def verify_results(
    results: Sequence[FileResult],
    exercise: str | None = None,
    timeout: float = 120,
    root: Path | None = None,
    traces=None,
) -> dict[str, Checked]:
    """Verdicts for every changed file of ``results``, keyed by path; each applied
    finding gets its own verdict (``finding.verdict``).

    Calls come from the trace log ``traces`` (a path or a loaded log) for the
    functions it recorded (when their arguments cannot be rebuilt, the command
    that produced the log is run again), else from the command ``exercise`` (run in ``root``,
    default the current directory), else from the file's ``exercise()``.
    Raises ``TensorFlowMissing`` when TensorFlow cannot be imported.
    """
    changed = [r for r in results if r.changed and not r.error]
    log = load(traces) if traces is not None else None
    loaded = traces if hasattr(traces, "to_json") else None
    planned = {r.path: file_candidates(r, loaded) for r in changed}
    checked: dict[str, Checked] = {}
    by_command = [r for r in changed if not (log and replayable(log, r.path))]
    if exercise is not None and by_command:
        from tfautofix.verify.command import verify_with_command

        checked.update(verify_with_command(exercise, [c for r in by_command for _, i, c in planned[r.path] if i is None or i == 0], root or Path.cwd(), timeout))
        _command_candidates(exercise, by_command, checked, root or Path.cwd(), timeout, loaded)
    recorded = recorded_command(log)
    rerun = [r for r in changed if r.path not in checked and recorded and not replayable(log, r.path)
             and not defines_exercise(r.original or "") and traced_file(log, r.path)]
    if rerun:  # the calls cannot be rebuilt (object arguments): run what produced the log again
        from tfautofix.verify.command import verify_with_command

        again = verify_with_command(recorded, [c for r in rerun for _, i, c in planned[r.path] if i is None or i == 0], root or Path.cwd(), timeout)
        again = {path: Checked(c.verdict, "--traces (its command re-run)") for path, c in again.items()}
        _command_candidates(recorded, rerun, again, root or Path.cwd(), timeout, loaded)
        checked.update(again)
    pending = [(r, findings, index, c) for r in changed if r.path not in checked for findings, index, c in planned[r.path]]
    verdicts = check_rewrites([c for _, _, _, c in pending], job_timeout=timeout, log=log)
    per_file: dict[str, list] = {}
    for (result, findings, index, _), check in zip(pending, verdicts):
        per_file.setdefault(result.path, []).append((findings, index, check))
    for result in changed:
        if result.path in checked:
            for finding in result.applied:
                finding.verdict = checked[result.path].verdict
            continue
        entries = per_file[result.path]
        primaries = [(findings, check) for findings, index, check in entries if index == 0]
        whole = next((check for _, index, check in entries if index is None), primaries[0][1] if len(primaries) == 1 else None)
        for findings, check in primaries:
            for finding in findings:
                finding.verdict = check.verdict
        for finding in result.applied:
            if finding.verdict is None and whole is not None:
                finding.verdict = whole.verdict
        if whole is not None and whole.writable:
            # The whole rewrite is confirmed, so each fix is written with all the others: exactly that
            # rewrite. Alone, a fix may leave the file failing, or a draw frozen, by a finding it leaves unfixed.
            for finding in result.applied:
                alone = finding.verdict
                if alone is not None and alone.kind not in WRITABLE:
                    finding.verdict = whole.verdict if _needs_the_others(alone) else Verdict(
                        whole.verdict.kind, f"{whole.verdict.detail}; with the file's other fixes (alone: {alone})".lstrip("; "))
        choose_candidates(result, entries)
        if any(f.chosen for f in result.applied):  # the rewrite with the candidates execution chose
            keep_fixes(result, lambda f: True, loaded)
        fixes = tuple((finding, finding.verdict) for finding in result.applied)
        file_verdict = worst([*(f.verdict for f in result.applied if f.verdict is not None), *([whole.verdict] if whole is not None and not any(f.chosen for f in result.applied) else [])])
        checked[result.path] = Checked(file_verdict, entries[0][2].source, fixes)
    ranked = _ranked_candidates([r for r in changed if r.path in per_file], checked, timeout, log, loaded)
    _check_composed([r for r in changed if r.path in per_file and r.path not in ranked], checked, timeout, log)
    return checked


def _ranked_candidates(results: Sequence[FileResult], checked: dict[str, Checked], timeout: float, log: dict | None,
                       traces=None) -> set[str]:
    """Files no candidate of which is confirmed alone because each leaves the file failing at
    another finding (``_needs_the_others``), and whose whole rewrite is not confirmed either:
    run again with every finding's next candidate, rank by rank (one run per rank, all such
    files together), as ``_command_candidates`` does; the first rewrite confirmed is kept.
    Returns the paths so decided."""
    def stuck(result: FileResult) -> bool:
        verdicts = [v for f in result.applied for v in (f.verdicts or (f.verdict,)) if v is not None]
        return not checked[result.path].writable and len(result.applied) > 1 and any(
            len(f.candidates) > 1 for f in result.applied) and any(_needs_the_others(v) for v in verdicts)

    pending, decided, rank = [r for r in results if stuck(r)], set(), 1
    while pending:
        retry = [r for r in pending if any(len(f.candidates) > rank for f in r.applied)]
        if not retry:
            break
        trials = _at_rank(retry, rank, traces)
        runs = [Candidate(r.path, r.original or "", trials[r.path].fixed or "", contract_of(r.applied), r.encoding) for r in retry]
        for result, check in zip(retry, check_rewrites(runs, job_timeout=timeout, log=log)):
            if not check.writable:
                continue
            trial = trials[result.path]
            for finding in trial.applied:
                finding.verdict = check.verdict
            result.fixed, result.applied, result.findings = trial.fixed, trial.applied, trial.findings
            checked[result.path] = Checked(check.verdict, check.source, tuple((f, check.verdict) for f in result.applied))
            decided.add(result.path)
        pending = [r for r in retry if r.path not in decided]
        rank += 1
    return decided


def _at_rank(results: Sequence[FileResult], rank: int, traces) -> dict[str, FileResult]:
    """Each file rebuilt with every finding's candidate of ``rank`` (its last, when it has fewer)."""
    trials = {}
    for result in results:
        trial = copy.deepcopy(result)
        for finding in trial.applied:
            finding.chosen = min(rank, len(finding.candidates) - 1)
        keep_fixes(trial, lambda f: True, traces)
        trials[result.path] = trial
    return trials


def _check_composed(results: Sequence[FileResult], checked: dict[str, Checked], timeout: float, log: dict | None) -> None:
    """A file rebuilt with an alternative execution chose holds a combination no run has seen
    (each candidate ran alone, or the whole ran with the primaries): run it as it will be
    written, all such files in one batch. Not confirmed, none of its fixes is confirmed."""
    composed = [r for r in results if any(f.chosen for f in r.applied) and len(r.applied) > 1]
    if not composed:
        return
    runs = [Candidate(r.path, r.original or "", r.fixed or "", contract_of(r.applied), r.encoding) for r in composed]
    for result, check in zip(composed, check_rewrites(runs, job_timeout=timeout, log=log)):
        if check.writable:
            continue
        verdict = Verdict(check.verdict.kind, f"with the candidates chosen for the file's other fixes: {check.verdict.detail}".rstrip(": "))
        for finding in result.applied:
            finding.verdict = verdict
        checked[result.path] = Checked(verdict, check.source, tuple((f, verdict) for f in result.applied))


def _command_candidates(command: str, results: Sequence[FileResult], checked: dict[str, Checked], root: Path, timeout: float, traces=None) -> None:
    """A command runs a file's whole rewrite (a run per file, not per fix): when that is not
    confirmed, the command runs again with each finding's next candidate, rank by rank (one more
    run per rank, all files together), and the first rewrite confirmed is kept."""
    from tfautofix.verify.command import verify_with_command

    rank = 1
    while True:
        retry = [r for r in results if r.path in checked and not checked[r.path].writable and any(len(f.candidates) > rank for f in r.applied)]
        if not retry:
            return
        trials = _at_rank(retry, rank, traces)
        rewrites = [Candidate(r.path, r.original or "", trials[r.path].fixed or "", contract_of(r.applied), r.encoding) for r in retry]
        again = verify_with_command(command, rewrites, root, timeout)
        for result in retry:
            verdict_ = again[result.path].verdict if result.path in again else None
            for finding in result.applied:
                if len(finding.candidates) > rank:
                    finding.verdicts = (*(finding.verdicts or (checked[result.path].verdict,)), verdict_)
            if verdict_ is not None and verdict_.kind in WRITABLE:
                trial = trials[result.path]
                for finding in trial.applied:
                    finding.verdict = verdict_
                    finding.verdicts = next((f.verdicts for f in result.applied if _key(f) == _key(finding)), ())
                result.fixed, result.applied, result.findings = trial.fixed, trial.applied, trial.findings
                checked[result.path] = Checked(verdict_, checked[result.path].source)
        rank += 1


def writes(finding: Finding, *, proof_asked: bool, consent: bool, unsafe_allowed: bool) -> bool:
    """Whether ``fix --write`` writes ``finding``'s fix, by its verdict: verified and
    improved fixes always, safe and unsafe alike; changed and broken ones only with
    consent (``--verify --unsafe-fixes``); those nothing ran as the static rules allow
    (safe ones, unsafe ones with ``unsafe-fixes``), unless a proof was asked for
    (``--verify``: then only with consent)."""
    kind = finding.verdict.kind if finding.verdict is not None else None
    if kind in WRITABLE:
        return True
    if kind in ("changed", "broken") or proof_asked:
        return consent
    return finding.fix is not None and (finding.fix.applicability == "safe" or unsafe_allowed)


def keep_fixes(result: FileResult, wanted: Callable[[Finding], bool], traces=None) -> None:
    """Narrow ``result`` to the fixes ``wanted`` accepts (``fix --write`` of a file
    whose other fixes are not to be written), each as the candidate execution chose
    (``finding.chosen``): the original with just those fixes applied; the others
    become remaining findings."""
    from tfautofix.engine import fix_source

    kept = {_key(f): f for f in result.applied if wanted(f)}
    if len(kept) == len(result.applied) and not any(f.chosen for f in result.applied):
        return
    fixed, applied, remaining = result.original, [], []
    rules = [r for r in map(rule_by_code, sorted({f.code for f in result.applied})) if r is not None]
    if kept:

        def choose(finding: Finding):
            decided = kept.get(_key(finding))
            return None if decided is None else finding.candidates[min(decided.chosen, len(finding.candidates) - 1)]

        fixed, applied, remaining = fix_source(result.original or "", rules, result.path, unsafe_fixes=True, traces=traces, choose=choose)
        for finding in applied:
            decided = kept.get(_key(finding))
            if decided is not None:
                finding.verdict, finding.verdicts = decided.verdict, decided.verdicts
        codes = {rule.code for rule in rules}
        result.findings = [f for f in result.findings if f.code not in codes] + remaining
    else:
        result.findings = result.findings + result.applied
    result.fixed, result.applied = fixed, applied
    result.findings.sort(key=lambda f: (f.line, f.column))


def fix_verdicts(results: Sequence[FileResult], checked: dict[str, Checked]) -> dict:
    """What ``fix --interactive`` shows: each file's verdict by path, each fix's by
    ``(path, code, stripped line of the original)``, and for a finding with alternatives
    each candidate's by that key and its index, the one execution chose by that key and ``"chosen"``."""
    shown: dict = {}
    for result in results:
        check = checked.get(result.path)
        if check is None:
            continue
        by = f", by {check.source}" if check.source else ""
        shown[result.path] = f"{check.verdict}{by}"
        lines = source_lines(result.original or "")
        for finding, fix_verdict in check.fixes:
            if fix_verdict is not None and 0 < finding.line <= len(lines):
                key = (result.path, finding.code, lines[finding.line - 1].strip())
                shown[key] = f"{fix_verdict}{by}"
                shown[(*key, "chosen")] = finding.chosen
                for index, candidate_verdict in enumerate(finding.verdicts):  # each candidate, on its own
                    if candidate_verdict is not None:
                        shown[(*key, index)] = f"{candidate_verdict}{by}"
    return shown
