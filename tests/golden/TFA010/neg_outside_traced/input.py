import numpy as np
import tensorflow as tf


def summarise(history):
    values = tf.constant(history)
    return np.mean(values), values.numpy().tolist()


@tf.function
def step(x):
    return x + 1.0


print(summarise([step(tf.constant(1.0)).numpy()]))
