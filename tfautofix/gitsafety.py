"""``fix --write`` refuses to overwrite uncommitted work (as ``cargo fix`` does).

A file with uncommitted changes (modified, staged or untracked) could not be
restored with ``git checkout -- PATH`` after a bad fix, so it is left alone
unless ``--allow-dirty``. Files outside any git repository are written: there is
nothing to compare with.
"""

from __future__ import annotations

import subprocess
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from tfautofix.files import resolved


def dirty_files(paths: Iterable[str]) -> set[str]:
    """The ``paths`` that have uncommitted changes in their git repository."""
    by_repository: dict[Path, list[str]] = defaultdict(list)
    for path in paths:
        root = _repository(resolved(path).parent)
        if root is not None:
            by_repository[root].append(path)
    dirty: set[str] = set()
    for root, members in by_repository.items():
        by_path = {resolved(p): p for p in members}
        output = _git(root, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", *map(str, by_path))
        if output is None:
            continue
        for entry in output.split("\0"):
            if len(entry) > 3:
                changed = resolved(root / entry[3:])
                if changed in by_path:
                    dirty.add(by_path[changed])
    return dirty


def in_git(path: str) -> bool:
    """Is ``path`` inside a git work tree (where `git checkout -- PATH` can undo a write)?"""
    return _repository(resolved(path).parent) is not None


@lru_cache(maxsize=None)
def _repository(directory: Path) -> Path | None:
    output = _git(directory, "rev-parse", "--show-toplevel")
    return resolved(output.strip()) if output else None


def _git(cwd: Path, *args: str) -> str | None:
    try:
        completed = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    except OSError:
        return None  # no git: nothing to protect against
    return completed.stdout if completed.returncode == 0 else None
