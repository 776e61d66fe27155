"""TFA010: NumPy's result by the data's dtype, chosen statically when the dtype is known and by
execution (``fix --verify``) among candidates when it is not (fast, no TensorFlow: the goldens and
adversarial cases run the rewrites)."""

from __future__ import annotations

import libcst as cst
import pytest

from tfautofix.codemods.tfa010_numpy import NumpyInTracedFunction
from tfautofix.engine import lint_source


def _findings(body: str, prelude: str = ""):
    source = f"import numpy as np\nimport tensorflow as tf\n{prelude}\n\n@tf.function\ndef f(x):\n{body}"
    return lint_source(source, [NumpyInTracedFunction()], "m.py")


def _rendered(fix) -> str:
    return "".join(cst.Module([]).code_for_node(e) for e in fix.edits.values())


@pytest.mark.parametrize("call, primary, candidates", [
    ("np.sum(x)", "tf.reduce_sum(x)", ["tf.reduce_sum(tf.cast(x, tf.int64))", "tf.reduce_sum(tf.cast(x, tf.uint64))"]),
    ("np.mean(x)", "tf.reduce_mean(x)", ["tf.reduce_mean(tf.cast(x, tf.float64))"]),
    ("np.max(x)", "tf.reduce_max(x)", ["tf.reduce_any(x)"]),
    ("np.sqrt(x)", "tf.sqrt(x)", ["tf.sqrt(tf.cast(x, tf.float64))"]),
    ("np.max(x > 0)", "tf.reduce_any(x > 0)", []),  # a comparison: bool, known
    ("np.sum(tf.cast(x, tf.uint8))", "tf.reduce_sum(tf.cast(tf.cast(x, tf.uint8), tf.uint64))", []),
    ("np.mean(tf.cast(x, tf.float32))", "tf.reduce_mean(tf.cast(x, tf.float32))", []),  # float: the op is exact
])
def test_numpys_result_by_dtype(call: str, primary: str, candidates: list[str]) -> None:
    """NumPy sums small integers into 64 bits, means integers in float64, takes the max of booleans
    (any): with the dtype known the fix spells that (and the same-value fact is known); unknown, the
    op is the fix and each dtype's spelling a candidate."""
    (finding,) = _findings(f"    return {call}\n")
    assert _rendered(finding.fix) == primary
    assert [_rendered(a) for a in finding.alternatives] == candidates
    assert any(u.startswith("same-value") for u in finding.fix.unknown) == bool(candidates)
    assert all(a.applicability == "unsafe" and a.label for a in finding.alternatives)


@pytest.mark.parametrize("call, fixed", [
    ("np.clip(x, None, 1.0)", "tf.minimum(x, 1.0)"),
    ("np.clip(x, 0.0, None)", "tf.maximum(x, 0.0)"),
    ("np.clip(x, None, None)", None),
    ("np.reshape(x, (2, 3), order='F')", "tf.transpose(tf.reshape(tf.transpose(x), (3, 2)))"),
    ("np.reshape(x, shape, order='F')", "tf.transpose(tf.reshape(tf.transpose(x), shape[::-1]))"),
    ("np.reshape(x, (2, 3), order='C')", "tf.reshape(x, (2, 3))"),
    ("np.reshape(x, (2, 3), order='A')", None),
    ("np.size(x)", "tf.size(x)"),
])
def test_spellings_with_an_exact_equivalent(call: str, fixed: str | None) -> None:
    """An open clip bound is one comparison; Fortran order is the row-major reshape of the
    transposed data to the reversed shape, transposed back; `order="A"` depends on memory layout."""
    (finding,) = _findings(f"    return {call}\n", "shape = (2, 3)")
    assert (_rendered(finding.fix) if finding.fix else None) == fixed


def test_a_numpy_value_a_tape_may_see_becomes_a_stopped_gradient() -> None:
    """A NumPy value is a constant to a GradientTape: where the module takes gradients the
    TensorFlow value is wrapped in `tf.stop_gradient` (the no-gradient fact then holds), once per
    expression (not inside a NumPy call being rewritten), never in what `tf.print` prints."""
    body = ("    with tf.GradientTape() as tape:\n        y = tf.constant(x.numpy(), tf.float32) + np.maximum(np.square(x), 0.5)\n"
            "        tf.print(x.numpy())\n    return tape.gradient(y, x)\n")
    copy, outer, inner, printed = _findings(body)
    assert _rendered(copy.fix) == "tf.stop_gradient(tf.cast(x, tf.float32))" and copy.fix.applicability == "safe"
    assert _rendered(outer.fix) == "tf.stop_gradient(tf.maximum(np.square(x), 0.5))"
    assert _rendered(inner.fix) == "tf.square(x)" and _rendered(printed.fix) == "x"
    assert not any(u.startswith("no-gradient") for f in (copy, outer, inner, printed) for u in f.fix.unknown)


@pytest.mark.parametrize("call, fixed", [
    ("np.transpose(a=x, axes=(1, 0))", "tf.transpose(x, perm=(1, 0))"),
    ("np.transpose(x, (1, 0))", "tf.transpose(x, (1, 0))"),
    ("np.reshape(x, newshape=(3, 2))", "tf.reshape(x, shape=(3, 2))"),  # NumPy < 2.1 spelling
    ("np.sum(a=x, axis=0)", "tf.reduce_sum(x, axis=0)"),
])
def test_numpy_keywords_become_the_ops(call: str, fixed: str) -> None:
    """NumPy's data keyword `a=` is the op's first argument; `axes=`/`newshape=` are `perm=`/`shape=`."""
    (finding,) = _findings(f"    return {call}\n")
    assert _rendered(finding.fix) == fixed


def test_astype_of_the_numpy_result_becomes_a_cast() -> None:
    """A tensor has no `.astype`: `np.f(x).astype(D)` as a whole becomes `tf.cast(tf.g(x), D)`; other
    NumPy-only methods of the result still leave it unfixed."""
    cast, item = _findings("    return np.transpose(x, (1, 0)).astype('float32'), np.sum(x).item()\n")
    assert _rendered(cast.fix) == "tf.cast(tf.transpose(x, (1, 0)), 'float32')"
    assert item.fix is None and "`.item`" in item.message


@pytest.mark.parametrize("body, island", [
    # a statement whose value is unused: the whole statement run by Python, as eagerly
    ('    tf.print("tag", x.numpy())\n    return x\n', 'tf.py_function(lambda x: tf.print("tag", x.numpy()), [x], [])'),
    ('    print("name", x.numpy())\n    return x\n', 'tf.py_function(lambda x: print("name", x.numpy()), [x], [])'),
    # a copy with a dtype: NumPy's own rounding (float64 -> float16 rounds once), the dtype asked
    ("    return tf.constant(x.numpy(), tf.float16)\n",
     "tf.py_function(lambda x: tf.constant(x.numpy(), tf.float16), [x], tf.float16)"),
])
def test_the_eager_code_in_py_function_is_the_last_candidate(body: str, island: str) -> None:
    [finding] = _findings(body)
    last = finding.candidates[-1]
    assert last.label == "the eager code in tf.py_function" and last.applicability == "unsafe"
    assert _rendered(last).strip() == island
    assert any(u.startswith("eager-island:") for u in last.unknown)


def test_no_py_function_candidate_where_the_value_is_python_data() -> None:
    # `.numpy()` used by Python (a comprehension binds names of its own; an `if`): no island
    [finding] = _findings("    n = [v for v in x.numpy()]\n    return x\n")
    assert all(c.label != "the eager code in tf.py_function" for c in finding.candidates)
