import tensorflow as tf

history = []


@tf.function
def train_step(x):
    return tf.reduce_mean(x * x)


def fit(batches):
    global history
    for batch in batches:
        history.append(train_step(batch).numpy())
    history = history[-10:]
