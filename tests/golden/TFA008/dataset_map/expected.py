import sys

import tensorflow as tf


def show(x):
    tf.print("element", x, summarize=-1, output_stream=sys.stdout)
    return x + 1


dataset = tf.data.Dataset.range(3).map(show)
