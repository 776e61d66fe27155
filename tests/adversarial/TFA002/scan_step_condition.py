"""A Python `if random.random() < 0.5` in the step function of `tf.scan`, called from a
tf.function: `tf.scan` (like `tf.while_loop` and `tf.cond`) does not run AutoGraph on the
function it receives, so turning the draw into a tensor condition raises
OperatorNotAllowedInGraphError. The rule must not fix it."""
import random

import tensorflow as tf


def step(total, x):
    if random.random() < 0.5:
        return total + x
    return total


@tf.function
def random_sum(xs):
    return tf.scan(step, xs, initializer=0.0)[-1]


def exercise():
    return [random_sum(tf.ones([4])) for _ in range(600)]
