"""Hugging Face TF models' LayerDrop (`random.uniform` in `call`) and TransfoXL's `self.inv_freq = tf.cast(...)`
in `call`, reduced, with tf-keras (the Keras those models import)."""
import os
os.environ["TF_USE_LEGACY_KERAS"] = "1"
import random
import tensorflow as tf
import tf_keras as keras


class Encoder(keras.layers.Layer):
    def __init__(self, n, layerdrop):
        super().__init__()
        self.n, self.layerdrop = n, layerdrop

    def call(self, x, training=False):
        for _ in range(self.n):
            dropout_probability = random.uniform(0, 1)
            if training and (dropout_probability < self.layerdrop):  # skip the layer
                continue
            x = x + 1.0
        return x


enc = Encoder(6, 0.5)
random.seed(0)
eager = [float(enc(tf.zeros([1]), training=True)[0]) for _ in range(8)]
step = tf.function(lambda x: enc(x, training=True))
compiled = [float(step(tf.zeros([1]))[0]) for _ in range(8)]
print("layers kept per step, eager   :", eager)
print("layers kept per step, compiled:", compiled)


class PositionalEmbedding(keras.layers.Layer):
    def __init__(self, demb):
        super().__init__()
        self.inv_freq = 1 / (10000 ** (tf.range(0, demb, 2.0) / demb))

    def call(self, pos_seq):
        self.inv_freq = tf.cast(self.inv_freq, dtype=pos_seq.dtype)
        return tf.einsum("i,j->ij", pos_seq, self.inv_freq)


emb = PositionalEmbedding(4)
f = tf.function(emb)
print("first trace:", f(tf.range(3, dtype=tf.float32)).shape)
try:
    print("second trace (new length):", f(tf.range(5, dtype=tf.float32)).shape)
except Exception as e:
    print("second trace raises", type(e).__name__, str(e).strip().splitlines()[0][:160])
try:
    print("eager after:", emb(tf.range(3, dtype=tf.float32)).shape)
except Exception as e:
    print("eager call after raises", type(e).__name__, str(e).strip().splitlines()[0][:160])

emb16 = PositionalEmbedding(4)
f16 = tf.function(emb16)
print("float16 first trace:", f16(tf.range(3, dtype=tf.float16)).dtype)
try:
    print("float16 second trace:", f16(tf.range(5, dtype=tf.float16)).shape)
except Exception as e:
    print("float16 second trace raises", type(e).__name__, str(e).strip().splitlines()[0][:160])
