"""The guide's `SimpleModel`: the caller changes a Python attribute between calls; the
tf.function does not retrace on attribute mutation and keeps the first value."""
import tensorflow as tf


class SimpleModel(tf.Module):
    def __init__(self):
        self.bias = 0.0
        self.weight = 2.0


@tf.function
def evaluate(model, x, bias):
    return model.weight * x + bias


class Scaler(tf.Module):
    def __init__(self):
        self.scale = 1.0

    def __call__(self, x):
        return self._traced_call(x, tf.constant(self.scale, dtype=tf.float32))

    @tf.function
    def _traced_call(self, x, scale):
        return x * scale


simple_model = SimpleModel()
scaler = Scaler()
x = tf.constant(10.0)
print(
    evaluate(simple_model, x, tf.constant(simple_model.bias, dtype=tf.float32)),
    scaler(x),
)
simple_model.bias += 5.0
scaler.scale = 3.0
print(
    evaluate(simple_model, x, tf.constant(simple_model.bias, dtype=tf.float32)),
    scaler(x),
)


def exercise():
    m, s = SimpleModel(), Scaler()
    first = (float(evaluate(m, x, tf.constant(m.bias, dtype=tf.float32))), float(s(x)))
    m.bias += 5.0
    s.scale = 3.0
    return (
        first,
        (float(evaluate(m, x, tf.constant(m.bias, dtype=tf.float32))), float(s(x))),
    )
