"""Jupyter notebooks: check and fix the code cells, keep everything else byte for byte.

The code cells are joined into one module (so ``import tensorflow as tf`` in the
first cell resolves names in the last), each behind a ``# tfautofix:cell:N``
marker line. IPython magics (``%time x``, ``!pip ...``) are masked as ``pass``
lines and restored afterwards. So is the first line of a cell magic that runs its
body as Python in the notebook's namespace (``%%time``, ``%%capture``...); the body of
any other (``%%bash``, ``%%writefile``, ``%%python`` in its own process, unknown
ones) is not Python of this notebook and keeps its text untouched, as do cells that
do not parse. Findings are reported per cell.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from tfautofix.engine import FileResult, FixError, Options, _parse_error, _rules, fix_source, line_on_disk, lint_source
from tfautofix.files import SourceError, read_source

_CELL = re.compile(r"^# tfautofix:cell:(\d+)\n", re.MULTILINE)
_MAGIC = re.compile(r"^(\s*)(?:[%!]|\w+\s*=\s*[%!])")
_MASK = re.compile(r"^([ \t]*)pass  # tfautofix:magic:(\d+)(?:: [^\n]*)?$", re.MULTILINE)  # [ \t]: a blank line before it is kept
#: ``!pip install ...`` lines keep their text in the mask's comment: the versions they pin are facts of the module.
_PIP = re.compile(r"\bpip3?\s+install\b")
#: Cell magics whose body is Python run in the notebook's namespace (IPython's own).
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})


@dataclass
class _Joined:
    text: str = ""
    starts: list[tuple[int, int]] = field(default_factory=list)  # (first line of the cell's code, cell index)
    magics: list[str] = field(default_factory=list)
    cell_magics: dict[int, int] = field(default_factory=dict)  # cell index -> its ``%%`` line's magic index


def process_notebook(path: str, options: Options, fix: bool) -> FileResult:
    result = FileResult(path)
    try:
        source = read_source(Path(path))
        notebook = json.loads(source.text)
        cells = _cells(notebook)
    except SourceError as error:
        result.error = str(error)
        return result
    except ValueError as error:
        result.error = f"cannot parse notebook: {error}"
        return result
    result.original = source.text
    result.encoding = source.encoding
    language = notebook.get("metadata", {}).get("language_info", {}).get("name", "python")
    if language != "python":
        return result
    joined = _join(cells)
    rules = _rules(options.rules)
    try:
        if fix:
            fixed, result.applied, result.findings = fix_source(
                joined.text, rules, path, options.unsafe_fixes, options.target_version
            )
            if fixed != joined.text:
                _split_into(cells, fixed, joined)
                lookup = line_on_disk(joined.text, fixed)  # cells are located in the notebook on disk
                for finding in result.findings:
                    finding.line, finding.end_line = lookup(finding.line), lookup(finding.end_line)
                result.fixed = _dump(notebook, source.text)
        else:
            result.findings = lint_source(joined.text, rules, path)
    except (SyntaxError, ValueError) as error:
        result.error = _parse_error(error)
    except FixError as error:
        result.error = str(error)
    for finding in (*result.findings, *result.applied):
        _locate(finding, joined)
    return result


def _cells(notebook: object) -> list:
    """The notebook's cells; ValueError (one line) when the JSON is not shaped like a notebook."""
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise ValueError("not a notebook (no list of \"cells\")")
    metadata = notebook.get("metadata", {})
    if not isinstance(metadata, dict) or not isinstance(metadata.get("language_info", {}), dict):
        raise ValueError("\"metadata\" is not an object")
    for number, cell in enumerate(notebook["cells"], 1):
        source = cell.get("source", "") if isinstance(cell, dict) else None
        if not isinstance(source, str) and not (isinstance(source, list) and all(isinstance(s, str) for s in source)):
            raise ValueError(f"cell {number} is not a cell with a text \"source\"")
    return notebook["cells"]


def _cell_text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _join(cells: list) -> _Joined:
    joined = _Joined()
    parts = []
    line = 1
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "code":
            continue
        text = _cell_text(cell)
        first = next((row for row in text.splitlines() if row.strip()), "")
        if first.lstrip().startswith("%%"):
            name = first[2:].split(maxsplit=1)
            if not first.startswith("%%") or not name or name[0] not in PYTHON_CELL_MAGICS:
                continue  # its body is not Python run here (or not Python at all)
            joined.cell_magics[index] = len(joined.magics)  # its first line, masked below
        lines = []
        masked_before = len(joined.magics)
        for original in text.splitlines():
            magic = _MAGIC.match(original)
            if magic:
                pip = f": {original.strip()}" if _PIP.search(original) and not original.lstrip().startswith("%%") else ""
                lines.append(f"{magic.group(1)}pass  # tfautofix:magic:{len(joined.magics)}{pip}")
                joined.magics.append(original)
            else:
                lines.append(original)
        code = "".join(f"{l}\n" for l in lines)
        try:
            ast.parse(code)
        except SyntaxError:
            del joined.magics[masked_before:]
            joined.cell_magics.pop(index, None)
            continue  # not Python (or broken): left exactly as it is
        parts.append(f"# tfautofix:cell:{index}\n{code}")
        joined.starts.append((line + 1, index))
        line += 1 + len(lines)
    joined.text = "".join(parts)
    return joined


def _locate(finding, joined: _Joined) -> None:
    """Turn a line of the joined module into (cell, line in the cell)."""
    for first, index in reversed(joined.starts):
        if finding.line >= first:
            finding.cell = index + 1
            finding.line -= first - 1
            finding.end_line -= first - 1
            return


def _split_into(cells: list, fixed: str, joined: _Joined) -> None:
    pieces = _CELL.split(fixed)
    indices = [int(i) for i in pieces[1::2]]
    if pieces[0].strip() or indices != [index for _, index in joined.starts]:
        raise FixError("the fix would move code across notebook cells; nothing written")
    if sorted(int(m.group(2)) for m in _MASK.finditer(fixed)) != list(range(len(joined.magics))):
        raise FixError("the fix would change notebook magics; nothing written")
    for index, code in zip(indices, pieces[2::2]):
        if index in joined.cell_magics:  # a cell magic stays the cell's first line (a fix may add imports above it)
            mask = f"pass  # tfautofix:magic:{joined.cell_magics[index]}\n"
            code = mask + code.replace(mask, "", 1) if not code.lstrip().startswith(mask) else code
        code = _MASK.sub(lambda m: joined.magics[int(m.group(2))], code)
        cell = cells[index]
        if not _cell_text(cell).endswith("\n"):
            code = code[:-1] if code.endswith("\n") else code
        if _cell_text(cell) != code:
            cell["source"] = code.splitlines(keepends=True) if isinstance(cell.get("source"), list) else code


def _dump(notebook: dict, original: str) -> str:
    """Serialise like Jupyter does (indent 1, no ASCII escaping), or like the original."""
    indent = re.match(r"\{\s*?\n( *)\"", original)
    text = json.dumps(notebook, indent=len(indent.group(1)) if indent else 1, ensure_ascii=False)
    return text + "\n" if original.endswith("\n") else text
