"""np.random.choice over numbers, the draw then used as a dict key.

`RATES[np.random.choice([1, 2, 4])]` looks a rate up by the drawn number:
a tensor is not hashable (TypeError), where the number was.
"""
# expect: a right rewrite, chosen by execution (fix --verify)
import numpy as np
import tensorflow as tf

RATES = {1: 0.1, 2: 0.2, 4: 0.4}


@tf.function
def dropout_rate(x):
    rate = RATES[np.random.choice([1, 2, 4])]
    return x * rate


def exercise():
    return [dropout_rate(tf.constant(10.0)) for _ in range(500)]
