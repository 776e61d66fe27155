import numpy as np
import tensorflow as tf


@tf.function
def draws():
    return {
        "exponential": np.random.exponential(2.0),
        "gamma": np.random.gamma(2.0, 3.0),
        "lognormal": np.random.lognormal(0.0, 0.5),
        "poisson": np.random.poisson(3.0, size=3),
        "integers": np.random.randint(5, size=2),
    }


def exercise():
    return [draws() for _ in range(150)]
