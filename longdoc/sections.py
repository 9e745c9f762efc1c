"""Sections and the splitter that cuts one headed part into sections that fit a token budget.

A part is cut at blank lines first, then at sentence ends, then at spaces; pieces are packed
greedily in order, so a heading stays with the start of its body whenever both fit.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .analysis import class_raw_count

__all__ = ["Section", "max_raw_for", "split_part", "split_sized", "split_again", "RawCount"]


@dataclass(frozen=True, slots=True)
class Section:
    """A span of the document, ``text[start:end]``, that fits the token budget.

    ``heading`` is its part's heading as it stands (None before any heading); ``path`` the titles
    of the enclosing headings, outermost first; ``node`` the index of its outline node.
    """

    start: int
    end: int
    heading: str | None = None
    index: int = 0
    level: int = 0
    path: tuple[str, ...] = ()
    node: int | None = None
    tokens: int = 0


_BLANK_LINE_RE = re.compile(r"(?:\r\n|\r|\n)[ \t\f\v]*(?:\r\n|\r|\n)\s*")
_SENTENCE_TAIL = r"\s+(?=[\"“'‘(\[]?[A-Z0-9§(])"
_SENTENCE_RE = re.compile(r"(?:[.!?][\"'”’)\]]*|;)" + _SENTENCE_TAIL)
# The same matches found faster: the regex engine scans for one literal character far faster than
# for a class of them. Without "\r" a blank line is two "\n"; a sentence end is looked for mark by
# mark (no end can start inside another: an end holds only its mark, closing quotes and spaces).
_BLANK_LINE_LF_RE = re.compile(r"\n[ \t\f\v]*\n\s*")
_SENTENCE_BY_MARK = tuple(
    re.compile(re.escape(mark) + r"[\"'”’)\]]*" + _SENTENCE_TAIL) for mark in ".!?"
) + (re.compile(";" + _SENTENCE_TAIL),)
_WORD_RE = re.compile(r"\S+")
_NON_SPACE_RE = re.compile(r"\S")
# Characters per target token beyond which a span is taken to be too long and cut before counting.
_LONG = 8

# The size of the span text[s:e].
Measure = Callable[[int, int], int]


def max_raw_for(max_tokens: int) -> int:
    """The largest raw word-and-punctuation count whose estimate fits ``max_tokens``."""
    return (max_tokens * 10) // 13


def stripped(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` without the whitespace around it; (end, end) when it is all whitespace."""
    m = _NON_SPACE_RE.search(text, start, end)
    if m is None:
        return end, end
    s = m.start()
    e = end
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _pieces(text: str, start: int, end: int, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """Non-blank spans of ``text[start:end]`` between matches of ``pattern`` (which eat spaces)."""
    out: list[tuple[int, int]] = []
    pos = start
    for ms, me in _match_spans(text, start, end, pattern):
        # The match's own whitespace is stripped off the piece; its punctuation stays.
        e = ms + len(text[ms:me].rstrip())
        s = pos
        if s < e and text[s].isspace():
            s = stripped(text, s, e)[0]
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
        pos = me
    s, e = stripped(text, pos, end)
    if s < e:
        out.append((s, e))
    return out


def _match_spans(text: str, start: int, end: int, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """The spans of ``pattern.finditer(text, start, end)``."""
    if pattern is _SENTENCE_RE:
        spans = [m.span() for mark in _SENTENCE_BY_MARK for m in mark.finditer(text, start, end)]
        spans.sort()
        return spans
    if pattern is _BLANK_LINE_RE and text.find("\r", start, end) < 0:
        pattern = _BLANK_LINE_LF_RE
    return [m.span() for m in pattern.finditer(text, start, end)]


def split_part(
    text: str,
    start: int,
    end: int,
    fits: Callable[[int, int], bool],
    fits_target: Callable[[int, int], bool] | None = None,
    head_end: int | None = None,
) -> list[tuple[int, int]]:
    """Cut ``text[start:end]`` into spans that each satisfy ``fits(s, e)``, in order.

    Pieces are packed while they satisfy ``fits_target`` (a smaller size that keeps sections
    precise), except that a heading ending at ``head_end`` joins the first piece of its body
    whenever both satisfy ``fits``; a sentence that fits is never cut. Spans are stripped of
    surrounding whitespace and only whitespace lies between them; a single word that does not fit
    alone is a span of its own.
    """
    size, limit, target = _measure(fits, fits_target or fits)
    return [(s, e) for s, e, _ in split_sized(text, start, end, size, limit, target, head_end)]


def split_sized(
    text: str,
    start: int,
    end: int,
    size: Measure,
    limit: int,
    target: int,
    head_end: int | None = None,
    *,
    run_at: int | None = None,
) -> list[tuple[int, int, int]]:
    """:func:`split_part` with ``fits`` as ``size(s, e) <= limit`` (``fits_target``: ``<= target``).

    Returns (start, end, size) spans. A :class:`RawCount` size is summed over pieces, not recounted.
    ``run_at``: the span starts inside a sentence over the limit, whose rest is cut word by word.
    """
    s, e = stripped(text, start, end)
    if s >= e:
        return []
    # A long span's raw count is the sum of its pieces' (counts add up over whitespace), so it is
    # cut first and counted once, by its pieces.
    summed = isinstance(size, RawCount)
    long_chars = _LONG * target
    whole = None if summed and e - s > long_chars else size(s, e)
    if whole is not None and whole <= target:
        return [(s, e, whole)]
    units: list[tuple[int, int, int]] = []
    # Starts of the sentences too long to fit that are cut at spaces while packed (summed sizes
    # only): a sentence of millions of words is cut a section at a time, not a word at a time.
    runs: set[int] = set()
    for ps, pe in _pieces(text, s, e, _BLANK_LINE_RE):
        n = None if summed and pe - ps > long_chars else size(ps, pe)
        if n is not None and n <= target:
            units.append((ps, pe, n))
            continue
        sentences = [(ss, se, size(ss, se)) for ss, se in _pieces(text, ps, pe, _SENTENCE_RE)]
        if n is None:
            n = sum(m for _, _, m in sentences)
            if n <= target:
                units.append((ps, pe, n))
                continue
        for ss, se, m in sentences:
            if m <= limit and ss != run_at:
                units.append((ss, se, m))
            elif summed:
                runs.add(ss)
                units.append((ss, se, m))
            else:
                units.extend(_word_units(text, ss, se, size))
    if whole is None:
        whole = sum(n for _, _, n in units)
        if whole <= target:
            return [(s, e, whole)]
    if head_end is not None:
        if runs:
            assert isinstance(size, RawCount)  # only summed sizes leave sentences to cut later
            units = _words_at_heading(text, units, runs, size, head_end)
        units = _cut_at_heading(text, units, size, limit, head_end)
    return _pack_sized(units, size, limit, target, head_end, runs)


def split_again(
    text: str,
    start: int,
    end: int,
    count_for: Callable[[int, int], "RawCount"],
    limit: int,
    target: int,
    head_end: int | None,
    old_starts: Sequence[int],
    lo: int,
    hi: int,
    delta: int,
) -> tuple[int, list[tuple[int, int, int]], int]:
    """The sections of the part ``text[start:end]`` after an edit put ``text[lo:hi]`` in place of
    what lay there, cut again only around the edit: :func:`split_sized`'s answer, given as
    ``(i, sized, j)``: sections ``i`` to ``j - 1`` of ``old_starts`` (the starts of the part's
    sections before the edit, from the part's start) are now ``sized``, and every other one stands,
    moved by ``delta`` after the edit.

    Packing is greedy, so a section opens afresh at a paragraph, and at a sentence of a paragraph
    cut into sentences (one over the target): the cut starts at such a section before the edit and
    stops at the first such section after the edit that opens where one opened before, its sentence
    and all after it as they were. ``count_for(s, e)`` counts spans of ``text[s:e]``.
    """
    restart = _restart_in_paragraph(text, start, head_end, old_starts, lo, count_for, limit, target)
    # From inside the edited paragraph (cut into sentences), a cut may stop at any word of it.
    in_paragraph = restart is not None
    run_at = None
    if restart is not None:
        r, in_sentence = restart
        heading, run_at = None, r if in_sentence else None
        i = bisect_left(old_starts, r - start)
    else:
        r, heading = _fresh_start(text, start, head_end, old_starts, lo)
        i = 0 if heading is not None or r == start else bisect_left(old_starts, r - start)
    reach = hi
    span = max(hi - r, 256)
    while True:
        cut_end, broken, inside = _cut_end(text, r, reach, end, span if in_paragraph else None)
        sized = split_sized(text, r, cut_end, count_for(r, cut_end), limit, target, heading, run_at=run_at)
        # Cut inside a paragraph, the last sentence may be cut short: the last section's start and
        # the one before's end may differ from the whole cut's.
        for t in range(1, len(sized) - 1 if inside else len(sized)):
            q = sized[t][0]
            if q <= hi or _NON_SPACE_RE.search(text, hi, q) is None:
                continue
            # A paragraph opens afresh; in the edited paragraph (``in_paragraph``: no blank line from
            # the restart on) so does a sentence that opens past the edit, and a word of a sentence cut
            # at spaces (before and after the edit: a section opens inside no other) past the edit.
            if not (_opens_paragraph(text, start, q) or in_paragraph and (
                    _ends_sentence(text, hi, q) or _within_sentence(text, hi, q))):
                continue
            j = bisect_left(old_starts, q - delta - start)
            if j < len(old_starts) and old_starts[j] == q - delta - start:
                return i, sized[:t], j
        if cut_end == end:
            return i, sized, len(old_starts)
        in_paragraph = in_paragraph and not broken
        reach = cut_end + max(cut_end - hi, 1)
        span *= 2


def _cut_end(text: str, r: int, reach: int, end: int, span: int | None) -> tuple[int, bool, bool]:
    """Where to stop a cut again from ``r`` that must reach ``reach``, whether a blank line stops it,
    and whether the cut ends inside a paragraph: at the next blank line or the part's end; with
    ``span`` (``r`` lies in a paragraph cut into sentences), at a word's end ``span`` past ``reach``
    when no blank line comes first."""
    if span is not None and reach + span < end:
        stop = _BLANK_LINE_RE.search(text, r, reach + span)
        if stop is not None:
            return stop.start(), True, False
        word = _WORD_RE.search(text, reach + span, end)
        if word is not None:
            return word.end(), False, True
    stop = _BLANK_LINE_RE.search(text, reach, end)
    return (end, False, False) if stop is None else (stop.start(), True, False)


def _restart_in_paragraph(text: str, start: int, head_end: int | None, old_starts: Sequence[int], lo: int,
                          count_for: Callable[[int, int], "RawCount"], limit: int, target: int) -> tuple[int, bool] | None:
    """A section start before ``lo`` in ``lo``'s paragraph from which a cut again gives what the
    whole cut gives, and whether it lies inside a sentence cut at spaces; None when the few sections
    before the edit hold none.

    The start must lie past what the heading's rules reshape, and open a sentence (or the
    paragraph) that ends before the edit in a paragraph over the target (so cut into sentences), or
    be a word, ending before the edit, of a sentence that is over the limit after the edit too (so
    cut word by word, as before it).
    """
    last = bisect_left(old_starts, lo - 2 - start) - 1  # a sentence's end is read 2 characters on
    for i in range(last, max(0, last - 4), -1):
        r, before = start + old_starts[i], start + old_starts[max(0, i - 3)]
        blank = None
        for blank in _BLANK_LINE_RE.finditer(text, before, lo):
            pass
        if blank is not None:
            if blank.end() > r:
                return None  # ``r`` lies in another paragraph
            before = blank.end()  # where the paragraph opens
        if head_end is not None and _NON_SPACE_RE.search(text, head_end, before) is None:
            return None  # the heading's rules reshape the body's first sentence
        # Whether a section opens at ``r`` rests on its sentence, or its word in a sentence cut at
        # spaces: the edit must leave that alone.
        if r == before and blank is not None or _opens_sentence(text, r, before):
            if _ends_sentence(text, r, lo - 2) and count_for(before, lo)(before, lo) > target:
                return r, False
            continue
        if _WORD_RE.match(text, r).end() >= lo:
            continue
        # Inside a sentence, cut at spaces before the edit: so it must be after it (the text after
        # ``r`` is the edited one), read from the last sentence end before ``r`` (or ``before``).
        opening = max((m.end() for end in _SENTENCE_BY_MARK for m in end.finditer(text, before, r + 2)
                       if m.end() <= r), default=before)
        if _runs_past_limit(text, opening, r, count_for, limit):
            return r, True
    return None


_BREAK_OPENER_RE = re.compile(r"[.!?;\r\n]")
# What a sentence's end or a blank line starting at each of those characters is.
_SENTENCE_BY_OPENER = dict(zip(".!?;", _SENTENCE_BY_MARK)) | {"\r": _BLANK_LINE_RE, "\n": _BLANK_LINE_RE}


def _runs_past_limit(text: str, opening: int, at: int, count_for: Callable[[int, int], "RawCount"], limit: int) -> bool:
    """Whether the sentence opening at ``opening`` and going on past ``at`` counts over ``limit``:
    no sentence end or blank line starts from ``at`` until the span from ``opening`` does."""
    reach = min(len(text), at + 16 * limit)  # far more characters than the limit's tokens need
    count = count_for(opening, reach)
    for found in _BREAK_OPENER_RE.finditer(text, at, reach):
        c = found.start()
        if count(opening, c) > limit:
            return True
        if _SENTENCE_BY_OPENER[text[c]].match(text, c) is not None:
            return False
    return count(opening, reach) > limit


def _within_sentence(text: str, lo: int, at: int) -> bool:
    """Whether the word at ``at`` follows a word of its own sentence that lies at ``lo`` or later (a
    letter or digit, not a mark, ends the word before it)."""
    w = _spaces_before(text, lo, at)
    return lo < w < at and text[w - 1].isalnum()


def _ends_sentence(text: str, lo: int, hi: int) -> bool:
    """Whether a sentence's end lies within ``text[lo:hi]`` (read up to 2 characters on)."""
    return any((m := end.search(text, lo, min(len(text), hi + 2))) is not None and m.end() <= hi
               for end in _SENTENCE_BY_MARK)


def _opens_sentence(text: str, at: int, floor: int) -> bool:
    """Whether a sentence's end that starts at ``floor`` or later comes right before ``at``."""
    w = _spaces_before(text, floor, at)
    if w == at or w <= floor:
        return False
    # An end is a mark, closing quotes and spaces: read back a few characters past the spaces.
    return any(m.end() == at for mark in _SENTENCE_BY_MARK
               for m in mark.finditer(text, max(floor, w - 32), min(len(text), at + 2)))


def _fresh_start(text: str, start: int, head_end: int | None, old_starts: Sequence[int], lo: int,
                 ) -> tuple[int, int | None]:
    """Where to cut a part again from, for an edit at ``lo``: the last section start before the
    paragraph holding ``lo`` that opens a paragraph after the heading's body's first (whose units
    the heading's rules reshape), and None; else the part's start, and ``head_end``."""
    floor = start
    if head_end is not None:
        body = _NON_SPACE_RE.search(text, head_end, lo)
        first_break = None if body is None else _BLANK_LINE_RE.search(text, body.start(), lo)
        if first_break is None:
            return start, head_end
        floor = first_break.end()
    holding = _paragraph_start(text, floor, lo)
    if holding is not None:
        i = bisect_left(old_starts, holding - start) - 1
        while i >= 1 and start + old_starts[i] >= floor:
            if _opens_paragraph(text, start, start + old_starts[i]):
                return start + old_starts[i], None
            i -= 1
    return start, head_end


def _paragraph_start(text: str, start: int, at: int) -> int | None:
    """Where the paragraph holding ``at`` starts, if a blank line within ``text[start:at]`` ends
    before ``at``; None when none does."""
    window = 4096
    while True:
        lo = max(start, at - window)
        last = None
        for m in _BLANK_LINE_RE.finditer(text, lo, at):
            if m.end() < at:
                last = m.end()
        if last is not None or lo == start:
            return last
        window *= 2


def _opens_paragraph(text: str, start: int, at: int) -> bool:
    """Whether the non-space at ``at`` opens a paragraph of the part starting at ``start``: a blank
    line lies in the whitespace before it."""
    w = _spaces_before(text, start, at)
    return w < at and _BLANK_LINE_RE.search(text, w, at) is not None


def _spaces_before(text: str, floor: int, at: int) -> int:
    """Where the whitespace that ends at ``at`` starts (``floor`` at the earliest)."""
    w = at
    while w > floor and text[w - 1].isspace():
        w -= 1
    return w


def _words_at_heading(text: str, units: list[tuple[int, int, int]], runs: set[int], size: RawCount,
                      head_end: int) -> list[tuple[int, int, int]]:
    """``units`` with the sentences cut at spaces that hold the heading's end or the body's first
    word given as words up to that word, so that the heading rules read words as they would
    without ``runs``; the rest of each such sentence stays in ``runs``."""
    for reaches in (lambda u: u[1] > head_end, lambda u: u[0] >= head_end):  # what the rules read
        j = next((j for j, u in enumerate(units) if reaches(u)), None)
        if j is None or units[j][0] not in runs:
            continue
        us, ue, _ = units[j]
        runs.discard(us)
        cut = next((m.end() for m in _WORD_RE.finditer(text, us, ue) if m.start() >= head_end), ue)
        head = _word_units(text, us, cut, size)
        rest = _NON_SPACE_RE.search(text, cut, ue)
        if rest is not None:
            runs.add(rest.start())
            head.append((rest.start(), ue, size(rest.start(), ue)))
        units = units[:j] + head + units[j + 1 :]
    return units


def _cut_at_heading(text: str, units: list[tuple[int, int, int]], size: Measure, limit: int,
                    head_end: int) -> list[tuple[int, int, int]]:
    """Units where the heading ends one and its body's first word can join it: a sentence that runs
    from the heading into the body ("IV. REMEDIES The ...") is cut at the heading's end, and the
    body's first unit is cut into words when the heading and all of it would not fit."""
    j = next((j for j, (_, ue, _) in enumerate(units) if ue > head_end), None)
    if j is None:
        return units
    us, ue, n = units[j]
    out = units[:j]
    if us < head_end:
        body = _NON_SPACE_RE.search(text, head_end, ue)
        if body is None or body.start() == head_end:
            return units  # the heading does not end between words here
        out.append((us, head_end, size(us, head_end)))
        us, n = body.start(), size(body.start(), ue)
    if _joined_size([*out, (us, ue, n)], size) > limit:
        return out + _word_units(text, us, ue, size) + units[j + 1 :]
    return out + [(us, ue, n)] + units[j + 1 :]


def _joined_size(units: list[tuple[int, int, int]], size: Measure) -> int:
    """The size of the span from the first of ``units`` to the last: raw counts add up over pieces
    with whitespace between them; any other size is measured again over the joined span."""
    return sum(u[2] for u in units) if isinstance(size, RawCount) else size(units[0][0], units[-1][1])


def _word_units(text: str, start: int, end: int, size: Measure) -> list[tuple[int, int, int]]:
    """(start, end, size) of each word of ``text[start:end]``."""
    spans = [m.span() for m in _WORD_RE.finditer(text, start, end)]
    sizes = size.word_counts(start, end) if isinstance(size, RawCount) else [size(s, e) for s, e in spans]
    return [(s, e, n) for (s, e), n in zip(spans, sizes)]


def _pack(units: list[tuple[int, int]], fits_target: Callable[[int, int], bool],
          fits: Callable[[int, int], bool], head_end: int | None) -> list[tuple[int, int]]:
    """Units (in order, whitespace between them) packed greedily while ``fits_target`` holds."""
    size, limit, target = _measure(fits, fits_target)
    sized = [(s, e, size(s, e)) for s, e in units]
    return [(s, e) for s, e, _ in _pack_sized(sized, size, limit, target, head_end)]


def _pack_sized(units: list[tuple[int, int, int]], size: Measure, limit: int, target: int,
                head_end: int | None, runs: set[int] | None = None) -> list[tuple[int, int, int]]:
    # Raw counts add up over pieces with whitespace between them; any other size is measured
    # again over the joined span.
    additive = isinstance(size, RawCount)
    out: list[tuple[int, int, int]] = []
    cur_s = cur_e = cur_n = -1  # no section open yet
    first = 0
    if head_end is not None:
        # A heading alone says little and matches little: it stays with the start of its body
        # (the heading may be several units: "1." and "Payment." are two sentences to the splitter).
        body = next((j for j, (us, _, _) in enumerate(units) if us >= head_end), len(units))
        if 0 < body < len(units):
            n = _joined_size(units[: body + 1], size)
            if n <= limit:
                cur_s, cur_e, cur_n = units[0][0], units[body][1], n
                first = body + 1
    for us, ue, un in units[first:]:
        if cur_s >= 0:
            n = cur_n + un if additive else size(cur_s, ue)
            if n <= target:
                cur_e, cur_n = ue, n
                continue
        if runs and us in runs:
            assert isinstance(size, RawCount)
            cur_s, cur_e, cur_n = _pack_words(size, us, ue, (cur_s, cur_e, cur_n), target, out)
            continue
        if cur_s >= 0:
            out.append((cur_s, cur_e, cur_n))
        cur_s, cur_e, cur_n = us, ue, un
    out.append((cur_s, cur_e, cur_n))
    return out


def _pack_words(size: RawCount, start: int, end: int, open_section: tuple[int, int, int], target: int,
                out: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    """Pack the words of ``text[start:end]`` (a stripped span) as :func:`_pack_sized` packs word
    units, into ``open_section`` (start -1: none) and sections appended to ``out``; returns the
    section left open. Each section's last word is found by a search over counts, not per word."""
    cur_s, cur_e, cur_n = open_section
    classes, shift = size.classes, size.shift
    pos = start
    while pos < end:
        if cur_s >= 0:
            fit = _last_word_end(size, pos, end, target - cur_n)
            if fit > pos:
                cur_e, cur_n = fit, cur_n + size(pos, fit)
                pos = _next_word(classes, shift, fit, end)
                continue
            out.append((cur_s, cur_e, cur_n))
        # The word that did not fit opens the next section, however long it is.
        word_end = classes.find(b" ", pos - shift, end - shift)
        word_end = end if word_end < 0 else word_end + shift
        cur_s, cur_e, cur_n = pos, word_end, size(pos, word_end)
        pos = _next_word(classes, shift, word_end, end)
    return cur_s, cur_e, cur_n


_NON_SPACE_CLASS = re.compile(rb"[^ ]")


def _next_word(classes: bytes, shift: int, pos: int, end: int) -> int:
    """Where the next word at or after ``pos`` starts (``end`` when none)."""
    m = _NON_SPACE_CLASS.search(classes, pos - shift, end - shift)
    return end if m is None else m.start() + shift


def _last_word_end(size: RawCount, start: int, end: int, budget: int) -> int:
    """The end of the longest run of whole words from ``start`` (a word's start) within ``end``
    whose count is at most ``budget``; ``start`` when not even the first word fits."""
    if budget <= 0:
        return start  # every word counts at least one
    # Counts only grow with the span: find the longest span within budget, galloping then halving
    # (size(start, lo) <= budget < size(start, hi)), and go back to the last whole word in it. No
    # span is counted much past the answer: the sentence may run on for megabytes.
    lo, step = start, 64
    while True:
        hi = lo + step
        if hi >= end:
            if size(start, end) <= budget:
                return end
            hi = end
            break
        if size(start, hi) > budget:
            break
        lo, step = hi, 2 * step
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if size(start, mid) <= budget:
            lo = mid
        else:
            hi = mid
    classes, shift = size.classes, size.shift
    at = lo - shift
    if classes[at] != 32:  # lo cuts a word (or opens one): that word does not fit whole
        at = classes.rfind(b" ", start - shift, at)
        if at < 0:
            return start
    return start + len(classes[start - shift : at].rstrip(b" "))


class RawCount:
    """The default estimate's raw count (words and punctuation marks) of a span of the text.

    ``classes`` is :func:`token_classes` of the text from offset ``shift`` on.
    """

    __slots__ = ("classes", "shift")

    def __init__(self, classes: bytes, shift: int = 0) -> None:
        self.classes = classes
        self.shift = shift

    def __call__(self, s: int, e: int) -> int:
        return class_raw_count(self.classes, s - self.shift, e - self.shift)

    def word_counts(self, s: int, e: int) -> list[int]:
        """The count of each word (run of non-spaces) of the span, in order."""
        # A word has no spaces: its tokens are its marks and its runs of word characters.
        return [w.count(b"p") + w.count(b"pw") + (w[0] == 119)
                for w in self.classes[s - self.shift : e - self.shift].split()]


class RawFits:
    """``fits`` for the default estimate: a span fits when its raw count is within ``max_raw``."""

    __slots__ = ("count", "max_raw")

    def __init__(self, count: RawCount, max_raw: int) -> None:
        self.count = count
        self.max_raw = max_raw

    def __call__(self, s: int, e: int) -> bool:
        # Every token needs a character: a short span fits without counting.
        return e - s <= self.max_raw or self.count(s, e) <= self.max_raw


def raw_fits(classes: bytes, max_raw: int) -> Callable[[int, int], bool]:
    """``fits`` for the default estimate: a span fits when its raw count is within ``max_raw``."""
    return RawFits(RawCount(classes), max_raw)


def _measure(fits: Callable[[int, int], bool], fits_target: Callable[[int, int], bool]) -> tuple[Measure, int, int]:
    """A size and its two limits that say what ``fits`` and ``fits_target`` say."""
    if (
        isinstance(fits, RawFits) and isinstance(fits_target, RawFits)
        and fits.count.classes is fits_target.count.classes and fits.count.shift == fits_target.count.shift
    ):
        return fits.count, fits.max_raw, fits_target.max_raw
    # Any other pair of tests: 0 within the target, 1 within the budget only, 2 beyond.
    return (lambda s, e: 0 if fits_target(s, e) else 1 if fits(s, e) else 2), 1, 0
