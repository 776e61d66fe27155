import numpy as np
import tensorflow as tf

rng = np.random.Generator(np.random.PCG64())


@tf.function
def draws():
    return {
        "integers": tf.random.uniform([], 0, 5, dtype=tf.int32),
        "normal": tf.random.normal([2], dtype=np.float32),
        "random": tf.random.uniform([3]),
        "distinct": tf.random.shuffle(tf.range(10))[:3],
        "permutation": tf.random.shuffle(tf.range(4))[0],
        "inclusive": tf.random.uniform([], 1, 4, dtype=tf.int32),
    }


def exercise():
    return [draws() for _ in range(60)]
