"""Okapi BM25 with Lucene's IDF, over postings that can be patched in place.

One implementation serves the public :class:`BM25`, :func:`score_bm25` and the document index
(:class:`Postings`), so a score means the same thing everywhere.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from dataclasses import dataclass
from typing import AbstractSet, Callable, Hashable, Iterable, Sequence, TypeVar

from .analysis import han_bigram_tokens, words

__all__ = ["BM25", "Postings", "TermScorer", "ScoredDocument", "BM25Result", "score_bm25", "lucene_idf"]

T = TypeVar("T")


def lucene_idf(n_docs: int, doc_freq: int) -> float:
    """Lucene's IDF ``ln(1 + (N - n + 0.5) / (n + 0.5))``: never negative."""
    return math.log(1.0 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5))


class Postings:
    """Term statistics keyed by caller-chosen document keys; documents can be added and removed.

    ``score`` gives the same numbers as a fresh index over the same documents, whatever the order
    of additions and removals. :meth:`pack` stores the postings compactly while the index rests;
    additions and removals change them packed, :meth:`plist` unpacks a term's for reading.
    """

    __slots__ = ("k1", "b", "postings", "lengths", "total_length", "generation", "_derived", "_derived_generation")

    def __init__(self, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1 = k1
        self.b = b
        # A term's postings: {key: term frequency}, or that dict packed (see `pack`).
        self.postings: dict[str, dict[Hashable, int] | bytearray] = {}
        self.lengths: dict[Hashable, int] = {}
        self.total_length = 0
        # Bumped by every change, so a holder can tell that the index moved on without it.
        self.generation = 0
        self._derived: dict[str, object] = {}
        self._derived_generation = 0

    def __len__(self) -> int:
        return len(self.lengths)

    def touch(self) -> None:
        """Mark a change that kept every document's terms but may have moved documents: holders
        and derived structures of the last generation no longer apply."""
        self.generation += 1
        self._derived = {}

    def add(self, key: Hashable, doc_terms: Iterable[str]) -> None:
        """Index a document's terms under ``key`` (which must not be indexed already)."""
        if key in self.lengths:
            raise KeyError(f"document {key!r} is already indexed")
        counts = Counter(doc_terms)
        length = sum(counts.values())
        self.lengths[key] = length
        self.total_length += length
        self.generation += 1
        postings = self.postings
        for term, tf in counts.items():
            plist = postings.get(term)
            if plist is None:
                postings[term] = {key: tf}
            elif plist.__class__ is dict:
                plist[key] = tf  # type: ignore[index]
            elif key.__class__ is int:
                postings[term] = _packed_with(plist, key, tf)  # type: ignore[arg-type]
            else:
                self._unpack(term, plist)[key] = tf  # type: ignore[arg-type]


    def remove(self, key: Hashable, counts: Iterable[str]) -> None:
        """Forget document ``key``; ``counts`` names its distinct terms (as given to ``add``)."""
        self.total_length -= self.lengths.pop(key)
        self.generation += 1
        self._derived = {}  # let go of what the last version derived (an edit removes first)
        postings = self.postings
        for term in counts:
            plist = postings[term]
            if plist.__class__ is dict:
                del plist[key]  # type: ignore[union-attr]
            else:
                plist = postings[term] = _packed_without(plist, key)  # type: ignore[arg-type]
            if not plist:
                del postings[term]

    def plist(self, term: str) -> dict[Hashable, int] | None:
        """The term's postings ({key: term frequency}, in the order of additions), or None."""
        plist = self.postings.get(term)
        if plist is None or plist.__class__ is dict:
            return plist  # type: ignore[return-value]
        return self._unpack(term, plist)  # type: ignore[arg-type]

    def keys_of(self, term: str) -> AbstractSet[Hashable]:
        """The keys of the documents that hold the term, as a set to intersect; a packed term is
        read without being unpacked (a search over many terms leaves them packed)."""
        plist = self.postings.get(term)
        if plist is None:
            return set()
        if plist.__class__ is dict:
            return plist.keys()  # type: ignore[union-attr]
        return set(_packed_keys(plist)[0])  # type: ignore[arg-type]

    def _unpack(self, term: str, packed: bytearray) -> dict[Hashable, int]:
        keys, at = _packed_keys(packed)
        if packed[0] == 1:
            tfs: Iterable[int] = packed[at:]
        else:
            tfs = array("I")
            tfs.frombytes(packed[at:])
        plist: dict[Hashable, int] = dict(zip(keys, tfs))
        self.postings[term] = plist
        return plist

    def pack(self) -> None:
        """Store every term's postings as one bytearray (integer keys: 9 bytes an entry instead
        of about 42 in a dict) until the term is next read or changed; answers stay the same."""
        postings = self.postings
        for term, plist in postings.items():
            if plist.__class__ is not dict:
                continue
            try:
                keys = array("q", plist.keys())  # type: ignore[union-attr]
            except (TypeError, OverflowError):
                continue  # keys that are no machine integers stay as they are
            tfs = array("I", plist.values())  # type: ignore[union-attr]
            if max(tfs) < 256:
                postings[term] = bytearray(b"\x01" + keys.tobytes() + array("B", tfs).tobytes())
            else:
                postings[term] = bytearray(b"\x04" + keys.tobytes() + tfs.tobytes())

    def doc_freq(self, term: str) -> int:
        plist = self.plist(term)
        return len(plist) if plist else 0

    def idf(self, term: str) -> float:
        return lucene_idf(len(self.lengths), self.doc_freq(term))

    def score(self, query_terms: Iterable[str]) -> dict[Hashable, float]:
        """BM25 score of every document that contains a query term (others score 0).

        A query term repeated counts once; terms are accumulated in first-occurrence order so the
        floating-point sums are reproducible.
        """
        return self.score_weighted((t, 1.0) for t in dict.fromkeys(query_terms))

    def score_weighted(self, weighted_terms: Iterable[tuple[str, float]]) -> dict[Hashable, float]:
        """BM25 where each query term's contribution is multiplied by its weight."""
        return self.scorer(weighted_terms).index_scores()

    def scorer(self, weighted_terms: Iterable[tuple[str, float]]) -> "TermScorer":
        """The weighted query terms that occur, with what :meth:`score_weighted` needs of them."""
        n = len(self.lengths)
        present = []
        if n:
            for term, weight in weighted_terms:
                plist = self.plist(term)
                if plist:
                    present.append((term, weight, plist, weight * lucene_idf(n, len(plist))))
        avgdl = self.total_length / n if self.total_length else 1.0
        return TermScorer(present, self.k1 * (1.0 - self.b), self.k1 * self.b / avgdl, self.lengths)

    def forget_derived(self) -> None:
        """Let go of the structures derived from this generation; the next ask makes them again."""
        self._derived = {}

    def derived(self, name: str, build: Callable[[], T]) -> T:
        """``build()``'s result, kept until the postings next change: a cache for structures
        computed from this generation of the index."""
        if self._derived_generation != self.generation:
            self._derived = {}
            self._derived_generation = self.generation
        if name not in self._derived:
            self._derived[name] = build()
        return self._derived[name]  # type: ignore[return-value]


# A packed term changes in place, not unpacked: an edit re-indexes a few sections, whose common
# words hold postings of thousands of entries each (a mutable buffer: no 100 KB copy per change).
def _packed_with(packed: bytearray, key: int, tf: int) -> bytearray:
    """``packed`` with ``key`` (not in it) added last, as a dict keeps its order."""
    if packed[0] == 1 and tf > 255:
        packed = _widened(packed)
    width, at = packed[0], _frequencies_at(packed)
    packed[at:at] = array("q", (key,)).tobytes()
    packed += bytes((tf,)) if width == 1 else array("I", (tf,)).tobytes()
    return packed


def _packed_without(packed: bytearray, key: Hashable) -> bytearray:
    """``packed`` without ``key`` (empty when it was the last); KeyError when it is not there."""
    width, at = packed[0], _frequencies_at(packed)
    if key.__class__ is int:
        wanted = array("q", (key,)).tobytes()  # type: ignore[arg-type]
        i = packed.find(wanted, 1, at)
        while i >= 0 and (i - 1) % 8:  # the 8 bytes straddle two keys
            i = packed.find(wanted, i + 1, at)
        if i >= 0:
            if at == 9:
                return bytearray()
            j = (i - 1) // 8
            del packed[at + width * j : at + width * (j + 1)]  # the frequency, then the key
            del packed[i : i + 8]
            return packed
    raise KeyError(key)


def _widened(packed: bytearray) -> bytearray:
    """One-byte term frequencies made four bytes wide."""
    at = _frequencies_at(packed)
    return bytearray(b"\x04" + packed[1:at] + array("I", list(packed[at:])).tobytes())


def _frequencies_at(packed: bytearray) -> int:
    """Where the term frequencies of packed postings start: they hold a width byte (1 or 4), the
    keys as 8-byte integers, then one frequency of that width per key."""
    return 1 + 8 * ((len(packed) - 1) // (8 + packed[0]))


def _packed_keys(packed: bytearray) -> tuple[array[int], int]:
    """The keys of packed postings (see :meth:`Postings.pack`), and where their frequencies start."""
    at = _frequencies_at(packed)
    keys = array("q")
    keys.frombytes(packed[1:at])
    return keys, at


class TermScorer:
    """Weighted query terms that occur in the index, in query order, and the BM25 of one document
    for them (or for a subset of them), bit-equal to :meth:`Postings.score_weighted`."""

    __slots__ = ("terms", "weights", "lists", "norm_a", "norm_b", "_lengths")

    def __init__(self, present: list[tuple[str, float, dict[Hashable, int], float]], norm_a: float,
                 norm_b: float, lengths: dict[Hashable, int]) -> None:
        self.terms = [term for term, _, _, _ in present]
        self.weights = [weight for _, weight, _, _ in present]
        self.lists = [(plist, idf) for _, _, plist, idf in present]  # postings and weighted IDF
        self.norm_a = norm_a
        self.norm_b = norm_b
        self._lengths = lengths

    def __call__(self, key: Hashable, lists: Sequence[tuple[dict[Hashable, int], float]] | None = None) -> float:
        """The document's score over ``lists`` (a subset of :attr:`lists` in the same order, which
        must hold every term the document contains; default all)."""
        return self.many((key,), self.lists if lists is None else lists)[0]

    def index_scores(self) -> dict[Hashable, float]:
        """The score of every document that holds a term (others score 0)."""
        scores: dict[Hashable, float] = {}
        self.add_into(scores, self.lists)
        return scores

    def add_into(self, scores: dict[Hashable, float], lists: Iterable[tuple[dict[Hashable, int], float]]) -> None:
        """Add the terms of ``lists`` to ``scores`` (by document key), for every document that
        holds one; over all of :attr:`lists` in order, the sums of :meth:`index_scores`."""
        norm_a, norm_b, lengths = self.norm_a, self.norm_b, self._lengths
        for plist, idf in lists:
            get = scores.get
            for key, tf in plist.items():
                scores[key] = get(key, 0.0) + idf * (tf / (tf + norm_a + norm_b * lengths[key]))

    def many(self, keys: Sequence[Hashable], lists: Sequence[tuple[dict[Hashable, int], float]]) -> list[float]:
        """Each document's score over ``lists`` as :meth:`__call__` gives it, term by term over
        all of them at once (the same additions per document, in the same order)."""
        norm_a, norm_b, lengths = self.norm_a, self.norm_b, self._lengths
        totals = [0.0] * len(keys)
        for plist, idf in lists:
            get = plist.get
            for x, key in enumerate(keys):
                tf = get(key)
                if tf is not None:
                    totals[x] = totals[x] + idf * (tf / (tf + norm_a + norm_b * lengths[key]))
        return totals


class BM25:
    """Okapi BM25 over a list of documents' terms, with Lucene's positive IDF.

    ``score(query_terms)`` returns one float per document, in input order; never negative.
    """

    def __init__(self, docs: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75) -> None:
        if k1 < 0:
            raise ValueError("k1 must be >= 0")
        if not 0.0 <= b <= 1.0:
            raise ValueError("b must be between 0 and 1")
        self.k1 = k1
        self.b = b
        self._index = Postings(k1=k1, b=b)
        for i, doc in enumerate(docs):
            if isinstance(doc, str):
                raise TypeError("each document must be a sequence of terms, not a str")
            self._index.add(i, doc)
        self._n = len(docs)

    def __len__(self) -> int:
        return self._n

    def idf(self, term: str) -> float:
        return self._index.idf(term)

    def score(self, query_terms: Iterable[str]) -> list[float]:
        if isinstance(query_terms, str):
            raise TypeError("query_terms must be a sequence of terms, not a str")
        by_key = self._index.score(query_terms)
        return [by_key.get(i, 0.0) for i in range(self._n)]

    def postings_of(self, term: str) -> dict[Hashable, int]:
        return self._index.plist(term) or {}


@dataclass(frozen=True)
class ScoredDocument:
    """One input document's BM25 score and the query terms it contains (query order)."""

    index: int
    score: float
    matched_terms: tuple[str, ...]


@dataclass(frozen=True)
class BM25Result:
    """Scores in input order and the query terms that no document contains (query order)."""

    documents: tuple[ScoredDocument, ...]
    unmatched_terms: tuple[str, ...]

    def ranked(self) -> list[ScoredDocument]:
        """Documents best first; ties keep input order."""
        return sorted(self.documents, key=lambda d: (-d.score, d.index))


def score_bm25(
    documents: Sequence[str],
    query: str,
    tokenizer: Callable[[str], list[str]] | None = None,
    *,
    han_bigrams: bool = False,
) -> BM25Result:
    """Score plain strings against a query with BM25 (k1=1.2, b=0.75, Lucene IDF).

    Default analysis: casefolded Unicode words split at underscores and non-word characters, no
    stop words and no stemming. ``tokenizer`` replaces it for query and documents alike.
    """
    if isinstance(documents, str):
        raise TypeError("documents must be a sequence of str, not a str")
    if not isinstance(query, str):
        raise TypeError(f"query must be str, not {type(query).__name__}")
    for doc in documents:
        if not isinstance(doc, str):
            raise TypeError(f"documents must hold str, not {type(doc).__name__}")
    if tokenizer is not None and han_bigrams:
        raise ValueError("pass either tokenizer or han_bigrams, not both")
    analyse = tokenizer or (han_bigram_tokens if han_bigrams else words)
    doc_terms = [analyse(d) for d in documents]
    query_terms = list(dict.fromkeys(analyse(query)))
    index = BM25(doc_terms, k1=1.2, b=0.75)
    scores = index.score(query_terms)
    present = [set(t) for t in doc_terms]
    scored = tuple(
        ScoredDocument(i, scores[i], tuple(t for t in query_terms if t in present[i]))
        for i in range(len(documents))
    )
    unmatched = tuple(t for t in query_terms if not index.postings_of(t))
    return BM25Result(scored, unmatched)
