import tensorflow as T
from tensorflow import function as compiled


def _summarize(x, mode):
    flat = T.reshape(x, [x.shape[0], -1])  # relaxed: becomes T.shape
    return T.reduce_sum(flat, axis=1) if mode == "sum" else T.reduce_max(flat, axis=1)


summarize = compiled(_summarize)


def exercise():
    return [summarize(T.ones([n, 2, 3]) * n, "sum") for n in (1, 2, 3)]
