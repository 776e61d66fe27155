"""Holds the sitecustomize that `tfautofix trace` puts on PYTHONPATH (not imported as a package)."""
