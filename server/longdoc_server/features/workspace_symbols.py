"""workspace/symbol: headings of open documents and of the text files under the workspace folders.

Files matching the ``include`` globs (and no ``exclude`` glob) are indexed in the background with
``$/progress``, kept fresh by workspace/didChangeWatchedFiles; a file that is not UTF-8 is reported
and skipped. Queries match names as a fuzzy subsequence.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from longdoc import find_headings

from ..documents import Snapshot
from ..positions import Codec, LineIndex
from ..settings import Settings
from .outline import kind_for_depth

if TYPE_CHECKING:
    from ..app import LongdocServer

MAX_RESULTS = 500
PROGRESS_TOKEN = "longdoc/workspaceIndex/{}"


@lru_cache(maxsize=64)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob over '/'-separated relative paths: ``**/`` any directories, ``*`` and ``?`` within one name."""
    parts = re.split(r"(\*\*/|\*\*|\*|\?)", pattern)
    translated = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    return re.compile("".join(translated.get(part, re.escape(part)) for part in parts))


def wanted(relative: str, settings: Settings) -> bool:
    return any(glob_regex(g).fullmatch(relative) for g in settings.include) and not any(
        glob_regex(g).fullmatch(relative) for g in settings.exclude
    )


@dataclass(frozen=True)
class Symbol:
    name: str
    kind: int
    uri: str
    range: dict[str, Any]
    container: str

    def json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "location": {"uri": self.uri, "range": self.range},
            "containerName": self.container,
        }


def heading_symbols(uri: str, text: str, codec: Codec) -> list[Symbol]:
    """Symbols for every heading of ``text``, the container being the enclosing heading's title."""
    lines = LineIndex.of(text)
    enclosing: list[tuple[int, str]] = []
    symbols = []
    for heading in find_headings(text):
        while enclosing and enclosing[-1][0] >= heading.level:
            enclosing.pop()
        container = enclosing[-1][1] if enclosing else Path(to_fs_path(uri) or uri).name
        symbols.append(
            Symbol(heading.title, kind_for_depth(len(enclosing)), uri, codec.range(lines, heading.start, heading.end), container)
        )
        enclosing.append((heading.level, heading.title))
    return symbols


def outline_symbols(uri: str, snapshot: Snapshot, codec: Codec) -> list[Symbol]:
    """Symbols for the outline nodes of an open document (already analysed, so no re-scan)."""
    doc, lines = snapshot.doc, snapshot.lines
    file_name = Path(to_fs_path(uri) or uri).name
    return [
        Symbol(
            node.title,
            kind_for_depth(node.depth),
            uri,
            codec.range(lines, node.heading_start, node.heading_end),
            doc.nodes[node.parent].title if node.parent is not None else file_name,
        )
        for node in doc.nodes
    ]


def subsequence_score(query: str, name: str) -> int | None:
    """Lower is better; None when the query's characters do not appear in order in ``name``."""
    folded = name.casefold()
    position, first, gaps = -1, -1, 0
    for char in query:
        found = folded.find(char, position + 1)
        if found < 0:
            return None
        if first < 0:
            first = found
        elif found != position + 1:
            gaps += 1
        position = found
    return gaps * 4 + max(first, 0) + (0 if folded.startswith(query) else 2)


def search(symbols: Iterable[Symbol], query: str) -> list[Symbol]:
    needle = "".join(query.casefold().split())
    scored = []
    for order, symbol in enumerate(symbols):
        score = subsequence_score(needle, symbol.name) if needle else 0
        if score is not None:
            scored.append((score, order, symbol))
    scored.sort(key=lambda item: item[:2])
    return [symbol for _, _, symbol in scored[:MAX_RESULTS]]


class WorkspaceIndex:
    """Heading symbols of workspace files by URI (files on disk, not the open buffers)."""

    def __init__(self) -> None:
        self.files: dict[str, list[Symbol]] = {}

    def candidates(self, folders: list[str], settings: Settings) -> Iterator[Path]:
        for folder in folders:
            for directory, subdirectories, names in os.walk(folder):
                subdirectories.sort()
                for name in sorted(names):
                    path = Path(directory, name)
                    if wanted(path.relative_to(folder).as_posix(), settings):
                        yield path

    def update(self, indexed: tuple[str, list[Symbol] | None, str | None]) -> str | None:
        """Store (or drop, when unreadable) one file's symbols; the problem to report, if any."""
        uri, symbols, problem = indexed
        if symbols is None:
            self.files.pop(uri, None)
        else:
            self.files[uri] = symbols
        return problem


def read_symbols(path: Path, codec: Codec) -> tuple[str, list[Symbol] | None, str | None]:
    """(uri, heading symbols, None), or (uri, None, problem) for a file that cannot be read as UTF-8."""
    uri = from_fs_path(str(path)) or path.as_uri()
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        return uri, None, f"Skipped {path}: not valid UTF-8 ({error.reason} at byte {error.start})"
    except OSError as error:
        return uri, None, f"Skipped {path}: {error.strerror or error}"
    return uri, heading_symbols(uri, text, codec), None


def _folders(server: LongdocServer) -> list[str]:
    workspace = server.workspace
    uris = [folder.uri for folder in workspace.folders.values()] or ([workspace.root_uri] if workspace.root_uri else [])
    return [path for path in (to_fs_path(uri) for uri in uris) if path and os.path.isdir(path)]


def register(server: LongdocServer) -> None:
    index = WorkspaceIndex()
    runs = itertools.count(1)
    indexing: list[asyncio.Future[None]] = []

    def report(problem: str | None) -> None:
        if problem is not None:
            server.log(problem, types.MessageType.Warning)

    async def reindex() -> None:
        folders = _folders(server)
        codec = server.codec
        paths = await server.run(lambda: list(index.candidates(folders, server.settings)))
        progress = server.work_done_progress
        token = PROGRESS_TOKEN.format(next(runs))
        await progress.create_async(token)
        progress.begin(token, types.WorkDoneProgressBegin(title="Indexing headings", percentage=0))
        index.files.clear()
        done = 0
        try:
            for done, path in enumerate(paths, 1):
                report(index.update(await server.run(read_symbols, path, codec)))
                progress.report(
                    token,
                    types.WorkDoneProgressReport(message=f"{done}/{len(paths)} files", percentage=done * 100 // len(paths)),
                )
        finally:
            progress.end(token, types.WorkDoneProgressEnd(message=f"{done} files indexed"))

    def restart_indexing() -> None:
        # A newer indexing replaces a running one, so two never fill the index at once.
        for running in indexing:
            running.cancel()
        indexing[:] = [asyncio.ensure_future(reindex())]

    def start_indexing() -> None:
        restart_indexing()
        watched = server.client_capabilities.workspace
        watching = watched.did_change_watched_files if watched else None
        if watching and watching.dynamic_registration:
            watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in server.settings.include]
            server.client_register_capability(
                types.RegistrationParams(
                    registrations=[
                        types.Registration(
                            id="longdoc-watched-files",
                            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                            register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
                        )
                    ]
                )
            )

    def settings_changed(old: Settings, new: Settings) -> None:
        # Before `initialized` the first indexing has not started; it will use the new globs.
        if (old.include, old.exclude) != (new.include, new.exclude) and indexing:
            restart_indexing()

    server.on_initialized.append(start_indexing)
    server.on_settings.append(settings_changed)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        folders = _folders(server)
        for change in params.changes:
            path = Path(to_fs_path(change.uri) or "")
            inside = [folder for folder in folders if path.is_relative_to(folder)]
            if change.type == types.FileChangeType.Deleted or not inside:
                index.files.pop(change.uri, None)
            elif wanted(path.relative_to(inside[0]).as_posix(), server.settings):
                report(index.update(await server.run(read_symbols, path, server.codec)))

    @server.feature(types.WORKSPACE_SYMBOL)
    async def workspace_symbol(params: types.WorkspaceSymbolParams) -> list[dict[str, Any]]:
        codec = server.codec
        async with server.state_lock:  # opens and edits sent before this request come first
            open_documents = {snapshot.uri: snapshot for snapshot in server.documents}
        files = dict(index.files)

        def compute() -> list[dict[str, Any]]:
            symbols: list[Symbol] = []
            for uri, snapshot in open_documents.items():
                symbols += snapshot.cached("workspaceSymbols", lambda: outline_symbols(uri, snapshot, codec))
            for uri, file_symbols in files.items():
                if uri not in open_documents:
                    symbols += file_symbols
            return [symbol.json() for symbol in search(symbols, params.query)]

        return await server.run(compute)
