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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Iterable, Sequence

VERDICTS = ("verified", "improved", "changed", "broken", "unverifiable")


@dataclass(frozen=True)
class Job:
    id: str
    path: str
    mode: str  # "eager" (the oracle) or "graph" (the subject)
    #: Extra environment variables, e.g. (("TF_USE_LEGACY_KERAS", "1"),) to run with tf-keras.
    env: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Verdict:
    kind: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind} ({self.detail})" if self.detail else self.kind


class TensorFlowMissing(RuntimeError):
    pass


def run_exercises(jobs: Sequence[Job], timeout: float = 900) -> dict[tuple[str, str], dict]:
    """Run every job's ``exercise()``; one TensorFlow process per mode and environment, in parallel.

    Returns results keyed by ``(job.id, job.mode)``.
    """
    by_mode: dict[tuple[str, tuple[tuple[str, str], ...]], list[Job]] = {}
    for job in jobs:
        by_mode.setdefault((job.mode, job.env), []).append(job)

    def run_mode(group: tuple[str, tuple[tuple[str, str], ...]]) -> list[dict]:
        mode, env = group
        with tempfile.TemporaryDirectory(prefix="tfautofix-verify-") as workdir:
            jobs_file = os.path.join(workdir, "jobs.json")
            output_file = os.path.join(workdir, "results.json")
            with open(jobs_file, "w", encoding="utf-8") as handle:
                json.dump([{"id": j.id, "path": j.path} for j in by_mode[group]], handle)
            command = [sys.executable, "-m", "tfautofix.verify.runner", "--mode", mode, "--jobs", jobs_file, "--output", output_file]
            completed = subprocess.run(
                command, capture_output=True, text=True, timeout=timeout, cwd=workdir, env={**os.environ, **dict(env)}
            )
            if "No module named 'tensorflow'" in completed.stderr:
                raise TensorFlowMissing("TensorFlow is not installed: pip install 'tfautofix[tf]'")
            if completed.returncode != 0 or not os.path.exists(output_file):
                raise RuntimeError(f"verification runner failed ({mode}):\n{completed.stderr[-4000:]}")
            with open(output_file, encoding="utf-8") as handle:
                return json.load(handle)

    with ThreadPoolExecutor(max_workers=len(by_mode) or 1) as pool:
        outcomes = dict(zip(by_mode, pool.map(run_mode, by_mode)))
    return {(r["id"], mode): r for (mode, _), results in outcomes.items() for r in results}


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
