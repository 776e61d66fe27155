import tensorflow as tf


def eager_only(x):
    print("eager", x)
    return x


@tf.function
def compiled(x):
    return x + 1


print("module level", compiled(tf.constant(1)))
