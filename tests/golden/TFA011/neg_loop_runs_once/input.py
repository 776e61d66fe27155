import keras
import numpy as np
import tensorflow as tf

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
ds = tf.data.Dataset.from_tensor_slices(np.ones((8, 3))).batch(4)
# `take(1)`: the body runs once, to look at one batch
for batch in ds.take(1):
    print(model.predict(batch, verbose=0).shape)
