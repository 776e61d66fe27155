"""TFA008 decisions that today's line-counting verdict cannot see (no TensorFlow needed)."""

from pathlib import Path

from tfautofix.codemods import rule_by_code
from tfautofix.engine import lint_source

RULE = rule_by_code("TFA008")
ADVERSARIAL = Path(__file__).parent / "adversarial" / "TFA008"


def _labels(source: str) -> list[tuple[str | None, str]]:
    return [(f.fix.applicability if f.fix else None, f.message) for f in lint_source(source, [RULE])]


def test_python_state_rebound_between_calls_is_unsafe() -> None:
    # tf.print would print the trace-time value of `self.epoch` on every call: as many lines as
    # eager print, other values. Run as an adversarial case once the verdict compares values.
    [(label, message)] = _labels((ADVERSARIAL / "stale_python_state.py").read_text(encoding="utf-8"))
    assert label == "unsafe" and "`self.epoch`" in message


def test_rebound_global_is_unsafe_and_variables_are_safe() -> None:
    source = (
        "import tensorflow as tf\n\nSTEP = 0\n\n\nclass C(tf.Module):\n"
        "    def __init__(self):\n        self.total = tf.Variable(0.0)\n\n"
        "    @tf.function\n    def a(self, x):\n        print('total', tf.reduce_sum(self.total))\n        return x\n\n"
        "    @tf.function\n    def b(self, x):\n        print('step', STEP)\n        return x\n\n\n"
        "def bump():\n    global STEP\n    STEP += 1\n"
    )
    (total, _), (step, message) = _labels(source)
    assert total == "safe"
    assert step == "unsafe" and "`STEP`" in message
