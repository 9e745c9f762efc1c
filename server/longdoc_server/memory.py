"""How the server keeps its resident memory close to what its documents need (glibc only).

Every keystroke in a 10 MB contract makes a new 20 MB string and frees the old one. glibc keeps
freed blocks for reuse, which keeps typing fast, but they stay resident: ten edits of a 10 MB text
held 60 MB more than the documents needed. So once the documents have been still for a second,
the free pages go back to the system (:mod:`longdoc_server.idle`). And every thread allocates from
one arena: with an arena per thread, the pages the reader thread freed (a 10 MB didOpen message)
could not be reused by the model the worker thread builds (an open 10 MB document: 12.3x its size
instead of 10.7x). Large blocks come from that arena too, so an edit reuses the pages of the text it
replaces. Elsewhere (musl, macOS, Windows) these calls do nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import lru_cache
from typing import Any

# glibc's mallopt parameter numbers.
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8
# A keystroke frees one copy of the text and allocates the next. Mapped on their own (glibc maps
# blocks over 128 KB, and unmaps them when freed), every edit of a 10 MB text faulted in 2,500 fresh
# pages, and trimming the heap top gave pages back only to fault them in again: the slowest tenth
# of edit + outline took twice the median. Blocks up to 64 MiB now come from the heap and are reused
# in place; the idle release still gives the free pages back.
_MMAP_FROM = 64 << 20
_TRIM_FROM = 256 << 20
# A keystroke in a 10 MB contract makes some ten thousand outline nodes that live as long as their
# version. With CPython's default thresholds (a young collection every 700 allocations) the cyclic
# collector ran a dozen times per keystroke and made edit + outline about a third slower; the
# documents hold no reference cycles, so collecting less often keeps no more memory.
COLLECTOR_THRESHOLDS = (50_000, 20, 100)


@lru_cache(maxsize=1)
def _glibc() -> Any | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None


def use_one_arena() -> bool:
    """Limit glibc malloc to one arena; call before threads start. False where that cannot be set."""
    libc = _glibc()
    return libc is not None and bool(libc.mallopt(_M_ARENA_MAX, 1) == 1)


def reuse_large_blocks() -> bool:
    """Serve blocks up to 64 MiB from the heap and keep freed ones for reuse until the idle
    release (see _MMAP_FROM); False where that cannot be set."""
    libc = _glibc()
    return libc is not None and libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM) == 1 and libc.mallopt(
        _M_TRIM_THRESHOLD, _TRIM_FROM) == 1


def release_free_memory() -> bool:
    """Return the allocator's free pages to the system; False where the C library cannot."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True


def collect_less() -> None:
    """Run the cyclic garbage collector less often (see COLLECTOR_THRESHOLDS); process-wide."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
