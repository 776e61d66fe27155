"""TFA012: a Python list cannot collect the tensors of a loop over tensors (a tf.while_loop).

Run: python examples/collect_in_loop.py   (InaccessibleTensorError: the list holds the loop body's tensors)
Fix: tfautofix fix --write examples/   (the list becomes a tf.TensorArray)
"""

import tensorflow as tf


@tf.function
def running_squares(x):
    squares = []
    for i in tf.range(tf.shape(x)[0]):
        squares.append(x[i] * x[i])
    return tf.stack(squares)


def exercise():
    return [running_squares(tf.range(4.0) + i) for i in range(3)]


if __name__ == "__main__":
    print(exercise())
    print("traces:", running_squares.experimental_get_tracing_count())
