"""Epsilon-greedy trading agent: `model.predict` on every environment step.

Modelled on lazyprogrammer/machine_learning_examples, tf2.0/rl_trader.py
(`DQNAgent.act`: `act_values = self.model.predict(state, verbose=0)`; `np.argmax(act_values[0])`).
"""
import keras
import numpy as np

keras.utils.set_random_seed(7)
np.random.seed(7)


def mlp(input_dim, n_action):
    i = keras.layers.Input(shape=(input_dim,))
    x = keras.layers.Dense(8, activation="relu")(i)
    x = keras.layers.Dense(n_action)(x)
    return keras.Model(i, x)


class DQNAgent:
    def __init__(self, state_size, action_size):
        self.state_size = state_size
        self.action_size = action_size
        self.epsilon = 0.3
        self.model = mlp(state_size, action_size)

    def act(self, state):
        if np.random.rand() <= self.epsilon:
            return np.random.choice(self.action_size)
        act_values = self.model.predict(state, verbose=0)
        return np.argmax(act_values[0])


def exercise():
    agent = DQNAgent(3, 3)
    states = np.linspace(-1, 1, 36, dtype=np.float32).reshape(12, 1, 3)
    return [int(agent.act(s)) for s in states]
