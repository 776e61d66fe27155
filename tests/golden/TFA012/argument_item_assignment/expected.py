import tensorflow as tf


class Model(tf.Module):
    @tf.function
    def _call_core(self, x):
        return x + 1.0

    def __call__(self, x, cache):
        cache["last"] = x
        return self._call_core(x)


@tf.function
def copies_first(x, history):
    history = list(history)  # a copy: modifying it is allowed
    history.append(x)
    return tf.add_n(history)


def exercise():
    return [Model()(tf.ones([2]), {}), copies_first(tf.ones([2]), [tf.ones([2])])]
