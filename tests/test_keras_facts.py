"""The Keras facts the rules rely on, checked against both Kerases (Keras 3 and tf-keras)."""

from __future__ import annotations

import pytest

from tfautofix.codemods.tfa013_keras_object import VARIABLES_ONLY_WITH

#: A value of each argument that creates variables, and an input to call each layer on.
_CREATING = {"use_scale": True, "score_mode": "concat", "dropout": 0.1}
_INPUTS = {"Attention": "[tf.ones((1, 2, 3))] * 2"}

_PROBE = """\
import tensorflow as tf

def count(name, keywords):
    layer = getattr(tf.keras.layers, name)(**keywords)
    layer({inputs})
    return len(layer.variables)

def exercise():
    return {{name: [count(name, {{}})] + [count(name, {{keyword: value}}) for keyword, value in creating]
            for name, creating in {cases}.items()}}
"""


@pytest.mark.tensorflow
def test_variables_only_with_its_arguments_in_both_kerases(tmp_path) -> None:
    """TFA013 leaves `Attention(causal=True)` built in `call` alone: each class of the table has no
    variable at its defaults, and each argument it lists creates one (in some Keras)."""
    from tfautofix.verify import Job, run_exercises

    cases = {name: [(keyword, _CREATING[keyword]) for _, keyword, _ in conditions] for name, conditions in VARIABLES_ONLY_WITH.items()}
    probes = []
    for name in cases:
        probe = tmp_path / f"{name}.py"
        probe.write_text(_PROBE.format(inputs=_INPUTS[name], cases={name: cases[name]}), encoding="utf-8")
        probes.append(probe)
    jobs = [Job(f"{keras}-{p.stem}", str(p), "eager", env) for p in probes
            for keras, env in (("keras3", ()), ("tf-keras", (("TF_USE_LEGACY_KERAS", "1"),)))]
    results = run_exercises(jobs)
    for name in cases:
        counts = [results[(f"{keras}-{name}", "eager")]["value"][name] for keras in ("keras3", "tf-keras")]
        assert all(c[0] == 0 for c in counts), (name, counts)  # variable-free at its defaults
        assert all(max(c[i] for c in counts) > 0 for i in range(1, len(cases[name]) + 1)), (name, counts)
