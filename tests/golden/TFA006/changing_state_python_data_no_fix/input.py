"""The state the sweep changes is Python data for the function (a loop count, a slice bound):
no tensor can carry it, so only the hoist is offered, and it stays unsafe."""
import tensorflow as tf

LIMITS = {"repeats": 1, "width": 1}


def unrolled(x):
    for _ in range(LIMITS["repeats"]):
        x = x * 2.0
    return x[: LIMITS["width"]]


def sweep(x):
    out = []
    for n in (1, 2, 3):
        LIMITS["repeats"] = n
        LIMITS["width"] = n
        fn = tf.function(unrolled)
        out.append(fn(x))
    return out
