import keras
import numpy as np


def build():
    return keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])


def exercise():
    net = build()
    out = []
    for batch in np.ones((3, 1, 2), dtype="float32"):
        out.append(net(batch, training=False).numpy())
    return out
