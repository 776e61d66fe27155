import tensorflow as tf


@tf.function(autograph=False)
def doubling(x):
    # `x` grows each iteration: tf.while_loop needs shape_invariants
    while tf.size(x) < 10:
        x = tf.concat([x, x], axis=0)
    return x
