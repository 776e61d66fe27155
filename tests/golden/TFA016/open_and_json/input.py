import json

import tensorflow as tf


@tf.function
def scale(x):
    with open("config.json") as f:
        factor = json.load(f)["factor"]
    return x * factor


@tf.function
def log_loss(loss):
    json.dump({"traced": True}, open("log.json", "w"))
    return loss
