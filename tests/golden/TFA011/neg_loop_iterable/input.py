import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
# predict runs once, for the whole batch; only the loop over its rows repeats.
for row in model.predict(np.ones((16, 3)), verbose=0):
    print(row)
