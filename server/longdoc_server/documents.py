"""Per-URI document state: version, LongDocument and line index, updated by incremental edits.

Every change goes through ``LongDocument.edit``; a ``Snapshot`` is immutable, so a request keeps
answering about the version it started on while newer edits arrive.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypeVar

from longdoc import LongDocument
from longdoc.outline import OutlineNode

from .positions import Codec, LineIndex
from .reuse import KEPT_AT_REST, Change, Rendered, RootKey

T = TypeVar("T")


class UnknownDocument(KeyError):
    """A URI the client has not opened."""

    def __str__(self) -> str:
        return f"document {self.args[0]} is not open"


@dataclass(frozen=True, eq=False)
class Snapshot:
    """One version of one open document; ``memo`` caches what is computed for this version."""

    uri: str
    version: int
    doc: LongDocument
    lines: LineIndex
    memo: dict[str, Any] = field(default_factory=dict)
    # JSON rendered for this version (filled by features) and that of earlier versions still reusable.
    rendered: dict[str, dict[RootKey, Any]] = field(default_factory=dict)
    carried: dict[str, Rendered] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.doc.text

    def heading_at(self, offset: int) -> OutlineNode | None:
        """The outline node whose heading covers ``offset`` (its ends included), or None."""
        node = self.doc.node_at(offset)
        return node if node is not None and node.heading_start <= offset <= node.heading_end else None

    def trim(self) -> None:
        """Let go of what is cheap to compute again, answers staying the same: the memo (contract
        features, rendered diagnostics), the JSON of each diagnostic kept for the next version (made
        again in tens of milliseconds at 10 MB) and what the document lets go of in
        ``LongDocument.trim``. The rendered outline JSON stays: made afresh, it costs far more."""
        # A run of work still going stays, so that the requests after it await it and start no other.
        running = {key: task for key, task in self.memo.items() if isinstance(task, asyncio.Future) and not task.done()}
        self.memo.clear()
        self.memo.update(running)
        for kept in (self.rendered, self.carried):
            for feature in [f for f in kept if f not in KEPT_AT_REST]:
                del kept[feature]
        self.doc.trim()

    def cached(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()`` once per snapshot and key (concurrent callers may both compute; same value)."""
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]


class Documents:
    """The open documents, keyed by URI."""

    def __init__(self, max_tokens: int = 256) -> None:
        self.max_tokens = max_tokens
        self._open: dict[str, Snapshot] = {}

    def build(self, uri: str, version: int, text: str) -> Snapshot:
        """A snapshot of a newly opened text (the slow part of opening: run it off the event loop)."""
        return Snapshot(uri, version, LongDocument(text, max_tokens=self.max_tokens), LineIndex.of(text))

    def put(self, snapshot: Snapshot) -> None:
        self._open[snapshot.uri] = snapshot

    def open(self, uri: str, version: int, text: str) -> Snapshot:
        snapshot = self.build(uri, version, text)
        self.put(snapshot)
        return snapshot

    def get(self, uri: str) -> Snapshot:
        try:
            return self._open[uri]
        except KeyError:
            raise UnknownDocument(uri) from None

    def current_version(self, uri: str) -> int | None:
        snapshot = self._open.get(uri)
        return snapshot.version if snapshot is not None else None

    def __iter__(self) -> Iterable[Snapshot]:
        return iter(list(self._open.values()))

    def change(self, uri: str, version: int, changes: Iterable[Any], codec: Codec) -> Snapshot:
        """Apply LSP content changes in order; all or nothing (PositionError leaves the state as it was)."""
        snapshot = self.get(uri)
        doc, lines = snapshot.doc, snapshot.lines
        carried = {feature: Rendered(pieces, None) for feature, pieces in snapshot.rendered.items()}
        carried.update((feature, old) for feature, old in snapshot.carried.items() if feature not in carried)
        for change in changes:
            range_ = getattr(change, "range", None)
            if range_ is None:
                start, end = 0, len(doc.text)
            else:
                start, end = codec.span(lines, range_)
            new_doc = doc.edit(start, end, change.text)
            new_lines = lines.edited(start, end, change.text, new_doc.text)
            line_delta = new_lines.line_count - lines.line_count
            carried = {
                feature: Rendered(
                    old.pieces,
                    old.change.then(start, end, len(change.text), line_delta)
                    if old.change
                    else Change.of_edit(start, end, len(change.text), line_delta),
                )
                for feature, old in carried.items()
            }
            doc, lines = new_doc, new_lines
        updated = Snapshot(uri, version, doc, lines, carried=carried)
        self._open[uri] = updated
        return updated

    def close(self, uri: str) -> None:
        self._open.pop(uri, None)

    def rebuild(self, max_tokens: int) -> None:
        """Re-split every open document with a new section size."""
        self.max_tokens = max_tokens
        for snapshot in list(self._open.values()):
            self.open(snapshot.uri, snapshot.version, snapshot.text)
