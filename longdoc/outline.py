"""The heading tree: which heading encloses which, and the range of each part.

Built from headings in document order, so pre-order equals document order. A heading nests under
the nearest earlier heading of a shallower level; a skipped level attaches there too.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .headings import Heading

__all__ = ["OutlineNode", "effective_levels", "build_outline"]


class OutlineNode(NamedTuple):
    """One heading of the outline with the range of its whole part (children included); immutable.

    ``start``/``end`` run from the heading to the next heading of the same or a shallower level
    (trailing whitespace excluded); ``heading_start``/``heading_end`` cover the heading itself.
    """

    # A named tuple, not a frozen dataclass: every edit re-makes thousands of nodes, and a tuple is
    # made five times faster than a frozen dataclass sets its fields.

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
    for i, lv in enumerate(levels):
        while stack and levels[stack[-1]] >= lv:
            stack.pop()
        if stack:
            parents[i] = p = stack[-1]
            depths[i] = depths[p] + 1
        stack.append(i)
    children: dict[int, list[OutlineNode]] = {}
    nodes: list[OutlineNode] = [None] * n  # type: ignore[list-item]
    # Children before parents: walk backwards so each node is complete when its parent is made.
    for i in range(n - 1, -1, -1):
        h = headings[i]
        at = offsets[i]
        kids = children.get(i)
        p = parents[i]
        node = nodes[i] = OutlineNode(
            i, h.title, levels[i], h.label, h.kind, at + h.start, at + h.end, at + h.start, part_ends[i],
            token_counts[i], p, depths[i], tuple(reversed(kids)) if kids else (),
        )
        if p is not None:
            if p in children:
                children[p].append(node)
            else:
                children[p] = [node]
    flat = tuple(nodes)
    return tuple(node for node in flat if node.parent is None), flat
