"""Renumbering a list of clauses: the edits that make a clause and those after it in its list run
on from the clause before it (5.1, 5.3, 5.4 -> 5.1, 5.2, 5.3; a second 7.4 -> 7.5, 7.5 -> 7.6), with
their sub-clauses' numbers and every citation of them, as a drafter's word processor would.

Pure functions over the text, its outline and its citations; offsets are `str` offsets.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from .anchors import MARKDOWN_KINDS, line_anchor
from .entries import TextEdit
from .numbering import clause_number, number_written
from .outline import children_of
from .references import ANCHOR, OutlinePart, Reference

__all__ = ["Renumbering", "clause_number_at", "clause_renaming", "renumbering"]


class Renumbering(NamedTuple):
    """The edits that renumber a list of clauses. `clauses` pairs each renumbered clause's number
    with its new one as its heading writes them ("5.3", "5.2"; "6.10", "6.09"), in text order, the
    clause asked for first; `edits`, in text order and apart, rewrite those numbers, the numbers of
    their sub-clauses ("5.3.1" -> "5.2.1") and the citations of any of them; `citations` counts the
    citations rewritten. `shared` counts the citations of the number of the clause asked for that
    lead to a clause before it numbered alike (the first of two 5.3), rewritten only when asked;
    `stranded` the citations that lead nowhere and would lead to a clause renumbered (the "Section
    5.3" of a clause 5.3 deleted, when 5.4 becomes 5.3)."""

    clauses: tuple[tuple[str, str], ...]
    edits: tuple[TextEdit, ...]
    citations: int
    shared: int = 0
    stranded: int = 0


def renumbering(text: str, nodes: Sequence[OutlinePart], references: Sequence[Reference],
                offset: int, shared: bool = False) -> Renumbering | None:
    """The renumbering that makes the numbered clause whose heading holds ``offset``, and the
    clauses after it in its list, run on from the numbered clause before it; None where no
    numbered clause's heading holds ``offset``, none stands before it in its list, or it runs on
    already, or where a number it would give is another clause's of the parent. The list ends before
    a clause numbered 1 (a new list) or one of another numbering ("6.1" among "5.x"). With
    ``shared``, the citations of the clause's number that lead to a clause before it numbered alike
    are its own (a clause was put before it under its number: "5.3 New" over "5.3 Audit")."""
    at = _heading_at(nodes, offset)
    number = _number_of(nodes[at]) if at is not None else None
    if number is None:
        return None
    asked = nodes[at]
    siblings = [nodes[i] for i in children_of(nodes, asked.parent)]
    place = next(i for i, n in enumerate(siblings) if n.index == asked.index)
    before = next((m for m in (_number_of(n) for n in reversed(siblings[:place])) if m is not None), None)
    if before is None or not _same_list(before, number):
        return None
    renamed: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}  # node index -> (number, new number)
    new = before
    for node in siblings[place:]:
        old = _number_of(node)
        if old is None:
            continue
        if node is not asked and (old[-1] == 1 or not _same_list(number, old)):
            break
        new = new[:-1] + (new[-1] + 1,)
        if old != new:
            renamed[node.index] = (old, new)
    if asked.index not in renamed:
        return None
    # A number another clause of the parent keeps would be written twice, and its citations
    # would lead to either.
    given = {new for _, new in renamed.values()}
    if any(n.index not in renamed and _number_of(n) in given for n in siblings):
        return None
    # A list numbered "6.05", "6.06" goes on "6.09", "6.10": its numbers' last parts are as wide
    # as the widest written with a leading zero.
    width = max((len(w) for w in _last_parts(text, siblings, renamed, before, asked.index) if w.startswith("0")), default=0)
    # The resolver gives the citations of a number written twice to the first clause of it.
    namesake = next((n.index for n in reversed(siblings[:place]) if _number_of(n) == number), None)
    return _renumbered(text, nodes, references, renamed, width, namesake, shared)


def clause_number_at(text: str, nodes: Sequence[OutlinePart], references: Sequence[Reference],
                     offset: int) -> tuple[int, int, int] | None:
    """The numbered clause whose number is written at ``offset`` (in its heading, or anywhere in a
    citation that resolves to it) and where that number is written: (node index, start, end)."""
    at = _heading_at(nodes, offset)
    if at is not None and (number := _number_of(nodes[at])) is not None:
        span = number_written(text, nodes[at].heading_start, nodes[at].heading_end, number)
        if span is not None and span[0] <= offset <= span[1]:
            return at, *span
    for ref in references:
        if ref.start <= offset <= ref.end and ref.target is not None and ref.exact and ref.kind != ANCHOR:
            number = clause_number(ref.label)
            if number is not None and number == _number_of(nodes[ref.target]):
                span = number_written(text, ref.start, ref.end, number)
                if span is not None:
                    return ref.target, *span
    return None


def clause_renaming(text: str, nodes: Sequence[OutlinePart], references: Sequence[Reference], index: int,
                    number: str) -> Renumbering:
    """The edits that number the clause ``nodes[index]`` ``number`` ("5.4", written as given),
    with its sub-clauses and every citation of them. ValueError where ``number`` is not a clause
    number, or is another clause's."""
    old = _number_of(nodes[index])
    new = clause_number(number) if _WRITTEN_NUMBER.fullmatch(number) else None
    if old is None:
        raise ValueError(f"clause {nodes[index].label or nodes[index].title!r} has no number")
    if new is None:
        raise ValueError(f"{number!r} is not a clause number (digits and dots, as in 5.4)")
    if any(_number_of(n) == new for n in nodes if n.index != index):
        raise ValueError(f"another clause is numbered {number}")
    last = number.split(".")[-1]
    return _renumbered(text, nodes, references, {index: (old, new)}, len(last) if last.startswith("0") else 0)


_WRITTEN_NUMBER = re.compile(r"\d+(?:\.\d+)*")


def _renumbered(text: str, nodes: Sequence[OutlinePart], references: Sequence[Reference],
                renamed: dict[int, tuple[tuple[int, ...], tuple[int, ...]]], width: int,
                namesake: int | None = None, shared: bool = False) -> Renumbering:
    """The edits that give each clause of ``renamed`` (node index -> (number, new number)) its
    new number, the last part ``width`` wide at least, with its sub-clauses and citations; those of
    the clause ``namesake``, numbered as the first of ``renamed``, are counted, and rewritten with
    ``shared``."""
    edits: dict[int, TextEdit] = {}
    cited: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}  # node index -> the rewrite of its subtree
    headed: dict[int, TextEdit | None] = {}  # node index -> the edit of its heading's number, if it has one
    clauses = []
    for index, (old, new) in renamed.items():
        node = nodes[index]
        edit = headed[index] = _rewrite(text, node.heading_start, node.heading_end, old, old, new, width, edits)
        clauses.append((text[edit.start : edit.end], edit.text) if edit else (_name(old), _name(new)))
        for inner in _subtree(nodes, index):
            own = _number_of(nodes[inner])
            if inner != index and own is not None and own[: len(old)] == old:
                headed[inner] = _rewrite(text, nodes[inner].heading_start, nodes[inner].heading_end, own, old, new,
                                         width, edits)
            cited[inner] = (old, new)
    number, moved = next(iter(renamed.values()))
    theirs = set(_subtree(nodes, namesake)) if namesake is not None else set()
    given = {new for _, new in renamed.values()}
    count = taken = stranded = 0
    kept: set[str] | None = None
    for ref in references:
        if ref.kind == ANCHOR:
            if headed.get(ref.target) is not None:
                if kept is None:  # the anchors of the headings that keep their lines
                    kept = {line_anchor(_line(text, n.heading_start)) for n in nodes
                            if n.kind in MARKDOWN_KINDS and headed.get(n.index) is None}
                count += _reanchor(text, nodes[ref.target], ref, headed[ref.target], kept, edits)
            continue
        own = clause_number(ref.label)
        if own is None:
            continue
        if ref.target is None or not ref.exact and ref.target not in cited and ref.target not in theirs:
            # Cited nowhere, or only as far as a part that holds the number ("4" of "Section 4.2").
            stranded += not ref.scope and any(own[: len(g)] == g for g in given)
            continue
        if ref.target in cited:
            old, new = cited[ref.target]
        elif ref.target in theirs and own[: len(number)] == number:
            taken += 1
            if not shared:
                continue
            old, new = number, moved
        else:
            continue
        if own[: len(old)] == old and _rewrite(text, ref.start, ref.end, own, old, new, width, edits):
            count += 1
    return Renumbering(tuple(clauses), tuple(sorted(edits.values())), count, taken, stranded)


def _reanchor(text: str, node: OutlinePart, ref: Reference, numbered: TextEdit, kept: set[str],
              edits: dict[int, TextEdit]) -> bool:
    """Record the edit that makes a Markdown link to the heading of ``node``, renumbered by
    ``numbered``, lead to its new anchor ("#23-taxes" of "### 2.3 Taxes" -> "#22-taxes"); False
    where a heading that keeps its line has that anchor (the new one would take a "-1")."""
    line_start = text.rfind("\n", 0, node.heading_start) + 1
    line = _line(text, node.heading_start)
    at = numbered.start - line_start
    anchor = line_anchor(line[:at] + numbered.text + line[at + numbered.end - numbered.start :])
    if ref.start in edits or anchor in kept:
        return False
    edits[ref.start] = TextEdit(ref.start, ref.end, "#" + anchor)
    return True


def _line(text: str, offset: int) -> str:
    """The line that holds ``offset``."""
    end = text.find("\n", offset)
    return text[text.rfind("\n", 0, offset) + 1 : len(text) if end < 0 else end]


_HEADING_START = attrgetter("heading_start")


def _heading_at(nodes: Sequence[OutlinePart], offset: int) -> int | None:
    """The index of the node whose heading holds ``offset``, or None."""
    at = bisect_right(nodes, offset, key=_HEADING_START) - 1
    return at if at >= 0 and offset <= nodes[at].heading_end else None


def _subtree(nodes: Sequence[OutlinePart], index: int) -> range:
    """The indices of ``nodes[index]`` and the nodes under it, which follow it."""
    end, stop = nodes[index].end, index + 1
    while stop < len(nodes) and nodes[stop].heading_start < end:
        stop += 1
    return range(index, stop)


def _number_of(node: OutlinePart) -> tuple[int, ...] | None:
    return clause_number(node.label) if node.label else None


def _same_list(before: tuple[int, ...], number: tuple[int, ...]) -> bool:
    return len(before) == len(number) and before[:-1] == number[:-1]


def _name(number: tuple[int, ...]) -> str:
    return ".".join(map(str, number))


def _last_parts(text: str, siblings: Sequence[OutlinePart], renamed: dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
                before: tuple[int, ...], asked: int) -> list[str]:
    """The last parts of the list's numbers as its headings write them ("06" of "Section 6.06")."""
    out = []
    for node in siblings:
        number = _number_of(node)
        if number is None or not _same_list(before, number) or (node.index >= asked and node.index not in renamed):
            continue
        span = number_written(text, node.heading_start, node.heading_end, number)
        if span is not None:
            out.append(text[span[0] : span[1]].rsplit(".", 1)[-1])
    return out


def _rewrite(text: str, start: int, end: int, number: tuple[int, ...], old: tuple[int, ...], new: tuple[int, ...],
             width: int, edits: dict[int, TextEdit]) -> TextEdit | None:
    """Record and return the edit that writes ``number``, found first in text[start:end], with
    ``new`` in place of its leading ``old``: each part as wide as written where written with a
    leading zero ("2.06" -> "2.05"), the last of ``new`` ``width`` wide at least; None where
    ``number`` is not written there or an edit there is recorded already."""
    span = number_written(text, start, end, number)
    if span is None or span[0] in edits:
        return None
    written = text[span[0] : span[1]].split(".")
    head = [str(n).zfill(len(written[i]) if i < len(old) and written[i].startswith("0") else 0) for i, n in enumerate(new)]
    head[-1] = head[-1].zfill(width)
    edit = edits[span[0]] = TextEdit(*span, ".".join(head + written[len(old) :]))
    return edit
