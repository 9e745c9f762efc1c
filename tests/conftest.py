"""Shared fixtures: real documents from ``../shared/data`` (read-only, never copied here).

A missing file fails the test with its path; it never skips, so lost data cannot pass unnoticed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
E2E = Path(__file__).resolve().parent / "e2e"


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


def _run_node_client(script: str, *args: str, env: dict[str, str] | None = None) -> Any:
    node = shutil.which("node")
    assert node, "node is not installed (scripts/setup installs what the end-to-end tests need)"
    assert (E2E / "node_modules" / "vscode-jsonrpc").is_dir(), "run scripts/setup (npm ci in tests/e2e) first"
    done = subprocess.run([node, str(E2E / script), sys.executable, *args], capture_output=True, text=True,
                          timeout=300, env=env, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="session")
def node_client() -> Callable[..., Any]:
    """``node_client("intel_client.js", contract, env=...)``: the JSON that a script of tests/e2e,
    driving this Python's server through Microsoft's vscode-jsonrpc, printed; fails on its errors."""
    return _run_node_client
