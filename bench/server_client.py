"""A minimal LSP client over a server's stdio, for benchmarks: framed JSON-RPC, nothing cached.

Requests block until their answer arrives; requests from the server (progress, registrations) are
answered with null so that the server never waits on the benchmark.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import threading
from pathlib import Path
from typing import Any


class ServerError(RuntimeError):
    """The server answered a request with a JSON-RPC error."""


class StdioClient:
    """One server process spoken to over stdin/stdout."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self._ids = itertools.count(1)
        self._answers: dict[int, dict[str, Any]] = {}
        self._arrived = threading.Condition()
        self._write_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read_forever, daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss_bytes(self) -> int:
        """Resident memory of the server process."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError("no VmRSS for the server process")

    def _write(self, payload: dict[str, Any]) -> None:
        body = json.dumps(payload).encode()
        assert self.process.stdin is not None
        with self._write_lock:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def _read_forever(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while (header := stream.readline()) not in (b"\r\n", b""):
                if header.lower().startswith(b"content-length:"):
                    length = int(header.split(b":")[1])
            if not header:
                return
            message = json.loads(stream.read(length))
            if "method" in message and "id" in message:
                self._write({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif "id" in message:
                with self._arrived:
                    self._answers[message["id"]] = message
                    self._arrived.notify_all()

    def request(self, method: str, params: Any, timeout: float = 600) -> Any:
        msg_id = next(self._ids)
        self._write({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        with self._arrived:
            if not self._arrived.wait_for(lambda: msg_id in self._answers, timeout):
                raise TimeoutError(f"{method} unanswered after {timeout} s")
            answer = self._answers.pop(msg_id)
        if "error" in answer:
            raise ServerError(f"{method}: {answer['error']}")
        return answer.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=60)
