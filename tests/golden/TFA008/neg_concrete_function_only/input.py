"""`print` in a local `tf.function` used only as `f.get_concrete_function(...)`: the function is
traced to build a graph and never called, so its Python code runs exactly once, when the graph is
built, and the `print` shows what it means to (TensorFlow's export helpers log specs so): not
reported."""
import tensorflow as tf


def export_signature(model_fn, spec):
    @tf.function
    def serve(x):
        print("serving signature for", x.shape)
        return {"outputs": model_fn(x)}

    return serve.get_concrete_function(spec)


def exercise():
    concrete = export_signature(lambda x: x * 2.0, tf.TensorSpec([None, 4], tf.float32))
    return concrete(tf.ones([2, 4]))["outputs"]
