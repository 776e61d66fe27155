"""Music generation: a two-input, two-output LSTM queried note by note.

Modelled on davidADSP/GDL_code, 07_03_lstm_compose_predict.ipynb
(`notes_prediction, durations_prediction = model.predict(prediction_input, verbose=0)` in the
generation loop, then argmax and a sliding input window).
"""
import keras
import numpy as np

keras.utils.set_random_seed(5)
n_notes, n_durations, seq_len = 6, 3, 4
notes_in = keras.Input(shape=(None,))
durations_in = keras.Input(shape=(None,))
x1 = keras.layers.Embedding(n_notes, 3)(notes_in)
x2 = keras.layers.Embedding(n_durations, 2)(durations_in)
x = keras.layers.Concatenate()([x1, x2])
x = keras.layers.LSTM(6)(x)
notes_out = keras.layers.Dense(n_notes, activation="softmax", name="pitch")(x)
durations_out = keras.layers.Dense(n_durations, activation="softmax", name="duration")(x)
model = keras.Model([notes_in, durations_in], [notes_out, durations_out])


def exercise():
    notes_input_sequence, durations_input_sequence = [1, 2, 3, 4], [0, 1, 2, 1]
    prediction_output = []
    for note_index in range(6):
        prediction_input = [np.array([notes_input_sequence]), np.array([durations_input_sequence])]
        notes_prediction, durations_prediction = [o.numpy() for o in model(prediction_input, training=False)]
        i1 = int(np.argmax(notes_prediction[0]))
        i2 = int(np.argmax(durations_prediction[0]))
        prediction_output.append((i1, i2, float(notes_prediction[0][i1])))
        notes_input_sequence = notes_input_sequence[1:] + [i1]
        durations_input_sequence = durations_input_sequence[1:] + [i2]
    return prediction_output
