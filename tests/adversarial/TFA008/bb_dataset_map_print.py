"""print inside a Dataset.map function.

tf.data traces map functions even eagerly: the original prints once; tf.print
prints once per element.
"""
# expect: unsafe-declined
import tensorflow as tf


def parse(x):
    print("parsing element")
    return x * 2


def exercise():
    ds = tf.data.Dataset.range(4).map(parse)
    return [int(v) for v in ds]
