import tensorflow as tf


@tf.function(autograph=False)
def score(x):
    s = tf.reduce_sum(x)
    bonus = tf.zeros([])
    bonus = tf.cond(s > 2.0, lambda: s * 0.5, lambda: bonus)

    def _true_fn(bonus):
        # negative totals are penalised twice
        penalty = s * 2.0
        bonus = bonus + penalty
        return bonus

    bonus = tf.cond(s < 0.0, lambda: _true_fn(bonus), lambda: bonus)
    return s + bonus


def exercise():
    return [score(tf.constant([1.0, 3.0])), score(tf.constant([0.5, 0.5])), score(tf.constant([-1.0, -2.0]))]
