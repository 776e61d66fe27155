# Recorded with `tfautofix trace --output retrace_dtype_shape_int.json -- python retrace_dtype_shape_int.py`
# (TensorFlow 2.21): one function retraced over a dtype, a shape and a Python int (issue 27, item 2).
import tensorflow as tf


@tf.function
def step(x, n):
    return tf.reduce_sum(x) * n


for dt in (tf.float32, tf.float64):
    for b in (2, 4):
        step(tf.ones((b, 3), dt), 1)
for n in range(3):
    step(tf.ones((2, 3)), n)
