from tensorflow import Variable, cast, constant, float32, function


class Stepper:
    """A plain class (no base): the fix must create `__init__` without `super()` arguments."""

    def __init__(self):
        self.count = None

    @function
    def step(self, x):
        if self.count is None:
            self.count = Variable(0)
        else:
            self.count.assign(0)
        self.count.assign_add(2)
        return x * cast(self.count, float32)


def exercise():
    stepper = Stepper()
    return [stepper.step(constant(float(i))) for i in range(3)]
