"""A decoding loop over a signature tensor collects argmax ids per step, then stacks them.

The appended values are int64 (argmax of float rows): a TensorArray of the
rows' float32 dtype cannot hold them.
"""
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2])])
def greedy_decode(logits):
    ids = []
    for step_logits in logits:
        ids.append(tf.argmax(step_logits))
    return tf.stack(ids)


def exercise():
    return [greedy_decode(tf.constant([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]]))]
