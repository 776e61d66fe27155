"""``--report FILE``: per package and per rule, what a run found, fixed and skipped.

The JSON form is the exchange format: shards of one CI run each write one, and
``tfautofix report merge`` adds them up (shards never share a file, so sums are
exact). The Markdown form is for people and is rendered from the JSON form.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Iterable

from tfautofix import __version__

FORMAT = 1


class ReportError(Exception):
    """A report that cannot be read or written; one line, exit code 2."""


def build(command: str, results: Iterable, skipped: Iterable[tuple[str, str]], package_of, shard: str | None = None, written: bool = False) -> dict:
    """The report of one run. ``results`` are engine ``FileResult``s."""
    packages: dict[str, dict] = defaultdict(_package)
    findings: list[dict] = []
    for result in results:
        findings += [{**f.to_json(), "applied": True} for f in result.applied]
        findings += [{**f.to_json(), "applied": False} for f in result.findings]
        package = packages[package_of(result.path)]
        package["files"] += 1
        if result.error:
            package["skipped"].append({"path": result.path, "reason": result.error})
            continue
        if result.changed:
            package["files_changed"] += 1
        changed_codes = set()
        for finding in result.applied:
            rule = package["rules"][finding.code]
            rule["fixed"] += 1
            changed_codes.add(finding.code)
            verdict = getattr(finding, "verdict", None)
            if verdict:
                kind = getattr(verdict, "kind", str(verdict))
                rule["verdicts"][kind] = rule["verdicts"].get(kind, 0) + 1
        for finding in result.findings:
            package["rules"][finding.code]["findings"] += 1
            package["rules"][finding.code]["fixable"] += finding.fix is not None
        for code in changed_codes:
            package["rules"][code]["files_changed"] += 1
    for path, reason in skipped:
        packages[package_of(path)]["skipped"].append({"path": path, "reason": reason})
    return {
        "tool": "tfautofix",
        "version": __version__,
        "format": FORMAT,
        "command": command,
        "written": written,
        "shards": [shard] if shard else [],
        "packages": {name: _plain(packages[name]) for name in sorted(packages)},
        # Every finding as in `check --format json`, plus "applied" (and "verdict" after --verify).
        "findings": sorted(findings, key=_finding_order),
    }


def _finding_order(finding: dict) -> tuple:
    return finding["path"], finding.get("cell") or 0, finding["line"], finding["column"], finding["code"]


def _package() -> dict:
    return {"files": 0, "files_changed": 0, "rules": defaultdict(_rule), "skipped": []}


def _rule() -> dict:
    # findings: left in place (fixable: of those, with a fix not applied);
    # fixed: fixes applied (in a dry run: that would be applied).
    return {"findings": 0, "fixable": 0, "fixed": 0, "files_changed": 0, "verdicts": {}}


def _plain(package: dict) -> dict:
    return {**package, "rules": {code: package["rules"][code] for code in sorted(package["rules"])}}


def merge(reports: list[dict]) -> dict:
    """Add up the reports of the shards of one run: each shard exactly once, none missing."""
    _check_shards([shard for report in reports for shard in (report.get("shards") or [None])])
    merged = {**reports[0], "shards": [], "packages": {}}
    packages: dict[str, dict] = defaultdict(_package)
    for report in reports:
        merged["shards"] += report.get("shards", [])
        merged["written"] = merged["written"] or report.get("written", False)
        for name, data in report["packages"].items():
            package = packages[name]
            package["files"] += data["files"]
            package["files_changed"] += data["files_changed"]
            package["skipped"] += data["skipped"]
            for code, counts in data["rules"].items():
                rule = package["rules"][code]
                for key in ("findings", "fixable", "fixed", "files_changed"):
                    rule[key] += counts[key]
                for verdict, count in counts.get("verdicts", {}).items():
                    rule["verdicts"][verdict] = rule["verdicts"].get(verdict, 0) + count
    merged["shards"] = sorted(set(merged["shards"]))
    merged["packages"] = {name: _plain(packages[name]) for name in sorted(packages)}
    merged["findings"] = sorted((f for report in reports for f in report.get("findings", [])), key=_finding_order)
    return merged


def markdown(report: dict) -> str:
    lines = [f"# tfautofix report ({report['command']}, tfautofix {report['version']})", ""]
    if report.get("shards"):
        lines += [f"Shards: {', '.join(report['shards'])}", ""]
    fixed_label = "fixed" if report.get("written") else "would fix"
    totals = defaultdict(int)
    for name, package in report["packages"].items():
        lines += [
            f"## {name}",
            "",
            f"{package['files']} file(s), {package['files_changed']} changed, {len(package['skipped'])} skipped.",
            "",
        ]
        if package["rules"]:
            lines += [f"| rule | findings left | with a fix | {fixed_label} | files changed | verdicts |", "|---|---:|---:|---:|---:|---|"]
            for code, rule in package["rules"].items():
                verdicts = ", ".join(f"{k}: {v}" for k, v in sorted(rule["verdicts"].items())) or "—"
                lines.append(f"| {code} | {rule['findings']} | {rule['fixable']} | {rule['fixed']} | {rule['files_changed']} | {verdicts} |")
                for key in ("findings", "fixed"):
                    totals[key] += rule[key]
            lines.append("")
        if package["skipped"]:
            lines += ["Skipped:", ""] + [f"- `{s['path']}`: {s['reason']}" for s in package["skipped"]] + [""]
    files = sum(p["files"] for p in report["packages"].values())
    lines.append(f"**Total:** {files} file(s), {totals['findings']} finding(s) left, {totals['fixed']} {fixed_label}.")
    return "\n".join(lines) + "\n"


def write(report: dict, path: Path) -> None:
    if path.suffix not in (".json", ".md"):
        raise ReportError(f"{path}: a report must end in .json or .md")
    text = json.dumps(report, indent=2) + "\n" if path.suffix == ".json" else markdown(report)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ReportError(f"{path}: cannot write: {error.strerror or error}") from None


def _check_shards(shards: list) -> None:
    if None in shards:
        if len(shards) > 1:
            raise ReportError("a report without --shard is a whole run: it cannot be merged with others")
        return
    seen = set()
    for shard in shards:
        if shard in seen:
            raise ReportError(f"shard {shard} is given twice")
        seen.add(shard)
    counts = {int(str(shard).split("/")[1]) for shard in shards}
    if len(counts) > 1:
        raise ReportError(f"the shards come from different splits ({', '.join(sorted(map(str, shards)))})")
    count = counts.pop()
    missing = [f"{k}/{count}" for k in range(1, count + 1) if f"{k}/{count}" not in seen]
    if missing:
        raise ReportError(f"shard(s) {', '.join(missing)} missing: merge the reports of all {count} shards")


def read(path: Path) -> dict:
    if path.suffix != ".json":
        raise ReportError(f"{path}: only .json reports can be merged (write shards with --report NAME.json)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ReportError(f"{path}: cannot read: {error.strerror or error}") from None
    except ValueError as error:
        raise ReportError(f"{path}: not a JSON report: {error}") from None
    if not isinstance(data, dict) or data.get("tool") != "tfautofix" or data.get("format") != FORMAT:
        raise ReportError(f"{path}: not a tfautofix report (format {FORMAT})")
    return data
