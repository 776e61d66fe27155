"""A `tf.range` loop that stores each step's tensor on a Python object, read back after the call.

Modelled on mingruimingrui/Transformer2, notes/varied_shape_control_flow.py (`module.set(x)` inside
`for i in tf.range(1, 10)` in a `@tf.function`, then `print(module.x)` after the call).
"""
import tensorflow as tf


class MyModule(object):
    def __init__(self):
        self.x = None

    def set(self, x):
        self.x = x

    def get(self):
        return self.x


module = MyModule()


@tf.function
def foo(n):
    total = tf.constant(0)
    x = tf.zeros([0], tf.int32)
    for i in tf.range(1, n):
        tf.autograph.experimental.set_loop_options(shape_invariants=[(x, tf.TensorShape([None]))])
        x = tf.range(i)
        total += tf.shape(x)[0]
    return total, x


def exercise():
    total, x = foo(tf.constant(6))
    module.set(x)
    return int(total), module.x.shape.as_list()
