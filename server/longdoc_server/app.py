"""Build the longdoc language server and register every feature in one place.

The server object owns the shared state (open documents, settings, negotiated encoding) and the
worker thread that runs long computations, so that reading messages is never blocked.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from . import __version__
from .documents import Documents, Snapshot, UnknownDocument
from .features import FEATURES
from .idle import IdleWork
from .positions import Codec, PositionError, negotiate
from .protocol import LongdocProtocol
from .settings import Settings

T = TypeVar("T")


class LongdocServer(LanguageServer):
    """A pygls server holding one LongDocument per open file."""

    def __init__(self) -> None:
        super().__init__(
            "longdoc",
            __version__,
            protocol_cls=LongdocProtocol,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
        )
        self.settings = Settings()
        self.documents = Documents(self.settings.max_tokens)
        self.codec = Codec()
        self.on_initialized: list[Callable[[], None]] = []
        # Called with each new version of a document, once the change is applied.
        self.on_change: list[Callable[[Snapshot], None]] = []
        self.on_settings: list[Callable[[Settings, Settings], None]] = []
        # One worker: long requests queue behind each other but never behind the message reader.
        self.workers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="longdoc-work")
        self.idle = IdleWork(self.documents, self.run)
        # Held while document state changes (an open builds off the loop); FIFO, so edits and
        # snapshots keep the order in which their messages arrived.
        self.state_lock = asyncio.Lock()

    def snapshot(self, uri: Any) -> Snapshot:
        """The current snapshot of an open document; InvalidParams for an unknown or missing URI."""
        if not isinstance(uri, str):
            raise JsonRpcInvalidParams(f"'uri' must be a string, got {uri!r}")
        try:
            return self.documents.get(uri)
        except UnknownDocument as error:
            raise JsonRpcInvalidParams(str(error)) from None

    async def current(self, uri: Any) -> Snapshot:
        """``snapshot(uri)`` once every earlier open and change of the documents has been applied."""
        async with self.state_lock:
            return self.snapshot(uri)

    def offset(self, snapshot: Snapshot, position: Any) -> int:
        try:
            return self.codec.offset(snapshot.lines, position)
        except PositionError as error:
            raise JsonRpcInvalidParams(f"{snapshot.uri}: {error}") from None

    def span(self, snapshot: Snapshot, range_: Any) -> tuple[int, int]:
        try:
            return self.codec.span(snapshot.lines, range_)
        except PositionError as error:
            raise JsonRpcInvalidParams(f"{snapshot.uri}: {error}") from None

    async def run(self, compute: Callable[..., T], *args: Any) -> T:
        """Run ``compute(*args)`` on the worker thread; the event loop keeps reading messages."""
        return await asyncio.get_running_loop().run_in_executor(self.workers, compute, *args)

    async def answer(self, uri: Any, compute: Callable[[Snapshot], T]) -> T:
        """``compute`` on the current snapshot of ``uri``; ContentModified if it changed meanwhile."""
        return await self.answer_on(await self.current(uri), compute)

    async def answer_on(self, snapshot: Snapshot, compute: Callable[[Snapshot], T]) -> T:
        """``compute(snapshot)`` on the worker; ContentModified if the document changed meanwhile
        (checked again when the worker takes the request up: a stale one is not computed at all)."""

        def unless_stale(current: Snapshot) -> T:
            if self.documents.current_version(current.uri) != current.version:
                raise JsonRpcContentModified(f"{current.uri} changed before the request was computed")
            return compute(current)

        result = await self.run(unless_stale, snapshot)
        if self.documents.current_version(snapshot.uri) != snapshot.version:
            raise JsonRpcContentModified(f"{snapshot.uri} changed while the request was computed")
        return result

    def started(self, snapshot: Snapshot, key: str, make: Callable[[], Awaitable[T]]) -> asyncio.Future[T]:
        """The one run of ``make()`` for this version under ``key``, started now unless it was:
        requests that ask for the same work meanwhile all await that run (shield it: a cancelled
        request leaves it to the others)."""
        task = snapshot.memo.get(_RUNNING + key)
        if task is None:
            task = snapshot.memo[_RUNNING + key] = asyncio.ensure_future(make())
            task.add_done_callback(_retrieved)
        return task

    def prepare(self, snapshot: Snapshot, key: str, compute: Callable[[Snapshot], Any]) -> None:
        """Start ``compute(snapshot)`` on the worker now, for a request that is about to ask for it
        (:meth:`answer_prepared` with the same ``key``); dropped if the document changes first."""
        self.started(snapshot, key, lambda: self.answer_on(snapshot, compute))

    async def answer_prepared(self, uri: Any, key: str, compute: Callable[[Snapshot], T]) -> T:
        """What :meth:`answer` gives, computed once for a version however many requests ask for it
        (or :meth:`prepare` did before them): such a request waits for no job queued after it."""
        snapshot = await self.current(uri)
        return await asyncio.shield(self.started(snapshot, key, lambda: self.answer_on(snapshot, compute)))

    def answer_each_version(self, method: str, key: str, compute: Callable[[Snapshot], Any]) -> None:
        """Answer the text document request ``method`` with ``compute`` of the document's current
        version. Once an earlier version's answer was made (``key`` is the feature name under which
        its JSON is kept, see ``reuse.render_roots``), a new version's answer is prepared as soon
        as the version exists: the client that asked before asks again (VS Code's outline,
        breadcrumbs, sticky scroll and folding), and requests that come with it, such as a
        diagnostics pull, take the worker after it."""

        @self.feature(method)
        async def handler(params: Any) -> Any:
            return await self.answer_prepared(params.text_document.uri, key, compute)

        def prepare(snapshot: Snapshot) -> None:
            if key in snapshot.carried:
                self.prepare(snapshot, key, compute)

        self.on_change.append(prepare)

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def apply_settings(self, raw: Any) -> None:
        old, self.settings = self.settings, self.settings.updated(raw)
        for problem in self.settings.problems:
            self.log(problem, types.MessageType.Error)
        if self.settings.max_tokens != old.max_tokens:
            self.documents.rebuild(self.settings.max_tokens)
        for hook in self.on_settings:
            hook(old, self.settings)


_RUNNING = "running:"


def _retrieved(task: asyncio.Future[Any]) -> None:
    # An error reaches the requests that await the task. A task that none awaited (the document
    # changed first, so the answer is stale) has no one to tell: retrieving its error keeps asyncio
    # from reporting it as never retrieved.
    if not task.cancelled():
        task.exception()


def _register_lifecycle(server: LongdocServer) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        general = params.capabilities.general
        server.codec = Codec(negotiate(general.position_encodings if general else None))
        server.apply_settings(params.initialization_options)

    @server.feature(types.INITIALIZED)
    def initialized(params: types.InitializedParams) -> None:
        for hook in server.on_initialized:
            hook()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(params: types.DidChangeConfigurationParams) -> None:
        server.apply_settings(params.settings)


def build_server() -> LongdocServer:
    """A fresh server with the lifecycle handlers and every module listed in ``features.FEATURES``."""
    server = LongdocServer()
    _register_lifecycle(server)
    for feature in FEATURES:
        feature.register(server)
    return server
