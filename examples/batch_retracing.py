"""TFA004: a tf.function called with batch sizes 10, 20, 10, 30 traces 3 times.

Run:     python examples/batch_retracing.py                       (traces: 3)
Record:  tfautofix trace -o examples/traces.json -- python examples/batch_retracing.py
Explain: tfautofix explain examples/traces.json
Fix:     tfautofix fix examples/batch_retracing.py --traces examples/traces.json --unsafe-fixes --write   (traces: 1)
"""

import tensorflow as tf


@tf.function
def row_norms(batch):
    return tf.sqrt(tf.reduce_sum(tf.square(batch), axis=1))


def exercise():
    return [row_norms(tf.ones([size, 5]) * size) for size in (10, 20, 10, 30)]


if __name__ == "__main__":
    exercise()
    print("traces:", row_norms.experimental_get_tracing_count())
