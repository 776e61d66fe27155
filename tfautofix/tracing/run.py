"""``tfautofix trace``: run a command with the recorder injected, merge the logs.

The tfautofix process never imports TensorFlow; only the user's processes do.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import tempfile
from pathlib import Path

from tfautofix.tracing import log as trace_log

BOOTSTRAP = Path(__file__).parent / "bootstrap"


class TraceError(Exception):
    """The command could not be traced; the message is one line for the user."""


def tensorflow_available() -> bool:
    """Is TensorFlow importable, without importing it?"""
    try:
        return importlib.util.find_spec("tensorflow") is not None
    except (ImportError, ValueError):
        return False


def trace(command: list[str], output: str | os.PathLike) -> tuple[int, trace_log.TraceLog]:
    """Run ``command`` with every Python process it starts recorded; return its exit code and the merged log."""
    if not command:
        raise TraceError("no command given: tfautofix trace -- python train.py")
    if not tensorflow_available():
        raise TraceError("TensorFlow is not installed; `trace` runs your code with it: pip install 'tfautofix[tf]'")
    with tempfile.TemporaryDirectory(prefix="tfautofix-trace-") as directory:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(BOOTSTRAP), env.get("PYTHONPATH")) if p)
        env["TFAUTOFIX_TRACE_DIR"] = directory
        try:
            exit_code = subprocess.call(command, env=env)
        except FileNotFoundError:
            raise TraceError(f"command not found: {command[0]}") from None
        except PermissionError:
            raise TraceError(f"command not executable: {command[0]}") from None
        except KeyboardInterrupt:
            exit_code = 130
        log = trace_log.merge_directory(directory)
    log.command = list(command)
    log.exit_code = exit_code
    _relative_to_cwd(log)
    trace_log.write(log, output)
    return exit_code, log


def _relative_to_cwd(log: trace_log.TraceLog) -> None:
    """Paths inside the working directory become relative to it, so a log recorded in
    one checkout (CI) applies to another when used from the same directory there."""
    cwd = Path.cwd().resolve()

    def relative(file: str) -> str:
        path = Path(file)
        if path.is_absolute() and path.resolve().is_relative_to(cwd):
            return path.resolve().relative_to(cwd).as_posix()
        return file

    for function in log.functions:
        function.file = relative(function.file)
        for trace in function.traces:
            conversions = [c for uses in (trace.get("converted") or {}).values() for c in uses]
            for located in (trace.get("call_site"), trace.get("error"), *trace.get("events", ()), *conversions):
                if located and "file" in located:
                    located["file"] = relative(located["file"])
    for event in log.events:
        event["file"] = relative(event["file"])
    log.scope = trace_log.merge_scopes([[dict(entry, file=relative(entry["file"])) for entry in log.scope]])
