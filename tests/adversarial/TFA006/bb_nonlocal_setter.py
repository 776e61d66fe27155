"""A closure's free variable rebound through a nonlocal setter called in the loop.

No assignment to `scale` appears in the loop itself: `set_scale(v)` rebinds it.
"""
import tensorflow as tf


def exercise():
    scale = 1.0

    def set_scale(v):
        nonlocal scale
        scale = v

    def forward(x):
        return x * scale

    outs = []
    for v in [1.0, 2.0, 3.0]:
        set_scale(v)
        fwd = tf.function(forward)
        outs.append(fwd(tf.constant(1.0)))
    return outs
