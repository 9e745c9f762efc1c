"""Seeded random edits of a document, for the tests that an edited version equals a fresh build."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from longdoc.document import LongDocument


def random_edits(doc: LongDocument, fragments: Sequence[str], seed: int, count: int = 30) -> Iterator[LongDocument]:
    """The versions of ``doc`` after each of ``count`` edits, each writing one of ``fragments``
    over 0, 1 or 5 characters at a random offset."""
    rng = random.Random(seed)
    for _ in range(count):
        at = rng.randrange(len(doc.text))
        doc = doc.edit(at, min(len(doc.text), at + rng.choice([0, 0, 1, 5])), rng.choice(fragments))
        yield doc
