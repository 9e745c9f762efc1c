"""textDocument/semanticTokens/full, /full/delta and /range: the defined terms of the document or of
the range asked for, marked where they are defined (a "variable" with the "declaration" modifier)
and where they are used (a "variable"), so that a theme sets them apart from the prose around them.

Tokens are made a stretch of text at a time, each stretch its own job on the worker: all the terms
of a 10 MB contract (some 300,000 tokens, seconds of work) never keep another request waiting
longer than one stretch takes, and a version changed meanwhile stops the request (what was made
by then serves the next version, which goes on from there). A version's tokens are kept for the
next: the tokens out of the stretches around the edits since (and, where they defined a term
otherwise, around its forms' words) are the earlier ones (`LongDocument.remarked_stretches`), and
a client asking for the delta gets the one run of tokens that changed.
"""

from __future__ import annotations

import asyncio
import itertools
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from longdoc import Definition, Mark

from ..documents import Snapshot
from ..reuse import Change, RawJson
from .definition import asked_range

if TYPE_CHECKING:
    from ..app import LongdocServer

LEGEND = types.SemanticTokensLegend(token_types=["variable"], token_modifiers=["declaration"])
_TERM, _DECLARATION = 0, 1  # the index of the type, the bit of the modifier, in LEGEND
_STRETCH = 200_000  # characters of text whose tokens one job makes (some 50 ms of a contract's)
FEATURE = "semanticTokens"
_RESULT_IDS = itertools.count(1)


@dataclass(frozen=True, eq=False)
class Made:
    """One version's tokens, five numbers each (``data``), and what patching them after an edit
    reads: the offset of the mark each token is a piece of (where the mark's first piece starts: a
    term opens with no space), and the definitions and code the marks were read with. Those of the marks
    that start before ``upto``: all of them once ``whole``, as sent; fewer where an edit stopped
    their making (the arrays may hold more, from a job that ran on)."""

    result_id: str
    data: array  # of "I": line and character relative to the token before, width, type, modifiers
    marks: array  # of "I"
    definitions: Sequence[Definition]
    code: Sequence[tuple[int, int]]  # what Markdown's code held, where nothing is marked
    upto: int
    whole: bool

    def position(self, token: int, known: int, line: int, character: int) -> tuple[int, int]:
        """The line and character where ``token`` starts, summed from the relative numbers after
        the ``known`` token before it, which starts at ``line`` and ``character``."""
        data = self.data
        line += sum(data[5 * known + 5 : 5 * token + 5 : 5])
        for at in range(5 * token, 5 * known, -5):  # back to the first token of its line
            if data[at]:
                return line, sum(data[at + 1 : 5 * token + 2 : 5])
        return line, character + sum(data[5 * known + 6 : 5 * token + 2 : 5])

    def sent(self) -> RawJson:
        return RawJson(b'{"resultId":"%s","data":[' % self.result_id.encode(), _numbers(self.data), b"]}")


class _Tokens:
    """Tokens of one snapshot added in text order, encoded as LSP sends them."""

    def __init__(self, server: LongdocServer, snapshot: Snapshot) -> None:
        self.server, self.snapshot = server, snapshot
        self.data, self.marks = array("I"), array("I")
        self.line = self.character = 0  # where the last token starts

    def add(self, start: int, end: int) -> None:
        """Add the tokens of the marks that start in ``[start, end)``, which follows what was added."""
        self.add_marks(self.snapshot.doc.marks_in(start, end))

    def add_marks(self, marks: Sequence[Mark]) -> None:
        text, lines, owners = self.snapshot.text, self.snapshot.lines, self.marks
        on_line, put = self.server.codec.on_line, self.put
        for mark_start, mark_end, defines in marks:
            modifiers = _DECLARATION if defines else 0
            for piece_start, piece_end in _pieces(text, mark_start, mark_end):
                put(*on_line(lines, piece_start, piece_end), _TERM, modifiers)
                owners.append(mark_start)

    def put(self, line: int, character: int, width: int, kind: int, modifiers: int) -> None:
        self.data.extend((line - self.line, character - (self.character if line == self.line else 0), width, kind,
                          modifiers))
        self.line, self.character = line, character

    def made(self, upto: int) -> Made:
        text = self.snapshot.text
        doc = self.snapshot.doc
        return Made(str(next(_RESULT_IDS)), self.data, self.marks, doc.definitions, doc.code_spans, upto, upto == len(text))


async def tokens(server: LongdocServer, snapshot: Snapshot, start: int, end: int) -> dict[str, Any]:
    """The tokens of the terms that start in ``[start, end)``; ContentModified once the document changes."""
    return {"data": list((await _made_on(server, _Tokens(server, snapshot), start, end)).data)}


async def _made_on(server: LongdocServer, made: _Tokens, start: int, end: int, kept: bool = False) -> _Tokens:
    """``made`` with the tokens of the marks that start in ``[start, end)`` added a stretch a job;
    ``kept``: what is made so far is kept with the snapshot after each, for the next version to go
    on from if this one changes first (the first tokens of 10 MB take seconds)."""
    snapshot = made.snapshot
    for at in range(start, max(end, start + 1), _STRETCH):
        stop = min(end, at + _STRETCH)
        await server.answer_on(snapshot, lambda _, at=at, stop=stop: made.add(at, stop))
        if kept:
            snapshot.rendered[FEATURE] = {(): made.made(stop)}
    return made


async def whole(server: LongdocServer, snapshot: Snapshot) -> tuple[Made, Made | None]:
    """This version's tokens, kept with the snapshot for the versions after it, and those of the
    version before that the client may hold (None when no earlier version's were kept)."""
    kept = snapshot.rendered.get(FEATURE)
    if kept is None or not kept[()].whole:  # made once however many requests ask meanwhile
        await asyncio.shield(server.started(snapshot, FEATURE, lambda: _made(server, snapshot)))
    return snapshot.rendered[FEATURE][()], snapshot.memo.get(FEATURE)


async def _made(server: LongdocServer, snapshot: Snapshot) -> None:
    carried = snapshot.carried.get(FEATURE)
    before: Made | None = carried.pieces[()] if carried is not None else None
    made, upto = _Tokens(server, snapshot), 0
    if before is not None and carried is not None and carried.change is not None:
        change = carried.change
        patched = await server.answer_on(snapshot, lambda current: _patched(server, current, before, change))
        if patched is not None:
            made, upto = patched
    if upto < len(snapshot.text):
        await _made_on(server, made, upto, len(snapshot.text), kept=True)
    snapshot.rendered[FEATURE] = {(): made.made(len(snapshot.text))}
    # For a delta asked again, the tokens sent for the version before; let go of once the document is still.
    snapshot.memo[FEATURE] = before if before is not None and before.whole else None


def _patched(server: LongdocServer, snapshot: Snapshot, before: Made, change: Change) -> tuple[_Tokens, int] | None:
    """The tokens of ``before`` after ``change``, and the offset up to whose marks they are made:
    those of the stretches that the change may have marked otherwise made again, the first after
    each encoded again from the last before it, the rest kept; None when making them all again
    costs less."""
    doc, delta = snapshot.doc, change.delta
    stretches = doc.remarked_stretches(before.definitions, change.start, change.end - delta, change.end - change.start,
                                       before_code=before.code)
    if stretches is None:
        return None
    upto = before.upto if before.upto <= change.start else max(change.end, before.upto + delta)
    made = _Tokens(server, snapshot)
    count = bisect_left(before.marks, before.upto)  # the tokens made
    kept = 0  # the first token of the next run kept
    for lo, hi in stretches:
        if lo >= upto:
            break
        # The stretch in the text before: those after the change moved by it.
        first = bisect_left(before.marks, lo if lo <= change.start else lo - delta, 0, count)
        if first > kept:
            _keep(made, before, kept, first, change)
        hi = min(hi, upto)
        made.add_marks(doc.marks_in(lo, hi))
        kept = bisect_left(before.marks, hi if hi <= change.start else hi - delta, 0, count)
    if kept < count:
        _keep(made, before, kept, count, change)
    return made, upto


def _keep(made: _Tokens, before: Made, first: int, end: int, change: Change) -> None:
    """Add the tokens ``first`` to ``end`` of ``before``, all on one side of ``change``, their marks
    moved by it: the first encoded again from where it now stands (it opens its mark), the others
    as they were."""
    delta = change.delta if before.marks[first] >= change.start else 0
    mark = before.marks[first] + delta
    _, _, width, kind, modifiers = before.data[5 * first : 5 * first + 5]
    at = made.server.codec.position(made.snapshot.lines, mark)
    made.put(at["line"], at["character"], width, kind, modifiers)
    made.marks.append(mark)
    made.data.extend(before.data[5 * first + 5 : 5 * end])
    made.marks.extend(_moved(before.marks[first + 1 : end], delta))
    made.line, made.character = before.position(end - 1, first, made.line, made.character)


def _moved(offsets: array, delta: int) -> array:
    return array("I", [at + delta for at in offsets]) if delta else offsets


def edits(before: array, after: array) -> list[dict[str, Any]]:
    """One edit that turns ``before`` into ``after`` (their common start and end kept), or none."""
    same = min(len(before), len(after))
    head = _common(before, after, same)
    tail = _common(before[::-1], after[::-1], same - head)
    if head == len(before) == len(after):
        return []
    # An edit replaces whole tokens: its start and length are multiples of five.
    head -= head % 5
    tail -= tail % 5
    return [{"start": head, "deleteCount": len(before) - tail - head, "data": list(after[head : len(after) - tail])}]


def _common(a: array, b: array, most: int) -> int:
    """How many numbers ``a`` and ``b`` share at their start, at most ``most``: compared a chunk at a
    time, the chunk halved past the first that differs."""
    step, n = 4096, 0
    while n < most:
        k = min(step, most - n)
        if a[n : n + k] == b[n : n + k]:
            n += k
        elif k > 1:
            step = max(1, k // 2)
        else:
            break
    return n


def _numbers(data: array) -> bytes:
    return ",".join(map(str, data)).encode()


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[start, end)`` cut at its line breaks, less the spaces around each cut: a token lies on one
    line ("Effective\\nDate", as PDF extraction breaks a term)."""
    out = []
    at = start
    while at < end:
        stop = text.find("\n", at, end)
        stop = end if stop < 0 else stop
        first, last = at, stop
        while first < last and text[first].isspace():
            first += 1
        while last > first and text[last - 1].isspace():
            last -= 1
        if first < last:
            out.append((first, last))
        at = stop + 1
    return out


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    async def semantic_tokens_full(params: types.SemanticTokensParams) -> RawJson:
        made, _ = await whole(server, await server.current(params.text_document.uri))
        return made.sent()

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL_DELTA, LEGEND)
    async def semantic_tokens_delta(params: types.SemanticTokensDeltaParams) -> RawJson | dict[str, Any]:
        made, before = await whole(server, await server.current(params.text_document.uri))
        if params.previous_result_id == made.result_id:
            return {"resultId": made.result_id, "edits": []}
        if before is None or before.result_id != params.previous_result_id:
            return made.sent()
        return {"resultId": made.result_id, "edits": edits(before.data, made.data)}

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
    async def semantic_tokens_range(params: types.SemanticTokensRangeParams) -> dict[str, Any]:
        return await tokens(server, *await asked_range(server, params))
