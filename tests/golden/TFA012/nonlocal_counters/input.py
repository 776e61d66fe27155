"""A `nonlocal` counter is a hazard only when it outlives the trace. TensorFlow Probability's
`_prepare_args` names its tensors `x0, x1, ...` with a counter that every (traced) call of
`_prepare_args` creates anew: eager and graph number them alike (not reported). A factory's
counter that the traced function bumps counts traces, not calls (reported, line 31)."""
import tensorflow as tf


def _prepare_args(args):
    i = -1

    def c2t(x):
        nonlocal i
        i += 1
        return tf.convert_to_tensor(x, dtype_hint=tf.float32, name="x{}".format(i))

    return tf.nest.map_structure(c2t, args)


@tf.function
def total(a, b):
    x, y = _prepare_args((a, b))
    return x + y


def make_step():
    calls = 0

    @tf.function
    def step(x):
        nonlocal calls
        calls += 1
        return x * 2.0

    return step
