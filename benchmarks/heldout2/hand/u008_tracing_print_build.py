"""A custom training step that announces itself with `print`, on a subclassed model built in advance.

Modelled on tensorflow/tensorflow issue #48851 ("tf.function traces twice when creating Variables in the first
call?": `class MyModel(tf.keras.Model)` with one Dense layer, `@tf.function def train_step(sample):
print("This function is tracing !"); model(sample)`, `model.build(input_shape=(4, 128))`, a dataset of
`tf.random.normal([128])` repeated and batched by 4).
"""
import sys

import tensorflow as tf

tf.keras.utils.set_random_seed(43)


class MyModel(tf.keras.Model):
    def __init__(self, **kwargs):
        super(MyModel, self).__init__(**kwargs)
        self.dense = tf.keras.layers.Dense(10)

    def call(self, inputs):
        return self.dense(inputs)


model = MyModel()


@tf.function
def train_step(sample):
    tf.print("This function is tracing !", output_stream=sys.stdout)
    return model(sample)


def exercise():
    tensor = tf.range(16, dtype=tf.float32) / 16.0
    dataset = tf.data.Dataset.from_tensors(tensor).repeat(12).batch(4)
    model.build(input_shape=(4, 16))
    outputs = [float(tf.reduce_sum(train_step(sample))) for sample in dataset]
    return outputs
