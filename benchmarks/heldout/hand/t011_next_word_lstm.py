"""Next-word generation: one `predict` per generated word.

Modelled on https-deeplearning-ai/tensorflow-1-public, C3/W4/ungraded_labs/C3_W4_Lab_1.ipynb
(the text-generation loop: pad the token list, `model.predict(..., verbose=0)`, argmax, append).
"""
import keras
import numpy as np

keras.utils.set_random_seed(1)
VOCAB, MAXLEN = 20, 5
model = keras.Sequential([
    keras.Input((MAXLEN,)),
    keras.layers.Embedding(VOCAB, 4),
    keras.layers.LSTM(5),
    keras.layers.Dense(VOCAB, activation="softmax"),
])


def pad(tokens):
    tokens = tokens[-MAXLEN:]
    return np.array([[0] * (MAXLEN - len(tokens)) + tokens])


def exercise():
    seed_tokens = [3, 7]
    for _ in range(6):
        token_list = pad(seed_tokens)
        probabilities = model(token_list, training=False).numpy()
        predicted = int(np.argmax(probabilities, axis=-1)[0])
        seed_tokens.append(predicted)
    return seed_tokens
