import tensorflow as tf


def smooth(x):
    state = tf.Variable(tf.zeros_like(x))
    state.assign(0.5 * state + x)
    state.assign(0.5 * state + x)
    return state.read_value()


@tf.function
def step(x):
    return smooth(x) + smooth(2.0 * x)


def exercise():
    return [step(tf.constant([1.0, -1.0]) * i) for i in range(3)]
