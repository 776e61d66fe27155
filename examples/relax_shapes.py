"""TFA009: `experimental_relax_shapes` is the deprecated spelling of `reduce_retracing`.

Run: python examples/relax_shapes.py   (batch sizes 8, 16, 32: 2 traces, a deprecation warning)
Fix: tfautofix fix --write examples/
"""

import tensorflow as tf


@tf.function(experimental_relax_shapes=True)
def column_sums(batch):
    return tf.reduce_sum(batch, axis=0)


def exercise():
    return [column_sums(tf.ones([size, 3])) for size in (8, 16, 32)]


if __name__ == "__main__":
    exercise()
    print("traces:", column_sums.experimental_get_tracing_count())
