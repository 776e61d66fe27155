"""How verdicts of ``fix --verify`` are shown: a header over each diff, a summary table."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Mapping, Sequence

from rich.table import Table
from rich.text import Text

from tfautofix.results import FileResult

if TYPE_CHECKING:
    from tfautofix.verify.fixes import Checked

STYLES = {"verified": "green", "improved": "bold green", "changed": "bold red", "broken": "bold red", "unverifiable": "yellow"}


def _codes(result: FileResult) -> str:
    counts = Counter(f.code for f in result.applied)
    return ", ".join(f"{code} ×{n}" if n > 1 else code for code, n in sorted(counts.items()))


def verdict_text(checked: Checked) -> Text:
    text = Text(checked.verdict.kind, style=STYLES.get(checked.verdict.kind, ""))
    if checked.verdict.detail:
        text.append(f" ({checked.verdict.detail})")
    return text


def verdict_header(result: FileResult, checked: Checked) -> Text:
    """``== path: improved (traces 8 → 1) [TFA007, by exercise()]``, shown above a diff."""
    text = Text(f"== {result.path}: ", style="bold")
    text.append_text(verdict_text(checked))
    source = f", by {checked.source}" if checked.source else ""
    text.append(f" [{_codes(result)}{source}]", style="dim")
    if len(checked.fixes) > 1:  # each fix verified on its own
        for finding, verdict in checked.fixes:
            text.append(f"\n   {finding.code} line {finding.line}: ")
            text.append(verdict.kind if verdict else "-", style=STYLES.get(getattr(verdict, "kind", ""), ""))
            if verdict and verdict.detail:
                text.append(f" ({verdict.detail})")
    return text


def verdicts_table(results: Sequence[FileResult], checked: Mapping[str, Checked], written: set[str] | None = None) -> Table:
    table = Table(title="verification")
    for column in ("file", "fixes", "verdict", "checked by", *(("written",) if written is not None else ())):
        table.add_column(column)
    for result in results:
        if result.path in checked:
            check = checked[result.path]
            row = [result.path, _codes(result), verdict_text(check), check.source or "-"]
            if written is not None:
                row.append("yes" if result.path in written else "no")
            table.add_row(*row)
    return table
