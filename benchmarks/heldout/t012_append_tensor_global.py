"""A tf.function that appends its input to a module-level Python list.

Modelled on lyhue1991/eat_tensorflow2_in_30_days, "4-3,AutoGraph的使用规范.md" (rule 3:
`tensor_list = []; @tf.function def append_tensor(x): tensor_list.append(x); return tensor_list`).
"""
import tensorflow as tf

tensor_list = []


@tf.function
def append_tensor(x):
    tensor_list.append(x)
    return tensor_list


def exercise():
    append_tensor(tf.constant(5.0))
    append_tensor(tf.constant(6.0))
    print(tensor_list)
    return [float(t) for t in tensor_list]
