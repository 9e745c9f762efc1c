"""Query analysis: which index terms a question asks for, and how much each one counts.

A short title before a colon ("Audit Rights: Does a party ...") names the topic and counts double;
words every contract uses ("party", "agreement", "clause") count less; synonyms from the thesaurus
count half; the past tenses and "-ing" forms of these words ("disclosed", "disclosing") count 0.7
of the word's weight. Deterministic: the same question and analyser give the same weights.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from .analysis import Analyzer
from .inflections import inflections
from .thesaurus import GROUPS

__all__ = ["WeightedQuery", "analyse_query", "inflected_terms"]

TITLE_WEIGHT = 2.0
GENERIC_WEIGHT = 0.3
SYNONYM_WEIGHT = 0.5
INFLECTION_WEIGHT = 0.7
_TITLE_MAX_WORDS = 6

# Words that any contract or question about one is full of: they say little about which clause.
_GENERIC = (
    "contract agreement party parties counterparty clause provision include includes including "
    "require required any there does such whether certain one other provided under"
)


@dataclass(frozen=True)
class WeightedQuery:
    """Index terms of a query with their weights, in query order (synonyms, then inflections, last)."""

    weights: tuple[tuple[str, float], ...]

    def terms(self) -> list[str]:
        return [t for t, _ in self.weights]


@lru_cache(maxsize=8)
def _vocabulary(analyzer: Analyzer) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    generic = frozenset(analyzer(_GENERIC))
    synonyms: dict[str, set[str]] = {}
    for group in GROUPS:
        stems = set(analyzer(group))
        for term in stems:
            synonyms.setdefault(term, set()).update(stems - {term})
    return generic, {t: frozenset(s) for t, s in synonyms.items()}


def _split_title(query: str) -> tuple[str, str]:
    head, sep, rest = query.partition(":")
    if sep and rest.strip() and 0 < len(head.split()) <= _TITLE_MAX_WORDS:
        return head, rest
    return "", query


def analyse_query(query: str, analyzer: Analyzer) -> WeightedQuery:
    """Weights for the terms of ``query`` under ``analyzer`` (the document's own analyser)."""
    generic, synonyms = _vocabulary(analyzer)
    title, body = _split_title(query)
    weights: dict[str, float] = {}
    for term in analyzer(body):
        weights.setdefault(term, GENERIC_WEIGHT if term in generic else 1.0)
    for term in analyzer(title):
        weights[term] = max(weights.get(term, 0.0), TITLE_WEIGHT)
    _add_related(weights, lambda term: sorted(synonyms.get(term, ())), SYNONYM_WEIGHT)
    _add_related(weights, lambda term: inflected_terms(term, analyzer), INFLECTION_WEIGHT)
    return WeightedQuery(tuple(weights.items()))


def _add_related(weights: dict[str, float], related: Callable[[str], Iterable[str]], share: float) -> None:
    """Give each term related to one of ``weights`` (in their order) ``share`` of its weight,
    unless it counts more already."""
    for term, weight in list(weights.items()):
        extra = share * weight
        for other in related(term):
            if weights.get(other, 0.0) < extra:
                weights[other] = extra


@lru_cache(maxsize=4096)
def inflected_terms(term: str, analyzer: Analyzer) -> tuple[str, ...]:
    """The index terms of the term's inflections under ``analyzer``, in a fixed order, the term
    itself left out (cached: a question's terms recur)."""
    found = dict.fromkeys(t for form in sorted(inflections(term)) for t in analyzer(form))
    found.pop(term, None)
    return tuple(found)
