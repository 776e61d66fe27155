"""``[tool.tfautofix]`` in the nearest ``pyproject.toml``: per-package configuration.

Each file is governed by the closest ``pyproject.toml`` above it that has a
``[tool.tfautofix]`` table (like Ruff, tables are not merged across levels).
Keys: ``select``, ``ignore`` (codes or prefixes), ``exclude`` (gitignore-style
patterns relative to the ``pyproject.toml``), ``per-file-ignores`` (pattern →
codes), ``unsafe-fixes`` (bool), ``max-file-size`` (bytes, or "2MB"; larger files
are skipped with a note; 0: no limit), ``retrace-budget`` (function name → retraces
allowed, for ``tfautofix trace``), ``exercise`` (a shell command, run in the
``pyproject.toml``'s directory, that exercises the code: ``fix --write`` then
verifies its fixes by running it). Command-line flags override the file.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pathspec

from tfautofix.files import resolved

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

KEYS = ("select", "ignore", "exclude", "per-file-ignores", "unsafe-fixes", "max-file-size", "retrace-budget", "exercise")
#: Larger files are skipped: generated modules, where a LibCST analysis would take minutes.
MAX_FILE_SIZE = 2_000_000


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
    max_file_size: int = MAX_FILE_SIZE
    retrace_budget: tuple[tuple[str, int], ...] = ()
    exercise: str | None = None  # the command that exercises the code (the user's tests)
    _specs: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def _spec(self, patterns: tuple[str, ...]) -> pathspec.PathSpec:
        if patterns not in self._specs:
            self._specs[patterns] = pathspec.GitIgnoreSpec.from_lines(patterns)
        return self._specs[patterns]

    def relative(self, path: Path) -> str:
        path = resolved(path)
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
#: ``--config FILE`` / ``--isolated``: one configuration for every file instead of the nearest.
_forced: list[Config] = []


def force(pyproject: Path | None, forced: bool = True) -> None:
    """Use ``pyproject``'s ``[tool.tfautofix]`` for every file (None: no configuration at
    all); ``forced=False`` goes back to the nearest ``pyproject.toml`` of each file."""
    _forced.clear()
    if not forced:
        return
    if pyproject is None:
        _forced.append(NO_CONFIG)
        return
    if not pyproject.is_file():
        raise ConfigError(f"{pyproject}: --config file not found")
    config = load(pyproject)
    if config is None:
        raise ConfigError(f"{pyproject}: no [tool.tfautofix] table")
    _forced.append(config)


def config_for(path: Path) -> Config:
    """The configuration governing ``path`` (a file or directory)."""
    if _forced:
        return _forced[0]
    directory = resolved(path)
    if not directory.is_dir():
        directory = directory.parent
    return _config_in(directory)


def config_for_file(real: Path) -> Config:
    """``config_for`` a file whose path discovery has resolved already."""
    return _forced[0] if _forced else _config_in(real.parent)


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
    try:
        max_file_size = parse_size(table.get("max-file-size", MAX_FILE_SIZE))
    except ValueError as error:
        raise ConfigError(f"{pyproject}: [tool.tfautofix] max-file-size: {error}") from None
    unsafe = table.get("unsafe-fixes", False)
    if not isinstance(unsafe, bool):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] unsafe-fixes must be true or false")
    budget = table.get("retrace-budget", {})
    if not isinstance(budget, dict) or not all(type(v) is int and v >= 0 for v in budget.values()):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] retrace-budget must be a table of function name = retraces allowed")
    exercise = table.get("exercise")
    if exercise is not None and not (isinstance(exercise, str) and exercise.strip()):
        raise ConfigError(f"{pyproject}: [tool.tfautofix] exercise must be a command (a non-empty string)")
    return Config(
        root=resolved(pyproject.parent),
        select=codes("select", table["select"]) if "select" in table else None,
        ignore=codes("ignore", table.get("ignore", [])),
        exclude=tuple(exclude),
        per_file_ignores=tuple((pattern, codes(f"per-file-ignores[{pattern!r}]", value)) for pattern, value in per_file.items()),
        unsafe_fixes=unsafe,
        max_file_size=max_file_size,
        retrace_budget=tuple(budget.items()),
        exercise=exercise,
    )


_UNITS = {"": 1, "B": 1, "KB": 1000, "MB": 1000**2, "GB": 1000**3, "KIB": 1024, "MIB": 1024**2, "GIB": 1024**3}


def parse_size(value: object) -> int:
    """Bytes from ``2000000``, ``"2MB"``, ``"512KiB"``; 0 means no limit."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str):
        text = value.strip().upper().replace(" ", "")
        number = text.rstrip("KMGIB")
        unit = text[len(number):]
        try:
            if unit in _UNITS and float(number) >= 0:
                return int(float(number) * _UNITS[unit])
        except ValueError:
            pass
    raise ValueError(f"expected a size such as 2000000 or \"2MB\" (0: no limit), got {value!r}")


def size_text(size: int) -> str:
    if size < 1000:
        return f"{size} bytes"
    return f"{size / 1000**2:.1f} MB" if size >= 100_000 else f"{size / 1000:.0f} KB"
