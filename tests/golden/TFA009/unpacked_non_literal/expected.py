import tensorflow as tf

SETTINGS = {"relax": True, "options": {"jit_compile": False}}


@tf.function(
    **(
        {
            **SETTINGS["options"],
            "reduce_retracing": True,
        } if SETTINGS["relax"] else SETTINGS["options"]
    ),
)
def total(x):
    return tf.reduce_sum(x)


def exercise():
    return [total(tf.ones([n])) for n in (1, 2, 3)]
