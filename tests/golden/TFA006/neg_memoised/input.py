import tensorflow as tf

_compiled = None


def forward(x):
    return x * 2.0


def compiled_forward(x):
    global _compiled
    if _compiled is None:
        _compiled = tf.function(forward)
    return _compiled(x)


def run(batches):
    return [compiled_forward(batch) for batch in batches]
