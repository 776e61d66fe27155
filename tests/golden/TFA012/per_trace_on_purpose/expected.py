"""Per-trace state where nothing shows it is meant (the negatives are in
`neg_per_trace_on_purpose`): `traces.append(...)` of matrix traces (a name about traces that
does not count them, line 16), `history.append(...)` in a function that is called (line 22), a
counter read as a value, not only to build names (line 32), and TF's saveables idiom when the
function is also called, not only traced for its concrete function (line 42): its later calls
skip the Python code that fills `saveables`.
"""
import tensorflow as tf

history = []
traces = []


@tf.function
def _matrix_traces_core(m):
    return m


def matrix_traces(m):
    traces.append(tf.linalg.trace(m))
    return _matrix_traces_core(m)


@tf.function
def _train_step_core(x):
    return x


def train_step(x):
    history.append(x)
    return _train_step_core(x)


class Stepped(tf.Module):
    def __init__(self):
        self._step = 0

    @tf.function
    def __call__(self, x):
        self._step += 1
        name = "{}".format(self._step)
        return tf.identity(x * self._step, name=name)


def save_restore(factory):
    saveables = []

    @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
    def save_fn(key):
        saveables[:] = factory(key)
        return [s * 1.0 for s in saveables]

    concrete = save_fn.get_concrete_function()
    save_fn(tf.constant("k"))
    return concrete, len(saveables)
