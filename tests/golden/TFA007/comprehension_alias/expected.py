import tensorflow as T


@T.function(reduce_retracing=True)
def window(signal, width):
    return T.reduce_sum(signal[: T.cast(width, T.int32)])


def exercise():
    signal = T.range(10.0)
    return [window(signal, T.constant(width)) for width in range(2, 8)]
