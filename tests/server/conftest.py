"""Fixtures: a pytest-lsp client speaking to ``python -m longdoc_server`` over stdio as VS Code would.

Each test gets a fresh server whose workspace folder is the test's temporary directory.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_support import accept_registrations, ARTICLE_CONTRACT, MARKDOWN_POLICY, SERVER, capabilities, read_shared


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    accept_registrations(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            root_uri=tmp_path.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="workspace")],
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def contract_text() -> str:
    return read_shared(ARTICLE_CONTRACT)


@pytest.fixture
def policy_text() -> str:
    return read_shared(MARKDOWN_POLICY)
