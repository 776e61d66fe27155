"""TFA001 beyond the golden cases: the documented example, opt-in unsafe fixes, many variables (TF-free)."""

from __future__ import annotations

import ast

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source

RULE = rule_by_code("TFA001")


def test_documented_example_is_what_the_fix_does() -> None:
    fixed, applied, remaining = fix_source(RULE.before, [RULE])
    assert fixed == RULE.after
    assert len(applied) == 1 and not remaining


ARGUMENT_DEPENDENT = """\
import tensorflow as tf

@tf.function
def accumulate(x):
    acc = tf.Variable(tf.zeros_like(x))
    acc.assign_add(x)
    return acc.read_value()
"""


def test_argument_dependent_initial_value_needs_unsafe_fixes() -> None:
    unchanged, applied, remaining = fix_source(ARGUMENT_DEPENDENT, [RULE])
    assert unchanged == ARGUMENT_DEPENDENT and not applied
    assert [f.fix.applicability for f in remaining] == ["unsafe"]
    fixed, applied, remaining = fix_source(ARGUMENT_DEPENDENT, [RULE], unsafe_fixes=True)
    assert "_accumulate_acc.assign(tf.zeros_like(x))" in fixed and len(applied) == 1 and not remaining


READ_ONLY = """\
import tensorflow as tf

@tf.function
def scale(x):
    w = tf.Variable([1.0, 2.0])
    return x * w
"""


def test_read_only_constant_is_not_reinitialised() -> None:
    fixed, _, _ = fix_source(READ_ONLY, [RULE])
    assert "_scale_w = tf.Variable([1.0, 2.0])" in fixed and ".assign(" not in fixed


def test_random_initial_value_is_redrawn_every_call() -> None:
    fixed, _, _ = fix_source(READ_ONLY.replace("[1.0, 2.0]", "tf.random.normal([2])"), [RULE])
    assert "w.assign(tf.random.normal([2]))" in fixed


def _many(count: int) -> str:
    creations = "".join(f"        v{i} = tf.Variable({i}.0)\n" for i in range(count))
    total = " + ".join(f"v{i}" for i in range(count))
    return (
        "import tensorflow as tf\n\n\n"
        "class Many(tf.Module):\n"
        "    @tf.function\n"
        "    def __call__(self, x):\n"
        f"{creations}"
        f"        return x * ({total})\n"
    )


def test_several_variables_in_one_class_converge() -> None:
    source = _many(6)
    assert len(lint_source(source, [RULE])) == 6
    fixed, applied, remaining = fix_source(source, [RULE])
    ast.parse(fixed)
    assert len(applied) == 6 and not remaining
    assert fixed.count("= None") == 6 and fixed.count("def __init__") == 1
    assert fix_source(fixed, [RULE])[0] == fixed
