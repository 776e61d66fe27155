"""predict inside a method the environment loop calls once per step (a DQN
controller, after TihanPelser/vehicle-simulation controller/DQNControllerModel.py):
`agent.act(state)` per step, `self.model.predict(state)` inside `act`.

No loop encloses the predict call in its own function: the loop is the caller's.
"""
import numpy as np
import tensorflow as tf


class Agent:
    def __init__(self):
        self.model = tf.keras.Sequential([
            tf.keras.Input((4,)),
            tf.keras.layers.Dense(8, activation="relu", kernel_initializer="ones"),
            tf.keras.layers.Dense(2, kernel_initializer="glorot_uniform"),
        ])

    def act(self, state):
        q_values = self.model.predict(state, verbose=0)
        return int(np.argmax(q_values[0]))


def step(state, action):
    return np.roll(state, 1) + (0.1 if action else -0.1)


def exercise(episodes=2, steps=8):
    tf.keras.utils.set_random_seed(2)
    agent = Agent()
    actions = []
    for _ in range(episodes):
        state = np.linspace(-1.0, 1.0, 4, dtype="float32").reshape(1, 4)
        for _ in range(steps):
            action = agent.act(state)
            state = step(state, action)
            actions.append(action)
    return actions
