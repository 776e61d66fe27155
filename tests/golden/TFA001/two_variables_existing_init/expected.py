import tensorflow as tf2


class Tracker(tf2.Module):
    """Two methods create variables: the fixes share one existing `__init__`."""

    def __init__(self, scale):
        super().__init__(name="tracker")
        self.scale = scale
        self._total = None
        self._low = None
        self._high = None

    @tf2.function
    def update(self, x):
        if self._total is None:
            self._total = tf2.Variable(0.0)
        else:
            self._total.assign(0.0)
        total = self._total  # reset every call, as eager code does
        total.assign_add(tf2.reduce_sum(x) * self.scale)
        return total.read_value()

    @tf2.function
    def bounds(self, x):
        if self._low is None:
            self._low = tf2.Variable(tf2.reduce_min(x))
        else:
            self._low.assign(tf2.reduce_min(x))
        low = self._low
        if self._high is None:
            self._high = tf2.Variable(tf2.reduce_max(x), trainable=False)
        else:
            self._high.assign(tf2.reduce_max(x))
        high = self._high
        return tf2.stack([low, high])


def exercise():
    tracker = Tracker(2.0)
    xs = [tf2.constant([1.0, 2.0, 3.0]) * i for i in range(3)]
    return [tracker.update(x) for x in xs] + [tracker.bounds(x) for x in xs]
