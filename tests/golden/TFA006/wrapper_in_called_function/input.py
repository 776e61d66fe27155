import tensorflow as tf


def cube(x):
    return x * x * x


def apply(x):
    fast = tf.function(cube, jit_compile=False)
    return fast(x)


def exercise():
    out = []
    for i in range(3):
        out.append(apply(tf.constant([float(i), 1.0])))
    return out
