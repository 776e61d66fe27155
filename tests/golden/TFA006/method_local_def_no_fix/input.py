import tensorflow as tf


class Evaluator:
    def __init__(self, model):
        self.model = model

    def score(self, x):
        @tf.function
        def forward(batch):
            return self.model(batch, training=False)

        return forward(x)

    def score_all(self, batches):
        results = []
        for batch in batches:
            results.append(self.score(batch))
        return results
