"""A text's parts (the preamble, then a heading and its body each) and their sections: spans and
index keys relative to each part, stored flat, so that an edit replaces a few parts and moves the rest.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import NamedTuple, overload

from .analysis import token_classes, tokens_from_raw
from .headings import Heading
from .sections import RawCount, split_sized

__all__ = ["KEY_BITS", "KEY_MASK", "Part", "PartHeadings", "PendingSplit", "SectionKeys", "Spans", "Starts", "position"]

KEY_BITS = 24  # a part never holds 16 million sections
KEY_MASK = (1 << KEY_BITS) - 1


def position(i: int, n: int, what: str) -> int:
    """Index ``i`` of a sequence of ``n`` items as a position from the start (a negative one counts
    from the end); IndexError naming ``what`` when there is no such item."""
    if i < 0:
        i += n
    if not 0 <= i < n:
        raise IndexError(f"{what} index out of range")
    return i


class PartHeadings(Sequence[Heading]):
    """The headings of a document's parts, read from the parts when asked: part p + 1 holds heading p."""

    __slots__ = ("_parts",)

    def __init__(self, parts: list["Part"]) -> None:
        self._parts = parts

    def __len__(self) -> int:
        return len(self._parts) - 1

    @overload
    def __getitem__(self, i: int) -> Heading: ...
    @overload
    def __getitem__(self, i: slice) -> list[Heading]: ...
    def __getitem__(self, i: int | slice) -> Heading | list[Heading]:
        if isinstance(i, slice):
            return [part.heading for part in self._parts[1:][i]]  # type: ignore[misc]
        return self._parts[position(i, len(self), "heading") + 1].heading  # type: ignore[return-value]


class Part:
    """A heading (or the preamble) and its body: sections and statistics relative to ``start``.

    The outline needs only the part's size and where its content ends; its sections can be cut
    when first asked for (``pending``): an editor shows the outline of a file it opens at once."""

    __slots__ = ("uid", "length", "heading", "raw", "md_lines", "content_end", "keys", "_spans", "_tokens",
                 "_pending")

    def __init__(self, uid: int, length: int, heading: Heading | None, raw: int, md_lines: int, content_end: int,
                 spans: Spans | None, tokens: list[int] | None, pending: PendingSplit | None = None) -> None:
        self.uid = uid
        self.length = length
        self.heading = heading  # offsets relative to the part's start (so start == 0)
        self.raw = raw
        self.md_lines = md_lines
        self.content_end = content_end  # where its last section ends (0: it has none)
        self._spans = spans
        self._tokens = tokens
        self._pending = pending
        # The index keys of its sections: ``uid`` and the section's place in the part, packed, unless
        # an edit in place gave the sections it changed keys of their own (see LongDocument._rekey).
        self.keys: array[int] | None = None

    def key(self, j: int) -> int:
        """The index key of section ``j``."""
        keys = self.keys
        return self.uid << KEY_BITS | j if keys is None else keys[j]

    def key_run(self) -> Sequence[int]:
        """The index keys of its sections, in order."""
        base = self.uid << KEY_BITS
        return range(base, base + len(self.spans)) if self.keys is None else self.keys

    @property
    def spans(self) -> Spans:
        spans = self._spans
        return spans if spans is not None else self._cut()

    @property
    def tokens(self) -> list[int]:
        if self._spans is None:
            self._cut()
        return self._tokens  # type: ignore[return-value]

    @property
    def is_cut(self) -> bool:
        """Whether the part's sections are cut yet."""
        return self._spans is not None

    def _cut(self) -> Spans:
        pending = self._pending
        if pending is None:  # cut meanwhile by another thread, which sets the spans last but one
            return self._spans  # type: ignore[return-value]
        spans, self._tokens = pending.cut()
        self._spans = spans
        self._pending = None  # lets go of the text it was cut from
        return spans


class Spans(Sequence[tuple[int, int]]):
    """A part's sections as (start, end) pairs, kept flat as machine integers: a list of tuples
    costs about 120 bytes a section, these 16 (10 MB of contract: 28,000 sections).

    An edit in place moves the pairs after it; rather than each pair, a step is noted (``_steps``:
    from a pair on, what to add), and the steps are applied once they grow many."""

    __slots__ = ("_flat", "_steps")

    def __init__(self, pairs: Iterable[tuple[int, int]]) -> None:
        self._flat = array("q", chain.from_iterable(pairs))
        self._steps: tuple[tuple[int, int], ...] = ()  # (first pair, what to add from it on), in order

    def __len__(self) -> int:
        return len(self._flat) >> 1

    @overload
    def __getitem__(self, j: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, j: slice) -> list[tuple[int, int]]: ...
    def __getitem__(self, j: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        if isinstance(j, slice):
            return list(self)[j]
        j = position(j, len(self._flat) >> 1, "section")
        flat = self._flat
        add = self._added(j)
        return flat[2 * j] + add, flat[2 * j + 1] + add

    def _added(self, j: int) -> int:
        steps = self._steps
        if not steps:
            return 0
        k = bisect_right(steps, (j, _NO_SECTION)) - 1
        return steps[k][1] if k >= 0 else 0

    def __iter__(self) -> Iterator[tuple[int, int]]:
        flat = self._flat
        if not self._steps:
            return zip(flat[0::2], flat[1::2])
        return zip(self._moved(self._flat[0::2]), self._moved(self._flat[1::2]))

    def starts(self) -> Sequence[int]:
        """The sections' starts, each read when asked for (to bisect)."""
        return Starts(self)

    def _moved(self, values: array[int]) -> Sequence[int]:
        if not self._steps:
            return values
        bounds = [j for j, _ in self._steps] + [len(values)]
        out = array("q", values[: bounds[0]])
        for (j, add), end in zip(self._steps, bounds[1:]):
            out.extend(map(add.__add__, values[j:end]) if add else values[j:end])
        return out

    def spliced(self, i: int, j: int, pairs: list[tuple[int, int]], delta: int) -> "Spans":
        """These spans with ``i`` to ``j - 1`` replaced by ``pairs`` and those after moved by ``delta``."""
        flat = self._flat
        out = Spans(())
        steps = self._steps
        if len(steps) >= _MAX_STEPS:
            flat, steps = array("q", chain.from_iterable(self)), ()
        m = len(pairs)
        after = self._added(j) if steps else 0
        out._flat = flat[: 2 * i] + array("q", chain.from_iterable(pairs)) + flat[2 * j :]
        # Pairs before the edit keep their steps; the new ones are as given; those after it move.
        kept = [step for step in steps if step[0] < i]
        moved = [(k - j + i + m, add + delta) for k, add in steps if k > j]
        out._steps = _without_repeats([*kept, (i, 0), (i + m, after + delta), *moved])
        return out


def _without_repeats(steps: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Steps without those that add what the one before adds (or nothing, first), and of two at one
    pair, the later only."""
    out: list[tuple[int, int]] = []
    for j, add in steps:
        if out and out[-1][0] == j:
            out.pop()
        if (out[-1][1] if out else 0) != add:
            out.append((j, add))
    return tuple(out)


class Starts(Sequence[int]):
    """The starts of a part's sections, each read when asked for."""

    __slots__ = ("_spans",)

    def __init__(self, spans: Spans) -> None:
        self._spans = spans

    def __len__(self) -> int:
        return len(self._spans)

    @overload
    def __getitem__(self, j: int) -> int: ...
    @overload
    def __getitem__(self, j: slice) -> list[int]: ...
    def __getitem__(self, j: int | slice) -> int | list[int]:
        if isinstance(j, slice):
            return [s for s, _ in self._spans[j]]
        return self._spans[j][0]


_NO_SECTION = 1 << 62  # larger than any addition: bisects to the last step at or before a pair
_MAX_STEPS = 32  # steps noted in a part's spans before they are applied


class PendingSplit(NamedTuple):
    """What cutting a part into sections of the default size estimate needs: the text it was read
    from and where in it the part lies. Parts share no state, so any thread may cut one. (A tuple
    of a string and numbers: the cyclic garbage collector stops tracking it, and a 50 MB text
    has 60,000 parts.)"""

    text: str
    start: int
    end: int
    head_end: int | None
    limit: int
    target: int

    def cut(self) -> tuple[Spans, list[int]]:
        start = self.start
        count = RawCount(token_classes(self.text[start : self.end]), start)
        sized = split_sized(self.text, start, self.end, count, self.limit, self.target, self.head_end)
        return Spans((s - start, e - start) for s, e, _ in sized), [tokens_from_raw(n) for _, _, n in sized]


class SectionKeys:
    """The index keys of one version's sections and their positions, each way. Holds the parts,
    not the document: the index keeps this, and the document keeps the index."""

    __slots__ = ("_parts", "_prefix", "_first", "_irregular", "_part_at", "_keys")

    def __init__(self, parts: list[Part], prefix: list[int]) -> None:
        self._parts = parts
        self._prefix = prefix
        self._first: dict[int, int] | None = None  # a part's first section position by its uid
        self._irregular: dict[int, int] = {}  # the position of each key of a part whose keys are listed
        self._part_at: dict[int, int] | None = None  # a part's position by each uid of its keys
        self._keys: list[int] | None = None

    def __len__(self) -> int:
        return self._prefix[-1]

    def keys(self) -> list[int]:
        if self._keys is None:
            self._keys = list(chain.from_iterable(part.key_run() for part in self._parts))
        return self._keys

    def key_at(self, i: int) -> int:
        p = bisect_right(self._prefix, i) - 1
        return self._parts[p].key(i - self._prefix[p])

    def positions(self, keys: Iterable[int]) -> list[int]:
        """The positions of ``keys``, in their order."""
        first = self._first
        if first is None:
            first = self._first = {}
            for part, at in zip(self._parts, self._prefix):
                if part.keys is None:
                    first[part.uid] = at
                else:
                    self._irregular.update(zip(part.keys, range(at, at + len(part.keys))))
        irregular = self._irregular
        if not irregular:
            return [first[k >> KEY_BITS] + (k & KEY_MASK) for k in keys]
        return [irregular[k] if (at := first.get(k >> KEY_BITS)) is None else at + (k & KEY_MASK) for k in keys]

    def all_placed(self) -> bool:
        """Whether every key is its part's uid and the section's place in it (none is listed)."""
        if self._first is None:
            self.positions(())
        return not self._irregular

    def step(self, key: int, d: int) -> int | None:
        """The key of the section ``d`` places after ``key``'s in its part (before it, when negative),
        or None; past the part's end it may name a key that no section has."""
        if self._first is None:
            self.positions(())
        at = self._irregular.get(key)
        if at is None:
            return key + d if (key & KEY_MASK) + d >= 0 else None
        p = bisect_right(self._prefix, at) - 1
        return self._parts[p].key(at + d - self._prefix[p]) if self._prefix[p] <= at + d < self._prefix[p + 1] else None

    def part_positions(self, keys: Iterable[int]) -> list[int]:
        """The positions of the parts that hold ``keys``, each once, in document order."""
        at = self._part_at
        if at is None:
            at = self._part_at = {}
            for p, part in enumerate(self._parts):
                at[part.uid] = p
                if part.keys is not None:
                    at.update(dict.fromkeys({k >> KEY_BITS for k in part.keys}, p))
        return sorted({at[k >> KEY_BITS] for k in keys})
