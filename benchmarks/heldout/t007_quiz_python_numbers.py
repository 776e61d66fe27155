"""The handbook quiz: a tf.function called with Python numbers, printing from Python.

Modelled on snowkylin/tensorflow-handbook, docs/_static/code/zh-hant/model/autograph/quiz.py
(`f(1); f(2); f(1); f(0.1); f(0.2); f(0.1)` on a function that calls `print` and `tf.print`);
tf.print writes to stdout here so the run shows it.
"""
import sys

import tensorflow as tf


@tf.function
def f(x):
    print("The function is running in Python")
    tf.print(x, output_stream=sys.stdout)


def exercise():
    for v in (1, 2, 1, 0.1, 0.2, 0.1):
        f(v)
