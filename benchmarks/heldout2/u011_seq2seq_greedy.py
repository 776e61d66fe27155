"""Greedy decoding of a translation, one target word per `decoder_model.predict` call.

Modelled on thushv89/packt_nlp_tensorflow_2, Ch09-Seq2seq-Models/ch09_seq2seq.ipynb
(`generate_translation`: `y_pred_probs, de_gru_state = decoder_model.predict([y_pred, de_gru_state, en_out, ...])`,
`y_pred_wid = np.argmax(y_pred_probs, axis=-1).ravel()[0]`, up to 100 steps or `</s>`).
"""
import keras
import numpy as np

keras.utils.set_random_seed(9)
VOCAB, UNITS, EN_LEN = 7, 4, 5
de_vocabulary = ["<pad>", "<s>", "</s>", "ich", "bin", "hier", "gut"]

y_in = keras.Input((1,), dtype="int32")
state_in = keras.Input((UNITS,))
en_out_in = keras.Input((EN_LEN, UNITS))
emb = keras.layers.Embedding(VOCAB, UNITS)(y_in)
context = keras.layers.GlobalAveragePooling1D()(en_out_in)
gru_out, gru_state = keras.layers.GRU(UNITS, return_sequences=True, return_state=True)(
    keras.layers.Concatenate()([emb, keras.layers.RepeatVector(1)(context)]), initial_state=state_in)
probs = keras.layers.Dense(VOCAB, activation="softmax")(gru_out)
decoder_model = keras.Model([y_in, state_in, en_out_in], [probs, gru_state])
encoder_model = keras.Sequential([keras.Input((EN_LEN,), dtype="int32"), keras.layers.Embedding(10, UNITS)])


def generate_translation(en_sentence):
    en_out = encoder_model(en_sentence)
    de_gru_state = np.mean(en_out, axis=1)
    y_pred = np.array([[1]])
    predicted_sentence = [de_vocabulary[1]]
    for _ in range(6):
        if de_vocabulary[y_pred[0][0]] == "</s>":
            break
        y_pred_probs, de_gru_state = decoder_model.predict([y_pred, de_gru_state, en_out], verbose=0)
        y_pred_wid = np.argmax(y_pred_probs, axis=-1).ravel()[0]
        y_pred = np.array([[y_pred_wid]])
        predicted_sentence.append(de_vocabulary[y_pred_wid])
    return " ".join(predicted_sentence)


def exercise():
    sentences = np.array([[3, 4, 5, 0, 0], [6, 2, 8, 9, 1]])
    return [generate_translation(s[None]) for s in sentences]
