"""``[tool.tfautofix]`` in the nearest ``pyproject.toml``: per-package configuration.

Each file is governed by the closest ``pyproject.toml`` above it that has a
``[tool.tfautofix]`` table (like Ruff, tables are not merged across levels).
Keys: ``select``, ``ignore`` (codes or prefixes), ``exclude`` (gitignore-style
patterns relative to the ``pyproject.toml``), ``per-file-ignores`` (pattern →
codes), ``unsafe-fixes`` (bool), ``retrace-budget`` (function name → retraces
allowed, for ``tfautofix trace``). Command-line flags override the file.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pathspec

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

KEYS = ("select", "ignore", "exclude", "per-file-ignores", "unsafe-fixes", "retrace-budget")


class ConfigError(Exception):
    """An invalid ``[tool.tfautofix]`` table; reported in one line, exit code 2."""


@dataclass(frozen=True)
class Config:
    root: Path | None = None  # directory of the pyproject.toml (None: no configuration)
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    unsafe_fixes: bool = False
    retrace_budget: tuple[tuple[str, int], ...] = ()
    _specs: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def _spec(self, patterns: tuple[str, ...]) -> pathspec.PathSpec:
        if patterns not in self._specs:
            self._specs[patterns] = pathspec.GitIgnoreSpec.from_lines(patterns)
        return self._specs[patterns]

    def relative(self, path: Path) -> str:
        path = path.resolve()
        return path.relative_to(self.root).as_posix() if self.root else path.as_posix()

    def excluded(self, path: Path) -> bool:
        return bool(self.exclude) and self._spec(self.exclude).match_file(self.relative(path))

    def ignored_for(self, path: Path) -> tuple[str, ...]:
        """Codes that ``per-file-ignores`` switches off for ``path``."""
        relative = self.relative(path)
        return tuple(
            code for pattern, codes in self.per_file_ignores if self._spec((pattern,)).match_file(relative) for code in codes
        )


NO_CONFIG = Config()


def config_for(path: Path) -> Config:
    """The configuration governing ``path`` (a file or directory)."""
    directory = path.resolve()
    if not directory.is_dir():
        directory = directory.parent
    return _config_in(directory)


@lru_cache(maxsize=None)
def _config_in(directory: Path) -> Config:
    candidate = directory / "pyproject.toml"
    if candidate.is_file():
        config = load(candidate)
        if config is not None:
            return config
    if directory.parent == directory:
        return NO_CONFIG
    return _config_in(directory.parent)


def load(pyproject: Path) -> Config | None:
    """The ``[tool.tfautofix]`` table of ``pyproject`` (None when it has none)."""
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{pyproject}: cannot read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{pyproject}: invalid TOML: {error}") from None
    table = data.get("tool", {}).get("tfautofix")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] must be a table")
    table = {key.replace("_", "-"): value for key, value in table.items()}
    for key in table:
        if key not in KEYS:
            raise ConfigError(f"{pyproject}: [tool.tfautofix] unknown key {key!r} (known: {', '.join(KEYS)})")

    def codes(key: str, value) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{pyproject}: [tool.tfautofix] {key} must be a list of rule codes")
        return tuple(v.strip().upper() for v in value)

    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] per-file-ignores must be a table of pattern = [codes]")
    exclude = table.get("exclude", [])
    if not isinstance(exclude, list) or not all(isinstance(v, str) for v in exclude):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] exclude must be a list of patterns")
    unsafe = table.get("unsafe-fixes", False)
    if not isinstance(unsafe, bool):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] unsafe-fixes must be true or false")
    budget = table.get("retrace-budget", {})
    if not isinstance(budget, dict) or not all(type(v) is int and v >= 0 for v in budget.values()):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] retrace-budget must be a table of function name = retraces allowed")
    return Config(
        root=pyproject.parent.resolve(),
        select=codes("select", table["select"]) if "select" in table else None,
        ignore=codes("ignore", table.get("ignore", [])),
        exclude=tuple(exclude),
        per_file_ignores=tuple((pattern, codes(f"per-file-ignores[{pattern!r}]", value)) for pattern, value in per_file.items()),
        unsafe_fixes=unsafe,
        retrace_budget=tuple(budget.items()),
    )
