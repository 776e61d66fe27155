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
