"""Which prints show up: Python `print` and `tf.print` in a tf.function and in a helper it calls.

Modelled on a user's experiment file found by the code-search corpus (repository not named): `@tf.function
def train1()` with `print("inner", loss)`, `def train_one_step()` with `tf.print('inner tf print', loss)` and
`print("inner py print", loss)`, called from `@tf.function def train()` that also has
`print('outer py print', loss)`. Random inputs replaced by fixed ones so that runs compare.
"""
import sys

import numpy as np
import tensorflow as tf

mse = tf.keras.losses.MeanAbsoluteError()
data = tf.constant(np.linspace(-1.0, 1.0, 24, dtype=np.float32).reshape(8, 1, 3, 1))
step = tf.Variable(0)


@tf.function
def train1():
    loss1 = mse(data[step % 8], data[(step + 1) % 8])
    loss2 = mse(data[(step + 2) % 8], data[(step + 3) % 8])
    loss = loss1 + loss2
    tf.print("inner", loss, output_stream=sys.stdout)
    step.assign_add(1)
    return loss


def train_one_step():
    with tf.GradientTape() as tape:
        a = data[step % 8]
        b = data[(step + 5) % 8]
        loss = mse(a, b)

    tf.print('inner tf print', loss)
    tf.print("inner py print", loss, output_stream=sys.stdout)

    return loss


@tf.function
def train():
    loss = train_one_step()

    tf.print('outer tf print', loss)
    tf.print('outer py print', loss, output_stream=sys.stdout)
    step.assign_add(1)
    return loss


def exercise():
    step.assign(0)
    out = []
    for _ in range(3):
        out.append(float(train1()))
        out.append(float(train()))
    return out
