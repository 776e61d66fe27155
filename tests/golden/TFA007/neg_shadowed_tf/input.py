class tf:
    @staticmethod
    def function(fn):
        return fn

    @staticmethod
    def cast(x, dtype):
        return x


@tf.function
def power(x, n):
    return x ** tf.cast(n, float)


def run():
    return [power(2.0, n) for n in range(3)] + [loop()]


def loop():
    total = 0.0
    for n in range(3):
        total += power(2.0, n)
    return total
