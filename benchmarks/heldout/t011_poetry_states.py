"""Poetry sampling with an LSTM whose states go in and come out of `predict` every word.

Modelled on lazyprogrammer/machine_learning_examples, nlp_class3/poetry.py
(`o, h, c = sampling_model.predict([np_input, h, c])` in `sample_line`); greedy instead of
`np.random.choice` so the line is deterministic.
"""
import keras
import numpy as np

keras.utils.set_random_seed(6)
V, D, M = 12, 4, 5
input2 = keras.Input(shape=(1,))
initial_h = keras.Input(shape=(M,))
initial_c = keras.Input(shape=(M,))
x = keras.layers.Embedding(V, D)(input2)
o, h, c = keras.layers.LSTM(M, return_state=True, return_sequences=True)(x, initial_state=[initial_h, initial_c])
output2 = keras.layers.Dense(V, activation="softmax")(o)
sampling_model = keras.Model([input2, initial_h, initial_c], [output2, h, c])


def sample_line(start=1, eos=0, max_len=8):
    np_input = np.array([[start]])
    h = np.zeros((1, M))
    c = np.zeros((1, M))
    output_sentence = []
    for _ in range(max_len):
        o, h, c = sampling_model.predict([np_input, h, c], verbose=0)
        probs = o[0, 0]
        idx = int(np.argmax(probs))
        if idx == eos:
            break
        output_sentence.append(idx)
        np_input[0, 0] = idx
    return output_sentence, h


def exercise():
    return sample_line()
