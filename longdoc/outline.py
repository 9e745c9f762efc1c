"""The heading tree: which heading encloses which, and the range of each part.

Built from headings in document order, so pre-order equals document order. A heading nests under
the nearest earlier heading of a shallower level; a skipped level attaches there too.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, repeat
from operator import is_, itemgetter
from typing import Callable, NamedTuple, Protocol, Sequence

from .headings import LETTERED_LEVEL, Heading

__all__ = ["OutlineNode", "children_of", "effective_levels", "build_outline", "moved_alike", "patch_outline"]


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


class Nested(Protocol):
    """What `children_of` reads of an outline node (OutlineNode has it)."""

    index: int
    parent: int | None
    heading_start: int
    end: int


def children_of(nodes: Sequence[Nested], parent: int | None) -> list[int]:
    """The indices of the nodes directly under ``nodes[parent]`` (its part holds them, after it),
    or of those under none for None; in order."""
    if parent is None:
        return [node.index for node in nodes if node.parent is None]
    out, end = [], nodes[parent].end
    for i in range(parent + 1, len(nodes)):
        if nodes[i].heading_start >= end:
            break
        if nodes[i].parent == parent:
            out.append(i)
    return out


def effective_levels(headings: Sequence[Heading], introduced: Introduced = None) -> list[int]:
    """Levels that place every non-Markdown heading below the Markdown heading it falls under.

    In a Markdown file a numbered clause under "## Terms" belongs to that heading, whatever its
    own shape says; elsewhere the shape's level stands, as read with the headings around it (see
    `shape_level`).
    """
    out: list[int] = []
    shapes: list[int] = []
    md_level = 0
    for i, h in enumerate(headings):
        shapes.append(shape_level(headings, i, shapes, introduced))
        if h.kind in ("markdown", "setext"):
            md_level = h.level
            out.append(h.level)
        else:
            out.append(md_level + shapes[i])
    return out


# A lone "I.", "V." or "X." after "H.", "U." or "W." goes on a list of lettered items.
_LETTER_BEFORE = {"I": "H", "V": "U", "X": "W"}
# How many headings back a heading's level reads: an edit changes the levels of the headings it
# re-made, the one before them, and those after them up to a run this long of unchanged levels.
LEVEL_REACH = 40
_ITEM_LEVEL = LETTERED_LEVEL + 1  # "1." on a list under a lettered item


# Whether the text right before heading i introduces a list ("... the following:"); None: never.
Introduced = Callable[[int], bool] | None


def shape_level(headings: Sequence[Heading], i: int, levels: Sequence[int], introduced: Introduced = None) -> int:
    """Heading i's level from its shape, as read with the headings around it; ``levels`` holds
    the levels so read of the headings before it (Markdown headings at their own level).

    A lone numeral going on a lettered list ("H. Survival", then "I. Remedies") is a lettered item:
    the nearest heading labelled by one letter is the letter before it. A list numbered from "1."
    right under a lettered item ("E. Approval Process", then "1. General") is that item's, unless
    its "1." has clauses of its own ("1.1"): the text's clauses after a lettered preamble. So is
    one that the text right before opens (``introduced``: "... comply with the following:") under
    a clause numbered in levels ("5.01"), and a list shown from "2." there. Each later number
    ("2.") takes the level of the nearest number before it ("1.") that no later number of its level
    followed: "4. Services" after items 1 to 7 goes on the list of "3.". A clause numbered in
    levels stands beside a clause a few before the one it is under ("5.1" after "4.", clause 5's
    heading lost), not under it (`_dotted_level`)."""
    h = headings[i]
    if h.kind == "item":
        return _item_level(headings, i)
    if h.kind == "named":
        return _named_level(headings, i, levels)
    if h.kind == "roman":
        before = _LETTER_BEFORE.get(h.label)  # type: ignore[arg-type]
        if before is not None:
            for j in range(i - 1, max(-1, i - 1 - LEVEL_REACH), -1):
                label = headings[j].label
                if label is not None and len(label) == 1 and label.isalpha():
                    return LETTERED_LEVEL if label == before else h.level
        return h.level
    if h.kind != "numbered":
        return h.level
    if not h.label.isdigit():  # type: ignore[union-attr]
        return _dotted_level(headings, i, levels)
    n = int(h.label)  # type: ignore[arg-type]
    if n == 1:
        # Title lines and titled items under a lettered item ("A. DEFINITIONS", then "Routing
        # Information. ... as follows:") head paragraphs of the item: a list after them is the item's.
        k = _nearest_clause(headings, i)
        if k < 0 or levels[k] != LETTERED_LEVEL or headings[k].kind not in ("lettered", "roman"):
            return _list_level(headings, i, levels, k) if introduced is not None and introduced(i) else h.level
        return h.level if _has_own_clauses(headings, i) else _ITEM_LEVEL
    previous = str(n - 1)
    seen: set[int] = set()  # levels of the numbers passed: a number there was followed
    lower = False  # a lower number stands before: "5." after "3.", where "4." was lost, not "1."
    for j in range(i - 1, max(-1, i - 1 - LEVEL_REACH), -1):
        other = headings[j]
        if other.kind != "numbered" or not other.label.isdigit():  # type: ignore[union-attr]
            continue
        level = levels[j]
        if other.label == previous and level not in seen:
            # A number with clauses of its own ("3." over "3.1") is the text's, not the next item of
            # a list that a clause before it holds (RFC 8446's "1.", "2." under "2.2").
            return h.level if level > h.level and _has_own_clauses(headings, i) else level
        seen.add(level)
        lower = lower or int(other.label) < n  # type: ignore[arg-type]
    # A list shown from "2.", its "1." run into the line before ("... (each, an "Event"):   EVENT
    # AMOUNT 1.   Upon signing").
    return _list_level(headings, i, levels, _nearest_clause(headings, i)) if n == 2 and not lower else h.level


def _named_level(headings: Sequence[Heading], i: int, levels: Sequence[int]) -> int:
    """The level of a section an RFC names ("Acknowledgements"): beside the numbered sections, or
    beside the appendix nearest before it, whose clauses stand under it."""
    for j in range(i - 1, max(-1, i - 1 - LEVEL_REACH), -1):
        if headings[j].kind == "exhibit" and levels[j] < headings[i].level:
            return levels[j]
    return headings[i].level


def _nearest_clause(headings: Sequence[Heading], i: int) -> int:
    """The nearest heading before heading i that is no title line or titled item, within
    `LEVEL_REACH`; one before the reach (or -1) when there is none."""
    k = i - 1
    while k >= max(0, i - LEVEL_REACH) and headings[k].kind in ("title", "item"):
        k -= 1
    return k


def _has_own_clauses(headings: Sequence[Heading], i: int) -> bool:
    """Whether the heading after heading i numbers a clause under it ("1 Definitions" over "1.1")."""
    following = headings[i + 1].label if i + 1 < len(headings) else None
    return following is not None and following.startswith(f"{headings[i].label}.")


def _number(h: Heading) -> tuple[int, ...] | None:
    """A numbered clause's number ("6.1.2": (6, 1, 2); "3.0" is clause 3), or None for another heading."""
    return _label_number(h.label) if h.kind == "numbered" else None  # type: ignore[arg-type]


@lru_cache(maxsize=4096)  # a long text numbers its clauses with a few thousand labels, each read often
def _label_number(label: str) -> tuple[int, ...] | None:
    if not label.replace(".", "").isdigit():
        return None
    number = tuple(map(int, label.split(".")))
    while len(number) > 1 and number[-1] == 0:
        number = number[:-1]
    return number


def _list_level(headings: Sequence[Heading], i: int, levels: Sequence[int], k: int) -> int:
    """The level of a list's first number ("1.", or "2." when no "1." stands before it): one below
    a clause numbered in levels right before it (heading ``k``, `_nearest_clause`: "6.1.1
    Reimbursement", then "1. Upon signing") or in another style (`_numbered_apart`), whose list it
    is unless it numbers the clause after that one's ("7.") or has clauses of its own ("1.1"); its
    shape's otherwise."""
    h = headings[i]
    if _has_own_clauses(headings, i) or k < max(0, i - LEVEL_REACH):
        return h.level  # the text's own first clause after another's last, or no clause within reach
    number = _number(headings[k])
    if number is not None and (len(number) > 1 or _numbered_apart(headings[k], h)) and not _soon_after(
            (int(h.label),), number):  # type: ignore[arg-type]
        return levels[k] + 1
    return h.level


def _numbered_apart(clause: Heading, item: Heading) -> bool:
    """Whether a list's item is numbered in another style than the clause before it: "1." after "13
    Caching in HTTP" (RFC 2616) is that clause's, where "1." after "13." may begin the text's own list."""
    return not clause.text.startswith(f"{clause.label}.") and item.text.startswith(f"{item.label}.")


def _dotted_level(headings: Sequence[Heading], i: int, levels: Sequence[int]) -> int:
    """The level of a clause numbered in levels ("5.1"): its shape's, under the nearest heading before
    it of a shallower level, unless that heading is a clause a few before its own ("4." over "5.1",
    clause 5's heading lost) and does not cite it, or an item of a list under the clause its number
    goes on (`_listed_under`): then beside that one, and so on up."""
    h = headings[i]
    own = _number(h)
    level = h.level
    if own is None:
        return level
    for j in range(i - 1, max(-1, i - 1 - LEVEL_REACH), -1):
        if levels[j] >= level:
            continue  # closed before it, or open under the heading it goes under
        number = _number(headings[j])
        if number is None or _cites(headings[j].title, h.label):  # type: ignore[arg-type]
            return level
        if not _soon_after(own, number) and not _listed_under(headings, levels, j, own, max(-1, i - 1 - LEVEL_REACH)):
            return level
        level = levels[j]
    return level


def _listed_under(headings: Sequence[Heading], levels: Sequence[int], j: int, own: tuple[int, ...], floor: int) -> bool:
    """Whether heading j, numbered apart from ``own``, is an item of a list under a clause after
    ``floor`` whose number ``own`` goes on ("3." of a list under "13", then "13.1.1", whose "13.1"
    the text lost)."""
    number = _number(headings[j])
    if number is None or len(number) != 1 or own[:1] == number:
        return False
    for m in range(j - 1, floor, -1):
        if levels[m] < levels[j]:
            parent = _number(headings[m])
            return parent is not None and len(parent) < len(own) and own[: len(parent)] == parent
    return False


def _cites(title: str, label: str) -> bool:
    """Whether ``title`` names the clause ``label`` ("1. Section 2.2.7 of the Agreement ... shall be
    deleted" over the "2.2.7" that an amendment restates)."""
    at = title.find(label)
    while at >= 0:
        end = at + len(label)
        if not title[at - 1 : at].isdigit() and title[at - 1 : at] != "." and not title[end : end + 1].isdigit():
            return True
        at = title.find(label, at + 1)
    return False


_LOST_CLAUSES = 3  # how many clauses' headings may be lost between one and the next seen


def _soon_after(number: tuple[int, ...], before: tuple[int, ...]) -> bool:
    """Whether ``number`` numbers a clause a few after ``before`` or under one ("5.1" after "4.",
    "1.4.1" after "1.3"), not one under it ("4.2") nor one that ``before`` restates ("27.1" under
    "1. Section 27.1 of the Agreement is deleted and the following substituted:")."""
    for mine, theirs in zip(number, before):
        if mine != theirs:
            return 0 < mine - theirs <= _LOST_CLAUSES
    return False


def _item_level(headings: Sequence[Heading], i: int) -> int:
    """An item's level: a Roman item ("(ii) Payment.") one below a lettered one, which it falls
    under; "(i)", "(v)" and "(x)" are letters right after "(h)", "(u)" and "(w)", numerals otherwise."""
    h = headings[i]
    label = h.label[1:-1]  # type: ignore[index]
    if len(label) == 1 and label not in "ivx":
        return h.level
    if len(label) == 1:
        before = _LETTER_BEFORE[label.upper()].lower()
        for j in range(i - 1, max(-1, i - 1 - LEVEL_REACH), -1):
            if headings[j].kind == "item":
                return h.level if headings[j].label == f"({before})" else h.level + 1
    return h.level + 1


def build_outline(
    headings: Sequence[Heading],
    offsets: Sequence[int],
    measure: Callable[[int, int], tuple[int, int]],
    *,
    levels: Sequence[int] | None = None,
) -> tuple[tuple[OutlineNode, ...], tuple[OutlineNode, ...]]:
    """(roots, all nodes in pre-order) for ``headings``, each kept relative to its part, which
    starts at ``offsets[i]``; ``measure`` as for :func:`patch_outline`; ``levels`` may pass
    :func:`effective_levels` already computed."""
    if levels is None:
        levels = effective_levels(headings)
    return patch_outline((), headings, levels, offsets, first=0, old_end=0, new_end=len(headings), delta=0,
                         measure=measure)


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
    """The outline after an edit, re-making only the nodes it touched.

    ``previous[first:old_end]`` were replaced by ``headings[first:new_end]``, and every heading
    after them moved by ``delta`` characters, with its level unchanged (the caller's promise).
    Nodes whose part closes before the edit are reused; nodes after it are moved copies; only the
    edited headings and those still open at the edit are measured anew: ``measure(i, last)`` gives
    the end and token count of heading i's part, which runs through part ``last`` (part p holding
    heading p - 1; part 0 is the text before the first heading). Heading i starts at
    ``offsets[i]`` plus its own offsets.
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
    tail = n  # headings from here on are moved copies of old ones, nested as they were
    for i in range(first, n):
        lv = levels[i]
        while stack and levels[stack[-1]] >= lv:
            last_part[stack.pop()] = i
        if stack:
            parents[i] = p = stack[-1]
            depths[i] = depths[p] + 1
        stack.append(i)
        if i >= new_end and _same_open(previous, stack, first, new_end, moved):
            # The open headings are the old ones: what follows nests as it did, moved.
            _close_open(previous, stack, last_part, first, new_end, moved)
            tail = i + 1
            break
    children: dict[int, list[OutlineNode]] = {}
    # Closed before the edit: the same nodes, children and all.
    nodes: list[OutlineNode] = [*previous[:first], *[None] * (tail - first)]  # type: ignore[list-item]
    nodes += _moved_copies(previous, tail - moved, first, moved, delta, children)
    make = tuple.__new__  # the named tuple's own __new__ is a Python function: thousands of calls
    for i in [*range(tail - 1, first - 1, -1), *sorted(open_at_edit, reverse=True)]:
        p = parents[i]
        kids = children.get(i)
        if i >= new_end:
            _, title, level, label, kind, heading_start, heading_end, start, end, tokens, _, _, _ = previous[i - moved]
            node = make(OutlineNode, (
                i, title, level, label, kind, heading_start + delta, heading_end + delta, start + delta,
                end + delta, tokens, p, depths[i], tuple(reversed(kids)) if kids else (),
            ))
        else:
            if i < first:  # open at the edit: its earlier children are closed, hence reused
                kept = [c for c in previous[i].children if c.index < first and c.index not in open_at_edit]
                made = (*kept, *reversed(kids or ()))
            else:
                made = tuple(reversed(kids)) if kids else ()
            h = headings[i]
            at = offsets[i]
            end, size = measure(i, last_part[i])
            node = OutlineNode(
                i, h.title, levels[i], h.label, h.kind, at + h.start, at + h.end, at + h.start, end,
                size, p, depths[i], made,
            )
        nodes[i] = node
        if p is not None:
            children.setdefault(p, []).append(node)
    flat = tuple(nodes)
    return tuple(compress(flat, map(is_, map(_PARENT, flat), repeat(None)))), flat


def _old_index(i: int, first: int, new_end: int, moved: int) -> int | None:
    """Heading i's index before the edit (None: an edited heading)."""
    if i < first:
        return i
    return i - moved if i >= new_end else None


def _same_open(previous: Sequence[OutlineNode], stack: list[int], first: int, new_end: int, moved: int) -> bool:
    """Whether the open headings (``stack``, its top one past the edit) are, in order, those that
    were open at the top one's old place."""
    old = previous[stack[-1] - moved]
    for i in reversed(stack[:-1]):
        if old.parent is None or _old_index(i, first, new_end, moved) != old.parent:
            return False
        old = previous[old.parent]
    return old.parent is None


def _close_open(previous: Sequence[OutlineNode], stack: list[int], last_part: list[int], first: int, new_end: int,
                moved: int) -> None:
    """The part ends of the open headings (``stack``), read from the old nodes (the open headings
    being the old ones, see _same_open)."""
    for i in stack:
        old = previous[_old_index(i, first, new_end, moved)]  # type: ignore[index]
        while old.children:  # the last node of its subtree closes its part
            old = old.children[-1]
        last_part[i] = old.index + 1 + moved


def _moved_copies(previous: Sequence[OutlineNode], old_start: int, first: int, moved: int, delta: int,
                  children: dict[int, list[OutlineNode]]) -> list[OutlineNode]:
    """``previous[old_start:]`` moved by ``moved`` places and ``delta`` characters, nested as they
    were; each whose parent comes before them goes into ``children`` of that parent, last first.
    An old parent is never an edited heading (see _same_open): before ``first`` it stays put."""
    made: list[OutlineNode] = [None] * (len(previous) - old_start)  # type: ignore[list-item]
    tail = old_start + moved
    make = tuple.__new__
    for at in range(len(previous) - 1, old_start - 1, -1):
        index, title, level, label, kind, heading_start, heading_end, start, end, tokens, parent, depth, kids = previous[at]
        if kids:  # a child comes after its parent, so it is made already
            kids = tuple([made[kid[0] - old_start] for kid in kids])
        if parent is not None and parent >= first:
            parent += moved
        made[at - old_start] = node = make(OutlineNode, (
            index + moved, title, level, label, kind, heading_start + delta, heading_end + delta, start + delta,
            end + delta, tokens, parent, depth, kids,
        ))
        if parent is not None and parent < tail:
            children.setdefault(parent, []).append(node)
    return made


def moved_alike(old: Sequence[OutlineNode], new: Sequence[OutlineNode], start: int, end: int, delta: int) -> bool:
    """Whether the new outline is the old one with every offset moved by an edit of [start, end)
    that changed the length by ``delta``: the same labels, titles and parents, no range starting
    or ending inside the edit. Offsets before ``start`` stay; the others move by ``delta``."""
    if len(old) != len(new):
        return False
    # Nodes before the edit are the old version's own (a patched outline reuses them), but for
    # those open at the edit; after the first that opens after it, all do.
    j = 0
    for o, n in zip(old, new):
        if o is not n:
            if min(o.start, o.heading_start) >= end:
                break
            if (o.title, o.label, o.parent) != (n.title, n.label, n.parent):
                return False
            for at, now in ((o.heading_start, n.heading_start), (o.heading_end, n.heading_end), (o.start, n.start),
                            (o.end, n.end)):
                if now != (at if at < start else at + delta if at >= end else -1):
                    return False
        j += 1
    # The thousands after it, field by field in bulk: every offset there lies after the edit.
    after, moved = old[j:], new[j:]
    if min(map(_START, after), default=end) < end or min(map(_HEADING_START, after), default=end) < end:
        return False  # not in document order: no outline this module makes
    # Field by field, so that no tuple is made per node: thousands of them, kept alive together,
    # would set off the cyclic collector over every object of the process.
    return all(list(map(field, after)) == list(map(field, moved)) for field in _NAMES) and all(
        [at + delta for at in map(field, after)] == list(map(field, moved)) for field in _OFFSETS
    )


_NAMES = (itemgetter(1), itemgetter(3), itemgetter(10))  # title, label, parent
_OFFSETS = (itemgetter(5), itemgetter(6), itemgetter(7), itemgetter(8))  # heading_start, heading_end, start, end
_START, _HEADING_START, _PARENT = itemgetter(7), itemgetter(5), itemgetter(10)
