"""Per-URI document state: version, LongDocument and line index, updated by incremental edits.

Every change goes through ``LongDocument.edit`` (the changes of one command, a rename at a hundred
places, near each other as one edit); a ``Snapshot`` is immutable, so a request keeps answering
about the version it started on while newer edits arrive.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence, TypeVar

from longdoc import LongDocument, TextEdit
from longdoc.outline import OutlineNode

from .positions import Codec, LineIndex, PositionError
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
        changes = list(changes)
        joined = joined_changes(changes, lines, codec, doc.text) if len(changes) > 1 else None
        for change in joined if joined is not None else changes:
            if joined is not None:
                start, end, text = change
            else:
                range_ = getattr(change, "range", None)
                start, end = (0, len(doc.text)) if range_ is None else codec.span(lines, range_)
                text = change.text
            new_doc = doc.edit(start, end, text)
            new_lines = lines.edited(start, end, text, new_doc.text)
            line_delta = new_lines.line_count - lines.line_count
            carried = {
                feature: Rendered(
                    old.pieces,
                    old.change.then(start, end, len(text), line_delta)
                    if old.change
                    else Change.of_edit(start, end, len(text), line_delta),
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


def joined_changes(changes: Sequence[Any], lines: LineIndex, codec: Codec, text: str) -> list[TextEdit] | None:
    """The content changes as replacements of ``text``, those near each other joined into one, in
    the order to make them; None unless each change lies before the one made ahead of it, as VS Code
    sends the edits of one command (a rename, a renumbering, typing at several cursors)."""
    spans = []
    for change in changes:
        range_ = getattr(change, "range", None)
        if range_ is None:
            return None
        try:
            # Read in the text before them all: right where it lies before the changes ahead of it.
            start, end = codec.span(lines, range_)
        except PositionError:
            return None  # made in the text another change left, or wrong: the changes one by one tell
        if spans and end > spans[-1][0]:
            return None
        spans.append((start, end, change.text))
    # An edit costs as much as reading 6,000 characters again, and 1 more for each 700 of the text
    # (measured at 338 KB and 10 MB): edits closer than that are made as one.
    near = _EDIT_COST + len(text) // _EDIT_COST_PER
    out: list[TextEdit] = []
    run = [spans[0]]
    for span in spans[1:] + [None]:
        if span is not None and run[-1][0] - span[1] < near:
            run.append(span)
            continue
        pieces, at = [], run[-1][0]
        for start, end, new in reversed(run):
            pieces += (text[at:start], new)
            at = end
        out.append(TextEdit(run[-1][0], run[0][1], "".join(pieces)))
        run = [span]
    return out


_EDIT_COST = 6_000  # characters read again
_EDIT_COST_PER = 700  # characters of text for each one more
