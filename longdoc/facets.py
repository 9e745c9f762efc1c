"""Facet coverage: evidence for each kind of question asked of a document, retrieved separately.

A question often needs several kinds of evidence (a definition, an obligation, an exception).
Retrieving each facet on its own keeps one verbose section from hiding a facet that has no
evidence at all; restricted sections are never counted as evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from .sections import Section
from .window import Window

if TYPE_CHECKING:
    from .document import LongDocument

__all__ = ["Passage", "FacetResult", "FacetSelection", "select_facets", "uncovered_facets"]

SectionPredicate = Callable[[Section], bool]


@dataclass(frozen=True)
class Passage:
    """A chosen section with its identity: document id, revision (the caller's version number),
    section path and index, offsets [start, end), and the facets it is evidence for."""

    document_id: str | None
    revision: int | None
    section_index: int
    section_path: tuple[str, ...]
    start: int
    end: int
    facets: frozenset[str]
    score: float

    def __getitem__(self, key: str) -> Any:
        # Passages are also read as mappings (``passage["facets"]``), like any passage record.
        try:
            return getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None

    def is_stale(self, document_id: str | None, revision: int | None) -> bool:
        """Whether this passage came from another document or an older revision than ``revision``."""
        if document_id != self.document_id:
            return True
        return revision is not None and (self.revision is None or self.revision < revision)


@dataclass(frozen=True)
class FacetResult:
    """One facet's evidence: its query, the chosen passages (best first), and the number of
    matching sections that ``allow`` excluded."""

    facet: str
    query: str
    passages: tuple[Passage, ...]
    excluded: int


@dataclass(frozen=True)
class FacetSelection:
    """Per-facet results (in the order facets were given), facets without any matching section
    (``uncovered``), facets whose only matches were excluded (``restricted``), every chosen passage
    in document order, and the window joining their sections."""

    results: dict[str, FacetResult]
    uncovered: tuple[str, ...]
    restricted: tuple[str, ...]
    passages: tuple[Passage, ...]
    window: Window

    @property
    def missing(self) -> tuple[str, ...]:
        """Facets left without a passage, whatever the reason (also: none fitted the budget), sorted."""
        return tuple(sorted(name for name, result in self.results.items() if not result.passages))


def _facets_of(passage: object, i: int) -> Iterable[str]:
    try:
        found = passage["facets"]  # type: ignore[index]
    except (KeyError, TypeError, IndexError):
        raise TypeError(f"passages[{i}] must be a mapping with a 'facets' collection") from None
    if isinstance(found, str) or not isinstance(found, Iterable):
        raise TypeError(f"passages[{i}]['facets'] must be a collection of facet names")
    return found


def uncovered_facets(required_facets: Iterable[str], passages: Iterable[object]) -> list[str]:
    """The required facets that no passage covers, sorted; each passage is a mapping with a
    "facets" collection (a :class:`Passage` qualifies)."""
    if isinstance(required_facets, str) or not isinstance(required_facets, Iterable):
        raise TypeError("required_facets must be a collection of facet names, not a str")
    if isinstance(passages, (str, Mapping)) or not isinstance(passages, Iterable):
        raise TypeError("passages must be an iterable of passage mappings")
    covered: set[str] = set()
    for i, passage in enumerate(passages):
        covered.update(_facets_of(passage, i))
    return sorted(set(required_facets) - covered)


def _check_arguments(facets: object, k: object, budget: object, allow: object) -> None:
    if not isinstance(facets, Mapping):
        raise TypeError(f"facets must be a mapping of facet name to query, not {type(facets).__name__}")
    for name, query in facets.items():
        if not isinstance(name, str) or not isinstance(query, str):
            raise TypeError(f"facets must map str names to str queries; got {name!r}: {query!r}")
    for label, value in (("k", k), ("budget", budget)):
        if value is None and label == "budget":
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{label} must be an int, not {type(value).__name__}")
        if value < 1:
            raise ValueError(f"{label} must be >= 1, got {value}")
    if allow is not None and not callable(allow):
        raise TypeError("allow must be a predicate over sections or None")


def select_facets(
    doc: LongDocument,
    facets: Mapping[str, str],
    k: int = 2,
    budget: int | None = None,
    allow: SectionPredicate | None = None,
    *,
    document_id: str | None = None,
    revision: int | None = None,
) -> FacetSelection:
    """Up to ``k`` sections per facet that contain the facet's terms, ranked as ``select`` ranks
    them for the facet's own query; sections that ``allow`` rejects never count. ``budget`` caps
    the tokens of all chosen sections together.

    Facets take turns (every facet's best, then every facet's second best, ...), so one facet
    cannot spend the budget of another; a section chosen twice is paid for once.
    """
    _check_arguments(facets, k, budget, allow)
    sections = doc.sections
    ranked: dict[str, list[tuple[int, float]]] = {}
    excluded: dict[str, int] = {}
    uncovered: list[str] = []
    restricted: list[str] = []
    for name, query in facets.items():
        # Evidence must hold the facet's own terms (BM25 above zero); among such sections the
        # order and score are those of ``select`` (context and thesaurus included).
        relevance = doc.relevance(query)
        matching = sorted(
            ((i, relevance[i]) for i, s in enumerate(doc.scores(query)) if s > 0.0),
            key=lambda item: (-item[1], item[0]),
        )
        allowed = [(i, s) for i, s in matching if allow is None or allow(sections[i])]
        ranked[name] = allowed
        excluded[name] = len(matching) - len(allowed)
        if not matching:
            uncovered.append(name)
        elif not allowed:
            restricted.append(name)

    chosen: dict[str, list[tuple[int, float]]] = {name: [] for name in facets}
    paid: set[int] = set()
    used = 0
    next_candidate = dict.fromkeys(facets, 0)
    for _ in range(k):
        for name in facets:
            candidates = ranked[name]
            # Skip candidates over the budget: a smaller later one may still fit.
            while next_candidate[name] < len(candidates):
                i, score = candidates[next_candidate[name]]
                next_candidate[name] += 1
                cost = 0 if i in paid else sections[i].tokens
                if budget is None or used + cost <= budget:
                    chosen[name].append((i, score))
                    paid.add(i)
                    used += cost
                    break

    facets_of: dict[int, set[str]] = {}
    for name, picks in chosen.items():
        for i, _ in picks:
            facets_of.setdefault(i, set()).add(name)

    def passage(i: int, score: float) -> Passage:
        sec = sections[i]
        return Passage(
            document_id=document_id,
            revision=revision,
            section_index=sec.index,
            section_path=tuple(sec.path),
            start=sec.start,
            end=sec.end,
            facets=frozenset(facets_of[i]),
            score=score,
        )

    results = {
        name: FacetResult(
            facet=name,
            query=facets[name],
            passages=tuple(passage(i, s) for i, s in chosen[name]),
            excluded=excluded[name],
        )
        for name in facets
    }
    best_score = {i: max(s for picks in chosen.values() for j, s in picks if j == i) for i in facets_of}
    in_order = tuple(passage(i, best_score[i]) for i in sorted(facets_of))
    window = doc.window([sections[i] for i in sorted(facets_of)])
    return FacetSelection(
        results=results,
        uncovered=tuple(uncovered),
        restricted=tuple(restricted),
        passages=in_order,
        window=window,
    )
