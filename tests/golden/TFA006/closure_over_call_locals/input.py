"""A `@tf.function` def in a function called in a loop closes over that call's locals.
`_save_restore` (TensorFlow's trace_saveable_util) builds `saveables` from the factory it
is given, through another nested function: one restore function per factory, unavoidable
(not reported). `_scaled` closes over a constant local while the loop changes only `x`:
the same function re-wrapped on every call (reported, line 35)."""
import tensorflow as tf


def _save_restore(factory, obj):
    saveables = []

    def fill():
        saveables[:] = factory(obj)

    fill()
    specs = []
    for saveable in saveables:
        specs.append(tf.TensorSpec(saveable.shape, saveable.dtype))

    @tf.function(input_signature=specs)
    def restore(*tensors):
        return [s + t for s, t in zip(saveables, tensors)]

    return restore.get_concrete_function()


def restore_all(factories, obj):
    return [_save_restore(factory, obj) for factory in factories]


def _scaled(x):
    scale = 2.0

    @tf.function
    def step(y):
        return y * scale

    return step(x)


def run(xs):
    return [_scaled(x) for x in xs]
