"""print of a 2000-element tensor per call.

NumPy summarises arrays above 1000 elements with '...'; tf.print(summarize=-1)
prints every element.
"""
# known-hole: summarize=-1 prints all 2000 elements; eager print summarises above 1000
import tensorflow as tf


@tf.function
def report(x):
    print(x)
    return tf.reduce_sum(x)


def exercise():
    return [report(tf.range(2000.0)), report(tf.ones([2000]))]
