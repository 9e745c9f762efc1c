"""Reuse the JSON of outline subtrees and findings that an edit did not touch, across document versions.

A one-character edit in a 10 MB contract changes one outline root; re-rendering and re-serialising
the thousands of symbols of the others would dominate the answer. Each rendered root is kept with a
key of its offsets and shape; a later version reuses it when the root lies wholly before the
changed region, or wholly after it on later lines, its line numbers moved by the lines the edit
added or removed (a new line typed in a 10 MB contract: every later root, some 250 ms to render
again). Drafting findings are reused the same way, one by one, keyed by their span and message.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

if TYPE_CHECKING:
    from .documents import Snapshot
    from .positions import LineIndex

RootKey = tuple[Any, ...]
# The renderings an idle document keeps for its next version: the outline's, which cost hundreds of
# milliseconds to make afresh at 10 MB, and the semantic tokens, seconds. Others are dropped once
# the document is still.
KEPT_AT_REST = frozenset({"documentSymbol", "foldingRange", "semanticTokens"})


class RawJson:
    """A result already serialised to JSON, as UTF-8 chunks that the protocol sends one after
    another: a 3 MB outline is never decoded, encoded or copied whole before the message is made
    (at 10 MB, joining its roots' pieces, bracketing them and wrapping that cost 1.1 ms a version)."""

    __slots__ = ("chunks",)

    def __init__(self, *chunks: bytes) -> None:
        self.chunks = chunks

    @classmethod
    def array(cls, items: Iterable[bytes]) -> RawJson:
        """A JSON array of ``items`` (each one JSON text)."""
        chunks = [b"["]
        for item in items:
            chunks += (item, b",")
        if len(chunks) > 1:
            chunks.pop()
        chunks.append(b"]")
        return cls(*chunks)

    def wrapped(self, before: bytes, after: bytes) -> RawJson:
        """This JSON placed between ``before`` and ``after``."""
        return RawJson(before, *self.chunks, after)

    def __bytes__(self) -> bytes:
        return b"".join(self.chunks)

    def __len__(self) -> int:
        return sum(map(len, self.chunks))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RawJson) and bytes(self) == bytes(other)


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
    """The JSON pieces of one version's roots by key (or what else a feature keeps of a version:
    the semantic tokens keep their numbers), and the change made since that version."""

    pieces: dict[RootKey, Any]
    change: Change | None


def root_key(roots: Sequence[Any], nodes: Sequence[Any], position: int, shift: int = 0) -> RootKey:
    """What decides a root's rendering: its offsets (moved by ``shift``), title, size and last node."""
    root = roots[position]
    end_index = roots[position + 1].index if position + 1 < len(roots) else len(nodes)
    last = nodes[end_index - 1]
    return (
        root.start + shift, root.end + shift, root.heading_start + shift, root.heading_end + shift,
        root.title, root.label, root.tokens, end_index - root.index, last.start + shift, last.end + shift, last.tokens,
    )


def render_roots(snapshot: Snapshot, feature: str, render: Callable[[Any], list[Any]]) -> RawJson:
    """A JSON array of ``render(root)`` items for every outline root, reusing unchanged roots' JSON."""
    done = snapshot.rendered.get(feature)
    if done is not None:
        return _array(done)
    reuse = _Reuse(snapshot.carried.get(feature), snapshot.lines)
    roots, nodes = snapshot.doc.outline, snapshot.doc.nodes
    pieces: dict[RootKey, bytes] = {}
    for position, root in enumerate(roots):
        key = root_key(roots, nodes, position)
        piece = reuse.get(root.start, root.end, key, lambda shift: root_key(roots, nodes, position, shift))
        if piece is None:
            piece = ",".join(_compact(item) for item in render(root)).encode()
        pieces[key] = piece
    snapshot.rendered[feature] = pieces
    return _array(pieces)


def render_spans(snapshot: Snapshot, feature: str, items: Sequence[Any], render: Callable[[Any], Any]) -> RawJson:
    """A JSON array of ``render(item)`` for every item, reusing the JSON an earlier version made of
    an item the edits since only moved (see :class:`_Reuse`). Items are named tuples with ``start``
    and ``end`` offsets, and maybe ``related`` spans after them in text order, equal when their JSON
    is (a drafting finding: span, rule, message, the other places it concerns)."""
    reuse = _Reuse(snapshot.carried.get(feature), snapshot.lines)
    pieces: dict[Any, bytes] = {}
    out = []
    for item in items:
        related = getattr(item, "related", ())
        # The JSON holds the related spans' positions too: it is reused only where they moved with the item.
        piece = reuse.get(item.start, related[-1][1] if related else item.end, item,
                          lambda shift: _moved(item, related, shift))
        if piece is None:
            piece = _compact(render(item)).encode()
        pieces[item] = piece
        out.append(piece)
    snapshot.rendered[feature] = pieces
    return RawJson.array(out)


def _moved(item: Any, related: tuple[tuple[int, int], ...], shift: int) -> Any:
    """``item`` with its offsets and those of its ``related`` spans moved by ``shift``."""
    moved = item._replace(start=item.start + shift, end=item.end + shift)
    return moved._replace(related=tuple((s + shift, e + shift) for s, e in related)) if related else moved


class _Reuse:
    """The JSON an earlier version made of what the change since only moved: a piece wholly before
    the change, under the same key; or one that starts on a later line than the change ends (on
    its last line, characters moved too), under its key before the change, its line numbers moved."""

    def __init__(self, previous: Rendered | None, lines: LineIndex) -> None:
        self.pieces = previous.pieces if previous is not None else {}
        self.change = previous.change if previous is not None else None
        later_line = lines.line_of(self.change.end) + 1 if self.change is not None else lines.line_count
        # The first offset on a line after the change (past the text when there is none).
        self.later = lines.start(later_line) if later_line < lines.line_count else len(lines.text) + 1

    def get(self, start: int, end: int, key: Any, key_moved_by: Callable[[int], Any]) -> bytes | None:
        """The earlier JSON of the piece at [start, end) under ``key`` (``key_moved_by(shift)``: the
        key with its offsets moved by ``shift``), or None when it must be made afresh."""
        change = self.change
        if change is None:
            return None
        if end <= change.start:
            return self.pieces.get(key)
        if start < self.later:
            return None
        piece = self.pieces.get(key_moved_by(-change.delta))
        return _moved_lines(piece, change.line_delta) if piece and change.line_delta else piece


# The line fields of positions (symbols, diagnostics) and of folding ranges. In the JSON of a name,
# title or message a quote is escaped, so these never match inside one.
_LINE_FIELD_RE = re.compile(rb'"(line|startLine|endLine)":([0-9]+)')


def _moved_lines(piece: bytes, line_delta: int) -> bytes:
    """``piece`` with every line number moved by ``line_delta``."""
    return _LINE_FIELD_RE.sub(lambda m: b'"%s":%d' % (m[1], int(m[2]) + line_delta), piece)


# Thousands of symbols per answer: no spaces, and no check for cycles that plain dicts of a tree
# cannot have. ASCII only (\u escapes): a client in Node decodes an all-ASCII message into a
# one-byte string, which it decodes and parses in about half the time of a two-byte one (for 3 MB
# of symbols, 29 against 52 ms), while the escapes add 1.5% to the bytes.
_compact = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def _array(pieces: dict[RootKey, bytes]) -> RawJson:
    return RawJson.array(filter(None, pieces.values()))
