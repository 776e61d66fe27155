"""Recording golden cases under the trace recorder (one TensorFlow process for all)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tfautofix.tracing.log import TraceLog
from tfautofix.tracing.run import trace

CORE_TRACE_FIELDS = ("process", "instance", "seconds", "parameters", "changed", "converted")
_EXERCISE_ALL = """
import importlib.util, sys
for index, path in enumerate(sys.argv[1:]):
    spec = importlib.util.spec_from_file_location(f"_golden_{index}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    module.exercise()
"""


def record_cases(cases: list[Path], workdir: Path) -> dict[Path, dict]:
    """Run every case's ``exercise()`` under ``tfautofix trace``; each case's own trace log (as JSON)."""
    inputs = [str((case / "input.py").resolve()) for case in cases]
    exit_code, log = trace([sys.executable, "-c", _EXERCISE_ALL, *inputs], workdir / "golden-traces.json")
    assert exit_code == 0, "a golden case's exercise() failed under the recorder"
    logs = {}
    for case, path in zip(cases, inputs):
        functions = [f for f in log.functions if str(Path(f.file).resolve()) == path]
        for function in functions:
            function.file = "input.py"
            function.tracing_seconds = 0.0
            function.options.pop("autograph", None)
            for index, entry in enumerate(function.traces):
                # Golden logs keep the core fields TFA004/TFA007 read (a log without the trace-time
                # observation is valid, FORMAT.md): they must not depend on the harness's lines.
                function.traces[index] = {key: entry[key] for key in CORE_TRACE_FIELDS if key in entry}
                function.traces[index].update(seconds=0.0, process=0)
                for uses in entry.get("converted", {}).values():
                    for use in uses:
                        use["file"] = "input.py" if str(Path(use["file"]).resolve()) == path else use["file"]
        case_log = TraceLog(functions=functions, processes=[{"argv": ["input.py"]}], command=["python", "input.py"], exit_code=0)
        logs[case] = _renumber_objects(case_log.to_json())
    return logs


def _renumber_objects(data: dict) -> dict:
    """Object ids count from 1 in each log, so a case's log does not depend on the others."""
    text = json.dumps(data, sort_keys=True)
    ids: dict[str, str] = {}

    def walk(value):
        if isinstance(value, dict):
            if value.get("kind") == "object":
                value["id"] = ids.setdefault(value["id"], str(len(ids) + 1))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    data = json.loads(text)
    walk(data)
    return data
