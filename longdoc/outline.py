"""The heading tree: which heading encloses which, and the range of each part.

Built from headings in document order, so pre-order equals document order. A heading nests under
the nearest earlier heading of a shallower level; a skipped level attaches there too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .headings import Heading

__all__ = ["OutlineNode", "effective_levels", "build_outline"]


@dataclass(frozen=True, slots=True)
class OutlineNode:
    """One heading of the outline with the range of its whole part (children included).

    ``start``/``end`` run from the heading to the next heading of the same or a shallower level
    (trailing whitespace excluded); ``heading_start``/``heading_end`` cover the heading itself.
    """

    index: int
    title: str
    level: int
    label: str | None
    kind: str
    heading_start: int
    heading_end: int
    start: int
    end: int
    tokens: int
    parent: int | None
    depth: int
    children: tuple["OutlineNode", ...] = ()


def effective_levels(headings: Sequence[Heading]) -> list[int]:
    """Levels that place every non-Markdown heading below the Markdown heading it falls under.

    In a Markdown file a numbered clause under "## Terms" belongs to that heading, whatever its
    own shape says; elsewhere the shape's level stands.
    """
    out: list[int] = []
    md_level = 0
    for h in headings:
        if h.kind in ("markdown", "setext"):
            md_level = h.level
            out.append(h.level)
        else:
            out.append(md_level + h.level)
    return out


def build_outline(
    headings: Sequence[Heading],
    part_ends: Sequence[int],
    token_counts: Sequence[int],
    *,
    offsets: Sequence[int] | None = None,
    levels: Sequence[int] | None = None,
) -> tuple[tuple[OutlineNode, ...], tuple[OutlineNode, ...]]:
    """(roots, all nodes in pre-order) for ``headings``.

    ``part_ends[i]`` is where heading i's whole part ends; ``token_counts[i]`` its size in tokens.
    ``offsets[i]``, when given, is added to heading i's own offsets (headings kept relative to
    their part); ``levels`` may pass :func:`effective_levels` already computed.
    """
    if levels is None:
        levels = effective_levels(headings)
    if offsets is None:
        offsets = [0] * len(headings)
    n = len(headings)
    parents: list[int | None] = [None] * n
    depths = [0] * n
    stack: list[int] = []
    for i in range(n):
        lv = levels[i]
        while stack and levels[stack[-1]] >= lv:
            stack.pop()
        if stack:
            parents[i] = stack[-1]
            depths[i] = depths[stack[-1]] + 1
        stack.append(i)
    children: list[list[OutlineNode]] = [[] for _ in range(n)]
    nodes: list[OutlineNode | None] = [None] * n
    # Children before parents: walk backwards so each node is complete when its parent is made.
    for i in range(n - 1, -1, -1):
        h = headings[i]
        at = offsets[i]
        node = OutlineNode(
            i, h.title, levels[i], h.label, h.kind, at + h.start, at + h.end, at + h.start, part_ends[i],
            token_counts[i], parents[i], depths[i], tuple(reversed(children[i])),
        )
        nodes[i] = node
        p = parents[i]
        if p is not None:
            children[p].append(node)
    flat = tuple(nodes)  # type: ignore[arg-type]
    roots = tuple(node for node in flat if node.parent is None)  # type: ignore[union-attr]
    return roots, flat  # type: ignore[return-value]
