"""predict on a tf.constant row built in the loop.

predict returns a NumPy array; model(x, training=False).numpy() must give
the same values and dtype.
"""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])


def exercise(calls=3):
    outs = []
    for a in range(calls):
        outs.append(model.predict(tf.constant([[float(a), 1.0]]), verbose=0))
    return outs
