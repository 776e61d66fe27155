import tensorflow as tf

log = open("log.txt", "w")


@tf.function
def f(x):
    print("value", x, file=log)
    return x
