"""The ranking of :mod:`longdoc.topk` over numpy arrays, used when numpy is installed (the ``fast``
extra): the same relevances, bit for bit, from a few vector operations per query term.

A section's own score sums its terms' BM25 in query order from 0.0, and its relevance adds a share
of its neighbours' (:func:`longdoc.ranking.in_context`). Here each term's postings, as arrays by
section position, are scattered into one array per query with the same additions in the same
order, so every relevance, the top k and its ties equal the pure-Python ranking's exactly.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from functools import cached_property, lru_cache
from types import ModuleType
from typing import Any, NamedTuple

from .bm25 import Postings

__all__ = ["AVAILABLE", "MIN_SECTIONS", "POSTINGS_KEPT", "DenseImpacts", "DenseQuery", "numpy", "ranks"]

# The core needs only the standard library; numpy, when installed, only makes queries faster. It is
# imported when first used, so that importing longdoc stays quick.
AVAILABLE = importlib.util.find_spec("numpy") is not None

# Below this many sections the pure ranking answers in well under a millisecond, and importing
# numpy (about 0.1 s, once per process) would cost a one-off question more than it saves.
MIN_SECTIONS = 2048

# Postings kept as arrays per version of the index, the least recently asked terms dropped first:
# 16 bytes each, about 4 MB at most (the 41 CUAD questions on a 10 MB contract ask for 220,000).
POSTINGS_KEPT = 1 << 18

# Times a top k lowers its bound before it partitions every relevance above 0.0 instead.
_LOWERINGS = 8


def numpy() -> ModuleType:
    """The numpy module (imported on first call; a server loads it at start, not on a question)."""
    module = _imported() if AVAILABLE else None
    if module is None:
        raise RuntimeError("numpy is not installed, or cannot be imported: pip install 'longdoc[fast]'")
    return module


def ranks(sections: int) -> bool:
    """Whether a document of this many sections is ranked over arrays: numpy can be imported and
    the document is long enough to gain from it."""
    return AVAILABLE and sections >= MIN_SECTIONS and _imported() is not None


@lru_cache(maxsize=1)
def _imported() -> ModuleType | None:
    try:
        return importlib.import_module("numpy")
    except Exception:  # installed but broken (a half-upgraded wheel): the pure ranking serves
        return None


class TermArrays(NamedTuple):
    """One term's postings by section position plus one (each once: the slot in relevances padded
    at each end), with each section's BM25 term saturation ``tf / (tf + k1 (1 - b) + k1 b len /
    avgdl)`` under one version of the index."""

    slots: Any
    saturation: Any


class DenseImpacts:
    """Per term, its postings as :class:`TermArrays` under one generation of the index, made when
    the term is first asked for. ``keys`` are the index keys of the sections, by position."""

    def __init__(self, index: Postings, keys: Sequence[int], share: float) -> None:
        self.np = numpy()
        self.index = index
        self.share = share
        self._keys = keys
        self._terms: dict[str, TermArrays] = {}
        self._kept = 0

    def __len__(self) -> int:
        return len(self._keys)

    @cached_property
    def _sorted_keys(self) -> tuple[Any, Any]:
        """The keys in ascending order and the section position of each."""
        np = self.np
        keys = np.array(self._keys, dtype=np.int64)
        order = np.argsort(keys, kind="stable")
        return keys[order], order

    def term(self, term: str, norm_a: float, norm_b: float) -> TermArrays:
        """The arrays of a term that the index holds (``norm_a``, ``norm_b``: this generation's)."""
        terms = self._terms
        found = terms.pop(term, None)  # re-inserted below: the dict's order is the order of use
        if found is None:
            found = self._build(self.index.plist(term), norm_a, norm_b)
            self._kept += len(found.slots)
            while terms and self._kept > POSTINGS_KEPT:
                self._kept -= len(terms.pop(next(iter(terms))).slots)
        terms[term] = found
        return found

    def _build(self, plist: dict[Any, int], norm_a: float, norm_b: float) -> TermArrays:
        np = self.np
        count = len(plist)
        sorted_keys, position_of = self._sorted_keys
        keys = np.fromiter(plist, dtype=np.int64, count=count)
        positions = position_of[np.searchsorted(sorted_keys, keys)]
        tf = np.fromiter(plist.values(), dtype=np.float64, count=count)
        lengths = np.fromiter(map(self.index.lengths.__getitem__, plist), dtype=np.float64, count=count)
        # As TermScorer evaluates it: tf / ((tf + norm_a) + norm_b * length).
        return TermArrays(positions + 1, tf / (tf + norm_a + norm_b * lengths))


class DenseQuery:
    """One weighted query's relevance of every section as one array, bit-equal to
    :func:`longdoc.topk.every_relevance`, and its top k."""

    def __init__(self, impacts: DenseImpacts, weighted_terms: Sequence[tuple[str, float]]) -> None:
        np = self._np = impacts.np
        score = impacts.index.scorer(weighted_terms)
        n = len(impacts)
        slots, impacts_of = [], []
        for term, (_, weighted_idf) in zip(score.terms, score.lists):
            arrays = impacts.term(term, score.norm_a, score.norm_b)
            slots.append(arrays.slots)
            impacts_of.append(weighted_idf * arrays.saturation)
        # Own scores padded with 0.0 at each end, as in_context pads them. A count adds its weights
        # in their order: each section's terms summed in query order from 0.0, as add_into sums them.
        padded = np.bincount(np.concatenate(slots), np.concatenate(impacts_of), n + 2) if slots else np.zeros(n + 2)
        own = padded[1:-1]
        self._relevances = own + impacts.share * (padded[:-2] + padded[2:])

    def relevance(self, i: int) -> float:
        """Section ``i``'s relevance, as the full ranking computes it."""
        return float(self._relevances[i])

    def top(self, k: int) -> list[tuple[int, float]]:
        """The ``k`` most relevant sections as (position, relevance), best first, ties to the
        earlier section; every section with a query term in its context when fewer."""
        np, r = self._np, self._relevances
        candidates = self._head(k)
        values = r[candidates]
        best = candidates[np.lexsort((candidates, -values))][:k]
        return list(zip(best.tolist(), r[best].tolist()))

    def _head(self, k: int) -> Any:
        """The positions of every section that reaches the ``k``-th best relevance (so every one
        tied with it), or of every section above 0.0 when no more than ``k`` are."""
        np, r = self._np, self._relevances
        if np.count_nonzero(r) <= k:
            return np.flatnonzero(r > 0.0)
        # A partition of every relevance costs ten times a comparison with them all: lower a bound
        # from the best until k sections clear it, and partition only those.
        bound = float(r.max())
        for _ in range(_LOWERINGS):
            bound *= 0.25
            above = np.flatnonzero(r >= bound)
            if len(above) >= k:
                break
        else:
            above = np.flatnonzero(r > 0.0)
        values = r[above]
        kth = np.partition(values, len(values) - k)[len(values) - k]
        return above[values >= kth]
