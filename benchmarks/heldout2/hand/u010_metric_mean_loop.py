"""Evaluating a running mean every fifth step inside one tf.function, printing the metric with `.numpy()`.

Modelled on tensorflow/tensorflow issue #36511 ("bug of keras.metrics under @tf.function": `@tf.function def
func2(): for step in range(100): if tf.equal(step % 5, 0): for y in eval_dataset: x = tf.cast(y + step,
tf.float32); metric(x)` then `print(metric.result().numpy()); metric.reset_states()`).
"""
import sys

import tensorflow as tf

eval_dataset = tf.data.Dataset.range(10)
metric = tf.keras.metrics.Mean(name="mean", dtype=tf.float32)


@tf.function
def func2():
    for step in range(20):
        if tf.equal(step % 5, 0):
            for y in eval_dataset:
                x = tf.cast(y + step, tf.float32)
                metric(x)
            tf.print(metric.result(), output_stream=sys.stdout)
            metric.reset_state()


def exercise():
    func2()
    return float(metric.result())
