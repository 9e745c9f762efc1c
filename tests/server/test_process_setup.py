"""The stdio server process: wide pipes for multi-megabyte messages, one allocator arena, free
memory given back on demand."""

from __future__ import annotations

import fcntl
import gc
import os
import platform
import sys
import tempfile
from typing import Iterator

import longdoc_server.app as app
import pytest
from longdoc_server.__main__ import SWITCH_INTERVAL_SECONDS, main
from longdoc_server.memory import (
    COLLECTOR_THRESHOLDS,
    release_free_memory,
    reuse_large_blocks,
    use_one_arena,
)
from longdoc_server.pipes import PIPE_BYTES, widen


@pytest.fixture(autouse=True)
def process_settings_restored() -> Iterator[None]:
    """``main`` sets process-wide settings: the tests after it see Python's own."""
    thresholds, interval = gc.get_threshold(), sys.getswitchinterval()
    yield
    gc.set_threshold(*thresholds)
    sys.setswitchinterval(interval)


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


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt thresholds are glibc's")
def test_glibc_accepts_serving_large_blocks_from_the_heap() -> None:
    assert reuse_large_blocks() is True


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_glibc_gives_free_memory_back() -> None:
    assert release_free_memory() is True




def test_the_server_collects_cycles_less_often_than_python_does(monkeypatch: pytest.MonkeyPatch) -> None:
    thresholds_when_serving: list[tuple[int, ...]] = []

    class Server:
        def start_tcp(self, host: str, port: int) -> None:
            thresholds_when_serving.append(gc.get_threshold())

    monkeypatch.setattr(app, "build_server", Server)
    before = gc.get_threshold()
    assert main(["--tcp"]) == 0
    assert thresholds_when_serving == [COLLECTOR_THRESHOLDS]
    assert COLLECTOR_THRESHOLDS[0] > before[0]


def test_the_server_lets_the_event_loop_take_over_from_the_worker_sooner_than_python_does(monkeypatch: pytest.MonkeyPatch) -> None:
    intervals_when_serving: list[float] = []

    class Server:
        def start_tcp(self, host: str, port: int) -> None:
            intervals_when_serving.append(sys.getswitchinterval())

    monkeypatch.setattr(app, "build_server", Server)
    assert main(["--tcp"]) == 0
    assert intervals_when_serving == [pytest.approx(SWITCH_INTERVAL_SECONDS)]
    assert SWITCH_INTERVAL_SECONDS < 0.005  # CPython's default
