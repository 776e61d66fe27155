import sys

import tensorflow as tf


@tf.function
def warn(x):
    tf.print("warning:", x, summarize=-1, output_stream=sys.stderr)
    return x
