"""The k most relevant sections without scoring every section: block-max bounds summed for all
blocks at once in packed integers.

A section's relevance (weighted BM25 plus a share of its neighbours', :mod:`longdoc.ranking`) is,
term by term, the term's weight times its *context impact* in the section: the term's BM25 in the
section plus the share of its BM25 in each neighbour. Per term we keep, for every block of
``BLOCK`` consecutive sections, the block's highest context impact rounded up to one of 255 steps,
all blocks packed as fields of one integer. A query multiplies each term's integer by an integer
weight and adds them: one arbitrary-precision sum bounds every block's relevance. Blocks are then
scored exactly, highest bounds first, until the k-th best relevance found beats every bound left;
sections are scored exactly as the full ranking scores them, so the result is bit-equal to its head.

The maxima hold for one generation of the index (an edit changes every BM25 score a little) and are
made the second time a generation is asked for a term. The first time, :class:`PrunedQuery` sums
the terms found in the fewest sections first and scores sections exactly only where the other
terms could still lift them into the top k. :func:`every_relevance` scores every section.
"""

from __future__ import annotations

import heapq
import math
from itertools import accumulate
from functools import cached_property
from typing import Callable, Hashable, Iterable, Iterator, NamedTuple, Protocol, Sequence

from .bm25 import Postings
from .ranking import in_context

__all__ = ["BLOCK", "TERMS_KEPT", "BlockImpacts", "every_relevance", "PrunedQuery", "RankedQuery", "SectionKeys", "TermBlocks"]

BLOCK = 4  # sections per block
_STEPS = 255  # a block's impact is stored as a multiple of 1/255 of the term's highest
_FIELD = 24  # bits per block in a packed sum: three bytes
_HIGH_BIT = 1 << (_FIELD - 1)
# Integer weights are scaled so that every field's sum stays below a quarter of the field (plus
# rounding), well under the bit that marks a block over the threshold.
_SCALE = 1 << (_FIELD - 2)
# Bounds come out of floating-point products: a relative margin far above their rounding error
# keeps them true upper bounds.
_MARGIN = 1.0 + 1e-9
# Terms whose block maxima are kept per version of the index, the least recently used dropped
# first: about 28 KB each for a 10 MB contract (27,000 sections).
TERMS_KEPT = 512


class SectionKeys(Protocol):
    """The index keys of a document's sections under one version, and their positions."""

    def __len__(self) -> int: ...
    def keys(self) -> Sequence[Hashable]: ...
    def key_at(self, i: int) -> Hashable: ...
    def positions(self, keys: Iterable[Hashable]) -> list[int]: ...


class TermBlocks(NamedTuple):
    """One term's block maxima, as multiples of ``step``: byte b of ``levels`` (0: the term is in
    no section around block b), and the same levels as the fields of ``packed``."""

    step: float
    levels: bytes
    packed: int


class BlockImpacts:
    """Per term, the block maxima of its context impacts under one generation of the index, made
    the second time the term is asked for. ``sections`` maps the index keys of the document's
    sections to positions and back (it must not hold the document: the index, which keeps this, is
    the document's, and a cycle would keep an edited-away version alive)."""

    def __init__(self, index: Postings, sections: SectionKeys, share: float) -> None:
        self.index = index
        self.share = share
        self.sections = sections
        self._terms: dict[str, TermBlocks] = {}
        self._asked: set[str] = set()

    @cached_property
    def keys(self) -> Sequence[Hashable]:
        return self.sections.keys()

    @cached_property
    def blocks(self) -> int:
        return -(-len(self.keys) // BLOCK)

    @cached_property
    def ones(self) -> int:
        """1 in every block's field."""
        return int.from_bytes(b"\x01\x00\x00" * self.blocks, "little")

    def ready(self, terms: Iterable[str]) -> bool:
        """Whether every one of these terms that the index holds has been asked for before in this
        generation (marking them asked): making a term's block maxima costs about twice what
        ranking every section for it does, so a term asked for once is not worth it."""
        postings = self.index.postings
        fresh = [t for t in terms if t in postings and t not in self._terms and t not in self._asked]
        self._asked.update(fresh)
        return not fresh

    def term(self, term: str) -> TermBlocks:
        """The block maxima of a term that the index holds."""
        terms = self._terms
        found = terms.pop(term, None)  # re-inserted below: the dict's order is the order of use
        if found is None:
            found = self._build(term)
            if len(terms) >= TERMS_KEPT:
                del terms[next(iter(terms))]
        terms[term] = found
        return found

    def _build(self, term: str) -> TermBlocks:
        scores = self.index.score_weighted(((term, 1.0),))
        own = dict(zip(self.sections.positions(scores), scores.values()))
        highest: dict[int, float] = {}
        for i, v in in_context(own, len(self.keys), self.share).items():
            b = i // BLOCK
            if v > highest.get(b, 0.0):
                highest[b] = v
        # A step a hair above 1/255 of the maximum keeps every rounded-up level within 255.
        step = max(highest.values()) * _MARGIN / _STEPS
        levels = bytearray(self.blocks)
        for b, v in highest.items():
            levels[b] = math.ceil(v / step)
        fields = bytearray(3 * self.blocks)
        fields[::3] = levels
        return TermBlocks(step, bytes(levels), int.from_bytes(fields, "little"))


class _Query:
    """A weighted query's exact relevance of any section, bit-equal to the full ranking's
    ``in_context(score_weighted(...))``, and the best-k heap both ways of ranking fill."""

    def __init__(self, index: Postings, weighted_terms: Sequence[tuple[str, float]], key_at: Callable[[int], Hashable], n: int,
                 share: float) -> None:
        self._score = index.scorer(weighted_terms)
        self._key_at = key_at
        self._share = share
        self._spread = 1.0 + 2.0 * share  # a context's most, as a multiple of the best own score in it
        # Own (unshared) scores by section; the ends are padded with 0.0, as in_context pads them.
        self._own: dict[int, float] = {-1: 0.0, n: 0.0}

    def relevance(self, i: int) -> float:
        """Section ``i``'s relevance, as the full ranking computes it."""
        own = self._own
        for j in (i - 1, i, i + 1):
            if j not in own:
                own[j] = self._score(self._key_at(j))
        return own[i] + self._share * (own[i - 1] + own[i + 1])


def _offer(best: list[tuple[float, int]], k: int, relevance: float, i: int) -> None:
    """Keep (relevance, -position) in ``best``, a heap of the ``k`` best so far, the worst on top."""
    entry = (relevance, -i)
    if len(best) < k:
        heapq.heappush(best, entry)
    elif entry > best[0]:
        heapq.heapreplace(best, entry)


def _best_first(best: list[tuple[float, int]]) -> list[tuple[int, float]]:
    return sorted(((-neg_i, r) for r, neg_i in best), key=lambda e: (-e[1], e[0]))


class RankedQuery(_Query):
    """One weighted query over a document's sections: the exact relevance of any section (bit-equal
    to ``in_context(score_weighted(...))``) and the top k, scoring only blocks that can reach it."""

    def __init__(self, impacts: BlockImpacts, weighted_terms: Sequence[tuple[str, float]]) -> None:
        keys = impacts.keys
        super().__init__(impacts.index, weighted_terms, keys.__getitem__, len(keys), impacts.share)
        self._blocks = [impacts.term(t) for t in self._score.terms]
        self._levels = [tb.levels for tb in self._blocks]
        self._impacts = impacts
        self._keys = keys

    def top(self, k: int) -> list[tuple[int, float]]:
        """The ``k`` most relevant sections as (position, relevance), best first, ties to the
        earlier section; every section with a query term in its context when fewer."""
        bounds = _BlockBounds(self._impacts, list(zip(self._score.weights, self._blocks)))
        best: list[tuple[float, int]] = []
        for bound, b in bounds.descending():
            if len(best) == k and best[0][0] > bound:
                break  # every block left is bounded below the k-th best
            for r, i in self._block(b):
                _offer(best, k, r, i)
        return _best_first(best)

    def _block(self, b: int) -> list[tuple[float, int]]:
        """(relevance, position) of the block's sections that have a query term around."""
        keys, own, score = self._keys, self._own, self._score
        # Only the terms in some section of the block or next to it can add to these scores.
        lists = [pair for pair, levels in zip(score.lists, self._levels) if levels[b]]
        lo = b * BLOCK
        hi = min(len(keys), lo + BLOCK)
        todo = [j for j in range(lo - 1, hi + 1) if j not in own]
        own.update(zip(todo, score.many([keys[j] for j in todo], lists)))
        share = self._share
        out = []
        for i in range(lo, hi):
            r = own[i] + share * (own[i - 1] + own[i + 1])
            if r > 0.0:  # a section with no query term around is not ranked at all
                out.append((r, i))
        return out


class PrunedQuery(_Query):
    """One weighted query ranked without block maxima (a version asked for its terms the first
    time): exact top k, scoring every section only for the terms that no other way avoids.

    Terms are summed into partial scores from the one in the fewest sections up. Once the partial
    k-th best, less all that the terms not summed yet could add to a section, leaves few sections
    that may still reach it, those are scored exactly and the rest of the postings is never read.
    """

    # Sections scored exactly at most; more means summing more terms first.
    CANDIDATES = 64

    def __init__(self, index: Postings, weighted_terms: Sequence[tuple[str, float]], sections: SectionKeys,
                 share: float) -> None:
        super().__init__(index, weighted_terms, sections.key_at, len(sections), share)
        self._sections = sections

    def top(self, k: int) -> list[tuple[int, float]]:
        """The ``k`` most relevant sections as (position, relevance), best first, ties to the
        earlier section; every section with a query term in its context when fewer."""
        score = self._score
        # A term adds less than its weighted IDF to a section's own score: tf / (tf + norm) < 1.
        reach = [idf * self._spread * _MARGIN for _, idf in score.lists]
        order = sorted(range(len(score.lists)), key=lambda t: len(score.lists[t][0]))
        # What the terms after the first d could still add: rests[d] (each term's reach has a margin
        # far above the rounding of these sums).
        rests = list(accumulate((reach[t] for t in reversed(order)), initial=0.0))[::-1]
        # Partial own scores by index key: placing every posting by position would cost more than
        # placing the few sections that settle the top k.
        partial: dict[Hashable, float] = {}
        summed = 0
        for done, t in enumerate(order, start=1):
            score.add_into(partial, (score.lists[t],))
            summed += len(score.lists[t][0])
            last = done == len(order)
            rest = rests[done]
            # Settling costs passes over the partial scores: worth trying only before a term of
            # many postings, once the k-th best partial score could exceed the rest.
            if not last and (2 * len(score.lists[order[done]][0]) < summed or rests[0] - rest <= rest):
                continue
            candidates = self._candidates(partial, k, rest, last)
            if candidates is not None:
                best: list[tuple[float, int]] = []
                for i in candidates:
                    r = self.relevance(i)
                    if r > 0.0:
                        _offer(best, k, r, i)
                return _best_first(best)
        return []  # no query term occurs

    def _candidates(self, partial: dict[Hashable, float], k: int, rest: float, last: bool) -> list[int] | None:
        """The sections that may still be among the best k when the terms not summed yet could
        add up to ``rest`` to any section; None when too many or too few are known yet."""
        if len(partial) < k:
            return self._around(partial, 0.0) if last else None
        # The k-th best partial context is at least the k-th best own partial score; it is read
        # among the sections around those that come near it (a context is at most ``_spread``
        # times the best own score around it).
        floor = heapq.nlargest(k, partial.values())[-1]
        kth = heapq.nlargest(k, self._context(partial, floor / self._spread).values())[-1]
        # The partial sums, made in another order than the exact scores, may differ from them in
        # the last bits: the margin keeps every section that could reach the k-th best, or tie it.
        cutoff = kth * (1.0 - 1e-9) - rest
        if cutoff <= 0.0:
            return self._around(partial, 0.0) if last else None
        candidates = self._around(partial, cutoff)
        if len(candidates) > self.CANDIDATES and not last:
            return None
        return candidates

    def _context(self, partial: dict[Hashable, float], least: float) -> dict[int, float]:
        """Partial context, by position, of the sections next to or at an own partial score of
        ``least`` or more."""
        sections, share, n = self._sections, self._share, len(self._sections)
        near = set()
        for p in sections.positions([key for key, v in partial.items() if v >= least]):
            near.update((p - 1, p, p + 1))
        near.discard(-1)
        near.discard(n)
        around = {j for i in near for j in (i - 1, i, i + 1) if 0 <= j < n}
        own = {j: partial.get(sections.key_at(j), 0.0) for j in around}
        own[-1] = own[n] = 0.0
        return {i: own[i] + share * (own[i - 1] + own[i + 1]) for i in near}

    def _around(self, partial: dict[Hashable, float], cutoff: float) -> list[int]:
        """Sections whose partial context reaches ``cutoff`` (every one with a partial score around
        at 0)."""
        context = self._context(partial, cutoff / self._spread)
        return [i for i, v in context.items() if v >= cutoff and v > 0.0]


def every_relevance(index: Postings, weighted_terms: Sequence[tuple[str, float]], sections: SectionKeys,
                    share: float) -> list[float]:
    """Every section's relevance in order (0.0: no query term around), bit-equal to what
    :class:`RankedQuery` and :class:`PrunedQuery` compute; for rankings that read them all."""
    get = index.scorer(weighted_terms).index_scores().get
    # Reading every section's score by its key costs less than placing each posting by position.
    own = [0.0, *[get(key, 0.0) for key in sections.keys()], 0.0]  # padded at each end
    return [b + share * (a + c) for a, b, c in zip(own, own[1:], own[2:])]


class _BlockBounds:
    """Every block's relevance bound for one weighted query, as one packed sum."""

    def __init__(self, impacts: BlockImpacts, weighted: Sequence[tuple[float, TermBlocks]]) -> None:
        ceiling = sum(w * tb.step for w, tb in weighted) * _STEPS * _MARGIN  # no relevance above
        self._unit = ceiling / _SCALE if weighted else 1.0  # relevance per unit of a field
        # Integer weights rounded up: a field's sum times the unit bounds the block's relevance.
        factors = [math.ceil(w * tb.step / self._unit) for w, tb in weighted]
        # Only a query of thousands of terms could overflow a field: then every block is a candidate.
        self._overflows = sum(factors) * _STEPS >= _HIGH_BIT
        self._total = sum(f * tb.packed for f, (_, tb) in zip(factors, weighted))
        self._ones = impacts.ones
        self._blocks = impacts.blocks

    def descending(self) -> Iterator[tuple[float, int]]:
        """(bound, block) of every block with a query term in or next to it, highest bound first."""
        if self._overflows:
            yield from ((math.inf, b) for b in range(self._blocks))
            return
        data = self._total.to_bytes(3 * self._blocks, "little")
        # Fields stay below the high bit of their top byte: the top bytes sort the blocks into
        # 127 bands of 65,536 units, read best band first, each band's blocks by exact bound.
        top_bytes = data[2::3]
        for band in range(0x7F, 0, -1):
            at = top_bytes.find(band)
            if at < 0:
                continue
            in_band = []
            while at >= 0:
                in_band.append(at)
                at = top_bytes.find(band, at + 1)
            yield from self._exact(data, in_band)
        yield from self._exact(data, self._lowest_band())

    def _exact(self, data: bytes, blocks: list[int]) -> Iterator[tuple[float, int]]:
        scale = self._unit * _MARGIN
        fields = sorted(((int.from_bytes(data[3 * b : 3 * b + 3], "little"), b) for b in blocks), reverse=True)
        return ((field * scale, b) for field, b in fields)

    def _lowest_band(self) -> list[int]:
        """The blocks of a field from 1 to 65,535: a query term around, bound in the lowest band."""
        # Adding (high bit - threshold) to every field sets its high bit exactly when the field
        # reaches the threshold; fields stay below the high bit, so nothing carries across.
        biased = self._total + self._ones * _HIGH_BIT
        high = self._ones << (_FIELD - 1)
        marked = (biased - self._ones) & high & ~((biased - self._ones * 0x10000) & high)
        data = marked.to_bytes(3 * self._blocks, "little")
        out = []
        at = data.find(0x80)
        while at >= 0:
            out.append(at // 3)
            at = data.find(0x80, at + 1)
        return out
