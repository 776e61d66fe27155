import tensorflow as tf

from trainer import train_step


@tf.function
def step_twice(x):
    # train_step is called inside another tf.function: symbolic, not a call to compare.
    return train_step(x) + train_step(x)
