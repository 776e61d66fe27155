import tensorflow as tflow


def exercise():
    results = []
    for i in range(3):
        # The compiled step.
        @tflow.function(reduce_retracing=True)
        def step(x):
            return x * 2.0 + 1.0

        results.append(step(tflow.constant([float(i)])))
    return results
