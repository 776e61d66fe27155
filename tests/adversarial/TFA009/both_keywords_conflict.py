"""Both keywords, contradicting each other (`reduce_retracing=False,
experimental_relax_shapes=True`): TensorFlow lets the deprecated one win (it sets
`reduce_retracing = True`), so the merged keyword must say True, not keep False. The function
also reads a Python global, frozen per trace: a different number of traces shows."""
import tensorflow as tf

OFFSET = 0.0


@tf.function(
    reduce_retracing=False,
    experimental_relax_shapes=True,  # deprecated spelling kept by an old config
)
def shift(x):
    return x + OFFSET


def exercise():
    global OFFSET
    out = []
    for n in (1, 2, 3, 4):
        OFFSET = float(n)
        out.append(shift(tf.ones([n])))
    OFFSET = 0.0
    return out
