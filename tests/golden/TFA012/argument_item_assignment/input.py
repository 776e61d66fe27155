import tensorflow as tf


class Model(tf.Module):
    @tf.function
    def __call__(self, x, cache):
        cache["last"] = x
        return x + 1.0


@tf.function
def copies_first(x, history):
    history = list(history)  # a copy: modifying it is allowed
    history.append(x)
    return tf.add_n(history)


def exercise():
    return [Model()(tf.ones([2]), {}), copies_first(tf.ones([2]), [tf.ones([2])])]
