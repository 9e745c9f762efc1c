"""Widen the stdio pipes the client spawned the server with, where the system allows it.

Linux pipes hold 64 KiB by default: a 10 MB didOpen or a 3 MB outline then crosses in hundreds of
hand-overs between the two processes, each a context switch, and on a busy two-core machine the
hand-overs took longer than computing the answer. One MiB (the usual unprivileged maximum) cuts
them sixteenfold. Anything that is not a pipe, or a system without the call, is left as it is.
"""

from __future__ import annotations

import fcntl
import sys
from typing import IO

PIPE_BYTES = 1 << 20


def widen(stream: IO[bytes] | IO[str]) -> bool:
    """Ask for a ``PIPE_BYTES`` buffer on ``stream``'s pipe; False when it is no pipe or may not grow."""
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None)
    if set_size is None:
        return False
    try:
        fcntl.fcntl(stream.fileno(), set_size, PIPE_BYTES)
    except (OSError, ValueError):  # not a pipe, a limit below PIPE_BYTES, or a closed stream
        return False
    return True


def widen_stdio() -> None:
    """Widen the pipes of standard input and output (the stdio transport's two directions)."""
    widen(sys.stdin)
    widen(sys.stdout)
