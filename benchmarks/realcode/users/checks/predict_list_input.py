"""dl.ai C3W4_Assignment: TFA011's rewrite `model.predict([token_list])` -> `model([token_list], training=False).numpy()`
with `token_list` a padded (1, n) array: predict reads the one-element list as the one input; does calling the model?

Expected: the same probabilities (rewrite right) or an error / other values (rewrite wrong).
"""
import numpy as np
import tensorflow as tf

n = 5
model = tf.keras.Sequential([tf.keras.Input((n,)), tf.keras.layers.Embedding(20, 4), tf.keras.layers.LSTM(3),
                             tf.keras.layers.Dense(20, activation="softmax")])
token_list = tf.keras.utils.pad_sequences([[3, 4, 5]], maxlen=n, padding="pre")
want = model.predict([token_list], verbose=0)
try:
    got = model([token_list], training=False).numpy()
    print("predict_list_input:", "rewrite right" if np.allclose(want, got) else f"rewrite WRONG: {got} != {want}")
except Exception as error:  # noqa: BLE001
    print(f"predict_list_input: rewrite WRONG, the call raises {type(error).__name__}: {str(error).splitlines()[0][:150]}")
