"""The heading tree: which heading encloses which, and the range of each part.

Built from headings in document order, so pre-order equals document order. A heading nests under
the nearest earlier heading of a shallower level; a skipped level attaches there too.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from .headings import Heading

__all__ = ["OutlineNode", "effective_levels", "build_outline", "patch_outline"]


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
            children.setdefault(p, []).append(node)
    flat = tuple(nodes)
    return tuple(node for node in flat if node.parent is None), flat


def patch_outline(
    previous: Sequence[OutlineNode],
    headings: Sequence[Heading],
    levels: Sequence[int],
    offsets: Sequence[int],
    *,
    first: int,
    old_end: int,
    new_end: int,
    delta: int,
    measure: Callable[[int, int], tuple[int, int]],
) -> tuple[tuple[OutlineNode, ...], tuple[OutlineNode, ...]]:
    """What :func:`build_outline` returns after an edit, re-making only the nodes it touched.

    ``previous[first:old_end]`` were replaced by ``headings[first:new_end]``, and every heading
    after them moved by ``delta`` characters, with its level unchanged (the caller's promise).
    Nodes whose part closes before the edit are reused; nodes after it are moved copies; only the
    edited headings and those still open at the edit are measured anew: ``measure(i, last)`` gives
    the end and token count of heading i's part, which runs through part ``last`` (part p holding
    heading p - 1, as ``build_outline``'s callers number them).
    """
    n = len(headings)
    moved = new_end - old_end
    parents: list[int | None] = [None] * n
    depths = [0] * n
    last_part = [n] * n
    # Open at the edit: the last heading before it and that heading's ancestors (unchanged).
    stack: list[int] = []
    k: int | None = first - 1 if first > 0 else None
    while k is not None:
        stack.append(k)
        parents[k], depths[k] = previous[k].parent, previous[k].depth
        k = previous[k].parent
    stack.reverse()
    open_at_edit = set(stack)
    for i in range(first, n):
        lv = levels[i]
        while stack and levels[stack[-1]] >= lv:
            last_part[stack.pop()] = i
        if stack:
            parents[i] = p = stack[-1]
            depths[i] = depths[p] + 1
        stack.append(i)
    children: dict[int, list[OutlineNode]] = {}
    # Closed before the edit: the same nodes, children and all.
    nodes: list[OutlineNode] = [*previous[:first], *[None] * (n - first)]  # type: ignore[list-item]
    for i in [*range(n - 1, first - 1, -1), *sorted(open_at_edit, reverse=True)]:
        p = parents[i]
        kids = children.get(i)
        if i >= new_end:
            o = previous[i - moved]
            node = OutlineNode(
                i, o.title, o.level, o.label, o.kind, o.heading_start + delta, o.heading_end + delta,
                o.start + delta, o.end + delta, o.tokens, p, depths[i], tuple(reversed(kids)) if kids else (),
            )
        else:
            if i < first:  # open at the edit: its earlier children are closed, hence reused
                kept = [c for c in previous[i].children if c.index < first and c.index not in open_at_edit]
                kids = kept + list(reversed(kids or ()))
            else:
                kids = list(reversed(kids or ()))
            h = headings[i]
            at = offsets[i]
            end, size = measure(i, last_part[i])
            node = OutlineNode(
                i, h.title, levels[i], h.label, h.kind, at + h.start, at + h.end, at + h.start, end,
                size, p, depths[i], tuple(kids),
            )
        nodes[i] = node
        if p is not None:
            children.setdefault(p, []).append(node)
    flat = tuple(nodes)
    return tuple(node for node in flat if node.parent is None), flat
