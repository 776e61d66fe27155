"""A Python `if` on a parameter in `tf.function(autograph=False)` (the AutoGraph showcase
function, as users copy it to see what AutoGraph does): the call sites pass tensors held in
names, so a static reading of `x > 0` sees a comparison of an unknown value."""
import tensorflow as tf


@tf.function(autograph=False)
def square_if_positive(x):
    if x > 0:
        x = x * x
    else:
        x = x * 0
    return x


def exercise():
    values = [tf.constant(v) for v in (-2.0, 3.0, 0.5)]
    out = []
    for v in values:
        out.append(square_if_positive(v))
    return out
