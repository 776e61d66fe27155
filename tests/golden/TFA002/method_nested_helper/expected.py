import tensorflow as tf


class Sampler(tf.Module):
    def _jitter(self):
        return tf.random.uniform([], 0.5, 1.5)

    @tf.function
    def sample(self, x):
        def offset():
            return tf.random.gamma([], 1.0, 2.0)

        return x * self._jitter() + offset()


sampler = Sampler()


def exercise():
    return [sampler.sample(tf.constant(1.0)) for _ in range(500)]
