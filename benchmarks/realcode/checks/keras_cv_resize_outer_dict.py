"""keras-cv's Resizing(pad_to_aspect_ratio=True)._resize_with_pad, reduced: the map_fn callback
writes the *caller's* dict `inputs` (not its own element `x`) and returns it."""
import tensorflow as tf


def resize_with_pad(inputs):
    def one(x):
        image = tf.image.resize(x["images"], (8, 8))
        inputs["images"] = image
        return inputs

    return tf.map_fn(one, inputs, fn_output_signature={"images": tf.TensorSpec((8, 8, 3), tf.float32)})


for mode in ("eager", "compiled"):
    d = {"images": tf.ones([2, 4, 6, 3])}
    run = resize_with_pad if mode == "eager" else tf.function(resize_with_pad)
    out = run(d)
    try:
        print(mode, "out", out["images"].shape, "caller's dict now", d["images"].shape, type(d["images"]).__name__,
              float(tf.reduce_sum(d["images"])))
    except Exception as e:
        print(mode, "out", out["images"].shape, "using the caller's dict raises", type(e).__name__)
