import tensorflow as tf

w = tf.Variable([[0.5], [-0.25]])


@tf.function
def train_step(obs, next_obs, reward):
    with tf.GradientTape() as tape:
        # NumPy values are constants to the tape: the rewrite stops gradients there too
        target = reward + 0.9 * tf.stop_gradient(
            tf.cast(tf.matmul(next_obs, w), tf.float32)
        )
        scale = tf.stop_gradient(tf.reduce_mean(tf.matmul(obs, w)))
        loss = tf.reduce_mean((tf.matmul(obs, w) - target) ** 2) * scale
    grad = tape.gradient(loss, w)
    w.assign_sub(0.1 * grad)
    return loss


def exercise():
    obs = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    nxt = tf.constant([[1.0, 1.0], [2.0, 0.0]])
    r = tf.constant([[1.0], [0.0]])
    losses = [train_step(obs, nxt, r) for _ in range(3)]
    return losses, w.read_value()
