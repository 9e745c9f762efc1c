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


def test_tcp_option_serves_a_client_on_the_given_port() -> None:
    import socket
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "longdoc_server", "--tcp", "--host", "127.0.0.1", "--port", str(port)])
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=60)
                break
            except ConnectionRefusedError:
                assert time.monotonic() < deadline, "the server never listened"
                time.sleep(0.2)
        with connection:
            connection.sendall(message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
            received = b""
            while b"capabilities" not in received or not _complete(received):
                chunk = connection.recv(65536)
                assert chunk, "connection closed before the answer"
                received += chunk
        (answer,) = read_messages(received)
        assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"] == "longdoc"
    finally:
        server.kill()
        server.wait(timeout=30)


def _complete(received: bytes) -> bool:
    header, separator, body = received.partition(b"\r\n\r\n")
    return bool(separator) and len(body) >= int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])


def test_the_stdio_flag_that_language_clients_append_is_accepted() -> None:
    done = subprocess.run([sys.executable, "-m", "longdoc_server", "--stdio", "--version"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("longdoc_server ")
