import tensorflow as tf


@tf.function(
    input_signature=[
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.float32),
    ],
)
def mixup(a, b, lam):
    # `1.0 - lam` is Python arithmetic: no trace shows which dtype every use of `lam`
    # became, so its spec's dtype is a candidate (float32, then float64) execution checks
    return lam * a + (1.0 - lam) * b


def exercise():
    a = tf.ones([5, 3])
    b = tf.zeros([5, 3])
    return [mixup(a, b, lam) for lam in (0.2, 0.5, 0.7, 0.9)]
