"""Finding, reading and writing source files without losing a byte of what we don't change."""

from __future__ import annotations

import glob
import io
import json
import os
import re
import time
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

import pathspec

SKIPPED_DIRECTORIES = frozenset(
    {"__pycache__", "__pypackages__", "node_modules", "site-packages", "venv", "build", "dist", "_build", "buck-out"}
)


class SourceError(Exception):
    """A file we cannot read or decode; reported as ``path: reason``."""


@dataclass(frozen=True)
class SourceFile:
    path: Path
    text: str  # decoded, newlines as in the file
    encoding: str  # as detected by tokenize ("utf-8-sig" keeps a BOM)

    def encode(self, text: str) -> bytes:
        return text.encode(self.encoding)


def resolved(path: str | os.PathLike) -> Path:
    """The absolute path with symlinks resolved; a symlink loop stays as it is
    (``Path.resolve`` raises on it) and is reported when the file is read."""
    return Path(os.path.realpath(path))


def read_source(path: Path) -> SourceFile:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SourceError(f"cannot read: {error.strerror or error}") from None
    if b"\0" in raw:
        raise SourceError("cannot read: binary file (contains NUL bytes)")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
        text = raw.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as error:
        raise SourceError(f"cannot decode: {error}") from None
    if encoding == "utf-8-sig" and text.startswith("\ufeff"):
        text = text[1:]
    return SourceFile(path, text, encoding)


def analysed_size(path: str, size: int) -> int:
    """What ``max-file-size`` measures of a file of ``size`` bytes: for a notebook, the
    source of its code cells (its stored outputs, images mostly, are never analysed);
    the whole file when it is not a readable notebook (processing reports why)."""
    if not path.endswith(".ipynb"):
        return size
    try:
        code = [cell.get("source", "") for cell in json.loads(read_source(Path(path)).text)["cells"] if cell.get("cell_type") == "code"]
        return sum(len("".join(source).encode("utf-8", "surrogatepass")) for source in code)
    except (SourceError, ValueError, KeyError, AttributeError, TypeError, RecursionError):
        return size


#: A line with its end, as Python counts lines: ``str.splitlines`` also splits at
#: form feeds and other separators that Python source keeps inside a line.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def source_lines(text: str, keepends: bool = False) -> list[str]:
    """The lines of ``text`` numbered as ``ast``, LibCST and tracebacks number them."""
    lines = _LINE.findall(text)
    return lines if keepends else [line.rstrip("\r\n") for line in lines]


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once, keeping what the file system
    knows about it: a symlink is written through to its target, a hard-linked
    file is rewritten in place (a new file would leave the other links on the old
    text), permissions, owner and group stay, and a read-only file is refused.

    Where Linux allows it, the data goes to an unnamed file (``O_TMPFILE``) that
    gets a name only to be renamed over ``path``, so a run killed while writing
    (SIGKILL runs no cleanup) leaves nothing behind; otherwise to a named
    temporary file, which the next write next to it removes if its process died.
    """
    path = resolved(path)
    try:
        status = path.stat()
    except FileNotFoundError:
        status = None
    if status is not None and (not status.st_mode & 0o222 or not os.access(path, os.W_OK)):
        raise SourceError("read-only file; not written (make it writable to fix it)")
    if status is not None and status.st_nlink > 1:
        with open(path, "r+b") as handle:
            handle.truncate(0)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        return
    _remove_stale_temporaries(path)
    temporary = f"{path.parent}/.{path.name}.{os.getpid()}.{time.monotonic_ns()}{_TEMPORARY}"
    try:
        if not _write_unnamed(path.parent, temporary, data, status):
            with open(temporary, "xb") as handle:
                _fill(handle, data, status)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


_TEMPORARY = ".tfautofix"
_unnamed_files = True  # until the system refuses them once


def _write_unnamed(directory: Path, name: str, data: bytes, status: os.stat_result | None) -> bool:
    """Write ``data`` to an unnamed file in ``directory``, then name it ``name``;
    False where the system does not allow it (no ``O_TMPFILE``, or a sandbox
    that refuses to link it)."""
    global _unnamed_files
    if not _unnamed_files:
        return False
    try:
        fd = os.open(directory, os.O_TMPFILE | os.O_WRONLY, 0o600)
    except (AttributeError, OSError):
        _unnamed_files = False
        return False
    with os.fdopen(fd, "wb") as handle:
        _fill(handle, data, status)
        try:
            os.link(f"/proc/self/fd/{fd}", name, follow_symlinks=True)
        except OSError:
            _unnamed_files = False
            return False
    return True


def _fill(handle, data: bytes, status: os.stat_result | None) -> None:
    handle.write(data)
    handle.flush()
    os.fsync(handle.fileno())
    if status is not None:
        try:
            os.fchown(handle.fileno(), status.st_uid, status.st_gid)  # a new file gets our user and group
        except OSError:
            pass  # not ours to give away (not root); the group may still differ
    os.chmod(handle.fileno(), status.st_mode & 0o7777 if status is not None else 0o644)  # whatever the umask did


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of ``path`` left by a killed run (their process is gone)."""
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*{_TEMPORARY}"):
        pid = stale.name[len(path.name) + 2 :].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            stale.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def discover(paths: Iterable[Path], suffixes: tuple[str, ...] = (".py",)) -> Iterator[Path]:
    """Python files (``suffixes``) under ``paths``: explicit files always, directories
    minus hidden folders, virtualenvs, and what the nearest ``.gitignore`` files exclude."""
    for shown, _ in discover_resolved(paths, suffixes):
        yield shown


def discover_resolved(paths: Iterable[Path], suffixes: tuple[str, ...] = (".py",)) -> Iterator[tuple[Path, Path]]:
    """``discover``'s files, each with its resolved path. A walked directory is already
    resolved, so only symlinks are resolved again (``realpath`` is most of a cached run)."""
    seen: set[str] = set()  # resolved: a file named twice, or through a symlink, is processed once
    for root in paths:
        real = os.path.realpath(root)
        if root.is_file() or not root.exists():
            if real not in seen:
                seen.add(real)
                yield root, Path(real)
            continue
        specs = [(_prefix(str(base)), spec) for base, spec in _gitignores_above(Path(real))]
        for shown, real_file in _walk(real, str(root), specs, seen, suffixes):
            yield Path(shown), Path(real_file)


def _gitignores_above(directory: Path) -> list[tuple[Path, pathspec.PathSpec]]:
    specs = []
    for parent in reversed(directory.parents):
        spec = _load_gitignore(parent)
        if spec is not None:
            specs.append((parent, spec))
        if (parent / ".git").exists():
            specs = [(p, s) for p, s in specs if p == parent or parent in p.parents]
    return specs


def _load_gitignore(directory: str | Path) -> pathspec.PathSpec | None:
    gitignore = os.path.join(directory, ".gitignore")
    if not os.path.isfile(gitignore):
        return None
    try:
        with open(gitignore, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _prefix(directory: str) -> str:
    return directory if directory.endswith("/") else directory + "/"


def _ignored(path: str, is_dir: bool, specs: list[tuple[str, pathspec.PathSpec]]) -> bool:
    for prefix, spec in specs:
        if spec.match_file(path[len(prefix) :] + ("/" if is_dir else "")):
            return True
    return False


def _walk(directory: str, shown: str, specs, seen: set[str], suffixes: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """(shown, resolved) paths of the files under ``directory``, a resolved path."""
    own = _load_gitignore(directory)
    if own is not None:
        specs = [*specs, (_prefix(directory), own)]
    try:
        entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if name.startswith("."):
            continue
        path = entry.path
        if entry.is_dir(follow_symlinks=False):
            if name in SKIPPED_DIRECTORIES or os.path.exists(os.path.join(path, "pyvenv.cfg")) or _ignored(path, True, specs):
                continue
            yield from _walk(path, os.path.join(shown, name), specs, seen, suffixes)
        elif name.endswith(suffixes) and not _ignored(path, False, specs):
            real = os.path.realpath(path) if entry.is_symlink() else path
            if real not in seen:
                seen.add(real)
                yield os.path.join(shown, name), real
