"""The stdio server process: wide pipes for multi-megabyte messages, one allocator arena, free
memory given back once the documents are still."""

from __future__ import annotations

import asyncio
import fcntl
import os
import platform
import tempfile

import pytest

import longdoc_server.memory as memory
from longdoc_server.memory import IdleRelease, release_free_memory, use_one_arena
from longdoc_server.pipes import PIPE_BYTES, widen


def test_a_stdio_pipe_is_widened_to_one_mebibyte() -> None:
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "rb") as reader, os.fdopen(write_end, "wb") as writer:
        assert fcntl.fcntl(writer.fileno(), fcntl.F_GETPIPE_SZ) < PIPE_BYTES
        assert widen(writer) is True
        assert fcntl.fcntl(reader.fileno(), fcntl.F_GETPIPE_SZ) == PIPE_BYTES


def test_a_stream_that_is_no_pipe_is_left_alone() -> None:
    with tempfile.TemporaryFile() as regular_file:
        assert widen(regular_file) is False


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt arenas are glibc's")
def test_glibc_accepts_one_arena() -> None:
    assert use_one_arena() is True


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_glibc_gives_free_memory_back() -> None:
    assert release_free_memory() is True


async def test_a_burst_of_changes_releases_memory_once_after_the_last(monkeypatch: pytest.MonkeyPatch) -> None:
    releases: list[float] = []
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(memory, "release_free_memory", lambda: releases.append(loop.time()))
    idle = IdleRelease(delay=0.1)
    for _ in range(5):
        idle.changed()
        await asyncio.sleep(0.02)
    last_change = loop.time()
    assert releases == []
    await asyncio.sleep(0.3)
    assert len(releases) == 1 and releases[0] >= last_change + 0.05
