"""lazyprogrammer nlp_class3/attention.py: `Lambda(lambda x: x[:, t:t+1])` built in a module-level `for t` loop.

The functional model calls each Lambda again when it runs (fit/predict trace the model): the lambda then
reads the global `t` as it is after the loop, so every selector picks the last time step.
Expected (real): the model's outputs differ from what each step's slice should give.
"""
import numpy as np
import tensorflow as tf

T = 4
inp = tf.keras.Input((T, 1))
outputs = []
for t in range(T):
    selector = tf.keras.layers.Lambda(lambda x: x[:, t:t+1])  # noqa: B023 (the hazard itself)
    outputs.append(selector(inp))
model = tf.keras.Model(inp, tf.keras.layers.Concatenate(axis=1)(outputs))
x = np.arange(T, dtype="float32").reshape(1, T, 1)
got = model.predict(x, verbose=0).ravel().tolist()
print(f"lambda_late_binding: predict gives {got}, eager slices give {x.ravel().tolist()}:",
      "finding real" if got != x.ravel().tolist() else "finding false")
