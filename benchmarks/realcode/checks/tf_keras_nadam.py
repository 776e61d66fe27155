"""tf-keras Nadam's `_u_product_counter` (a Python int bumped in a tf.cond branch): eager vs tf.function."""
import os
os.environ["TF_USE_LEGACY_KERAS"] = "1"
import numpy as np
import tensorflow as tf
import tf_keras

def run(compiled):
    tf.random.set_seed(0)
    v1, v2 = tf.Variable([1.0, 2.0]), tf.Variable([3.0])
    opt = tf_keras.optimizers.Nadam(0.1)
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(v1 ** 2) + tf.reduce_sum(v2 ** 3)
        opt.apply_gradients(zip(tape.gradient(loss, [v1, v2]), [v1, v2]))
    f = tf.function(step) if compiled else step
    for _ in range(5):
        f()
    return np.concatenate([v1.numpy(), v2.numpy()]), float(opt._u_product.numpy()), opt._u_product_counter

print("eager   ", run(False))
print("compiled", run(True))

def fit(run_eagerly):
    tf_keras.utils.set_random_seed(0)
    x = np.random.RandomState(0).rand(32, 3).astype("float32"); y = x.sum(1, keepdims=True)
    model = tf_keras.Sequential([tf_keras.layers.Dense(4, activation="relu", input_shape=(3,)), tf_keras.layers.Dense(1)])
    model.compile(tf_keras.optimizers.Nadam(0.05), "mse", run_eagerly=run_eagerly)
    model.fit(x, y, batch_size=8, epochs=3, verbose=0, shuffle=False)
    return model.evaluate(x, y, verbose=0)

print("fit loss eager   ", fit(True))
print("fit loss compiled", fit(False))
