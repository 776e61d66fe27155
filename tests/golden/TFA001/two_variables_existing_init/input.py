import tensorflow as tf2


class Tracker(tf2.Module):
    """Two methods create variables: the fixes share one existing `__init__`."""

    def __init__(self, scale):
        super().__init__(name="tracker")
        self.scale = scale

    @tf2.function
    def update(self, x):
        total = tf2.Variable(0.0)  # reset every call, as eager code does
        total.assign_add(tf2.reduce_sum(x) * self.scale)
        return total.read_value()

    @tf2.function
    def bounds(self, x):
        low = tf2.Variable(tf2.reduce_min(x))
        high = tf2.Variable(tf2.reduce_max(x), trainable=False)
        return tf2.stack([low, high])


def exercise():
    tracker = Tracker(2.0)
    xs = [tf2.constant([1.0, 2.0, 3.0]) * i for i in range(3)]
    return [tracker.update(x) for x in xs] + [tracker.bounds(x) for x in xs]
