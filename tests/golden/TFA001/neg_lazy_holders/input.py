import tensorflow as tf

_holder = [None]
_cache = {}


@tf.function
def from_list(x):
    # a lazy singleton held in a list: created on the first call only
    if _holder[0] is None:
        _holder[0] = tf.Variable(0.0)
    _holder[0].assign_add(x)
    return _holder[0].read_value()


@tf.function
def from_dict(x):
    if "total" not in _cache:
        _cache["total"] = tf.Variable(0.0)
    return _cache["total"].assign_add(x)


_pair = [None, None]


@tf.function
def from_locals(x):
    # Sonnet's tests: the variables go to locals first; the guarded holder is set in the same block
    if _pair[0] is None:
        total = tf.Variable(0.0)
        count = tf.Variable(0.0)
        _pair[0] = total
        _pair[1] = count
    _pair[1].assign_add(1.0)
    return _pair[0].assign_add(x) / _pair[1]


class Accumulator(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None

    @tf.function
    def __call__(self, x):
        # a lazy singleton as a conditional expression
        self.v = tf.Variable(0.0) if self.v is None else self.v
        return self.v.assign_add(x)


def exercise():
    return [from_list(tf.constant(2.0)), from_dict(tf.constant(3.0)), from_locals(tf.constant(4.0)), from_locals(tf.constant(6.0))]
