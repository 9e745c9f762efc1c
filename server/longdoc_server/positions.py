"""The one boundary between LSP positions and ``str`` offsets.

LSP lines end only at ``\\n``, ``\\r\\n`` and ``\\r`` (form feeds, ``\\x85`` and ``\\u2028`` do not break
lines); characters are counted in the negotiated encoding (UTF-16 code units by default).
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

# Characters that take more than one unit: any non-ASCII one in UTF-8, astral ones in UTF-16.
_MULTI_UNIT = {"utf-8": re.compile(r"[^\x00-\x7f]"), "utf-16": re.compile(r"[\U00010000-\U0010ffff]")}

UTF8 = "utf-8"
UTF16 = "utf-16"
UTF32 = "utf-32"
ENCODINGS = (UTF8, UTF16, UTF32)

Position = dict[str, int]
Range = dict[str, Position]


class PositionError(ValueError):
    """A position or range that does not exist in the document it names."""


def _line_starts(text: str, base: int = 0) -> array[int]:
    # A scan for each break character in C beats a regular expression tried at every character
    # (10 MB: 25 against 130 ms).
    starts = _after_each(text, "\n", base)
    if "\r" in text:
        lone = array("q", (at for at in _after_each(text, "\r", base) if text[at - base : at - base + 1] != "\n"))
        starts = array("q", sorted([*starts, *lone])) if lone else starts
    return starts


def _after_each(text: str, char: str, base: int) -> array[int]:
    """``base`` plus the offset just after each ``char`` in ``text``."""
    out = array("q")
    append, find = out.append, text.find
    at = find(char)
    while at >= 0:
        append(base + at + 1)
        at = find(char, at + 1)
    return out


# Lines per block of the line index: an edit re-makes the block it falls in and moves the later
# blocks' bases, instead of moving the start of every later line (a keystroke in the middle of a
# 10 MB contract: some 36,000 lines, 2.5 ms, against a block's 0.1 ms).
BLOCK_LINES = 1024


@dataclass(frozen=True)
class LineIndex:
    """Start offsets of every line of ``text``; immutable, so older snapshots stay valid.

    ``edited`` rescans only the lines an edit touches; later lines move with their block.
    """

    text: str
    # Each block: its lines' starts relative to its first line, as machine integers (8 bytes a
    # line instead of 36, and no objects left in the heap when a version goes); blocks are shared
    # between versions an edit did not touch.
    blocks: tuple[array[int], ...]
    bases: array[int]  # each block's first line's start
    firsts: array[int]  # each block's first line's number
    # Units beyond one per character, per encoding (zero: no line of the text needs conversion),
    # counted when an encoding is first asked about: a session uses one.
    extra_units: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    # A line that needs conversion is counted from a mark every this many characters, so that a
    # position deep in a line of megabytes costs a few thousand characters, not the whole line.
    mark_every: int = field(default=4096, compare=False, repr=False)
    _single_unit: dict[str, dict[int, bool]] = field(default_factory=dict, compare=False, repr=False)
    _marks: dict[tuple[int, str], list[int]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, text: str) -> LineIndex:
        return cls(text, *_blocked(array("q", [0]) + _line_starts(text), 0))

    @property
    def line_count(self) -> int:
        return self.firsts[-1] + len(self.blocks[-1])

    @property
    def starts(self) -> array[int]:
        """Every line's start, in one array (made on each call)."""
        out = array("q")
        for base, block in zip(self.bases, self.blocks):
            out.extend([base + at for at in block])
        return out

    def start(self, line: int) -> int:
        """The offset where ``line`` (0 <= line < line_count) starts."""
        b = bisect_right(self.firsts, line) - 1
        return self.bases[b] + self.blocks[b][line - self.firsts[b]]

    def line_of(self, offset: int) -> int:
        b = bisect_right(self.bases, offset) - 1
        return self.firsts[b] + bisect_right(self.blocks[b], offset - self.bases[b]) - 1

    def extra(self, encoding: str) -> int:
        """Units beyond one per character of the whole text in ``encoding``."""
        count = self.extra_units.get(encoding)
        if count is None:
            count = self.extra_units[encoding] = _extra(self.text, encoding)
        return count

    def single_unit(self, line: int, encoding: str) -> bool:
        """Whether every character of ``line`` is one unit in ``encoding`` (then no conversion is needed)."""
        known_lines = self._single_unit.get(encoding)
        if known_lines is None:
            if encoding == UTF32 or not self.extra(encoding):
                return True
            known_lines = self._single_unit[encoding] = {}
        known = known_lines.get(line)
        if known is None:
            end = self.start(line + 1) if line + 1 < self.line_count else len(self.text)
            known = known_lines[line] = _MULTI_UNIT[encoding].search(self.text, self.start(line), end) is None
        return known

    def unit_marks(self, line: int, encoding: str) -> list[int]:
        """Units from the start of ``line`` to each multiple of ``mark_every`` characters into its
        content (and to its end), made once per line and encoding."""
        marks = self._marks.get((line, encoding))
        if marks is None:
            start, end, step, text = self.start(line), self.line_end(line), self.mark_every, self.text
            marks = list(accumulate((_units(text[at : min(at + step, end)], encoding) for at in range(start, end, step)),
                                    initial=0))
            self._marks[line, encoding] = marks
        return marks

    def mark_before(self, line: int, encoding: str, offset: int) -> tuple[int, int]:
        """The last mark of ``line`` at or before ``offset``, and the units up to it."""
        start = self.start(line)
        k = min(offset - start, self.line_end(line) - start) // self.mark_every
        return (start, 0) if k <= 0 else (start + k * self.mark_every, self.unit_marks(line, encoding)[k])

    def line_end(self, line: int) -> int:
        """Offset of the end of ``line``'s content (before its line break)."""
        if line + 1 < self.line_count:
            end = self.start(line + 1)
            if self.text[end - 1] == "\n" and end - 2 >= self.start(line) and self.text[end - 2] == "\r":
                return end - 2
            return end - 1
        return len(self.text)

    def edited(self, start: int, end: int, new_text: str, result: str) -> LineIndex:
        """The index of ``result``, which is ``self.text`` with ``[start, end)`` replaced by ``new_text``."""
        line_count = self.line_count
        # One line of margin on each side: an edit can join or split a "\r\n" pair at its edges.
        first = max(self.line_of(start) - 1, 0)
        last = min(self.line_of(end) + 1, line_count - 1)
        delta = len(new_text) - (end - start)
        # The blocks holding lines first..last are made again; those after them move.
        b0, b1 = bisect_right(self.firsts, first) - 1, bisect_right(self.firsts, last) - 1
        lines = array("q")
        for base, block in zip(self.bases[b0 : b1 + 1], self.blocks[b0 : b1 + 1]):
            lines.extend([base + at for at in block])
        head, tail = first - self.firsts[b0], last + 1 - self.firsts[b0]
        region_start = lines[head]
        region_end = self.start(last + 1) + delta if last + 1 < line_count else len(result)
        middle = _line_starts(result[region_start:region_end], region_start)
        if middle and middle[-1] == region_end and last + 1 < line_count:
            middle.pop()
        lines = lines[: head + 1] + middle + array("q", [at + delta for at in lines[tail:]])
        blocks, bases, firsts = _blocked(lines, self.firsts[b0])
        old_lines = (self.firsts[b1 + 1] if b1 + 1 < len(self.firsts) else line_count) - self.firsts[b0]
        moved = len(lines) - old_lines
        removed = self.text[start:end]
        extra_units = {
            encoding: count - _extra(removed, encoding) + _extra(new_text, encoding)
            for encoding, count in self.extra_units.items()
        }
        return LineIndex(
            result,
            (*self.blocks[:b0], *blocks, *self.blocks[b1 + 1 :]),
            self.bases[:b0] + bases + array("q", [at + delta for at in self.bases[b1 + 1 :]]),
            self.firsts[:b0] + firsts + array("q", [at + moved for at in self.firsts[b1 + 1 :]]),
            extra_units,  # those counted so far
        )


def _blocked(starts: array[int], first_line: int) -> tuple[tuple[array[int], ...], array[int], array[int]]:
    """``starts`` (of lines numbered from ``first_line``) cut into blocks: (blocks, bases, firsts)."""
    blocks, bases, firsts = [], array("q"), array("q")
    for at in range(0, len(starts), BLOCK_LINES):
        base = starts[at]
        blocks.append(array("q", [s - base for s in starts[at : at + BLOCK_LINES]]))
        bases.append(base)
        firsts.append(first_line + at)
    return tuple(blocks), bases, firsts


def _extra(text: str, encoding: str) -> int:
    if text.isascii():
        return 0
    if encoding == UTF16:
        return len(text.encode("utf-16-le", "surrogatepass")) // 2 - len(text)
    return len(text.encode("utf-8", "surrogatepass")) - len(text)


def _units(segment: str, encoding: str) -> int:
    if encoding == UTF32 or segment.isascii():
        return len(segment)
    if encoding == UTF16:
        return len(segment.encode("utf-16-le", "surrogatepass")) // 2
    return len(segment.encode("utf-8", "surrogatepass"))


@dataclass(frozen=True)
class Codec:
    """Converts between offsets and LSP positions in one negotiated ``encoding``."""

    encoding: str = UTF16

    def position(self, lines: LineIndex, offset: int) -> Position:
        # Thousands per answer (every outline symbol has three): no call that can be spared.
        bases = lines.bases
        b = bisect_right(bases, offset) - 1
        block = lines.blocks[b]
        k = bisect_right(block, offset - bases[b]) - 1
        line = lines.firsts[b] + k
        if lines.single_unit(line, self.encoding):
            return {"line": line, "character": offset - bases[b] - block[k]}
        mark, units = lines.mark_before(line, self.encoding, offset)
        return {"line": line, "character": units + _units(lines.text[mark:offset], self.encoding)}

    def on_line(self, lines: LineIndex, start: int, end: int) -> tuple[int, int, int]:
        """The line, character and length in units of ``[start, end)``, which lies on one line (a
        semantic token: hundreds of thousands in a long contract, one position each)."""
        at = self.position(lines, start)
        line = at["line"]
        width = end - start if lines.single_unit(line, self.encoding) else _units(lines.text[start:end], self.encoding)
        return line, at["character"], width

    def range(self, lines: LineIndex, start: int, end: int) -> Range:
        return {"start": self.position(lines, start), "end": self.position(lines, end)}

    def offset(self, lines: LineIndex, position: Any) -> int:
        """The offset of an LSP position (a dict or an lsprotocol Position); PositionError if outside."""
        line, character = _coordinates(position)
        if not 0 <= line < lines.line_count:
            raise PositionError(f"line {line} is outside the document (it has {lines.line_count} lines)")
        line_start = lines.start(line)
        line_end = lines.line_end(line)
        if character < 0:
            raise PositionError(f"character {character} is negative")
        candidate = line_start + character
        if candidate <= line_end and lines.single_unit(line, self.encoding):
            return candidate
        if self.encoding == UTF32:
            raise PositionError(f"character {character} is past the end of line {line}")
        mark, counted = line_start, 0
        if line_end - line_start > lines.mark_every:
            marks = lines.unit_marks(line, self.encoding)
            # The last mark at or before the character (units only grow along the line).
            k = bisect_right(marks, character) - 1
            mark, counted = lines.mark_before(line, self.encoding, line_start + k * lines.mark_every)
        return mark + self._walk(lines.text[mark:line_end], character, line, counted)

    def _walk(self, content: str, character: int, line: int, counted: int = 0) -> int:
        """The index in ``content`` of the character at ``character`` units, ``content`` starting
        at ``counted`` units into ``line``."""
        for index, char in enumerate(content):
            if counted == character:
                return index
            if counted > character:
                raise PositionError(f"character {character} of line {line} falls inside a character")
            counted += _units(char, self.encoding)
        if counted == character:
            return len(content)
        if counted > character:
            raise PositionError(f"character {character} of line {line} falls inside a character")
        raise PositionError(f"character {character} is past the end of line {line} ({counted} long)")

    def span(self, lines: LineIndex, range_: Any) -> tuple[int, int]:
        """The ``[start, end)`` offsets of an LSP range; PositionError if outside or reversed."""
        start_position, end_position = _ends(range_)
        start = self.offset(lines, start_position)
        end = self.offset(lines, end_position)
        if end < start:
            raise PositionError("range ends before it starts")
        return start, end


def _coordinates(position: Any) -> tuple[int, int]:
    if isinstance(position, dict):
        line, character = position.get("line"), position.get("character")
    else:
        line, character = getattr(position, "line", None), getattr(position, "character", None)
    if type(line) is not int or type(character) is not int:
        raise PositionError("a position needs integer 'line' and 'character'")
    return line, character


def _ends(range_: Any) -> tuple[Any, Any]:
    if isinstance(range_, dict):
        start, end = range_.get("start"), range_.get("end")
    else:
        start, end = getattr(range_, "start", None), getattr(range_, "end", None)
    if start is None or end is None:
        raise PositionError("a range needs 'start' and 'end' positions")
    return start, end


def negotiate(client_encodings: list[str] | None) -> str:
    """The first encoding the client lists that the server supports; UTF-16 otherwise."""
    for encoding in client_encodings or ():
        if encoding in ENCODINGS:
            return encoding
    return UTF16
