from tensorflow import function as compiled


class Sampler:
    def __init__(self):
        self.noise = 0.0

    def anneal(self, factor):
        self.noise = self.noise * factor

    @compiled
    def sample(self, x):
        return x + self.noise
