"""Prints of what tracing knows as well as eager code: printing once per trace is the intent
(`tf.print` would repeat it on every step)."""
import tensorflow as tf


class Show(tf.keras.layers.Layer):
    def call(self, x):
        print("input shape:", x.shape, "dtype:", x.dtype)
        print(f"rank {len(x.shape)}")
        print("building the graph")
        return x * 2


@tf.function
def step(x):
    print(x.shape[-1], x.ndim)
    return x + 1
