import keras
import tensorflow as tf

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])


@tf.function
def step(model, optimizer, x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(x) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


fast_step = tf.function(step.python_function)


def sweep(rates, x):
    losses = []
    for lr in rates:
        optimizer = keras.optimizers.Adam(lr)
        losses.append(step(model, optimizer, x))
    while rates:
        rms = tf.keras.optimizers.RMSprop(rates.pop())
        fast_step(model, rms, x)
    for lr in rates:
        plain = keras.optimizers.SGD(lr)  # no slot variables: a new one per iteration works
        step(model, plain, x)
    for lr in rates:
        other = keras.optimizers.Adam(lr)
        other.apply_gradients([])  # eager use only
    return losses
