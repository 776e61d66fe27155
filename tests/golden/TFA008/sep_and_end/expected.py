import sys

import tensorflow as tf


@tf.function
def report(loss, accuracy):
    tf.print(
        "loss",
        loss,
        "acc",
        accuracy,
        sep=" | ",
        end=" <\n",
        summarize=-1,
        output_stream=sys.stdout,
    )
    return loss + accuracy


def exercise():
    return [report(tf.constant(0.5 * i), tf.constant(0.25)) for i in range(4)]
