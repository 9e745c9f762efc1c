"""Command line entry point: ``python -m longdoc_server`` (stdio by default, or ``--tcp``)."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from . import __version__


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="longdoc serve", description="Run the longdoc language server.")
    parser.add_argument("--version", action="version", version=f"longdoc_server {__version__}")
    # vscode-languageclient's stdio transport appends --stdio: accept it, it is the default anyway.
    parser.add_argument("--stdio", action="store_true", help="talk over stdin/stdout (the default)")
    parser.add_argument("--tcp", action="store_true", help="listen on TCP instead of stdio")
    parser.add_argument("--host", default="127.0.0.1", help="TCP host (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=2087, help="TCP port (default 2087)")
    parser.add_argument("--log-file", help="write the server's log to this file")
    return parser.parse_args(argv)


def load_accelerator() -> None:
    """Import numpy now, when installed, rather than on the first question (a 100 ms import)."""
    from longdoc import dense

    if dense.AVAILABLE:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # no BLAS is used: no thread pool for it
        if not dense.ranks(dense.MIN_SECTIONS):
            logging.getLogger(__name__).warning("numpy is installed but cannot be imported: ranking in pure Python")


# While the worker thread computes (an outline, the diagnostics), the event loop needs the
# interpreter for a moment at each step of reading a message and sending an answer, and by default
# waits up to 5 ms for the worker to let go each time: a diagnostics pull sent with an edit delayed
# the outline's answer by some 20 ms at 10 MB (at 1 ms, 49-55 ms from the change to the answer's
# sending became 33 ms). A switch costs microseconds.
SWITCH_INTERVAL_SECONDS = 0.001


def main(argv: list[str] | None = None) -> int:
    """Start the server as the arguments say; returns when the client disconnects."""
    arguments = parse_arguments(argv)
    if arguments.log_file:
        logging.basicConfig(filename=arguments.log_file, level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    else:
        logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    logging.getLogger("pygls").setLevel(logging.WARNING)
    from .app import build_server
    from .memory import collect_less, reuse_large_blocks, use_one_arena

    use_one_arena()  # before any thread starts: see memory.py
    reuse_large_blocks()
    collect_less()
    sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
    load_accelerator()

    server = build_server()
    if arguments.tcp:
        server.start_tcp(arguments.host, arguments.port)
    else:
        from .pipes import widen_stdio

        widen_stdio()
        server.start_io()
    return 0


if __name__ == "__main__":
    sys.exit(main())
