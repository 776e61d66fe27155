"""How results are shown: diffs, finding lines, JSON, rule documentation."""

from __future__ import annotations

import json
import re
from typing import Iterable

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tfautofix.rule import Finding, Rule

_DIFF_STYLES = (("+++", "bold"), ("---", "bold"), ("@@", "cyan"), ("+", "green"), ("-", "red"))


def diff_text(diff: str) -> Text:
    text = Text()
    for line in diff.splitlines(keepends=True):
        style = next((style for prefix, style in _DIFF_STYLES if line.startswith(prefix)), "")
        text.append(line, style=style)
    return text


def finding_line(finding: Finding) -> Text:
    text = Text()
    cell = f"cell {finding.cell}:" if finding.cell is not None else ""
    text.append(f"{finding.path}:{cell}{finding.line}:{finding.column}: ", style="bold")
    text.append(finding.code, style="bold red")
    text.append(f" {finding.message}")
    if finding.confirmed:
        text.append(" [confirmed by the trace log]", style="green")
    if finding.fix is not None:
        text.append(f" [{finding.fix.applicability} fix]", style="dim" if finding.fix.applicability == "safe" else "yellow")
    return text


def error_location(reason: str) -> tuple[int, int] | None:
    """``(line, column)`` named in a file's error (``cannot parse: ... (line 3, column 7)``)."""
    match = re.search(r"\(line (\d+)(?:, column (\d+))?\)", reason)
    return (int(match.group(1)), int(match.group(2) or 1)) if match else None


def findings_json(findings: Iterable[Finding]) -> str:
    return json.dumps([f.to_json() for f in findings], indent=2)


def rules_table(rules: Iterable[Rule]) -> Table:
    table = Table(title="tfautofix rules")
    table.add_column("code", style="bold")
    table.add_column("name", no_wrap=True)  # names are an interface: show them whole
    table.add_column("fix")
    table.add_column("summary")
    for rule in rules:
        table.add_row(rule.code, rule.name, rule.fixable, rule.summary)
    return table


def rule_documentation(rule: Rule) -> Group:
    from rich.markdown import Markdown  # `rules CODE` only: markdown-it and pygments cost ~60 ms of every start
    from rich.syntax import Syntax

    fix = {"safe": "safe fix", "unsafe": "unsafe fix (needs --unsafe-fixes)", "display-only": "reported, not fixed"}
    facts = Table(title="A fix is safe only when all of these are known (else unsafe, saying which is not)", title_justify="left")
    facts.add_column("fact", style="bold", no_wrap=True)
    facts.add_column("what must be known")
    for fact in rule.facts:
        facts.add_row(fact.name, fact.question)
    return Group(
        Text(f"{rule.code} {rule.name}", style="bold"),
        Text(f"{rule.summary} — {fix[rule.fixable]}", style="italic"),
        *((facts,) if rule.facts else ()),
        Markdown(rule.docs.strip()),
        Panel(Syntax(rule.before, "python"), title="before", title_align="left"),
        Panel(Syntax(rule.after, "python"), title="after", title_align="left"),
    )


def make_console(stderr: bool = False, color: str = "auto") -> Console:
    """``color``: auto (colours on a terminal), always, never (``--color``)."""
    forced = {"always": {"force_terminal": True}, "never": {"no_color": True, "color_system": None}}.get(color, {})
    return Console(stderr=stderr, highlight=False, soft_wrap=True, **forced)
