"""The rule registry: every module in this package defining a :class:`Rule` subclass."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from functools import lru_cache

from tfautofix.rule import Rule


@lru_cache(maxsize=None)
def all_rules() -> tuple[Rule, ...]:
    rules: list[Rule] = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if (
                inspect.isclass(obj)
                and issubclass(obj, Rule)
                and obj is not Rule
                and obj.__module__ == module.__name__
                and getattr(obj, "code", None)
            ):
                rules.append(obj())
    rules.sort(key=lambda rule: rule.code)
    codes = [rule.code for rule in rules]
    duplicated = {code for code in codes if codes.count(code) > 1}
    if duplicated:
        raise RuntimeError(f"rule codes defined twice: {sorted(duplicated)}")
    return tuple(rules)


@lru_cache(maxsize=None)
def rule_codes() -> tuple[str, ...]:
    """Every rule's code, read from the module names (``tfa001_variables`` → ``TFA001``) without
    importing the rules and LibCST: a run served from the cache needs no more
    (``tests/test_conventions.py`` checks each module holds the rule of its name's code)."""
    return tuple(sorted(info.name.split("_")[0].upper() for info in pkgutil.iter_modules(__path__)))


def rule_by_code(code: str) -> Rule | None:
    code = code.upper()
    return next((rule for rule in all_rules() if rule.code == code), None)


def select_codes(select: list[str] | None = None, ignore: list[str] | None = None) -> list[str]:
    """Codes that start with a selected prefix and with no ignored prefix."""
    selected = [code.upper() for code in select or ["TFA"]]
    ignored = [code.upper() for code in ignore or []]
    return [
        code for code in rule_codes()
        if any(code.startswith(s) for s in selected) and not any(code.startswith(i) for i in ignored)
    ]


def select_rules(select: list[str] | None = None, ignore: list[str] | None = None) -> list[Rule]:
    """The rules of :func:`select_codes`."""
    codes = set(select_codes(select, ignore))
    return [rule for rule in all_rules() if rule.code in codes]
