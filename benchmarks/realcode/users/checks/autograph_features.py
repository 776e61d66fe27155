"""What AutoGraph's LISTS and BUILTIN_FUNCTIONS features do on TF 2.21 (TFA012, TFA008): LISTS breaks appends."""
import tensorflow as tf, traceback
F = tf.autograph.experimental.Feature
print([n for n in dir(tf.autograph.experimental)])
def run(name, fn, *args):
    try:
        r = fn(*args)
        print(name, "->", r)
    except Exception as e:
        print(name, "RAISED", type(e).__name__, str(e)[-600:])

@tf.function(experimental_autograph_options=F.LISTS)
def local_loop(x):
    outs = []
    for i in tf.range(tf.shape(x)[0]):
        outs.append(x[i] * 2.0)
    return tf.stack(outs)
run("local_loop LISTS", local_loop, tf.constant([1., 2., 3.]))

@tf.function(experimental_autograph_options=F.LISTS)
def local_loop2(x):
    outs = []
    tf.autograph.experimental.set_element_type(outs, tf.float32)
    for i in tf.range(tf.shape(x)[0]):
        outs.append(x[i] * 2.0)
    return tf.stack(outs)
run("local_loop2", local_loop2, tf.constant([1., 2., 3.]))

@tf.function(experimental_autograph_options=F.LISTS)
def py_loop(x):
    outs = []
    for i in range(3):
        outs.append(x * i)
    return tf.stack(outs)
run("py_loop LISTS", py_loop, tf.constant(1.))

@tf.function
def py_loop_plain(x):
    outs = []
    for i in range(3):
        outs.append(x * i)
    return tf.stack(outs)
run("py_loop plain", py_loop_plain, tf.constant(1.))

history = []
@tf.function(experimental_autograph_options=F.LISTS)
def outer_append(x):
    history.append(x)
    return x + 1
run("outer_append", outer_append, tf.constant(1.))

def outer_fn(x):
    history.append(x)
    return x + 1
@tf.function(experimental_autograph_options=F.LISTS)
def calls_helper(x):
    return outer_fn(x)
run("helper append (recursive conversion)", calls_helper, tf.constant(1.))
print("history", len(history))
history.clear()
@tf.function(experimental_autograph_options=F.BUILTIN_FUNCTIONS)
def outer_append_bf(x):
    history.append(x)
    return x + 1
run("outer_append_bf", outer_append_bf, tf.constant(1.)); run("outer_append_bf", outer_append_bf, tf.constant(2.))
print("history", len(history))
