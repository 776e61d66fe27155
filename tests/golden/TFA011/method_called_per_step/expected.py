import numpy as np
import tensorflow as tf


class Agent:
    def __init__(self):
        self.model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2, kernel_initializer="ones")])

    def act(self, state):
        return int(np.argmax(self.model(state, training=False).numpy()[0]))


def exercise():
    agent = Agent()
    state = np.linspace(-1.0, 1.0, 4, dtype="float32").reshape(1, 4)
    actions = []
    for _ in range(12):
        actions.append(agent.act(state))
        state = np.roll(state, 1)
    return actions
