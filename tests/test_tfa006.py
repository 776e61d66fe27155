"""TFA006: hoisting is safe only when the wrapped function reads no Python state that changes (TF-free)."""

from __future__ import annotations

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source

RULE = rule_by_code("TFA006")

LOOP = """\
import tensorflow as tf

{state}


def step(x):
    return x * {read}


def run(xs):
    out = []
    for x in xs:
        compiled = tf.function(step)
        out.append(compiled(x))
        {change}
    return out
"""


@pytest.mark.parametrize(
    "state, read, change, applicability",
    [
        ("SCALE = 2.0", "SCALE", "pass", "safe"),
        ("scale = 2.0", "scale", "global scale; scale = scale * 0.5", "unsafe"),
        ("class Box:\n    factor = 2.0\n\n\nbox = Box()", "box.factor", "box.factor *= 0.5", "unsafe"),
    ],
    ids=["constant", "rebound-global", "reassigned-attribute"],
)
def test_hoisting_is_unsafe_when_the_function_reads_changing_python_state(state, read, change, applicability) -> None:
    source = LOOP.format(state=state, read=read, change=change.replace("; ", "\n        "))
    _, _, remaining = fix_source(source, [RULE])
    assert [f.fix.applicability for f in remaining if f.fix] == ([] if applicability == "safe" else ["unsafe"])
    _, applied, _ = fix_source(source, [RULE], unsafe_fixes=True)
    assert len(applied) == 1
