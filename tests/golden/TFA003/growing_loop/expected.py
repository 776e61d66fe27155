import tensorflow as tf


@tf.function(autograph=False)
def doubling(x):
    # `x` grows each iteration: tf.while_loop needs shape_invariants
    def _loop_body(x):
        x = tf.concat([x, x], axis=0)
        return (x,)

    (x,) = tf.while_loop(
        lambda x: tf.size(x) < 10,
        _loop_body,
        (x,),
        shape_invariants=(tf.TensorShape(None),),
    )
    return x


@tf.function(autograph=False)
def collect(x, n):
    out = tf.zeros([0])
    i = tf.constant(0)

    def _loop_body(out, i):
        out = tf.concat([out, x], 0)
        i = i + 1
        return out, i

    out, i = tf.while_loop(
        lambda out, i: i < n,
        _loop_body,
        (out, i),
        shape_invariants=(tf.TensorShape(None), i.shape),
    )
    return out, i


def exercise():
    return [doubling(tf.constant([1.0, 2.0])), doubling(tf.constant([3.0])), collect(tf.constant([1.0, 2.0]), tf.constant(3))]
