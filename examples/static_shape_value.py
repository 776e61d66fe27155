"""TFA015: `x.shape[0]` is None once the batch dimension is relaxed (input_signature with None).

Run: python examples/static_shape_value.py   (fails: "Expected int32, but got None")
Fix: tfautofix fix --write examples/   (`tf.shape(x)[0]` is the batch size on every call)
"""

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def add_bias_column(x):
    return tf.concat([x, tf.ones([x.shape[0], 1])], axis=1)


def exercise():
    return [add_bias_column(tf.ones([n, 3]) * n) for n in (1, 2, 4)]


if __name__ == "__main__":
    exercise()
    print("traces:", add_bias_column.experimental_get_tracing_count())
