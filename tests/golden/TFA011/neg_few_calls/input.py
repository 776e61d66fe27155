import keras
import numpy as np

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer="ones")])
x = np.ones((1, 3))

# Display loops with a literal trip count: a handful of calls, nothing to gain.
for i in range(4):
    print(model.predict(x * i, verbose=0))
for i in range(0, 10):
    model.predict(x, verbose=0)
for name, scale in [("a", 1.0), ("b", 2.0), ("c", 3.0)]:
    model.predict(x * scale, verbose=0)
for scale in (1.0, 2.0):
    for shift in {0.0, 1.0}:  # 2 x 2 calls in all
        model.predict(x * scale + shift, verbose=0)
groups = [model.predict(x * k, verbose=0) for k in (1, 2)]
for key in {"a": 1, "b": 2}:
    model.predict(x, verbose=0)


def show(rows):
    """Called once below, at module level: its loop runs 3 times in all."""
    for p in range(3):
        model.predict(rows, verbose=0)


show(x)


def upload_cell():
    """A Colab upload cell: one call per file the user picked."""
    uploaded = files.upload()
    for fn in uploaded.keys():
        model.predict(x, verbose=0)


def interactive():
    while True:  # waits on the user on each iteration
        if input("again? ") != "y":
            break
        model.predict(x, verbose=0)


if __name__ == "__main__":  # a notebook's cells
    from google.colab import files

    upload_cell()
    interactive()


def exercise():
    return model.predict(x, verbose=0)
