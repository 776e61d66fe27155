"""print in an XLA-compiled step (jit_compile=True).

tf.print is not an op XLA can compile.
"""
# expect: unsafe-declined
import tensorflow as tf


@tf.function(jit_compile=True)
def step(x):
    y = tf.nn.relu(x) * 2.0
    print("y:", y)
    return y


def exercise():
    return [step(tf.constant([1.0, -1.0])), step(tf.constant([2.0, 3.0]))]
