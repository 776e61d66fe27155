import tensorflow as tensorflow_lib
from tensorflow import function as compile_fn


def count_up(limit):
    return tensorflow_lib.reduce_sum(tensorflow_lib.range(limit))


fast_count = compile_fn(count_up)


def exercise():
    sums = []
    for limit in range(1, 7):
        sums.append(fast_count(tensorflow_lib.constant(limit)))
    return sums
