import numpy as np
import tensorflow as tf


@tf.function
def first_of_shuffled():
    order = np.arange(5)
    np.random.shuffle(order)
    return order[0]


def exercise():
    return [first_of_shuffled() for _ in range(500)]
