"""Suppression comments: ``# tfautofix: ignore[CODES]`` on the flagged line, or on
a ``def`` line for the whole function. No TensorFlow needed."""

from __future__ import annotations

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source

RULES = [rule_by_code("TFA008"), rule_by_code("TFA012")]


def _codes_and_lines(source: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in lint_source(source, RULES)]


BODY = '''\
    print("x", x)
    seen.append(x)
    return x
'''


def _module(def_line: str) -> str:
    return f"import tensorflow as tf\n\nseen = []\n\n\n@tf.function\n{def_line}\n{BODY}"


def test_unsuppressed_function_reports_both_rules() -> None:
    assert _codes_and_lines(_module("def step(x):")) == [("TFA008", 8), ("TFA012", 9)]


def test_def_line_suppresses_the_whole_function() -> None:
    assert _codes_and_lines(_module("def step(x):  # tfautofix: ignore")) == []


def test_def_line_suppresses_only_the_listed_codes() -> None:
    assert _codes_and_lines(_module("def step(x):  # tfautofix: ignore[TFA012]")) == [("TFA008", 8)]
    assert _codes_and_lines(_module("def step(x):  # tfautofix: ignore[tfa008, TFA012]")) == []


def test_comment_after_a_multiline_signature_counts() -> None:
    source = _module("def step(\n    x,\n):  # tfautofix: ignore[TFA008]")
    assert _codes_and_lines(source) == [("TFA012", 11)]


def test_suppression_covers_nested_functions_but_not_neighbours() -> None:
    source = '''\
import tensorflow as tf


def outer(x):  # tfautofix: ignore[TFA008]
    def inner(y):
        print("inner", y)
        return y
    return inner(x)


@tf.function
def step(x):
    print("step", x)
    return outer(x)
'''
    assert _codes_and_lines(source) == [("TFA008", 13)]


def test_line_comment_still_works_and_other_lines_are_not_affected() -> None:
    source = _module("def step(x):").replace('print("x", x)', 'print("x", x)  # tfautofix: ignore[TFA008]')
    assert _codes_and_lines(source) == [("TFA012", 9)]


def test_suppressed_findings_are_not_fixed() -> None:
    source = _module("def step(x):  # tfautofix: ignore[TFA008]")
    fixed, applied, _ = fix_source(source, RULES)
    assert fixed == source and applied == []
