"""`print("weights", w)` with 8 elements: tf.print summarises tensors to 3 + 3 elements by
default, so the printed values would differ from what eager `print` shows."""
import sys

import tensorflow as tf


@tf.function
def report(w):
    tf.print("weights", w, summarize=-1, output_stream=sys.stdout)
    return tf.reduce_sum(w)


def exercise():
    return [report(tf.range(8.0) * float(i)) for i in range(2)]
