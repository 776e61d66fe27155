"""`tf.constant(t.numpy(), tf.float64)`: removing `.numpy()` leaves `tf.constant(t, ...)`, which
rejects a symbolic tensor; the copy with a dtype is `tf.cast`."""
import tensorflow as tf


@tf.function
def widen(t):
    wide = tf.constant(t.numpy(), tf.float64)
    same = tf.constant(t.numpy())
    return wide * 2.0, same + 1.0


def exercise():
    return [widen(tf.constant([1.5, float(i)])) for i in range(3)]
