"""predict in a helper method called per transition of a replay loop (DQN
replay): `self.target_q(next_state)` in `for ... in minibatch`, and the helper
calls `self.target_model.predict(...)`; another helper the loop calls calls it.
"""
import numpy as np
import tensorflow as tf


def build():
    return tf.keras.Sequential([
        tf.keras.Input((3,)),
        tf.keras.layers.Dense(2, kernel_initializer="ones"),
    ])


class DQN:
    def __init__(self):
        self.model = build()
        self.target_model = build()
        self.gamma = 0.9

    def target_q(self, next_state):
        return self.target_model.predict(next_state, verbose=0)[0]

    def target_value(self, reward, next_state):
        return reward + self.gamma * np.amax(self.target_q(next_state))

    def replay(self, minibatch):
        targets = []
        for state, reward, next_state in minibatch:
            targets.append(self.target_value(reward, next_state))
        return targets


def exercise():
    tf.keras.utils.set_random_seed(3)
    agent = DQN()
    batch = [(np.full((1, 3), i, "float32"), float(i), np.full((1, 3), i + 1.0, "float32")) for i in range(16)]
    return agent.replay(batch)
