import random

import tensorflow as tf


@tf.function
def draws():
    return {
        "below": random.randrange(10),
        "between": random.randrange(2, 8),
        "normal": random.normalvariate(5.0, 2.0),
        "lognormal": random.lognormvariate(0.0, 0.25),
        "gamma": random.gammavariate(3.0, 2.0),
    }


def exercise():
    return [draws() for _ in range(150)]
