"""From per-section BM25 to a ranking: a share of the neighbours' scores, and the opening's prior.

A clause rarely says everything in one section: a section next to a strong match is more likely to
matter than an isolated weak one. And a contract states its name, parties and date in its opening,
which should surface when it matches nearly as well as the best section, or when the question asks
what the document is called, its date, when it takes effect or who signed it.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

__all__ = ["NEIGHBOUR_SHARE", "OPENING_RATIO", "OPENING_TOKENS", "asks_for_opening", "in_context", "promote_opening"]

NEIGHBOUR_SHARE = 0.3
OPENING_RATIO = 0.6
OPENING_TOKENS = 64


def in_context(scores: dict[int, float], n_sections: int, share: float = NEIGHBOUR_SHARE) -> dict[int, float]:
    """Each section's score plus ``share`` of each document neighbour's score, for every section
    that has a score or a neighbour with one (scores are BM25, positive: 0.0 counts as none).

    Every value is summed in one fixed order, so equal inputs give bit-equal outputs.
    """
    # Scores in a list padded with a zero at each end: index arithmetic instead of dict look-ups.
    padded = [0.0] * (n_sections + 2)
    for i, v in scores.items():
        padded[i + 1] = v
    if 8 * len(scores) < n_sections:  # few matches: visit them and their neighbours only
        candidates = set(scores)
        candidates.update([i - 1 for i in scores if i > 0])
        candidates.update([i + 1 for i in scores if i + 1 < n_sections])
        return {j: padded[j + 1] + share * (padded[j] + padded[j + 2]) for j in sorted(candidates)}
    # Many matches (common words): one pass over every section beats building the candidate set.
    return {j: b + share * (a + c) for j, (a, b, c) in enumerate(zip(padded, padded[1:], padded[2:])) if a or b or c}


# A question that asks what the document is called, when it was made or took effect, or who made
# it: its opening says ("Document Name: The name of the contract", "What is this agreement called?",
# "What kind of agreement is this?", "the date of the agreement", "When was this agreement signed?",
# "the effective date of the agreement", not "the termination date of the agreement", "the date
# when the contract is effective", "Who are the parties?", "Who is this agreement between?", "the
# parties who signed the contract"; not "ownership ... between the parties to the contract" nor
# "does the agreement name a date").
_ASKS_FOR_OPENING = re.compile(
    r"\bwho[ \t]+(?:signed|are[ \t]+the[ \t]+parties)\b|\bparties[ \t]+(?:who|that)[ \t]+signed\b"
    r"|\bwho[ \t]+is[ \t]+(?:this|the)[ \t]+(?:contract|agreement)[ \t]+between\b"
    r"|\bwhen[ \t]+(?:was|is)[ \t]+(?:this|the)[ \t]+(?:contract|agreement)[ \t]+(?:signed|made|executed|dated|entered)\b"
    r"|(?:^|\b(?:the|its|their)[ \t]+)(?:effective[ \t]+)?(?:name|title|date)s?[ \t]+of[ \t]+(?:the|this)[ \t]+"
    r"(?:contract|agreement|document)\b"
    r"|\b(?:what|which)[ \t]+(?:kind|type|sort)[ \t]+of[ \t]+(?:contract|agreement|document)\b"
    r"|\b(?:contract|agreement|document)(?:['’]s)?[ \t]+(?:name|title|date)\b(?![ \t]+(?:a|an|the|any|no|its)\b)"
    r"|\b(?:contract|agreement|document)[ \t]+(?:called|named|titled|entitled)\b"
    r"|\b(?:contract|agreement)[ \t]+(?:is|becomes|shall[ \t]+become|will[ \t]+become)[ \t]+effective\b"
    r"|\b(?:contract|agreement)[ \t]+(?:takes?|shall[ \t]+take|will[ \t]+take)[ \t]+effect\b",
    re.IGNORECASE,
)


def asks_for_opening(query: str) -> bool:
    """Whether ``query`` asks for what a document's opening says: its name, its date, when it takes
    effect, or its parties."""
    return _ASKS_FOR_OPENING.search(query) is not None


def opening_sections(tokens: Iterable[int], limit: int = OPENING_TOKENS) -> list[int]:
    """Indices of the first sections, up to the one that brings ``limit`` tokens together."""
    out: list[int] = []
    total = 0
    for i, t in enumerate(tokens):
        out.append(i)
        total += t
        if total >= limit:
            break
    return out


def promote_opening(ranked: list[tuple[int, float]], opening: Sequence[int], scores: dict[int, float],
                    ratio: float = OPENING_RATIO, asked: bool = False) -> list[tuple[int, float]]:
    """Put the opening first (scored as the best) when one of its sections reaches ``ratio`` of the
    best section's score, or the question asks for it (``asked``, `asks_for_opening`), and the best
    section lies outside it.

    ``ranked`` is best first (all of ``scores``, or its head); the opening's sections are added.
    """
    if ranked and ranked[0][0] in opening:
        return ranked  # the best section opens the document already: nothing to promote
    top = ranked[0][1] if ranked else 0.0
    if not asked and (not ranked or not any(scores.get(i, 0.0) >= ratio * top for i in opening)):
        return ranked
    moved = set(opening)
    return [(i, top) for i in opening] + [(i, v) for i, v in ranked if i not in moved]
