import tensorflow as tf

OPTIONS = {"reduce_retracing": False}


def scale(x):
    return x * 2


fast = tf.function(scale, **{**OPTIONS, "reduce_retracing": True})
legacy = tf.function(scale, None, True, None, True)


def exercise():
    return [(fast(tf.ones([n])), legacy(tf.ones([n]))) for n in (1, 2, 3)]
