"""TFA003: tensor inference (fast, no TensorFlow) and traces against AutoGraph (TensorFlow).

The golden cases check the rewrites against the eager oracle with AutoGraph
off, where the originals fail. Here the originals also run *with* AutoGraph
(``autograph=True``), which is what the rewrite makes explicit: the rewrite
must give the same values and trace no more often.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from tfautofix.analysis.context import FileContext
from tfautofix.analysis.tensors import TensorInference
from tfautofix.verify import Job, run_exercises
from tfautofix.verify.contracts import compare_values

PRELUDE = """\
import tensorflow as tf
from tensorflow import reduce_sum as total_of


@tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([None], tf.float32)])
def f(s, v, flag=False, mask=None, t: tf.Tensor = None):
    total = tf.reduce_sum(v)
    y = total
    y = y + 1
    count = 0
    count += 1
    width = v.shape[0]
    first, second = tf.unstack(v[:2])
    value = {expr}
"""

# expression, is_tensor, is_scalar, is_bool
CASES = [
    ("tf.reduce_mean(v) > 0.5", True, True, True),
    ("total", True, True, False),
    ("y", True, True, False),
    ("first", True, None, False),
    ("total_of(v)", True, True, False),
    ("tf.math.reduce_max(v, axis=0)", True, None, False),
    ("tf.shape(v)[0] > 2", True, True, True),
    ("s > 0", True, True, True),
    ("v > 0", True, False, True),
    ("t", True, None, False),
    ("not tf.reduce_any(v > 0)", True, True, True),
    ("tf.reduce_any(v > 0) and total > 0", True, True, True),
    ("flag", False, None, False),
    ("mask is None", False, None, True),
    ("v.shape[0] > 2", False, None, True),
    ("len(v) > 2", False, None, True),
    ("width", False, None, False),
    ("count", False, None, False),
    ("tf.executing_eagerly()", False, None, False),
    ("helper(v) > 0", False, None, True),
]


def _infer(expr: str) -> tuple[TensorInference, cst.BaseExpression]:
    module = cst.parse_module(PRELUDE.format(expr=expr))
    ctx = FileContext(module)
    func = next(stmt for stmt in module.body if isinstance(stmt, cst.FunctionDef))
    last = func.body.body[-1].body[0]
    assert isinstance(last, cst.Assign)
    return TensorInference(ctx, func), last.value


@pytest.mark.parametrize("expr, tensor, scalar, boolean", CASES, ids=[c[0] for c in CASES])
def test_tensor_inference(expr: str, tensor: bool, scalar: bool | None, boolean: bool) -> None:
    inference, node = _infer(expr)
    assert inference.is_tensor(node) is tensor
    if tensor:
        assert inference.is_scalar(node) is scalar
    assert inference.is_bool(node) is boolean


def test_a_local_tf_is_not_tensorflow() -> None:
    module = cst.parse_module(
        "class tf:\n    reduce_sum = sum\n\n\ndef f(v):\n    return tf.reduce_sum(v) > 0\n"
    )
    ctx = FileContext(module)
    func = module.body[1]
    assert not TensorInference(ctx, func).is_tensor(func.body.body[0].body[0].value)


GOLDEN = Path(__file__).parent / "golden" / "TFA003"
AUTOGRAPH_CASES = sorted(
    case for case in GOLDEN.iterdir()
    if (case / "expected.py").exists() and "autograph=False" in (case / "input.py").read_text(encoding="utf-8")
)


@pytest.mark.tensorflow
def test_rewrites_trace_no_more_than_autograph(tmp_path: Path) -> None:
    assert len(AUTOGRAPH_CASES) >= 8
    jobs = []
    for case in AUTOGRAPH_CASES:
        with_autograph = tmp_path / f"{case.name}.py"
        source = (case / "input.py").read_text(encoding="utf-8")
        with_autograph.write_text(source.replace("autograph=False", "autograph=True"), encoding="utf-8")
        jobs += [Job(f"{case.name}@autograph", str(with_autograph), "graph"), Job(case.name, str(case / "expected.py"), "graph")]
    results = run_exercises(jobs)
    compared = 0
    for case in AUTOGRAPH_CASES:
        original, rewrite = results[(f"{case.name}@autograph", "graph")], results[(case.name, "graph")]
        assert not rewrite["error"], (case.name, rewrite["error"])
        if original["error"]:
            # AutoGraph rejects it too (a float condition; a loop variable that grows, which needs the
            # shape invariants the rewrite states; a list indexed by the loop counter, which the rewrite
            # gathers); the golden test compares with eager.
            reasons = ("OperatorNotAllowed", "boolean", "shape invariants", "indices must be integers")
            assert any(why in original["error"] for why in reasons), original["error"]
            continue
        assert compare_values([original["value"]], None, [rewrite["value"]]).problem is None, case.name
        assert 0 < rewrite["traces"] <= original["traces"], (case.name, rewrite["traces"], original["traces"])
        compared += 1
    assert compared >= 8


def test_single_value_branches_have_a_tf_where_candidate() -> None:
    """`tf.cond` is the fix; `tf.where` (both branches computed, broadcast) is a candidate only
    execution may choose, naming the fact it gives up; multi-statement branches have none."""
    from tfautofix.engine import lint_source
    from tfautofix.codemods.tfa003_tensor_branch import PythonBranchOnTensor

    source = (
        "import tensorflow as tf\n\n\n@tf.function(autograph=False)\ndef f(x, training):\n"
        "    if training and tf.reduce_sum(x) > 0:\n        return x * 0.5\n    return x\n\n\n"
        "@tf.function(autograph=False)\ndef g(x):\n    if tf.reduce_sum(x) > 0:\n        y = x + 1.0\n        y = y * 2.0\n"
        "    else:\n        y = x\n    return y\n"
    )
    first, second = lint_source(source, [PythonBranchOnTensor()], "m.py")
    assert first.fix.label == "tf.cond" and [a.label for a in first.alternatives] == ["tf.where"]
    (where,) = first.alternatives
    rendered = "".join(cst.Module([]).code_for_node(e) if isinstance(e, cst.CSTNode) else "" for e in where.edits.values())
    assert "tf.where(tf.reduce_sum(x) > 0, x * 0.5, x)" in rendered and "if training:" in rendered
    assert where.applicability == "unsafe" and any(u.startswith("one-branch") for u in where.unknown)
    assert not any(u.startswith("one-branch") for u in first.fix.unknown)
    assert second.fix is not None and second.alternatives == ()


PASSED = """\
import tensorflow as tf


@tf.function(autograph=False)
def schedule(step, warm):
    if step < 10.0:
        lr = tf.constant(0.1)
    elif step < 20.0:
        lr = tf.constant(0.01)
    else:
        lr = tf.constant(0.001)
    if warm:
        lr = lr * 0.5
    return lr


def run():
    return {call}
"""


@pytest.mark.parametrize("call, reported", [
    ("schedule(tf.constant(3.0), True)", True),
    ("schedule(step=tf.math.maximum(2.0, 1.0), warm=False)", True),
    ("schedule(3.0, tf.constant(True))", False),  # the `if warm:` is reported, not the chain
    ("schedule(3.0, False)", False),  # Python values: the `if` works
    ("[schedule(s, False) for s in (tf.constant(1.0),)]", False),  # not a direct op result: unknown
])
def test_a_parameter_a_call_passes_a_tensor_makes_its_if_chain_reported(call: str, reported: bool) -> None:
    """An `if`/`elif` chain on a parameter that some call in the file passes a TensorFlow op's
    result raises there: reported, and fixed as nested `tf.cond`, unsafe (other callers may pass
    Python values, where the `if` worked and `tf.cond` returns tensors)."""
    from tfautofix.codemods.tfa003_tensor_branch import PythonBranchOnTensor
    from tfautofix.engine import fix_source, lint_source

    source = PASSED.format(call=call)
    chain = [f for f in lint_source(source, [PythonBranchOnTensor()], "m.py") if f.line == 6]
    assert bool(chain) is reported
    if reported:
        (finding,) = chain
        assert finding.fix.applicability == "unsafe" and any(u.startswith("tensor-parameters: `step`") for u in finding.fix.unknown)
        fixed = fix_source(source, [PythonBranchOnTensor()], "m.py", unsafe_fixes=True)[0]
        assert "lambda: tf.cond(" in fixed and "elif" not in fixed and "if warm:" in fixed


def _rendered(fix) -> str:
    nodes = [n for e in fix.edits.values() for n in (e.nodes if isinstance(e, cst.FlattenSentinel) else [e])]
    return "".join(cst.Module([]).code_for_node(n) for n in nodes if isinstance(n, cst.CSTNode))


@pytest.mark.parametrize("condition, primary, alternatives", [
    # Unknown dtype: the cast (real numbers) is the fix; complex and string truth tests are candidates.
    ("tf.reduce_sum(x)", "tf.cast(tf.reduce_sum(x), tf.bool)", ["tf.not_equal(tf.reduce_sum(x), 0)", "tf.strings.length(tf.reduce_sum(x)) > 0"]),
    ("tf.reduce_sum(tf.cast(x, tf.complex64))", "tf.not_equal(tf.reduce_sum(tf.cast(x, tf.complex64)), 0)", []),
    ("tf.strings.strip(x)", "tf.strings.length(tf.strings.strip(x)) > 0", []),
    ("tf.reduce_sum(tf.cast(x, tf.int32))", "tf.cast(tf.reduce_sum(tf.cast(x, tf.int32)), tf.bool)", []),
])
def test_a_condition_gets_pythons_truth_test_for_its_dtype(condition: str, primary: str, alternatives: list[str]) -> None:
    """Python's truth test is non-zero for numbers (complex: either part), non-empty for strings;
    `tf.cast(c, tf.bool)` reads a complex number's real part and rejects strings. Known dtypes pick
    the test; unknown ones keep the cast and add the others as candidates execution chooses from."""
    from tfautofix.codemods.tfa003_tensor_branch import PythonBranchOnTensor
    from tfautofix.engine import lint_source

    source = f"import tensorflow as tf\n\n\n@tf.function(autograph=False)\ndef f(x):\n    if {condition}:\n        y = x * 2\n    else:\n        y = x\n    return y\n"
    (finding,) = lint_source(source, [PythonBranchOnTensor()], "m.py")
    assert primary in _rendered(finding.fix)
    assert any(u.startswith("truth-test") for u in finding.fix.unknown) == bool(alternatives)
    truth = [a for a in finding.alternatives if a.label != "tf.where"]
    assert [next(p for p in alternatives if p in _rendered(a)) for a in truth] == alternatives


@pytest.mark.parametrize("method, fixed", [
    ("    def call(self, inputs):\n        if tf.reduce_mean(inputs) > 0.0:\n            return super().call(inputs) * 2.0\n"
     "        return super().call(inputs)\n", True),
    ("    @staticmethod\n    def call(inputs):\n        if tf.reduce_mean(inputs) > 0.0:\n            return super().call(inputs)\n"
     "        return inputs\n", False),
])
def test_zero_argument_super_is_spelled_out_in_a_method(method: str, fixed: bool) -> None:
    """Moved into a branch function, `super()` raises (no `__class__` cell, no first argument): in a
    method it becomes `super(Class, self)`; elsewhere there is nothing to name and no fix."""
    from tfautofix.codemods.tfa003_tensor_branch import PythonBranchOnTensor
    from tfautofix.engine import lint_source

    source = f"import tensorflow as tf\nimport keras\n\n\nclass Gate(keras.layers.Dense):\n{method}"
    (finding,) = lint_source(source, [PythonBranchOnTensor()], "m.py")
    if not fixed:
        assert finding.fix is None and "super()" in finding.message
        return
    rendered = _rendered(finding.fix)
    assert "super(Gate, self).call(inputs) * 2.0" in rendered and "super()" not in rendered
    assert not any(u.startswith("explicit-super") for u in finding.fix.unknown)


def test_a_while_counter_indexing_a_literal_list_becomes_a_gather() -> None:
    """After `tf.while_loop` the counter is a tensor, which a Python list cannot take as index:
    `SEQ[i]` of a list of literals bound once becomes `tf.gather(SEQ, i)` (the whole `tf.constant(SEQ[i])`,
    which rejects a symbolic tensor); a list bound twice is left alone."""
    from tfautofix.codemods.tfa003_tensor_branch import PythonBranchOnTensor
    from tfautofix.engine import lint_source

    source = (
        "import tensorflow as tf\n\nNAMES = ['a', 'b', 'c']\nOTHER = [1, 2]\nOTHER = [3, 4]\n\n\n@tf.function(autograph=False)\n"
        "def f(x):\n    i = 0\n    while tf.reduce_max(x) > 1.0:\n        x = x / 2.0\n        i += 1\n"
        "    return tf.constant(NAMES[i]), OTHER[i]\n"
    )
    (finding,) = lint_source(source, [PythonBranchOnTensor()], "m.py")
    rendered = _rendered(finding.fix)
    assert "tf.gather(NAMES, i)" in rendered and "tf.constant(" not in rendered and "gather(OTHER" not in rendered
