"""The project's tf.function options come in through `**options`, which already holds
`reduce_retracing`: renaming `experimental_relax_shapes` would pass the keyword twice
(`TypeError: got multiple values for keyword argument`). The rename must not happen."""
import tensorflow as tf

OPTIONS = {"reduce_retracing": True}


def scale(x):
    return x * 2.0


fast_scale = tf.function(scale, experimental_relax_shapes=True, **OPTIONS)


def exercise():
    return [fast_scale(tf.ones([n])) for n in (1, 2, 3, 4)]
