"""AutoGraph's LISTS feature rewrites `x.append(v)` to `x = ag__.list_append(x, v)` and `[]` to an untyped
TensorList (measured on TF 2.21): an append to a list defined outside raises UnboundLocalError on every call,
an append to a local `[]` raises ValueError. Options held by a variable are not known: both are said."""
import tensorflow as tf

F = tf.autograph.experimental.Feature
history = []


@tf.function(experimental_autograph_options=F.LISTS)
def _record_core(x):
    return x + 1


def record(x):
    history.append(x)
    return _record_core(x)


@tf.function(experimental_autograph_options=tf.autograph.experimental.Feature.ALL)
def collect(x):
    outs = []
    for i in range(3):
        outs.append(x * float(i))
    return tf.stack(outs)


def record_with(x, options):
    def inner(y):
        history.append(y)
        return y

    return tf.function(inner, experimental_autograph_options=options)(x)


@tf.function(experimental_autograph_options=F.BUILTIN_FUNCTIONS)
def _record_plain_core(x):
    return x


def record_plain(x):
    history.append(x)
    return _record_plain_core(x)
