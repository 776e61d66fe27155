"""Running over a whole repository: per-file configuration, shards, cache, workers.

``plan`` turns the command line into a list of files, each with the options its
nearest ``[tool.tfautofix]`` gives it (command-line flags win), minus excluded
files and files of other shards. ``execute`` serves unchanged files from the
cache and sends the rest, largest first, to worker processes.
"""

from __future__ import annotations

import collections
import hashlib
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import threading
import time
import sys
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

from tfautofix.cache import Cache
from tfautofix.config import Config, ConfigError, config_for_file, size_text
from tfautofix.analysis.project import Facts, Summary, facts_for, summarize_file
from tfautofix.results import FileResult, Options
from tfautofix.files import analysed_size, discover_resolved, resolved

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
    for path, real in discover_resolved(paths, SUFFIXES):
        config = config_for_file(real)
        if config.excluded(real) and (overrides.force_exclude or real not in named):
            result.skipped.append((str(path), f"excluded by {config.root / 'pyproject.toml'}"))
            continue
        if shard is not None and not shard.owns(str(path)):
            continue
        limit = overrides.max_file_size if overrides.max_file_size is not None else config.max_file_size
        size = _size(str(path))
        if limit and size > limit and (size := analysed_size(str(path), size)) > limit:
            what = "code cells: " if str(path).endswith(".ipynb") else ""
            result.skipped.append((str(path), f"{what}{size_text(size)} is above max-file-size ({size_text(limit)})"))
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
    from tfautofix.codemods import rule_codes, select_codes

    known = rule_codes()
    for code in (*(selection.select or ()), *selection.ignore):
        if not any(k.startswith(code) for k in known):
            where = f"{selection.root / 'pyproject.toml'}: [tool.tfautofix]" if selection.root else "configuration"
            raise ConfigError(f"{where} unknown rule code {code!r} (see `tfautofix rules`)")
    select = list(selection.select) if selection.select is not None else None
    return Options(rules=tuple(select_codes(select, list(selection.ignore))), unsafe_fixes=selection.unsafe_fixes)


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
            from tfautofix.engine import process_file  # LibCST and the rules: only for files not in the cache

            result = process_file(path, options, fix)
    except Exception as error:  # a bug must cost one file, not the run
        return FileResult(path, error=f"internal error, please report it: {type(error).__name__}: {error}")
    if not result.changed:
        result.original = result.fixed = None  # no need to ship the text back to the parent
    return result.as_data()  # whatever produced it, what crosses to the parent is data


def _summarize(args: tuple[str, Facts | None]) -> tuple[str, Summary | None]:
    path, facts = args
    try:
        return path, summarize_file(path, facts)
    except Exception:  # a bug costs the file's facts; its own run reports it
        return path, None


def _work_lost(task: tuple[str, Options, bool], how: str) -> FileResult:
    return FileResult(task[0], error=f"{how}; skipped")


def _summarize_lost(task: tuple[str, Facts | None], how: str) -> tuple[str, Summary | None]:
    return task[0], None  # its own run reports it


def _serve(connection, parent: int) -> None:
    """A worker: runs the tasks its pipe brings, one at a time, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    while True:
        try:
            function, task = connection.recv()
        except EOFError:  # the parent is gone
            return
        result = function(task)
        try:
            connection.send(result)
        except (AttributeError, TypeError, pickle.PicklingError) as error:  # a bug: it costs the task, not the worker
            connection.send(_Unsent(f"{type(error).__name__}: {error}"))


@dataclass(frozen=True)
class _Unsent:
    """A worker's answer when its result could not be pickled (it must be data)."""

    error: str


def _exit_with_parent(parent: int) -> None:
    """A worker whose parent was killed (SIGKILL skips all cleanup) must not linger."""
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
    """Process the planned files; results in plan order.

    Traced code crosses files (``analysis/project.py``): ``check`` runs every file
    without facts from the others, then again the few files the others' summaries
    give facts, until nothing changes (``on_result`` sees each file once, its first
    result). ``fix`` writes as it goes, so it learns the facts first, from a pass
    that only summarizes files, and processes each file once.
    """
    jobs = jobs or os.cpu_count() or 1
    with _Workers(jobs) as workers:
        if fix:
            facts = _facts_by_summaries(work, workers)
            results, _ = _run_round(work.files, facts, fix, workers, cache, on_result, traces)
        else:
            results, summaries = _run_round(work.files, {}, fix, workers, cache, on_result, traces)
            used: dict[str, str] = {}
            for _ in range(_MAX_ROUNDS):
                facts = facts_for(summaries)
                todo = [(path, selection) for path, selection in work.files if _key(facts.get(path)) != used.get(path, "")]
                if not todo:
                    break
                used.update({path: _key(facts.get(path)) for path, _ in todo})
                again, new_summaries = _run_round(todo, facts, fix, workers, cache, None, traces)
                results.update(again)
                summaries.update(new_summaries)
    if cache is not None:
        cache.save()
    cached = sum(1 for result in results.values() if result.cached)
    ordered = [results[path] for path, _ in work.files]
    return Outcome(ordered, work.skipped, cached)


#: Cross-file facts propagate one module further each round; real call chains are short.
_MAX_ROUNDS = 5


def _key(facts: Facts | None) -> str:
    return facts.key() if facts is not None else ""


class _Worker:
    def __init__(self, context) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, os.getpid()), daemon=True)
        self.process.start()
        child.close()

    def death(self) -> str:
        """How the worker ended, once its pipe closed without an answer."""
        self.process.join(5)
        code = self.process.exitcode
        return f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"


class _Workers:
    """Worker processes, started on first use and shared by the rounds of a run.

    Each worker gets its tasks through its own pipe, at most ``_AHEAD`` at a time (the
    next one waits in the pipe while it works: no worker idles while the parent reads a
    result), and runs them in order, so the parent knows what every worker is doing: a
    worker the OS kills (the OOM killer, a crash in a C extension) costs the one file it
    was processing, reported by ``lost``; the tasks queued behind it go to the others, and
    it is replaced. (``multiprocessing.Pool`` would wait for that task forever.)
    """

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.started: list[_Worker] = []

    def map(self, function, tasks: list, lost):
        """``function`` of every task in completion order; ``lost(task, why)`` for the
        tasks whose worker died or whose result could not be sent back."""
        if self.jobs <= 1 or len(tasks) < 8:
            yield from map(function, tasks)
            return
        while len(self.started) < self.jobs:
            self._start()
        todo = list(reversed(tasks))
        sent: dict = {}  # connection -> tasks sent to its worker and not answered, oldest (running) first
        while todo or any(sent.values()):
            for worker in list(self.started):
                queue = sent.setdefault(worker.connection, collections.deque())
                while todo and len(queue) < _AHEAD:
                    task = todo.pop()
                    try:
                        worker.connection.send((function, task))
                    except OSError:  # it died: idle, it is replaced now; else its answer's EOF tells
                        todo.append(task)
                        if not queue:
                            del sent[worker.connection]
                            self._replace(worker)
                        break
                    queue.append(task)
            busy = [connection for connection, queue in sent.items() if queue]
            if not busy:  # every worker died idle and was replaced: send again
                continue
            workers = {worker.connection: worker for worker in self.started}
            for connection in multiprocessing.connection.wait(busy):
                queue = sent[connection]
                try:
                    result = connection.recv()
                except (EOFError, OSError):
                    worker = workers[connection]
                    yield lost(queue.popleft(), f"worker died ({worker.death()}) while processing this file")
                    todo.extend(reversed(queue))  # not started: for the other workers
                    del sent[connection]
                    self._replace(worker)
                    continue
                task = queue.popleft()
                if isinstance(result, _Unsent):
                    result = lost(task, f"internal error, please report it: the result could not be sent back ({result.error})")
                yield result

    def _start(self) -> None:
        self.started.append(_Worker(multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")))

    def _replace(self, worker: _Worker) -> None:
        worker.connection.close()
        worker.process.join(5)
        self.started.remove(worker)
        self._start()

    def __enter__(self) -> "_Workers":
        return self

    def __exit__(self, *exc) -> None:
        for worker in self.started:
            worker.process.terminate()
        for worker in self.started:
            worker.process.join()


#: Tasks a worker holds at once: the one it runs and the next.
_AHEAD = 2


def _facts_by_summaries(work: Plan, workers: _Workers) -> dict[str, Facts]:
    """The facts of every file, from summaries alone (rounds until nothing changes)."""
    files = [path for path, _ in work.files if path.endswith(".py")]
    summaries: dict[str, Summary] = {}
    facts: dict[str, Facts] = {}
    todo = [(path, None) for path in files]
    for _ in range(_MAX_ROUNDS + 1):
        for path, summary in workers.map(_summarize, todo, _summarize_lost):
            if summary is not None:
                summaries[path] = summary
        new = facts_for(summaries)
        todo = [(path, new.get(path)) for path in files if _key(new.get(path)) != _key(facts.get(path))]
        facts = new
        if not todo:
            break
    return facts


def _run_round(
    files: list[tuple[str, Selection]],
    facts: dict[str, Facts],
    fix: bool,
    workers: _Workers,
    cache: Cache | None,
    on_result: Callable[[FileResult], None] | None,
    traces,
) -> tuple[dict[str, FileResult], dict[str, Summary]]:
    """Process ``files`` with their ``facts``: results and summaries by path."""
    results: dict[str, FileResult] = {}
    summaries: dict[str, Summary] = {}
    pending: list[tuple[int, str, Selection, str | None]] = []
    for path, selection in files:
        key = None
        if cache is not None and not path.endswith(".ipynb"):
            try:
                content = Path(path).read_bytes()
            except OSError:
                content = None
            if content is not None:
                key = cache.key(content, _cache_key_options(selection, fix) + _key(facts.get(path)))
                hit = cache.get(key, path)
                if hit is not None:
                    result = FileResult(path, findings=hit[0], error=hit[1], cached=True)
                    results[path] = result
                    if hit[2] is not None:
                        summaries[path] = hit[2]
                    if on_result:
                        on_result(result)
                    continue
                size = len(content)
            else:
                size = 0
        else:
            size = _size(path)
        pending.append((size, path, selection, key))

    pending.sort(key=lambda item: -item[0])  # largest first: no long straggler at the end
    keys = {path: key for _, path, _, key in pending}
    tasks = [(path, replace(options_for(selection), traces=traces, facts=facts.get(path)), fix) for _, path, selection, _ in pending]
    for result in workers.map(_work, tasks, _work_lost):
        key = keys[result.path]
        results[result.path] = result
        if result.summary is not None:
            summaries[result.path] = result.summary
        # Only results that say "nothing to change" can stand in for a run.
        if cache is not None and key is not None and not result.changed and not result.applied:
            if result.error is None or result.error.startswith("cannot parse"):
                cache.put(key, result.findings, result.error, result.summary)
        if on_result:
            on_result(result)
    return results, summaries


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
