class tf:
    """A stand-in that is not TensorFlow."""

    class Variable:
        def __init__(self, value):
            self.value = value


def tally(y_true, y_pred):
    counter = tf.Variable(0)
    return counter.value + y_true - y_pred


def build(model):
    model.compile(optimizer="sgd", loss="mse", metrics=[tally])
