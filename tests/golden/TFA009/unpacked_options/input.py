import tensorflow as tf

OPTIONS = {"reduce_retracing": False}


def scale(x):
    return x * 2


fast = tf.function(scale, experimental_relax_shapes=True, **OPTIONS)
legacy = tf.function(scale, None, True, None, False, experimental_relax_shapes=True)


def exercise():
    return [(fast(tf.ones([n])), legacy(tf.ones([n]))) for n in (1, 2, 3)]
