"""DQN agent's experience replay: a Q-value prediction per remembered transition.

Modelled on the-deep-learners/deep-learning-illustrated, notebooks/cartpole_dqn.ipynb
(`DQNAgent.replay`: `target = reward + self.gamma * np.amax(self.model.predict(next_state)[0])`,
`target_f = self.model.predict(state)`, `target_f[0][action] = target`, `self.model.fit(state, target_f, ...)`).
"""
import random
from collections import deque

import keras
import numpy as np

keras.utils.set_random_seed(11)


class DQNAgent:
    def __init__(self, state_size, action_size):
        self.state_size = state_size
        self.action_size = action_size
        self.memory = deque(maxlen=2000)
        self.gamma = 0.95
        self.model = self._build_model()

    def _build_model(self):
        model = keras.Sequential([
            keras.Input((self.state_size,)),
            keras.layers.Dense(8, activation="relu"),
            keras.layers.Dense(self.action_size, activation="linear"),
        ])
        model.compile(loss="mse", optimizer=keras.optimizers.SGD(learning_rate=0.01))
        return model

    def remember(self, state, action, reward, next_state, done):
        self.memory.append((state, action, reward, next_state, done))

    def replay(self, batch_size):
        minibatch = random.sample(self.memory, batch_size)
        for state, action, reward, next_state, done in minibatch:
            target = reward
            if not done:
                target = (reward + self.gamma * np.amax(self.model(next_state, training=False).numpy()[0]))
            target_f = np.array(self.model(state, training=False))
            target_f[0][action] = target
            self.model.fit(state, target_f, epochs=1, verbose=0)


def exercise():
    random.seed(11)
    rng = np.random.default_rng(11)
    agent = DQNAgent(4, 2)
    for i in range(8):
        state, next_state = rng.normal(size=(1, 4)), rng.normal(size=(1, 4))
        agent.remember(state, i % 2, 1.0, next_state, i == 7)
    agent.replay(4)
    return agent.model.predict(np.ones((1, 4)), verbose=0)
