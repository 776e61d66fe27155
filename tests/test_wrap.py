"""Generated lines are wrapped to the project's line length; the file's own lines are not."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source
from tfautofix.wrap import line_length, wrap_changed

PRINTS = '''import tensorflow as tf


@tf.function
def step(x, learning_rate_schedule_value, gradient_norm_value):
    untouched = tf.reduce_sum(x) + tf.reduce_mean(x) + tf.reduce_max(x) + tf.reduce_min(x) + tf.size(x)

    # the report
    print("step", x, learning_rate_schedule_value, gradient_norm_value, sep=" | ")  # per step
    return untouched
'''


def _ruff() -> str:
    """The ``ruff`` of this interpreter's environment (CI's venv, active or not), else on PATH; skips without one."""
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    return ruff


def _fix(source: str, path: str = "<string>", code: str = "TFA008") -> str:
    return fix_source(source, [rule_by_code(code)], path=path, unsafe_fixes=True)[0]


def test_a_long_rewritten_call_is_wrapped_and_the_rest_kept() -> None:
    fixed = _fix(PRINTS)
    assert max(len(line) for line in fixed.splitlines() if "untouched =" not in line) <= 88
    assert "    untouched = tf.reduce_sum(x) + tf.reduce_mean(x)" in fixed  # not a fix's line: left long
    assert "\n\n    # the report\n    tf.print(\n" in fixed  # blank line and comment kept
    assert '        sep=" | ",\n' in fixed and fixed.count("\n    )  # per step\n") == 1  # one per line, comment kept
    assert _fix(fixed) == fixed  # idempotent
    ast.parse(fixed)


def test_the_line_length_comes_from_the_nearest_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    module = tmp_path / "pkg" / "step.py"
    assert line_length(str(module)) == 88
    (tmp_path / "pyproject.toml").write_text("[tool.black]\nline-length = 120\n")
    from tfautofix.wrap import _configured

    _configured.cache_clear()
    assert line_length(str(module)) == 120
    (tmp_path / "pyproject.toml").write_text("[tool.ruff]\nline-length = 100\n[tool.black]\nline-length = 120\n")
    _configured.cache_clear()
    assert line_length(str(module)) == 100
    fixed = _fix(PRINTS, str(module))
    assert 'tf.print("step", x, learning_rate_schedule_value, gradient_norm_value, sep=" | ", summarize=-1, output_stream' not in fixed
    (tmp_path / "pyproject.toml").write_text("[tool.ruff]\nline-length = 200\n")
    _configured.cache_clear()
    assert "    tf.print(\"step\", x, learning_rate_schedule_value" in _fix(PRINTS, str(module))


def test_black_style_shapes() -> None:
    cases = {
        # the arguments fit on a line of their own
        "    v = f(aaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbbb, cccccccccccccccccccccc, ddddd)\n": (
            "    v = f(\n        aaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbbb, cccccccccccccccccccccc, ddddd\n    )\n"
        ),
        # an operator chain: one operand per line in parentheses
        "    return aaaaaaaaaaaaaaaaaaaaaaaa(x) + bbbbbbbbbbbbbbbbbbbbbbbbbbbb(x) - cccccccccccccccccccccccccccc(x)\n": (
            "    return (\n        aaaaaaaaaaaaaaaaaaaaaaaa(x)\n        + bbbbbbbbbbbbbbbbbbbbbbbbbbbb(x)\n"
            "        - cccccccccccccccccccccccccccc(x)\n    )\n"
        ),
        # a list inside a call: exploded, one element per line
        "@g(sig=[spec(shape=[None, 5], dtype=tf.float32), spec(shape=[], dtype=tf.int32), spec(shape=[])])\n": (
            "@g(\n    sig=[\n        spec(shape=[None, 5], dtype=tf.float32),\n        spec(shape=[], dtype=tf.int32),\n"
            "        spec(shape=[]),\n    ],\n)\n"
        ),
        # a comment line of its own: split between words
        "    # " + "word " * 30 + "\n": "    # " + " ".join(["word"] * 16) + "\n    # " + " ".join(["word"] * 14) + "\n",
    }
    for line, expected in cases.items():
        head = "def h(x):\n" if line.startswith("    ") else ""
        tail = "    pass\n" if line.startswith("    #") or line.startswith("@") else ""
        if line.startswith("@"):
            tail = "def h(x):\n    pass\n"
        source = head + line + tail
        wrapped = wrap_changed(head + tail, source, 88)
        assert wrapped == head + expected + tail, wrapped
        assert wrap_changed(source, wrapped, 88) == wrapped
        ast.parse(wrapped)


def test_f_strings_and_bare_generators_are_not_split() -> None:
    fstring = '    print(f"{aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa(bbbbbbbbbbbbbbbbbbbbbbb, ccccccccccccccccccccccccccccccccccc)}")\n'
    wrapped = wrap_changed("def h(x):\n    pass\n", "def h(x):\n" + fstring, 88)
    assert fstring.strip()[6:-2] in wrapped  # the f-string itself is intact, only the call around it split
    generator = "    total = sum(aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa * bbbbbbbbbbbbbbbbbbbbbbbbbb for aaaaaaaaaaaaaaaaaaaaaaaa in c)\n"
    assert wrap_changed("def h(x):\n    pass\n", "def h(x):\n" + generator, 88) == "def h(x):\n" + generator


def test_remaining_findings_point_into_the_wrapped_text() -> None:
    source = PRINTS.replace("    return untouched\n", '    print([v for v in (x,)], file=open("log.txt", "w"))\n    return untouched\n')
    fixed, applied, remaining = fix_source(source, [rule_by_code("TFA008")], unsafe_fixes=True)
    assert applied and fixed.count("\n") > source.count("\n")  # the rewritten print was wrapped
    (left,) = remaining
    assert "file=open" in fixed.splitlines()[left.line - 1]


HEADERS = '''def h(self, x):
    if tf.cast(tf.random.uniform([]), threshold_for_the_batch.dtype) > threshold_for_the_batch and flag:
        pass
    elif tf.reduce_any(tf.math.is_nan(learning_rate_schedule_value)) or tf.reduce_any(gradient_norm):
        pass
    while tf.random.uniform([], maxval=limit_of_iterations_here, dtype=tf.int32) < number_of_steps_to_go:
        pass
    for step_index in tf.range(tf.cast(tf.random.uniform([], 0, 10), tf.int32), number_of_steps, stride):
        pass
    with tf.name_scope("a_scope_name_that_is_long_enough" + str(tf.random.uniform([], 0, 1000000))) as scope:
        pass
    if not tf.reduce_any(tf.math.is_nan(learning_rate_schedule_value_for_this_step_only)):  # kept
        pass
    config = {**defaults, "learning_rate": tf.random.uniform([], 0.0001, 0.1), "momentum": tf.random.uniform([])}
    values = [tf.reduce_sum(model(tf.fill([1, 2], float(i)), training=False)) for i in range(3) if i % 2]
    shapes = [tf.shape(first_tensor_with_a_long_name), tf.shape(second_tensor_with_long_name)]
    pair = tf.random.uniform([], 2.0, 4.0), tf.random.uniform([], 2.0, 4.0, dtype=tf.float64)
    (x,) = tf.while_loop(lambda x: tf.reduce_sum(x) < threshold_of_the_decision * 100.0 + tf.reduce_sum(other), body, (x,))

    def _loop_body(values_of_the_first_kind, number_of_iterations_done, accumulated_values_so_far):
        return values_of_the_first_kind, number_of_iterations_done, accumulated_values_so_far

    values_of_the_first_kind, number_of_iterations_done, accumulated_values = tf.while_loop(cond, _loop_body, loop_vars)
    return tf.reduce_sum(values_of_the_first_kind) > tf.reduce_sum(values_of_the_second_kind) + 1
'''

# What `ruff format` writes for HEADERS (checked against it below when ruff is installed).
HEADERS_WRAPPED = '''def h(self, x):
    if (
        tf.cast(tf.random.uniform([]), threshold_for_the_batch.dtype)
        > threshold_for_the_batch
        and flag
    ):
        pass
    elif tf.reduce_any(tf.math.is_nan(learning_rate_schedule_value)) or tf.reduce_any(
        gradient_norm
    ):
        pass
    while (
        tf.random.uniform([], maxval=limit_of_iterations_here, dtype=tf.int32)
        < number_of_steps_to_go
    ):
        pass
    for step_index in tf.range(
        tf.cast(tf.random.uniform([], 0, 10), tf.int32), number_of_steps, stride
    ):
        pass
    with tf.name_scope(
        "a_scope_name_that_is_long_enough" + str(tf.random.uniform([], 0, 1000000))
    ) as scope:
        pass
    if not tf.reduce_any(
        tf.math.is_nan(learning_rate_schedule_value_for_this_step_only)
    ):  # kept
        pass
    config = {
        **defaults,
        "learning_rate": tf.random.uniform([], 0.0001, 0.1),
        "momentum": tf.random.uniform([]),
    }
    values = [
        tf.reduce_sum(model(tf.fill([1, 2], float(i)), training=False))
        for i in range(3)
        if i % 2
    ]
    shapes = [
        tf.shape(first_tensor_with_a_long_name),
        tf.shape(second_tensor_with_long_name),
    ]
    pair = (
        tf.random.uniform([], 2.0, 4.0),
        tf.random.uniform([], 2.0, 4.0, dtype=tf.float64),
    )
    (x,) = tf.while_loop(
        lambda x: (
            tf.reduce_sum(x) < threshold_of_the_decision * 100.0 + tf.reduce_sum(other)
        ),
        body,
        (x,),
    )

    def _loop_body(
        values_of_the_first_kind, number_of_iterations_done, accumulated_values_so_far
    ):
        return (
            values_of_the_first_kind,
            number_of_iterations_done,
            accumulated_values_so_far,
        )

    values_of_the_first_kind, number_of_iterations_done, accumulated_values = (
        tf.while_loop(cond, _loop_body, loop_vars)
    )
    return (
        tf.reduce_sum(values_of_the_first_kind)
        > tf.reduce_sum(values_of_the_second_kind) + 1
    )
'''


def test_headers_dicts_and_comprehensions_are_wrapped_as_ruff_formats_them() -> None:
    before = "def h(self, x):\n    pass\n"
    wrapped = wrap_changed(before, HEADERS, 88)
    assert wrapped == HEADERS_WRAPPED
    assert wrap_changed(HEADERS, wrapped, 88) == wrapped  # idempotent
    ast.parse(wrapped)
    assert wrap_changed(HEADERS, HEADERS, 88) == HEADERS  # lines the fixes did not change are left long
    formatted = subprocess.run([_ruff(), "format", "--isolated", "-"], input=wrapped, capture_output=True, text=True, check=True)
    assert formatted.stdout == wrapped


def test_a_header_that_cannot_be_split_or_is_a_one_line_suite_is_left_alone() -> None:
    source = (
        "def h(x):\n"
        "    if a_very_long_name_for_a_condition_that_cannot_be_split_anywhere_at_all_really_long_yes:\n"
        "        pass\n"
        "    if x: return tf.reduce_any(tf.math.is_nan(learning_rate_schedule_value_for_this_step_only_x))\n"
    )
    assert wrap_changed("def h(x):\n    pass\n", source, 88) == source


def test_a_function_a_fix_inserts_in_a_block_gets_blank_lines_around_it() -> None:
    """As ruff format lays them out: a blank line before (and before its comments) and after
    each inserted nested function, none before the first statement of a block."""
    original = "def f(x):\n    y = x\n    def own(z):\n        return z\n    y = g(y)\n    return y\n"
    fixed = (
        "def f(x):\n    y = x\n    def own(z):\n        return z\n"
        "    # generated\n    def _true_fn(y):\n        def _inner():\n            return y\n        return y\n"
        "    y = tf.cond(c, lambda: _true_fn(y), lambda: y)\n    return y\n"
    )
    spaced = wrap_changed(original, fixed, 88)
    assert spaced == (
        "def f(x):\n    y = x\n    def own(z):\n        return z\n"  # the file's own function: as it was
        "\n    # generated\n    def _true_fn(y):\n        def _inner():\n            return y\n\n        return y\n"
        "\n    y = tf.cond(c, lambda: _true_fn(y), lambda: y)\n    return y\n"
    )
    assert wrap_changed(fixed, spaced, 88) == spaced
    # A fix that rewrites only the decorator of the file's own nested function adds no blank line.
    own = "def f(x):\n    y = x\n    @tf.function(experimental_relax_shapes=True)\n    def g(z):\n        return z\n    return g(y)\n"
    redecorated = own.replace("experimental_relax_shapes", "reduce_retracing")
    assert wrap_changed(own, redecorated, 88) == redecorated


def test_golden_fixes_are_laid_out_as_ruff_format_lays_them_out() -> None:
    """`ruff format` changes no line a fix wrote in any golden ``expected.py`` (the file's own
    lines, and the blank line ruff wants after a module docstring, are the file's business)."""
    ruff = _ruff()
    import difflib

    from tfautofix.wrap import _changed_lines

    golden = Path(__file__).parent / "golden"
    reformatted = []
    for expected in sorted(golden.glob("*/*/expected.py")):
        text = expected.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        written = _changed_lines(expected.with_name("input.py").read_text(encoding="utf-8"), lines)
        formatted = subprocess.run([ruff, "format", "--isolated", "-"], input=text, capture_output=True, text=True, check=True).stdout
        tree = ast.parse(text)
        docstring_end = tree.body[0].end_lineno if ast.get_docstring(tree) else None
        blocks = difflib.SequenceMatcher(None, lines, formatted.splitlines(keepends=True), autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in blocks:
            touched = set(range(i1, i2)) if i2 > i1 else {i1 - 1, i1}
            if tag == "equal" or not touched & written:
                continue
            if tag == "insert" and i1 == docstring_end and not "".join(formatted.splitlines()[j1:j2]).strip():
                continue
            reformatted.append(f"{expected.relative_to(golden)}:{i1 + 1}")
    assert reformatted == []


def _operand(kind: str, width: int) -> str:
    name = ("n" + "abcdefghij" * 10)[:width]
    short = name[: max(1, width // 3)]
    return {
        "name": name,
        "call": f"{name}(x, {short})",
        "empty call": f"{name}()",
        "nested call": f"{name}(g({short}, 2), z)",
        "list": f"[{name}, {short}]",
        "comprehension": f"[{name}(s) for s in {short}]",
        "dict": f'{{"{name}": 1, "k": {short}}}',
        "tuple": f"({name}, {short})",
        "negated call": f"-{name}(x)",
        "attribute of a call": f"{name}(x).y",
        "parenthesized": f"({name} + {short})",
    }[kind]


def _chains(count: int, seed: int = 0) -> list[str]:
    """Too-long ``return``/assignment/``if``/``while`` lines whose value is a chain of one to
    three operators (mixed precedences, ``and``/``or``, comparisons) between operands of
    every kind, at widths around the limit."""
    import random

    rng = random.Random(seed)
    kinds = ["name", "call", "empty call", "nested call", "list", "comprehension", "dict", "tuple", "negated call",
             "attribute of a call", "parenthesized"]  # fmt: skip
    operators = [["+"], ["+", "+"], ["*", "+"], ["+", "*"], ["and"], ["or", "and"], ["<"], ["in"], ["|"], ["-", "*"], ["<", "<"]]
    lines: list[str] = []
    while len(lines) < count:
        parts = [_operand(rng.choice(kinds), rng.randint(3, 60))]
        for operator in rng.choice(operators):
            parts += [operator, _operand(rng.choice(kinds), rng.randint(3, 60))]
        head = rng.choice(["return ", "value = ", "if ", "while "])
        line = "    " + head + " ".join(parts) + (":" if head in ("if ", "while ") else "")
        if len(line) > 88:
            lines.append(line + ("\n        pass" if line.endswith(":") else ""))
    return lines


def test_operator_chains_are_laid_out_as_ruff_format_lays_them_out() -> None:
    """ruff omits a chain's optional parentheses (``a + [\\n    b\\n]``) only when one operator
    has the loosest precedence and a non-empty bracket ends (or a list, dict, set or
    parenthesized expression starts) the chain, and the lines outside the split brackets fit;
    checked against the ruff binary on generated statements."""
    ruff = _ruff()
    ours = []
    for index, line in enumerate(_chains(200)):
        fixed = f"def f{index}():\n{line}\n"
        wrapped = wrap_changed(f"def f{index}():\n    pass\n", fixed, 88)
        ast.parse(wrapped)
        assert wrap_changed(fixed, wrapped, 88) == wrapped  # idempotent
        ours.append(wrapped)
    text = "\n\n".join(ours)  # two blank lines between the functions, as ruff wants
    formatted = subprocess.run([ruff, "format", "--isolated", "-"], input=text, capture_output=True, text=True, check=True).stdout
    differing = [block for block, theirs in zip(ours, (formatted.split("\n\n\n"))) if block.rstrip("\n") != theirs.rstrip("\n")]
    assert formatted == text, differing[:1]
    statements = [block.split("\n", 2)[1] for block in ours]
    omitted = [s for s in statements if s.endswith(("(", "[", "{")) and not s.endswith((" (", "= (", "if (", "while ("))]
    assert len(omitted) > 20 and len(statements) - len(omitted) > 20  # both layouts are exercised


def test_the_chain_of_the_issue_omits_its_parentheses_and_two_operators_keep_them() -> None:
    body = "    return [decayed(lr, tf.constant(step, dtype=tf.float32)) for step in range(3)] + [warmup(lr, tf.constant(step, dtype=tf.float32)) for step in range(3)]{}\n"
    source = "def h(lr):\n" + body.format("")
    assert wrap_changed("def h(lr):\n    pass\n", source, 88) == (
        "def h(lr):\n    return [decayed(lr, tf.constant(step, dtype=tf.float32)) for step in range(3)] + [\n"
        "        warmup(lr, tf.constant(step, dtype=tf.float32)) for step in range(3)\n    ]\n"
    )
    two = wrap_changed("def h(lr):\n    pass\n", "def h(lr):\n" + body.format(" + [lr]"), 88)
    assert two.startswith("def h(lr):\n    return (\n        [decayed(") and "\n        + [lr]\n    )\n" in two


MULTI_LINE = '''def h(model, calls, a, b):
    values = [
        {call}
        for i in range(calls)
    ]
    indexed = [
        {call}[0]  # the first output
        for i in range(calls)
    ]
    arguments = g(
        a,
        {call},
        key={call},
    )
    operands = (
        {call}
        + a
        + b
    )
    held = g(
        a, {call}
    )
    generated = sum(
        {call} for i in range(calls)
    )
    return values, indexed, arguments, operands, held, generated
'''


def test_a_changed_line_alone_in_a_multi_line_statement_is_wrapped_as_ruff_formats_it() -> None:
    """An element, argument or operand that a fix made too long alone on its line inside a
    multi-line statement, or the line holding all a bracket's items, is split as ruff splits
    it; the statement's other lines, and a comment, stay as they were."""
    short = "model.predict(np.full((1, 2), float(i)), verbose=0)"
    long = 'tf.nest.map_structure(lambda t: t.numpy(), model(np.full((1, 2), float(i), dtype="float32"), training=False))'
    before, after = MULTI_LINE.format(call=short), MULTI_LINE.format(call=long)
    wrapped = wrap_changed(before, after, 88)
    ast.parse(wrapped)
    assert max(len(line) for line in wrapped.splitlines()) <= 88
    assert "        )[0]  # the first output\n        for i in range(calls)\n" in wrapped
    assert wrap_changed(after, wrapped, 88) == wrapped
    untouched = [line for line in before.splitlines() if short not in line]
    assert all(line in wrapped.splitlines() for line in untouched)
    formatted = subprocess.run([_ruff(), "format", "--isolated", "-"], input=wrapped, capture_output=True, text=True, check=True)
    assert formatted.stdout == wrapped
    # A line that holds part of a bracket's items, or a comment, is left as it is.
    for shared in ("def h(a):\n    return g(a,\n        {call})\n", "def h(a):\n    return g(\n        a, {call}  # kept\n    )\n"):
        assert wrap_changed(shared.format(call=short), shared.format(call=long), 88) == shared.format(call=long)


def test_a_call_of_a_call_is_split_at_the_first_bracket_whose_line_fits() -> None:
    # ruff omits a short trailing call (`(x)`) and splits the call before it when the line up to
    # the last bracket would not fit (black's trailers to omit); else the last call, as before.
    before = "def f(x):\n    return x\n"
    after = (
        "def f(x):\n"
        "    return tf.keras.layers.RNN([tf.keras.layers.GRUCell(2), tf.keras.layers.GRUCell(2), tf.keras.layers.GRUCell(3)])(x)\n"
    )
    wrapped = wrap_changed(before, after, 88)
    assert "tf.keras.layers.RNN(\n" in wrapped and wrapped.rstrip().endswith(")(x)")
    formatted = subprocess.run([_ruff(), "format", "--isolated", "-"], input=wrapped, capture_output=True, text=True, check=True)
    assert formatted.stdout == wrapped
