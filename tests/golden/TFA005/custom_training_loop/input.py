import numpy as np
import tensorflow as tf


def problematic_metric(y_true, y_pred):
    steps = tf.Variable(0, dtype=tf.int32)
    steps.assign_add(1)
    return tf.reduce_mean(tf.abs(y_true - y_pred))


def exercise():
    tf.keras.utils.set_random_seed(0)
    x = np.random.default_rng(4).normal(size=(64, 3)).astype("float32")
    y = x @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.SGD(0.01)

    @tf.function
    def training_step(features, labels):
        with tf.GradientTape() as tape:
            predictions = model(features)
            loss = tf.reduce_mean(tf.square(labels - predictions))
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        # The metric of this batch
        metric_value = problematic_metric(labels, predictions)
        return loss, metric_value

    history = []
    for _ in range(2):
        values = [training_step(x[i : i + 16], y[i : i + 16])[1] for i in range(0, 64, 16)]
        history.append(float(np.mean(values)))
    return history
