import random

import numpy as np
import tensorflow as tf


@tf.function
def hazards(x):
    label = random.choice(["cat", "dog"])
    steps = float(random.random())
    c = x + random.triangular(0.0, 1.0)
    values = np.random.normal(size=3).tolist()
    return label, steps, c, values
