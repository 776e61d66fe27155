import os

# Keep TensorFlow quiet in the subprocesses the golden harness starts.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
