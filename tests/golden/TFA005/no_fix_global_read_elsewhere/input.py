import tensorflow as tf

calls = 0


def counted_mae(y_true, y_pred):
    global calls
    calls += 1
    return tf.reduce_mean(tf.abs(y_true - y_pred))


def report():
    print("metric calls:", calls)


def build(model):
    model.compile(optimizer="sgd", loss="mse", metrics=[counted_mae])
