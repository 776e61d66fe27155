"""Custom training loop whose last batch is smaller, plus a validation set of another batch size.

Modelled on amifunny/tf-stitch, templates/custom_train.py (`@tf.function def train_step(x, y)`
with `train_acc_metric.update_state`, called per batch of a tf.data pipeline, epochs loop).
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(10)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
optimizer = keras.optimizers.SGD(learning_rate=0.1)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
train_acc_metric = keras.metrics.SparseCategoricalAccuracy()

x = np.linspace(-1, 1, 280, dtype=np.float32).reshape(70, 4)
y = (np.arange(70) % 3).astype(np.int32)
train_dataset = tf.data.Dataset.from_tensor_slices((x[:50], y[:50])).batch(16)
val_dataset = tf.data.Dataset.from_tensor_slices((x[50:], y[50:])).batch(20)


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32), tf.TensorSpec([None], tf.int32)])
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss_value = loss_fn(y, logits)
    grads = tape.gradient(loss_value, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    train_acc_metric.update_state(y, logits)
    return loss_value


def exercise():
    losses = []
    for epoch in range(2):
        for x_batch_train, y_batch_train in train_dataset:
            losses.append(float(train_step(x_batch_train, y_batch_train)))
        for x_batch_val, y_batch_val in val_dataset:
            losses.append(float(train_step(x_batch_val, y_batch_val)))
    return losses, float(train_acc_metric.result())
