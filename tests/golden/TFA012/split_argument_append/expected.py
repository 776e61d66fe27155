"""Python side effects on the caller's objects: an append under a tensor `if` (reading a local)
and an item assignment in `__call__`. Both move to an eager wrapper around a traced core, so
they happen on every call, as eagerly."""
import tensorflow as tf


@tf.function
def _step_core(x):
    y = x * 2.0
    return y, y + 1.0


def step(x, log):
    y, result = _step_core(x)
    if tf.reduce_sum(y) > 0:
        log.append(y)
    return result


class Model(tf.Module):
    @tf.function
    def _call_core(self, x):
        return x + 1.0

    def __call__(self, x, cache):
        cache["last"] = x
        return self._call_core(x)


def exercise():
    log, cache = [], {}
    model = Model()
    out = [step(tf.constant([1.0, 2.0]), log), step(tf.constant([-3.0, 1.0]), log), step(tf.constant([2.0, 2.0]), log)]
    out += [model(tf.ones([2]) * k, cache) for k in range(3)]
    return out + [log, cache["last"]]
