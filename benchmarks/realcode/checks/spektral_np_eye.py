import numpy as np, tensorflow as tf
@tf.function
def minkowski(inputs):
    F = tf.shape(inputs)[-1]
    m = np.eye(F)
    m[-1, -1] = -1.0
    return tf.matmul(inputs, tf.constant(m, inputs.dtype))
try:
    print("compiled:", minkowski(tf.ones([2, 3], tf.float64)).numpy())
except Exception as e:
    print("compiled raises", type(e).__name__, str(e).strip().splitlines()[0][:120])
print("eager:", minkowski.python_function(tf.ones([2, 3], tf.float64)).numpy().tolist())
