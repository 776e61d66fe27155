"""``fix --exercise CMD``: verdicts from running the user's own command.

The command runs four times, in parallel, each in a temporary copy of the
project (the user's tree is never written): the original with
``tf.config.run_functions_eagerly(True)`` (the oracle), the original in graph
mode, the fixed copy in graph mode, and the fixed copy eagerly with the lines
that run recorded (a fix whose lines never ran is ``unverifiable: not exercised``). The recorder
(:mod:`tfautofix.verify.recorder`) records every call of a ``tf.function``
defined in a changed file and its traces; the verdict compares them under the
rule's contract, and the exit status: a fix must not make the command fail.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from tfautofix.verify import STATS, Verdict, verdict
from tfautofix.verify.recorder import CONFIG_ENV

if TYPE_CHECKING:
    from tfautofix.verify.fixes import Candidate, Checked

_SITE = Path(__file__).with_name("site")
#: Not copied into the temporary trees: version control, caches, virtualenvs.
_SKIPPED = shutil.ignore_patterns(".git", ".hg", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox", ".venv", "venv", "node_modules", ".tfautofix_cache")


class CommandError(ValueError):
    """The changed files cannot be exercised by the command (bad input, one line)."""


@dataclass
class Run:
    """One execution of the command: exit status and what the recorder saw."""

    returncode: int | None  # None: killed after the timeout
    calls: dict[str, list[dict]] = field(default_factory=dict)
    traces: dict[str, int] = field(default_factory=dict)
    lines: dict[str, set[int]] | None = None  # relative path → lines that ran (the coverage run)

    def of(self, relative: str) -> tuple[dict[str, list[dict]], int]:
        prefix = relative + ":"
        calls = {k: v for k, v in self.calls.items() if k.startswith(prefix)}
        return calls, sum(n for k, n in self.traces.items() if k.startswith(prefix))


def _relative(path: str, root: Path) -> str:
    absolute = Path(path).resolve()
    try:
        return absolute.relative_to(root.resolve()).as_posix()
    except ValueError:
        raise CommandError(f"--exercise runs in {root}, but {path} is outside it; run tfautofix from the project root") from None


def _run(command: str, tree: Path, mode: str, files: list[str], timeout: float, lines: bool = False) -> Run:
    records = Path(tempfile.mkdtemp(prefix="tfautofix-record-"))
    try:
        config = records / "config.json"
        config.write_text(json.dumps({"mode": mode, "root": str(tree), "files": files, "output": str(records), "lines": lines}), encoding="utf-8")
        paths = [str(_SITE), str(tree), *([str(tree / "src")] if (tree / "src").is_dir() else [])]
        if os.environ.get("PYTHONPATH"):
            paths.append(os.environ["PYTHONPATH"])
        env = {**os.environ, CONFIG_ENV: str(config), "PYTHONPATH": os.pathsep.join(paths), "PYTHONDONTWRITEBYTECODE": "1"}
        env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
        STATS["tensorflow_processes"] += 1
        process = subprocess.Popen(
            command, shell=True, cwd=tree, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        try:
            returncode: int | None = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # the shell and everything it started
            process.wait()
            returncode = None
        run = Run(returncode)
        recorded = [json.loads(p.read_text(encoding="utf-8")) for p in records.glob("record-*.json")]
        for record in sorted(recorded, key=lambda r: r["started"]):
            for key, calls in record["calls"].items():
                run.calls.setdefault(key, []).extend(calls)
            for key, count in record["traces"].items():
                run.traces[key] = run.traces.get(key, 0) + count
            for key, ran in record.get("lines", {}).items():
                run.lines = run.lines or {}
                run.lines.setdefault(key, set()).update(ran)
        return run
    finally:
        shutil.rmtree(records, ignore_errors=True)


def _as_result(calls: dict[str, list[dict]], traces: int) -> dict:
    """A run of one file's functions in the shape :func:`tfautofix.verify.verdict` takes."""
    error = next((c["error"] for key in sorted(calls) for c in calls[key] if c["error"]), None)
    return {
        "value": {key: [c["value"] for c in entries] for key, entries in calls.items()},
        "printed": sum(c["lines"] for entries in calls.values() for c in entries),
        "traces": traces,
        "error": error,
    }


def _judge(contract: str, relative: str, oracle: Run, before: Run, after: Run, timeout: float, alone: bool = True, not_exercised: str | None = None) -> Verdict | None:
    """The verdict for one changed file; None when the command never called it.

    A command that fails with the fixes is blamed on this file when its fixes are
    the only ones (``alone``) or its own functions fail or differ; otherwise the
    failure is another file's and this file is judged by its own calls."""
    if oracle.returncode is None:
        return Verdict("unverifiable", f"the command did not finish in {timeout:g} s eagerly")
    if after.returncode is None:
        return Verdict("broken", f"Timeout: the command did not finish in {timeout:g} s with the fixes")
    (o_calls, _), (b_calls, b_traces), (a_calls, a_traces) = oracle.of(relative), before.of(relative), after.of(relative)
    oracle_result, after_result = _as_result(o_calls, 0), _as_result(a_calls, a_traces)
    if after_result["error"] and not oracle_result["error"]:
        return Verdict("broken", after_result["error"])
    fails = after.returncode != 0 and 0 in (oracle.returncode, before.returncode)
    if fails and alone:
        return Verdict("changed", f"the command fails with the fixes (exit {after.returncode}); it passed without them")
    if not (o_calls or a_calls or b_traces or a_traces):
        return Verdict("unverifiable", f"the command fails with the fixes of several files (exit {after.returncode}); this file's functions were not called") if fails else None
    result = verdict(contract, oracle_result, _as_result(b_calls, b_traces), after_result, not_exercised=not_exercised)
    if fails and result.kind in ("verified", "improved"):
        return Verdict(result.kind, f"{result.detail}; the command fails (exit {after.returncode}) elsewhere, not in this file's functions")
    return result


def verify_with_command(command: str, candidates: Sequence[Candidate], root: Path, timeout: float = 300) -> dict[str, Checked]:
    """Verdicts for the candidates the command calls (the others are left out)."""
    from tfautofix.verify.fixes import Checked, not_exercised_lines, changed_lines

    relative = {c.path: _relative(c.path, root) for c in candidates}
    files = sorted(relative.values())
    with tempfile.TemporaryDirectory(prefix="tfautofix-exercise-") as workdir:
        trees = {side: Path(workdir, side) for side in ("oracle", "before", "after", "covered")}
        for tree in trees.values():
            shutil.copytree(root, tree, ignore=_SKIPPED, symlinks=True)
        for candidate in candidates:
            for side in ("after", "covered"):
                (trees[side] / relative[candidate.path]).write_bytes(candidate.fixed.encode(candidate.encoding))
        # The fixed tree once more eagerly, recording the lines that run (the coverage gate).
        sides = [("oracle", "eager"), ("before", "graph"), ("after", "graph"), ("covered", "eager")]
        with ThreadPoolExecutor(max_workers=4) as pool:
            runs = dict(zip((s for s, _ in sides), pool.map(lambda s: _run(command, trees[s[0]], s[1], files, timeout, s[0] == "covered"), sides)))
    checked = {}
    alone = len(relative) == 1
    for candidate in candidates:
        ran = (runs["covered"].lines or {}).get(relative[candidate.path]) if runs["covered"].lines is not None else None
        gate = not_exercised_lines(changed_lines(candidate.original, candidate.fixed), sorted(ran or ())) if runs["covered"].lines is not None else None
        result = _judge(candidate.contract, relative[candidate.path], runs["oracle"], runs["before"], runs["after"], timeout, alone, gate)
        if result is not None:
            checked[candidate.path] = Checked(result, "--exercise")
    return checked
