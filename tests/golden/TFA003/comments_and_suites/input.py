import tensorflow as tf


@tf.function(autograph=False)
def score(x):
    s = tf.reduce_sum(x)
    bonus = tf.zeros([])
    if s > 2.0: bonus = s * 0.5
    if s < 0.0:
        # negative totals are penalised twice
        penalty = s * 2.0
        bonus = bonus + penalty
    return s + bonus


def exercise():
    return [score(tf.constant([1.0, 3.0])), score(tf.constant([0.5, 0.5])), score(tf.constant([-1.0, -2.0]))]
