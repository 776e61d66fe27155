"""tfautofix: find and fix TensorFlow code that retraces or misbehaves at trace time."""

__version__ = "0.1.0"
