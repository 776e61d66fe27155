"""tf.print of x.numpy() for a string tensor of file names in a preprocessing step.

.numpy() of a string tensor is bytes; eagerly tf.print of the NumPy bytes array.
"""
# expect: the TensorFlow rewrites are rejected by verification; the eager code in tf.py_function is confirmed
import tensorflow as tf


@tf.function
def load(path):
    tf.print("file:", path.numpy())
    return tf.strings.length(path)


def exercise():
    return [load(tf.constant("a.png")), load(tf.constant("bb.png"))]
