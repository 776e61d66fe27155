import tensorflow as tf


@tf.function(
    input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float32)],
    autograph=False,
)
def count_below(v, t):
    # `v[i]` must not run once `i == n`: index n is out of range
    i = tf.constant(0)
    n = tf.shape(v)[0]

    def _loop_body(i):
        i = i + 1
        return (i,)

    (i,) = tf.while_loop(
        lambda i: tf.cond(
            i < n, lambda: tf.gather(v, i) <= t, lambda: tf.constant(False)
        ),
        _loop_body,
        (i,),
    )
    return i


def exercise():
    v = tf.constant([1.0, 2.0, 3.0])
    return [count_below(v, tf.constant(2.5)), count_below(v, tf.constant(10.0)), count_below(v, tf.constant(0.0))]
