"""Verdicts on the fixes of ``tfautofix fix --verify``, from executing them.

:func:`verify_results` takes the engine's results and returns a verdict per
changed file (also set on each applied finding as ``finding.verdict``). The
calls come, in order, from a trace log (``--traces``, replayed by
:mod:`tfautofix.verify.replay`), the user's command (``--exercise``, see
:mod:`tfautofix.verify.command`) or the module's own ``exercise()``; a file
with none of them is ``unverifiable``. A verdict covers all the fixes of its file
together: the oracle is the whole original module run eagerly.
"""

from __future__ import annotations

import ast
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tfautofix.codemods import rule_by_code
from tfautofix.engine import FileResult
from tfautofix.verify import Job, Verdict, run_exercises, verdict
from tfautofix.verify.replay import driver, load, replayable

#: Verdicts whose fixes ``--write --verify`` writes without ``--unsafe-fixes``.
WRITABLE = ("verified", "improved")


@dataclass(frozen=True)
class Candidate:
    """A rewrite to check: the user's file, its text before and after the fixes."""

    path: str
    original: str
    fixed: str
    contract: str = "exact"
    encoding: str = "utf-8"


@dataclass(frozen=True)
class Checked:
    verdict: Verdict
    source: str  # where the calls came from: "--exercise", "exercise()", or "" (none)

    @property
    def writable(self) -> bool:
        return self.verdict.kind in WRITABLE


def contract_of(result: FileResult) -> str:
    """The strictest contract among the rules whose fixes were applied."""
    contracts = {rule.contract for rule in filter(None, (rule_by_code(f.code) for f in result.applied))}
    return next((c for c in ("distribution", "side-effect") if c in contracts), "exact")


def defines_exercise(text: str) -> bool:
    try:
        module = ast.parse(text)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.FunctionDef) and node.name == "exercise" for node in module.body)


def _source(candidate: Candidate, log: dict | None) -> tuple[str, list[dict]] | None:
    """Where ``candidate``'s calls come from: the trace log, else its ``exercise()``."""
    functions = replayable(log, candidate.path) if log else []
    if functions:
        return "--traces", functions
    if defines_exercise(candidate.original):
        return "exercise()", []
    return None


def verify_candidates(candidates: Sequence[Candidate], job_timeout: float = 120, log: dict | None = None) -> dict[str, Checked]:
    """Verdicts from replaying the trace log ``log`` or from each module's
    ``exercise()``: the original eagerly (oracle) and in graph mode, the rewrite
    in graph mode. All modules share one TensorFlow process per mode; rewrites
    and replay drivers are run from a temporary directory, with the original's
    directory on ``sys.path``, so the user's tree is never written."""
    checked: dict[str, Checked] = {}
    sources = {c.path: _source(c, log) for c in candidates}
    runnable = [c for c in candidates if sources[c.path] is not None]
    for candidate in candidates:
        if sources[candidate.path] is None:
            checked[candidate.path] = Checked(
                Verdict("unverifiable", "nothing to run: no exercise() in the file; pass --exercise CMD to run your tests"), ""
            )
    if not runnable:
        return checked
    with tempfile.TemporaryDirectory(prefix="tfautofix-fixed-") as workdir:
        jobs = []
        for index, candidate in enumerate(runnable):
            original = os.path.abspath(candidate.path)
            root = os.path.dirname(original)
            fixed = Path(workdir, str(index), os.path.basename(original))
            fixed.parent.mkdir()
            fixed.write_bytes(candidate.fixed.encode(candidate.encoding))
            source, functions = sources[candidate.path]
            if source == "--traces":  # drivers replaying the calls on each side
                module = fixed
                original, fixed = module.with_name("replay_original.py"), module.with_name("replay_fixed.py")
                original.write_text(driver(os.path.abspath(candidate.path), functions), encoding="utf-8")
                fixed.write_text(driver(str(module), functions), encoding="utf-8")
            jobs += [
                Job(str(index), str(original), "eager", root=root),
                Job(str(index), str(original), "graph", root=root),
                Job(f"{index}@fixed", str(fixed), "graph", root=root),
            ]
        runs = run_exercises(jobs, job_timeout=job_timeout)
    for index, candidate in enumerate(runnable):
        oracle, before, after = runs[(str(index), "eager")], runs[(str(index), "graph")], runs[(f"{index}@fixed", "graph")]
        checked[candidate.path] = Checked(verdict(candidate.contract, oracle, before, after), sources[candidate.path][0])
    return checked


def verify_results(
    results: Sequence[FileResult],
    exercise: str | None = None,
    timeout: float = 120,
    root: Path | None = None,
    traces=None,
) -> dict[str, Checked]:
    """Verdicts for every changed file of ``results``, keyed by path.

    Calls come from the trace log ``traces`` (a path or a loaded log) for the
    functions it recorded, else from the command ``exercise`` (run in ``root``,
    default the current directory), else from the file's ``exercise()``.
    Raises ``TensorFlowMissing`` when TensorFlow cannot be imported.
    """
    changed = [r for r in results if r.changed and not r.error]
    candidates = [Candidate(r.path, r.original or "", r.fixed or "", contract_of(r), r.encoding) for r in changed]
    log = load(traces) if traces is not None else None
    checked: dict[str, Checked] = {}
    by_command = [c for c in candidates if not (log and replayable(log, c.path))]
    if exercise is not None and by_command:
        from tfautofix.verify.command import verify_with_command

        checked.update(verify_with_command(exercise, by_command, root or Path.cwd(), timeout))
    checked.update(verify_candidates([c for c in candidates if c.path not in checked], job_timeout=timeout, log=log))
    for result in changed:
        for finding in result.applied:
            finding.verdict = checked[result.path].verdict
    return checked
