import tensorflow as tf


def run_step(x):
    @tf.function
    def step(y):
        return y + 1.0

    out = step(x)
    step = None  # rebinding keeps `step` local: it cannot simply move to module level
    return out, step


def run_all(xs):
    return [run_step(x) for x in xs]
