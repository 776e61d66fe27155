"""`from tensorflow import constant, function`: the module has no `tf` name, so the rewrite of
`constant(t.numpy(), float64)` into a cast must bring its own TensorFlow import."""
from tensorflow import constant, float64, function, reduce_sum


@function
def total(t):
    wide = constant(t.numpy(), float64)
    return reduce_sum(wide)


def exercise():
    return [total(constant([1.5, float(i)])) for i in range(3)]
