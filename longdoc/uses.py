"""Where a defined term is used: whole words as drafted (case included), with plural and
possessive endings and the written forms its definition gives it (`longdoc.forms`).

Searches run over the text's `longdoc.definitions.byte_view`, as the definitions' scan does.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple

from .definitions import Definition, byte_view, term_bytes
from .forms import shouted, takes_ies, written_forms
from .stretches import Stretches

__all__ = ["Use", "first_use", "forget_use_patterns", "spans_of_forms", "use_at", "use_near", "use_reach", "UseIndex",
           "uses_of"]


class Use(NamedTuple):
    """One occurrence of a defined term outside its definitions (plural or possessive included)."""

    term: str
    start: int
    end: int


_new = tuple.__new__


def forget_use_patterns() -> None:
    """Let go of the compiled patterns of defined terms' uses (under 1 MB for the 2,000 terms of a
    10 MB contract); the next search compiles them again."""
    _USE_PATTERNS.clear()


# The most whitespace a use may hold between two words of its term ("Effective  Date" and a line
# break in PDF extractions): bounded, so that an edit can tell which uses it may touch.
_MAX_GAP = 40


# The compiled use patterns by term, let go of all at once when they grow past a bound: well past
# the forms a long text's terms are used in (some 4,200 in 10 MB of contracts, 360 bytes each), as a
# pass over a text whose forms outnumber the bound compiles them all anew (a sixth of the time of
# finding every use of every term in the 10 MB text, when they grew past 4,096).
_USE_PATTERNS: dict[str, re.Pattern[bytes]] = {}
_USE_PATTERNS_HELD = 16384


def _use_pattern(term: str) -> re.Pattern[bytes]:
    """Whole-word forms of a term as drafted: plural (s, es, y -> ies) and possessive, any run of
    up to `_MAX_GAP` whitespace characters between its words."""
    pattern = _USE_PATTERNS.get(term)
    if pattern is None:
        if len(_USE_PATTERNS) >= _USE_PATTERNS_HELD:
            _USE_PATTERNS.clear()
        pattern = _USE_PATTERNS[term] = _compile_use(term)
    return pattern


def _compile_use(term: str) -> re.Pattern[bytes]:
    words = [re.escape(term_bytes(w)) for w in term.split()]
    last = words[-1]
    if takes_ies(term):
        last = rb"(?:" + last + rb"|" + last[:-1] + _ies(term) + rb")"
    # A word that ends in a hyphen was broken at the end of a line ("the Co- Chairs"): its use may
    # be written whole ("Co-Chairs").
    gaps = [rb"\s{%d,%d}" % (0 if w.endswith("-") else 1, _MAX_GAP) for w in term.split()[:-1]]
    # No look-behind in front: a pattern opening with a literal is scanned for much faster; the
    # word boundary before a match is checked by `_word_start`. No ending either: `_ending`'s,
    # compiled once, reads it, where in each term's pattern it would double the compiling time
    # (some 2,000 terms in a 10 MB contract).
    return re.compile(b"".join(w + g for w, g in zip(words, gaps)) + last)


# The bytes of a view that go on a word: letters and digits (Latin-1's too), "_" and "-".
_WORD_BYTES = frozenset(b for b in range(256) if chr(b).isalnum() or b in b"_-")
_NO_MORE_OF_A_WORD = rb"(?![" + b"".join(re.escape(bytes((b,))) for b in sorted(_WORD_BYTES)) + rb"])"
# What ends a use: a plural and a possessive ending, maybe, then no more of a word.
_USE_END = re.compile(rb"(?:s|es)?(?:'s?)?" + _NO_MORE_OF_A_WORD)
# A term defined in capitals for emphasis is made plural and possessive in capitals as well ("TRAIT
# FEES", "LICENSEE'S"); an acronym is not ("GCPs": "ESS" is no use of "ES").
_SHOUTED_END = re.compile(rb"(?:s|es|S|ES)?(?:'[sS]?)?" + _NO_MORE_OF_A_WORD)


def _ending(term: str) -> re.Pattern[bytes]:
    """What ends a use of the term (a plural and a possessive ending, maybe, then no more of a word)."""
    return _SHOUTED_END if shouted(term) else _USE_END


def _plural_endings(term: str) -> tuple[bytes, ...]:
    return (b"s", b"es", b"S", b"ES") if shouted(term) else (b"s", b"es")


def _word_start(view: bytes, pos: int) -> bool:
    return pos == 0 or view[pos - 1] not in _WORD_BYTES


def _matches(view: bytes, term: str, own: list[tuple[int, int]], lo: int, hi: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each use in view[lo:hi], as the term's pattern and its ending read them
    together: after a match, the next is sought from its end, after a miss from its next byte."""
    search, end_of = _use_pattern(term).search, _ending(term).match
    m = search(view, lo, hi)
    while m is not None:
        start = m.start()
        ending = end_of(view, m.end(), hi)
        if ending is None:
            m = search(view, start + 1, hi)
            continue
        if _word_start(view, start) and not any(a <= start < b for a, b in own):
            yield start, ending.end()
        m = search(view, ending.end(), hi)


def _own_spans(definitions: Sequence[Definition], term: str) -> list[tuple[int, int]]:
    return [(d.term_start, d.term_end) for d in definitions if d.term == term]


def uses_of(text: str, definitions: Sequence[Definition], term: str, view: bytes | None = None) -> list[Use]:
    """Occurrences of a defined term outside the places that define it: whole words, case as
    drafted, plural and possessive forms and the forms the term names (`written_forms`) included;
    [] for a term the text does not define."""
    own = _own_spans(definitions, term)
    if not own:
        return []
    v = byte_view(text) if view is None else view
    found: dict[int, int] = {}
    for form in written_forms(term):
        for start, end in _matches(v, form, own, 0, len(v)):
            found[start] = max(end, found.get(start, end))
    out: list[Use] = []
    for start in sorted(found):
        if not out or start >= out[-1].end:  # forms read over each other at one place: the longest
            out.append(Use(term, start, found[start]))
    return out


def spans_of_forms(view: bytes, terms: Iterable[str]) -> list[tuple[int, int]]:
    """(start, end) of each use of a written form of one of ``terms`` in ``view``, as `uses_of`
    reads them but where the terms are defined too, and forms read over each other all kept."""
    return [span for term in terms for form in written_forms(term) for span in _matches(view, form, [], 0, len(view))]


class UseIndex:
    """The written forms of a text's defined terms, with what a search for their uses in a stretch
    reads: made once for a list of definitions, asked of any stretch of the text they were found in."""

    def __init__(self, definitions: Sequence[Definition]):
        self._own: dict[str, list[tuple[int, int]]] = {}
        for d in definitions:
            self._own.setdefault(d.term, []).append((d.term_start, d.term_end))
        # Every use opens a word whose letters and digits are one of its form's keys: each word of
        # a stretch is looked up once, where searching the stretch for each of some 3,000 forms
        # read it 3,000 times (the whole 10 MB text in 17 s, against 2 to 2.6 s).
        self._by_key: dict[bytes, list[tuple[str, str]]] = {}
        self._unkeyed: list[tuple[str, str]] = []  # forms that open with no letter or digit
        self._reach = 0
        for term in self._own:
            for form in written_forms(term):
                keys = _keys(form)
                for key in keys:
                    self._by_key.setdefault(key, []).append((form, term))
                if not keys:
                    self._unkeyed.append((form, term))
                self._reach = max(self._reach, use_reach(form))
        self._longest = max(map(len, self._by_key), default=0)
        # What a word that opens with a key reads, made when one first does (None until then): its
        # forms' patterns and endings, each with its term and the starts and ends of the places that
        # define it (`Stretches`).
        self._matchers: dict[bytes, list[tuple[_Match, _Match, str, list[int], list[int]]] | None] = dict.fromkeys(
            self._by_key)
        self._spans: dict[str, Stretches] = {}

    @property
    def reach(self) -> int:
        """How far past its start the reading of a use goes, for the longest of the forms."""
        return self._reach

    def uses_in(self, view: bytes, start: int, end: int) -> list[Use]:
        """The uses of all defined terms that start in ``[start, end)`` of ``view``, in text order,
        none over another: where uses overlap ("Information" in "Confidential Information"), the one
        that starts first and, of those that start together, the longest (each term's uses as
        `uses_of` finds them)."""
        # A use that starts before the range may cover the start of one in it: read from as far back.
        lo = max(0, start - self._reach)
        found = self._keyed(view, lo, end)
        for form, term in self._unkeyed:
            for s, e in _matches(view, form, self._own[term], lo, min(len(view), end + self._reach)):
                if s >= end:
                    break
                found.append((s, -e, term))
        out: list[Use] = []
        reached = 0
        for s, neg_end, term in sorted(found):
            if s >= reached:
                reached = -neg_end
                if s >= start:
                    out.append(_new(Use, (term, s, reached)))  # a named tuple's own __new__ takes twice as long
        return out

    def _keyed(self, view: bytes, lo: int, end: int) -> list[tuple[int, int, str]]:
        """(start, -end, term) of each match of a keyed form that opens a word in ``[lo, end)``."""
        found: list[tuple[int, int, str]] = []
        append, matchers_of = found.append, self._matchers.get
        # A word that opens in the stretch is read whole (the pattern, not the key, decides a use).
        for word in _KEY.finditer(view, lo, min(len(view), end + self._longest)):
            key = word.group()
            matchers = matchers_of(key, False)
            if matchers is False:  # most words open no form
                continue
            at = word.start()
            if at >= end:
                break
            # _KEY's look-behind has ruled out an ASCII letter, digit, "_" and "-" before it.
            if at and view[at - 1] > 0x7F and view[at - 1] in _WORD_BYTES:
                continue
            if matchers is None:
                matchers = self._matchers[key] = []
                for form, term in self._by_key[key]:
                    own = self._spans_of(term)
                    matchers.append((_use_pattern(form).match, _ending(form).match, term, own.starts, own.ends))
            for match, ending, term, starts, reached in matchers:
                m = match(view, at)
                tail = None if m is None else ending(view, m.end())
                if tail is None:
                    continue
                i = bisect_right(starts, at)
                if not i or at >= reached[i - 1]:  # not within a place that defines the term
                    append((at, -tail.end(), term))
        return found

    def _spans_of(self, term: str) -> Stretches:
        spans = self._spans.get(term)
        if spans is None:
            spans = self._spans[term] = Stretches(self._own[term])
        return spans


_Match = Callable[[bytes, int], "re.Match[bytes] | None"]


# The letters and digits that open a word: the key under which a use of a form is looked up.
_KEY = re.compile(rb"(?<![A-Za-z0-9_-])[A-Za-z0-9]+")


def _keys(form: str) -> list[bytes]:
    """The letters and digits that open each word a use of the form can open: its own, and where
    the form is one word of them, with the endings its pattern takes ("Party", "Partys",
    "Partyes", "Parties", "Partiess", "Partieses"); [] when the form opens with neither."""
    written = term_bytes(form)
    key = _KEY.match(written)
    if key is None:
        return []
    if key.end() < len(written):  # another character follows, which a use writes as well
        return [key.group()]
    return [stem + ending for stem in _forms(form) for ending in (b"", *_plural_endings(form))]


def _forms(term: str) -> list[bytes]:
    """The written stems a use of the term starts with (the "ies" plural changes the stem)."""
    forms = [term_bytes(term)]
    if takes_ies(term):
        forms.append(forms[0][:-1] + _ies(term))
    return forms


def _ies(term: str) -> bytes:
    return b"ies" if term[-1] == "y" else b"IES"


def _use_in(view: bytes, term: str, own: Sequence[tuple[int, int]], lo: int, hi: int, near: bool = False) -> int | None:
    """The start of a use that lies in view[lo:hi], or None; ``near``: a short stretch, where a
    term of several words is first sought as written, one space apart."""
    ending = _ending(term).match
    if " " in term:
        if near and term not in _USE_PATTERNS:
            # Where uses cluster, most are written as defined: one is found without the term's
            # pattern, whose compiling costs a text's first diagnosis some 40 us a term (once
            # compiled, the pattern alone reads the stretch once).
            written = term_bytes(term)
            at = view.find(written, lo, hi)
            while at >= 0:
                if ending(view, at + len(written), hi) and _word_start(view, at) and not any(a <= at < b for a, b in own):
                    return at
                at = view.find(written, at + 1, hi)
        # The words may stand further apart: a pattern finds them.
        for start, _ in _matches(view, term, own, lo, hi):
            return start
        return None
    for form in _forms(term):
        at = view.find(form, lo, hi)
        while at >= 0:
            if ending(view, at + len(form)) and _word_start(view, at) and not any(a <= at < b for a, b in own):
                return at
            at = view.find(form, at + 1, hi)
    return None


_NEAR = 20_000


def first_use(
    text: str,
    definitions: Sequence[Definition],
    term: str,
    view: bytes | None = None,
    spans: Callable[[], Iterable[tuple[int, int]] | None] | None = None,
) -> int | None:
    """The start of a use of a defined term outside its definitions (as `uses_of` finds them), or
    None when it has none. The search looks near the first definition first, where
    uses cluster; `spans`, when given, returns the only ranges that can hold a use (from an index
    of the text, None for anywhere), which spares a full scan of a long text for an unused term."""
    own = _own_spans(definitions, term)
    if not own:
        return None
    v = byte_view(text) if view is None else view
    first = own[0][1]
    # Uses mostly follow the definition: look after it first, then before it.
    found = _use_in(v, term, own, first, min(len(v), first + _NEAR), near=True)
    if found is None:
        found = _use_in(v, term, own, max(0, first - _NEAR), first, near=True)
    if found is not None:
        return found
    ranges = spans() if spans is not None else None
    if ranges is None:
        ranges = ((0, len(v)),)
    for lo, hi in ranges:
        found = _use_in(v, term, own, lo, hi)
        if found is not None:
            return found
    return None


def use_near(view: bytes, term: str, own: Sequence[tuple[int, int]], lo: int, hi: int) -> int | None:
    """The start of a use of ``term`` (its own definitions' spans ``own`` excepted) that starts in
    view[lo:hi] or just after it, or None: what an edit there may have added."""
    lo, hi = max(0, lo), min(len(view), hi + use_reach(term))
    # Where the term's opening is missing, as it mostly is, no pattern need be read.
    if view.find(_opening(term), lo, hi) < 0:
        return None
    return _use_in(view, term, own, lo, hi)


def _opening(term: str) -> bytes:
    """What every use of the term opens with: its first word as written, less a last "y" that an
    "ies" plural drops."""
    first = term.split(maxsplit=1)[0]
    if first == term and takes_ies(term):
        first = term[:-1]
    return term_bytes(first)


def use_reach(term: str) -> int:
    """How far past a use's start its recognition reads: the longest written form (an "ies"
    plural, the widest gaps between words), the longest ending after it ("es'") and the character
    that must not go on the word."""
    return len(term) + 2 + 4 + term.count(" ") * (_MAX_GAP - 1)


def use_at(text: str, definitions: Sequence[Definition], offset: int, view: bytes | None = None) -> Use | None:
    """The use of a defined term (in any of its `written_forms`) that covers offset, the longest
    written form first, or None."""
    v = byte_view(text) if view is None else view
    written = {(form, term) for term in {d.term for d in definitions} for form in written_forms(term)}
    for written_form, term in sorted(written, key=lambda pair: (-len(pair[0]), pair)):
        own = _own_spans(definitions, term)
        if " " in written_form:  # its words may stand apart by more than a space: the pattern finds them
            reach = use_reach(written_form)
            for start, end in _matches(v, written_form, own, max(0, offset - reach), min(len(v), offset + reach)):
                if start <= offset <= end:
                    return Use(term, start, end)
            continue
        ending = _ending(written_form).match
        for form in _forms(written_form):
            lo = max(0, offset - len(form) - 4)  # the longest ending: "es's"
            at = v.find(form, lo, offset + len(form))
            while 0 <= at <= offset:
                tail = ending(v, at + len(form))
                if tail is not None and tail.end() >= offset and _word_start(v, at) and not any(a <= at < b for a, b in own):
                    return Use(term, at, tail.end())
                at = v.find(form, at + 1, offset + len(form))
    return None
