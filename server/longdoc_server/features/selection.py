"""textDocument/selectionRange: word -> sentence -> paragraph -> section -> enclosing outline parts.

Word, sentence and paragraph are looked up only inside the section holding the position, so the
cost does not grow with the document.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from ..documents import Snapshot
from ..positions import Codec

if TYPE_CHECKING:
    from ..app import LongdocServer

_WORD = re.compile(r"\w+(?:['’]\w+)*")
_SENTENCE_END = re.compile(r"[.!?;:][\"'”’)\]]*(?=\s)")
_BLANK_LINE = re.compile(r"(?:\r\n|\r|\n)[ \t\f\v]*(?:\r\n|\r|\n)\s*")


def _word(text: str, offset: int, lo: int, hi: int) -> tuple[int, int] | None:
    for match in _WORD.finditer(text, max(lo, offset - 100), min(hi, offset + 100)):
        if match.start() <= offset <= match.end():
            return match.span()
    return None


def _paragraph(text: str, offset: int, lo: int, hi: int) -> tuple[int, int]:
    start, end = lo, hi
    for match in _BLANK_LINE.finditer(text, lo, hi):
        if match.end() <= offset:
            start = match.end()
        elif match.start() >= offset:
            end = match.start()
            break
    return start, end


def _sentence(text: str, offset: int, lo: int, hi: int) -> tuple[int, int]:
    start, end = lo, hi
    for match in _SENTENCE_END.finditer(text, lo, hi):
        if match.end() <= offset:
            start = match.end()
        else:
            end = match.end()
            break
    while start < end and text[start].isspace():
        start += 1
    return start, end


def selection_spans(snapshot: Snapshot, offset: int) -> list[tuple[int, int]]:
    """Nested spans around ``offset``, innermost first, each strictly containing the one before."""
    doc, text = snapshot.doc, snapshot.text
    section = doc.section_at(offset)
    lo, hi = (section.start, section.end) if section is not None else (0, len(text))
    candidates: list[tuple[int, int] | None] = [_word(text, offset, lo, hi)]
    paragraph = _paragraph(text, offset, lo, hi)
    candidates += [_sentence(text, offset, *paragraph), paragraph, (lo, hi)]
    node = doc.node_at(offset)
    while node is not None:
        candidates.append((node.start, node.end))
        node = doc.nodes[node.parent] if node.parent is not None else None
    candidates.append((0, len(text)))
    spans: list[tuple[int, int]] = []
    for span in candidates:
        if span is None or not span[0] <= offset <= span[1]:
            continue
        if spans and not (span[0] <= spans[-1][0] and spans[-1][1] <= span[1] and span != spans[-1]):
            continue
        spans.append(span)
    return spans


def selection_range(snapshot: Snapshot, codec: Codec, offset: int) -> dict[str, Any]:
    result: dict[str, Any] | None = None
    for start, end in reversed(selection_spans(snapshot, offset)):
        result = {"range": codec.range(snapshot.lines, start, end), **({"parent": result} if result else {})}
    assert result is not None  # the whole text always contains the offset
    return result


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_SELECTION_RANGE)
    async def selection(params: types.SelectionRangeParams) -> list[dict[str, Any]]:
        snapshot = await server.current(params.text_document.uri)
        offsets = [server.offset(snapshot, position) for position in params.positions]
        codec = server.codec
        return await server.answer_on(
            snapshot, lambda current: [selection_range(current, codec, offset) for offset in offsets]
        )
