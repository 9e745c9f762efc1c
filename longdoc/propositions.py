"""Proposition windows: short runs of consecutive sentences, small enough to judge one claim at a
time (entailment checks, evidence scoring), sampled evenly across a text.

Pure functions; the only state is the logger used to report a token-count fallback.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass
from typing import Callable

__all__ = [
    "ABBREVIATIONS",
    "FALLBACK_CHARS_PER_TOKEN",
    "MEASUREMENT_UNITS",
    "SENTENCE_SPLIT_REGEX",
    "TokenCounter",
    "split_sentences",
    "split_proposition_windows",
]

log = logging.getLogger(__name__)

SENTENCE_SPLIT_REGEX = r"(?:\n\s*\n+)|(?<=[.!?])\s+(?=[A-Z][a-z])"
FALLBACK_CHARS_PER_TOKEN = 3.5

TokenCounter = Callable[[list[str]], list[int] | None]

# Lower-cased tokens after which a period does not end a sentence: titles, corporate suffixes,
# legal and scholarly abbreviations. Journal names ("J. Phys. Chem. Lett.") need no entry: a run
# of initials and short capitalised abbreviations is recognised by its shape.
ABBREVIATIONS = frozenset(
    """
    mr. mrs. ms. dr. prof. sr. jr. st. mt. rev. hon. gen. col. capt. lt. sgt.
    inc. corp. co. ltd. llc. l.l.c. plc. bros. assn. dept. univ. intl.
    no. nos. vol. vols. p. pp. para. paras. art. arts. sec. secs. ch. cl. sch. fig. figs. eq. eqs.
    ref. refs. ed. eds. op. cit. ibid. id. cf. al. e.g. i.e. etc. viz. vs. v. approx. ca. est.
    jan. feb. mar. apr. jun. jul. aug. sep. sept. oct. nov. dec.
    u.s. u.k. u.s.c. c.f.r. f. supp. cal. del. n.y. tex.
    """.split()
)

# Units that must stay with the number before them ("~10 meV", "5-10 mm", "30 days").
MEASUREMENT_UNITS = frozenset(
    """
    nm um µm μm mm cm m km in ft yd mi mg g kg t lb lbs oz µg μg ug ml mL l L µl μl ul
    s ms µs μs ns min h hr hrs d K °C °F ° eV meV keV MeV GeV TeV Hz kHz MHz GHz THz
    W kW MW GW mW V mV kV A mA µA Pa kPa MPa GPa bar mbar atm mol mmol M mM µM μM nM pM
    % ‰ ppm ppb dB J kJ MJ cal kcal Wh kWh MWh B KB kB MB GB TB bps Mbps Gbps
    second seconds minute minutes hour hours day days week weeks month months year years
    percent USD EUR GBP dollars
    """.split()
)

_SPLIT_RE = re.compile(SENTENCE_SPLIT_REGEX)
_PARAGRAPH_RE = re.compile(r"\n\s*\n")
_INITIAL_RE = re.compile(r"^(?:[A-Z]\.)+$")
_CITATION_TOKEN_RE = re.compile(r"^[A-Z][a-z]{0,6}\.$")
_NUMBER_RE = re.compile(r"^[~≈<>≤≥±+\-−]?\(?\d+(?:[.,]\d+)*(?:[-–—]\d+(?:[.,]\d+)*)?$")
_RANGE_JOINERS = frozenset({"-", "–", "—", "to", "and"})


def _first_token(text: str) -> str:
    parts = text.split(None, 1)
    return parts[0] if parts else ""


def _last_token(text: str) -> str:
    parts = text.rsplit(None, 1)
    return parts[-1] if parts else ""


def _continues_abbreviation(fragment: str, following: str) -> bool:
    last = _last_token(fragment)
    if last.lower() in ABBREVIATIONS or _INITIAL_RE.match(last):
        return True
    # A citation run: two short capitalised abbreviations in a row ("Phys. Chem.").
    return bool(_CITATION_TOKEN_RE.match(last) and _CITATION_TOKEN_RE.match(_first_token(following)))


def split_sentences(text: str, abbreviation_aware: bool = False) -> list[str]:
    """Sentences of ``text`` cut by ``SENTENCE_SPLIT_REGEX``, stripped, blank ones dropped.

    ``abbreviation_aware`` re-joins cuts made after an abbreviation, an initial or inside a
    citation run; a blank line always separates.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    fragments: list[str] = []
    glue_next = False
    pos = 0
    for m in _SPLIT_RE.finditer(text):
        fragment = text[pos : m.start()]
        pos = m.end()
        if glue_next and fragments:
            fragments[-1] += " " + fragment.strip()
        else:
            fragments.append(fragment.strip())
        glue_next = (
            abbreviation_aware
            and not _PARAGRAPH_RE.search(m.group())
            and _continues_abbreviation(fragments[-1], text[pos : pos + 40])
        )
    tail = text[pos:].strip()
    if glue_next and fragments:
        fragments[-1] += " " + tail
    else:
        fragments.append(tail)
    return [f for f in fragments if f]


def _is_number(token: str) -> bool:
    return bool(_NUMBER_RE.match(token.rstrip(".,;:)")))


def _word_groups(sentence: str, measurement_aware: bool) -> list[str]:
    """The sentence's whitespace-separated words; with ``measurement_aware``, a number stays
    grouped with its unit and a range ("5 - 10 mm", "5 to 10") stays whole."""
    words = sentence.split()
    if not measurement_aware:
        return words
    groups: list[list[str]] = []
    for i, word in enumerate(words):
        prev = words[i - 1] if i else ""
        joins = groups and (
            (_is_number(prev) and word.rstrip(".,;:)") in MEASUREMENT_UNITS)
            or (_is_number(prev) and word in _RANGE_JOINERS and i + 1 < len(words)
                and _is_number(words[i + 1]))
            or (prev in _RANGE_JOINERS and _is_number(word) and len(groups[-1]) > 1)
            or (prev.endswith(("-", "–")) and _is_number(prev[:-1]) and _is_number(word))
        )
        if joins:
            groups[-1].append(word)
        else:
            groups.append([word])
    return [" ".join(g) for g in groups]


@dataclass(frozen=True)
class _Budget:
    """Sizes of sentences (characters or tokens) and the limit a window's total must respect."""

    limit: int
    count: Callable[[list[str]], list[int]]


def _token_budget(
    max_tokens: int, token_counter: TokenCounter | None
) -> _Budget:
    fallback_logged = False

    def fallback(pieces: list[str]) -> list[int]:
        return [math.ceil(len(p) / FALLBACK_CHARS_PER_TOKEN) for p in pieces]

    def count(pieces: list[str]) -> list[int]:
        nonlocal fallback_logged
        counts = token_counter(pieces) if token_counter is not None else None
        if counts is None:
            if not fallback_logged:
                log.info(
                    "no token counts available; estimating %.1f characters per token",
                    FALLBACK_CHARS_PER_TOKEN,
                )
                fallback_logged = True
            return fallback(pieces)
        counts = list(counts)
        if len(counts) != len(pieces):
            raise ValueError(
                f"token_counter returned {len(counts)} counts for {len(pieces)} texts"
            )
        return counts

    return _Budget(max_tokens, count)


def _cut_to_budget(
    sentences: list[str], budget: _Budget, measurement_aware: bool
) -> tuple[list[str], list[int]]:
    """Sentences with every one over the limit cut at whitespace into pieces within it (a single
    word or measurement longer than the limit stays whole), and each piece's size."""
    sizes = budget.count(sentences)
    out: list[str] = []
    out_sizes: list[int] = []
    for sentence, size in zip(sentences, sizes):
        if size <= budget.limit:
            out.append(sentence)
            out_sizes.append(size)
            continue
        groups = _word_groups(sentence, measurement_aware)
        # Whole-word counts are close to additive, so pieces are packed on summed word counts.
        piece: list[str] = []
        piece_size = 0
        for group, group_size in zip(groups, budget.count(groups)):
            if piece and piece_size + group_size > budget.limit:
                out.append(" ".join(piece))
                out_sizes.append(piece_size)
                piece, piece_size = [], 0
            piece.append(group)
            piece_size += group_size
        if piece:
            out.append(" ".join(piece))
            out_sizes.append(piece_size)
    return out, out_sizes


def _budget_windows(
    sentences: list[str],
    sizes: list[int],
    limit: int,
    max_sentences: int | None,
    overlap: float,
) -> list[list[str]]:
    """Consecutive windows packed up to ``limit`` (and ``max_sentences``); with ``overlap``, each
    window begins with the previous one's trailing sentences worth at most that fraction of it."""
    windows: list[list[str]] = []
    start = 0
    n = len(sentences)
    while start < n:
        end = start + 1  # a sentence longer than the limit is still emitted, whole and alone
        total = sizes[start]
        while (
            end < n
            and total + sizes[end] <= limit
            and (max_sentences is None or end - start < max_sentences)
        ):
            total += sizes[end]
            end += 1
        windows.append(sentences[start:end])
        if end >= n:
            break
        nxt = end
        tail = 0
        while nxt - 1 > start and tail + sizes[nxt - 1] <= overlap * total:
            nxt -= 1
            tail += sizes[nxt]
        # The repeated tail must leave room for at least one new sentence.
        while nxt < end and tail + sizes[end] > limit:
            tail -= sizes[nxt]
            nxt += 1
        start = nxt
    return windows


def _sample_evenly(items: list[str], k: int) -> list[str]:
    if len(items) <= k:
        return items
    if k == 1:
        return items[:1]
    last = len(items) - 1
    return [items[round(i * last / (k - 1))] for i in range(k)]


def _check_positive(name: str, value: object, optional: bool = True) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")


def split_proposition_windows(
    text: str,
    max_sentences: int = 2,
    max_windows: int = 16,
    stride: int | None = None,
    max_chars: int | None = None,
    max_tokens: int | None = None,
    token_counter: TokenCounter | None = None,
    abbreviation_aware: bool = False,
    measurement_aware: bool = False,
    overlap: float = 0.0,
) -> list[str]:
    """Windows of consecutive sentences (each joined by one space), in document order, without
    duplicates, at most ``max_windows`` of them sampled evenly (first and last kept).

    Windows hold ``max_sentences`` sentences, starting every ``stride`` sentences; with
    ``max_chars`` they are packed up to that many characters (and ``max_sentences``); with
    ``max_tokens`` up to that many tokens by ``token_counter`` (the only bound; a longer sentence
    is cut at whitespace). ``overlap`` repeats that fraction of a window in the budget modes.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    _check_positive("max_sentences", max_sentences, optional=False)
    _check_positive("max_windows", max_windows, optional=False)
    _check_positive("stride", stride)
    _check_positive("max_chars", max_chars)
    _check_positive("max_tokens", max_tokens)
    if token_counter is not None and not callable(token_counter):
        raise TypeError("token_counter must be callable")
    if isinstance(overlap, bool) or not isinstance(overlap, (int, float)):
        raise TypeError(f"overlap must be a number, not {type(overlap).__name__}")
    if not 0.0 <= overlap < 1.0:
        raise ValueError(f"overlap must be in [0, 1), got {overlap}")

    sentences = split_sentences(text, abbreviation_aware)
    if not sentences:
        return []
    if max_tokens is not None:
        pieces, sizes = _cut_to_budget(
            sentences, _token_budget(max_tokens, token_counter), measurement_aware
        )
        windows = _budget_windows(pieces, sizes, max_tokens, None, overlap)
    elif max_chars is not None:
        # One character for the space that joins each sentence to the one before it.
        sizes = [len(s) + 1 for s in sentences]
        windows = _budget_windows(sentences, sizes, max_chars + 1, max_sentences, overlap)
    else:
        step = stride or max_sentences
        windows = []
        for start in range(0, len(sentences), step):
            windows.append(sentences[start : start + max_sentences])
            if start + max_sentences >= len(sentences):
                break
    unique = list(dict.fromkeys(" ".join(w) for w in windows))
    return _sample_evenly(unique, max_windows)
