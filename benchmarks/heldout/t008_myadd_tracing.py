"""The AutoGraph mechanism demo: a Python print that marks tracing.

Modelled on lyhue1991/eat_tensorflow2_in_30_days, "4-4,AutoGraph的机制原理.md"
(`@tf.function(autograph=True) def myadd(a,b): for i in tf.range(3): tf.print(i); c = a+b;
print("tracing"); return c`, called several times with string tensors).
"""
import tensorflow as tf


@tf.function(autograph=True)
def myadd(a, b):
    for i in tf.range(3):
        tf.print(i)
    c = a + b
    print("tracing")
    return c


def exercise():
    out = [myadd(tf.constant("hello"), tf.constant("world")).numpy()]
    out.append(myadd(tf.constant("good"), tf.constant("morning")).numpy())
    return out
