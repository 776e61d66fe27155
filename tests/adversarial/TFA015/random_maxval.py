"""Random indices below the batch size: `tf.random.uniform([2], maxval=x.shape[0], dtype=tf.int64)`,
in a function relaxed by `reduce_retracing` (one batch size here, so the original works compiled).
The Python int takes the `dtype=`; the int32 `tf.shape(x)[0]` does not (`ValueError`), so no fix
may be offered there. The shape list `[x.shape[0]]` of the jitter may be rewritten. Drawn values
are reduced to what is deterministic (counts, and that the indices are in range)."""
import tensorflow as tf


@tf.function(reduce_retracing=True)
def sample_rows(x):
    ids = tf.random.uniform([2], maxval=x.shape[0], dtype=tf.int64)
    jitter = tf.random.uniform([x.shape[0]], maxval=0.1)
    rows = tf.gather(x, ids)
    return tf.size(rows), tf.reduce_all(ids < tf.cast(tf.shape(x)[0], tf.int64)), tf.size(jitter)


def exercise():
    return [sample_rows(tf.ones([4, 3]) * float(k)) for k in (1, 2)]
