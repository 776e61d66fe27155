"""Eager is the oracle, graph is the subject (PRODUCT.md).

A rewrite is *verified* when the rewritten code, run normally (graph mode), gives
the eager results of the original under the per-value contracts
(:mod:`tfautofix.verify.contracts`: exact values with dtype and shape, draws by
distribution per output position, printed values on stdout and stderr), its
changed lines ran, and it traces no more often than the original did in graph mode.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from tfautofix.verify import runner
from tfautofix.verify.contracts import (
    compare_printed,
    compare_values,
    same_distribution,
    speed,
)

__all__ = ["Job", "Verdict", "run_exercises", "same_distribution", "verdict", "worst"]

VERDICTS = ("verified", "improved", "changed", "broken", "unverifiable")


@dataclass(frozen=True)
class Job:
    id: str
    path: str
    mode: str  # "eager" (the oracle) or "graph" (the subject)
    #: Extra environment variables, e.g. (("TF_USE_LEGACY_KERAS", "1"),) to run with tf-keras.
    env: tuple[tuple[str, str], ...] = ()
    root: str | None = None  # put first on sys.path (default: the file's directory)
    seed: int = 0  # the ambient seed of Python, NumPy and TensorFlow (the module's own seeds win)
    lines: str | None = None  # a file whose lines that run are recorded (the coverage gate)


@dataclass(frozen=True)
class Verdict:
    kind: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind} ({self.detail})" if self.detail else self.kind


class TensorFlowMissing(RuntimeError):
    pass


#: Processes started that import TensorFlow (the expensive part of verifying); see benchmarks/.
STATS = {"tensorflow_processes": 0}
#: How long a runner may take to import TensorFlow before its first job starts.
STARTUP_SECONDS = 180


def run_exercises(
    jobs: Sequence[Job], timeout: float = 900, job_timeout: float = runner.TIMEOUT_SECONDS
) -> dict[tuple[str, str], dict]:
    """Run every job's ``exercise()``; one TensorFlow process per mode and environment, in parallel.

    Returns results keyed by ``(job.id, job.mode)``. A job that hangs (more than
    ``job_timeout`` seconds), exits or kills its process gets an ``error`` result;
    a fresh process then runs the jobs after it. ``timeout`` bounds each process.
    Eager jobs that raise after others ran in their process run again in a fresh one.
    """
    by_mode: dict[tuple[str, tuple[tuple[str, str], ...]], list[Job]] = {}
    for job in jobs:
        debug = job.mode == "eager" and _may_give_tf_data_a_function(job.path, job.root)
        by_mode.setdefault((job.mode, job.env + ((runner.DATA_DEBUG, "1"),) * debug), []).append(job)

    def run_mode(group: tuple[str, tuple[tuple[str, str], ...]]) -> list[dict]:
        mode, env = group
        specs = [
            {"id": j.id, "path": j.path, "root": j.root or os.path.dirname(os.path.abspath(j.path)), "timeout": job_timeout, "seed": j.seed, "lines": j.lines}
            for j in by_mode[group]
        ]
        results = _run_jobs(mode, env, specs, timeout, job_timeout)
        again = [i for i, result in enumerate(results) if i and _raised(result)] if mode == "eager" else []
        if again:
            # The oracle is the program on its own: an error in a shared process may come from the
            # modules run before it (TensorFlow's process-wide state), so it is asked again, first
            # in a fresh process (one for all such jobs of the batch).
            for i, result in zip(again, _run_jobs(mode, env, [specs[i] for i in again], timeout, job_timeout)):
                results[i] = result
        return results

    with ThreadPoolExecutor(max_workers=len(by_mode) or 1) as pool:
        outcomes = dict(zip(by_mode, pool.map(run_mode, by_mode)))
    return {(r["id"], mode): r for (mode, _), results in outcomes.items() for r in results}


#: Names through which user code may hand tf.data a function to run (or build a pipeline that
#: does): ``tf.data``, ``Dataset`` and the methods that take a function.
_TF_DATA_NAMES = frozenset({"data", "Dataset", "map", "filter", "flat_map", "interleave", "scan", "reduce", "apply", "take_while", "group_by_window", "group_by_reducer", "bucket_by_sequence_length"})


@functools.lru_cache(maxsize=1024)
def _may_give_tf_data_a_function(path: str, root: str | None) -> bool:
    """Must the oracle run tf.data's functions eagerly (``enable_debug_mode``) for this module?

    The mode is not free: it also changes the random streams of Keras's own pipelines (fit's
    shuffle order, and every draw after it), so an oracle that turns it on needlessly is not the
    program run eagerly. It is off only when that is known: the code names none of tf.data (an
    attribute, imported name or ``Dataset``; comments and strings do not count) and imports no
    module of its own directory or ``root`` (whose code is unseen); unknown → on.
    """
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return True
    places = {Path(path).resolve().parent, *([Path(root).resolve()] if root else [])}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in _TF_DATA_NAMES or isinstance(node, ast.Name) and node.id == "Dataset":
            return True
        if isinstance(node, ast.ImportFrom) and (node.level or any(a.name in _TF_DATA_NAMES for a in node.names)):
            return True
        modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
        for module in modules:
            top = module.split(".")[0]
            if "data" in module.split(".") or any((place / f"{top}.py").exists() or (place / top).is_dir() for place in places):
                return True
    return False


def _raised(result: dict) -> bool:
    """The job's code raised (not a hang or a crash, which cost a timeout or a process):
    the runner keeps a traceback for exactly those errors."""
    return bool(result["error"]) and "traceback" in result


def _run_jobs(mode: str, env: tuple[tuple[str, str], ...], jobs: list[dict], timeout: float, job_timeout: float) -> list[dict]:
    """One result per job, in order: a process that dies or hangs costs only the job it was running."""
    results: list[dict] = []
    pending = jobs
    while pending:
        finished, failure = _run_batch(mode, env, pending, timeout, job_timeout)
        results += finished
        pending = pending[len(finished):]
        if failure is not None and pending:  # it happened while running pending[0]
            results.append({"id": pending[0]["id"], "error": failure, "value": None, "traces": 0, "traces_by_function": {}, "stdout": "", "stderr": ""})
            pending = pending[1:]
    return results


def _run_batch(mode: str, env: tuple[tuple[str, str], ...], jobs: list[dict], timeout: float, job_timeout: float) -> tuple[list[dict], str | None]:
    """Run ``jobs`` in one runner process until they finish or the process fails.

    Returns the finished results and, if the process died or hung, why.
    """
    with tempfile.TemporaryDirectory(prefix="tfautofix-verify-") as workdir:
        jobs_file = os.path.join(workdir, "jobs.json")
        output_file = os.path.join(workdir, "results.jsonl")
        with open(jobs_file, "w", encoding="utf-8") as handle:
            json.dump(jobs, handle)
        command = [sys.executable, "-m", "tfautofix.verify.runner", "--mode", mode, "--jobs", jobs_file, "--output", output_file]
        environment = {"TF_CPP_MIN_LOG_LEVEL": "2", **os.environ, **dict(env), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": _own_path(os.environ.get("PYTHONPATH"))}
        STATS["tensorflow_processes"] += 1
        with open(os.path.join(workdir, "stderr"), "w+", encoding="utf-8", errors="replace") as stderr:
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr, stdin=subprocess.DEVNULL, cwd=workdir, env=environment)
            started = progress = time.monotonic()
            done = -1  # the first line says TensorFlow is imported
            failure = None
            while process.poll() is None:
                time.sleep(0.05)
                lines = _count_lines(output_file)
                now = time.monotonic()
                if lines != done:
                    done, progress = lines, now
                limit = STARTUP_SECONDS if done < 1 else job_timeout + 5
                if now - progress > limit or now - started > timeout:
                    process.kill()
                    process.wait()
                    failure = f"Timeout: exercise() did not finish in {job_timeout:g} s (process killed)"
            stderr.seek(0)
            errors = stderr.read()
        results = _read_lines(output_file)
        if not results:  # TensorFlow never got imported: an environment problem, not the user's code
            if "No module named 'tensorflow'" in errors:
                raise TensorFlowMissing("TensorFlow is not installed: pip install 'tfautofix[tf]'")
            last = errors.strip().splitlines()[-1:] or [failure or f"exit code {process.returncode}"]
            raise RuntimeError(f"verification runner failed ({mode}): {last[0]}")
        finished = results[1:]
        if failure is None and len(finished) < len(jobs):
            failure = f"Crash: the process running exercise() exited with code {process.returncode}"
        return finished, failure


def _own_path(pythonpath: str | None) -> str:
    """PYTHONPATH with the directory holding this tfautofix first, so the runner is ours."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.pathsep.join([here, *([pythonpath] if pythonpath else [])])


def _count_lines(path: str) -> int:
    try:
        with open(path, "rb") as handle:
            return handle.read().count(b"\n")
    except OSError:
        return 0


def _read_lines(path: str) -> list[dict]:
    try:
        with open(path, encoding="utf-8") as handle:
            return [json.loads(line) for line in handle if line.endswith("\n")]
    except OSError:
        return []


# -- verdicts ------------------------------------------------------------------

#: How a verdict starts when the fix alone leaves the file failing compiled as it did (another
#: finding's failure): the fix ran, and the file's other fixes are needed to judge it.
STILL_FAILS = "still fails compiled"

#: From best to worst: a file's verdict is the worst of its fixes'.
ORDER = ("improved", "verified", "unverifiable", "changed", "broken")


def worst(verdicts: Iterable[Verdict]) -> Verdict:
    return max(verdicts, key=lambda v: ORDER.index(v.kind))


def _first_line(error: str) -> str:
    return (error or "").strip().splitlines()[0] if error else ""


def _short(error: str, limit: int = 160) -> str:
    """An error as a verdict shows it: one line (TensorFlow's ``in user code:`` errors
    end with the message), cut to ``limit`` characters."""
    lines = [line.strip() for line in (error or "").strip().splitlines() if line.strip()]
    line = lines[0] if lines else ""
    if line.endswith("in user code:") and len(lines) > 1:
        kind = line.split(":")[0]
        line = lines[-1] if lines[-1].startswith(kind) else f"{kind}: {lines[-1]}"
    return line if len(line) <= limit else line[: limit - 1] + "…"


def verdict(
    contract: str,
    oracle: dict,
    before: dict,
    after: dict,
    *,
    second_after: dict | None = None,
    more_oracles: Sequence[dict | None] = (),
    not_exercised: str | None = None,
    exempt: bool = True,
    eager_error: str | None = None,
    blame: tuple[str, str] | None = None,
) -> Verdict:
    """The verdict on a rewrite from its runs: the original eagerly (oracle; ``more_oracles``:
    the same under other ambient seeds, missing or failed runs skipped: the more seeds, the
    less a draw that repeats by chance passes for a fixed value), the original
    compiled (``before``) and the rewrite compiled (``after``, ``second_after``).

    ``not_exercised`` says which changed lines never ran (the coverage gate);
    ``eager_error`` is what the rewrite raised run eagerly, if anything.
    ``blame``: when the original and the rewrite both raise compiled, whose error
    the rewrite's is, ``("fix" | "original", where)``, from where each raised
    (default: the original's when both errors read the same).
    With ``exempt``, a difference the original shows identically compiled is not
    the fix's (noted, not blamed): a fix is judged on what it changes.
    """
    if oracle.get("error"):
        return Verdict("unverifiable", f"the original raises eagerly: {_short(oracle['error'])}")
    for name, run in (("eagerly", oracle), ("compiled", before), ("with the fix", after)):
        if run.get("mode_switch"):
            return Verdict("unverifiable", f"{run['mode_switch']} ({name}): its results are not those of the mode under test")
    if after.get("error"):
        if before.get("error") and not eager_error:  # compiled, both fail: whose error is the rewrite's?
            same = _first_line(before["error"]) == _first_line(after["error"])
            whose, where = blame or (("original", "") if same else ("fix", "where the original compiled did not"))
            if whose == "fix":
                return Verdict("broken", f"{_short(after['error'])} ({where}; the original raised compiled: {_short(before['error'], 80)})")
            if not_exercised:
                return Verdict("unverifiable", f"not exercised: {not_exercised}")
            return Verdict("changed", f"{STILL_FAILS}{where or ' as the original does'}: {_short(after['error'])}")
        return Verdict("broken", _short(after["error"]) + (" (even eagerly)" if eager_error else ""))
    if not_exercised:
        return Verdict("unverifiable", f"not exercised: {not_exercised}")
    oracles = [oracle, *(o for o in more_oracles if o and not o.get("error"))]
    afters = [after, *([second_after] if second_after and not second_after.get("error") else [])]
    compiled = None if before.get("error") or not exempt else before
    outcome = compare_values([o["value"] for o in oracles], compiled and compiled["value"], [a["value"] for a in afters], contract)
    unchecked = outcome.unchecked
    if outcome.problem is None:
        if "printed" in oracle:  # counted by the recorder of `fix --exercise`
            if contract == "side-effect" and oracle["printed"] != after.get("printed"):
                outcome.problem = f"printed {after.get('printed')} line(s) instead of {oracle['printed']}"
        else:
            outcome = compare_printed(oracles, compiled, after, contract)
    if outcome.problem is not None:
        return Verdict("changed", outcome.problem)
    if unchecked is not None:
        return Verdict("unverifiable", unchecked)
    measured = speed(before, after) + "".join(f"; {note}" for note in dict.fromkeys(outcome.notes[:1]))
    if before.get("error"):
        return Verdict("verified", f"the original raised compiled; {after['traces']} trace(s) now")
    if after["traces"] > before["traces"]:
        return Verdict("changed", f"more traces: {measured}")
    if after["traces"] < before["traces"]:
        return Verdict("improved", measured)
    return Verdict("verified", measured)
