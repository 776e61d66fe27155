"""TFA011 on a model whose class overrides `predict_step` (issue 29): a model call would skip the
override, so the fix calls the override, unsafe (`predict` hands it batches of its data adapter)."""

from __future__ import annotations

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import apply_one, detect, fix_source, lint_source

SOURCE = """\
import keras
import numpy as np


class Base(keras.Sequential):
{body}

class Thresholded(Base):
    pass


model = Thresholded([keras.Input((3,)), keras.layers.Dense(1)])
rows = np.ones((40, 3), dtype="float32")
scores = [model.predict(r[None], verbose=0) for r in rows]
"""
OVERRIDE = "    def predict_step(self, data):\n        return keras.ops.cast(self(data, training=False) > 0.0, 'float32')\n"


def test_an_overridden_predict_step_is_what_the_fix_calls() -> None:
    rule = rule_by_code("TFA011")
    source = SOURCE.format(body=OVERRIDE)
    (finding,) = lint_source(source, [rule], "m.py")
    assert "`model.predict_step(x)`" in finding.message
    assert all(any(u.startswith("keras-predict-step: the class of `model` overrides") for u in c.unknown) for c in finding.candidates)
    fixed = fix_source(source, [rule], "m.py", unsafe_fixes=True)[0]
    assert "model.predict_step(r[None])" in fixed and "model(r[None]" not in fixed


@pytest.mark.parametrize("body", ["    pass\n", "    def call(self, x):\n        return x\n"])
def test_without_an_override_the_model_is_called(body: str) -> None:
    """Keras' own predict_step: a model call is what it computes (the fact is known)."""
    (finding,) = lint_source(SOURCE.format(body=body), [rule_by_code("TFA011")], "m.py")
    assert "`model(x, training=False)`" in finding.message
    assert not any(u.startswith("keras-predict-step") for u in finding.fix.unknown)


def test_a_loaded_model_may_override_predict_step() -> None:
    source = SOURCE.format(body=OVERRIDE).replace("Thresholded([keras.Input((3,)), keras.layers.Dense(1)])", "keras.models.load_model('m.keras')")
    (finding,) = lint_source(source, [rule_by_code("TFA011")], "m.py")
    assert "`model(x, training=False)`" in finding.message
    assert any(u.startswith("keras-predict-step: the class of `model` is not known") for u in finding.fix.unknown)


BATCHED = """\
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Lambda(lambda t: t - tf.reduce_mean(t))])
data = np.ones((4, 2), dtype="float32")
outs = [model.predict({x}, verbose=0{options}) for {loop}]
"""


@pytest.mark.parametrize(("x", "options", "loop", "batched"), [
    ("data * k", ", batch_size=2", "k in range(20)",
     "np.concatenate([model(x_[j_:j_ + 2], training=False).numpy() for x_ in [data * k] for j_ in range(0, len(x_), 2)])"),
    ("data * k", "", "k in range(20)",
     "np.concatenate([model(x_[j_:j_ + 32], training=False).numpy() for x_ in [data * k] for j_ in range(0, len(x_), 32)])"),
])
def test_a_model_that_may_depend_on_the_batch_gets_predicts_batches(x: str, options: str, loop: str, batched: str) -> None:
    """A Sequential whose rows may depend on the batch: a candidate calls it on the batches `predict`
    makes (its `batch_size=`, else 32) and concatenates, `x` evaluated once."""
    ctx, (finding,) = detect(BATCHED.format(x=x, options=options, loop=loop), [rule_by_code("TFA011")], "m.py")
    squeezed = "".join(batched.split())[:-1]  # the wrapped call may gain a trailing comma
    assert any(squeezed in "".join(apply_one(ctx, finding, fix=fix).split()) for fix in finding.candidates)
