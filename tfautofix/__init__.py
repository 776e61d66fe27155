"""tfautofix: find and fix TensorFlow code that retraces or misbehaves at trace time."""

__version__ = "0.1.0"


def watch(write=None):
    """``with tfautofix.watch():`` explains each tf.function retrace in the block the moment it
    happens (argument, old → new, call site, rule and fix), on stderr or through ``write``."""
    from tfautofix.tracing.live import watch

    return watch(write)


def load_ipython_extension(ipython) -> None:
    """``%load_ext tfautofix``: check each executed cell, explain retraces as they happen."""
    from tfautofix.ipython import load

    load(ipython)


def unload_ipython_extension(ipython) -> None:
    from tfautofix.ipython import unload

    unload(ipython)
