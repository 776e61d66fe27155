"""Character-level text generation at several diversities (temperatures).

Modelled on jeffheaton/t81_558_deep_learning, t81_558_class_10_3_text_generation.ipynb
(`for diversity in [0.2, 0.5, 1.0, 1.2]: ... sample(preds, diversity)`), the reweighting
written with TensorFlow ops in a tf.function.
"""
import numpy as np
import tensorflow as tf


@tf.function
def reweight(preds, temperature):
    preds = tf.math.log(preds) / temperature
    exp_preds = tf.exp(preds)
    return exp_preds / tf.reduce_sum(exp_preds)


def exercise():
    preds = tf.constant([0.1, 0.2, 0.3, 0.4])
    out = []
    for diversity in [0.2, 0.5, 1.0, 1.2]:
        out.append(reweight(preds, diversity).numpy())
    return np.array(out)
