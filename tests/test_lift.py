"""Lifting a Python value traced code reads into a tensor argument (``tfautofix/lift.py``), as
TFA006 and TFA014 use it: where it applies and where it must not. TF-free."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.facts import Known, Unknown, facts_of
from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source

GLOBAL_READ = """\
import tensorflow as tf

scale = 1.0


@tf.function
def step(x):
    return x * scale
{extra}

for epoch in range(3):
    scale = scale * 0.5
    step(tf.constant(2.0))
"""


def _findings(source: str, code: str = "TFA014"):
    return [f for f in lint_source(source, [rule_by_code(code)]) if f.code == code]


def test_every_call_passes_the_global_as_a_tensor() -> None:
    [finding] = _findings(GLOBAL_READ.format(extra=""))
    assert finding.fix is not None and finding.fix.applicability == "unsafe"
    assert [c.label for c in finding.alternatives] == ["the dtype tf.constant infers"]
    fixed = fix_source(GLOBAL_READ.format(extra=""), [rule_by_code("TFA014")], unsafe_fixes=True)[0]
    assert "def step(x, scale):" in fixed and "step(tf.constant(2.0), tf.constant(scale, dtype=tf.float32))" in fixed


def test_no_lift_when_a_call_cannot_be_found() -> None:
    """Passed on (`handlers = [step]`), its calls are not all in sight: nothing to add the value to."""
    [finding] = _findings(GLOBAL_READ.format(extra="\n\nhandlers = [step]\n"))
    assert finding.fix is None and "used other than called" in finding.message


def test_no_lift_when_a_call_sees_another_binding() -> None:
    """A call where `scale` is a local would pass the local, not the global the function read."""
    extra = "\n\ndef run(scale):\n    return step(tf.constant(1.0))\n"
    [finding] = _findings(GLOBAL_READ.format(extra=extra))
    assert finding.fix is None and "another binding" in finding.message


def test_no_lift_of_python_data() -> None:
    source = GLOBAL_READ.format(extra="").replace("return x * scale", "return tf.zeros([scale]) + x")
    [finding] = _findings(source)
    assert finding.fix is None and "in a shape" in finding.message


def test_method_becomes_an_eager_wrapper_with_its_signature() -> None:
    source = """\
import tensorflow as tf


class Scaler(tf.Module):
    def __init__(self):
        self.scale = 1.0

    def set_scale(self, value):
        self.scale = value

    @tf.function
    def apply(self, x, bias=0.0):
        return x * self.scale + bias
"""
    fixed = fix_source(source, [rule_by_code("TFA014")], unsafe_fixes=True)[0]
    assert "    def apply(self, x, bias=0.0):\n        return self._traced_apply(x, bias, tf.constant(self.scale, dtype=tf.float32))\n" in fixed
    assert "    @tf.function\n    def _traced_apply(self, x, bias, scale):\n        return x * scale + bias\n" in fixed


def test_builtins_are_stable_and_changed_chains_are_not() -> None:
    source = """\
import os

import tensorflow as tf


def clip(x):
    limit = float(os.environ.get("LIMIT", "1"))
    return tf.clip_by_value(x, -limit, limit)


os.environ["LIMIT"] = "2"
"""
    ctx = FileContext(cst.parse_module(source))
    [function] = m.findall(ctx.module, m.FunctionDef(name=m.Name("clip")))
    facts = facts_of(ctx)
    [float_name] = m.findall(function, m.Name("float"))
    assert isinstance(facts.stable("float", float_name), Known)
    [(chain, evidence)] = facts.changing_reads(function)
    assert ctx.code(chain) == "os.environ" and isinstance(evidence, Unknown)


def test_no_lift_when_traced_code_calls_it() -> None:
    """A call in another tf.function would read the value at its own trace: frozen again."""
    extra = "\n\n@tf.function\ndef outer(x):\n    return step(x)\n"
    [finding] = [f for f in _findings(GLOBAL_READ.format(extra=extra)) if f.line == 8]
    assert finding.fix is None and "called from traced code" in finding.message
