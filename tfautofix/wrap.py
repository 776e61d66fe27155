"""Generated lines wrapped to the file's line length, the way a formatter would.

A fix that rewrites ``print(x)`` into ``tf.print(...)`` can make a line longer than
the project allows (``[tool.ruff]``/``[tool.black]`` ``line-length`` of the nearest
``pyproject.toml``, else 88). :func:`wrap_changed` re-emits such a statement with
the arguments of its longest call one per line (black's style, with a trailing
comma), then does the same for any argument still too long. Only one-line
statements that the fixes changed or inserted are touched; calls inside f-strings
and a call whose only argument is a bare generator are left as they are.
"""

from __future__ import annotations

import difflib
import functools
import tomllib
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

DEFAULT_LINE_LENGTH = 88


def line_length(path: str) -> int:
    """The line length of the project ``path`` is in (default 88)."""
    if path in ("<string>", "-"):
        return DEFAULT_LINE_LENGTH
    return _configured(Path(path).resolve().parent)


@functools.lru_cache(maxsize=64)
def _configured(directory: Path) -> int:
    for folder in (directory, *directory.parents):
        pyproject = folder / "pyproject.toml"
        if not pyproject.is_file():
            continue
        try:
            tool = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return DEFAULT_LINE_LENGTH
        for section in ("ruff", "black"):
            value = tool.get(section, {}).get("line-length")
            if isinstance(value, int) and value > 0:
                return value
        return DEFAULT_LINE_LENGTH
    return DEFAULT_LINE_LENGTH


def wrap_changed(original: str, fixed: str, limit: int) -> str:
    """``fixed`` with its too-long lines that are not in ``original`` wrapped where that is safe."""
    new = fixed.splitlines(keepends=True)
    changed = _changed_long_lines(original, new, limit)
    if not changed:
        return fixed
    for line in sorted(changed, reverse=True):  # a comment line of its own: split between words
        if new[line].lstrip().startswith("#"):
            new[line : line + 1] = _comment_lines(new[line], limit)
    module = cst.parse_module("".join(new))
    lines = {line + 1 for line in _changed_long_lines(original, new, limit)}
    text = [line.rstrip("\r\n") for line in new]
    return MetadataWrapper(module).visit(_Wrap(lines, text, limit, module.default_indent)).code


def _changed_long_lines(original: str, new: list[str], limit: int) -> set[int]:
    """The indices of the lines of ``new`` longer than ``limit`` that ``original`` does not have there."""
    matcher = difflib.SequenceMatcher(None, original.splitlines(keepends=True), new, autojunk=False)
    return {
        line
        for tag, _, _, start, end in matcher.get_opcodes()
        if tag != "equal"
        for line in range(start, end)
        if len(new[line].rstrip("\r\n").expandtabs()) > limit
    }


def _comment_lines(line: str, limit: int) -> list[str]:
    prefix = line[: len(line) - len(line.lstrip())] + "# "
    ending = line[len(line.rstrip("\r\n")) :]
    words = line.strip()[1:].split()
    out = [prefix]
    for word in words:
        if out[-1] != prefix and len((out[-1] + " " + word).expandtabs()) > limit:
            out.append(prefix)
        out[-1] += word if out[-1] == prefix else " " + word
    return [text + ending for text in out]


class _Wrap(cst.CSTTransformer):
    """Wraps the one-line statements, decorators and bracket elements that start one of ``lines``."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, lines: set[int], text: list[str], limit: int, unit: str) -> None:
        super().__init__()
        self.lines, self.text, self.limit, self.unit = lines, text, limit, unit

    def _prefix(self, node: cst.CSTNode) -> str | None:
        """The line's indentation if ``node`` is all of one of the lines to wrap, else None."""
        position = self.get_metadata(PositionProvider, node)
        line = position.start.line
        if line not in self.lines or position.end.line != line:
            return None
        text = self.text[line - 1]
        prefix = text[: len(text) - len(text.lstrip())]
        return prefix if position.start.column == len(prefix) else None

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine):
        prefix = self._prefix(original)
        if prefix is None or len(updated.body) != 1:
            return updated
        wrapped = _wrap(updated.body[0], prefix, 0, self.unit, self.limit)
        return updated if wrapped is None else updated.with_changes(body=[wrapped])

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        prefix = self._prefix(original)
        wrapped = None if prefix is None else _wrap(updated.decorator, prefix, 0, self.unit, self.limit)
        return updated if wrapped is None else updated.with_changes(decorator=wrapped)

    def _element(self, original, updated):
        prefix = self._prefix(original)
        wrapped = None if prefix is None else _wrap(updated.value, prefix, 0, self.unit, self.limit)
        return updated if wrapped is None else updated.with_changes(value=wrapped)

    leave_Arg = leave_Element = leave_DictElement = _element


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _wrap(node: cst.CSTNode, prefix: str, depth: int, unit: str, limit: int) -> cst.CSTNode | None:
    """``node`` split over lines like black, or None when there is nothing to split.

    A comprehension's brackets take a line of their own; the operands of a top-level ``+``/``and``/... chain of a statement go one per line
    inside new parentheses; otherwise the longest outermost call's arguments go on a
    line of their own, or one per line (recursively) when they do not fit on one.
    """
    value = getattr(node, "value", None)
    if isinstance(node, cst.BaseSmallStatement) and isinstance(value, (cst.BinaryOperation, cst.BooleanOperation)) and not value.lpar:
        return node.with_changes(value=_split_operators(value, prefix, depth, unit, limit))
    if isinstance(node, cst.BaseSmallStatement) and isinstance(value, (cst.ListComp, cst.SetComp, cst.DictComp)):
        inner, outer = _newline(prefix + unit * (depth + 1)), _newline(prefix + unit * depth)
        opening, closing = ("lbracket", "rbracket") if isinstance(value, cst.ListComp) else ("lbrace", "rbrace")
        return node.with_changes(value=value.with_changes(**{
            opening: getattr(value, opening).with_changes(whitespace_after=inner),
            closing: getattr(value, closing).with_changes(whitespace_before=outer),
        }))
    brackets = _outermost_brackets(node)
    if not brackets:
        return None
    bracket = max(brackets, key=lambda c: len(_code(c)))
    inner, outer = prefix + unit * (depth + 1), prefix + unit * depth
    width = len(inner.expandtabs())
    items = _items(bracket)
    if width + len("".join(_code(item) for item in items)) <= limit:  # the items fit on one line of their own
        *first, last = items
        if isinstance(last.comma, cst.Comma):
            last = last.with_changes(comma=last.comma.with_changes(whitespace_after=_newline(outer)))
            return node.deep_replace(bracket, _rebuilt(bracket, [*first, last], _newline(inner), None))
        return node.deep_replace(bracket, _rebuilt(bracket, [*first, last], _newline(inner), _newline(outer)))
    exploded = []
    for index, item in enumerate(items):
        if width + len(_code(item.with_changes(comma=cst.MaybeSentinel.DEFAULT))) + 1 > limit:
            value = _wrap(item.value, prefix, depth + 1, unit, limit)
            if value is not None:
                item = item.with_changes(value=value)
        after = _newline(outer if index == len(items) - 1 else inner)
        exploded.append(item.with_changes(comma=cst.Comma(whitespace_after=after)))
    return node.deep_replace(bracket, _rebuilt(bracket, exploded, _newline(inner), cst.SimpleWhitespace("")))


def _items(bracket: cst.Call | cst.List | cst.Tuple) -> list:
    return list(bracket.args if isinstance(bracket, cst.Call) else bracket.elements)


def _rebuilt(bracket, items: list, opening, closing) -> cst.BaseExpression:
    """``bracket`` with ``items``, ``opening`` after its opening bracket and ``closing`` (if any) before its closing one."""
    if isinstance(bracket, cst.Call):
        if closing is not None:
            items[-1] = items[-1].with_changes(whitespace_after_arg=closing)
        return bracket.with_changes(whitespace_before_args=opening, args=items)
    if isinstance(bracket, cst.List):
        close = bracket.rbracket if closing is None else bracket.rbracket.with_changes(whitespace_before=closing)
        return bracket.with_changes(elements=items, lbracket=bracket.lbracket.with_changes(whitespace_after=opening), rbracket=close)
    lpar, rpar = list(bracket.lpar), list(bracket.rpar)  # a parenthesized tuple: its innermost parentheses
    lpar[-1] = lpar[-1].with_changes(whitespace_after=opening)
    if closing is not None:
        rpar[0] = rpar[0].with_changes(whitespace_before=closing)
    return bracket.with_changes(elements=items, lpar=lpar, rpar=rpar)


_PRIORITY = (
    (cst.Or,), (cst.And,), (cst.BitOr,), (cst.BitXor,), (cst.BitAnd,), (cst.LeftShift, cst.RightShift),
    (cst.Add, cst.Subtract), (cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.MatrixMultiply),
)


def _split_operators(value, prefix: str, depth: int, unit: str, limit: int) -> cst.BaseExpression:
    """``(a\n + b\n - c)``: each operand of the chain of ``value``'s priority on its own line."""
    group = next((g for g in _PRIORITY if isinstance(value.operator, g)), (type(value.operator),))
    inner, outer = prefix + unit * (depth + 1), prefix + unit * depth
    width = len(inner.expandtabs())

    def operand(node: cst.BaseExpression, extra: int) -> cst.BaseExpression:
        if width + extra + len(_code(node)) <= limit:
            return node
        wrapped = _wrap(node, prefix, depth + 1, unit, limit)
        return node if wrapped is None else wrapped

    def split(node: cst.BaseExpression) -> cst.BaseExpression:
        if not isinstance(node, type(value)) or node.lpar or not isinstance(node.operator, group):
            return operand(node, 0)
        operator = node.operator.with_changes(whitespace_before=_newline(inner))
        right = operand(node.right, len(_code(operator).strip()) + 1)
        return node.with_changes(left=split(node.left), operator=operator, right=right)

    return split(value).with_changes(
        lpar=[cst.LeftParen(whitespace_after=_newline(inner))], rpar=[cst.RightParen(whitespace_before=_newline(outer))]
    )


def _newline(indent: str) -> cst.ParenthesizedWhitespace:
    return cst.ParenthesizedWhitespace(indent=False, last_line=cst.SimpleWhitespace(indent))


def _outermost_brackets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The calls, lists and parenthesized tuples in ``node`` that can be split over lines: not
    inside another of them, an f-string or a comprehension."""
    found: list[cst.BaseExpression] = []

    class Visitor(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> bool:
            bare_generator = len(call.args) == 1 and isinstance(call.args[0].value, cst.GeneratorExp) and not call.args[0].value.lpar
            if call.args and not bare_generator:
                found.append(call)
                return False
            return True

        def visit_List(self, node: cst.List) -> bool:
            if node.elements and not any(isinstance(e, cst.StarredElement) for e in node.elements):
                found.append(node)
                return False
            return True

        def visit_Tuple(self, node: cst.Tuple) -> bool:
            if node.lpar and node.elements and not any(isinstance(e, cst.StarredElement) for e in node.elements):
                found.append(node)
                return False
            return True

        def visit_FormattedString(self, _: cst.FormattedString) -> bool:
            return False

        def visit_ListComp(self, _: cst.ListComp) -> bool:  # black splits the brackets, not a call inside
            return False

        visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_ListComp

    node.visit(Visitor())
    return found
