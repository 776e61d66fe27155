import tensorflow as tf

seen = []


@tf.function(autograph=False)
def record(x):
    if tf.reduce_sum(x) > 0:
        seen.append(x)
    return x


@tf.function(autograph=False)
def logged(x):
    if tf.reduce_sum(x) > 0:
        print("positive")
        x = x * 2.0
    return x


@tf.function(autograph=False)
def first_big(x):
    i = tf.constant(0)
    while i < tf.size(x):
        if x[i] > 10.0:
            break
        i += 1
    return i


class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.last = None

    @tf.function(autograph=False)
    def __call__(self, x):
        if tf.reduce_max(x) > 1.0:
            self.last = x
        return x
