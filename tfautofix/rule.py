"""What a rule is: metadata, a detector yielding findings, and optional fixes.

A rule lives in one module under ``tfautofix/codemods/`` and subclasses
:class:`Rule`. The registry (``tfautofix.codemods.all_rules``) finds it there.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, ClassVar, Iterator, Literal, Mapping, Sequence, Union

from tfautofix.analysis.names import ImportSpec

if TYPE_CHECKING:  # LibCST only for annotations: a run served from the cache never imports it
    import libcst as cst

    from tfautofix.analysis.context import FileContext
    from tfautofix.analysis.facts import Evidence, Fact
    from tfautofix.screen import Screen, Site

Applicability = Literal["safe", "unsafe"]
#: How a fix is checked by execution (see PRODUCT.md, "eager is the oracle").
Contract = Literal["exact", "distribution", "side-effect"]

#: An edit replaces one node of the original tree. A callable receives the node
#: as already rewritten by edits nested inside it, so nested edits compose.
Replacement = Union["cst.CSTNode", "cst.RemovalSentinel", "cst.FlattenSentinel"]
Edit = Union[Replacement, Callable[["cst.CSTNode"], Replacement]]


@dataclass(frozen=True)
class Fix:
    edits: Mapping[cst.CSTNode, Edit]
    applicability: Applicability = "safe"
    imports: tuple[ImportSpec, ...] = ()
    #: The facts the fix relies on that are not known (closed world): why it is unsafe.
    unknown: tuple[str, ...] = ()
    #: What distinguishes this rewrite from the finding's other candidates (``dtype=tf.float32``).
    label: str = ""


@dataclass
class Finding:
    code: str
    name: str
    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    fix: Fix | None = field(default=None, repr=False, compare=False)
    #: Other plausible rewrites of the same hazard, tried by execution (``fix --verify``) when
    #: ``fix`` is not confirmed; without execution only ``fix`` is ever written.
    alternatives: tuple[Fix, ...] = field(default=(), repr=False, compare=False)
    path: str = ""
    #: Set by ``fix --verify`` (``tfautofix.verify.Verdict``); in the JSON only then.
    verdict: object | None = field(default=None, repr=False, compare=False)
    #: Which of ``candidates`` is applied (0: ``fix``): execution keeps the first the oracle confirms.
    chosen: int = field(default=0, compare=False)
    #: Set by ``fix --verify`` for a finding with alternatives: each candidate's verdict (None: not run).
    verdicts: tuple = field(default=(), repr=False, compare=False)
    cell: int | None = None  # 1-based cell number when ``path`` is a notebook (lines count within the cell)
    #: The run recorded with ``--traces`` executed this line at trace time (or saw the hazard there).
    confirmed: bool = field(default=False, compare=False)

    @property
    def candidates(self) -> tuple[Fix, ...]:
        """``fix`` and its alternatives, in the order execution tries them."""
        return (self.fix, *self.alternatives) if self.fix is not None else ()

    @property
    def chosen_fix(self) -> Fix | None:
        """The candidate that is (or would be) applied."""
        return self.candidates[self.chosen] if self.chosen < len(self.candidates) else self.fix

    def _fix_json(self) -> dict | None:
        fix = self.chosen_fix
        if fix is None:
            return None
        data = {"applicability": fix.applicability, **({"unknown": list(fix.unknown)} if fix.unknown else {})}
        if self.alternatives:
            data["label"] = fix.label
            data["candidates"] = [
                {"label": c.label, "applicability": c.applicability, **({"unknown": list(c.unknown)} if c.unknown else {}),
                 **({"verdict": v.kind, "verdict_detail": v.detail} if (v := self._candidate_verdict(i)) is not None else {}),
                 "chosen": i == self.chosen}
                for i, c in enumerate(self.candidates)
            ]
        return data

    def _candidate_verdict(self, index: int):
        return self.verdicts[index] if index < len(self.verdicts) else None

    def to_json(self) -> dict:
        cell = {} if self.cell is None else {"cell": self.cell}
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "fix": self._fix_json(),
            **({} if self.verdict is None else {"verdict": self.verdict.kind, "verdict_detail": self.verdict.detail}),
            **cell,
            **({"confirmed": True} if self.confirmed else {}),
        }


class Rule:
    """Base class of every rule. Subclasses set the class attributes and ``check`` (or ``detect``)."""

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    #: Applicability of the rule's fixes ("display-only" when it never fixes).
    fixable: ClassVar[Literal["safe", "unsafe", "display-only"]] = "safe"
    contract: ClassVar[Contract] = "exact"
    #: False for rules whose hazard is not a behaviour difference (e.g. a deprecation).
    changes_behaviour: ClassVar[bool] = True
    #: Golden cases also run with tf-keras (TF_USE_LEGACY_KERAS=1): the fix generates Keras code.
    legacy_keras: ClassVar[bool] = False
    #: When set, golden rewrites must trace each of their functions at most this often.
    max_traces: ClassVar[int | None] = None
    #: Markdown documentation: why it matters, what the fix does, its limits.
    docs: ClassVar[str]
    before: ClassVar[str]
    after: ClassVar[str]
    #: Cheap screen: the rule can only fire on files containing one of these strings.
    triggers: ClassVar[tuple[str, ...]]
    #: The rule can only report from a trace log (``--traces``).
    needs_traces: ClassVar[bool] = False
    #: What a fix's equivalence depends on (closed world): a fix is safe only when the rule
    #: established every one of them (``tfautofix.analysis.facts``); shown by ``rules CODE``.
    facts: ClassVar[tuple[Fact, ...]] = ()

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        raise NotImplementedError

    def detect(self, screen: Screen) -> Iterator[Finding]:
        """Findings straight from the builtin ``ast`` (the screen and its traced-code model),
        instead of ``prescreen`` and ``check``: a rule that fixes nothing needs no LibCST
        (``self.finding(screen, ast_node, ...)`` gives LibCST's positions)."""
        raise NotImplementedError

    def intended_at(self, tree: ast.Module, text: str, line: int) -> bool:
        """Is what a recorded run saw at ``line`` something this rule leaves alone on purpose?
        Then ``check --traces`` adds no finding for it, as plain ``check`` reports none."""
        return False

    @property
    def ast_only(self) -> bool:
        """Does the rule implement ``detect`` (and need no LibCST)?"""
        return type(self).detect is not Rule.detect

    def finding(
        self,
        ctx: FileContext | Screen,
        node: cst.CSTNode | ast.AST,
        message: str,
        fix: Fix | None = None,
        alternatives: Sequence[Fix] = (),
    ) -> Finding:
        start, end = ctx.span(node)
        return Finding(
            code=self.code,
            name=self.name,
            message=message,
            line=start[0],
            column=start[1],
            end_line=end[0],
            end_column=end[1],
            fix=fix,
            alternatives=tuple(alternatives),
        )

    def closed_fix(
        self, edits: Mapping, evidence: Mapping[str, Evidence], imports: tuple[ImportSpec, ...] = (), label: str = ""
    ) -> Fix:
        """A fix that is ``safe`` only when ``evidence`` establishes every fact in ``self.facts``;
        else ``unsafe``, naming the unknown facts (``Fix.unknown``, ``unsafe_note``)."""
        from tfautofix.analysis.facts import unknown_facts

        missing = tuple(unknown_facts(self.facts, evidence))
        return Fix(edits, "unsafe" if missing else "safe", imports, missing, label)

    @staticmethod
    def unsafe_note(fix: Fix | None) -> str:
        """`` (unsafe fix: not known: ...)`` for a message, or ``""``."""
        return f" (unsafe fix: not known: {'; '.join(fix.unknown)})" if fix is not None and fix.unknown else ""

    def screen(self, source: str) -> bool:
        return any(trigger in source for trigger in self.triggers)

    def prescreen(self, screen: Screen) -> bool | Sequence[Site]:
        """Can the rule fire on this file? Asked of the builtin ``ast`` before LibCST
        parses anything (tfautofix/screen.py): it may say yes wrongly, never no.

        A rule whose findings depend only on the code around them (and the traced
        code reaching them) answers with the sites they can be at instead of True:
        ``check`` then lets LibCST see only the definitions that hold them.
        """
        return True
