"""Trace-time hazards run under `tfautofix trace` by tests/test_tracing_hazards.py.

One process exercises every scenario (each TensorFlow process costs ~3 s); the
test reads the trace log and `explain`/`check --traces` output. Line numbers
matter: the test looks events up by the marker comments (`# <- name`).
"""

import gc
import os
import random
import sys
import tempfile

import keras
import numpy as np
import tensorflow as tf
from hazard_helpers import jitter, shift


@tf.function
def augment(x):
    return jitter(x) * 2.0


@tf.function
def traced_loss(x):
    layer = keras.layers.Dense(1)
    return tf.reduce_mean(layer(x))  # <- layer (built, i.e. its variables created, on its first call)


@tf.function
def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))  # <- optimizer
    return loss


scale = 2.0


@tf.function
def scaled(x):
    return x * scale  # <- global


@tf.function
def collect(x, seen):
    seen.append(x)  # <- append
    return x


CONFIG = os.path.join(tempfile.mkdtemp(), "factor.txt")


@tf.function
def configured(x):
    with open(CONFIG) as handle:  # <- open
        factor = float(handle.read())
    return x * factor


@tf.function(autograph=False)
def positive(x):
    if x > 0:  # <- crash
        return x
    return -x


@tf.function
def noisy(x):
    print("adding noise")  # <- print (not a trace-watching print: those are left alone)
    return x + np.random.normal()  # <- numpy


@tf.function
def countdown(n):
    return countdown(n - 1) if n > 0 else tf.constant(0)  # <- recursion


class Box:
    """A plain object: traced by identity (a weak reference)."""


@tf.function
def unbox(box, x):
    return x


def attempt(fn, *args):
    try:
        return fn(*args)
    except Exception as error:  # noqa: BLE001 -- the scenarios crash on purpose
        print(f"{fn.__name__}: {type(error).__name__}", file=sys.stderr)


def main() -> None:
    global scale
    augment(tf.ones([2]))
    attempt(traced_loss, tf.ones([2, 3]))
    attempt(traced_loss, tf.ones([4, 3]))
    model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])
    optimizers = [keras.optimizers.Adam(0.01), keras.optimizers.Adam(0.01)]  # alive together: distinct identities
    for optimizer in optimizers:
        attempt(train_step, model, optimizer, tf.ones([4, 3]), tf.ones([4, 1]))  # <- rebuilt
    scaled(tf.constant(1.0))
    scale = 3.0  # <- rebind
    scaled(tf.constant(1.0))
    seen = []
    attempt(collect, tf.constant(1.0), seen)
    with open(CONFIG, "w") as handle:
        handle.write("2.5")
    configured(tf.constant(1.0))
    attempt(positive, tf.constant(1.0))
    noisy(tf.constant(1.0))
    attempt(countdown, 2)
    model.compile(optimizer="sgd", loss="mse")
    for rows in (8, 16, 32):
        model.fit(np.ones((rows, 3)), np.ones((rows, 1)), batch_size=rows, epochs=1, verbose=0)  # <- fit
    for rows in (8, 16):
        model.predict(np.ones((rows, 3)), batch_size=rows, verbose=0)  # <- predict
    dataset = tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32) * random.random())  # <- map random
    list(dataset.map(shift))
    for _ in range(3):  # temporaries: a new Box may get a collected one's address, and still retraces
        unbox(Box(), tf.constant(1.0))
        gc.collect()
    assert unbox.experimental_get_tracing_count() == 3
    assert sys.getprofile() is None, "the recorder observes traces only"


if __name__ == "__main__":
    main()
