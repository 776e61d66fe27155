"""TFA002 rewrites beyond one op per draw (no TensorFlow): tables, stepped ranges, int64 bounds,
NumPy's dtype as a candidate, and the `if` a coin drives written as an explicit tf.cond/tf.where.
Execution checks them in the golden cases (table_gather, randrange_step_int64, explicit_cond_branches)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source

RULE = rule_by_code("TFA002")


def _fixed(body: str, head: str = "") -> str:
    source = f"import random\nimport numpy as np\nimport tensorflow as tf\n{head}\n\n@tf.function\ndef f(x):\n" + textwrap.indent(textwrap.dedent(body), "    ")
    return fix_source(source, [RULE], "m.py", unsafe_fixes=True)[0]


def _findings(source: str):
    return lint_source(textwrap.dedent(source), [RULE], "m.py")


@pytest.mark.parametrize(
    "call, expected",
    [
        ("random.randrange(0, 10, 2)", "2 * tf.random.uniform([], 0, 5, dtype=tf.int32)"),
        ("random.randrange(1, 10, 3)", "1 + 3 * tf.random.uniform([], 0, 3, dtype=tf.int32)"),
        ("random.randrange(n, 0, -2)", "n + (-2) * tf.random.uniform([], 0, (n - 0 + 1) // 2, dtype=tf.int32)"),
        ("random.randint(0, 2**40)", "tf.random.uniform([], 0, (2**40) + 1, dtype=tf.int64)"),
        ("np.random.randint(-(2**33), 5)", "tf.random.uniform([], -(2**33), 5, dtype=tf.int64)"),
        ("random.randint(0, 2**31 - 2)", "tf.random.uniform([], 0, (2**31 - 2) + 1, dtype=tf.int32)"),
    ],
)
def test_integer_ranges(call: str, expected: str) -> None:
    assert f"k = {expected}\n" in _fixed(f"k = {call}\nreturn k\n", "n = 9")


def test_a_stepped_range_in_an_operation_is_grouped() -> None:
    assert "return -(1 + 3 * tf.random.uniform([], 0, 3, dtype=tf.int32))" in _fixed("return -random.randrange(1, 10, 3)\n")


def test_empty_or_unknown_steps_are_not_fixed() -> None:
    for call in ("random.randrange(0, 10, -1)", "random.randrange(0, 10, s)"):
        assert "random.randrange" in _fixed(f"return {call}\n", "s = 2")


def test_a_table_of_numbers_is_gathered() -> None:
    fixed = _fixed("return tf.identity(SCALES[random.randint(0, 2)]), tf.identity(RATES[np.random.choice([1, 4])])\n",
                   "SCALES = [0.5, 1.0, 2.0]\nRATES = {1: 0.1, 2: 0.2, 4: 0.4}")
    assert "tf.identity(tf.gather(SCALES, tf.random.uniform([], 0, 3, dtype=tf.int32)))" in fixed
    assert "tf.identity(tf.gather([0.1, 0.4], tf.random.uniform([], 0, 2, dtype=tf.int32)))" in fixed


@pytest.mark.parametrize(
    "head, lookup",
    [
        ("SCALES = [0.5, 1.0]\nSCALES.append(3.0)", "SCALES[random.randint(0, 1)]"),  # changed after
        ("SCALES = [0.5, 1.0]\nSCALES = [1.0, 2.0]", "SCALES[random.randint(0, 1)]"),  # bound twice
        ("SCALES = [0.5, 1.0]", "SCALES[random.randint(0, 2)]"),  # a draw with no entry
        ("NAMES = ['a', 'b']", "NAMES[random.randint(0, 1)]"),  # not numbers
        ("SCALES = [0.5, 1.0]", "SCALES[random.randint(0, n)]"),  # values not known
    ],
)
def test_tables_not_known_are_not_gathered(head: str, lookup: str) -> None:
    assert "tf.gather" not in _fixed(f"return tf.identity({lookup})\n", head + "\nn = 1")


def test_numpy_dtype_is_a_candidate() -> None:
    finding, = _findings("""\
        import numpy as np
        import tensorflow as tf

        @tf.function
        def f():
            return tf.identity(np.random.randint(0, 4, size=3))
        """)
    rendered = [cst.Module([]).code_for_node(next(iter(fix.edits.values()))) for fix in finding.candidates]
    assert rendered == ["tf.random.uniform([3], 0, 4, dtype=tf.int32)", "tf.random.uniform([3], 0, 4, dtype=tf.int64)"]


BRANCHES = """\
import random

import keras
import tensorflow as tf


class Flip(keras.layers.Layer):
    def call(self, inputs, training=None):
{body}
"""


@pytest.mark.parametrize(
    "body, expected",
    [
        ("if training and random.random() < 0.5:\n    return -inputs\nreturn inputs",
         "if training:\n    return tf.cond(tf.random.uniform([]) < 0.5, lambda: -inputs, lambda: inputs)\nreturn inputs"),
        ("if random.random() < 0.5:\n    inputs = -inputs\nreturn inputs",
         "inputs = tf.cond(tf.random.uniform([]) < 0.5, lambda: -inputs, lambda: inputs)\nreturn inputs"),
        ("if random.random() < 0.5:\n    return -inputs\nelse:\n    return inputs",
         "return tf.cond(tf.random.uniform([]) < 0.5, lambda: -inputs, lambda: inputs)"),
    ],
)
def test_a_coin_without_autograph_becomes_an_explicit_cond(body: str, expected: str) -> None:
    source = BRANCHES.format(body=textwrap.indent(body, " " * 8))
    fixed = fix_source(source, [RULE], "m.py", unsafe_fixes=True)[0]
    assert textwrap.indent(expected, " " * 8) in fixed


@pytest.mark.parametrize(
    "body",
    [
        "if random.random() < 0.5:\n    inputs = -inputs\n    inputs = inputs + 1\nreturn inputs",  # two statements
        "if training:\n    pass\nelif random.random() < 0.5:\n    return -inputs\nreturn inputs",  # an elif
        "if random.random() < self.p:\n    return -inputs\nreturn inputs",  # the coin's threshold is not a number
        "if random.random() < 0.5 and training:\n    return -inputs\nreturn inputs",  # Python after the coin
    ],
)
def test_other_shapes_without_autograph_are_not_fixed(body: str) -> None:
    source = BRANCHES.format(body=textwrap.indent(body, " " * 8))
    finding, = lint_source(source, [RULE], "m.py")
    assert finding.fix is None


def test_a_numpy_range_with_an_unknown_high_is_not_gathered() -> None:
    fixed = _fixed("return tf.identity(SCALES[np.random.randint(1, n)]), tf.identity(SCALES[np.random.randint(2)])\n",
                   "SCALES = [0.5, 1.0, 2.0]\nn = 2")
    assert "SCALES[tf.random.uniform([], 1, n, dtype=tf.int32)]" in fixed
    assert "tf.gather([0.5, 1.0], tf.random.uniform([], 0, 2, dtype=tf.int32))" in fixed


def test_the_comments_of_the_rewritten_if_are_kept() -> None:
    source = BRANCHES.format(body=textwrap.indent(
        "if random.random() < 0.5:  # flip\n    return -inputs  # negated\nreturn inputs  # as is", " " * 8))
    fixed = fix_source(source, [RULE], "m.py", unsafe_fixes=True)[0]
    assert all(comment in fixed for comment in ("# flip", "# negated", "# as is")) and "tf.cond" in fixed
