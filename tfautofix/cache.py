"""Results of unchanged files, keyed by content hash + tool fingerprint + options.

The tool fingerprint covers the version *and* the source of tfautofix itself (so a
rule edited in a checkout invalidates the cache, not only a release); the options
cover the rule set, unsafe-fixes, the target version, check/fix mode and the facts
the other files of the run give the file (``analysis/project.py``: whether its
functions are traced from elsewhere, wrappers, re-exported ``tf``). An entry keeps
the file's project summary, so a cached run learns those facts without parsing. One JSON
file, written atomically at the end of a run: a crashed run leaves the old cache.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

import tfautofix
from tfautofix.analysis.project import Summary
from tfautofix.files import SourceError, write_atomic
from tfautofix.rule import Finding, Fix

FORMAT = 5  # 2: entries carry the file's project summary; 3: with argument kinds and passed arguments; 4: one `Passed` per call edge; 5: fix candidates
MAX_ENTRIES = 200_000
DEFAULT_DIRECTORY = ".tfautofix_cache"


@lru_cache(maxsize=None)
def tool_fingerprint() -> str:
    digest = hashlib.sha256(f"{tfautofix.__version__}:{FORMAT}".encode())
    package = Path(tfautofix.__file__).parent
    for source in sorted(package.rglob("*.py")):
        digest.update(source.relative_to(package).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def cache_directory() -> Path:
    return Path(os.environ.get("TFAUTOFIX_CACHE_DIR") or DEFAULT_DIRECTORY)


class Cache:
    def __init__(self, directory: Path | None = None, fingerprint: str | None = None) -> None:
        self.path = (directory or cache_directory()) / "results.json"
        self.fingerprint = fingerprint or tool_fingerprint()
        self.entries: dict[str, dict] = {}
        self.dirty = False
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") == FORMAT:
                self.entries = data["entries"]
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass  # no cache yet, or an unreadable one: start afresh

    def key(self, content: bytes, options_key: str) -> str:
        digest = hashlib.sha256(f"{self.fingerprint}\0{options_key}\0".encode())
        digest.update(content)
        return digest.hexdigest()

    def get(self, key: str, path: str) -> tuple[list[Finding], str | None, Summary | None] | None:
        entry = self.entries.get(key)
        if entry is None:
            return None
        findings = [_finding(data, path) for data in entry["findings"]]
        summary = entry.get("summary")
        return findings, entry["error"], None if summary is None else Summary.from_json(summary)

    def put(self, key: str, findings: list[Finding], error: str | None, summary: Summary | None = None) -> None:
        self.entries[key] = {
            "findings": [_record(f) for f in findings], "error": error,
            "summary": None if summary is None else summary.to_json(),
        }
        self.dirty = True

    def save(self) -> None:
        if not self.dirty:
            return
        entries = self.entries
        if len(entries) > MAX_ENTRIES:  # oldest first: dicts keep insertion order
            entries = dict(list(entries.items())[-MAX_ENTRIES:])
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            gitignore = self.path.parent / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("# created by tfautofix\n*\n", encoding="utf-8")
            write_atomic(self.path, json.dumps({"format": FORMAT, "entries": entries}).encode())
        except (OSError, SourceError):
            pass  # a read-only tree (or cache file) still gets its results, just not cached


def _record(finding: Finding) -> dict:
    data = finding.to_json()
    del data["path"]
    return data


def _finding(data: dict, path: str) -> Finding:
    data = dict(data)
    fix = data.pop("fix")
    if fix is None:
        return Finding(**data, path=path)
    candidates = [Fix({}, c["applicability"], unknown=tuple(c.get("unknown", ())), label=c["label"]) for c in fix.get("candidates", [])]
    primary = candidates[0] if candidates else Fix({}, fix["applicability"], unknown=tuple(fix.get("unknown", ())))
    return Finding(**data, path=path, fix=primary, alternatives=tuple(candidates[1:]))
