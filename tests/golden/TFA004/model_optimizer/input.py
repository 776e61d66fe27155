import keras
import tensorflow as tf


@tf.function
def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


def exercise():
    model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1, kernel_initializer="ones")])
    optimizer = keras.optimizers.SGD(0.01)
    losses = []
    for batch in (4, 8, 16, 8, 32):
        x = tf.reshape(tf.range(batch * 3, dtype=tf.float32), [batch, 3]) / 10.0
        losses.append(train_step(model, optimizer, x, tf.ones([batch, 1])))
    return losses
