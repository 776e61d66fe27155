import tensorflow as tf

LEVELS = ("fine", "coarse", "coarser", "coarsest", "flat", "flat", "flat")
SCALES = [1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625]


@tf.function(autograph=False)
def pyramid(x):
    steps = 0

    def _loop_body(x, steps):
        x = x / 2.0
        steps += 1
        return x, steps

    x, steps = tf.while_loop(
        lambda x, steps: tf.reduce_max(x) > 1.0, _loop_body, (x, steps)
    )
    return x, tf.gather(LEVELS, steps), tf.gather(SCALES, steps) * 2.0


def exercise():
    return [pyramid(tf.constant([3.0, 0.5])), pyramid(tf.constant([9.0])), pyramid(tf.constant([0.5]))]
