"""`print("batch", x.shape)` in a function traced with an unknown batch size: the static shape
holds None; eager `print` showed the real batch size on every call."""
import sys

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def forward(x):
    tf.print("batch", tf.shape(x), summarize=-1, output_stream=sys.stdout)
    return tf.reduce_sum(x)


def exercise():
    return [forward(tf.ones([n, 2])) for n in (1, 3, 5)]
