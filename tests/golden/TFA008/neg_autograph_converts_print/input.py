"""AutoGraph's BUILTIN_FUNCTIONS feature converts `print` into `tf.print` itself."""
import tensorflow as tf


@tf.function(experimental_autograph_options=tf.autograph.experimental.Feature.BUILTIN_FUNCTIONS)
def step(x):
    print("value", x)
    return x + 1
