"""The golden ``traces.json`` files (TFA004's, TFA007's observed dtypes) and TFA004's example log are real recordings.

With TFAUTOFIX_UPDATE_GOLDEN=1 they are (re)written; otherwise a fresh recording
must equal the checked-in log (timings aside).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tracing_support import record_cases

from tfautofix.codemods.tfa004_trace_signature import EXAMPLE_TRACES, UnstableTraceSignature

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted({p.parent for p in GOLDEN.glob("TFA004/*/input.py") if "def exercise(" in p.read_text(encoding="utf-8")}
               | {p.parent for p in GOLDEN.glob("*/*/traces.json")})


@pytest.mark.tensorflow
def test_golden_trace_logs_are_recordings(tmp_path: Path) -> None:
    example = tmp_path / "example"
    example.mkdir()
    (example / "input.py").write_text(UnstableTraceSignature.before + "\n\ndef exercise():\n    pass\n", encoding="utf-8")
    recorded = record_cases([*CASES, example], tmp_path)
    recorded[example]["functions"][0]["file"] = "<string>"
    assert recorded[example] == json.loads(json.dumps(EXAMPLE_TRACES, sort_keys=True)), "EXAMPLE_TRACES is stale"
    for case in CASES:
        target = case / "traces.json"
        if os.environ.get("TFAUTOFIX_UPDATE_GOLDEN") == "1":
            target.write_text(json.dumps(recorded[case], indent=1, sort_keys=True) + "\n", encoding="utf-8")
        assert json.loads(target.read_text(encoding="utf-8")) == recorded[case], f"{case.name}: traces.json is stale"
