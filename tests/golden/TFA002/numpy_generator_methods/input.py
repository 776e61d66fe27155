import numpy as np
import tensorflow as tf

rng = np.random.Generator(np.random.PCG64())


@tf.function
def draws():
    return {
        "integers": rng.integers(5),
        "normal": rng.standard_normal(size=2, dtype=np.float32),
        "random": rng.random(3),
        "distinct": rng.choice(10, size=3, replace=False),
        "permutation": rng.permutation(4)[0],
        "inclusive": np.random.random_integers(1, 3),
    }


def exercise():
    return [draws() for _ in range(60)]
