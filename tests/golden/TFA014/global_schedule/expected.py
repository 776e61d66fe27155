import tensorflow as tf

LEARNING_RATE = 0.1
STEP = 0


@tf.function
def update(w, g, LEARNING_RATE):
    return w - LEARNING_RATE * g


def decay():
    global LEARNING_RATE
    LEARNING_RATE *= 0.5


SCALE = 1
scaled = tf.data.Dataset.range(3).map(lambda x: x * SCALE)  # traced here, once

for epoch in range(3):
    SCALE = epoch + 1
    print(
        update(
            tf.ones([2]),
            tf.ones([2]) * SCALE,
            tf.constant(LEARNING_RATE, dtype=tf.float32),
        ),
        list(scaled),
    )
    decay()
