"""Reuse the JSON of outline subtrees that an edit did not touch, across document versions.

A one-character edit in a 10 MB contract changes one outline root; re-rendering and re-serialising
the thousands of symbols of the others would dominate the answer. Each rendered root is kept with a
key of its offsets and shape; a later version reuses it only when the root lies wholly before the
changed region, or wholly after it on later lines while no line was added or removed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .documents import Snapshot

RootKey = tuple[Any, ...]


class RawJson(str):
    """A result already serialised to JSON text; the protocol sends it as it is."""


@dataclass(frozen=True)
class Change:
    """Where a text changed since an earlier version: ``[start, end)`` of the new text; what
    follows moved by ``delta`` characters and ``line_delta`` lines."""

    start: int
    end: int
    delta: int
    line_delta: int

    @classmethod
    def of_edit(cls, start: int, end: int, inserted: int, line_delta: int) -> Change:
        return cls(start, start + inserted, inserted - (end - start), line_delta)

    def then(self, start: int, end: int, inserted: int, line_delta: int) -> Change:
        """This change followed by replacing ``[start, end)`` of its result with ``inserted`` characters."""
        shift = inserted - (end - start)

        def moved(offset: int) -> int:
            if offset < start:
                return offset
            return offset + shift if offset >= end else start + inserted

        return Change(
            min(moved(self.start), start), max(moved(self.end), start + inserted), self.delta + shift, self.line_delta + line_delta
        )


@dataclass(frozen=True)
class Rendered:
    """The JSON pieces of one version's roots by key, and the change made since that version."""

    pieces: dict[RootKey, str]
    change: Change | None


def root_key(doc: Any, position: int, shift: int = 0) -> RootKey:
    """What decides a root's rendering: its offsets (moved by ``shift``), title, size and last node."""
    roots = doc.outline
    root = roots[position]
    end_index = roots[position + 1].index if position + 1 < len(roots) else len(doc.nodes)
    last = doc.nodes[end_index - 1]
    return (
        root.start + shift, root.end + shift, root.heading_start + shift, root.heading_end + shift,
        root.title, root.label, root.tokens, end_index - root.index, last.start + shift, last.end + shift, last.tokens,
    )


def render_roots(snapshot: Snapshot, feature: str, render: Callable[[Any], list[Any]]) -> RawJson:
    """A JSON array of ``render(root)`` items for every outline root, reusing unchanged roots' JSON."""
    done = snapshot.rendered.get(feature)
    if done is not None:
        return _array(done)
    previous = snapshot.carried.get(feature)
    lines, doc = snapshot.lines, snapshot.doc
    pieces: dict[RootKey, str] = {}
    for position, root in enumerate(doc.outline):
        key = root_key(doc, position)
        piece = None
        if previous is not None and previous.change is not None:
            change = previous.change
            if root.end <= change.start:
                piece = previous.pieces.get(key)
            elif change.line_delta == 0 and root.start > change.end and lines.line_of(root.start) > lines.line_of(change.end):
                piece = previous.pieces.get(root_key(doc, position, -change.delta))
        if piece is None:
            piece = ",".join(_compact(item) for item in render(root))
        pieces[key] = piece
    snapshot.rendered[feature] = pieces
    return _array(pieces)


# Thousands of symbols per answer: no spaces, and UTF-8 as it is rather than \u escapes.
_compact = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _array(pieces: dict[RootKey, str]) -> RawJson:
    return RawJson("[" + ",".join(piece for piece in pieces.values() if piece) + "]")
