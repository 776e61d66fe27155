"""Style-transfer step that builds its Adam optimizer inside the tf.function.

Modelled on kaszycaO/nst-app, scripts/transfer/training.py (`@tf.function() def train_step(image, nst):
opt = tf.optimizers.Adam(learning_rate=0.02, beta_1=0.99, epsilon=1e-1)` then
`opt.apply_gradients([(grad, image)])` and a clip-assign).
"""
import tensorflow as tf


def content_loss(image):
    return tf.reduce_sum(tf.square(image - 0.25))


opt = tf.optimizers.Adam(learning_rate=0.02, beta_1=0.99, epsilon=1e-1)


@tf.function()
def train_step(image):
    total_variation_weight = 60
    with tf.GradientTape() as tape:
        loss = content_loss(image)
        loss += total_variation_weight * tf.image.total_variation(image) * 1e-4
    grad = tape.gradient(loss, image)
    opt.apply_gradients([(grad, image)])
    image.assign(tf.clip_by_value(image, clip_value_min=0.0, clip_value_max=1.0))
    return loss


def exercise():
    image = tf.Variable(tf.reshape(tf.linspace(0.0, 1.0, 2 * 4 * 4 * 3), [2, 4, 4, 3]))
    losses = [float(tf.reduce_sum(train_step(image))) for _ in range(4)]
    return losses, image.numpy()
