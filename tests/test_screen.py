"""The cheap screen must never drop a finding that the full LibCST analysis reports."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest

from tfautofix.codemods import all_rules, rule_by_code
from tfautofix.engine import _detect
from tfautofix.screen import rules_for

GOLDEN = Path(__file__).parent / "golden"
INPUTS = sorted(GOLDEN.glob("*/*/input.py"))


def _unscreened_codes(text: str) -> set[str]:
    _, findings = _detect(cst.parse_module(text), text, all_rules(), "input.py")
    return {f.code for f in findings}


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_screen_keeps_every_rule_that_fires_on_golden_inputs(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    kept = {rule.code for rule in rules_for(text, all_rules())}
    assert _unscreened_codes(text) <= kept


PRINT = [rule_by_code("TFA008")]

KEPT = {
    "alias_decorator": "from tensorflow import function as fn\n@fn\ndef f(x):\n    print(x)\n",
    "decorator_call": "import tensorflow as tf\n@tf.function(jit_compile=True)\ndef f(x):\n    print(x)\n",
    "lambda_in_map": "import tensorflow as tf\nds = tf.data.Dataset.range(3).map(lambda x: print(x) or x)\n",
    "helper_of_wrapped": (
        "import tensorflow as tf\ndef helper(x):\n    print(x)\n"
        "def step(x):\n    return helper(x)\nfast = tf.function(step)\n"
    ),
    "keras_call": "import keras\nclass L(keras.layers.Layer):\n    def call(self, x):\n        print(x)\n",
    "self_method_helper": (
        "import keras\nclass L(keras.layers.Layer):\n    def call(self, x):\n        return self.log(x)\n"
        "    def log(self, x):\n        print(x)\n"
    ),
    "compile_metric": "import keras\ndef m(y, p):\n    print(y)\nmodel.compile(metrics=[m])\n",
}

DROPPED = {
    "no_tensorflow": "def f(x):\n    print(x)\n",
    "print_outside_traced": "import tensorflow as tf\ndef report(x):\n    print(x)\n@tf.function\ndef f(x):\n    return x\n",
    "other_decorator": "import tensorflow as tf\n@tf_export('f')\ndef f(x):\n    print(x)\n",
}


@pytest.mark.parametrize("name", KEPT)
def test_screen_keeps_traced_spellings(name: str) -> None:
    assert rules_for(KEPT[name], PRINT) == PRINT


@pytest.mark.parametrize("name", DROPPED)
def test_screen_drops_files_without_traced_trigger(name: str) -> None:
    assert rules_for(DROPPED[name], PRINT) == []


def test_rules_firing_outside_traced_code_are_screened_on_the_whole_file() -> None:
    relax = [rule_by_code("TFA009")]
    text = "import tensorflow as tf\nf = tf.function(g, experimental_relax_shapes=True)\n"
    assert rules_for(text, relax) == relax


def test_screen_raises_syntax_error_even_without_candidates() -> None:
    with pytest.raises(SyntaxError):
        rules_for("def f(:\n", PRINT)


def test_screen_sees_triggers_spelled_through_import_aliases() -> None:
    variable = [rule_by_code("TFA001")]
    text = "from tensorflow import Variable as V\nimport tensorflow as tf\n@tf.function\ndef f(x):\n    return V(x)\n"
    assert rules_for(text, variable) == variable
    unused = text.replace("return V(x)", "return x")
    assert rules_for(unused, variable) == []


# -- the focus: what `check` lets LibCST see ---------------------------------------


def _key(finding) -> tuple:
    return (finding.code, finding.line, finding.column, finding.end_line, finding.end_column, finding.message,
            None if finding.fix is None else finding.fix.applicability)


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_focused_check_reports_what_the_whole_file_reports(path: Path) -> None:
    from tfautofix.engine import lint_source

    text = path.read_text(encoding="utf-8")
    rules = [rule for rule in all_rules() if not rule.needs_traces]
    focused = lint_source(text, rules, "input.py")
    _, whole = _detect(cst.parse_module(text), text, rules_for(text, rules), "input.py")
    assert [_key(f) for f in focused] == [_key(f) for f in whole]


FOCUS_SOURCE = '''\
import tensorflow as tf

LOG = []


class Unrelated:
    # a comment
    def method(self, x):
        return [x for _ in range(3)]


def helper(x):
    LOG.append(x)
    return x


def unrelated(y):
    """Not traced."""
    return y + 1


class Model(tf.keras.Model):
    def call(self, x):
        return helper(x)

    def summary_text(self):
        return "text"
'''


def test_focus_stubs_what_cannot_matter_and_keeps_every_line_in_place() -> None:
    from tfautofix.screen import screen_source

    rules, focus = screen_source(FOCUS_SOURCE, [rule_by_code("TFA012")])
    assert [rule.code for rule in rules] == ["TFA012"]
    original, focused = FOCUS_SOURCE.splitlines(), focus.splitlines()
    assert len(focused) == len(original)
    for kept in ("def helper(x):", "    LOG.append(x)"):
        assert original.index(kept) == focused.index(kept)  # the finding's definition: in place
    # Which code is traced LibCST asks the model of the whole file; definitions nothing
    # kept names are not even stubs: their lines become one string.
    assert "Unrelated" not in focus and "unrelated" not in focus
    from tfautofix.engine import lint_source

    assert [(f.code, f.line) for f in lint_source(FOCUS_SOURCE, rules)] == [("TFA012", 13)]
    assert "a comment" not in focus and "Not traced" not in focus
    ast.parse(focus)


def test_focus_keeps_the_whole_file_for_rules_that_need_it() -> None:
    from tfautofix.screen import screen_source

    text = "import keras\n\ndef other():\n    return 1\n\nfor row in rows:\n    model.predict(row)\n"
    rules, focus = screen_source(text, [rule_by_code("TFA011")])  # a model's kind is looked up anywhere
    assert [rule.code for rule in rules] == ["TFA011"] and focus == text
    rules, focus = screen_source(text, [rule_by_code("TFA011"), rule_by_code("TFA009")])
    assert focus == text


# -- rules that fix nothing report from the ast alone --------------------------------

REPORT_ONLY = '''\
import json

import tensorflow as tf

SCALE = 1.0


def set_scale(factor):
    global SCALE
    SCALE = factor


@tf.function
def step(x, path):
    label = "é, ü"; config = json.load(open(path))
    return x * SCALE * config["factor"]


@tf.function  # tfautofix: ignore[TFA017]
def countdown(n):
    return countdown(n - 1)


@tf.function
def factorial(n):
    return n * factorial(n - 1)
'''


def test_report_only_rules_detect_without_libcst(monkeypatch) -> None:
    from tfautofix import engine

    def no_libcst(*args, **kwargs):
        raise AssertionError("LibCST parsed a file that only report-only rules screen in")

    monkeypatch.setattr(engine.cst, "parse_module", no_libcst)
    rules = [rule_by_code(code) for code in ("TFA016", "TFA017")]  # TFA014 has fixes now: LibCST reads its files
    assert all(rule.ast_only for rule in rules)
    found = [(f.code, f.line) for f in engine.lint_source(REPORT_ONLY, rules, "input.py")]
    # the def-line suppression covers countdown's recursion; json.load(open(...)) is one finding
    assert found == [("TFA016", 15), ("TFA017", 26)]


def test_report_only_findings_count_columns_in_characters_as_libcst_does() -> None:
    from tfautofix.engine import lint_source

    [finding] = lint_source(REPORT_ONLY, [rule_by_code("TFA016")], "input.py")
    line = REPORT_ONLY.splitlines()[finding.line - 1]
    start = line.index("open(")
    assert (finding.column, finding.end_column) == (start + 1, start + len('open(path)') + 1)
    assert not line.isascii() and len(line[:start].encode()) != start  # bytes and characters differ here


PER_CALL = '''\
import tensorflow as tf


def convert(model, x):
    @tf.function
    def step(y):
        return model(y)

    return step(x)


def run(models, x):
    for model in models:
        convert(model, x)
'''


def test_tfa006_screen_drops_a_function_wrapping_another_callable_on_each_call_of_a_loop() -> None:
    from tfautofix.engine import lint_source

    rule = [rule_by_code("TFA006")]
    assert rules_for(PER_CALL, rule) == []  # each call wraps another model: check declines it
    same = PER_CALL.replace("        convert(model, x)", "        convert(models[0], x)")
    assert rules_for(same, rule) == rule
    assert [f.code for f in lint_source(same, rule, "input.py")] == ["TFA006"]


SET_UP_STATE = '''\
import tensorflow as tf


class Model(tf.keras.Model):
    def build(self, shape):
        self.items.append(shape)
        self.shape = shape

    def call(self, x, extras):
        self.built = True
        self.cache = []
        self.sign = -1
        extras["last"] = x
        return x * 2
'''


def test_tfa012_screen_drops_set_up_state_and_plain_parameters() -> None:
    """What TFA012's check declines (build methods, literals, empty containers, item
    assignment to a parameter of a function that is not the tf.function) needs no LibCST."""
    from tfautofix.engine import lint_source

    rule = [rule_by_code("TFA012")]
    assert rules_for(SET_UP_STATE, rule) == []
    for kept, line in (("self.last = x", 10), ("self.cache = [x]", 11)):
        text = SET_UP_STATE.replace("self.built = True", kept) if kept == "self.last = x" else SET_UP_STATE.replace("self.cache = []", kept)
        assert rules_for(text, rule) == rule
        assert [(f.code, f.line) for f in lint_source(text, rule, "input.py")] == [("TFA012", line)]
    entry = "import tensorflow as tf\n\n\n@tf.function\ndef f(x, extras):\n    extras['last'] = x\n    return x\n"
    assert [(f.code, f.line) for f in lint_source(entry, rule, "input.py")] == [("TFA012", 6)]
    assert rules_for(entry, rule) == rule


TRACED_LOCAL_STATE = '''\
import tensorflow as tf


def helper(items, x):
    items.insert(0, x)
    return items, tf.data.Dataset.from_tensors({"a": x}).map(lambda d: (d, d.pop("a")))


@tf.function
def f(xs, x):
    seen = []

    def note(v):
        seen.append(v)
        return v

    outs = []
    for leaf in tf.nest.flatten(xs):
        outs.append(note(leaf) * 2)
    return helper(outs, x)
'''


def _tfa012_lines(text: str) -> list[int]:
    """TFA012's findings from LibCST on the whole file (no screen)."""
    rule = rule_by_code("TFA012")
    _, findings = _detect(cst.parse_module(text), text, [rule], "input.py")
    return [f.line for f in findings]


def _line(text: str, code: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if code in line)


def test_tfa012_screen_drops_what_traced_code_creates_anew() -> None:
    """What TFA012's check declines and the ast shows alike needs no LibCST: a list of an
    enclosing traced function (each trace creates it anew), a loop over ``tf.nest.flatten``
    (a Python list: unrolled), a parameter of a helper or of a lambda that is not the
    tf.function itself. Each variant that is a finding still reaches LibCST."""
    rule = [rule_by_code("TFA012")]
    assert _tfa012_lines(TRACED_LOCAL_STATE) == []
    assert rules_for(TRACED_LOCAL_STATE, rule) == []
    module_list = TRACED_LOCAL_STATE.replace("    seen = []\n", "").replace("def helper", "seen = []\n\n\ndef helper")
    assert rules_for(module_list, rule) == rule
    assert _tfa012_lines(module_list) == [_line(module_list, "seen.append(v)")]  # a list defined outside, now
    tensor_loop = TRACED_LOCAL_STATE.replace("tf.nest.flatten(xs)", "tf.range(3)")
    assert rules_for(tensor_loop, rule) == rule
    assert _tfa012_lines(tensor_loop) == [_line(tensor_loop, "outs.append(")]
    entry = TRACED_LOCAL_STATE.replace("    return helper(", "    xs.pop('a')\n    return helper(")
    assert rules_for(entry, rule) == rule
    assert _tfa012_lines(entry) == [_line(entry, "xs.pop(")]


DATASET_SHUFFLE = '''\
import numpy as np
import tensorflow as tf

INDICES = np.random.permutation(10)


@tf.function
def batches(x):
    flat_dataset = tf.data.Dataset.from_tensor_slices(x)
    flat_dataset = flat_dataset.shuffle(1024)
    return flat_dataset
'''


def test_tfa002_screen_drops_draw_methods_of_what_is_no_generator() -> None:
    """``dataset.shuffle(n)`` on a name no assignment of the file gives a ``random``/``np.random``
    object is no generator draw (``_generator`` declines): no LibCST. A name that is one still
    reaches it and is reported."""
    rule = [rule_by_code("TFA002")]
    _, whole = _detect(cst.parse_module(DATASET_SHUFFLE), DATASET_SHUFFLE, rule, "input.py")
    assert whole == []
    assert rules_for(DATASET_SHUFFLE, rule) == []
    generator = DATASET_SHUFFLE.replace("tf.data.Dataset.from_tensor_slices(x)", "np.random.default_rng()").replace(
        "flat_dataset = flat_dataset.shuffle(1024)", "draw = flat_dataset.shuffle(x)")
    assert rules_for(generator, rule) == rule
    _, whole = _detect(cst.parse_module(generator), generator, rule, "input.py")
    assert [(f.code, f.line) for f in whole] == [("TFA002", _line(generator, "draw = "))]


WRAPS_A_DEF_OF_THE_LOOP = '''\
import tensorflow as tf


def export(signatures):
    wrapped = []
    for name, fn in signatures.items():
        def wrapper(x):
            return fn(x)

        wrapped.append(tf.function(wrapper))
    return wrapped
'''


def test_tfa006_screen_drops_a_loop_wrapping_the_def_it_defines() -> None:
    """A ``def`` in a loop body is rebound on each iteration (``loop_bound_names``), so wrapping
    it is wrapping the loop's value, which ``check`` declines: no LibCST. Wrapping a function
    defined before the loop still reaches it and is reported."""
    rule = [rule_by_code("TFA006")]
    _, whole = _detect(cst.parse_module(WRAPS_A_DEF_OF_THE_LOOP), WRAPS_A_DEF_OF_THE_LOOP, rule, "input.py")
    assert whole == []
    assert rules_for(WRAPS_A_DEF_OF_THE_LOOP, rule) == []
    outside = WRAPS_A_DEF_OF_THE_LOOP.replace("        def wrapper(x):\n            return fn(x)\n\n", "").replace(
        "    wrapped = []\n", "    wrapped = []\n\n    def wrapper(x):\n        return x\n\n")
    assert rules_for(outside, rule) == rule
    _, whole = _detect(cst.parse_module(outside), outside, rule, "input.py")
    assert [(f.code, f.line) for f in whole] == [("TFA006", _line(outside, "tf.function(wrapper)"))]


def test_tfa016_triggers_cover_every_file_function() -> None:
    """TFA016's screen strings are fewer than the functions it knows: each name contains one."""
    from tfautofix.codemods.tfa016_file_io import _SHORT

    triggers = rule_by_code("TFA016").triggers
    assert all(any(trigger in name for trigger in triggers) for name in _SHORT)


def test_tfa002_focus_keeps_the_code_that_changes_a_gathered_table() -> None:
    """`C[draw]` is gathered only when nothing changes `C`: a function that appends to it,
    untraced and far from the draw, must stay in the focused check."""
    from tfautofix.engine import lint_source

    text = (
        "import random\nimport tensorflow as tf\n\nSCALES = [0.5, 1.0]\n\n\ndef grow():\n    SCALES.append(2.0)\n\n\n"
        "@tf.function\ndef f(x):\n    return tf.identity(SCALES[random.randint(0, 1)])\n"
    )
    rules = [rule_by_code("TFA002")]
    focused = lint_source(text, rules, "input.py")
    _, whole = _detect(cst.parse_module(text), text, rules, "input.py")
    assert [_key(f) for f in focused] == [_key(f) for f in whole]
    assert "indexes a sequence" in focused[0].message  # not gathered
