"""An attribute changed between `fit` and the first `predict`: `predict` traces its own function
at its first call and reads the new value, as eager code does; `model(x)` runs eagerly."""
import numpy as np
import tensorflow as tf


class Scaled(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones", use_bias=False)
        self.temperature = 1.0

    def call(self, x):
        return self.dense(x) / self.temperature


x = np.ones((4, 2), "float32")
model = Scaled()
model.compile(optimizer="sgd", loss="mse")
model.fit(x, np.ones((4, 1), "float32"), epochs=1, verbose=0)
model.temperature = 2.0
predicted = model.predict(x, verbose=0)
direct = model(x)
model.temperature = 4.0
direct_again = model(x)


def exercise():
    return predicted, direct, direct_again
