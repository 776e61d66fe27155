"""The guide's `buggy_add`, and a global decayed in a module-level training loop."""
import tensorflow as tf


@tf.function
def buggy_add(foo):
    return 1 + foo


@tf.function
def recommended_add(foo):
    return 1 + foo


foo = 1
print("Buggy:", buggy_add(tf.constant(foo, dtype=tf.float32)))
print("Correct:", recommended_add(foo))
foo = 100
print("Buggy:", buggy_add(tf.constant(foo, dtype=tf.float32)))
print("Correct:", recommended_add(foo))

scale = 1.0


@tf.function
def step(x, scale):
    return x * scale


history = []
for epoch in range(3):
    scale = scale * 0.5
    history.append(float(step(tf.constant(2.0), tf.constant(scale, dtype=tf.float32))))


def exercise():
    return float(buggy_add(tf.constant(foo, dtype=tf.float32))), history
