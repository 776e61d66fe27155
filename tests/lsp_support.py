"""A minimal LSP client speaking JSON-RPC with Content-Length framing to ``tfautofix server``
over stdio, as an editor does (used by tests/test_server.py and benchmarks/lsp_latency.py)."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Client:
    def __init__(self, cwd: Path, capabilities: dict | None = None):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tfautofix", "server"], cwd=cwd, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        self.messages: queue.Queue = queue.Queue()
        self.notifications: list[dict] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.capabilities = capabilities if capabilities is not None else {}

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            self.messages.put(json.loads(stream.read(int(headers["content-length"]))))

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def _next(self, deadline: float) -> dict:
        try:
            message = self.messages.get(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            raise TimeoutError("no message from the server") from None
        if message is None:
            raise EOFError(f"the server exited: {self.process.stderr.read().decode()[-3000:]}")
        if "id" in message and "method" in message:  # a request from the server (registerCapability, ...)
            self.send({"id": message["id"], "result": None})
        elif "method" in message:
            self.notifications.append(message)
        return message

    def request(self, method: str, params: dict, timeout: float = 60) -> object:
        self.next_id += 1
        ident = self.next_id
        self.send({"id": ident, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            message = self._next(deadline)
            if message.get("id") == ident and "method" not in message:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return message.get("result")

    def diagnostics(self, uri: str, timeout: float = 60) -> list[dict]:
        """The next diagnostics published for ``uri`` (in the order the server sent them)."""
        deadline = time.monotonic() + timeout
        while True:
            for index, message in enumerate(self.notifications):
                if message["method"] == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                    del self.notifications[index]
                    return message["params"]["diagnostics"]
            self._next(deadline)

    def initialize(self, root: Path) -> dict:
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": self.capabilities})
        self.notify("initialized", {})
        return result

    def close(self) -> None:
        try:
            self.request("shutdown", {}, timeout=10)
            self.notify("exit", {})
            self.process.wait(timeout=10)
        except (TimeoutError, EOFError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def apply(text: str, edits: list[dict]) -> str:
    """``text`` with LSP TextEdits applied (lines end at \\n, \\r\\n or \\r; positions in UTF-16 code units,
    the server's default)."""
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)

    def offset(position: dict) -> int:
        line = lines[position["line"]] if position["line"] < len(lines) else ""
        before = sum(len(l) for l in lines[: position["line"]])
        units, chars = 0, 0
        while units < position["character"] and chars < len(line):
            units += 2 if ord(line[chars]) > 0xFFFF else 1
            chars += 1
        return before + chars

    for edit in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
        start, end = offset(edit["range"]["start"]), offset(edit["range"]["end"])
        text = text[:start] + edit["newText"] + text[end:]
    return text
