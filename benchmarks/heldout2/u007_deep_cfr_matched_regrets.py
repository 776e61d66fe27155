"""Deep CFR regret matching: a tf.function method that receives the player index as a Python int.

Modelled on google-deepmind/open_spiel, open_spiel/python/algorithms/deep_cfr_tf2.py
(`@tf.function def _get_matched_regrets(self, info_state, legal_actions_mask, player)`: `advs =
self._adv_networks[player]((tf.expand_dims(info_state, axis=0), legal_actions_mask), training=False)[0]`,
regret matching with `if summed_regret > 0:`; called from `_sample_action_from_advantage(state, player)`
during every game-tree traversal; its issue #1208 shows the retracing warning for this method).
"""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(41)
EMBED, NUM_ACTIONS = 5, 3


class AdvantageNetwork(tf.keras.Model):
    def __init__(self, num_actions):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="relu")
        self.out = tf.keras.layers.Dense(num_actions)

    def call(self, inputs):
        x, mask = inputs
        return self.out(self.hidden(x)) * mask


class DeepCFRSolver:
    def __init__(self, num_players=2):
        self._num_players = num_players
        self._num_actions = NUM_ACTIONS
        self._adv_networks = [AdvantageNetwork(NUM_ACTIONS) for _ in range(num_players)]

    @tf.function
    def _get_matched_regrets(self, info_state, legal_actions_mask, player):
        """TF-Graph to calculate regret matching"""
        advs = self._adv_networks[player]((tf.expand_dims(info_state, axis=0), legal_actions_mask), training=False)[0]
        advantages = tf.maximum(advs, 0)
        summed_regret = tf.reduce_sum(advantages)
        if summed_regret > 0:
            matched_regrets = advantages / summed_regret
        else:
            matched_regrets = tf.one_hot(tf.argmax(tf.where(legal_actions_mask == 1, advs, -10e20)), self._num_actions)
        return advantages, matched_regrets

    def _sample_action_from_advantage(self, info_state, legal_actions_mask, player):
        info_state = tf.constant(info_state, dtype=tf.float32)
        legal_actions_mask = tf.constant(legal_actions_mask, dtype=tf.float32)
        advantages, matched_regrets = self._get_matched_regrets(info_state, legal_actions_mask, player)
        return advantages.numpy(), matched_regrets.numpy()


def exercise():
    solver = DeepCFRSolver()
    rng = np.random.default_rng(41)
    strategies = []
    for node in range(8):  # a traversal alternates between the players' information states
        player = node % 2
        info_state = rng.normal(size=EMBED)
        mask = np.array([1.0, 1.0, float(node % 3 != 0)])
        _, strategy = solver._sample_action_from_advantage(info_state, mask, player)
        strategies.append(strategy)
    return np.array(strategies)
