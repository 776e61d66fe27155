import tensorflow as tf

RELAX = True


@tf.function(reduce_retracing=False, experimental_relax_shapes=RELAX)
def f(x):
    return x


def exercise():
    return [f(tf.ones([n])) for n in (1, 2, 3)]
