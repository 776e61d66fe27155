"""Module code (a notebook's cells) runs in order: the loop calls the plain `step` bound before
it; the `@tf.function` version is defined only afterwards."""
import tensorflow as tf


def step(x, scale):
    return x * scale


for scale in range(3):
    step(tf.ones([2]), scale)


@tf.function
def step(x, scale):
    return x * tf.cast(scale, tf.float32)


print(step(tf.ones([2]), tf.constant(2)))
