"""Beam search over an LSTM language model; each expansion calls a helper that predicts one step.

Modelled on thushv89/packt_nlp_tensorflow_2, Ch08-Language-Modelling-with-LSTMs/ch08_lstms_for_text_generation.ipynb
(`beam_one_step(model, input_, states)`: `out = model.predict([input_, *states])`,
`output, new_states = out[0], out[1:]`, called from the recursive `beam_search`).
"""
import keras
import numpy as np

keras.utils.set_random_seed(4)
V, H = 6, 4
x_in, h_in, c_in = keras.Input((1,), dtype="int32"), keras.Input((H,)), keras.Input((H,))
seq, h, c = keras.layers.LSTM(H, return_state=True)(keras.layers.Embedding(V, H)(x_in), initial_state=[h_in, c_in])
infer_model = keras.Model([x_in, h_in, c_in], [keras.layers.Dense(V, activation="softmax")(seq), h, c])


def beam_one_step(model, input_, states):
    """Perform the model update and output for one step"""
    out = model.predict([input_, *states], verbose=0)
    output, new_states = out[0], out[1:]
    return output, new_states


def beam_search(model, input_, states, beam_depth=3, beam_width=2):
    results = []

    def recursive_fn(input_, states, sequence, log_prob, i):
        if i == beam_depth:
            results.append((list(sequence), np.exp(log_prob)))
            return
        output, new_states = beam_one_step(model, input_, states)
        top = np.argsort(output[0])[::-1][:beam_width]
        for wid in top:
            recursive_fn(np.array([[wid]]), new_states, sequence + [int(wid)], log_prob + np.log(output[0][wid]), i + 1)

    recursive_fn(input_, states, [], 0.0, 0)
    results.sort(key=lambda r: -r[1])
    return results


def exercise():
    states = [np.zeros((1, H), "float32"), np.zeros((1, H), "float32")]
    results = beam_search(infer_model, np.array([[1]]), states)
    return [seq for seq, _ in results], np.array([p for _, p in results])
