"""`tf.constant(t.numpy(), tf.float64)`: removing `.numpy()` leaves `tf.constant(t, ...)`, which
rejects a symbolic tensor, and `tf.convert_to_tensor(t, tf.float64)` rejects a float32 tensor
(a NumPy array converts); the copy with a dtype is `tf.cast`."""
import tensorflow as tf


@tf.function
def widen(t):
    wide = tf.constant(t.numpy(), tf.float64)
    same = tf.constant(t.numpy())
    return wide * 2.0, same + 1.0


def exercise():
    return [widen(tf.constant([1.5, float(i)])) for i in range(3)] + exercise_converted()


@tf.function
def widen_converted(t):
    return tf.convert_to_tensor(t.numpy(), tf.float64) + 1.0


def exercise_converted():
    return [widen_converted(tf.constant([0.5, float(i)])) for i in range(3)]
