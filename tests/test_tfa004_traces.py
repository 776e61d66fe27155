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


@pytest.mark.parametrize("read", ["x.get_shape().as_list()[0]", "x.shape.as_list()[0]", "x.get_shape()[0]", "x.shape[0]"])
def test_a_static_dimension_read_through_as_list_has_its_dynamic_spelling(read: str) -> None:
    """``x.get_shape().as_list()[0]`` reads the same dimension as ``x.shape[0]``: an input_signature
    can make it None only if the read becomes ``tf.shape(x)[0]``."""
    import libcst as cst

    from tfautofix.analysis.context import FileContext
    from tfautofix.codemods.tfa004_trace_signature import shape_reads

    source = f"import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    n = {read}\n    return x / n\n"
    ctx = FileContext(cst.parse_module(source))
    func = next(s for s in ctx.module.body if isinstance(s, cst.FunctionDef))
    (found,) = shape_reads(ctx, func, "x")
    assert found.dims == frozenset({0}) and ctx.code(found.dynamic) == "tf.shape(x)[0]"
