import sys

import tensorflow as tf


class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.total = tf.Variable(0.0)

    @tf.function
    def add(self, x):
        self.total.assign_add(x)
        tf.print("total", self.total, summarize=-1, output_stream=sys.stdout)
        return self.total.read_value()


def exercise():
    counter = Counter()
    return [counter.add(tf.constant(1.5)) for _ in range(3)]
