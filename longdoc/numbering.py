"""Clause numbers that a word processor gave and text extraction lost.

A contract numbered automatically ("4.1 Reimbursement Generally") often reaches text as its titles
alone ("Reimbursement Generally. TAG shall ..."), while a few clauses typed by hand keep their
numbers ("4.2 Conditions of Reimbursement"). Where the numbers kept are exactly those that the
clauses' places give, the lost ones are known too.
"""

from __future__ import annotations

import re
from typing import Protocol, Sequence

from .numerals import roman_value

__all__ = ["clause_number", "implied_numbers", "number_written"]


class Numbered(Protocol):
    """What the implied numbering reads of an outline node (longdoc.outline.OutlineNode has it)."""

    index: int
    parent: int | None
    label: str | None
    kind: str


# A clause's label as the outline gives it: "5", "5.2", "Section 5.2", "§ 4".
_NUMBER_LABEL = re.compile(r"^(?:section\s+|§\s*)?(\d+(?:\.\d+)*)\.?$", re.IGNORECASE)


def clause_number(label: str) -> tuple[int, ...] | None:
    """The number of a clause labelled ``label`` ("5.2" and "Section 5.2" -> (5, 2); "2.06" ->
    (2, 6)), or None for another label ("Article V", "(a)", "Exhibit A")."""
    m = _NUMBER_LABEL.match(label)
    return tuple(map(int, m.group(1).split("."))) if m else None


_NUMBER = re.compile(r"(?<![\d.])\d+(?:\.\d+)*")


def number_written(text: str, start: int, end: int, number: tuple[int, ...]) -> tuple[int, int] | None:
    """Where ``number`` is first written in text[start:end] ("2.06" for (2, 6)), or None."""
    for m in _NUMBER.finditer(text, start, end):
        if tuple(map(int, m.group().split("."))) == number:
            return m.span()
    return None


_ARTICLE_LABEL = re.compile(r"Article ([0-9]{1,3}|[IVXLC]{1,7})\Z")
_CLAUSE_LABEL = re.compile(r"([0-9]{1,3})\.([0-9]{1,3})\Z")
_EVIDENCE = 2  # clauses whose kept numbers are their places, at the least


def implied_numbers(nodes: Sequence[Numbered]) -> dict[int, str]:
    """The numbers of the titled paragraphs of each article that stand before one of its numbered
    clauses, by node index ("4.1" of "Reimbursement Generally", before "4.2" under ARTICLE IV), when
    every numbered clause of every article is numbered by its place among the article's clauses and
    titled paragraphs (those under its clauses included) and at least two are; {} otherwise. After an
    article's last number, a title the outline missed would shift every place: none is implied."""
    children: dict[int, list[Numbered]] = {}
    for node in nodes:
        if node.parent is not None:
            children.setdefault(node.parent, []).append(node)
    found: dict[int, str] = {}
    evidence = 0
    for node in nodes:
        m = _ARTICLE_LABEL.match(node.label or "") if node.kind == "article" else None
        if m is None or node.index not in children:
            continue
        article = int(m.group(1)) if m.group(1).isdigit() else roman_value(m.group(1))
        titled = []
        for place, clause in enumerate(_clauses(node.index, children), 1):
            if clause.label is None:
                titled.append((clause.index, place))
                continue
            number = _CLAUSE_LABEL.match(clause.label)
            if number is None or (int(number.group(1)), int(number.group(2))) != (article, place):
                return {}  # numbered otherwise: the places say nothing
            evidence += 1
            found.update((index, f"{article}.{at}") for index, at in titled)
            titled = []
    return found if evidence >= _EVIDENCE else {}


def _clauses(article: int, children: dict[int, list[Numbered]]) -> list[Numbered]:
    """The article's numbered clauses and titled paragraphs in order, with the titled paragraphs
    that the outline placed under a numbered clause ("Extension of Conversion Date" after "4.2")."""
    out = []
    for child in children.get(article, ()):
        if child.kind == "title" and child.label is None:
            out.append(child)
        elif child.kind == "numbered" and child.label is not None and "." in child.label:
            out.append(child)
            out.extend(c for c in children.get(child.index, ()) if c.kind == "title" and c.label is None)
    return out
