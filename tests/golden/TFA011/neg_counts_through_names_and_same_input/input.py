import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer="ones")])
x = np.ones((1, 3))

# Display loops whose counts the code states through names, builtins and parameters.
scales = [1.0, 2.0, 3.0]
inputs = [x * s for s in scales]
for i, row in enumerate(inputs):
    model.predict(row, verbose=0)
for i in range(len(inputs)):
    model.predict(inputs[i] + 1, verbose=0)


def show(rows, num):
    for k in range(num):
        model.predict(rows * k, verbose=0)


show(x, 4)


class Gan:
    def sample(self):
        """Two images for a figure: called from the training loop, its own loop runs twice."""
        for p in range(2):
            model.predict(x * p, verbose=0)

    def train(self, epochs):
        for epoch in range(epochs):
            self.sample()


def permutation_importance(data):
    """One whole-array `predict` per feature column: the loop feeds `predict` no items."""
    errors = []
    for column in range(data.shape[1]):
        saved = data[:, column].copy()
        np.random.shuffle(data[:, column])
        errors.append(float(model.predict(data, verbose=0).sum()))
        data[:, column] = saved
    return errors


def exercise():
    Gan().train(2)
    return permutation_importance(np.ones((16, 3)))
