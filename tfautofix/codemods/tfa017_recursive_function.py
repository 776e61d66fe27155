"""TFA017 recursive-tf-function: a ``tf.function`` that calls itself."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator

from tfautofix.rule import Finding, Rule
from tfautofix.screen import Screen, Site, last_name


class RecursiveTfFunction(Rule):
    code = "TFA017"
    name = "recursive-tf-function"
    summary = "a `tf.function` calling itself traces again for every level of the recursion"
    fixable = "display-only"
    contract = "exact"
    triggers = ("function",)
    docs = """
A function decorated with `tf.function` that calls itself re-enters
`tf.function` at every level, while it is being traced. With Python numbers
(`factorial(5)`) each level is a new input signature: one more trace per value
(measured: `factorial(5)` traces 5 functions). With a tensor the recursion
never ends: the base case `if n <= 1:` becomes a `tf.cond` that traces *both*
branches, so the recursive branch is traced again and again until tracing
fails (`StagingError` / `RecursionError`). Eagerly the same code works.

Reported, not fixed: the fix is a change of algorithm — a `tf.while_loop` (or
a Python `for`/`while` loop that AutoGraph converts) over the recursion's
state, or the recursion moved into a plain Python helper that the
`tf.function` calls with Python values (unrolled once, at trace time).

Found: a `@tf.function` definition (any alias or from-import of
`tf.function`, with or without arguments) whose body calls its own name, or,
for a method, `self.<name>(...)`/`cls.<name>(...)`. Left alone: recursive
functions that are not themselves `tf.function`s (a recursive helper called
from traced code is unrolled at trace time, which is fine on Python values).
"""
    before = """\
import tensorflow as tf

@tf.function
def factorial(n):
    if n <= 1:
        return tf.constant(1)
    return n * factorial(n - 1)
"""
    after = """\
import tensorflow as tf

@tf.function
def factorial(n):
    result = tf.constant(1)
    for i in tf.range(2, n + 1):
        result *= i
    return result
"""

    def detect(self, screen: Screen) -> Iterator[Finding]:
        defs: dict[str, list[ast.AST]] = defaultdict(list)
        for site in screen.tf_function_defs:
            defs[site.node.name].append(site.node)
        if not defs:
            return
        for site in screen.sites(ast.Call):
            name = last_name(site.node.func)
            for func in defs.get(name, ()):
                if _in_body(site.node, func) and func in screen.functions_around(site) and _calls_itself(screen, func, site):
                    yield self.finding(
                        screen,
                        site.node,
                        f"tf.function `{name}` calls itself: every level of the recursion is traced again — one "
                        "trace per Python value passed down, and with a tensor argument tracing never ends (the "
                        "base case becomes a `tf.cond` tracing both branches); loop instead (`tf.while_loop`, "
                        "or a loop AutoGraph converts), or recurse in a plain helper on Python values",
                    )


def _in_body(node: ast.AST, func: ast.AST) -> bool:
    """Is ``node`` in the body of ``func`` (not its decorators, defaults or annotations)?"""
    first = func.body[0]
    return (node.lineno, node.col_offset) >= (first.lineno, first.col_offset)


def _calls_itself(screen: Screen, func: ast.AST, site: Site) -> bool:
    """Does the callee denote ``func``: its name bound by that very ``def``, or ``self.<name>`` in its class?"""
    callee = site.node.func
    cls = screen.class_of.get(func)
    if isinstance(callee, ast.Name):  # a method's name is bound in its class, which its body does not see
        return cls is None and screen.scope_of(callee.id, site.function) is screen.outer.get(func)
    return (
        cls is not None
        and func in cls.body
        and isinstance(callee, ast.Attribute)
        and isinstance(callee.value, ast.Name)
        and callee.value.id in ("self", "cls")
    )
