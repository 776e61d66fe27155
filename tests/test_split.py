"""A tf.function split into a traced core and an eager wrapper (``edits.split_function``, issue 29):
the Python side effect (an assert, an append to the caller's list, state on ``self``) moves to the
caller's side, where eagerly it ran; only in a closed world (traced by its own decorator, every use
of its name a call) and only where nothing it changes or binds is needed by the core."""

from __future__ import annotations

import ast
import textwrap

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import apply_fixes, detect

HEAD = "import tensorflow as tf\n\n\n"


def _candidates(source: str, code: str) -> list[str]:
    """Each finding's candidates, applied alone: the rewritten modules."""
    ctx, findings = detect(HEAD + textwrap.dedent(source), [rule_by_code(code)], "m.py")
    return [apply_fixes(ctx, [c]).code for f in findings for c in f.candidates]


def _split(source: str, code: str) -> str | None:
    return next((text for text in _candidates(source, code) if "_core(" in text), None)


def test_an_assert_expected_as_assertion_error_runs_in_the_wrapper_with_the_local_it_reads() -> None:
    text = _split("""\
        @tf.function
        def loss(x, *, scale=2.0):
            total = tf.reduce_sum(x) * scale
            assert total < 100.0, "too large"
            return total, x

        def run(x):
            try:
                return loss(x)
            except AssertionError:
                return None
        """, "TFA018")
    assert text is not None
    assert "def _loss_core(x, *, scale=2.0):\n    total = tf.reduce_sum(x) * scale\n    return total, (total, x)" in text
    assert 'def loss(x, *, scale=2.0):\n    total, result = _loss_core(x, scale=scale)\n    assert total < 100.0, "too large"\n    return result' in text
    ast.parse(text)


def test_a_draw_stored_on_self_is_drawn_in_the_core_and_stored_by_the_wrapper() -> None:
    text = _split("""\
        import random

        class Dropper(tf.Module):
            @tf.function
            def __call__(self, x):
                rate = random.uniform(0.1, 0.2)
                self.last_rate = rate
                return x * 0.0
        """, "TFA002")
    assert text is not None
    assert "def _call_core(self, x):\n        rate = tf.random.uniform([], 0.1, 0.2)\n        return rate, x * 0.0" in text
    assert "rate, result = self._call_core(x)\n        self.last_rate = rate\n        return result" in text


@pytest.mark.parametrize("source", [
    # called from another tf.function: the wrapper would be traced there
    "@tf.function\ndef f(x, log):\n    log.append(x)\n    return x\n\n@tf.function\ndef g(x):\n    return f(x, [])\n",
    # handed to other code as a value: it may trace the wrapper
    "@tf.function\ndef f(x, log):\n    log.append(x)\n    return x\n\nCALLBACKS = [f]\n",
    # the core reads what the side effect changes
    "cache = {}\n\n@tf.function\ndef f(x, key):\n    if key not in cache:\n        cache[key] = x * x\n    return cache[key]\n",
    # the side effect binds a name the core reads after it (a loop's counter)
    "@tf.function\ndef f(x, log):\n    i = tf.constant(0)\n    while i < 3:\n        log.append(i)\n        i += 1\n    return x + tf.cast(i, x.dtype)\n",
    # a return before the side effect
    "@tf.function\ndef f(x, log):\n    if x.shape[0] == 0:\n        return x\n    log.append(x)\n    return x\n",
    # another decorator
    "import functools\n\n@functools.lru_cache\n@tf.function\ndef f(x, log):\n    log.append(x)\n    return x\n",
])
def test_no_split_outside_a_closed_world_or_where_the_core_needs_the_side_effect(source: str) -> None:
    assert _split(source, "TFA012") is None


def test_a_rebound_local_read_by_the_side_effect_is_not_split() -> None:
    assert _split("""\
        @tf.function
        def f(x):
            y = x * 2.0
            assert tf.reduce_sum(y) > 0.0, "empty"
            y = y + 1.0
            return y

        def run(x):
            try:
                return f(x)
            except AssertionError:
                return None
        """, "TFA018") is None


def test_an_append_under_a_one_line_if_is_what_the_core_must_not_read() -> None:
    assert _split("""\
        @tf.function
        def f(x, log):
            if tf.reduce_sum(x) > 0: log.append(x)
            return tf.add_n(log)
        """, "TFA012") is None


def test_a_loop_appending_its_counter_runs_in_the_wrapper_from_the_counter_the_core_returns() -> None:
    text = _split("""\
        @tf.function
        def f(x, log):
            i = tf.constant(0)
            while i < 3:
                log.append(i)
                i += 1
            return x
        """, "TFA012")
    assert text is not None
    assert "i, result = _f_core(x)\n    while i < 3:\n        log.append(i)\n        i += 1\n    return result" in text
