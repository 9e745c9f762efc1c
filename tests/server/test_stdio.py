"""The process itself: command line options and survival of malformed messages on raw stdio."""

from __future__ import annotations

import json
import subprocess
import sys

from longdoc_server import __version__


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(payload: dict) -> bytes:
    return frame(json.dumps(payload).encode())


def read_messages(output: bytes) -> list[dict]:
    messages = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
        messages.append(json.loads(rest[:length]))
        output = rest[length:]
    return messages


def test_version_option_prints_the_server_version() -> None:
    done = subprocess.run([sys.executable, "-m", "longdoc_server", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"longdoc_server {__version__}"


def test_malformed_messages_do_not_stop_the_server() -> None:
    stdin = b"".join(
        [
            message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
            frame(b"{this is not json"),
            message({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": []}),
            message({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}),
            message({"jsonrpc": "2.0", "method": "exit"}),
        ]
    )
    done = subprocess.run([sys.executable, "-m", "longdoc_server"], input=stdin, capture_output=True, timeout=60)
    responses = {m["id"]: m for m in read_messages(done.stdout) if "id" in m}
    assert "capabilities" in responses[1]["result"]
    assert responses[2]["error"]["code"] == -32602
    assert responses[3]["result"] is None
    assert done.returncode == 0
