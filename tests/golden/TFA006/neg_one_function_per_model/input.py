import tensorflow as tf


def evaluate(model, x):
    # wraps whatever model it is given: one tf.function per model is unavoidable
    predict = tf.function(model)
    return predict(x)


def compare(models, x):
    return [evaluate(model, x) for model in models]


def compile_each(configs, make_step):
    steps = []
    for config in configs:
        steps.append(tf.function(make_step(config)))
    return steps


def _concrete(factory):
    # closes over the factory it is given: one function per factory
    @tf.function
    def run():
        return factory()

    return run.get_concrete_function()


def trace_each(factories):
    return [_concrete(factory) for factory in factories]
