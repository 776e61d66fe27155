"""``check --format sarif``: a SARIF 2.1.0 log (code-scanning dashboards, IDE viewers)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Sequence
from urllib.parse import quote

from tfautofix import __version__
from tfautofix.rule import Finding, Rule

SCHEMA = "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json"


def _uri(path: str) -> dict:
    """Relative paths stay relative to the checkout (``%SRCROOT%``), as code scanning expects."""
    as_path = Path(path)
    if as_path.is_absolute():
        return {"uri": as_path.as_uri()}
    return {"uri": quote(as_path.as_posix()), "uriBaseId": "%SRCROOT%"}


def _rule(rule: Rule) -> dict:
    docs = rule.docs.strip()
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": docs.split("\n\n")[0].replace("\n", " ")},
        "help": {"text": docs, "markdown": docs},
        "defaultConfiguration": {"level": "warning"},
        "properties": {"fix": rule.fixable, "contract": rule.contract},
    }


def _result(finding: Finding, index: dict[str, int]) -> dict:
    result = {
        "ruleId": finding.code,
        "level": "warning",
        "message": {"text": finding.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": _uri(finding.path),
                    "region": {
                        "startLine": finding.line,
                        "startColumn": finding.column,
                        "endLine": finding.end_line,
                        "endColumn": finding.end_column,
                    },
                }
            }
        ],
        "properties": {"fix": None if finding.fix is None else finding.fix.applicability,
                       **({"confirmed": True} if finding.confirmed else {})},
    }
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    return result


def _region(reason: str) -> dict:
    from tfautofix.report import error_location

    where = error_location(reason)
    return {"region": {"startLine": where[0], "startColumn": where[1]}} if where else {}


def findings_sarif(findings: Iterable[Finding], rules: Sequence[Rule], errors: Iterable[tuple[str, str]] = ()) -> str:
    """The SARIF log of one run; ``errors`` are ``(path, reason)`` for files not processed."""
    index = {rule.code: i for i, rule in enumerate(rules)}
    notifications = [
        {
            "level": "error",
            "message": {"text": reason},
            "locations": [{"physicalLocation": {"artifactLocation": _uri(path), **_region(reason)}}],
        }
        for path, reason in errors
    ]
    run = {
        "tool": {
            "driver": {
                "name": "tfautofix",
                "version": __version__,
                "rules": [_rule(rule) for rule in rules],
            }
        },
        "invocations": [{"executionSuccessful": not notifications, "toolExecutionNotifications": notifications}],
        "columnKind": "unicodeCodePoints",
        "results": [_result(f, index) for f in findings],
    }
    return json.dumps({"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)
