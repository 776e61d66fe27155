"""A sign function with Python `if`/`elif` that AutoGraph converts, called with Python ints.

Modelled on zaidalyafeai/Notebooks, TF_2_0.ipynb (the tf.function section: `@tf.function def g(x): if x > 0:
return 1 elif x < 0: return -1 else: return 0`, then `g(3)`, `g(-3)`, `g(0)` printed).
"""
import tensorflow as tf


@tf.function
def g(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


def exercise():
    shown = []
    for value in (3, -3, 0, 5, -1):
        shown.append(int(g(value)))
    return shown
