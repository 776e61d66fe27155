"""TFA017 recursive-tf-function: a ``tf.function`` that calls itself."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.index import nodes
from tfautofix.analysis.names import TF_FUNCTION
from tfautofix.analysis.index import calls_inside
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

    def prescreen(self, screen: Screen) -> list[Site]:
        """Calls, inside a ``@tf.function`` definition, of that definition's name."""
        defs = {site.node.name: site.node for site in screen.tf_function_defs}
        if not defs:
            return []
        found = []
        for site in screen.sites(ast.Call):
            func = defs.get(last_name(site.node.func))
            if func is not None and func in screen.functions_around(site):
                found.append(site)
        return found

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        for func in nodes(ctx, cst.FunctionDef):
            if not any(
                ctx.resolves_to(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator, TF_FUNCTION)
                for d in func.decorators
            ):
                continue
            for call in calls_inside(func):
                if _calls_itself(ctx, func, call.func):
                    name = func.name.value
                    yield self.finding(
                        ctx,
                        call,
                        f"tf.function `{name}` calls itself: every level of the recursion is traced again — one "
                        "trace per Python value passed down, and with a tensor argument tracing never ends (the "
                        "base case becomes a `tf.cond` tracing both branches); loop instead (`tf.while_loop`, "
                        "or a loop AutoGraph converts), or recurse in a plain helper on Python values",
                    )


def _calls_itself(ctx: FileContext, func: cst.FunctionDef, callee: cst.BaseExpression) -> bool:
    """Does ``callee`` denote ``func``: its name bound by that very ``def``, or ``self.<name>`` in its class?"""
    name = func.name.value
    if isinstance(callee, cst.Name) and callee.value == name:
        scope = ctx.scope(callee)
        return scope is not None and any(getattr(a, "node", None) is func for a in scope[name])
    method = isinstance(ctx.parent(ctx.parent(func)), cst.ClassDef)
    return (
        method
        and isinstance(callee, cst.Attribute)
        and callee.attr.value == name
        and isinstance(callee.value, cst.Name)
        and callee.value.value in ("self", "cls")
    )
