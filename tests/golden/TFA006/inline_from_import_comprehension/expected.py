from tensorflow import constant, function as tf_function


def double(x):
    return x * 2


def exercise():
    double_function = tf_function(double)
    return [double_function(constant(v)) for v in range(4)]
