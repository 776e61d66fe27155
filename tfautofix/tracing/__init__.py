"""Runtime tracing: the recorder injected by `tfautofix trace`, the trace log
(FORMAT.md), explanations of retraces and input-signature synthesis."""
