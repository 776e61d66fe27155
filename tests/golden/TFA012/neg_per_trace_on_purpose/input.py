"""State changed once per trace on purpose is no hazard (the positives are in
`per_trace_on_purpose`):

- trace counters, named so (TensorFlow's guide counts traces this way; Keras' `test_retracing`,
  TF's forwardprop `_TRACE_COUNT`): `tracing_count[0] += ...`, `_TRACE_COUNT[op] = ...`,
  `self._num_traces += 1`;
- a counter read only to build names (TF-Recommenders' `_tpu_call_id`): it numbers the ops this
  trace creates, which is trace-time work by nature;
- a local `tf.function` used only as `f.get_concrete_function(...)`: traced to build a graph and
  never called, so filling `container` while tracing is the point (tf-models'
  `_result_shapes_in_tf_function`; TF's trace_saveable_util fills its saveables so).

`exercise()` returns what the code computes, not the counters (they count traces compiled, calls
eagerly: that is what they are for).
"""
import tensorflow as tf

_TRACE_COUNT = {}
tracing_count = [0]


@tf.function
def jvp(op_name, x):
    _TRACE_COUNT[op_name] = _TRACE_COUNT.get(op_name, 0) + 1
    tracing_count[0] = tracing_count[0] + 1
    return x * 2.0


class Counted(tf.Module):
    def __init__(self):
        self._num_traces = 0

    @tf.function
    def __call__(self, x):
        self._num_traces += 1
        return x + 1.0


class Tagged(tf.Module):
    def __init__(self):
        self._call_id = 0

    @tf.function
    def __call__(self, x):
        self._call_id += 1
        name = "{}".format(self._call_id)
        return tf.identity(x * 3.0, name=f"tagged_{name}")


def result_shapes(fn, *args):
    container = [None]

    @tf.function
    def shape_reporting_wrapper(*args):
        result = fn(*args)
        container[0] = tf.nest.map_structure(lambda x: x.shape.as_list(), result)
        return result

    shape_reporting_wrapper.get_concrete_function(*args)
    return container[0]


def exercise():
    return {
        "jvp": jvp("mul", tf.constant([1.0, 2.0])),
        "module": Counted()(tf.constant(1.0)),
        "tagged": Tagged()(tf.constant([1.0, 2.0])),
        "shapes": result_shapes(lambda a: (a, tf.reduce_sum(a)), tf.ones([3, 2])),
    }
