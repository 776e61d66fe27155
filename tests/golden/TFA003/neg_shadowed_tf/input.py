import tensorflow


class tf:
    """A local stand-in: not TensorFlow."""

    @staticmethod
    def reduce_mean(values):
        return sum(values) / len(values)


@tensorflow.function(autograph=False)
def pick(x, weights):
    if tf.reduce_mean(weights) > 0.5:
        return x * 2.0
    return x
