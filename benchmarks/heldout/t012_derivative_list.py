"""ODE-style integration collecting each step's derivative in a Python list.

Modelled on ivanmysin/SNNoptimization, cbrd_tests/test.py (`dx_dt_list = tf.TensorArray(...)  # = []`:
the list version the author replaced, written per step and stacked at the end); the step
count is a tensor, so the loop is a graph loop.
"""
import tensorflow as tf


@tf.function
def integrate(x, n_steps):
    dx_dt_list = []
    for _ in tf.range(n_steps):
        dxdt = -0.5 * x
        x = x + 0.1 * dxdt
        dx_dt_list.append(dxdt)
    return tf.stack(dx_dt_list)


def exercise():
    return [integrate(tf.constant([1.0, 2.0]), tf.constant(n)).numpy() for n in (3, 5)]
