"""CIFAR training function whose inner `step` tf.function sees train batches, larger test batches and partial ones.

Modelled on amirgholami/adahessian, adahessian_tf/cifar_training_tools.py (`def cifar_training(model, ...)`
defines `@tf.function def step(x, y, training)` and calls it on `ds['train']` batches of `batch_size` and on
`ds['test']` batches of `batch_size*4`, the last one partial), called once per experiment by
adahessian_tf/run_experiments.py (its issue #32). TFDS data replaced by small synthetic arrays.
"""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(47)
rng = np.random.default_rng(47)
train_x, train_y = rng.random((20, 4, 4, 3)).astype("float32"), rng.integers(0, 3, 20)
test_x, test_y = rng.random((22, 4, 4, 3)).astype("float32"), rng.integers(0, 3, 22)


def make_model():
    return tf.keras.Sequential([tf.keras.Input((4, 4, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(3)])


def cifar_training(model, lr_values=[0.1, 0.01], lr_boundaries=[4, 8], batch_size=4, optim_method="sgd"):
    schedule = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=lr_boundaries[:-1], values=lr_values)
    if optim_method == "sgd":
        optimizer = tf.keras.optimizers.SGD(schedule, momentum=0.9)
    elif optim_method == "adam":
        optimizer = tf.keras.optimizers.Adam(schedule)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    train_ds = tf.data.Dataset.from_tensor_slices((train_x, train_y)).batch(batch_size * 2)
    test_ds = tf.data.Dataset.from_tensor_slices((test_x, test_y)).batch(batch_size * 4)
    accuracy = tf.metrics.SparseCategoricalAccuracy()
    cls_loss = tf.metrics.Mean()

    @tf.function
    def step(x, y, training):
        with tf.GradientTape() as tape:
            outs = model(x, training=training)
            c_loss = loss_fn(y, outs)
            loss = c_loss
        if training:
            gradients = tape.gradient(loss, model.trainable_weights)
            optimizer.apply_gradients(zip(gradients, model.trainable_weights))
        accuracy(y, outs)
        cls_loss(c_loss)

    history = []
    for epoch in range(2):
        for x, y in train_ds:
            step(x, y, training=True)
        cls_loss.reset_state()
        accuracy.reset_state()
        for x, y in test_ds:
            step(x, y, training=False)
        history.append((float(cls_loss.result()), float(accuracy.result())))
        cls_loss.reset_state()
        accuracy.reset_state()
    return history


def exercise():
    return [cifar_training(make_model(), optim_method=method) for method in ("sgd", "adam")]
