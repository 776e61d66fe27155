"""A variable created inside the tf.function body.

Modelled on lyhue1991/eat_tensorflow2_in_30_days, "4-3,AutoGraph的使用规范.md" (rule 2:
`@tf.function def inner_var(): x = tf.Variable(1.0,dtype = tf.float32); x.assign_add(1.0);
tf.print(x); return(x)`).
"""
import tensorflow as tf


@tf.function
def inner_var():
    x = tf.Variable(1.0, dtype=tf.float32)
    x.assign_add(1.0)
    tf.print(x)
    return x


def exercise():
    return [float(inner_var()) for _ in range(3)]
