import tensorflow as tf


def make_scorer(weight):
    @tf.function(
        jit_compile=False,
        input_signature=[
            tf.TensorSpec(shape=[None, None], dtype=tf.float32),
            tf.TensorSpec(shape=[], dtype=tf.float32),
        ],
    )
    def score(x, bias):
        return tf.reduce_sum(x, axis=-1) * weight + bias

    return score


def exercise():
    scorer = make_scorer(2.0)
    return [scorer(tf.ones([2, width]), tf.constant(0.5)) for width in (3, 5, 7)]
