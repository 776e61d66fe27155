"""`experimental_autograph_options` with BUILTIN_FUNCTIONS (or ALL) makes AutoGraph convert `print`
itself, printing on every call: in the call form, in a tuple, through an alias of `Feature`, and in the
helpers the converted function calls. Options held by a parameter are not known: no claim either."""
import tensorflow as tf

F = tf.autograph.experimental.Feature


def show(x):
    print("show", x)
    return x + 1


show_fn = tf.function(show, experimental_autograph_options=(F.BUILTIN_FUNCTIONS, F.LISTS))


def helper(x):
    print("helper", x)
    return x * 2


@tf.function(experimental_autograph_options=F.ALL)
def calls_helper(x):
    return helper(x)


def with_options(x, options):
    def inner(y):
        print("inner", y)
        return y - 1

    return tf.function(inner, experimental_autograph_options=options)(x)


def exercise():
    out = []
    for i in range(3):
        x = tf.constant(float(i))
        out += [show_fn(x), calls_helper(x), with_options(x, F.BUILTIN_FUNCTIONS)]
    return out
