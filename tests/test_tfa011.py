"""TFA011 on a model whose class overrides `predict_step` (issue 29): a model call would skip the
override, so the fix calls the override, unsafe (`predict` hands it batches of its data adapter)."""

from __future__ import annotations

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import fix_source, lint_source

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
