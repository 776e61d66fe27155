"""Eager is the oracle, graph is the subject (PRODUCT.md).

A rewrite is *verified* when the rewritten code, run normally (graph mode), gives
the eager results of the original under the rule's contract, and traces no more
often than the original did in graph mode.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Iterable, Sequence

from tfautofix.verify import runner

VERDICTS = ("verified", "improved", "changed", "broken", "unverifiable")


@dataclass(frozen=True)
class Job:
    id: str
    path: str
    mode: str  # "eager" (the oracle) or "graph" (the subject)
    #: Extra environment variables, e.g. (("TF_USE_LEGACY_KERAS", "1"),) to run with tf-keras.
    env: tuple[tuple[str, str], ...] = ()
    root: str | None = None  # put first on sys.path (default: the file's directory)


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
    """
    by_mode: dict[tuple[str, tuple[tuple[str, str], ...]], list[Job]] = {}
    for job in jobs:
        by_mode.setdefault((job.mode, job.env), []).append(job)

    def run_mode(group: tuple[str, tuple[tuple[str, str], ...]]) -> list[dict]:
        mode, env = group
        pending = [{"id": j.id, "path": j.path, "root": j.root or os.path.dirname(os.path.abspath(j.path)), "timeout": job_timeout} for j in by_mode[group]]
        results: list[dict] = []
        while pending:
            finished, failure = _run_batch(mode, env, pending, timeout, job_timeout)
            results += finished
            pending = pending[len(finished):]
            if failure is not None and pending:  # it happened while running pending[0]
                results.append({"id": pending[0]["id"], "error": failure, "value": None, "traces": 0, "traces_by_function": {}, "stdout": "", "stderr": ""})
                pending = pending[1:]
        return results

    with ThreadPoolExecutor(max_workers=len(by_mode) or 1) as pool:
        outcomes = dict(zip(by_mode, pool.map(run_mode, by_mode)))
    return {(r["id"], mode): r for (mode, _), results in outcomes.items() for r in results}


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


# -- contracts ------------------------------------------------------------------


def _flatten(value) -> list:
    if isinstance(value, dict):
        return [x for key in sorted(value) for x in _flatten(value[key])]
    if isinstance(value, (list, tuple)):
        return [x for item in value for x in _flatten(item)]
    return [value]


def _numbers(values: Iterable) -> list[float]:
    return [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]


def same_values(expected, actual, rtol: float = 1e-5, atol: float = 1e-6) -> str | None:
    """None when equal within tolerance; otherwise what differs."""
    left, right = _flatten(expected), _flatten(actual)
    if len(left) != len(right):
        return f"{len(right)} values instead of {len(left)}"
    for index, (a, b) in enumerate(zip(left, right)):
        if isinstance(a, float) or isinstance(b, float):
            if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
                return f"value {index}: {b!r} instead of {a!r}"
            if not (math.isclose(a, b, rel_tol=rtol, abs_tol=atol) or (math.isnan(a) and math.isnan(b))):
                return f"value {index}: {b!r} instead of {a!r}"
        elif a != b:
            return f"value {index}: {b!r} instead of {a!r}"
    return None


def _moments(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def same_distribution(expected, actual) -> str | None:
    """None when ``actual`` draws vary and follow ``expected``'s distribution.

    Means must agree within 0.25 standard deviations and standard deviations
    within 20% (about 4 standard errors for the 500+ draws golden cases take);
    integer draws must stay inside the oracle's observed support; per-call
    results must not all be equal; and the empirical distributions must pass a
    two-sample Kolmogorov-Smirnov test at the 0.1% level.
    """
    oracle, subject = _numbers(_flatten(expected)), _numbers(_flatten(actual))
    if len(subject) != len(oracle) or len(oracle) < 2:
        return f"{len(subject)} draws instead of {len(oracle)}"
    if len(set(subject)) == 1:
        return f"every draw is {subject[0]!r}: the value is frozen"
    frozen = _frozen_calls(expected, actual)
    if frozen is not None:
        return frozen
    (m_o, s_o), (m_s, s_s) = _moments(oracle), _moments(subject)
    scale = s_o or 1.0
    if abs(m_o - m_s) > 0.25 * scale:
        return f"mean {m_s:.4g} instead of {m_o:.4g}"
    if abs(s_o - s_s) > 0.2 * scale:
        return f"standard deviation {s_s:.4g} instead of {s_o:.4g}"
    if all(v == int(v) for v in oracle):
        if any(v != int(v) for v in subject):
            return "non-integer draws where the oracle drew integers"
        if min(subject) < min(oracle) or max(subject) > max(oracle):
            return f"draws in [{min(subject):g}, {max(subject):g}] outside the oracle's [{min(oracle):g}, {max(oracle):g}]"
    return _kolmogorov_smirnov(oracle, subject)


def _frozen_calls(expected, actual) -> str | None:
    """A list of per-call results (e.g. one noise vector per call) must not repeat one
    result when the oracle's differ: draws that vary inside a call can still be frozen."""
    if not (isinstance(expected, list) and isinstance(actual, list) and len(actual) >= 2):
        return None
    calls = [_flatten(item) for item in actual]
    if all(call == calls[0] for call in calls) and any(_flatten(item) != _flatten(expected[0]) for item in expected):
        return f"all {len(calls)} calls returned the same draws: the values are frozen"
    return None


def _kolmogorov_smirnov(oracle: list[float], subject: list[float], critical: float = 1.95) -> str | None:
    """Two-sample Kolmogorov-Smirnov test at the 0.1% level (c(alpha) = 1.95): catches
    distributions with the right mean and std but the wrong shape (uniform vs normal)."""
    left, right = sorted(oracle), sorted(subject)
    n, k = len(left), len(right)
    i = j = 0
    distance = 0.0
    while i < n and j < k:
        value = min(left[i], right[j])
        while i < n and left[i] == value:
            i += 1
        while j < k and right[j] == value:
            j += 1
        distance = max(distance, abs(i / n - j / k))
    limit = critical * math.sqrt((n + k) / (n * k))
    if distance > limit:
        return f"the draws' distribution differs from the oracle's (Kolmogorov-Smirnov D={distance:.3f} > {limit:.3f})"
    return None


def _printed_lines(result: dict) -> int:
    if "printed" in result:  # counted by the recorder of `fix --exercise`
        return result["printed"]
    return len((result.get("stdout") or "").splitlines())


def compare(contract: str, oracle: dict, subject: dict) -> str | None:
    """None when ``subject`` (a runner result) satisfies the contract against ``oracle``."""
    if contract == "distribution":
        return same_distribution(oracle["value"], subject["value"])
    difference = same_values(oracle["value"], subject["value"])
    if difference is None and contract == "side-effect" and _printed_lines(oracle) != _printed_lines(subject):
        difference = f"printed {_printed_lines(subject)} line(s) instead of {_printed_lines(oracle)}"
    return difference


def verdict(contract: str, oracle: dict, before: dict, after: dict) -> Verdict:
    """The verdict on a rewrite from three runs: original eager, original graph, rewrite graph."""
    if oracle.get("error"):
        return Verdict("unverifiable", f"the original raises eagerly: {oracle['error']}")
    if after.get("error"):
        return Verdict("broken", after["error"])
    difference = compare(contract, oracle, after)
    if difference is not None:
        return Verdict("changed", difference)
    traces = f"traces {before['traces']} → {after['traces']}"
    if before.get("error"):
        return Verdict("verified", f"the original raised in graph mode; {after['traces']} trace(s) now")
    if after["traces"] > before["traces"]:
        return Verdict("changed", f"more traces: {traces}")
    if after["traces"] < before["traces"]:
        return Verdict("improved", traces)
    return Verdict("verified", traces)
