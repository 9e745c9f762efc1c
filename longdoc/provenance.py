"""Evidence provenance: resolve a quoted passage back to its exact span in the source document.

:func:`locate` finds a quote in a text in three stages (exact, normalized, fuzzy) and returns true
document offsets; :class:`ProvenanceTracker` records the chunks a document was cut into and ties
extracted field values to the spans and chunks they came from.
"""

from __future__ import annotations

import hashlib
import re
from array import array
from bisect import bisect_right
from collections import Counter, OrderedDict
from itertools import compress, count, repeat
from operator import sub
from dataclasses import dataclass, field
from threading import Lock
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from .markdown import inline_markup, is_markdown

__all__ = [
    "SourceSpan",
    "ChunkRecord",
    "LegalDocument",
    "Locator",
    "locate",
    "ProvenanceTracker",
    "DEFAULT_SIMILARITY_THRESHOLD",
]

DEFAULT_SIMILARITY_THRESHOLD = 0.85

# Words of the positional index: runs of Unicode word characters, with their offsets (which the
# term analysers drop). Only anchoring and voting use them; every match is verified on the text.
_WORD_RE = re.compile(r"\w+")
_SPACE_RE = re.compile(r"\s+")

# Typographic variants that extraction tools and language models swap freely.
_PUNCT_FOLD = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
        "`": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"',
        "\u00bb": '"',
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
        "\u2212": "-", "\u00ad": "-",
    }
)

# Candidate retrieval votes with the quote's rarest words: up to eight, beyond three only while
# their occurrences stay few, and a word too common to be indexed only when nothing rarer is
# there. Positions of words up to _INDEXED_DF occurrences are indexed up front; a commoner word's
# are found when a quote first needs them.
_VOTING_WORDS = 8
_MIN_VOTING_WORDS = 3
_MAX_VOTES = 6000
_INDEXED_DF = 1024
# Well-supported places are compared word for word with the quote (cheap), and those that match
# best (a few at most) aligned character by character (dear): near-identical clauses differ in
# one or two words.
_SHORTLIST = 12
_ALIGNED = 3


@dataclass(frozen=True)
class SourceSpan:
    """Where a quoted value was found: true document offsets [char_start, char_end) and how.

    ``similarity`` is 1.0 for exact and normalized matches; ``method`` is "exact", "normalized"
    or "fuzzy"; chunk id, source url and page are filled in by :class:`ProvenanceTracker`.
    """

    char_start: int
    char_end: int
    text: str
    similarity: float
    method: str
    chunk_id: str | None = None
    source_url: str | None = None
    page: int | None = None


@dataclass(frozen=True)
class ChunkRecord:
    """One registered chunk: stable id (index + content hash), text, source and document offsets.

    ``content_hash`` is the SHA-256 hex digest of ``text``; [char_start, char_end) is its span.
    """

    chunk_id: str
    text: str
    source_url: str | None
    page: int | None
    char_start: int
    char_end: int
    content_hash: str


@dataclass
class LegalDocument:
    """A document's extracted field values and, per field, the span each value came from.

    Fields without provenance are kept as extracted; :meth:`ProvenanceTracker.coverage` counts them.
    """

    extracted_fields: dict[str, str] = field(default_factory=dict)
    provenance: dict[str, SourceSpan] = field(default_factory=dict)
    source_url: str | None = None


def _lower(text: str) -> str:
    """``text`` lower-cased character for character: a character whose lower case is longer than
    one character (U+0130) is kept, so offsets into the result are offsets into ``text``."""
    lowered = text.lower()
    if len(lowered) != len(text):
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    return lowered


def fold(text: str) -> str:
    """Lower-case and unify quotes and dashes, character for character (same length as ``text``)."""
    return _lower(text).translate(_PUNCT_FOLD)


def _variants() -> dict[str, str]:
    # For each folded character, every character that folds to it (itself included).
    out: dict[str, str] = {}
    for source, target in _PUNCT_FOLD.items():
        out[target] = out.get(target, target) + chr(source)
    return out


_VARIANTS = _variants()


def _normalized_pattern(nq: str) -> re.Pattern[str]:
    """A pattern matching, in lower-cased text, whatever normalizes to ``nq``."""
    parts = []
    for c in nq:
        if c == " ":
            parts.append(r"\s+")
        elif c in _VARIANTS:
            parts.append("[" + re.escape(_VARIANTS[c]) + "]")
        else:
            parts.append(re.escape(c))
    return re.compile("".join(parts))


def _normalize(text: str, base: int = 0) -> tuple[str, list[int]]:
    """``text`` folded with whitespace runs collapsed to one space, and each character's offset.

    ``offsets[j]`` is ``base`` plus the index in ``text`` of normalized character ``j``.
    """
    folded = fold(text)
    out: list[str] = []
    offsets: list[int] = []
    pos = 0
    for m in _SPACE_RE.finditer(folded):
        out.append(folded[pos : m.start()])
        offsets.extend(range(base + pos, base + m.start()))
        out.append(" ")
        offsets.append(base + m.start())
        pos = m.end()
    out.append(folded[pos:])
    offsets.extend(range(base + pos, base + len(folded)))
    return "".join(out), offsets


def _check_threshold(similarity_threshold: float) -> None:
    if isinstance(similarity_threshold, bool) or not isinstance(similarity_threshold, (int, float)):
        raise TypeError(
            f"similarity_threshold must be a number, not {type(similarity_threshold).__name__}"
        )
    if not 0.0 < similarity_threshold <= 1.0:
        raise ValueError(f"similarity_threshold must be in (0, 1], got {similarity_threshold!r}")


def _check_str(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be str, not {type(value).__name__}")


def _check_quote(quote: object) -> None:
    if not isinstance(quote, str):
        raise TypeError(f"quote must be str, not {type(quote).__name__}")
    if not quote.strip():
        raise ValueError("quote must contain a non-whitespace character")


def _myers_scores(pattern: str, text: str, anchored: bool) -> Iterator[int]:
    """Edit distance of ``pattern`` against ``text[:j]`` for j = 1, 2, ... (Myers' bit-parallel
    algorithm: a few integer operations per character). Unanchored, the match may start anywhere
    in the text at no cost; anchored, it is the plain Levenshtein distance to the prefix."""
    m = len(pattern)
    peq: dict[str, int] = {}
    for i, c in enumerate(pattern):
        peq[c] = peq.get(c, 0) | (1 << i)
    mask = (1 << m) - 1
    high = 1 << (m - 1)
    carry = 1 if anchored else 0
    pv, mv, score = mask, 0, m
    for c in text:
        eq = peq.get(c, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & mask)
        mh = pv & xh
        if ph & high:
            score += 1
        elif mh & high:
            score -= 1
        ph = ((ph << 1) | carry) & mask
        mh = (mh << 1) & mask
        pv = mh | (~(xv | ph) & mask)
        mv = ph & xv
        yield score


def _best_ends(pattern: str, text: str) -> tuple[int, list[int]]:
    """Smallest edit distance of ``pattern`` against any substring of ``text``, and where such
    substrings end."""
    best, ends = len(pattern), [0]
    for j, score in enumerate(_myers_scores(pattern, text, anchored=False), 1):
        if score < best:
            best, ends = score, [j]
        elif score == best:
            ends.append(j)
    return best, ends


def _first_run_end(ends: list[int]) -> int:
    """The last of the first run of consecutive equally good ends: the longest such match, so a
    typo at the quote's edge never leaves its counterpart's edge outside the span."""
    end = ends[0]
    for e in ends[1:]:
        if e != end + 1:
            break
        end = e
    return end


def _edit_distance(a: str, b: str) -> int:
    """Levenshtein distance between ``a`` and ``b``."""
    if not a or not b:
        return len(a) or len(b)
    score = len(a)
    for score in _myers_scores(a, b, anchored=True):
        pass
    return score


@dataclass(frozen=True)
class _QuoteWord:
    word: str
    ordinal: int
    offset: int  # where the word starts in the quote it was taken from
    interior: bool  # not touching either end of the quote, so never a partial text word


def _quote_words(folded_quote: str) -> list[_QuoteWord]:
    found = list(_WORD_RE.finditer(folded_quote))
    return [
        _QuoteWord(m.group(), k, m.start(), m.start() > 0 and m.end() < len(folded_quote))
        for k, m in enumerate(found)
    ]


class Locator:
    """A text prepared for repeated :meth:`locate` calls (a positional index of its words).

    Building costs one pass over the text; each look-up then touches only the neighbourhoods of
    the quote's rarest words.
    """

    __slots__ = ("text", "_seen", "_gaps_at", "_gaps_sum", "_lowered", "_starts", "_df", "_positions")

    def __init__(self, text: str) -> None:
        _check_str("text", text)
        self.text = text
        # A Markdown text is searched as its reader sees it, without the marks around its words
        # (a quote copied from a preview holds none); `_doc` maps offsets back.
        self._seen, self._gaps_at, self._gaps_sum = _seen(text) if is_markdown(text) else (text, [], [])
        # Quotes and dashes are never word characters, so lower-casing is all the index needs.
        lowered = _lower(self._seen)
        self._lowered = lowered
        self._starts = array("q", map(re.Match.start, _WORD_RE.finditer(lowered)))
        words = _WORD_RE.findall(lowered)
        self._df: dict[str, int] = Counter(words)
        # Positions are kept for the words rare enough to vote; a common word's are found on
        # demand (only a quote made of common words alone needs them).
        rare = {w for w, n in self._df.items() if n <= _INDEXED_DF}
        positions: dict[str, list[int]] = {}
        get = positions.get
        for ordinal in compress(count(), map(rare.__contains__, words)):
            word = words[ordinal]
            plist = get(word)
            if plist is None:
                positions[word] = [ordinal]
            else:
                plist.append(ordinal)
        self._positions = positions

    def _word_end(self, ordinal: int) -> int:
        m = _WORD_RE.match(self._lowered, self._starts[ordinal])
        assert m is not None
        return m.end()

    def _ordinals(self, word: str) -> list[int]:
        """Ordinals of the index words equal to ``word``, ascending."""
        found = self._positions.get(word)
        if found is None:
            if not self._df.get(word):
                return []
            pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
            starts = self._starts
            found = [bisect_right(starts, m.start()) - 1 for m in pattern.finditer(self._lowered)]
            self._positions[word] = found
        return found

    def locate(
        self, quote: str, similarity_threshold: float = DEFAULT_SIMILARITY_THRESHOLD
    ) -> SourceSpan | None:
        """The span of ``text`` that ``quote`` came from: exact, else normalized, else fuzzy.

        None when no span reaches ``similarity_threshold``; the first occurrence wins ties.
        """
        _check_quote(quote)
        _check_threshold(similarity_threshold)
        if self._gaps_at:
            start = self.text.find(quote)  # as written, marks and all
            if start >= 0:
                return SourceSpan(start, start + len(quote), quote, 1.0, "exact")
            # As its reader sees it: what the text holds there differs from the quote by its marks.
            quote = _seen(quote)[0] or quote
            return self._normalized(quote) or self._fuzzy(quote, similarity_threshold)
        return (
            self._exact(quote)
            or self._normalized(quote)
            or self._fuzzy(quote, similarity_threshold)
        )

    def _doc(self, at: int) -> int:
        """The offset in the text of the character at ``at`` of what its reader sees."""
        i = bisect_right(self._gaps_at, at)
        return at + self._gaps_sum[i - 1] if i else at

    def _rarest_interior(self, words: list[_QuoteWord]) -> _QuoteWord | None:
        interior = [w for w in words if w.interior]
        return min(interior, key=lambda w: (self._df.get(w.word, 0), w.ordinal)) if interior else None

    def _span(self, start: int, end: int, similarity: float, method: str) -> SourceSpan:
        if self._gaps_at and end > start:
            start, end = self._doc(start), self._doc(end - 1) + 1
        return SourceSpan(start, end, self.text[start:end], similarity, method)

    def _exact(self, quote: str) -> SourceSpan | None:
        text = self._seen
        anchor = self._rarest_interior(_quote_words(fold(quote)))
        if anchor is None:
            start = text.find(quote)
            return None if start < 0 else self._span(start, start + len(quote), 1.0, "exact")
        starts = self._starts
        for ordinal in self._ordinals(anchor.word):
            start = starts[ordinal] - anchor.offset
            if start >= 0 and text.startswith(quote, start):
                return self._span(start, start + len(quote), 1.0, "exact")
        return None

    def _window(self, first: int, last: int) -> tuple[int, int]:
        """Text range from just after word ``first - 1`` to just before word ``last + 1``."""
        n = len(self._starts)
        lo = self._word_end(first - 1) if first > 0 else 0
        hi = self._starts[last + 1] if last + 1 < n else len(self._seen)
        return lo, hi

    def _normalized(self, quote: str) -> SourceSpan | None:
        nq, _ = _normalize(quote)
        nq = nq.strip()
        words = _quote_words(nq)
        anchor = self._rarest_interior(words)
        if anchor is None:
            return self._normalized_scan(nq)
        n = len(self._starts)
        for ordinal in self._ordinals(anchor.word):
            first = ordinal - anchor.ordinal
            last = first + len(words) - 1
            if first < 0 or last >= n:
                continue
            lo, hi = self._window(first, last)
            window, offsets = _normalize(self._seen[lo:hi], lo)
            at = window.find(nq)
            if at >= 0:
                return self._span(offsets[at], offsets[at + len(nq) - 1] + 1, 1.0, "normalized")
        return None

    def _normalized_scan(self, nq: str) -> SourceSpan | None:
        # A quote of one or two words has no interior word to anchor on: scan the whole text.
        m = _normalized_pattern(nq).search(self._lowered)
        return None if m is None else self._span(m.start(), m.end(), 1.0, "normalized")

    def _candidates(self, words: list[_QuoteWord]) -> list[int]:
        """Likely first-word ordinals of the quote's counterpart, most likely first."""
        known = sorted(
            (w for w in words if 0 < self._df.get(w.word, 0)),
            key=lambda w: (self._df.get(w.word, 0), w.ordinal),
        )
        voters: list[_QuoteWord] = []
        cast = 0
        for w in known[:_VOTING_WORDS]:
            df = self._df[w.word]
            # A word too common to be indexed votes only when the quote has no rarer one.
            too_many = len(voters) >= _MIN_VOTING_WORDS and cast + df > _MAX_VOTES
            if voters and (df > _INDEXED_DF or too_many):
                break
            voters.append(w)
            cast += df
        votes: Counter[int] = Counter()
        for w in voters:
            votes.update(map(sub, self._ordinals(w.word), repeat(w.ordinal)))
        # Support is how many of the voters agree; typos that split or join words shift a word's
        # ordinal by one or two, so a voter counts when it stands within two words of the place.
        placed = [(w.ordinal, set(self._ordinals(w.word))) for w in voters]
        support = {
            s: sum(1 for k, at in placed if not at.isdisjoint(range(s + k - 2, s + k + 3)))
            for s, _ in votes.most_common(_SHORTLIST * 3)
        }
        ranked = sorted(support, key=lambda s: (-support[s], s))[:_SHORTLIST]
        top = support[ranked[0]] if ranked else 0
        shortlist = [s for s in ranked if 2 * support[s] >= top]
        matching = {s: self._matching_words(s, words) for s in shortlist}
        ranked = sorted(shortlist, key=lambda s: (-matching[s], -support[s], s))
        best = matching[ranked[0]] if ranked else 0
        # A typo that splits a word moves the rest of the quote one place: a word's worth of
        # points short of the best is still worth aligning.
        return [s for s in ranked[:_ALIGNED] if matching[s] >= best - 2]

    def _matching_words(self, first: int, words: list[_QuoteWord]) -> int:
        """How well the quote's words stand where the quote puts them if it starts at word
        ``first``: two points for a word in its place, one for a word a place off."""
        n = len(self._starts)
        lo = min(max(first - 1, 0), n - 1)
        hi = min(max(first + len(words), 0), n - 1)
        found = _WORD_RE.findall(self._lowered, self._starts[lo], self._word_end(hi))
        points = 0
        for w in words:
            at = first + w.ordinal - lo
            if 0 <= at < len(found) and found[at] == w.word:
                points += 2
            elif any(0 <= i < len(found) and found[i] == w.word for i in (at - 1, at + 1)):
                points += 1
        return points

    def _fuzzy(self, quote: str, similarity_threshold: float) -> SourceSpan | None:
        nq, _ = _normalize(quote)
        nq = nq.strip()
        words = _quote_words(nq)
        if not words:
            return None
        n = len(self._starts)
        pad = 2 + len(words) // 8
        best: tuple[float, int, int] | None = None
        for first in sorted(self._candidates(words)):
            lo, hi = self._window(max(0, first - pad), min(n - 1, first + len(words) - 1 + pad))
            found = self._align(nq, lo, hi)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
        if best is None or best[0] < similarity_threshold:
            return None
        similarity, start, end = best
        return self._span(start, end, similarity, "fuzzy")

    def _align(self, nq: str, lo: int, hi: int) -> tuple[float, int, int] | None:
        """Best span for ``nq`` within text[lo:hi]: (similarity, start, end) in the text."""
        window, offsets = _normalize(self._seen[lo:hi], lo)
        distance, ends = _best_ends(nq, window)
        end = _first_run_end(ends)
        # The same search backwards from that end finds where the counterpart starts; a match
        # with d edits is at most len(nq) + d characters long.
        reach = max(0, end - len(nq) - distance - 1)
        start = end - _first_run_end(_best_ends(nq[::-1], window[reach:end][::-1])[1])
        span = (start, end)
        while start < end and window[start] == " ":
            start += 1
        while end > start and window[end - 1] == " ":
            end -= 1
        start, end = self._whole_words(window, start, end)
        if start >= end:
            return None
        if (start, end) != span:
            distance = _edit_distance(nq, window[start:end])
        start, end, distance = _anchor_edges(nq, window, start, end, distance)
        similarity = 1.0 - distance / max(len(nq), end - start)
        return similarity, offsets[start], offsets[end - 1] + 1

    @staticmethod
    def _whole_words(window: str, start: int, end: int) -> tuple[int, int]:
        """Widen a span that cuts a word in two: a quote's counterpart is never half a word."""
        while start > 0 and window[start - 1].isalnum() and window[start].isalnum():
            start -= 1
        while end < len(window) and window[end].isalnum() and window[end - 1].isalnum():
            end += 1
        return start, end


_EDGE_REACH = 3  # words looked at beyond each edge of a span for the quote's first or last word


def _edge_words(nq: str) -> tuple[str | None, str | None]:
    """The quote's first word with any punctuation before it, and its last word with any
    punctuation after it ('"the', 'pb.'); None when the quote has no word."""
    words = list(_WORD_RE.finditer(nq))
    if not words:
        return None, None
    return nq[: words[0].end()], nq[words[-1].start() :]


def _nearest(tokens: list[tuple[int, int]], around: int, matches: Callable[[int], bool]) -> int | None:
    """Index of the token nearest to ``tokens[around]`` (within reach, the earlier on a tie)
    that ``matches``; None when there is none."""
    for step in range(1, _EDGE_REACH + 1):
        for i in (around - step, around + step):
            if 0 <= i < len(tokens) and matches(i):
                return i
    return None


def _anchor_edges(nq: str, window: str, start: int, end: int, distance: int) -> tuple[int, int, int]:
    """Move a span's edges onto the quote's own first and last words when those stand a few
    words off. A word dropped or doubled near a quote's edge can make a span that is too short or
    too long cost fewer edits than the true counterpart; the move is kept when it does not cost
    an edit for every character it adds, or, when it only removes text, costs no edit more."""
    tokens = [m.span() for m in _WORD_RE.finditer(window)]
    inside = [i for i, (s, e) in enumerate(tokens) if start <= s and e <= end]
    first, last = _edge_words(nq)
    if not inside or first is None or last is None:
        return start, end, distance
    lead = len(first) - len(_WORD_RE.search(first).group())  # type: ignore[union-attr]
    trail = len(last) - len(_WORD_RE.match(last).group())  # type: ignore[union-attr]

    def starts_quote(i: int) -> bool:
        s = tokens[i][0] - lead
        return s >= 0 and window[s : s + len(first)] == first

    def ends_quote(i: int) -> bool:
        e = tokens[i][1] + trail
        return window[e - len(last) : e] == last

    new_start, new_end = start, end
    if not starts_quote(inside[0]):
        i = _nearest(tokens, inside[0], starts_quote)
        new_start = start if i is None or i > inside[-1] else tokens[i][0] - lead
    if not ends_quote(inside[-1]):
        i = _nearest(tokens, inside[-1], ends_quote)
        new_end = end if i is None or i < inside[0] else tokens[i][1] + trail
    for s, e in dict.fromkeys([(new_start, new_end), (new_start, end), (start, new_end)]):
        if (s, e) == (start, end) or s >= e:
            continue
        d = _edit_distance(nq, window[s:e])
        if d - distance < max((start - s) + (e - end), 1):
            return s, e, d
    return start, end, distance


def _seen(text: str) -> tuple[str, list[int], list[int]]:
    """What a reader sees of a Markdown text, and where its marks were left out: before each
    offset in the first list, as many characters in all as the second says."""
    spans = inline_markup(text)
    if not spans:
        return text, [], []
    pieces, gaps_at, gaps_sum, at, gone = [], [], [], 0, 0
    for start, end in spans:
        pieces.append(text[at:start])
        gaps_at.append(start - gone)  # where what follows the marks stands in what is seen
        gone += end - start
        gaps_sum.append(gone)
        at = end
    pieces.append(text[at:])
    return "".join(pieces), gaps_at, gaps_sum


_CACHE_SIZE = 4
_cache: OrderedDict[str, Locator] = OrderedDict()
_cache_lock = Lock()


def _cached_locator(text: str) -> Locator | None:
    with _cache_lock:
        found = _cache.get(text)
        if found is not None:
            _cache.move_to_end(text)
        return found


def _new_locator(text: str) -> Locator:
    built = Locator(text)
    with _cache_lock:
        _cache[text] = built
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return built


def locate(
    text: str, quote: str, similarity_threshold: float = DEFAULT_SIMILARITY_THRESHOLD
) -> SourceSpan | None:
    """Where ``quote`` occurs in ``text``: exact, else normalized (whitespace, quotes, dashes,
    case), else the best fuzzy span above ``similarity_threshold``; None when there is none.

    The word index of the last few texts is kept, so repeated look-ups in one text are cheap; a
    verbatim quote in a text not seen before is found without building one.
    """
    _check_str("text", text)
    _check_quote(quote)
    _check_threshold(similarity_threshold)
    locator = _cached_locator(text)
    if locator is None:
        start = text.find(quote)
        if start >= 0:
            return SourceSpan(start, start + len(quote), quote, 1.0, "exact")
        locator = _new_locator(text)
    return locator.locate(quote, similarity_threshold)


def _chunk_id(index: int, content_hash: str) -> str:
    return f"chunk-{index:04d}-{content_hash[:12]}"


class ProvenanceTracker:
    """Chunks of one source document, and where extracted values were found among them.

    With ``source_text`` the chunks are placed where they occur in it; without, the document is
    the chunks in order with one separator character ("\\n") between neighbours.
    """

    _SEPARATOR = "\n"

    def __init__(
        self,
        source_url: str | None = None,
        similarity_threshold: float = DEFAULT_SIMILARITY_THRESHOLD,
    ) -> None:
        _check_threshold(similarity_threshold)
        if source_url is not None:
            _check_str("source_url", source_url)
        self.source_url = source_url
        self.similarity_threshold = float(similarity_threshold)
        self._records: list[ChunkRecord] = []
        self._by_id: dict[str, ChunkRecord] = {}
        self._source_text: str | None = None
        self._joined: str | None = None

    @property
    def chunks(self) -> tuple[ChunkRecord, ...]:
        """The registered chunks in registration order (a read-only snapshot)."""
        return tuple(self._records)

    def clear(self) -> None:
        """Forget every chunk and the source text."""
        self._records.clear()
        self._by_id.clear()
        self._source_text = None
        self._joined = None

    def get_chunk(self, chunk_id: str) -> ChunkRecord | None:
        """The chunk registered under ``chunk_id``, or None."""
        return self._by_id.get(chunk_id)

    def register_chunks(
        self,
        chunks: Sequence[str],
        source_url: str | None = None,
        page_map: Mapping[int, int] | Sequence[int] | None = None,
        source_text: str | None = None,
    ) -> list[ChunkRecord]:
        """Register ``chunks`` in document order; ``page_map[i]`` is the page of ``chunks[i]``.

        With ``source_text``, each chunk is searched from one character after the previous chunk's
        start (overlapping chunks are found where they are); ValueError if one is not there.
        """
        if isinstance(chunks, str) or not isinstance(chunks, Iterable):
            raise TypeError(f"chunks must be an iterable of str, not {type(chunks).__name__}")
        chunks = list(chunks)
        for i, chunk in enumerate(chunks):
            _check_str(f"chunks[{i}]", chunk)
        if source_url is not None:
            _check_str("source_url", source_url)
        pages = [self._page(page_map, i) for i in range(len(chunks))]
        if source_text is not None:
            self._check_source_text(source_text)
        text = source_text if source_text is not None else self._source_text
        # Place every chunk before registering any, so a chunk that is missing loses nothing.
        starts: list[int | None] = []
        previous = self._records[-1].char_start if self._records else -1
        for i, chunk in enumerate(chunks):
            if text is None:
                starts.append(None)
                continue
            previous = self._place(text, chunk, previous + 1, i)
            starts.append(previous)
        self._source_text = text
        return [self._add(c, source_url, pages[i], starts[i]) for i, c in enumerate(chunks)]

    def register_chunk(
        self, text: str, source_url: str | None = None, page: int | None = None
    ) -> ChunkRecord:
        """Register one chunk after those already registered (see :meth:`register_chunks`)."""
        _check_str("text", text)
        if page is not None and (isinstance(page, bool) or not isinstance(page, int)):
            raise TypeError(f"page must be int or None, not {type(page).__name__}")
        if source_url is not None:
            _check_str("source_url", source_url)
        start = None
        if self._source_text is not None:
            origin = self._records[-1].char_start + 1 if self._records else 0
            start = self._place(self._source_text, text, origin, 0)
        return self._add(text, source_url, page, start)

    def find_span(self, extracted_text: str) -> SourceSpan | None:
        """Where ``extracted_text`` occurs in the document (see :func:`locate`), with the chunk that
        holds most of it, that chunk's page and source url; None when not found."""
        _check_str("extracted_text", extracted_text)
        if not self._records or not extracted_text.strip():
            return None
        span = locate(self._document_text(), extracted_text, self.similarity_threshold)
        if span is None:
            return None
        chunk = self._chunk_for(span.char_start, span.char_end)
        return SourceSpan(
            span.char_start,
            span.char_end,
            span.text,
            span.similarity,
            span.method,
            chunk.chunk_id,
            chunk.source_url,
            chunk.page,
        )

    def annotate(self, document: LegalDocument, field_name: str, extracted_text: str) -> bool:
        """Record ``extracted_text`` as ``field_name`` of ``document`` and, when found, its span.

        Returns whether a span was found; the extracted value is kept either way.
        """
        if not isinstance(document, LegalDocument):
            raise TypeError(f"document must be a LegalDocument, not {type(document).__name__}")
        _check_str("field_name", field_name)
        _check_str("extracted_text", extracted_text)
        document.extracted_fields[field_name] = extracted_text
        span = self.find_span(extracted_text)
        if span is None:
            document.provenance.pop(field_name, None)
            return False
        document.provenance[field_name] = span
        return True

    def annotate_all(self, document: LegalDocument) -> dict[str, bool]:
        """:meth:`annotate` every extracted field of ``document``; field name -> span found."""
        if not isinstance(document, LegalDocument):
            raise TypeError(f"document must be a LegalDocument, not {type(document).__name__}")
        return {
            name: self.annotate(document, name, value)
            for name, value in list(document.extracted_fields.items())
        }

    def coverage(self, document: LegalDocument) -> dict[str, float | int]:
        """How many extracted fields of ``document`` have provenance, of how many, and the ratio
        (1.0 for a document with no fields: nothing lacks provenance)."""
        if not isinstance(document, LegalDocument):
            raise TypeError(f"document must be a LegalDocument, not {type(document).__name__}")
        total = len(document.extracted_fields)
        covered = sum(1 for name in document.extracted_fields if name in document.provenance)
        return {
            "fields_with_provenance": covered,
            "total_fields": total,
            "coverage_ratio": covered / total if total else 1.0,
        }

    def _check_source_text(self, source_text: str) -> None:
        _check_str("source_text", source_text)
        if self._source_text is not None and self._source_text != source_text:
            raise ValueError("source_text differs from the one already registered; clear() first")
        if self._source_text is None and self._records:
            raise ValueError("source_text given after chunks were registered without it")

    @staticmethod
    def _page(page_map: Mapping[int, int] | Sequence[int] | None, i: int) -> int | None:
        if page_map is None:
            return None
        if isinstance(page_map, Mapping):
            return page_map.get(i)
        if isinstance(page_map, Sequence) and not isinstance(page_map, str):
            return page_map[i] if i < len(page_map) else None
        raise TypeError(f"page_map must be a mapping or sequence, not {type(page_map).__name__}")

    @staticmethod
    def _place(source_text: str, chunk: str, origin: int, i: int) -> int:
        start = source_text.find(chunk, origin)
        if start < 0:
            raise ValueError(
                f"chunks[{i}] ({chunk[:40]!r}) is not in source_text at or after offset {origin}"
            )
        return start

    def _add(self, text: str, source_url: str | None, page: int | None, start: int | None) -> ChunkRecord:
        if start is None:
            start = self._records[-1].char_end + len(self._SEPARATOR) if self._records else 0
        content_hash = hashlib.sha256(text.encode("utf-8")).hexdigest()
        record = ChunkRecord(
            chunk_id=_chunk_id(len(self._records), content_hash),
            text=text,
            source_url=source_url if source_url is not None else self.source_url,
            page=page,
            char_start=start,
            char_end=start + len(text),
            content_hash=content_hash,
        )
        self._records.append(record)
        self._by_id[record.chunk_id] = record
        self._joined = None
        return record

    def _document_text(self) -> str:
        if self._source_text is not None:
            return self._source_text
        if self._joined is None:
            self._joined = self._SEPARATOR.join(r.text for r in self._records)
        return self._joined

    def _chunk_for(self, start: int, end: int) -> ChunkRecord:
        # Overlapping chunks may each hold part of the span: credit the one holding most of it
        # (the earliest on a tie); a span in a separator belongs to the chunk before it.
        last = bisect_right([r.char_start for r in self._records], start) - 1
        best = self._records[max(last, 0)]
        best_overlap = 0
        for record in self._records:
            if record.char_start >= end:
                break
            overlap = min(end, record.char_end) - max(start, record.char_start)
            if overlap > best_overlap:
                best, best_overlap = record, overlap
        return best
