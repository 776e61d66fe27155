"""Linear learning-rate warm-up computed in a tf.function from the Python step counter."""
import tensorflow as tf

BASE_LR = 3e-4
WARMUP = 20


@tf.function
def learning_rate(step):
    return BASE_LR * tf.minimum(1.0, (step + 1) / WARMUP)


def exercise():
    rates = []
    for step in range(30):
        rates.append(float(learning_rate(step)))
    return rates
