"""Shared fixtures: real documents from ``../shared/data`` (read-only, never copied here).

A missing file fails the test with its path; it never skips, so lost data cannot pass unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@cache
def _read(path: Path) -> str:
    # newline="" keeps CR/CRLF as they are: offsets in the data sets count them.
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def _require(relative: str) -> Path:
    path = SHARED_DATA / relative
    if not path.is_file():
        pytest.fail(f"shared test data missing: {path} (expected ../shared/data/{relative})", pytrace=False)
    return path


@pytest.fixture(scope="session")
def shared_path() -> Callable[[str], Path]:
    """``shared_path("cuad/contracts/X.txt")``: the file's path; fails the test when it is missing."""
    return _require


@pytest.fixture(scope="session")
def shared_text() -> Callable[[str], str]:
    """``shared_text("unlabeled/apache-license-2.0.txt")``: the file as text (UTF-8, newlines kept)."""
    return lambda relative: _read(_require(relative))
