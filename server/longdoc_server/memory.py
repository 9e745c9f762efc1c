"""Make every thread of the server allocate from one C-allocator arena.

Opening a 10 MB contract reads a 10 MB message on the reader thread, decodes it to a 20 MB string
and builds the model on the worker thread. With glibc's default of an arena per thread, the pages
the message freed belong to another arena than the worker's, cannot be reused for the model and
stay resident: one arena kept an open 10 MB document at 10.7x its size instead of 12.3x (measured
through bench/server_perf.py). Elsewhere (musl, macOS, Windows) this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util

_M_ARENA_MAX = -8  # glibc's mallopt parameter number


def use_one_arena() -> bool:
    """Limit glibc malloc to one arena; call before threads start. False where that cannot be set."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_ARENA_MAX, 1) == 1)
