import tensorflow


class tf:
    """Not TensorFlow: a local namespace that happens to be called `tf`."""

    @staticmethod
    def Variable(value):
        return [value]


@tensorflow.function
def step(x):
    box = tf.Variable(x)
    return box[0] * 2
