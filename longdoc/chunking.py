"""Chunkers: cut a text into pieces of at most a token budget for tools that cannot take it whole.

Every chunk is an exact substring of the input, in order (``chunk_spans`` gives the offsets), no
chunk exceeds ``max_chunk_size`` tokens by :func:`count_tokens`, no chunk starts or ends inside a
word (except a single word longer than the budget, which is cut), and a heading stays with the
start of its body whenever both fit. With ``overlap``, each chunk after the first begins with up
to that many tokens from the end of the previous one, starting at a sentence (else word) boundary.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Callable, Iterator

from .analysis import approx_tokens, class_raw_count, token_classes, tokens_from_raw
from .headings import Heading, find_headings
from .sections import (
    _BLANK_LINE_RE,
    _SENTENCE_RE,
    _WORD_RE,
    _pack,
    _pieces,
    max_raw_for,
    raw_fits,
    split_part,
    stripped,
)

__all__ = [
    "ChunkingError",
    "ChunkingStrategy",
    "ClauseAwareChunker",
    "SemanticChunker",
    "count_tokens",
]

Span = tuple[int, int]
Fits = Callable[[int, int], bool]

class ChunkingError(ValueError):
    """A chunker was configured or called with arguments it cannot honour."""


def count_tokens(text: str) -> int:
    """The token estimate every chunker budgets with: the same as :func:`approx_tokens`."""
    return approx_tokens(text)


class ChunkingStrategy(ABC):
    """Something that cuts a text into chunks, in order."""

    @abstractmethod
    def chunk(self, text: str) -> list[str]:
        """The chunks of ``text``, in order."""


def _check_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def _check_sizes(max_chunk_size: object, overlap: object) -> None:
    max_chunk_size = _check_int("max_chunk_size", max_chunk_size)
    overlap = _check_int("overlap", overlap)
    # One word is ceil(1 x 1.3) = 2 tokens, so a smaller budget could hold nothing.
    if max_chunk_size < 2:
        raise ChunkingError(f"max_chunk_size must be at least 2, got {max_chunk_size}")
    if not 0 <= overlap < max_chunk_size:
        raise ChunkingError(
            f"overlap must be at least 0 and below max_chunk_size ({max_chunk_size}), got {overlap}"
        )


class _SpanChunker(ChunkingStrategy):
    """Shared machinery: cut the text into blocks, pack blocks into chunks, split blocks that are
    too large alone, then prepend the overlap. Subclasses say what a block is."""

    def __init__(self, max_chunk_size: int, overlap: int) -> None:
        _check_sizes(max_chunk_size, overlap)
        self.max_chunk_size = max_chunk_size
        self.overlap = overlap

    def chunk(self, text: str) -> list[str]:
        """The chunks of ``text``: ``[text[s:e] for s, e in self.chunk_spans(text)]``."""
        return [text[s:e] for s, e in self.chunk_spans(text)]

    def chunk_spans(self, text: str) -> list[Span]:
        """(start, end) of each chunk in ``text``, in order; starts strictly increase."""
        if not isinstance(text, str):
            raise TypeError(f"text must be str, not {type(text).__name__}")
        classes = token_classes(text)
        # Base chunks leave room for the overlap that will be put in front of them.
        budget = max(2, self.max_chunk_size - self.overlap)
        fits = raw_fits(classes, max_raw_for(budget))
        headings = find_headings(text)
        blocks = _keep_headings_with_bodies(
            _cut_at_headings(text, self._blocks(text, headings), headings), headings
        )
        base = self._pack(text, blocks, fits, classes, budget, {h.end: h.start for h in headings})
        if self.overlap == 0:
            return base
        return _with_overlap(text, classes, base, self.overlap, self.max_chunk_size)

    @abstractmethod
    def _blocks(self, text: str, headings: list[Heading]) -> list[Span]:
        """Stripped, non-overlapping spans in order, with only whitespace between them."""

    def _split_large(self, text: str, span: Span, fits: Fits, head_end: int | None) -> list[Span]:
        """Pieces of a block too large for one chunk, each fitting unless it is one word; a block
        that opens with a heading ending at ``head_end`` keeps it with its body's first words."""
        return split_part(text, span[0], span[1], fits, head_end=head_end)

    def _pack(
        self,
        text: str,
        blocks: list[Span],
        fits: Fits,
        classes: bytes,
        budget: int,
        ends: dict[int, int],
    ) -> list[Span]:
        """Blocks packed into chunks in order; ``ends`` maps each heading's end to its start."""
        out: list[Span] = []
        current: Span | None = None
        head_ends = {start: end for end, start in ends.items()}
        for block in blocks:
            if current is not None and fits(current[0], block[1]):
                current = (current[0], block[1])
                continue
            if current is not None:
                out.append(current)
            if fits(*block):
                current = block
                continue
            pieces = _heading_with_next(text, self._split_large(text, block, fits, head_ends.get(block[0])), fits, ends)
            pieces = [
                piece
                for span in pieces
                for piece in (
                    [span] if fits(*span) else _cut_word(classes, span, max_raw_for(budget))
                )
            ]
            out.extend(pieces[:-1])
            current = pieces[-1]
        if current is not None:
            out.append(current)
        return out


class ClauseAwareChunker(_SpanChunker):
    """Chunks that follow a contract's clauses: cut at heading lines (at blank lines when there
    are none), consecutive clauses packed together up to ``max_chunk_size`` tokens.

    A clause too large alone is split at sentence boundaries (word boundaries when
    ``preserve_sentences`` is False), a sentence too large at word boundaries.
    """

    def __init__(
        self, max_chunk_size: int = 4000, overlap: int = 200, preserve_sentences: bool = True
    ) -> None:
        super().__init__(max_chunk_size, overlap)
        self.preserve_sentences = bool(preserve_sentences)

    def _blocks(self, text: str, headings: list[Heading]) -> list[Span]:
        if not headings:
            return _pieces(text, 0, len(text), _BLANK_LINE_RE)
        cuts = [0, *(h.start for h in headings), len(text)]
        return [
            (s, e) for a, b in zip(cuts, cuts[1:]) for s, e in [stripped(text, a, b)] if s < e
        ]

    def _split_large(self, text: str, span: Span, fits: Fits, head_end: int | None) -> list[Span]:
        if self.preserve_sentences:
            return split_part(text, span[0], span[1], fits, head_end=head_end)
        return _pack([m.span() for m in _WORD_RE.finditer(text, *span)], fits, fits, head_end)


class SemanticChunker(_SpanChunker):
    """Chunks of whole paragraphs (``split_on="paragraph"``) or sentences (``"sentence"``), packed
    up to ``max_chunk_size`` tokens; a unit too large alone is split at sentences, then words."""

    SPLIT_ON = ("paragraph", "sentence")

    def __init__(
        self, max_chunk_size: int = 4000, overlap: int = 200, split_on: str = "paragraph"
    ) -> None:
        super().__init__(max_chunk_size, overlap)
        if split_on not in self.SPLIT_ON:
            raise ChunkingError(f"split_on must be one of {self.SPLIT_ON}, got {split_on!r}")
        self.split_on = split_on

    def _blocks(self, text: str, headings: list[Heading]) -> list[Span]:
        paragraphs = _pieces(text, 0, len(text), _BLANK_LINE_RE)
        if self.split_on == "paragraph":
            return paragraphs
        return [s for p in paragraphs for s in _pieces(text, p[0], p[1], _SENTENCE_RE)]


def _cut_at_headings(text: str, blocks: list[Span], headings: list[Heading]) -> list[Span]:
    """Blocks cut where a heading starts inside them, so every heading begins a block."""
    starts = [h.start for h in headings]
    out: list[Span] = []
    i = 0
    for s, e in blocks:
        while i < len(starts) and starts[i] <= s:
            i += 1
        cut = s
        while i < len(starts) and starts[i] < e:
            piece = stripped(text, cut, starts[i])
            if piece[0] < piece[1]:
                out.append(piece)
            cut = starts[i]
            i += 1
        out.append((cut, e))
    return out


def _keep_headings_with_bodies(blocks: list[Span], headings: list[Heading]) -> list[Span]:
    """Join blocks that hold nothing but headings (or parts of one) to the block after them, so
    packing never leaves a heading at the end of one chunk and its body in the next."""
    heading_ends = {h.start: h.end for h in headings}
    out: list[Span] = []
    pending: int | None = None
    heading_until = -1
    for s, e in blocks:
        heading_until = max(heading_until, heading_ends.get(s, -1))
        if e <= heading_until:
            pending = s if pending is None else pending
            continue
        out.append((s if pending is None else pending, e))
        pending = None
    if pending is not None:
        out.append((pending, blocks[-1][1]))
    return out


def _trailing_headings(text: str, piece: Span, ends: dict[int, int]) -> int | None:
    """Where the run of headings that ends ``piece`` starts (None when it ends with body text)."""
    start = None
    end = piece[1]
    while end in ends and ends[end] >= piece[0]:
        start = ends[end]
        end = stripped(text, piece[0], start)[1]
    return start


def _heading_with_next(
    text: str, pieces: list[Span], fits: Fits, ends: dict[int, int]
) -> list[Span]:
    """Pieces of a split block, re-cut so that no piece ends with a heading whose body starts the
    next piece: the heading moves over and the two are packed again word by word."""
    out: list[Span] = []
    carry: Span | None = None
    for i, piece in enumerate(pieces):
        if carry is not None:
            piece = (carry[0], piece[1])
            carry = None
        heading_start = _trailing_headings(text, piece, ends)
        if heading_start is None or i + 1 == len(pieces):
            out.append(piece)
            continue
        before = stripped(text, piece[0], heading_start)
        if before[0] < before[1]:
            out.append(before)
        carry = (heading_start, piece[1])
    if carry is not None:
        out.append(carry)
    # A joined heading and body piece that no longer fits is packed again word by word.
    return [
        span
        for piece in out
        for span in (
            [piece] if fits(*piece) else _pack([m.span() for m in _WORD_RE.finditer(text, *piece)], fits, fits, None)
        )
    ]


def _cut_word(classes: bytes, span: Span, max_raw: int) -> list[Span]:
    """A single over-long word cut into pieces of at most ``max_raw`` raw tokens, each cut placed
    between two of its tokens (words and punctuation marks)."""
    out: list[Span] = []
    s, e = span
    while s < e:
        if class_raw_count(classes, s, e) <= max_raw:
            out.append((s, e))
            break
        # The longest prefix within budget: raw counts only grow with the prefix.
        lo, hi = s + 1, e
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if class_raw_count(classes, s, mid) <= max_raw:
                lo = mid
            else:
                hi = mid - 1
        cut = lo
        # Back off to the end of a whole token when the prefix ends inside one.
        while cut > s + 1 and classes[cut - 1 : cut] == b"w" and classes[cut : cut + 1] == b"w":
            cut -= 1
        if cut == s + 1 and classes[s : s + 1] == b"w" and classes[s + 1 : s + 2] == b"w":
            cut = lo
        out.append((s, cut))
        s = cut
    return out


def _boundaries(text: str, start: int, end: int) -> Iterator[list[int]]:
    """Sentence starts, then (only when asked for) word starts in ``text[start:end]``, ascending."""
    sentences = [start, *(m.end() for m in _SENTENCE_RE.finditer(text, start, end))]
    sentences += [m.end() for m in _BLANK_LINE_RE.finditer(text, start, end)]
    yield sorted({p for p in sentences if p < end and not text[p].isspace()})
    yield [m.start() for m in _WORD_RE.finditer(text, start, end)]


def _with_overlap(
    text: str, classes: bytes, base: list[Span], overlap: int, max_chunk_size: int
) -> list[Span]:
    out = base[:1]
    for (prev_start, prev_end), (start, end) in zip(base, base[1:]):
        floor = out[-1][0]

        def fits(p: int) -> bool:
            # Never reach back to where the previous chunk starts: it would be contained.
            return (
                p > floor
                and tokens_from_raw(class_raw_count(classes, p, prev_end)) <= overlap
                and tokens_from_raw(class_raw_count(classes, p, end)) <= max_chunk_size
            )

        begin = start
        for candidates in _boundaries(text, prev_start, prev_end):
            # ``fits`` only fails further back, so walk back from the end while it holds.
            earliest = None
            for p in reversed(candidates):
                if not fits(p):
                    break
                earliest = p
            if earliest is not None:
                begin = earliest
                break
        out.append((begin, end))
    return out
