"""Running over a whole repository: per-file configuration, shards, cache, workers.

``plan`` turns the command line into a list of files, each with the options its
nearest ``[tool.tfautofix]`` gives it (command-line flags win), minus excluded
files and files of other shards. ``execute`` serves unchanged files from the
cache and sends the rest, largest first, to worker processes.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import os
import threading
import time
import sys
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

from tfautofix.cache import Cache
from tfautofix.config import Config, ConfigError, config_for, size_text
from tfautofix.engine import FileResult, Options, process_file
from tfautofix.files import discover, resolved

PACKAGE_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg")
SUFFIXES = (".py", ".ipynb")


@dataclass(frozen=True)
class Overrides:
    """What the command line says; ``None`` leaves the configuration file in charge."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    unsafe_fixes: bool | None = None
    max_file_size: int | None = None
    force_exclude: bool = False  # exclude files named on the command line too (else they are always processed)


@dataclass(frozen=True)
class Shard:
    index: int  # 1-based
    count: int

    @classmethod
    def parse(cls, text: str) -> "Shard":
        try:
            index, count = (int(part) for part in text.split("/"))
        except ValueError:
            raise ValueError(f"--shard must be K/N, e.g. 1/4 (got {text!r})") from None
        if not 1 <= index <= count:
            raise ValueError(f"--shard K/N needs 1 <= K <= N (got {text!r})")
        return cls(index, count)

    def owns(self, path: str) -> bool:
        """Deterministic: the same path lands in the same shard on every machine."""
        digest = hashlib.sha1(Path(path).as_posix().encode()).digest()
        return int.from_bytes(digest[:8], "big") % self.count == self.index - 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


@dataclass(frozen=True)
class Selection:
    """A file's rule choice before it is resolved into rule codes (which imports
    every rule): a fully cached run never needs to."""

    select: tuple[str, ...] | None
    ignore: tuple[str, ...]
    unsafe_fixes: bool
    root: Path | None  # the pyproject.toml it comes from, for error messages


@dataclass
class Plan:
    files: list[tuple[str, Selection]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)


@dataclass
class Outcome:
    results: list[FileResult]
    skipped: list[tuple[str, str]]
    cached: int = 0


def plan(paths: Sequence[Path], overrides: Overrides, shard: Shard | None = None) -> Plan:
    """Files to process with their options. Raises ConfigError on a bad configuration."""
    result = Plan()
    named = {resolved(path) for path in paths if not path.is_dir()}
    for path in discover(paths, SUFFIXES):
        config = config_for(path)
        if config.excluded(path) and (overrides.force_exclude or resolved(path) not in named):
            result.skipped.append((str(path), f"excluded by {config.root / 'pyproject.toml'}"))
            continue
        if shard is not None and not shard.owns(str(path)):
            continue
        limit = overrides.max_file_size if overrides.max_file_size is not None else config.max_file_size
        size = _size(str(path))
        if limit and size > limit:
            result.skipped.append((str(path), f"{size_text(size)} is above max-file-size ({size_text(limit)})"))
            continue
        result.files.append((str(path), selection_for(config, path, overrides)))
    return result


def selection_for(config: Config, path: Path, overrides: Overrides) -> Selection:
    """Command-line choices win; a command-line ``--select`` also replaces the file's
    ``ignore`` (what you ask for by name runs), ``per-file-ignores`` still apply."""
    select = overrides.select if overrides.select is not None else config.select
    if overrides.ignore is not None:
        ignore = overrides.ignore
    else:
        ignore = () if overrides.select is not None else config.ignore
    ignore = (*ignore, *config.ignored_for(path)) if config.per_file_ignores else ignore
    unsafe = overrides.unsafe_fixes if overrides.unsafe_fixes is not None else config.unsafe_fixes
    return Selection(select, tuple(ignore), unsafe, config.root)


@lru_cache(maxsize=None)
def options_for(selection: Selection) -> Options:
    """The rule codes of a selection. Raises ConfigError for an unknown code."""
    from tfautofix.codemods import all_rules, select_rules

    known = [rule.code for rule in all_rules()]
    for code in (*(selection.select or ()), *selection.ignore):
        if not any(k.startswith(code) for k in known):
            where = f"{selection.root / 'pyproject.toml'}: [tool.tfautofix]" if selection.root else "configuration"
            raise ConfigError(f"{where} unknown rule code {code!r} (see `tfautofix rules`)")
    select = list(selection.select) if selection.select is not None else None
    rules = select_rules(select, list(selection.ignore))
    return Options(rules=tuple(rule.code for rule in rules), unsafe_fixes=selection.unsafe_fixes)


def package_of(path: str) -> str:
    """The package a file belongs to, for reports: the nearest directory with a
    pyproject.toml/setup.py/setup.cfg, relative to the working directory."""
    return _package_dir(resolved(path).parent)


@lru_cache(maxsize=None)
def _package_dir(directory: Path) -> str:
    for candidate in (directory, *directory.parents):
        if any((candidate / marker).is_file() for marker in PACKAGE_MARKERS):
            try:
                return candidate.relative_to(Path.cwd()).as_posix() or "."
            except ValueError:
                return candidate.as_posix()
    return "."


def _cache_key_options(selection: Selection, fix: bool) -> str:
    return f"{'fix' if fix else 'check'}:{selection!r}:{sys.version_info[:2]}"


def _work(args: tuple[str, Options, bool]) -> FileResult:
    path, options, fix = args
    try:
        if path.endswith(".ipynb"):
            from tfautofix.notebook import process_notebook

            result = process_notebook(path, options, fix)
        else:
            result = process_file(path, options, fix)
    except Exception as error:  # a bug must cost one file, not the run
        return FileResult(path, error=f"internal error, please report it: {type(error).__name__}: {error}")
    if not result.changed:
        result.original = result.fixed = None  # no need to ship the text back to the parent
    return result


def _init_worker(parent: int) -> None:
    # The parse trees are large and acyclic enough: collect rarely (~15% faster).
    gc.set_threshold(100_000, 50, 100)
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    """A worker whose parent was killed (SIGKILL skips the pool's cleanup) must not linger."""
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(1)


def execute(
    work: Plan,
    fix: bool,
    jobs: int | None = None,
    cache: Cache | None = None,
    on_result: Callable[[FileResult], None] | None = None,
    traces=None,
) -> Outcome:
    """Process the planned files; results in plan order."""
    results: dict[str, FileResult] = {}
    pending: list[tuple[int, str, Selection, str | None]] = []
    cached = 0
    for path, selection in work.files:
        key = None
        if cache is not None and not path.endswith(".ipynb"):
            try:
                content = Path(path).read_bytes()
            except OSError:
                content = None
            if content is not None:
                key = cache.key(content, _cache_key_options(selection, fix))
                hit = cache.get(key, path)
                if hit is not None:
                    result = FileResult(path, findings=hit[0], error=hit[1])
                    results[path] = result
                    cached += 1
                    if on_result:
                        on_result(result)
                    continue
                size = len(content)
            else:
                size = 0
        else:
            size = _size(path)
        pending.append((size, path, selection, key))

    def finish(result: FileResult, key: str | None) -> None:
        results[result.path] = result
        # Only results that say "nothing to change" can stand in for a run.
        if cache is not None and key is not None and not result.changed and not result.applied:
            if result.error is None or result.error.startswith("cannot parse"):
                cache.put(key, result.findings, result.error)
        if on_result:
            on_result(result)

    pending.sort(key=lambda item: -item[0])  # largest first: no long straggler at the end
    keys = {path: key for _, path, _, key in pending}
    tasks = [(path, replace(options_for(selection), traces=traces), fix) for _, path, selection, _ in pending]
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or len(tasks) < 8:
        for task in tasks:
            finish(_work(task), keys[task[0]])
    else:
        context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with context.Pool(jobs, initializer=_init_worker, initargs=(os.getpid(),)) as pool:
            for result in pool.imap_unordered(_work, tasks, chunksize=2):
                finish(result, keys[result.path])
    if cache is not None:
        cache.save()
    ordered = [results[path] for path, _ in work.files]
    return Outcome(ordered, work.skipped, cached)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
