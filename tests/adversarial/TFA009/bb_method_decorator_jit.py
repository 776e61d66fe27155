"""A Keras model's helper method decorated with the deprecated keyword and jit_compile.

The rename inside a class body, next to jit_compile=True.
"""
import tensorflow as tf


class Head(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[1.0], [0.5]])

    @tf.function(jit_compile=True, experimental_relax_shapes=True)
    def __call__(self, x):
        return tf.matmul(x, self.w)


def exercise():
    h = Head()
    outs = [h(tf.ones([n, 2])) for n in (1, 2, 3, 4)]
    return outs, h.__call__.experimental_get_tracing_count()
