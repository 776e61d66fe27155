"""Temperature scaling sweep for calibration."""
import numpy as np
import tensorflow as tf

LOGITS = tf.constant(np.linspace(-3, 3, 30, dtype=np.float32).reshape(10, 3))
LABELS = tf.constant(np.arange(10) % 3)


@tf.function
def nll(temperature):
    scaled = LOGITS / temperature
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=LABELS, logits=scaled))


def exercise():
    return [float(nll(t)) for t in [0.5 + 0.1 * i for i in range(15)]]
