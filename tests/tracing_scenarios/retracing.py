"""Retracing scenarios run under `tfautofix trace` by tests/test_tracing.py.

Writes each function's `experimental_get_tracing_count()` (summed over
instances) and TensorFlow's own shape generalisations to the JSON file named
by argv[1], starts a second Python process (child.py), and exits with code 3.
"""

import json
import subprocess
import sys
from pathlib import Path

import keras
import tensorflow as tf


@tf.function
def step(x):
    return tf.reduce_sum(x * 2.0)


@tf.function
def power(x, n):
    return x ** tf.cast(n, tf.float32)


@tf.function
def double(x):
    return x * 2


@tf.function
def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


# Ported from TensorFlow's polymorphic_function_test.py / tracing_compilation_test.py.
@tf.function(reduce_retracing=True)
def relaxed(x):  # shape relaxation: [1], [2] generalise to [None]; a new rank traces again
    return x + 1


@tf.function
def collide(x):  # dtype collisions: one trace per dtype
    return x


@tf.function
def nested(xs):  # nested lists: the structure is part of the trace key
    return tf.add_n(list(xs))


@tf.function
def read(v):  # distinct variables of one shape/dtype share a trace
    return v.read_value()


class Counter(tf.Module):
    def __init__(self):
        self.total = tf.Variable(0.0)

    @tf.function
    def add(self, x):
        self.total.assign_add(tf.reduce_sum(x))
        return self.total.read_value()


def main(out: str) -> int:
    for batch in (10, 20, 10, 30):
        step(tf.ones([batch, 5]))
    for n in range(1, 9):
        power(tf.constant(2.0), n)
    double(tf.constant(1.0, tf.float32))
    double(tf.constant(1.0, tf.float64))
    model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])
    optimizer = keras.optimizers.SGD(0.01)
    for batch in (4, 8, 16, 8, 32):
        train_step(model, optimizer, tf.ones([batch, 3]), tf.ones([batch, 1]))
    for shape in ([1], [2], [3], [1, 1], [2, 2]):
        relaxed(tf.zeros(shape))
    for value in (tf.constant(1), tf.constant(1.0), tf.constant(1, tf.int64), tf.constant(2)):
        collide(value)
    t = tf.ones([2])
    for xs in ([t, t], [t, t, t], (t, t), [t, t]):
        nested(xs)
    v1, v2, v3 = tf.Variable(1.0), tf.Variable(2.0), tf.Variable([1.0, 2.0])
    for v in (v1, v2, v3, v1):
        read(v)
    counters = [Counter(), Counter()]
    for counter in counters:
        for rows in (1, 2, 1):
            counter.add(tf.ones([rows]))

    counts = {
        f.__name__ if hasattr(f, "__name__") else name: f.experimental_get_tracing_count()
        for name, f in {"step": step, "power": power, "double": double, "train_step": train_step, "relaxed": relaxed,
                        "collide": collide, "nested": nested, "read": read}.items()
    }
    counts["Counter.add"] = sum(c.add.experimental_get_tracing_count() for c in counters)
    shapes = [[[10, 5], [20, 5]], [[4], [4]], [[2, 3], [2, 3, 1]], [[None, 3], [7, 3]], [[1, 2, 3], [1, 5, 3], [4, 2, 3]]]
    supertypes = []
    for group in shapes:
        spec = tf.TensorSpec(group[0], tf.float32)
        spec = spec.most_specific_common_supertype([tf.TensorSpec(s, tf.float32) for s in group[1:]])
        supertypes.append({"shapes": group, "tensorflow": None if spec.shape.rank is None else spec.shape.as_list()})
    Path(out).write_text(json.dumps({"counts": counts, "supertypes": supertypes}))
    child = subprocess.run([sys.executable, str(Path(__file__).with_name("child.py"))])
    return 3 if child.returncode == 0 else 99


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
