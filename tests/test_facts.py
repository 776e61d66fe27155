"""Closed world (issue 26): a fix is safe only when every fact it relies on is known. TF-free."""

from __future__ import annotations

import re

import libcst
import pytest

from tfautofix.codemods import all_rules, rule_by_code
from tfautofix.engine import lint_source


def _fix(code: str, source: str):
    [finding] = [f for f in lint_source(source, [rule_by_code(code)]) if f.code == code]
    return finding.fix


MUTATED_CLOSURE = """\
import tensorflow as tf

SCALE = [1.0]


def step(x):
    return x * SCALE[-1]


for i in range(3):
    SCALE.append(float(i))
    f = tf.function(step)
    f(tf.constant(1.0))
"""

CAUGHT_BROADLY = """\
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def check(x):
    try:
        assert x > 0.0, "positive"
    except Exception:
        x = -x
    return x
"""

SLOTS = """\
import tensorflow as tf


class Counter(tf.Module):
    __slots__ = ("scale",)

    def __init__(self):
        self.scale = 2.0

    @tf.function
    def __call__(self, x):
        total = tf.Variable(0.0)
        total.assign_add(x)
        return total.read_value()
"""

STABLE_CLOSURE = MUTATED_CLOSURE.replace("SCALE = [1.0]", "SCALE = 2.0").replace("SCALE[-1]", "SCALE").replace(
    "    SCALE.append(float(i))\n", "")


@pytest.mark.parametrize(("code", "source", "unknown"), [
    ("TFA006", MUTATED_CLOSURE, "state-read"),  # `.append` on a global the hoisted function reads
    ("TFA018", CAUGHT_BROADLY, "exceptions"),  # InvalidArgumentError instead of AssertionError
    ("TFA001", SLOTS, None),  # a new `self._total` attribute on a class with __slots__
])
def test_unknown_fact_makes_the_fix_unsafe(code, source, unknown):
    fix = _fix(code, source)
    assert fix is not None and fix.applicability == "unsafe"
    if unknown is not None:
        assert any(reason.startswith(unknown + ":") for reason in fix.unknown)


def test_known_facts_keep_the_fix_safe():
    fix = _fix("TFA006", STABLE_CLOSURE)
    assert fix is not None and fix.applicability == "safe" and fix.unknown == ()


def test_every_fixing_rule_declares_its_facts():
    """A rule whose fixes can be safe says what their safety rests on (``tfautofix rules CODE``)."""
    undeclared = [r.code for r in all_rules() if r.fixable == "safe" and r.code != "TFA009" and not r.facts]
    assert undeclared == []


OBSERVED = """\
import numpy as np
import tensorflow as tf


@tf.function
def center(x):
    return x - tf.constant(np.mean(x))
"""


def _log(dtype: str):
    from tfautofix.tracing.log import from_json

    trace = {"parameters": {"x": {"kind": "tensor", "shape": [3], "dtype": dtype}}}
    function = {"file": "m.py", "line": 5, "qualname": "center", "parameters": ["x"], "options": {}, "calls": 1,
                "instances": 1, "tracing_seconds": 0.1, "traces": [trace]}
    return from_json({"format": "tfautofix-traces", "version": 1, "functions": [function]})


@pytest.mark.parametrize(("log", "applicability", "cast"), [(None, "unsafe", False), ("float32", "safe", False), ("int32", "safe", True)])
def test_observed_dtypes_are_evidence(log, applicability, cast):
    """``np.mean`` → ``tf.reduce_mean`` differs on integers: a trace that saw only float32 settles it;
    one that saw int32 makes the fix NumPy's float64 mean."""
    traces = None if log is None else _log(log)
    [finding] = lint_source(OBSERVED, [rule_by_code("TFA010")], "m.py", traces=traces)
    assert finding.fix is not None and finding.fix.applicability == applicability
    (edit,) = finding.fix.edits.values()
    assert ("tf.cast(x, tf.float64)" in libcst.Module([]).code_for_node(edit)) == cast


def test_rules_shows_the_facts_table():
    from rich.console import Console

    from tfautofix.report import rule_documentation

    console = Console(width=200, record=True)
    console.print(rule_documentation(rule_by_code("TFA008")))
    text = console.export_text()
    assert "no-xla" in text and "printed-values" in text


# -- TFA011: the Keras the file uses (issue 28: a `keras.ops` fix in a notebook that runs Keras 2) --------------
FUNCTIONAL_PREDICT = """\
{header}
import numpy as np

inputs = {k}.Input((2,))
model = {k}.Model(inputs, [{k}.layers.Dense(1)(inputs), inputs])
{extra}
scores = [model.predict(row[None], verbose=0) for row in np.ones((64, 2))]
"""


@pytest.mark.parametrize(
    ("header", "k", "extra", "written", "known"),
    [
        ("import tensorflow as tf", "tf.keras", "", "tf.nest.map_structure(lambda t: t.numpy(), model(", True),
        ("import tf_keras", "tf_keras", "", "tf.nest.map_structure(lambda t: t.numpy(), model(", True),
        ("import os\nos.environ['TF_USE_LEGACY_KERAS'] = '1'\nimport tensorflow as tf", "tf.keras", "", "tf.nest.map_structure(", True),
        ("# !pip install -q tensorflow==2.15.0\nimport keras", "keras", "", "tf.nest.map_structure(lambda t: t.numpy(), model(", True),
        ("# !pip install keras==3.3.0\nimport keras", "keras", "", "keras.tree.map_structure(keras.ops.convert_to_numpy, model(", True),
        ("import keras", "keras", "total = keras.ops.sum(inputs)", "keras.tree.map_structure(keras.ops.convert_to_numpy, model(", True),
        ("import os\nos.environ['KERAS_BACKEND'] = 'jax'\nimport keras", "keras", "", "keras.tree.map_structure(", True),
        ("import keras", "keras", "", "tf.nest.map_structure(lambda t: t.numpy(), model(", False),
        ("# !pip install keras==2.2.4\nimport keras", "keras", "", "tf.nest.map_structure(lambda t: t.numpy(), model(", False),
        ("# !pip install tensorflow==1.15\nimport tensorflow as tf", "tf.keras", "", "tf.nest.map_structure(", False),
    ],
)
def test_tfa011_converts_in_the_keras_the_file_uses(header, k, extra, written, known) -> None:
    from tfautofix.engine import fix_source

    source = FUNCTIONAL_PREDICT.format(header=header, k=k, extra=extra)
    fix = _fix("TFA011", source)
    assert any(u.startswith("keras-version") for u in fix.unknown) != known, fix.unknown
    fixed, _, _ = fix_source(source, [rule_by_code("TFA011")], "m.py", unsafe_fixes=True)
    unwrapped = re.sub(r"\(\n\s*", "(", fixed)  # the call as one line, however it was wrapped to the line length
    assert written in unwrapped and ".predict(" not in fixed
    [finding] = [f for f in lint_source(source, [rule_by_code("TFA011")])]
    # A plain `import keras` of unknown version: the Keras 3 conversion is offered too, for `fix --verify`
    # to choose by execution (not where the pin says TensorFlow 1 graphs: a call returns a symbolic tensor).
    assert [a.label for a in finding.alternatives] == (["Keras 3"] if header == "import keras" and not extra else [])


HELPER_OF_A_TF_FUNCTION = """\
import tensorflow as tf


def report(x):
    print("x", x)
    return x


@tf.function
def step(x):
    return report(x) * 2.0
"""


def test_a_helper_called_from_a_plain_tf_function_is_not_keras_traced():
    # "called from traced `step`" once matched Keras's `call`, so no-xla was unknown here.
    [finding] = [f for f in lint_source(HELPER_OF_A_TF_FUNCTION, [rule_by_code("TFA008")]) if f.code == "TFA008"]
    assert "no-xla" not in finding.message
    keras = HELPER_OF_A_TF_FUNCTION.replace("@tf.function\ndef step(x):", "class Head(tf.keras.layers.Layer):\n    def call(self, x):")
    keras = keras.replace("    return report(x) * 2.0", "        return report(x) * 2.0")
    [finding] = [f for f in lint_source(keras, [rule_by_code("TFA008")]) if f.code == "TFA008"]
    assert "no-xla: traced by Keras" in finding.message
