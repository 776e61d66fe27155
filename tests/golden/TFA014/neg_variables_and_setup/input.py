import keras
import tensorflow as tf

RATE = tf.Variable(0.1)


class Scaled(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.temperature = tf.Variable(1.0, trainable=False)
        self.units = 3

    def build(self, input_shape):
        self.units = input_shape[-1]
        self.kernel = self.add_weight(shape=(self.units,))

    def set_temperature(self, t):
        self.temperature.assign(t)

    def reset(self):
        self.kernel = self.add_weight(shape=(self.units,))

    def call(self, x):
        return x * self.kernel / self.temperature + self.units


def set_rate(r):
    global RATE
    RATE = tf.Variable(r)


@tf.function
def scaled(x):
    return x * RATE


class Packer(keras.layers.Layer):
    def __init__(self, padding_id=0):
        super().__init__()
        self._init_ids(padding_id)

    def _init_ids(self, padding_id):
        self.padding_id = int(padding_id)  # set-up: only __init__ calls it

    def call(self, x):
        return x + self.padding_id


class Regularised(keras.Model):
    """`compile` drops the functions Keras traced: the next `fit` reads the new value."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.weight_decay = 0.0

    def compile(self, weight_decay=0.0, **kwargs):
        self.weight_decay = weight_decay
        super().compile(**kwargs)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((self.dense(x) - y) ** 2) + self.weight_decay * tf.nn.l2_loss(self.dense.kernel)
        self.optimizer.apply(tape.gradient(loss, self.trainable_variables), self.trainable_variables)
        return {"loss": loss}
