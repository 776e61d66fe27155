"""`.numpy()` of a *string* tensor handed to a print: eagerly it is bytes, printed `b'cat'`;
`tf.print(name)` prints `cat`. Dropping `.numpy()` (TFA010) or turning `print(name.numpy())` into
`tf.print(name)` (TFA008 then TFA010) is safe only for numbers: here both must be unsafe, and
verification must reject them."""
# expect: the TensorFlow rewrites are rejected by verification; the eager code in tf.py_function is confirmed
import tensorflow as tf


@tf.function
def tag(x, name):
    tf.print("tag", name.numpy())
    print("name", name.numpy())
    return x * 2.0


def exercise():
    return [tag(tf.constant(float(i)), tf.constant("cat")) for i in range(2)]
