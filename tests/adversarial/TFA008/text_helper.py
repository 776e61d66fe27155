"""`print(describe(loss))` with a helper that formats the tensor into text (`f"loss={x}"`): in a
tf.function the helper runs at trace time on the symbolic tensor, so `tf.print(describe(loss))`
would print `loss=Tensor("Sum:0", ...)` on every call instead of the value. Not safe; verification
must catch the unsafe rewrite."""
# expect: the tf.print candidates are rejected by verification; Python's print in tf.py_function is confirmed
import tensorflow as tf


def describe(x):
    return f"loss={x}"


@tf.function
def step(x):
    loss = tf.reduce_sum(x)
    print(describe(loss))
    return loss


def exercise():
    return [step(tf.constant([1.0, float(i)])) for i in range(3)]
