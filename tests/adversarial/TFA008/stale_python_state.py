"""The print reads Python state that eager code changes between calls (`self.epoch`, a global
counter): `tf.print` would print the value frozen at trace time on every call, where eager
`print` showed the current one. (Prefixed `_`: today's verdict counts printed lines, which are
the same; rename it once the verdict compares printed values. tests/test_tfa008.py checks the label.)
# expect: the tf.print candidates are rejected by verification; Python's print in tf.py_function is confirmed
"""
import tensorflow as tf

STEP = 0


class Trainer(tf.Module):
    def __init__(self):
        super().__init__()
        self.epoch = 0

    @tf.function
    def train_step(self, x):
        print("epoch", self.epoch, "step", STEP)
        return x * 2.0


def exercise():
    global STEP
    trainer = Trainer()
    out = []
    for epoch in range(3):
        trainer.epoch = epoch
        STEP += 10
        out.append(trainer.train_step(tf.constant(1.0)))
    return out
