"""No split where the wrapper would be traced: `clip` is called from another tf.function,
`check` is handed to `Dataset.map` and `norm` to a callback list; their asserts get only the
graph assertion (the exercise passes valid batches: the checks pass compiled as eagerly)."""
import tensorflow as tf


@tf.function
def clip(x):
    tf.debugging.Assert(tf.reduce_min(x) >= 0.0, ["negative input"])
    return tf.minimum(x, 1.0)


@tf.function
def step(x):
    return clip(x) * 2.0


@tf.function
def check(x):
    tf.debugging.Assert(tf.reduce_sum(x) > 0.0, ["empty"])
    return x


@tf.function
def norm(x):
    tf.debugging.Assert(tf.reduce_sum(x) > 0.0, ["empty"])
    return x / tf.reduce_sum(x)


CALLBACKS = [norm]


def pipeline(ds):
    return ds.map(check)


def exercise():
    try:
        return [step(tf.constant([0.5, 2.0])), CALLBACKS[0](tf.constant([1.0, 3.0]))]
    except AssertionError:  # named: the graph assertion is unsafe, yet no split is offered
        return None
