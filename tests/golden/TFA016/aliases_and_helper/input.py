import numpy as onp
import tensorflow as tf
from tensorflow.io import gfile


def load_table(path):
    return onp.load(path)


def augment(image):
    table = load_table("table.npy")
    shards = gfile.glob("/data/*.tfrecord")
    return image * table[0] + len(shards)


dataset = tf.data.Dataset.range(3).map(augment)


class Head(tf.keras.layers.Layer):
    def call(self, x):
        with tf.io.gfile.GFile("weights.txt") as f:
            return x * float(f.read())
