from functools import lru_cache as function


def run(values):
    out = []
    for v in values:
        @function
        def square(x):
            return x * x

        out.append(square(v))
    return out
