"""A blended MSE/MAE loss whose weight is read back with .numpy() inside the traced call.

Modelled on jm-willy/Stockcheese, source/custom/loss.py (`@tf.function def my_loss(y_true, y_pred, b=0.5)`
and `class MyLoss(tf.keras.losses.Loss)` whose `call` is a tf.function).
"""
import numpy as np
import tensorflow as tf


@tf.function
def my_loss(y_true, y_pred, b):
    squared = tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)
    absolute = tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1)
    weight = b
    return (squared * (1 - weight)) + (absolute * weight)


def exercise():
    y_true = tf.constant([[0.0, 1.0], [1.0, 1.0]])
    y_pred = tf.constant([[0.5, 0.5], [2.0, 0.0]])
    return [my_loss(y_true, y_pred, tf.constant(b)).numpy() for b in (0.0, 0.5, 0.9)]
