import tensorflow as tf


@tf.function(autograph=False)
def step(x, mask=None, training=False):
    if training:
        x = tf.nn.dropout(x, 0.5)
    if mask is not None:
        x = x * mask
    if x.shape[0] > 2:
        x = x[:2]
    if len(x.shape) == 1:
        x = tf.expand_dims(x, 0)
    if tf.executing_eagerly():
        x = x + 0.0
    while x.shape.rank < 3:
        x = tf.expand_dims(x, -1)
    if isinstance(x, tf.Tensor) and tf.is_tensor(x):
        x = tf.identity(x)
    return x
