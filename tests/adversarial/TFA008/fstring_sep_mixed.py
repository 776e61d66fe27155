"""An f-string among other arguments with a custom `sep=`: splitting the f-string must keep the
separator between the original arguments and none inside the f-string."""
import tensorflow as tf


@tf.function
def log(step, loss):
    print(f"[{step}]", "loss", loss, sep="\t")
    return loss * 2.0


def exercise():
    return [log(tf.constant(i), tf.constant(0.5 * i)) for i in range(3)]
