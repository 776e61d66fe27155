"""``fix --interactive``: review each fix like ``git add -p``.

After every accepted fix the file's findings are recomputed on the updated
source, so a diff shown is never stale. A rejected fix is remembered by its
rule, the code it flags and its rank among identical findings, which survives
the line shifts other fixes cause. Each file is written once, atomically, when
its decisions are done: an interruption leaves it untouched or fully written.
"""

from __future__ import annotations

import ast
import difflib
import os
import shlex
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tfautofix.engine import FixError, Options, apply_one, detect, _rules
from tfautofix.files import SourceError, SourceFile, read_source, source_lines, write_atomic
from tfautofix.report import diff_text
from tfautofix.rule import Finding

PROMPT = "Apply this fix [y,n,a,d,q,e,?]? "
HELP = """y - apply this fix
n - do not apply this fix (the default)
a - apply this fix and every remaining fix of this rule, without asking
d - do not apply this fix nor any remaining fix in this file
q - quit; fixes accepted so far are written
e - edit the proposed file in $EDITOR, then apply your version (if it parses)
1, 2, ... - show that candidate rewrite instead (a finding with several), then y applies it
? - print this help"""


class NoAnswers(Exception):
    """Interactive mode got no input at all."""


class Quit(Exception):
    pass


@dataclass
class Tally:
    """Decisions per (path, rule code)."""

    accepted: Counter = field(default_factory=Counter)
    rejected: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def table(self) -> Table:
        table = Table(title="interactive fixes")
        for column in ("file", "rule", "accepted", "rejected", "skipped"):
            table.add_column(column)
        keys = sorted(set(self.accepted) | set(self.rejected) | set(self.skipped))
        for path, code in keys:
            key = (path, code)
            table.add_row(path, code, str(self.accepted[key]), str(self.rejected[key]), str(self.skipped[key]))
        return table


class Reviewer:
    def __init__(self, console: Console, read_answer: Callable[[], str | None], verdicts: dict | None = None):
        self.verdicts = verdicts or {}
        self.console = console
        self.read_answer = read_answer
        self.auto_codes: set[str] = set()
        self.tally = Tally()
        self.answered = False

    def _ask(self, candidates: int = 1) -> str:
        numbers = tuple(str(n) for n in range(1, candidates + 1)) if candidates > 1 else ()
        prompt = PROMPT if not numbers else PROMPT.replace(",?]", f",1-{candidates},?]")
        while True:
            self.console.print(Text(prompt, style="bold blue"), end="")
            answer = self.read_answer()
            if answer is None:
                if not self.answered:
                    raise NoAnswers("--interactive needs answers on standard input (y/n/a/d/q), got none")
                self.console.print()
                return "q"
            self.answered = True
            answer = answer.strip().lower() or "n"
            if not self.console.is_terminal:
                self.console.print(answer)
            if answer in ("y", "n", "a", "d", "q", "e", *numbers):
                return answer
            self.console.print(HELP)

    def _verdict(self, path: str, finding: Finding, current: str, index: int) -> str | None:
        """The verdict ``--verify`` gave candidate ``index`` of ``finding`` (on its own), if any."""
        lines = source_lines(current)
        line = lines[finding.line - 1].strip() if 0 < finding.line <= len(lines) else ""
        key = (path, finding.code, line)
        return self.verdicts.get((*key, index)) or (self.verdicts.get(key) if index == self.verdicts.get((*key, "chosen"), 0) else None)

    def _offered(self, path: str, finding: Finding, current: str) -> list[int]:
        """The candidates to offer: safe ones, unsafe ones with ``--unsafe-fixes`` or confirmed by execution."""
        return [
            i for i, fix in enumerate(finding.candidates)
            if fix.applicability == "safe" or self.options.unsafe_fixes
            or (self._verdict(path, finding, current, i) or "").startswith(("verified", "improved"))
        ]

    def _show(self, path: str, finding: Finding, current: str, proposed: str, index: int = 0) -> None:
        fix = finding.candidates[index]
        header = Text()
        header.append(f"{path}:{finding.line}:{finding.column} ", style="bold")
        header.append(f"{finding.code} {finding.name} ", style="bold red")
        header.append(f"[{fix.applicability} fix]", style="yellow" if fix.applicability == "unsafe" else "dim")
        verdict = self._verdict(path, finding, current, index)
        if verdict is not None:  # this fix, verified on its own
            header.append(f" verification: {verdict}", style="cyan")
        elif path in self.verdicts and not finding.alternatives:
            header.append(f" verification of the file's fixes: {self.verdicts[path]}", style="cyan")
        self.console.print(header)
        self.console.print(finding.message)
        if finding.alternatives:
            for i, candidate in enumerate(finding.candidates):
                line = Text(f"  {'>' if i == index else ' '} {i + 1}. {candidate.label or 'candidate'} [{candidate.applicability}]")
                shown = self._verdict(path, finding, current, i)
                if shown is not None:
                    line.append(f" verification: {shown}", style="cyan")
                self.console.print(line)
        diff = difflib.unified_diff(
            source_lines(current, keepends=True), source_lines(proposed, keepends=True), f"a/{path}", f"b/{path}", n=3
        )
        self.console.print(diff_text("".join(diff)))

    def _edit(self, proposed: str) -> str | None:
        """The user's version of ``proposed``; None (the fix is offered again) when the
        editor fails or the user discards an edit that does not parse."""
        editor = os.environ.get("EDITOR")
        if not editor:
            self.console.print("$EDITOR is not set")
            return None
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False, encoding="utf-8") as handle:
            handle.write(proposed)
        try:
            while True:
                try:
                    status = subprocess.run([*shlex.split(editor), handle.name], check=False).returncode
                except OSError as error:
                    self.console.print(f"cannot run the editor {editor!r}: {error.strerror or error}")
                    return None
                if status != 0:
                    self.console.print(f"the editor exited with status {status}; the edit is discarded")
                    return None
                edited = Path(handle.name).read_text(encoding="utf-8")
                try:
                    ast.parse(edited, feature_version=self.options.target_version)
                    return edited
                except SyntaxError as error:
                    self.console.print(f"the edited file does not parse ({error.msg}, line {error.lineno})")
                if self._choose("Edit it again [e] or discard the edit [d]? ", ("e", "d"), "d") == "d":
                    return None
        finally:
            os.unlink(handle.name)

    def _choose(self, prompt: str, answers: tuple[str, ...], default: str) -> str:
        while True:
            self.console.print(Text(prompt, style="bold blue"), end="")
            answer = self.read_answer()
            if answer is None:
                return default
            answer = answer.strip().lower() or default
            if not self.console.is_terminal:
                self.console.print(answer)
            if answer in answers:
                return answer

    def review_file(self, path: str, options: Options) -> None:
        """Offer ``options``' fixes for ``path`` one by one; write the accepted ones."""
        self.options = options
        self.rules = _rules(options.rules)
        try:
            source = read_source(Path(path))
        except SourceError as error:
            self.tally.errors.append(f"{path}: {error}")
            return
        try:
            current = self._decide(path, source.text)
        except Quit as quit_:  # write what was accepted, then stop
            self._write(source, quit_.args[0])
            raise
        # Any other exception (Ctrl-C included) leaves the file untouched.
        self._write(source, current)

    def _write(self, source: SourceFile, text: str) -> None:
        if text == source.text:
            return
        if read_source(source.path).text != source.text:
            self.tally.errors.append(f"{source.path}: changed on disk during the review; not written")
            return
        write_atomic(source.path, source.encode(text))

    def _decide(self, path: str, current: str) -> str:
        # (code, flagged text) -> how many such findings, in file order, were rejected
        rejected: Counter = Counter()
        while True:
            try:
                ctx, findings = detect(current, self.rules, path, self.options.traces)
            except Exception as error:  # the file does not parse
                self.tally.errors.append(f"{path}: cannot parse: {error}")
                return current
            seen: Counter = Counter()
            pending: list[Finding] = []
            for finding in findings:
                if not self._offered(path, finding, current):
                    continue
                key = (finding.code, _flagged_text(current, finding))
                seen[key] += 1
                if seen[key] > rejected[key]:
                    pending.append((key, finding))
            if not pending:
                return current
            key, finding = pending[0]
            offered = self._offered(path, finding, current)
            lines = source_lines(current)
            chosen = self.verdicts.get((path, finding.code, lines[finding.line - 1].strip() if 0 < finding.line <= len(lines) else "", "chosen"), 0)
            index = chosen if chosen in offered else offered[0]
            while True:  # a number shows another candidate
                try:
                    proposed = apply_one(ctx, finding, self.options.target_version, fix=finding.candidates[index])
                except FixError as error:
                    self.tally.errors.append(f"{path}:{finding.line}: {error}")
                    proposed = None
                    break
                if finding.code in self.auto_codes:
                    answer = "y"
                    break
                self._show(path, finding, current, proposed, index)
                answer = self._ask(len(finding.candidates))
                if not answer.isdigit():
                    break
                if int(answer) - 1 in offered:
                    index = int(answer) - 1
                else:
                    self.console.print(f"candidate {answer} is unsafe and was not confirmed by execution: add --unsafe-fixes to apply it")
            if proposed is None:
                rejected[key] += 1
                continue
            if answer == "e":
                edited = self._edit(proposed)
                if edited is None:
                    continue
                proposed, answer = edited, "y"
            if answer == "a":
                self.auto_codes.add(finding.code)
                answer = "y"
            if answer == "y":
                self.tally.accepted[(path, finding.code)] += 1
                current = proposed
            elif answer == "n":
                self.tally.rejected[(path, finding.code)] += 1
                rejected[key] += 1
            else:  # d or q: the rest of this file is skipped
                for _, other in pending:
                    self.tally.skipped[(path, other.code)] += 1
                if answer == "q":
                    raise Quit(current)
                return current


def _flagged_text(text: str, finding: Finding) -> str:
    lines = source_lines(text)[finding.line - 1 : finding.end_line]
    if not lines:
        return ""
    lines[-1] = lines[-1][: finding.end_column - 1]
    lines[0] = lines[0][finding.column - 1 :]
    return "\n".join(lines)


def review(
    files: Sequence[tuple[str, Options]],
    console: Console,
    read_answer: Callable[[], str | None],
    verdicts: dict | None = None,
) -> Tally:
    """Review every fix in ``files`` (each with the options its configuration
    gives); returns the decisions. ``q`` stops early. ``verdicts`` (path, or
    ``(path, code, stripped source line)`` for one fix, → text) come from
    ``--verify`` and are shown in each header."""
    reviewer = Reviewer(console, read_answer, verdicts)
    try:
        for path, options in files:
            reviewer.review_file(path, options)
    except Quit:
        pass
    return reviewer.tally
