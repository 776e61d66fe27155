"""A test helper that runs a backend function in graph mode by wrapping it in a fresh tf.function per call.

Modelled on unifyai/ivy, ivy_tests/test_ivy/helpers.py (`def tf_graph_call(func, *args, **kwargs)`:
arguments converted with `tf.convert_to_tensor`, then `@tf.function def tf_func(*local_args, **local_kwargs):
return func(*local_args, **local_kwargs)`, `output = tf_func(*new_args, **new_kwargs)`, the output
converted back to NumPy); the helper is called once per generated test example.
"""
import numpy as np
import tensorflow as tf


def _convert_vars(vars_in, from_type, to_type_callable):
    return [to_type_callable(v) if isinstance(v, from_type) else v for v in vars_in]


def tf_graph_call(func, *args, **kwargs):
    new_args = _convert_vars(vars_in=args, from_type=np.ndarray, to_type_callable=tf.convert_to_tensor)
    new_kw_vals = _convert_vars(vars_in=kwargs.values(), from_type=np.ndarray, to_type_callable=tf.convert_to_tensor)
    new_kwargs = dict(zip(kwargs.keys(), new_kw_vals))

    @tf.function
    def tf_func(*local_args, **local_kwargs):
        return func(*local_args, **local_kwargs)

    output = tf_func(*new_args, **new_kwargs)
    if isinstance(output, tuple):
        return tuple(_convert_vars(vars_in=output, from_type=tf.Tensor, to_type_callable=lambda t: t.numpy()))
    return _convert_vars(vars_in=[output], from_type=tf.Tensor, to_type_callable=lambda t: t.numpy())[0]


def softplus(x, beta=1.0):
    return tf.math.log1p(tf.exp(beta * x)) / beta


def exercise():
    rng = np.random.default_rng(37)
    results = []
    for _ in range(6):  # one generated example per test case
        x = rng.normal(size=(3,)).astype("float32")
        results.append(tf_graph_call(softplus, x, beta=np.float32(2.0)))
    return np.array(results)
