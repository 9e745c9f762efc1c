"""Commands ``longdoc.findRelevantSections``, ``longdoc.window`` and ``longdoc.toDocument``.

Windows are kept (the most recent 64) with the version they were cut from, so that mapping a
range back from a window into a document that has changed since is refused as stale.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from ..arguments import CommandArguments
from ..convert import sections_json
from ..documents import Snapshot
from ..positions import Codec, LineIndex, PositionError

if TYPE_CHECKING:
    from ..app import LongdocServer

FIND = "longdoc.findRelevantSections"
WINDOW = "longdoc.window"
TO_DOCUMENT = "longdoc.toDocument"
KEPT_WINDOWS = 64


class Windows:
    """Recently cut windows by id: (uri, version, Window, line index of the window text)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, tuple[str, int, Any, LineIndex]] = OrderedDict()
        self._ids = itertools.count(1)

    def add(self, uri: str, version: int, window: Any) -> str:
        window_id = f"w{next(self._ids)}"
        self._kept[window_id] = (uri, version, window, LineIndex.of(window.text))
        while len(self._kept) > KEPT_WINDOWS:
            self._kept.popitem(last=False)
        return window_id

    def get(self, window_id: str) -> tuple[str, int, Any, LineIndex] | None:
        return self._kept.get(window_id)


async def _selection(server: LongdocServer, arguments: CommandArguments) -> tuple[Snapshot, str, int, int | None]:
    snapshot = await server.current(arguments.string("uri"))
    query = arguments.string("query")
    k = arguments.positive_int("k", server.settings.top_k)
    budget = arguments.positive_int("budget", server.settings.budget)
    assert k is not None
    return snapshot, query, k, budget


def find_relevant(snapshot: Snapshot, codec: Codec, query: str, k: int, budget: int | None) -> dict[str, Any]:
    selected = snapshot.doc.select(query, k=k, budget=budget)
    return {
        "uri": snapshot.uri,
        "version": snapshot.version,
        "sections": sections_json(snapshot, codec, selected, query),
        "unmatchedTerms": snapshot.doc.unmatched_terms(query),
    }


def to_document(server: LongdocServer, windows: Windows, arguments: CommandArguments) -> dict[str, Any] | None:
    window_id = arguments.string("windowId")
    kept = windows.get(window_id)
    if kept is None:
        raise arguments.error(f"unknown window {window_id!r} (it was never cut or has been dropped)")
    uri, version, window, window_lines = kept
    if server.documents.current_version(uri) != version:
        raise arguments.error(f"window {window_id!r} is stale: {uri} changed since version {version}")
    try:
        start, end = server.codec.span(window_lines, arguments.required("range"))
    except PositionError as error:
        raise arguments.error(f"'range' is not a range of window {window_id!r}: {error}") from None
    mapped = window.to_doc(start, end)
    if mapped is None:
        return None
    snapshot = server.documents.get(uri)
    return {"uri": uri, "version": version, "range": server.codec.range(snapshot.lines, *mapped)}


def register(server: LongdocServer) -> None:
    windows = Windows()

    @server.command(FIND)
    async def find_relevant_sections(*raw: Any) -> dict[str, Any]:
        snapshot, query, k, budget = await _selection(server, CommandArguments(FIND, raw))
        return await server.run(find_relevant, snapshot, server.codec, query, k, budget)

    @server.command(WINDOW)
    async def window(*raw: Any) -> dict[str, Any]:
        snapshot, query, k, budget = await _selection(server, CommandArguments(WINDOW, raw))
        codec = server.codec

        def cut() -> tuple[Any, list[dict[str, Any]]]:
            selected = snapshot.doc.select(query, k=k, budget=budget)
            ordered = sorted(selected, key=lambda pair: pair[0].start)
            return snapshot.doc.window([section for section, _ in ordered]), sections_json(
                snapshot, codec, ordered, query
            )

        cut_window, sections = await server.run(cut)
        return {
            "windowId": windows.add(snapshot.uri, snapshot.version, cut_window),
            "uri": snapshot.uri,
            "version": snapshot.version,
            "text": cut_window.text,
            "sections": sections,
        }

    @server.command(TO_DOCUMENT)
    async def to_document_command(*raw: Any) -> dict[str, Any] | None:
        async with server.state_lock:  # judge staleness after the edits sent before this request
            return to_document(server, windows, CommandArguments(TO_DOCUMENT, raw))
