import tensorflow.compat.v2 as tf
from tensorflow import Variable as V

_offset_bias = None


@tf.function
def offset(x):
    # created from a global that is defined below the function
    global _offset_bias
    if _offset_bias is None:
        _offset_bias = V(BIAS, dtype=tf.float32)
    else:
        _offset_bias.assign(BIAS)
    bias = _offset_bias  # per-call state
    bias.assign_add(x)
    return bias.read_value()


BIAS = 0.5


def exercise():
    return [offset(tf.constant(float(i))) for i in range(3)]
