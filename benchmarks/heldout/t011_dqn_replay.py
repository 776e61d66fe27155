"""DQN replay: Q-values of each stored transition, predicted one state at a time.

Modelled on PacktPublishing/Advanced-Deep-Learning-with-Keras, chapter9-drl/dqn-cartpole-9.6.1.py
(`DQNAgent.replay`: `q_values = self.q_model.predict(state)` and
`np.amax(self.target_q_model.predict(next_state)[0])` per transition of the batch).
"""
import keras
import numpy as np

keras.utils.set_random_seed(3)


def build_model(n_inputs, n_outputs):
    inputs = keras.Input(shape=(n_inputs,), name="state")
    x = keras.layers.Dense(8, activation="relu")(inputs)
    x = keras.layers.Dense(n_outputs, activation="linear", name="action")(x)
    return keras.Model(inputs, x)


class DQNAgent:
    def __init__(self):
        self.gamma = 0.9
        self.q_model = build_model(4, 2)
        self.target_q_model = build_model(4, 2)
        self.target_q_model.set_weights(self.q_model.get_weights())

    def get_target_q_value(self, next_state, reward):
        q_value = np.amax(self.target_q_model.predict(next_state, verbose=0)[0])
        return reward + self.gamma * q_value

    def replay(self, sars_batch):
        state_batch, q_values_batch = [], []
        for state, action, reward, next_state, done in sars_batch:
            q_values = self.q_model.predict(state, verbose=0)
            q_value = reward if done else self.get_target_q_value(next_state, reward)
            q_values[0][action] = q_value
            state_batch.append(state[0])
            q_values_batch.append(q_values[0])
        return np.array(state_batch), np.array(q_values_batch)


def exercise():
    rng = np.random.default_rng(0)
    agent = DQNAgent()
    batch = [(rng.normal(size=(1, 4)).astype("float32"), int(i % 2), 1.0,
              rng.normal(size=(1, 4)).astype("float32"), i == 4) for i in range(5)]
    return agent.replay(batch)
