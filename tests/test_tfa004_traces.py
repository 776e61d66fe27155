"""TFA004's golden ``traces.json`` files are real recordings of the cases' ``exercise()``.

With TFAUTOFIX_UPDATE_GOLDEN=1 they are (re)written; otherwise a fresh recording
must equal the checked-in log (timings aside).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tracing_support import record_cases

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.parent for p in GOLDEN.glob("TFA004/*/input.py") if "def exercise(" in p.read_text(encoding="utf-8"))


@pytest.mark.tensorflow
def test_golden_trace_logs_are_recordings(tmp_path: Path) -> None:
    recorded = record_cases(CASES, tmp_path)
    for case in CASES:
        target = case / "traces.json"
        if os.environ.get("TFAUTOFIX_UPDATE_GOLDEN") == "1":
            target.write_text(json.dumps(recorded[case], indent=1, sort_keys=True) + "\n", encoding="utf-8")
        assert json.loads(target.read_text(encoding="utf-8")) == recorded[case], f"{case.name}: traces.json is stale"
