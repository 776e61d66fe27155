import tensorflow as tflow


@tflow.function
def join(a, b):
    return tflow.concat([a, b * 2.0], axis=0)


def exercise():
    return [join(tflow.ones([2]) * i, tflow.ones([3])) for i in range(3)]
