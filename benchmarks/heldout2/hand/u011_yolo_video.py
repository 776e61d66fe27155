"""Object detection over the frames of a video, one `Yolo.predict` per frame.

Modelled on pythonlessons/TensorFlow-2.x-YOLOv3, yolov3/utils.py (`detect_video`: `while True: _, img = vid.read()`,
`image_data = image_preprocess(np.copy(original_image), [input_size, input_size])`,
`image_data = image_data[np.newaxis, ...].astype(np.float32)`, `pred_bbox = Yolo.predict(image_data)`,
`pred_bbox = [tf.reshape(x, (-1, tf.shape(x)[-1])) for x in pred_bbox]`, `pred_bbox = tf.concat(pred_bbox, axis=0)`).
"""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(8)
inp = keras.Input((16, 16, 3))
feat = keras.layers.Conv2D(4, 3, strides=2, padding="same", activation="relu")(inp)
large = keras.layers.Conv2D(6, 1)(feat)
small = keras.layers.Conv2D(6, 1)(keras.layers.MaxPooling2D()(feat))
Yolo = keras.Model(inp, [large, small])


def image_preprocess(image, target_size):
    ih, iw = target_size
    image = tf.image.resize(image, (ih, iw)).numpy()
    return image / 255.0


class FakeCapture:
    """Stands in for cv2.VideoCapture: a few frames, then (False, None)."""

    def __init__(self, n):
        self.frames = [np.random.default_rng(i).integers(0, 255, (20, 24, 3)).astype("uint8") for i in range(n)]

    def read(self):
        return (True, self.frames.pop(0)) if self.frames else (False, None)


def detect_video(Yolo, vid, input_size=16, score_threshold=0.3):
    scores = []
    while True:
        _, img = vid.read()
        if img is None:
            break
        original_image = img
        image_data = image_preprocess(np.copy(original_image), [input_size, input_size])
        image_data = image_data[np.newaxis, ...].astype(np.float32)
        pred_bbox = [t.numpy() for t in Yolo(image_data, training=False)]
        pred_bbox = [tf.reshape(x, (-1, tf.shape(x)[-1])) for x in pred_bbox]
        pred_bbox = tf.concat(pred_bbox, axis=0)
        scores.append(float(tf.reduce_sum(tf.cast(pred_bbox[:, 4] > score_threshold, tf.float32))))
    return scores


def exercise():
    return detect_video(Yolo, FakeCapture(5))
