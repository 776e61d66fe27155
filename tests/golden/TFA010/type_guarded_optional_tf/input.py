"""keras_hub's `convert_to_numpy`, where TensorFlow is optional: `tf` is what a function
returns (None without TensorFlow), not an import. The type tests still tell the branches
apart: only the dense-tensor one (line 23) is reported for the traced caller."""
import numpy as np


def _try_import_tensorflow():
    try:
        import tensorflow as module
    except ImportError:
        return None
    return module


tf = _try_import_tensorflow()


def convert_to_numpy(x):
    if isinstance(x, np.ndarray):
        return x
    if tf is not None and isinstance(x, tf.RaggedTensor):
        return x.numpy()
    if tf is not None and isinstance(x, tf.Tensor):
        return np.asarray(x)
    return np.array(x)


import tensorflow  # noqa: E402  (the traced caller)


@tensorflow.function
def count(x):
    return convert_to_numpy(tensorflow.size(x))
