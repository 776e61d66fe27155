import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
logger = keras.callbacks.Callback()
outputs = [model.predict(np.ones((1, 3)), callbacks=[logger]) for _ in range(50)]
