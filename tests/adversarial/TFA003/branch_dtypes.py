"""Branches that give different dtypes: eagerly each call returns its branch's dtype.

tf.cond needs one dtype from both branches; a rewrite that does not prove it must
not be safe (the unsafe rewrite raises and verification must decline it).
"""
import tensorflow as tf


def quantize(x):
    if tf.reduce_max(x) > 1.0:
        out = tf.cast(tf.round(x), tf.int32)
    else:
        out = x * 2.0
    return out


quantize_graph = tf.function(quantize, autograph=False)


def exercise():
    return [quantize_graph(tf.constant([0.5, 0.25])), quantize_graph(tf.constant([0.5, 0.75]))]
# expect: unsafe-declined
