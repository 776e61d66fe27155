import tensorflow as tf


def make_scalers():
    scalers = []
    for scale in (1.0, 2.0, 3.0):
        # Kept to be called later: each function must keep its own `scale`, no call passes it.
        @tf.function
        def scaled(y):
            return y * scale

        scalers.append(scaled)
    return scalers
