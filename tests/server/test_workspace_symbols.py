"""workspace/symbol over open documents and the workspace's *.txt / *.md files."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_support import accept_registrations, ARTICLE_CONTRACT, MARKDOWN_POLICY, capabilities, open_document, read_shared

TOKEN = "longdoc/workspaceIndex/"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "longdoc_server"]))
async def workspace_client(lsp_client: LanguageClient, tmp_path: Path):
    shutil.copy(MARKDOWN_POLICY, tmp_path / "terms.md")
    (tmp_path / "nested").mkdir()
    shutil.copy(ARTICLE_CONTRACT, tmp_path / "nested" / "outsourcing.txt")
    (tmp_path / "latin1.txt").write_bytes("ARTICLE I\n\nCl\xe9ment's terms\n".encode("latin-1"))
    (tmp_path / "ignored.rst").write_text("ARTICLE IX\n\nNot indexed\n")
    accept_registrations(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")],
        )
    )
    await wait_for_index(lsp_client, 1)
    yield
    await lsp_client.shutdown_session()


async def wait_for_index(client: LanguageClient, times: int) -> None:
    async def ended() -> None:
        while sum(isinstance(v, types.WorkDoneProgressEnd) for v in index_reports(client)) < times:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(ended(), timeout=30)


def index_reports(client: LanguageClient) -> list:
    return [v for token, values in client.progress_reports.items() if str(token).startswith(TOKEN) for v in values]


async def symbols(client: LanguageClient, query: str) -> list[types.SymbolInformation]:
    return await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=query))


async def test_indexing_reports_progress_from_begin_to_end(workspace_client: LanguageClient, tmp_path: Path) -> None:
    reports = index_reports(workspace_client)
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    assert isinstance(reports[-1], types.WorkDoneProgressEnd) and reports[-1].message == "3 files indexed"


async def test_headings_of_workspace_files_are_found_by_fuzzy_subsequence(workspace_client: LanguageClient, tmp_path: Path) -> None:
    found = await symbols(workspace_client, "acct ctrl")
    assert found[0].name == "1. Account Controls"
    assert found[0].location.uri == (tmp_path / "terms.md").as_uri()
    assert found[0].container_name == "B. Account Terms"
    contract = await symbols(workspace_client, "3.02 meetings")
    assert contract[0].location.uri == (tmp_path / "nested" / "outsourcing.txt").as_uri()
    assert contract[0].location.range.start.line == read_shared(ARTICLE_CONTRACT).count("\n", 0, read_shared(ARTICLE_CONTRACT).index("3.02 Meetings"))


async def test_a_file_that_is_not_utf8_is_reported_and_skipped(workspace_client: LanguageClient, tmp_path: Path) -> None:
    assert any("latin1.txt" in m.message and "not valid UTF-8" in m.message for m in workspace_client.log_messages)
    assert not any("latin1.txt" in s.location.uri for s in await symbols(workspace_client, ""))


async def test_files_outside_the_include_globs_are_not_indexed(workspace_client: LanguageClient, tmp_path: Path) -> None:
    assert not any(s.location.uri.endswith("ignored.rst") for s in await symbols(workspace_client, "article"))


async def test_open_documents_are_searched_with_their_unsaved_text(workspace_client: LanguageClient, tmp_path: Path) -> None:
    uri = (tmp_path / "terms.md").as_uri()
    open_document(workspace_client, uri, "# Unsaved Heading Only\n\nText.\n")
    found = await symbols(workspace_client, "unsaved")
    assert [(s.name, s.location.uri) for s in found] == [("Unsaved Heading Only", uri)]
    assert await symbols(workspace_client, "acct ctrl") == []


async def test_watched_file_changes_keep_the_index_fresh(workspace_client: LanguageClient, tmp_path: Path) -> None:
    created = tmp_path / "new.md"
    created.write_text("# Freshly Created Policy\n\nBody.\n")
    (tmp_path / "terms.md").unlink()
    workspace_client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(uri=created.as_uri(), type=types.FileChangeType.Created),
                types.FileEvent(uri=(tmp_path / "terms.md").as_uri(), type=types.FileChangeType.Deleted),
            ]
        )
    )
    for _ in range(100):
        found = await symbols(workspace_client, "freshly")
        if found:
            break
        await asyncio.sleep(0.05)
    assert [s.name for s in found] == ["Freshly Created Policy"]
    assert await symbols(workspace_client, "acct ctrl") == []


async def test_changing_the_include_globs_reindexes(workspace_client: LanguageClient, tmp_path: Path) -> None:
    workspace_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"longdoc": {"include": ["**/*.rst"]}})
    )
    await wait_for_index(workspace_client, 2)
    assert [s.name for s in await symbols(workspace_client, "article ix")] == ["ARTICLE IX"]
    assert await symbols(workspace_client, "acct ctrl") == []
