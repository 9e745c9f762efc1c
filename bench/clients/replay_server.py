"""A language server that does nothing but answer documentSymbol with the JSON in a file, as fast as
Python can: what any server's answer of that size costs to cross the pipe and be parsed.

    python3 replay_server.py SYMBOLS.json   (stdio; initialize, documentSymbol, shutdown, exit)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main() -> None:
    symbols = Path(sys.argv[1]).read_bytes()
    read, write = sys.stdin.buffer, sys.stdout.buffer
    while True:
        length = None
        while (line := read.readline()) not in (b"\r\n", b"\n"):
            if not line:
                return
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length is None:
            raise SystemExit("a message without Content-Length")
        message = json.loads(read.read(length))
        method = message.get("method")
        if method == "exit":
            return
        if "id" not in message:
            continue
        result = {"initialize": b'{"capabilities":{"documentSymbolProvider":true}}',
                  "textDocument/documentSymbol": symbols}.get(method, b"null")
        body = b'{"jsonrpc":"2.0","id":%s,"result":%s}' % (json.dumps(message["id"]).encode(), result)
        write.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        write.flush()


if __name__ == "__main__":
    main()
