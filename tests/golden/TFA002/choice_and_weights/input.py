import random

import numpy as np
import tensorflow as tf


@tf.function
def pick():
    return {
        "python": random.choice([1, 2, 4]),
        "range": np.random.choice(5),
        "weighted": np.random.choice([0.5, 1.5], p=[0.8, 0.2]),
    }


def exercise():
    return [pick() for _ in range(300)]
