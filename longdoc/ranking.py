"""From per-section BM25 to a ranking: a share of the neighbours' scores, and the opening's prior.

A clause rarely says everything in one section: a section next to a strong match is more likely to
matter than an isolated weak one. And a contract states its name, parties and date in its opening,
which should surface when it matches nearly as well as the best section.
"""

from __future__ import annotations

from typing import Iterable, Sequence

__all__ = ["NEIGHBOUR_SHARE", "OPENING_RATIO", "OPENING_TOKENS", "in_context", "promote_opening"]

NEIGHBOUR_SHARE = 0.3
OPENING_RATIO = 0.6
OPENING_TOKENS = 64


def in_context(scores: dict[int, float], n_sections: int, share: float = NEIGHBOUR_SHARE) -> dict[int, float]:
    """Each section's score plus ``share`` of each document neighbour's score."""
    out: dict[int, float] = {}
    get = out.get
    for i in sorted(scores):
        v = scores[i]
        out[i] = get(i, 0.0) + v
        if i > 0:
            out[i - 1] = get(i - 1, 0.0) + share * v
        if i + 1 < n_sections:
            out[i + 1] = get(i + 1, 0.0) + share * v
    return out


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


def promote_opening(ranked: list[tuple[int, float]], opening: Sequence[int],
                    ratio: float = OPENING_RATIO) -> list[tuple[int, float]]:
    """Put the opening first (scored as the best) when one of its sections reaches ``ratio`` of it.

    ``ranked`` is best first; the result holds the same sections plus any of the opening.
    """
    if not ranked:
        return ranked
    top = ranked[0][1]
    scored = dict(ranked)
    if not any(scored.get(i, 0.0) >= ratio * top for i in opening):
        return ranked
    moved = set(opening)
    return [(i, top) for i in opening] + [(i, v) for i, v in ranked if i not in moved]
