"""Hazards whose cost or failure is "once per iteration of a loop", where the loop is in a caller
(issue 29, gen): `agent.act(state)` per environment step runs the `predict` inside `act` per step;
`trainer.run_epoch(epoch)` per epoch hands `self.train_step` a new Python number per epoch. The
loops are found through the calls of the file (closed world), transitively (TF-free)."""

from __future__ import annotations

import json

import pytest

from tfautofix.codemods import rule_by_code
from tfautofix.engine import lint_source
from tfautofix.tracing.log import from_json

TFA011 = rule_by_code("TFA011")

AGENT = """\
import numpy as np
import tensorflow as tf


class Agent:
    def __init__(self):
        self.model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])

    def act(self, state):
        return int(np.argmax(self.model.predict(state, verbose=0)[0]))


def run(env_steps):
    agent = Agent()
    state = np.zeros((1, 4), "float32")
    for _ in range({steps}):
        action = agent.act(state)
        state = state + action
"""


def test_a_method_a_loop_calls_predicts_once_per_iteration() -> None:
    (finding,) = lint_source(AGENT.format(steps="env_steps"), [TFA011], "m.py")
    assert finding.line == 10 and "once per iteration of the loop at line 16, through `agent.act(...)` (line 17)" in finding.message
    # `self.model` is what `__init__` assigns: a Sequential model (one output: one array), not proven
    # row-wise (code elsewhere may assign the attribute)
    unknown = " ".join(finding.fix.unknown)
    assert "may not be a Keras model" not in unknown and "row-wise-model: the model may have layers" in unknown


def test_a_display_loop_in_the_caller_is_still_a_handful_of_calls() -> None:
    assert lint_source(AGENT.format(steps="3"), [TFA011], "m.py") == []


CHAIN = """\
import numpy as np
import tensorflow as tf


def build():
    return tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])


class DQN:
    def __init__(self):
        self.target_model = build()

    def target_q(self, next_state):
        return self.target_model.predict(next_state, verbose=0)[0]

    def target_value(self, reward, next_state):
        return reward + np.amax(self.target_q(next_state))

    def replay(self, minibatch):
        return [self.target_value(r, s) for r, s in minibatch]
"""


def test_the_loop_is_found_through_several_calls() -> None:
    (finding,) = lint_source(CHAIN, [TFA011], "m.py")
    assert "through `self.target_value(...)` (line 20), `self.target_q(...)` (line 17)" in finding.message


PER_CALL = """\
import numpy as np
import tensorflow as tf

x_test = np.ones((100, 3), "float32")


def build():
    return tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])


def {body}


for fold in range(20):
    {call}
"""


@pytest.mark.parametrize("body, call", [
    # a new model on each call, asked once: nothing set up twice (k-fold)
    ("fit_fold(x):\n    model = build()\n    return model.predict(x)", "fit_fold(x_test[fold:])"),
    # the same whole array on every iteration: predict batches it (evaluation once per epoch)
    ("evaluate(model, x):\n    return model.predict(x)", "evaluate(build(), x_test)"),
    # a new model on each iteration, handed to the function
    ("evaluate(model, x):\n    return model.predict(x)", "evaluate(build(), x_test[fold:])"),
])
def test_what_a_loop_around_the_call_would_leave_alone_is_left_alone_through_calls(body: str, call: str) -> None:
    assert lint_source(PER_CALL.format(body=body, call=call), [TFA011], "m.py") == []


def test_a_function_nobody_in_the_file_calls_is_its_callers_business() -> None:
    source = "import numpy as np\n\n\ndef act(model, state):\n    return model.predict(state)\n"
    assert lint_source(source, [TFA011], "m.py") == []


TFA007 = rule_by_code("TFA007")
EPOCHS = """\
import tensorflow as tf


class Trainer:
    @tf.function
    def train_step(self, x, epoch):
        return x * tf.cast(epoch, tf.float32)

    def run_epoch(self, epoch):
        return self.train_step(tf.ones([3]), epoch)


trainer = Trainer()
for epoch in {epochs}:
    trainer.run_epoch(epoch)
"""


def test_a_number_a_callers_loop_varies_retraces_the_tf_function() -> None:
    (finding,) = lint_source(EPOCHS.format(epochs="range(6)"), [TFA007], "m.py")
    assert finding.line == 10 and "a loop that calls `run_epoch`" in finding.message
    assert "tf.constant(epoch)" in finding.message


def test_the_same_number_on_every_iteration_is_one_trace() -> None:
    assert lint_source(EPOCHS.format(epochs="range(6)").replace("run_epoch(epoch)\n", "run_epoch(3)\n"), [TFA007], "m.py") == []


TFA015 = rule_by_code("TFA015")


@pytest.mark.parametrize("source, fixable", [
    # the static read goes through a name into a shape argument: the same fix at the read
    ("@tf.function(input_signature=[tf.TensorSpec([None, 2, 3])])\ndef flat(x):\n"
     "    n = x.shape[0]\n    return tf.reshape(x, [n, 6])\n", True),
    # the call form of tf.function with reduce_retracing
    ("def labels(x):\n    return tf.ones((x.shape[0], 1))\n\n\nlabels = tf.function(labels, reduce_retracing=True)\n", True),
    # the name drives Python too: reported, not fixed
    ("@tf.function(input_signature=[tf.TensorSpec([None, 2])])\ndef rows(x):\n"
     "    n = x.shape[0]\n    return tf.zeros([n]), [i for i in range(n)]\n", False),
])
def test_a_none_dimension_through_a_name_or_the_call_form(source: str, fixable: bool) -> None:
    (finding,) = lint_source("import tensorflow as tf\n\n\n" + source, [TFA015], "m.py")
    assert (finding.fix is not None) == fixable
    if fixable:
        assert "tf.shape(x)[0]" in finding.message


def _log(path: str, line: int, name: str, parameters: list[dict]) -> object:
    return from_json({"format": "tfautofix-traces", "version": 1, "command": [], "processes": [], "functions": [{
        "file": path, "line": line, "qualname": name, "parameters": list(parameters[0]), "options": {},
        "calls": len(parameters), "instances": 1, "tracing_seconds": 0.1,
        "traces": [{"process": 0, "instance": 0, "seconds": 0.05, "parameters": p, "changed": None, "variables": 0}
                   for p in parameters]}]})


def test_a_dimension_the_trace_log_saw_relaxed(tmp_path) -> None:
    path = str(tmp_path / "m.py")
    source = "import tensorflow as tf\n\n\n@tf.function(**OPTIONS)\ndef labels(x):\n    return tf.ones((x.shape[0], 1))\n"
    assert lint_source(source, [TFA015], path) == []
    traces = _log(path, 4, "labels", [{"x": {"kind": "tensor", "shape": [8, 4], "dtype": "float32"}},
                                      {"x": {"kind": "tensor", "shape": [None, 4], "dtype": "float32"}}])
    (finding,) = lint_source(source, [TFA015], path, traces=traces)
    assert "the trace log shows it relaxed to None" in finding.message and finding.fix.applicability == "unsafe"


TFA003 = rule_by_code("TFA003")


def test_a_parameter_the_trace_log_saw_as_a_tensor_is_one(tmp_path) -> None:
    path = str(tmp_path / "m.py")
    source = ("import tensorflow as tf\n\n\n@tf.function(autograph=False)\ndef square_if_positive(x):\n"
              "    if x > 0:\n        x = x * x\n    return x\n")
    assert lint_source(source, [TFA003], path) == []  # statically, `x` may be a Python number
    traces = _log(path, 4, "square_if_positive", [{"x": {"kind": "tensor", "shape": [], "dtype": "float32"}}])
    (finding,) = lint_source(source, [TFA003], path, traces=traces)
    assert finding.line == 6 and finding.fix is not None
    python = _log(path, 4, "square_if_positive", [{"x": {"kind": "python", "type": "int", "value": 2}}])
    assert lint_source(source, [TFA003], path, traces=python) == []


TFA010 = rule_by_code("TFA010")


def test_np_std_is_tensorflows_population_std() -> None:
    source = "import numpy as np\nimport tensorflow as tf\n\n\n@tf.function\ndef z(x):\n    return x / np.std(x, axis=0)\n"
    (finding,) = lint_source(source, [TFA010], "m.py")
    assert "tf.math.reduce_std" in finding.message and finding.fix is not None
    assert lint_source(source.replace("axis=0", "ddof=1"), [TFA010], "m.py")[0].fix is None  # the sample std: NumPy-only


@pytest.mark.parametrize("uses, fixable", [
    ("return loss * w + tf.reduce_sum(y) / w", True),
    ("return loss * w if w > 0.5 else loss", False),  # drives Python
    ("return loss * w, f'{w:.2f}'", False),  # formatted
])
def test_a_python_number_from_numpy_that_only_meets_tensors(uses: str, fixable: bool) -> None:
    source = ("import tensorflow as tf\n\n\n@tf.function\ndef weighted(y, b):\n    w = float(b.numpy())\n"
              f"    loss = tf.reduce_mean(y)\n    {uses}\n")
    (finding,) = lint_source(source, [TFA010], "m.py")
    assert (finding.fix is not None) == fixable
    if fixable:
        assert [c.label for c in finding.candidates] == ["cast to tf.float32", "cast to tf.float64"]


def test_a_model_a_method_builds_is_a_keras_model() -> None:
    """`self.q_model = self.build_model()`: the method's return, not an unknown class (found on
    real code: the qualified name of `self.build_model` must not make it "not Keras")."""
    source = CHAIN.replace("self.target_model = build()", "self.target_model = self.build()").replace(
        "    def target_q(self", "    def build(self):\n        return build()\n\n    def target_q(self")
    (finding,) = lint_source(source, [TFA011], "m.py")
    assert "may not be a Keras model" not in " ".join(finding.fix.unknown)


def test_a_display_loop_a_training_loop_calls_is_many_calls() -> None:
    """A sample grid of 4 predicts per call, called from a 20-iteration loop: 80 calls in all (as the
    judged real code counts a GAN's periodic sample grid: advisory), where alone it is a handful."""
    source = PER_CALL.format(body="sample(model):\n    return [model.predict(x_test[i:i + 1]) for i in range(4)]",
                             call="sample(model)").replace("for fold in", "model = build()\nfor fold in")
    assert len(lint_source(source, [TFA011], "m.py")) == 1
    assert lint_source(source.replace("for fold in range(20):\n    sample(model)", "sample(model)"), [TFA011], "m.py") == []
