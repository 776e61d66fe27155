"""TFA007: a loop variable passed to a tf.function traces once per value.

Run: python examples/python_scalar_argument.py   (traces: 8)
Fix: tfautofix fix examples/python_scalar_argument.py --unsafe-fixes --write   (traces: 1)
"""

import tensorflow as tf


@tf.function
def warmup_rate(base, step):
    return base * tf.minimum(1.0, tf.cast(step + 1, tf.float32) / 8.0)


def exercise():
    rates = []
    for step in range(8):
        rates.append(warmup_rate(tf.constant(0.1), step))
    return rates


if __name__ == "__main__":
    exercise()
    print("traces:", warmup_rate.experimental_get_tracing_count())
