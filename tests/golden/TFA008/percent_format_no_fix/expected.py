"""`print("%.4f" % loss)`: the text is formatted at trace time from the symbolic tensor; a
`tf.print` of that string would print the same stale text on every call."""
import sys

import tensorflow as tf


@tf.function
def train_step(x):
    loss = tf.reduce_mean(x)
    tf.print(
        tf.strings.join(
            ["loss: ", tf.strings.as_string(tf.cast(loss, tf.float64), precision=4)]
        ),
        output_stream=sys.stdout,
    )
    return loss


def exercise():
    return [train_step(tf.constant([float(i), 1.0])) for i in range(3)]
