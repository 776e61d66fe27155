import tensorflow as tf

LEVELS = ("fine", "coarse", "coarser", "coarsest", "flat", "flat", "flat")
SCALES = [1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625]


@tf.function(autograph=False)
def pyramid(x):
    steps = 0
    while tf.reduce_max(x) > 1.0:
        x = x / 2.0
        steps += 1
    return x, tf.constant(LEVELS[steps]), SCALES[steps] * 2.0


def exercise():
    return [pyramid(tf.constant([3.0, 0.5])), pyramid(tf.constant([9.0])), pyramid(tf.constant([0.5]))]
