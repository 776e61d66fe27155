import tensorflow as tf

RELAX = True
OPTIONS = {"jit_compile": False}


@tf.function(**({**OPTIONS, "reduce_retracing": True} if RELAX else OPTIONS))
def total(x):
    return tf.reduce_sum(x)


def exercise():
    return [total(tf.ones([n])) for n in (1, 2, 3)]
