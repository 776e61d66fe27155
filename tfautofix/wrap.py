"""Generated lines wrapped to the file's line length, the way ``ruff format`` would.

A fix that rewrites ``print(x)`` into ``tf.print(...)`` can make a line longer than
the project allows (``[tool.ruff]``/``[tool.black]`` ``line-length`` of the nearest
``pyproject.toml``, else 88). :func:`wrap_changed` re-emits such a statement as
ruff format does: the arguments of its longest call on a line of their own or one per
line (with a trailing comma), the items of a collection one per line, comprehension
clauses one per line, then the same for any part still too long. An operator chain is
split at its own brackets without new parentheses (``a + [\n    b\n]``) where ruff
omits them (one operator at the chain's loosest precedence, a bracket at its end or
start: ruff's ``can_omit_optional_parentheses``), else one operand per line in new
parentheses (``and``/``or`` as one chain). Only lines the fixes changed or inserted are
touched: one-line statements, ``def``/``if``/``elif``/``while``/``for``/``with`` headers,
and, inside a multi-line statement, a line that one argument, element or operand fills
alone, or that holds all of a bracket's items (a line with a comment or with part of a
bracket's items is left as it is). A function a fix inserts in a block gets a blank line
before and after it; calls inside f-strings and subscripts are not split.
"""

from __future__ import annotations

import bisect
import difflib
import functools
import re
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
    """``fixed`` with its too-long lines that are not in ``original`` wrapped where that is
    safe, and a blank line around each nested function or class a fix inserted."""
    fixed = _spaced(original, fixed)
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
    return {line for line in _changed_lines(original, new) if len(new[line].rstrip("\r\n").expandtabs()) > limit}


def _changed_lines(original: str, new: list[str]) -> set[int]:
    """The indices of the lines of ``new`` that ``original`` does not have there."""
    old = original.splitlines(keepends=True)
    matched: set[int] = set()
    _match(old, new, 0, len(old), 0, len(new), matched)
    return set(range(len(new))) - matched


def _match(old: list[str], new: list[str], alo: int, ahi: int, blo: int, bhi: int, matched: set[int]) -> None:
    """Add to ``matched`` the lines of ``new[blo:bhi]`` that ``old[alo:ahi]`` has there. A patience
    diff: the same ends are matched, then the lines found once on each side anchor the rest, in
    order, and only what lies between anchors goes to difflib's matcher, which is quadratic on a
    file of many alike functions (every ``print(y)`` rewritten in 300 of them: 30 s, now ms)."""
    while alo < ahi and blo < bhi and old[alo] == new[blo]:
        matched.add(blo)
        alo, blo = alo + 1, blo + 1
    while alo < ahi and blo < bhi and old[ahi - 1] == new[bhi - 1]:
        matched.add(bhi - 1)
        ahi, bhi = ahi - 1, bhi - 1
    if alo == ahi or blo == bhi:
        return
    anchors = _unique_in_order(old, new, alo, ahi, blo, bhi)
    if not anchors:
        matcher = difflib.SequenceMatcher(None, old[alo:ahi], new[blo:bhi], autojunk=False)
        matched.update(blo + j + k for _, j, size in matcher.get_matching_blocks() for k in range(size))
        return
    for i, j in [*anchors, (ahi, bhi)]:
        _match(old, new, alo, i, blo, j, matched)
        if i < ahi:
            matched.add(j)
        alo, blo = i + 1, j + 1


def _unique_in_order(old: list[str], new: list[str], alo: int, ahi: int, blo: int, bhi: int) -> list[tuple[int, int]]:
    """The lines found exactly once in each range, as ``(old index, new index)`` pairs: the longest
    run of them that keeps its order on both sides."""
    def once(lines: list[str], lo: int, hi: int) -> dict[str, int]:
        seen: dict[str, int] = {}
        for index in range(lo, hi):
            seen[lines[index]] = -1 if lines[index] in seen else index
        return {line: index for line, index in seen.items() if index >= 0}

    in_new = once(new, blo, bhi)
    pairs = [(i, in_new[line]) for line, i in once(old, alo, ahi).items() if line in in_new]
    pairs.sort()
    # the longest increasing run of new indices (patience sorting)
    tops: list[int] = []  # per run length, the pair ending the run with the smallest new index
    ends: list[int] = []  # those new indices
    back: list[int] = []
    for k, (_, j) in enumerate(pairs):
        place = bisect.bisect_left(ends, j)
        back.append(tops[place - 1] if place else -1)
        if place == len(tops):
            tops.append(k)
            ends.append(j)
        else:
            tops[place], ends[place] = k, j
    run, k = [], tops[-1] if tops else -1
    while k >= 0:
        run.append(pairs[k])
        k = back[k]
    return run[::-1]


def _spaced(original: str, fixed: str) -> str:
    """``fixed`` with a blank line before and after each function or class whose ``def``
    line a fix wrote in a block (``_true_fn``, a hoisted ``@tf.function``), as ruff format wants."""
    new = fixed.splitlines(keepends=True)
    changed = {line + 1 for line in _changed_lines(original, new)}
    if not any(new[line - 1].lstrip().startswith(("def ", "async def ", "class ")) for line in changed):
        return fixed
    return MetadataWrapper(cst.parse_module(fixed)).visit(_Space(changed)).code


class _Space(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, lines: set[int]) -> None:
        super().__init__()
        self.lines = lines

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body = list(updated.body)
        for index, statement in enumerate(original.body):
            if not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                continue
            if self.get_metadata(PositionProvider, statement.name).start.line not in self.lines:
                continue  # its `def` line is the file's own (a fix may have changed a decorator)
            for neighbour in (index, index + 1) if index > 0 else (index + 1,):
                if neighbour < len(body):
                    body[neighbour] = _blank_before(body[neighbour])
        return updated.with_changes(body=body)


def _blank_before(statement: cst.BaseStatement) -> cst.BaseStatement:
    """``statement`` with a blank line before it (and before its comments) unless it has one."""
    lines = list(statement.leading_lines)
    if any(line.comment is None for line in lines):
        return statement
    return statement.with_changes(leading_lines=[cst.EmptyLine(indent=False), *lines])


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
    """Wraps the one-line statements, headers, decorators and the lines inside multi-line
    statements that are one of ``lines``."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, lines: set[int], text: list[str], limit: int, unit: str) -> None:
        super().__init__()
        self.lines, self.text, self.limit, self.unit = lines, text, limit, unit

    def _indentation(self, line: int) -> str:
        text = self.text[line - 1]
        return text[: len(text) - len(text.lstrip())]

    def _prefix(self, node: cst.CSTNode) -> str | None:
        """The line's indentation if ``node`` is all of one of the lines to wrap, else None."""
        position = self.get_metadata(PositionProvider, node)
        line = position.start.line
        if line not in self.lines or position.end.line != line:
            return None
        prefix = self._indentation(line)
        return prefix if position.start.column == len(prefix) else None

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine):
        prefix = self._prefix(original)
        if prefix is None or len(updated.body) != 1:
            return updated
        statement, value = updated.body[0], getattr(updated.body[0], "value", None)
        split = None if value is None else self._without_parentheses(original.body[0].value, value, prefix)
        wrapped = statement.with_changes(value=split) if split is not None else _wrap(statement, prefix, 0, self.unit, self.limit)
        if value is not None and not value.lpar and (wrapped is None or not self._fits(prefix, wrapped, first_only=True)):
            # `targets = call(` does not fit itself: the value goes in new parentheses (black's fallback)
            inner = value
            if len((prefix + self.unit).expandtabs()) + len(_code(value)) > self.limit:
                inner = _split_whole(value, prefix, 1, self.unit, self.limit) or _wrap(value, prefix, 1, self.unit, self.limit) or value
            candidate = statement.with_changes(value=inner.with_changes(
                lpar=[cst.LeftParen(whitespace_after=_newline(prefix + self.unit))], rpar=[cst.RightParen(whitespace_before=_newline(prefix))]
            ))
            wrapped = candidate if self._fits(prefix, candidate) else wrapped
        return updated if wrapped is None else updated.with_changes(body=[wrapped])

    def _fits(self, prefix: str, statement: cst.CSTNode, first_only: bool = False) -> bool:
        lines = _code(statement).split("\n")
        lines[0] = prefix + lines[0]
        return all(len(line.expandtabs()) <= self.limit for line in lines[: 1 if first_only else None])

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        """``def f(\n    a, b\n):``, or one parameter per line when they do not fit on one."""
        line = self.get_metadata(PositionProvider, original.name).start.line
        params = updated.params
        items = [*params.params, *([params.star_arg] if isinstance(params.star_arg, cst.Param) else []), *params.kwonly_params]
        items += [params.star_kwarg] if params.star_kwarg is not None else []
        if (
            line not in self.lines or not items or params.posonly_params or isinstance(params.star_arg, cst.ParamStar)
            or self.get_metadata(PositionProvider, original.params).end.line != line or not isinstance(original.body, cst.IndentedBlock)
        ):
            return updated
        prefix = self._indentation(line)
        inner, outer = prefix + self.unit, prefix
        plain = [item.with_changes(comma=cst.MaybeSentinel.DEFAULT, whitespace_after_param=cst.SimpleWhitespace("")) for item in items]
        if len(inner.expandtabs()) + len(", ".join(_code(item) for item in plain)) <= self.limit:
            commas = [cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")) for _ in plain[:-1]] + [cst.MaybeSentinel.DEFAULT]
            laid = [item.with_changes(comma=comma) for item, comma in zip(plain, commas)]
            laid[-1] = laid[-1].with_changes(whitespace_after_param=_newline(outer))
        else:
            laid = [item.with_changes(comma=cst.Comma(whitespace_after=_newline(inner))) for item in plain]
            laid[-1] = laid[-1].with_changes(comma=cst.Comma(whitespace_after=_newline(outer)))
        count = len(params.params)
        star = laid[count] if isinstance(params.star_arg, cst.Param) else params.star_arg
        start = count + isinstance(params.star_arg, cst.Param)
        kwonly = laid[start : start + len(params.kwonly_params)]
        new = params.with_changes(
            params=laid[:count], star_arg=star, kwonly_params=kwonly, star_kwarg=laid[-1] if params.star_kwarg is not None else None
        )
        return updated.with_changes(params=new, whitespace_before_params=_newline(inner))

    def _header_prefix(self, original: cst.CSTNode, body: cst.BaseSuite, *parts: cst.CSTNode) -> str | None:
        """The indentation of a compound statement's header when the header is all of one
        of the lines to wrap (and the body is on lines of its own), else None."""
        position = self.get_metadata(PositionProvider, original)
        line = position.start.line
        if line not in self.lines or not isinstance(body, cst.IndentedBlock):
            return None
        if any(self.get_metadata(PositionProvider, part).end.line != line for part in parts):
            return None
        prefix = self._indentation(line)
        return prefix if position.start.column == len(prefix) else None

    def _test(self, original, updated, field: str):
        """``if``/``elif``/``while``/``for`` with its condition (iterable) split like ruff: an
        operator chain at its own brackets where ruff omits the parentheses, else in new ones;
        anything else at its longest bracket."""
        prefix = self._header_prefix(original, original.body, getattr(original, field))
        if prefix is None:
            return updated
        value = getattr(updated, field)
        wrapped = (
            self._without_parentheses(getattr(original, field), value, prefix)
            or _split_whole(value, prefix, 0, self.unit, self.limit)
            or _wrap(value, prefix, 0, self.unit, self.limit)
        )
        return updated if wrapped is None else updated.with_changes(**{field: wrapped})

    def _without_parentheses(self, original: cst.BaseExpression, value: cst.BaseExpression, prefix: str) -> cst.BaseExpression | None:
        """ruff's omitted optional parentheses: ``a + [\n    b\n]`` rather than
        ``(\n    a\n    + [b]\n)`` when :func:`_omits_parentheses` and :func:`_omitted`
        fits; None when the chain goes in parentheses."""
        if not _operation(value) or not _omits_parentheses(value):
            return None
        position = self.get_metadata(PositionProvider, original)
        text = self.text[position.start.line - 1]
        return _omitted(value, text[: position.start.column], text[position.end.column :], prefix, self.unit, self.limit)

    def leave_If(self, original: cst.If, updated: cst.If):
        return self._test(original, updated, "test")

    def leave_While(self, original: cst.While, updated: cst.While):
        return self._test(original, updated, "test")

    def leave_For(self, original: cst.For, updated: cst.For):
        return self._test(original, updated, "iter")

    def leave_With(self, original: cst.With, updated: cst.With):
        """``with a(...) as b, c(...):``: the longest item split at its brackets."""
        prefix = self._header_prefix(original, original.body, *original.items)
        if prefix is None or isinstance(original.lpar, cst.LeftParen):
            return updated
        items = list(updated.items)
        index = max(range(len(items)), key=lambda i: len(_code(items[i].item)))
        wrapped = _wrap(items[index].item, prefix, 0, self.unit, self.limit)
        if wrapped is None:
            return updated
        items[index] = items[index].with_changes(item=wrapped)
        return updated.with_changes(items=items)

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        prefix = self._prefix(original)
        wrapped = None if prefix is None else _wrap(updated.decorator, prefix, 0, self.unit, self.limit)
        return updated if wrapped is None else updated.with_changes(decorator=wrapped)

    def _alone(self, node: cst.CSTNode, opening: str = "") -> str | None:
        """The indentation of the line to wrap that ``node`` fills alone inside brackets (after
        ``opening``, an operator at the line's start; before a comma or a comment), else None."""
        position = self.get_metadata(PositionProvider, node)
        line = position.start.line
        if line not in self.lines or position.end.line != line:
            return None
        prefix, text = self._indentation(line), self.text[line - 1]
        rest = text[position.end.column :].strip().removeprefix(",").strip()
        if text[len(prefix) : position.start.column].strip() != opening.strip() or rest[:1] not in ("", "#"):
            return None
        return prefix

    def _in_line(self, original: cst.BaseExpression, updated: cst.BaseExpression, opening: str = "") -> cst.BaseExpression:
        prefix = self._alone(original, opening)
        return updated if prefix is None else _wrap(updated, prefix, 0, self.unit, self.limit) or updated

    def _element(self, original, updated):
        """An argument, element or ``key: value`` alone on a line of a multi-line statement."""
        prefix = self._alone(original)
        wrapped = None if prefix is None else _wrap(updated.value, prefix, 0, self.unit, self.limit)
        return updated if wrapped is None else updated.with_changes(value=wrapped)

    leave_Arg = leave_Element = leave_DictElement = _element

    def _held(self, original: cst.CSTNode, first: cst.CSTNode, last: cst.CSTNode) -> str | None:
        """The indentation of the bracket ``original``'s closing line when all it holds (``first``
        to ``last``) fills one of the lines to wrap alone, its closing bracket starting the next line."""
        start, end = self.get_metadata(PositionProvider, first).start, self.get_metadata(PositionProvider, last).end
        line, closing = start.line, self.get_metadata(PositionProvider, original).end
        if line not in self.lines or end.line != line or closing.line != line + 1:
            return None
        if start.column != len(self._indentation(line)) or self.text[line - 1][end.column :].strip() not in ("", ","):
            return None  # something before it on its line, or a comment after it
        prefix = self._indentation(line + 1)
        return prefix if closing.column == len(prefix) + 1 else None

    def _bracket(self, original, updated):
        """A bracket whose items all fill one line of a multi-line statement: split as ruff does
        (one item alone on its line is :meth:`_element`'s)."""
        items = _items(original)
        generator = isinstance(original, cst.Call) and len(items) == 1 and isinstance(items[0].value, cst.GeneratorExp) and not items[0].value.lpar
        if (len(items) < 2 and not generator) or (isinstance(original, cst.Tuple) and not original.lpar):
            return updated
        prefix = None if any(isinstance(i, cst.StarredElement) for i in items) else self._held(original, items[0], items[-1])
        if prefix is None:
            return updated
        if generator:  # `f(x for x in y)`: the generator's clauses split, in the call's parentheses
            (argument,) = updated.args
            return updated.with_changes(args=[argument.with_changes(value=_split_comprehension(argument.value, prefix, 0, self.unit, self.limit))])
        return _explode(updated, updated, prefix, 0, self.unit, self.limit)

    leave_Call = leave_List = leave_Dict = leave_Set = leave_Tuple = _bracket

    def _comprehension(self, original, updated):
        """A comprehension whose element and clauses fill one line, or whose element fills one
        alone, in a multi-line statement: split as ruff does."""
        prefix = None if isinstance(original, cst.GeneratorExp) else self._held(original, original.elt, original.for_in)
        if prefix is not None:
            return _split_comprehension(updated, prefix, 0, self.unit, self.limit)
        return updated.with_changes(elt=self._in_line(original.elt, updated.elt))

    leave_ListComp = leave_SetComp = leave_GeneratorExp = _comprehension

    def _operands(self, original, updated):
        """An operand of a chain split one per line, alone on its line (after its operator)."""
        left = self._in_line(original.left, updated.left)
        right = self._in_line(original.right, updated.right, _code(original.operator))
        return updated.with_changes(left=left, right=right)

    leave_BinaryOperation = leave_BooleanOperation = _operands

    def leave_Comparison(self, original: cst.Comparison, updated: cst.Comparison):
        targets = [
            new.with_changes(comparator=self._in_line(old.comparator, new.comparator, _code(old.operator)))
            for old, new in zip(original.comparisons, updated.comparisons)
        ]
        return updated.with_changes(left=self._in_line(original.left, updated.left), comparisons=targets)


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _wrap(node: cst.CSTNode, prefix: str, depth: int, unit: str, limit: int) -> cst.CSTNode | None:
    """``node`` split over lines like black, or None when there is nothing to split.

    A statement's value that is an operator chain or a comprehension is split as a
    whole (:func:`_split_whole`); otherwise the longest outermost bracket's items go
    on a line of their own, or one per line (recursively) when they do not fit on one.
    """
    if isinstance(node, cst.Lambda):
        whole = _split_whole(node, prefix, depth, unit, limit)
        if whole is not None:
            return whole
    value = getattr(node, "value", None) if isinstance(node, cst.BaseSmallStatement) else None
    whole = None if value is None else _split_whole(value, prefix, depth, unit, limit)
    if whole is not None:
        return node.with_changes(value=whole)
    brackets = _outermost_brackets(node)
    if not brackets:
        return None
    bracket = max(brackets, key=lambda c: len(_code(c)))
    return _explode(node, _first_head_that_fits(node, bracket, prefix + unit * depth, limit), prefix, depth, unit, limit)


def _first_head_that_fits(node: cst.CSTNode, bracket: cst.BaseExpression, indent: str, limit: int) -> cst.BaseExpression:
    """In a chain of calls (``f(a)(x)``, ``f(a).g(x)``), the call ruff splits: the last whose line
    up to its opening bracket fits, omitting the short trailers after it (black's
    ``generate_trailers_to_omit``); the last call when none fits."""
    code, chain = _code(node), [bracket]
    while isinstance(chain[-1], cst.Call):
        inner = chain[-1].func.value if isinstance(chain[-1].func, cst.Attribute) else chain[-1].func
        if not isinstance(inner, cst.Call) or inner.lpar:
            break
        chain.append(inner)
    start = code.find(_code(bracket))
    if len(chain) == 1 or start < 0:
        return bracket
    for call in chain:
        head = code[:start] + _code(call.func) + "("
        if len(indent.expandtabs()) + len(head.splitlines()[-1] if "\n" in head else head) <= limit:
            return call
    return bracket


def _explode(node: cst.CSTNode, bracket: cst.BaseExpression, prefix: str, depth: int, unit: str, limit: int) -> cst.CSTNode:
    """``node`` with the arguments of the call ``bracket`` on a line of their own if they fit,
    else one per line; the items of a list, dict, set or tuple always one per line (as black);
    a comprehension or parenthesized expression on lines of its own."""
    if isinstance(bracket, _COMPREHENSIONS):
        return node.deep_replace(bracket, _split_comprehension(bracket, prefix, depth, unit, limit))
    if bracket.lpar and not isinstance(bracket, cst.Tuple):
        return node.deep_replace(bracket, _split_parenthesized(bracket, prefix, depth, unit, limit))
    inner, outer = prefix + unit * (depth + 1), prefix + unit * depth
    width = len(inner.expandtabs())
    items = _items(bracket)
    if isinstance(bracket, cst.Call) and width + len("".join(_code(item) for item in items)) <= limit:
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


def _items(bracket: cst.Call | cst.List | cst.Tuple | cst.Dict | cst.Set) -> list:
    return list(bracket.args if isinstance(bracket, cst.Call) else bracket.elements)


def _rebuilt(bracket, items: list, opening, closing) -> cst.BaseExpression:
    """``bracket`` with ``items``, ``opening`` after its opening bracket and ``closing`` (if any) before its closing one."""
    if isinstance(bracket, cst.Call):
        if closing is not None:
            items[-1] = items[-1].with_changes(whitespace_after_arg=closing)
        return bracket.with_changes(whitespace_before_args=opening, args=items)
    if isinstance(bracket, (cst.List, cst.Dict, cst.Set)):
        left, right = ("lbracket", "rbracket") if isinstance(bracket, cst.List) else ("lbrace", "rbrace")
        close = getattr(bracket, right)
        close = close if closing is None else close.with_changes(whitespace_before=closing)
        return bracket.with_changes(elements=items, **{left: getattr(bracket, left).with_changes(whitespace_after=opening), right: close})
    lpar, rpar = list(bracket.lpar), list(bracket.rpar)  # a parenthesized tuple: its innermost parentheses
    lpar[-1] = lpar[-1].with_changes(whitespace_after=opening)
    if closing is not None:
        rpar[0] = rpar[0].with_changes(whitespace_before=closing)
    return bracket.with_changes(elements=items, lpar=lpar, rpar=rpar)


def _split_whole(value: cst.BaseExpression, prefix: str, depth: int, unit: str, limit: int) -> cst.BaseExpression | None:
    """An operator chain one operand per line in new parentheses (a lambda's too), a tuple
    one element per line in new parentheses, or a comprehension split at its brackets; None
    for any other expression."""
    if _operation(value):
        return _split_operators(value, prefix, depth, unit, limit)
    if isinstance(value, cst.Tuple) and not value.lpar and not any(isinstance(e, cst.StarredElement) for e in value.elements):
        value = value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])  # `return a, b` -> `return (\n    a,\n    b,\n)`
        return _explode(value, value, prefix, depth, unit, limit)
    if isinstance(value, cst.Lambda) and _operation(value.body):
        return value.with_changes(body=_split_operators(value.body, prefix, depth, unit, limit))
    return _split_comprehension(value, prefix, depth, unit, limit) if isinstance(value, _COMPREHENSIONS) else None


_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp)


def _split_comprehension(value, prefix: str, depth: int, unit: str, limit: int) -> cst.BaseExpression:
    """A comprehension (or parenthesized generator) with its brackets on lines of their own; when
    it still does not fit, its element and each clause on a line of their own, the element split if too long."""
    inner, outer = prefix + unit * (depth + 1), prefix + unit * depth
    if len(inner.expandtabs()) + len(_code(value)) - 2 > limit:
        value = value.with_changes(for_in=_clauses(value.for_in, _newline(inner)))
        if not isinstance(value, cst.DictComp) and len(inner.expandtabs()) + len(_code(value.elt)) > limit:
            value = value.with_changes(elt=_wrap(value.elt, prefix, depth + 1, unit, limit) or value.elt)
    if isinstance(value, cst.GeneratorExp):  # a bare one is in its call's parentheses
        return _in_own_lines(value, inner, outer) if value.lpar else value
    opening, closing = ("lbracket", "rbracket") if isinstance(value, cst.ListComp) else ("lbrace", "rbrace")
    return value.with_changes(**{
        opening: getattr(value, opening).with_changes(whitespace_after=_newline(inner)),
        closing: getattr(value, closing).with_changes(whitespace_before=_newline(outer)),
    })


def _split_parenthesized(node: cst.BaseExpression, prefix: str, depth: int, unit: str, limit: int) -> cst.BaseExpression:
    """``(\n    content\n)``: what a pair of parentheses holds on lines of its own, split (an
    operator chain one operand per line) when it does not fit on one."""
    if isinstance(node, cst.GeneratorExp):
        return _split_comprehension(node, prefix, depth, unit, limit)
    inner, outer = prefix + unit * (depth + 1), prefix + unit * depth
    if len(inner.expandtabs()) + len(_code(node)) - 2 > limit:
        content = node.with_changes(lpar=[], rpar=[])
        if _operation(content):
            content = _split_chain(content, prefix, depth, unit, limit)
        else:
            content = _wrap(content, prefix, depth + 1, unit, limit) or content
        node = content.with_changes(lpar=node.lpar, rpar=node.rpar)
    return _in_own_lines(node, inner, outer)


def _in_own_lines(node: cst.BaseExpression, inner: str, outer: str) -> cst.BaseExpression:
    """``node`` with a line break after its outer opening parenthesis and before its closing one."""
    lpar, rpar = list(node.lpar), list(node.rpar)
    lpar[0] = lpar[0].with_changes(whitespace_after=_newline(inner))
    rpar[-1] = rpar[-1].with_changes(whitespace_before=_newline(outer))
    return node.with_changes(lpar=lpar, rpar=rpar)


def _clauses(clause: cst.CompFor, newline) -> cst.CompFor:
    """Every ``for`` and ``if`` of a comprehension on a line of its own."""
    inner = None if clause.inner_for_in is None else _clauses(clause.inner_for_in, newline)
    ifs = [condition.with_changes(whitespace_before=newline) for condition in clause.ifs]
    return clause.with_changes(whitespace_before=newline, ifs=ifs, inner_for_in=inner)


def _operation(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.BinaryOperation, cst.BooleanOperation, cst.Comparison)) and not node.lpar


def _omits_parentheses(value: cst.BaseExpression) -> bool:
    """ruff's ``can_omit_optional_parentheses``: the chain has brackets, at most one operator of
    its loosest precedence outside brackets, and ends in a non-empty bracket that is not a
    subscript or starts with a list, dict, set, comprehension or parenthesized expression."""
    seen = {"any": False, "loosest": 0, "count": 0, "first": None, "last": None}

    def operator(precedence: int, count: int = 1) -> None:
        if precedence > seen["loosest"]:
            seen["loosest"], seen["count"] = precedence, count
        elif precedence == seen["loosest"]:
            seen["count"] += count

    def visit(node: cst.BaseExpression) -> None:
        seen["last"] = node
        if getattr(node, "lpar", None):
            seen["any"] = True
        else:
            inside(node)
        seen["first"] = node if seen["first"] is None else seen["first"]

    def inside(node: cst.BaseExpression) -> None:
        if isinstance(node, (cst.List, cst.Dict, cst.Set, *_COMPREHENSIONS)):
            seen["any"] = True
        elif isinstance(node, (cst.Call, cst.Subscript)):
            seen["any"] = True
            visit(node.func if isinstance(node, cst.Call) else node.value)
            seen["last"] = node
        elif isinstance(node, cst.Attribute):
            visit(node.value)
            if _own_brackets(node.value) is not None:
                operator(_ATTRIBUTE)
            seen["last"] = node
        elif isinstance(node, (cst.BinaryOperation, cst.BooleanOperation)):
            operator(_precedence(node.operator))
            visit(node.left)
            visit(node.right)
        elif isinstance(node, cst.Comparison):
            operator(_precedence(node.comparisons[0].operator), len(node.comparisons))
            visit(node.left)
            for target in node.comparisons:
                visit(target.comparator)
        elif isinstance(node, cst.IfExp):
            operator(_precedence(node), 2)
            for part in (node.body, node.test, node.orelse):
                visit(part)
        elif isinstance(node, (cst.UnaryOperation, cst.Lambda, cst.Await, cst.Yield)):
            if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.BitInvert):
                operator(_precedence(node.operator))
            seen["first"] = "token" if seen["first"] is None else seen["first"]
            for child in node.children:
                if isinstance(child, cst.BaseExpression):
                    visit(child)
        elif isinstance(node, cst.NamedExpr):
            visit(node.target)
            visit(node.value)

    inside(value)
    if not seen["any"] or seen["count"] > 1:
        return False
    if seen["loosest"] <= _ATTRIBUTE:
        return True
    return any(
        isinstance(node, cst.BaseExpression) and not isinstance(node, cst.Subscript) and _own_brackets(node) is True
        for node in (seen["last"], seen["first"])
    )


def _own_brackets(node: cst.BaseExpression) -> bool | None:
    """Whether ``node`` is in brackets of its own with something inside (None: it has none)."""
    if isinstance(node, cst.Tuple) and node.lpar:
        return bool(node.elements)
    if getattr(node, "lpar", None) or isinstance(node, _COMPREHENSIONS):
        return True
    if isinstance(node, cst.Call):
        return bool(node.args)
    if isinstance(node, (cst.List, cst.Dict, cst.Set)):
        return bool(node.elements)
    return True if isinstance(node, cst.Subscript) else None


#: ruff's operator precedences, tightest first: an index in this list (``_ATTRIBUTE``: 0).
_PRECEDENCE = (
    (cst.Power,), (cst.BitInvert,), (cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.MatrixMultiply),
    (cst.Add, cst.Subtract), (cst.LeftShift, cst.RightShift), (cst.BitAnd,), (cst.BitXor,), (cst.BitOr,),
    (cst.LessThan, cst.GreaterThan, cst.LessThanEqual, cst.GreaterThanEqual, cst.Equal, cst.NotEqual, cst.In, cst.NotIn, cst.Is, cst.IsNot),
    (cst.And, cst.Or), (cst.IfExp,),
)
_ATTRIBUTE = 0


def _precedence(operator: cst.CSTNode) -> int:
    return 1 + next(index for index, group in enumerate(_PRECEDENCE) if isinstance(operator, group))


def _omitted(value: cst.BaseExpression, head: str, tail: str, prefix: str, unit: str, limit: int) -> cst.BaseExpression | None:
    """``value`` split at its own brackets without new parentheses, as ruff's printer does:
    left to right, a bracket stays on the line when it fits there with what follows up to
    the next bracket's opening (or the line's end), else it is split. None (the chain goes
    in parentheses) when a line outside the split brackets does not fit."""
    brackets = _outermost_brackets(value)
    if not brackets:
        return None
    marks = {id(bracket): cst.Name(f"_wrap_bracket_{index}_") for index, bracket in enumerate(brackets)}
    between = re.split(r"_wrap_bracket_\d+_", _code(value.visit(_Replace(marks))))
    if len(between) != len(brackets) + 1:
        return None  # the code has a name like a mark
    split = [_explode(bracket, bracket, prefix, 0, unit, limit) for bracket in brackets]
    opening = [_code(node).split("\n")[0] for node in split]
    line = head + between[0]
    if len((line + opening[0]).expandtabs()) > limit:
        return None
    laid = {}
    for index, bracket in enumerate(brackets):
        after = between[index + 1] + (opening[index + 1] if index + 1 < len(brackets) else tail)
        if len((line + _code(bracket) + after).expandtabs()) <= limit:
            line += _code(bracket) + between[index + 1]
        else:
            laid[id(bracket)] = split[index]
            line = _code(split[index]).split("\n")[-1] + between[index + 1]
            if len((line + after[len(between[index + 1]) :]).expandtabs()) > limit:
                return None  # what follows the split bracket does not fit on its closing line
    return value.visit(_Replace(laid)) if laid else None


class _Replace(cst.CSTTransformer):
    """Replaces nodes by identity: ``{id(node): replacement}``."""

    def __init__(self, replacements: dict[int, cst.CSTNode]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original, updated):
        return self.replacements.get(id(original), updated)


def _split_operators(value, prefix: str, depth: int, unit: str, limit: int) -> cst.BaseExpression:
    """``(a\n + b\n - c)``: in new parentheses, on one line of its own if it fits, else
    each operand of the chain of ``value``'s priority on its own line."""
    inner, outer = prefix + unit * (depth + 1), prefix + unit * depth
    if len(inner.expandtabs()) + len(_code(value)) > limit:
        value = _split_chain(value, prefix, depth, unit, limit)
    return value.with_changes(
        lpar=[cst.LeftParen(whitespace_after=_newline(inner))], rpar=[cst.RightParen(whitespace_before=_newline(outer))]
    )


def _split_chain(value, prefix: str, depth: int, unit: str, limit: int, extra: int = 0) -> cst.BaseExpression:
    """The operands of ``value``'s top-level chain on lines of their own (already inside
    brackets; ``extra``: the width before its first operand on its line); ``and`` and ``or``
    are one chain, as in ruff. An operand still too long is split the same way at its own
    operators, else at its brackets."""
    inner = prefix + unit * (depth + 1)
    width = len(inner.expandtabs())

    def operand(node: cst.BaseExpression, extra: int) -> cst.BaseExpression:
        if width + extra + len(_code(node)) <= limit:
            return node
        if _operation(node):
            return _split_chain(node, prefix, depth, unit, limit, extra)
        wrapped = _wrap(node, prefix, depth + 1, unit, limit)
        return node if wrapped is None else wrapped

    if isinstance(value, cst.Comparison):
        targets = []
        for target in value.comparisons:
            operator = target.operator.with_changes(whitespace_before=_newline(inner))
            targets.append(target.with_changes(operator=operator, comparator=operand(target.comparator, len(_code(operator).strip()) + 1)))
        return value.with_changes(left=operand(value.left, extra), comparisons=targets)
    group = _PRECEDENCE[_precedence(value.operator) - 1]

    def split(node: cst.BaseExpression, extra: int) -> cst.BaseExpression:
        if not isinstance(node, type(value)) or node.lpar or not isinstance(node.operator, group):
            return operand(node, extra)
        operator = node.operator.with_changes(whitespace_before=_newline(inner))
        width = len(_code(operator).strip()) + 1
        right = split(node.right, width) if isinstance(node, cst.BooleanOperation) else operand(node.right, width)
        return node.with_changes(left=split(node.left, extra), operator=operator, right=right)

    return split(value, extra)


def _newline(indent: str) -> cst.ParenthesizedWhitespace:
    return cst.ParenthesizedWhitespace(indent=False, last_line=cst.SimpleWhitespace(indent))


def _outermost_brackets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The calls, lists, dicts, sets, comprehensions and parenthesized expressions in ``node`` that can
    be split over lines, in source order: not inside another of them, an f-string or a bare generator."""
    found: list[cst.BaseExpression] = []

    class Visitor(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if getattr(node, "lpar", None) and not isinstance(node, cst.Tuple):
                found.append(node)  # a parenthesized expression
                return False
            return super().on_visit(node)

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

        def visit_Dict(self, node: cst.Dict) -> bool:
            if node.elements:
                found.append(node)
                return False
            return True

        visit_Set = visit_Dict

        def visit_Tuple(self, node: cst.Tuple) -> bool:
            if node.lpar and node.elements and not any(isinstance(e, cst.StarredElement) for e in node.elements):
                found.append(node)
                return False
            return True

        def visit_FormattedString(self, _: cst.FormattedString) -> bool:
            return False

        def visit_ListComp(self, node: cst.ListComp) -> bool:  # split at its brackets, not at a call inside
            found.append(node)
            return False

        visit_SetComp = visit_DictComp = visit_ListComp

        def visit_GeneratorExp(self, _: cst.GeneratorExp) -> bool:
            return False

    node.visit(Visitor())
    return found
