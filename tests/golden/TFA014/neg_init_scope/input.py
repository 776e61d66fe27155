"""The guide's workaround: the counter and the guarded op lifted out of the graph by
`tf.init_scope` run once, at the first trace, as they run once eagerly."""
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        self.v = tf.Variable(0)
        self.counter = 0

    @tf.function
    def __call__(self):
        if self.counter == 0:
            # Lifts ops out of function-building graphs
            with tf.init_scope():
                self.counter += 1
                self.v.assign_add(1)
        return self.v


class Named(tf.Module):
    """A counter that only numbers the names of what a trace creates, and per-call state set afresh."""

    def __init__(self):
        self._call_id = 0
        self.n = 0

    @tf.function
    def __call__(self, x):
        self._call_id += 1
        y = tf.identity(x, name="call_{}".format(self._call_id))
        self.n = 0
        for _ in range(3):
            self.n += 1
        return y * self.n


def exercise():
    m, named = Model(), Named()
    return [int(m()) for _ in range(3)], [float(named(tf.constant(2.0))) for _ in range(2)]
