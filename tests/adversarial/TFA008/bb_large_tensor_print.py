"""print of a 2000-element tensor per call.

NumPy summarises arrays above 1000 elements with '...'; tf.print(summarize=-1)
prints every element.
"""
# (session 9: tf.print's default summary, 3 + 3 elements as NumPy's above 1000, is a candidate execution confirms)
import tensorflow as tf


@tf.function
def report(x):
    print(x)
    return tf.reduce_sum(x)


def exercise():
    return [report(tf.range(2000.0)), report(tf.ones([2000]))]
