"""What the run saw, applied to static findings (``check``/``fix --traces``).

A finding is ``confirmed`` when its line ran while TensorFlow traced a function
(the observed traced scope) or a trace-time event happened there. Events no
finding covers (a helper in another module, a Keras layer built in a traced
loss, a rebound global) become findings of the rule that covers them, at the
user's line, reported without a fix. No TensorFlow here.
"""

from __future__ import annotations

from typing import Callable

from tfautofix.rule import Finding
from tfautofix.tracing.explain import EVENT_RULES
from tfautofix.tracing.log import TraceLog


def observed(findings: list[Finding], lines: list[str], path: str, traces: TraceLog, codes: set[str],
             intended: Callable[[str, int], bool] = lambda code, line: False) -> list[Finding]:
    """``findings`` with the confirmed ones marked, plus the run-time-only hazards of rules in
    ``codes``, except those the rule leaves alone on purpose (``intended(code, line)``)."""
    from tfautofix.codemods import rule_by_code

    ran = traces.lines_run(path)
    events = traces.events_in(path)
    at = {event["line"] for _, event in events}
    for finding in findings:
        if finding.line in ran or finding.line in at:
            finding.confirmed = True
    covered = {(f.code, f.line) for f in findings}
    added: dict[tuple[str, int], Finding] = {}
    for function, event in events:
        code = EVENT_RULES.get(event["kind"])
        line = event["line"]
        if code not in codes or (code, line) in covered or (code, line) in added or not 0 < line <= len(lines):
            continue
        if intended(code, line):
            continue
        text = lines[line - 1].rstrip("\r\n")
        column = len(text) - len(text.lstrip()) + 1
        added[(code, line)] = Finding(
            code, rule_by_code(code).name,
            f"seen at run time while tracing `{function}`: {event.get('detail', event['kind'])}",
            line, column, line, len(text) + 1, path=path, confirmed=True,
        )
    return sorted([*findings, *added.values()], key=lambda f: (f.line, f.column, f.code))
