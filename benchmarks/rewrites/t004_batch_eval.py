"""Evaluation loop over a dataset whose last batch is smaller."""
import numpy as np
import tensorflow as tf

W = tf.constant(np.linspace(-1.0, 1.0, 32, dtype=np.float32).reshape(8, 4))


@tf.function
def eval_step(features):
    logits = tf.matmul(features, W)
    return tf.reduce_mean(tf.nn.softmax(logits), axis=0)


def exercise():
    data = np.arange(81 * 8, dtype=np.float32).reshape(81, 8) / 100.0
    outs = []
    for start in range(0, 81, 32):
        outs.append(eval_step(tf.constant(data[start:start + 32])).numpy())
    return np.stack(outs)
