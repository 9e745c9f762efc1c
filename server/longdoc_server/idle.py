"""What the server does once its documents have been still for a second: build the search index
of every open document that has none, a few parts per turn of the worker, let go of what is cheap
to compute again (each version's memo of answers, and what its document keeps beside its answers:
see ``LongDocument.trim``), then give free memory back to the system.

The index is otherwise built by the first question (a 10 MB contract: over a second). A reader
who opens a contract and reads before asking gets the first answer at once. A request that comes
while the index is being built waits for one step; a question goes on with the build from the
parts already done. An edit stops the build (the edited version is indexed once it is still in
turn).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Iterator

from . import memory
from .documents import Documents, Snapshot

IDLE_SECONDS = 1.0
PARTS_PER_STEP = 256  # about 30 ms of indexing in a contract


class IdleWork:
    """Waits for ``delay`` seconds without a change to the documents, then indexes the open
    documents on the worker (``run``) and releases free memory."""

    def __init__(self, documents: Documents, run: Callable[..., Awaitable[Any]], delay: float = IDLE_SECONDS,
                 parts: int = PARTS_PER_STEP) -> None:
        self.delay = delay
        self._documents = documents
        self._run = run
        self._parts = parts
        self._pending: asyncio.TimerHandle | None = None
        self._working: asyncio.Future[None] | None = None

    def changed(self) -> None:
        """A document opened, changed or closed: stop what was under way and wait for stillness again."""
        if self._pending is not None:
            self._pending.cancel()
        if self._working is not None:
            self._working.cancel()
        self._pending = asyncio.get_running_loop().call_later(self.delay, self._start)

    def _start(self) -> None:
        self._pending = None
        self._working = asyncio.ensure_future(self._work())

    async def _work(self) -> None:
        for snapshot in list(self._documents):
            await self.index(snapshot)
        for snapshot in list(self._documents):
            await self._run(snapshot.trim)  # on the worker, after any job that may be filling what it drops
        memory.release_free_memory()

    async def index(self, snapshot: Snapshot) -> None:
        """Build the snapshot's search index on the worker, a step at a time so that requests
        queue between steps; returns once it is built or the document has changed."""
        if snapshot.doc.indexed:
            return
        steps: Iterator[int] = snapshot.doc.indexing(self._parts)
        # Each step is a job of its own on the worker: requests queue between steps.
        while self._documents.current_version(snapshot.uri) == snapshot.version:
            if await self._run(next, steps, None) is None:
                return
