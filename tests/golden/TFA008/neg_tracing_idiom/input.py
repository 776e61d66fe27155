import tensorflow as tf


@tf.function
def f(x):
    print("Tracing with", x)
    print(f"retracing for {x}")
    return x
