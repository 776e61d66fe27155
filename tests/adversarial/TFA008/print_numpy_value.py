"""`print("loss", loss.numpy())`: TFA008 makes it a `tf.print`, whose argument still calls
`.numpy()` on a symbolic tensor; the tool's output (all rules) must print the value on every call."""
import tensorflow as tf


@tf.function
def step(x):
    loss = tf.reduce_mean(x * x)
    print("loss", loss.numpy())
    return loss


def exercise():
    return [step(tf.constant([float(i), 1.0])) for i in range(3)]
