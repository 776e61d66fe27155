import tensorflow as tf

_smooth_state = None


def smooth(x):
    global _smooth_state
    if _smooth_state is None:
        _smooth_state = tf.Variable(tf.zeros_like(x))
    else:
        _smooth_state.assign(tf.zeros_like(x))
    state = _smooth_state
    state.assign(0.5 * state + x)
    state.assign(0.5 * state + x)
    return state.read_value()


@tf.function
def step(x):
    return smooth(x) + smooth(2.0 * x)


def exercise():
    return [step(tf.constant([1.0, -1.0]) * i) for i in range(3)]
