"""Put first on PYTHONPATH by ``fix --exercise``: starts tfautofix's recorder in
the user's command, then runs the ``sitecustomize`` this one hides, if any."""

import importlib
import importlib.util
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
# Loaded by path: the user's environment may hold another tfautofix, or none.
_spec = importlib.util.spec_from_file_location("_tfautofix_recorder", os.path.join(os.path.dirname(_here), "recorder.py"))
_recorder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_recorder)
_recorder.install()
del sys.modules["sitecustomize"]
try:
    importlib.import_module("sitecustomize")
except ImportError:
    pass
