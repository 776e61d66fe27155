import tensorflow as tflow


@tflow.function(input_signature=[tflow.TensorSpec([None, 2], tflow.float32)])
def flattened(rows):
    pieces = tflow.TensorArray(rows.dtype, size=0, dynamic_size=True, infer_shape=False)
    for row in rows:
        pieces = pieces.write(pieces.size(), -row + 1.0)
    return pieces.concat()


def exercise():
    return [flattened(tflow.constant([[1.0, 2.0], [3.0, float(i)]])) for i in range(3)]
