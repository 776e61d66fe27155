import sys

import tensorflow as tflow


def log_value(name, value):
    tflow.print(name, value, summarize=-1, output_stream=sys.stdout)


@tflow.function
def train_step(x):
    y = tflow.reduce_sum(x)
    log_value("sum", y)
    return y


def exercise():
    return [train_step(tflow.ones([2, 2]) * i) for i in range(3)]
