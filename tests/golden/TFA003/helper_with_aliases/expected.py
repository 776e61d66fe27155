import tensorflow as tensorflow_api
from tensorflow import function as compile_fn
from tensorflow.math import reduce_std


def _spread(x):
    # a helper: traced because the compiled function below calls it
    return tensorflow_api.cond(
        reduce_std(x) > 1.0, lambda: x - tensorflow_api.reduce_mean(x), lambda: x
    )


def standardize(x):
    return _spread(x) * 3.0


fast_standardize = compile_fn(standardize, autograph=False)


def exercise():
    return [fast_standardize(tensorflow_api.constant([0.0, 10.0])), fast_standardize(tensorflow_api.constant([1.0, 1.5]))]
