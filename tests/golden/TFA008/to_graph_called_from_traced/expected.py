"""`tf.autograph.to_graph(f)` converts `f` without tracing it; called from a tf.function, `f` is traced
there, and its `print` runs once per trace (AutoGraph leaves `print` alone by default)."""
import sys

import tensorflow as tf


def report(x):
    tf.print("step value", x, summarize=-1, output_stream=sys.stdout)
    return x * 2


converted = tf.autograph.to_graph(report)


@tf.function
def step(x):
    return converted(x) + 1


def exercise():
    return [step(tf.constant(float(i))) for i in range(3)]
