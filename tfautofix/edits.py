"""Applying a fix's edits to a LibCST tree (the one LibCST piece the rules and the engine share)."""

from __future__ import annotations

from typing import Mapping

import libcst as cst

from tfautofix.rule import Edit


class ApplyEdits(cst.CSTTransformer):
    """Apply ``{original node: Edit}``; nested edits compose bottom-up."""

    def __init__(self, edits: Mapping[cst.CSTNode, Edit]) -> None:
        super().__init__()
        self.edits = edits

    def on_leave(self, original_node, updated_node):
        edit = self.edits.get(original_node)
        if edit is None:
            return updated_node
        return edit(updated_node) if callable(edit) else edit


def keep_comments(replaced: list, statements: list) -> list:
    """``statements`` replacing the nodes ``replaced``, with the comments of those they dropped
    (on an ``if``/``while`` line, after a statement now in a lambda) as lines above the first:
    a fix rewrites code, never the user's comments."""
    comments: list[str] = []

    class Comments(cst.CSTVisitor):
        def visit_Comment(self, comment: cst.Comment) -> None:
            comments.append(comment.value)

    for node in replaced:
        node.visit(Comments())
    kept = "".join(cst.Module([]).code_for_node(statement) for statement in statements)
    dropped = [c for i, c in enumerate(comments) if kept.count(c) < comments[: i + 1].count(c)]
    if not dropped:
        return statements
    lines = [*statements[0].leading_lines, *(cst.EmptyLine(comment=cst.Comment(c)) for c in dropped)]
    return [statements[0].with_changes(leading_lines=lines), *statements[1:]]
