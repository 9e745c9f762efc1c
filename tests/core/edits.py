"""Random edits of a document, for the tests that an edited version equals a fresh build."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from longdoc.definitions import byte_view, view_after_edit
from longdoc.document import LongDocument


def random_edits(doc: LongDocument, fragments: Sequence[str], seed: int, count: int = 30) -> Iterator[LongDocument]:
    """The versions of ``doc`` after each of ``count`` edits, each writing one of ``fragments``
    over 0, 1 or 5 characters at a random offset."""
    rng = random.Random(seed)
    for _ in range(count):
        at = rng.randrange(len(doc.text))
        doc = doc.edit(at, min(len(doc.text), at + rng.choice([0, 0, 1, 5])), rng.choice(fragments))
        yield doc


def versions_asked(doc: LongDocument,
                   edits: Sequence[tuple[float, float, str, bool]]) -> Iterator[tuple[LongDocument, LongDocument]]:
    """After its definitions, references and diagnostics are found, ``doc`` edited by each of ``edits``
    (where and how much it replaces, as shares of the text, what it writes, and whether the version
    is asked for them): each version asked for, and the last, with a fresh build of its text."""
    doc.definitions, doc.references, doc.diagnostics()
    for i, (where, span, new, ask) in enumerate(edits):
        n = len(doc.text)
        start = int(where * n)
        doc = doc.edit(start, min(n, start + int(span * n)), new)
        if ask or i == len(edits) - 1:
            yield doc, LongDocument(doc.text)


def view_patched_as_fresh(text: str, at: int, length: int, new: str) -> None:
    """The byte view of ``text`` patched after ``new`` replaced ``length`` characters at ``at``
    (both cut to the text) is the view of the new text."""
    start = min(at, len(text))
    end = min(len(text), start + length)
    after = text[:start] + new + text[end:]
    assert view_after_edit(byte_view(text), after, start, end, len(new)) == byte_view(after)
