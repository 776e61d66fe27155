"""XLA chosen away from the `def`: `tf.function(step, jit_compile=True)`, `@tf.function(**options)`,
and a helper asserting for a `jit_compile=True` caller. XLA ignores `Assert` ops, so the
rewrite returns a value (NaN) where eager raised; a check of the decorator alone misses all three.
The exercise records which calls fail.
# expect: unsafe-declined
"""
import tensorflow as tf

OPTIONS = {"jit_compile": True}


def log_step(x):
    assert tf.reduce_min(x) > 0.0, "log of a non-positive value"
    return tf.math.log(x)


fast_log_step = tf.function(log_step, jit_compile=True)


@tf.function(**OPTIONS)
def sqrt_step(x):
    assert tf.reduce_min(x) >= 0.0, "sqrt of a negative value"
    return tf.sqrt(x)


def check_finite(x):
    assert tf.reduce_all(tf.math.is_finite(x)), "non-finite value"
    return x


@tf.function(jit_compile=True)
def scaled(x):
    return check_finite(x) * 2.0


def exercise():
    out = []
    for fn in (fast_log_step, sqrt_step, scaled):
        for x in (tf.constant([1.0, 4.0]), tf.constant([-1.0, float("inf")])):
            try:
                out.append(fn(x))
            except Exception:  # noqa: BLE001  eager: AssertionError; the rewrite: InvalidArgumentError
                out.append("failed")
    return out
