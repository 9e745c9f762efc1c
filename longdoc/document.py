"""LongDocument: sections, outline and BM25 index of one text, kept equal to a fresh build on edits.

The text is held as *parts*: the preamble, then one part per heading, from the heading to the next.
Each part keeps its sections relative to its own start, so an edit re-splits only the parts it
touches, shifts the starts of the rest, and patches the BM25 postings. An edit deep in a long part
(a document of megabytes without headings is one) reads again only the lines around it and cuts
again only the sections around it.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Collection, Container, Sequence, Set as AbstractSet
from dataclasses import dataclass, replace
from itertools import accumulate, count as _counter, repeat
from operator import attrgetter
from typing import Callable, Iterable, Iterator, NamedTuple, overload

from . import dense
from .analysis import Analyzer, class_raw_count, forget_words, terms, token_classes, tokens_from_raw, words
from .bm25 import Postings
from .completion import Completion, completions
from .contents import LINE_REACH
from .definitions import Definition, byte_view, definitions_after_edit, find_definitions, view_after_edit
from .dense import DenseImpacts, DenseQuery
from .diagnostics import Diagnosis, Diagnostic, diagnosis
from .entries import TextEdit, definition_entry
from .glosses import Gloss, glosses
from .headings import (LINES_READ, MARKDOWN_HEADING_RE, RUNNING_EDIT_REACH, Heading, caps_lines_above,
                       caption_at, is_markdown, scan_headings)
from .anchors import forget_anchors
from .markdown import (BLOCK_MARK_RE, CodeLayout, code_layout, code_layout_after_edit, code_near_edit,
                       front_matter_end)
from .marks import Mark, merged_marks, remarked_stretches
from .names import clause_index, clause_named_at, name_uses
from .outline import LEVEL_REACH, OutlineNode, build_outline, effective_levels, moved_alike, patch_outline, shape_level
from .parts import KEY_BITS, KEY_MASK, Part, PartHeadings, PendingSplit, SectionKeys, Spans, position
from .query import analyse_query, inflected_terms
from .ranking import NEIGHBOUR_SHARE, asks_for_opening, opening_sections, promote_opening
from .references import LabelIndex, Reference, find_references, forget_heading_keys, references_after_edit
from .renumbering import Renumbering, clause_number_at, clause_renaming, renumbering
from .sections import RawCount, Section, max_raw_for, split_again, split_sized, stripped
from .segments import LINE_BREAKS, leans_on_previous
from .signatures import SIGNATURE_REACH, capitals_in, signature_lines_in
from .topk import BlockImpacts, PrunedQuery, RankedQuery, every_relevance
from .uses import Use, UseIndex, forget_use_patterns, use_at, use_reach, uses_of
from .window import Window
from .wrapped import rewrapped, unwrapped

__all__ = ["LongDocument"]

_K1 = 1.2
_B = 0.75
# A part this long (characters) is edited in place: the lines and sections around an edit are read
# again, not the whole part (a document of megabytes without headings is one part).
_LONG_PART = 16_384
# A heading's contents-row check reads its line up to LINE_REACH either side, the furthest any
# heading rule reads: an edit further on, on the same line, leaves it standing, so the line before
# an edit's is read from no further back.
_READ_BACK = LINE_REACH
# How far back from a heading the colon that opens its list is looked for, past blank lines.
_LIST_OPENING_REACH = 200


class _OutlineSeed(NamedTuple):
    """The outline of the version an edit came from, and where the edit changed its headings:
    ``[first, old_end)`` of the old headings became ``[first, new_end)``; later ones moved ``delta``."""

    nodes: tuple[OutlineNode, ...]
    levels: list[int]
    first: int
    old_end: int
    new_end: int
    delta: int
    markdown: bool


class _Sections(Sequence[Section]):
    """The document's sections, made on first access (an edit would otherwise rebuild them all)."""

    # A view that keeps its document alive, never held by the document itself: a document that
    # held it would form a cycle, and every edited-away version (its whole text) would wait for
    # the cyclic garbage collector instead of being freed at once.
    __slots__ = ("_doc",)

    def __init__(self, doc: "LongDocument") -> None:
        self._doc = doc

    def __len__(self) -> int:
        return self._doc._section_prefix[-1]

    @overload
    def __getitem__(self, i: int) -> Section: ...
    @overload
    def __getitem__(self, i: slice) -> list[Section]: ...
    def __getitem__(self, i: int | slice) -> Section | list[Section]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self._doc._section(position(i, len(self), "section"))

    def __iter__(self) -> Iterator[Section]:
        for i in range(len(self)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __repr__(self) -> str:
        return f"<{len(self)} sections>"


@dataclass(frozen=True)
class _Carried:
    """What a version had computed of its contract intelligence, and the one edit (``start`` to
    ``end`` of that version's text, now ``length`` characters) that leads from it to this text."""

    view: bytes | None
    definitions: list[Definition] | None
    references: list[Reference] | None
    nodes: Sequence[OutlineNode]
    start: int
    end: int
    length: int
    diagnosis: Diagnosis | None = None
    outline_moved: bool = False  # whether the outline of this text is the earlier one moved by the edit
    labels: LabelIndex | None = None  # the citation keys of ``nodes``, where completions asked for them
    code: CodeLayout | None = None  # where that version's code stood

    def spans_much_of(self, text_length: int) -> bool:
        """Whether the edit reaches over more than a quarter of the text it leads to."""
        return 4 * (self.length + self.end - self.start) > text_length

    def then(self, start: int, end: int, length: int) -> "_Carried":
        """The same record after a further edit of the text it leads to: one edit covering both."""
        union_start = min(start, self.start)
        union_end = max(end, self.start + self.length)  # in the text before this further edit
        return replace(self, start=union_start, end=self.end + max(0, end - (self.start + self.length)),
                       length=union_end - union_start + length - (end - start), outline_moved=False)


class LongDocument:
    """One text cut into sections that cover it in order, with its outline and a BM25 index.

    Immutable: :meth:`edit` returns a new document equal to a fresh build of the edited text.
    """

    def __init__(self, text: str, max_tokens: int = 256, count: Callable[[str], int] | None = None,
                 *, analyzer: Analyzer | None = None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"text must be str, not {type(text).__name__}")
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int):
            raise TypeError("max_tokens must be an int")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be >= 1, got {max_tokens}")
        if count is not None and not callable(count):
            raise TypeError("count must be a callable str -> int")
        self._text = text
        self._max_tokens = max_tokens
        self._count = count
        self._analyzer: Analyzer = analyzer or terms
        self._uids = _counter()
        self._build_all()

    # ----------------------------------------------------------------- construction
    def _build_all(self) -> None:
        text = self._text
        markdown = is_markdown(text)
        self._markdown = markdown
        self._page_lines: list[int] = []
        self._heading_view = unwrapped(text)
        headings = scan_headings(self._heading_view, markdown=markdown, page_lines=self._page_lines)
        classes = token_classes(text) if self._count is None else b""
        starts = [0] + [h.start for h in headings]
        ends = starts[1:] + [len(text)]
        heads: list[Heading | None] = [None, *headings]
        self._parts = [self._make_part(text, classes, 0, s, e, h, lazy=True) for s, e, h in zip(starts, ends, heads)]
        self._starts = starts
        # The index waits for the first query: an editor shows the outline of a file it opens
        # at once, while a question may never come (10 MB: 2.7 s to the outline, 1.4 s more to index).
        self._index: Postings | None = None
        self._index_generation = -1
        self._finish()

    @property
    def _section_prefix(self) -> list[int]:
        """How many sections come before each part (and all of them, last): asking cuts every part."""
        prefix = self._prefix_cache
        if prefix is None:
            prefix = self._prefix_cache = list(accumulate((len(part.spans) for part in self._parts), initial=0))
        return prefix

    @property
    def indexed(self) -> bool:
        """Whether this version's search index is built (the first query builds it otherwise)."""
        return self._index is not None and self._index.generation == self._index_generation

    def indexing(self, parts: int = 256) -> Iterator[int]:
        """Build the search index ``parts`` parts at a time, yielding how many are indexed so far.

        Stopped early, the parts done are kept for the next build (or query) to go on from; run
        out, the index is this version's, as a first query would have built it."""
        _check_positive("parts", parts)
        return self._index_steps(parts)

    def _index_steps(self, parts: int) -> Iterator[int]:
        text, starts, all_parts = self._text, self._starts, self._parts
        step = 0
        while not self.indexed:
            index, done = self._building or (Postings(_K1, _B), 0)
            if done == len(all_parts):
                self._building = None
                self._index, self._index_generation = index, index.generation
                return
            self._index_part(index, text, starts[done], all_parts[done])
            # Kept after every part: another build of this version may take over between steps.
            self._building = (index, done + 1)
            step += 1
            if step % parts == 0:
                yield done + 1

    def _postings(self) -> Postings:
        """The BM25 postings of this version of the text.

        An edit hands the postings on to the new document and patches them in place; a document
        that has been edited away rebuilds its own on demand, so old versions stay correct.
        """
        if not self.indexed:
            for _ in self.indexing(len(self._parts)):
                pass
        assert self._index is not None
        return self._index

    def _make_part(self, text: str, classes: bytes, class_base: int, start: int, end: int,
                   heading: Heading | None, lazy: bool = False) -> Part:
        """The part of ``text[start:end]``; with ``lazy``, cut into sections when first asked
        (the default estimate only: its count of a part is the sum of its sections' counts)."""
        target = max(1, self._max_tokens // 2)
        head_end = heading.end if heading is not None else None
        rel_heading = None
        if heading is not None:
            rel_heading = Heading(0, heading.end - start, heading.text, heading.title, heading.label,
                                  heading.level, heading.kind)
        # The part's own heading counts: the line break before it is read too.
        md_lines = len(MARKDOWN_HEADING_RE.findall(text, max(0, start - 1), end)) if self._markdown else 0
        if self._count is None and lazy:
            pending = PendingSplit(text, start, end, head_end, max_raw_for(self._max_tokens), max_raw_for(target))
            # Counts add up over whitespace, and sections are cut at whitespace: the part's count
            # is its sections' sum.
            raw = class_raw_count(classes, start - class_base, end - class_base)
            s, e = stripped(text, start, end)
            content_end = e - start if s < e else 0  # the end of its last section
            return Part(next(self._uids), end - start, rel_heading, raw, md_lines, content_end, None, None, pending)
        if self._count is None:
            sized = split_sized(text, start, end, RawCount(classes, class_base), max_raw_for(self._max_tokens),
                                max_raw_for(target), head_end)
            tokens = [tokens_from_raw(n) for _, _, n in sized]
            raw = sum(n for _, _, n in sized)
        else:
            count = self._count
            sized = split_sized(text, start, end, lambda s, e: count(text[s:e]), self._max_tokens, target, head_end)
            tokens = [n for _, _, n in sized]
            raw = sum(tokens)
        spans = Spans((s - start, e - start) for s, e, _ in sized)
        content_end = spans[-1][1] if spans else 0  # a blank part (no heading is blank)
        return Part(next(self._uids), end - start, rel_heading, raw, md_lines, content_end, spans, tokens)

    def _section_terms(self, text: str, start: int, part: Part, j: int) -> list[str]:
        s, e = part.spans[j]
        found = self._analyzer(text[start + s : start + e])
        if part.heading is not None and s > 0:
            # The heading belongs to every section of its part, counted once.
            found = self._analyzer(part.heading.text) + found
        return found

    def _index_part(self, index: Postings, text: str, start: int, part: Part,
                    sections: Iterable[int] | None = None) -> None:
        """Index the part's ``sections`` (default: all) under their keys."""
        add, key = index.add, part.key
        for j in range(len(part.spans)) if sections is None else sections:
            add(key(j), self._section_terms(text, start, part, j))

    def _unindex_part(self, text: str, start: int, part: Part, sections: Iterable[int] | None = None) -> None:
        """Remove the part's ``sections`` (default: all) from the index."""
        assert self._index is not None
        remove, key = self._index.remove, part.key
        for j in range(len(part.spans)) if sections is None else sections:
            remove(key(j), set(self._section_terms(text, start, part, j)))

    def _reindex_region(self, old_text: str, old: list[tuple[int, Part]], new: list[tuple[int, Part]],
                        edit_start: int, delta: int) -> None:
        """Move the index from the ``old`` parts to the ``new`` ones, touching only what changed.

        A new part that is an old one under the same heading (at the same start before the edit,
        moved by ``delta`` after it) keeps its uid, and so the index keys of its sections: only the
        sections whose text changed are re-indexed; in a 200-section clause one keystroke changes one.
        """
        assert self._index is not None
        text = self._text
        same: dict[tuple[int, str | None], tuple[int, Part]] = {}
        for s, part in old:
            key = (s if s <= edit_start else s + delta, _heading_text(part))
            clash = same.get(key)
            if clash is not None:
                # Two parts under one heading, the edit took out what lay between them: only one
                # can live on, so the other leaves the index now.
                self._unindex_part(old_text, clash[0], clash[1])
            same[key] = (s, part)
        for s, part in new:
            match = same.pop((s, _heading_text(part)), None)
            if match is None:
                self._index_part(self._index, text, s, part)
                continue
            old_s, old_part = match
            self._rekey(old_text, old_s, old_part, s, part, 0, len(old_part.spans), len(part.spans))
        for s, part in same.values():
            self._unindex_part(old_text, s, part)

    def _rekey(self, old_text: str, old_start: int, old: Part, start: int, new: Part, i: int, old_to: int,
               new_to: int) -> None:
        """Carry the index from part ``old`` to ``new``, its next version, whose sections before ``i``
        and from ``old_to`` (``new_to`` in ``new``) on hold the same text: of the sections between,
        those that differ are indexed again. The others keep their keys; when the sections between
        are more or fewer, they get keys of their own (under a fresh uid), so that the keys after
        them need not move."""
        assert self._index is not None
        text = self._text
        while i < min(old_to, new_to) and _same_section(old_text, old_start, old, i, text, start, new, i):
            i += 1
        while min(old_to, new_to) > i and _same_section(old_text, old_start, old, old_to - 1, text, start, new,
                                                         new_to - 1):
            old_to, new_to = old_to - 1, new_to - 1
        new.uid = old.uid
        if new_to == old_to:
            new.keys = old.keys
        else:
            fresh = next(self._uids) << KEY_BITS
            keys = old.key_run()
            new.keys = array("q", keys[:i]) + array("q", range(fresh, fresh + new_to - i)) + array("q", keys[old_to:])
        self._unindex_part(old_text, old_start, old, range(i, old_to))
        self._index_part(self._index, text, start, new, range(i, new_to))

    def _finish(self, section_prefix: list[int] | None = None) -> None:
        self._prefix_cache = section_prefix
        self._section_cache: dict[int, Section] = {}
        self._outline_cache: tuple[tuple[OutlineNode, ...], tuple[OutlineNode, ...]] | None = None
        self._byte_view: bytes | None = None
        self._code_layout: CodeLayout | None = None
        self._definitions: list[Definition] | None = None
        self._references: list[Reference] | None = None
        self._use_index: UseIndex | None = None
        self._labels: LabelIndex | None = None  # the outline's citation keys, for completions
        self._clause_index: dict[str, int] | None = None
        self._carried: _Carried | None = None  # what an earlier version had computed, not yet patched
        self._diagnosis: Diagnosis | None = None
        # An earlier version's diagnosis and the edit since, kept until diagnostics are asked for.
        self._diagnosis_seed: _Carried | None = None
        self._levels_cache: list[int] | None = None
        self._outline_seed: _OutlineSeed | None = None
        self._keys: SectionKeys | None = None
        self._open_ended: set[int] | None = None  # the keys of the sections that end in a word
        self._building: tuple[Postings, int] | None = None  # an index under way, and its parts done

    # ----------------------------------------------------------------- basic access
    @property
    def text(self) -> str:
        return self._text

    @property
    def max_tokens(self) -> int:
        return self._max_tokens

    def __len__(self) -> int:
        return len(self._text)

    def __getitem__(self, key: slice) -> str:
        if not isinstance(key, slice):
            raise TypeError("index a LongDocument with a slice: doc[start:end]")
        return self._text[key]

    def __repr__(self) -> str:
        return f"LongDocument({len(self._text)} chars, {len(self.sections)} sections, {len(self._parts) - 1} headings)"

    @property
    def sections(self) -> Sequence[Section]:
        return _Sections(self)

    def _section(self, i: int) -> Section:
        sec = self._section_cache.get(i)
        if sec is None:
            sec = self._section_cache[i] = self._make_section(i)
        return sec

    def _headings_abs(self) -> list[Heading]:
        out = []
        for start, part in zip(self._starts[1:], self._parts[1:]):
            h = part.heading
            assert h is not None
            out.append(Heading(start, start + h.end, h.text, h.title, h.label, h.level, h.kind))
        return out

    @property
    def headings(self) -> list[Heading]:
        """Every heading in document order, with absolute offsets."""
        return self._headings_abs()

    def _levels(self) -> list[int]:
        if self._levels_cache is None:
            seed = self._outline_seed
            if seed is not None and not seed.markdown and not self._markdown:
                # Outside Markdown a heading's level is its shape's, read with the headings around
                # it: only the edited ones and those that read them are new.
                levels = [*seed.levels[: seed.first], *repeat(0, seed.new_end - seed.first), *seed.levels[seed.old_end :]]
                heads = PartHeadings(self._parts)
                unchanged = 0
                for i in range(max(0, seed.first - 1), len(levels)):
                    level = shape_level(heads, i, levels, self._introduced)
                    if i >= seed.new_end and level == levels[i]:
                        unchanged += 1
                        if unchanged == LEVEL_REACH:
                            break  # no heading further on reads a changed level
                    else:
                        unchanged = 0
                    levels[i] = level
                self._levels_cache = levels
            else:
                self._levels_cache = effective_levels([p.heading for p in self._parts[1:]],  # type: ignore[misc]
                                                      self._introduced)
        return self._levels_cache

    def _introduced(self, i: int) -> bool:
        """Whether the text right before heading i opens a list ("... comply with the following:")."""
        at = self._starts[i + 1] + self._parts[i + 1].heading.start  # type: ignore[union-attr]
        return self._text[max(0, at - _LIST_OPENING_REACH) : at].rstrip().endswith(":")

    def _outline(self) -> tuple[tuple[OutlineNode, ...], tuple[OutlineNode, ...]]:
        if self._outline_cache is None:
            levels = self._levels()
            seed, self._outline_seed = self._outline_seed, None
            parts, starts = self._parts, self._starts
            if seed is not None and levels[seed.new_end :] == seed.levels[seed.old_end :]:
                # A patch reads the headings and sizes of the parts around the edit only: neither
                # is gathered for the thousands of parts after it.
                self._outline_cache = patch_outline(
                    seed.nodes, PartHeadings(parts), levels, starts[1:], first=seed.first, old_end=seed.old_end,
                    new_end=seed.new_end, delta=seed.delta, measure=self._part_measure(None),
                )
            else:
                heads = [p.heading for p in parts[1:]]
                measure = self._part_measure([0, *accumulate([part.raw for part in parts])])
                self._outline_cache = build_outline(heads, starts[1:], measure, levels=levels)  # type: ignore[arg-type]
        return self._outline_cache

    def _part_measure(self, raw_prefix: list[int] | None) -> Callable[[int, int], tuple[int, int]]:
        """(end, tokens) of heading i's whole part, which runs through part ``last``; its size read
        from ``raw_prefix`` (the parts' running sizes) or, without one, summed over its parts."""
        parts, starts, estimate = self._parts, self._starts, self._count is None

        def measure(i: int, last: int) -> tuple[int, int]:
            if raw_prefix is None:
                size = sum([part.raw for part in parts[i + 1 : last + 1]])
            else:
                size = raw_prefix[last + 1] - raw_prefix[i + 1]
            return starts[last] + parts[last].content_end, tokens_from_raw(size) if estimate else size

        return measure

    @property
    def outline(self) -> tuple[OutlineNode, ...]:
        """The heading tree's roots, in document order."""
        return self._outline()[0]

    @property
    def nodes(self) -> tuple[OutlineNode, ...]:
        """Every outline node in pre-order (which is document order)."""
        return self._outline()[1]

    def _part_at(self, offset: int) -> int:
        return bisect_right(self._starts, offset) - 1

    def node_at(self, offset: int) -> OutlineNode | None:
        """The innermost outline node whose part contains ``offset`` (None in the preamble)."""
        self._check_offset(offset)
        p = self._part_at(offset)
        nodes = self.nodes
        i = p - 1
        while i >= 0:
            node = nodes[i]
            if node.start <= offset < max(node.end, node.heading_end) or offset == node.start:
                return node
            i = node.parent if node.parent is not None else -1
        return None

    def section_at(self, offset: int) -> Section | None:
        """The section containing ``offset`` (a section's end counts as inside), else None."""
        self._check_offset(offset)
        p = self._part_at(offset)
        while p >= 0:
            part = self._parts[p]
            rel = offset - self._starts[p]
            for j, (s, e) in enumerate(part.spans):
                if s <= rel <= e:
                    return self._section(self._section_prefix[p] + j)
                if s > rel:
                    return None
            if part.spans:
                return None
            p -= 1
        return None

    def _check_offset(self, offset: int) -> None:
        if isinstance(offset, bool) or not isinstance(offset, int):
            raise TypeError("offset must be an int")
        if not 0 <= offset <= len(self._text):
            raise ValueError(f"offset {offset} is outside the text (0..{len(self._text)})")

    def _check_range(self, start: int, end: int | None) -> int:
        """The end of ``[start, end)`` (the text's end for None); TypeError or ValueError for a range
        outside the text or reversed."""
        stop = len(self._text) if end is None else end
        self._check_offset(start)
        self._check_offset(stop)
        if start > stop:
            raise ValueError(f"start {start} is after end {stop}")
        return stop

    def _make_section(self, i: int) -> Section:
        p = bisect_right(self._section_prefix, i) - 1
        part = self._parts[p]
        j = i - self._section_prefix[p]
        s, e = part.spans[j]
        start = self._starts[p]
        if p == 0:
            return Section(start + s, start + e, None, i, 0, (), None, part.tokens[j])
        node = self.nodes[p - 1]
        path = self._path(node)
        assert part.heading is not None
        return Section(start + s, start + e, part.heading.text, i, node.level, path, node.index, part.tokens[j])

    def _path(self, node: OutlineNode) -> tuple[str, ...]:
        nodes = self.nodes
        titles = [node.title]
        while node.parent is not None:
            node = nodes[node.parent]
            titles.append(node.title)
        return tuple(reversed(titles))

    # ----------------------------------------------------------------- ranking
    def query_terms(self, query: str) -> list[str]:
        """The query's index terms, de-duplicated, in query order."""
        _check_query(query)
        return list(dict.fromkeys(self._analyzer(query)))

    def _section_keys(self) -> SectionKeys:
        if self._keys is None:
            self._keys = SectionKeys(self._parts, self._section_prefix)
        return self._keys

    def _by_index(self, by_key: dict[int, float]) -> dict[int, float]:
        """Scores keyed by index key re-keyed by section position in this version."""
        return dict(zip(self._section_keys().positions(by_key), by_key.values()))

    def _weights(self, query: str) -> tuple[tuple[str, float], ...]:
        _check_query(query)
        return analyse_query(query, self._analyzer).weights

    def _every_relevance(self, query: str) -> list[float]:
        return every_relevance(self._postings(), self._weights(query), self._section_keys(), NEIGHBOUR_SHARE)

    def _ranked(self, query: str) -> list[tuple[int, float]]:
        """(section index, relevance) of the sections that match, best first (ties: earlier)."""
        relevances = self._every_relevance(query)
        # A stable sort: equal relevances keep document order.
        ordered = sorted((i for i, v in enumerate(relevances) if v > 0.0), key=relevances.__getitem__, reverse=True)
        opening = opening_sections(self._leading_tokens())
        return promote_opening([(i, relevances[i]) for i in ordered], opening, {i: relevances[i] for i in opening},
                               asked=asks_for_opening(query))

    def _choose_from_top(self, query: str, k: int, budget: int | None) -> list[tuple[Section, float]]:
        """:meth:`select` without rerank, reading only the head of the ranking: the best ``k``
        sections, then longer heads while the budget skips too many of them."""
        weights = self._weights(query)
        impacts = self._context_impacts()
        ranked_query: DenseQuery | RankedQuery | PrunedQuery
        if dense.ranks(self._section_prefix[-1]):
            ranked_query = DenseQuery(self._dense_impacts(), weights)
        elif impacts.ready(t for t, _ in weights):
            ranked_query = RankedQuery(impacts, weights)
        else:  # the first time these terms come in this version: no block maxima yet
            ranked_query = PrunedQuery(impacts.index, weights, impacts.sections, NEIGHBOUR_SHARE)
        opening = opening_sections(self._leading_tokens())
        asked = asks_for_opening(query)
        head = k
        # A budget that skips more than 3k of the best asks for a deep walk: ranking every section
        # costs about as much as heads longer than 4k would.
        while head <= 4 * k:
            best = ranked_query.top(head)
            ranked = promote_opening(best, opening, {i: ranked_query.relevance(i) for i in opening}, asked=asked)
            chosen = self._choose(ranked, k, budget)
            if len(chosen) == k or len(best) < head:
                return chosen  # settled: k chosen, or the head holds every section that ranks
            head *= 4
        return self._choose(self._ranked(query), k, budget)

    def _context_impacts(self) -> BlockImpacts:
        index, keys = self._postings(), self._section_keys()
        return index.derived("block impacts", lambda: BlockImpacts(index, keys, NEIGHBOUR_SHARE))

    def _dense_impacts(self) -> DenseImpacts:
        index, keys = self._postings(), self._section_keys()
        return index.derived("dense impacts", lambda: DenseImpacts(index, keys.keys(), NEIGHBOUR_SHARE))

    def _leading_tokens(self) -> Iterator[int]:
        for part in self._parts:
            yield from part.tokens

    def relevance(self, query: str) -> list[float]:
        """What :meth:`select` ranks by, for every section in order.

        BM25 with weighted query terms (a title before a colon counts double, words every contract
        uses count less, thesaurus synonyms half, past tenses and "-ing" forms 0.7 of their word's
        weight), plus a share of the neighbours' scores; the document's opening scores as the best
        section when it matches nearly as well, or when the question asks what the document is
        called, its date, when it takes effect or its parties (`longdoc.ranking.asks_for_opening`).
        """
        out = [0.0] * self._section_prefix[-1]
        for i, v in self._ranked(query):
            out[i] = v
        return out

    def scores(self, query: str) -> list[float]:
        """BM25 of every section (its heading counted once as part of it), in section order."""
        out = [0.0] * self._section_prefix[-1]
        for i, v in self._by_index(self._postings().score(self.query_terms(query))).items():
            out[i] = v
        return out

    def select(self, query: str, k: int = 3, budget: int | None = None,
               rerank: Callable[[list[str]], Sequence[float]] | None = None,
               rerank_top: int | None = None) -> list[tuple[Section, float]]:
        """The best ``k`` sections for ``query`` that fit ``budget`` tokens together, best first.

        Ties go to the earlier section; with fewer than ``k`` matching sections the document's first
        sections fill in (score 0). ``rerank`` reorders the best ``rerank_top`` (default 3k).
        """
        _check_positive("k", k)
        if budget is not None:
            _check_positive("budget", budget)
        if rerank_top is not None:
            _check_positive("rerank_top", rerank_top)
        if rerank is None:
            return self._choose_from_top(query, k, budget)
        return self._choose(self._rerank(self._ranked(query), rerank, rerank_top or 3 * k), k, budget)

    def _choose(self, ranked: list[tuple[int, float]], k: int, budget: int | None) -> list[tuple[Section, float]]:
        """The first ``k`` sections of ``ranked`` that fit ``budget`` together; the document's first
        sections fill in when ``ranked`` holds fewer than ``k``."""
        chosen: list[tuple[Section, float]] = []
        used = 0
        taken: set[int] = set()
        for i, score in ranked:
            if len(chosen) == k:
                break
            sec = self._section(i)
            if budget is not None and used + sec.tokens > budget:
                continue
            chosen.append((sec, score))
            taken.add(i)
            used += sec.tokens
        if len(ranked) < k:
            for i in range(self._section_prefix[-1]):
                if len(chosen) == k:
                    break
                if i in taken:
                    continue
                sec = self._section(i)
                if budget is not None and used + sec.tokens > budget:
                    continue
                chosen.append((sec, 0.0))
                used += sec.tokens
        return chosen

    def _rerank(self, ranked: list[tuple[int, float]], rerank: Callable[[list[str]], Sequence[float]],
                top: int) -> list[tuple[int, float]]:
        head = ranked[:top]
        texts = [self._text[sec.start : sec.end] for sec in (self._section(i) for i, _ in head)]
        relevance = list(rerank(texts))
        if len(relevance) != len(head):
            raise ValueError(f"rerank returned {len(relevance)} scores for {len(head)} sections")
        order = sorted(range(len(head)), key=lambda j: (-float(relevance[j]), -head[j][1], head[j][0]))
        return [(head[j][0], float(relevance[j])) for j in order] + ranked[top:]

    def _section_term_set(self, section: Section) -> set[str]:
        found = set(self._analyzer(self._text[section.start : section.end]))
        if section.heading is not None:
            found.update(self._analyzer(section.heading))
        return found

    def matched_terms(self, section: Section | int, query: str) -> list[str]:
        """The query's words (casefolded, query order) whose terms occur in ``section``, as written
        or inflected ("disclosed" for "disclose", as the ranking reads them)."""
        _check_query(query)
        sec = self.sections[section] if isinstance(section, int) else section
        return [word for word, found in self._words_found(query, self._section_term_set(sec)) if found]

    def matched_words(self, section: Section | int, query: str) -> list[str]:
        """The words of ``section``'s text (casefolded, each once, in order) that the ranking weighs
        for the query: its words as written, in the plural or inflected, and their synonyms ("cancel"
        for "terminate"); what to mark in it for the reader."""
        _check_query(query)
        sec = self.sections[section] if isinstance(section, int) else section
        analyzer = self._analyzer
        wanted = {term for term, _ in analyse_query(query, analyzer).weights}
        out = []
        for word in dict.fromkeys(words(self._text[sec.start : sec.end])):
            found = analyzer(word)
            if found and all(t in wanted for t in found):
                out.append(word)
        return out

    def unmatched_terms(self, query: str) -> list[str]:
        """The query's words (casefolded, query order) that no section contains, as written or
        inflected."""
        _check_query(query)
        return [word for word, found in self._words_found(query, self._postings().postings) if not found]

    def _words_found(self, query: str, held: Container[str]) -> list[tuple[str, bool]]:
        """Each of the query's words that has index terms, and whether ``held`` holds every one of
        them, or an inflection of it."""
        analyzer = self._analyzer
        out = []
        for word in dict.fromkeys(words(query)):
            found = analyzer(word)
            if found:
                out.append((word, all(t in held or any(v in held for v in inflected_terms(t, analyzer)) for t in found)))
        return out

    def window(self, sections: Sequence[Section], sep: str = "\n\n") -> Window:
        """The given sections joined with ``sep`` in document order (each once)."""
        if not isinstance(sep, str):
            raise TypeError("sep must be str")
        if isinstance(sections, (str, bytes)) or not isinstance(sections, Iterable):
            raise TypeError("sections must be a sequence of Section")
        sections = list(sections)
        if not all(isinstance(s, Section) for s in sections):
            raise TypeError("sections must be a sequence of Section")
        unique = sorted({(s.start, s.end, s.index): s for s in sections}.values(), key=lambda s: s.start)
        return Window.join(self._text, unique, sep)

    # ----------------------------------------------------------------- editing
    def edit(self, start: int, end: int, new_text: str) -> "LongDocument":
        """The document after replacing ``text[start:end]`` with ``new_text``.

        Equal to ``LongDocument(new text)`` in sections, outline and scores; only the parts the
        edit touches are re-split and re-indexed.
        """
        old = self._text
        for name, value in (("start", start), ("end", end)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int")
        if not 0 <= start <= end <= len(old):
            raise ValueError(f"edit range {start}..{end} is outside the text (0..{len(old)})")
        if not isinstance(new_text, str):
            raise TypeError(f"new_text must be str, not {type(new_text).__name__}")
        text = "".join((old[:start], new_text, old[end:]))
        delta = len(new_text) - (end - start)
        new = LongDocument.__new__(LongDocument)
        new._text = text
        new._max_tokens = self._max_tokens
        new._count = self._count
        new._analyzer = self._analyzer
        new._uids = self._uids
        new._markdown = self._markdown
        new._heading_view = rewrapped(old, self._heading_view, text, start, end, start + len(new_text))
        # A fence or comment mark typed, cut, or moved to or from a line start by a line break typed
        # or deleted before it: on a line the edit touched, before or after it. Or an edit in the
        # front matter it leaves, which may now close far below (the edit cut its closing line) and
        # hide the parts between.
        block_touched = self._markdown and (
            BLOCK_MARK_RE.search(text, max(0, _line_start(text, start) - 1), _line_end(text, start + len(new_text))) is not None
            or BLOCK_MARK_RE.search(old, max(0, _line_start(old, start) - 1), _line_end(old, end)) is not None
            or start <= front_matter_end(text) > 0
        )
        # Did an ATX heading line appear around the edit (typed, or exposed by a deletion)?
        md_appeared = not self._markdown and _atx_line_made(text, start, start + len(new_text))
        if block_touched or md_appeared:
            new._build_all()
            return new
        new._patch(self, start, end, delta)
        if self._markdown and not any(part.md_lines for part in new._parts):
            new._build_all()  # the last Markdown heading is gone: read the text as plain again
            return new
        # Inline code spans pair their backticks through a paragraph: typing one may make or unmake a
        # span far beyond the stretch a patch reads again. Where the code of this version is known,
        # the patch finds how far; else what reads the code is found afresh.
        known = self._code_layout is not None or (self._carried is not None and self._carried.code is not None)
        if not (self._markdown and not known and code_near_edit(text, start, start + len(new_text), old[start:end])):
            new._carry_intelligence(self, start, end, len(new_text))
        return new

    def _patch(self, old_doc: "LongDocument", start: int, end: int, delta: int) -> None:
        if self._patch_body(old_doc, start, end, delta):
            return
        old_text = old_doc._text
        text = self._text
        # Headings, and how far their rules read, come from the views.
        old_view, view = old_doc._heading_view, self._heading_view
        starts = old_doc._starts
        parts = old_doc._parts
        n = len(parts)
        # The line before the edit may join with the edited line (a title under "ARTICLE V"),
        # and the part before the edited one may absorb a heading that stops being one.
        line_before = _lines_up(old_view, start, 1, _READ_BACK, floor=max(0, start - _READ_BACK))
        first = max(0, bisect_right(starts, line_before) - 2)
        # A signature line is read from the line break before it: an edit inside its line ("B|y:")
        # makes or unmakes it as well as one after it.
        lines_from = max(0, line_before - 1)
        if signature_lines_in(old_view, lines_from, end + SIGNATURE_REACH) or signature_lines_in(
                view, lines_from, end + delta + SIGNATURE_REACH):
            # A caps line within reach above may label a signature block the edit makes, moves or unmakes.
            first = max(0, min(first, bisect_right(starts, lines_from - SIGNATURE_REACH) - 1))
        last = min(n - 1, bisect_right(starts, end) - 1 + 1)
        page_lines = old_doc._page_lines
        reach = bisect_left(page_lines, end + RUNNING_EDIT_REACH)
        if reach > bisect_left(page_lines, start):
            # A page's running header or footer below stands or falls with its copy on a page above,
            # which the edit may make, unmake or move nearer or further: take its part in too.
            last = max(last, bisect_right(starts, page_lines[reach - 1]) - 1)
        grow = 1  # parts taken in at the end at once: doubled each time, a long chain is read again a few times only
        while True:
            region_start = starts[first]
            old_region_end = starts[last + 1] if last + 1 < n else len(old_text)
            region_end = old_region_end + delta
            new_page_lines: list[int] = []
            heads = scan_headings(view, region_start, region_end, markdown=self._markdown, page_lines=new_page_lines)
            if last + 1 < n and ((heads and heads[-1].end > region_end)
                                 or leans_on_previous(view, region_end, end + delta, heads[-1].end if heads else -1)
                                 or leans_on_previous(old_view, old_region_end, end, _heading_end(starts, parts, last))
                                 or caps_lines_above(view, region_end) or caps_lines_above(old_view, old_region_end)
                                 or caption_at(view, region_end) or caption_at(old_view, old_region_end)):
                # A heading now runs into the next part, or the next part's heading may stand or
                # fall with the edited text before it on its line or in the capitals above it,
                # now or before, or in a list of attachments' captions: take that part in too.
                last = min(n - 1, last + grow)
                grow *= 2
                continue
            if first > 0 and (not heads or heads[0].start != region_start):
                first -= 1  # the region's first heading is gone: its body joins the part before
                continue
            break
        new_starts = [region_start] + [h.start for h in heads] if first == 0 else [h.start for h in heads]
        new_heads: list[Heading | None] = [None, *heads] if first == 0 else list(heads)
        ends = new_starts[1:] + [region_end]
        classes = token_classes(text[region_start:region_end]) if self._count is None else b""
        new_parts = [self._make_part(text, classes, region_start, s, e, h)
                     for s, e, h in zip(new_starts, ends, new_heads)]
        self._splice(old_doc, first, last, new_starts, new_parts, new_page_lines, delta, lambda: self._reindex_region(
            old_text, list(zip(starts[first : last + 1], parts[first : last + 1])), list(zip(new_starts, new_parts)),
            start, delta))

    def _patch_body(self, old_doc: "LongDocument", start: int, end: int, delta: int) -> bool:
        """Patch an edit made deep in the body of a long part, out of the heading rules' reach of any
        heading, when no heading appears near it: only the lines around it are read again and only
        the sections around it cut again. False, with nothing done, for any other edit."""
        old_text, text = old_doc._text, self._text
        old_view, view = old_doc._heading_view, self._heading_view
        p = bisect_right(old_doc._starts, start) - 1
        part, part_start = old_doc._parts[p], old_doc._starts[p]
        part_end = part_start + part.length
        if self._count is not None or part.length < _LONG_PART or end >= part_end:
            return False
        # Lines are looked for within the part only: beyond it the edit is not made here.
        above = _lines_up(old_view, start, LINES_READ, floor=part_start)
        below = _lines_down(old_view, end, LINES_READ, ceiling=part_end)
        # Lines read again start past the heading's reach (or at the text's start, read as a full
        # build reads it) and end before the next heading's (or at the text's end).
        if part.heading is None:
            top = part_start == 0 or above > part_start
        else:
            top = above > _lines_down(old_view, part_start + part.heading.end, LINES_READ, ceiling=above)
        if not top or not (below < part_end or part_end == len(old_text)):
            return False
        if self._markdown and BLOCK_MARK_RE.search(old_text, part_start, part_end) is not None:
            return False  # whether the lines read again lie inside a block is known from the part's start
        # Running headers and signature blocks are read from far away; such an edit reads the part again.
        page_lines = old_doc._page_lines
        if bisect_left(page_lines, above) < bisect_left(page_lines, end + RUNNING_EDIT_REACH):
            return False
        new_below = below + delta
        # Only a line in capitals near the edit can label a signature block, name a signer, or be a
        # block's field: where no capital stands near (a text in lower case), signature lines near
        # change nothing. Capitals are looked for first: a text in lower case is read in one pass.
        near = ((old_view, above - SIGNATURE_REACH, below + SIGNATURE_REACH),
                (view, above - SIGNATURE_REACH, new_below + SIGNATURE_REACH))
        if any(capitals_in(*stretch) for stretch in near) and any(signature_lines_in(*stretch) for stretch in near):
            return False
        found_pages: list[int] = []
        if scan_headings(view, above, new_below, markdown=self._markdown, page_lines=found_pages) or found_pages:
            return False
        # Counts add up over line breaks: the part's count changes by the count of the lines read again.
        raw = (part.raw - class_raw_count(token_classes(old_text[above:below]), 0, below - above)
               + class_raw_count(token_classes(text[above:new_below]), 0, new_below - above))
        md_lines = part.md_lines
        if self._markdown:
            md_lines += (len(MARKDOWN_HEADING_RE.findall(text, above - 1, new_below))
                         - len(MARKDOWN_HEADING_RE.findall(old_text, above - 1, below)))
        new_end = part_end + delta
        head_end = None if part.heading is None else part_start + part.heading.end
        limit, target = max_raw_for(self._max_tokens), max_raw_for(max(1, self._max_tokens // 2))
        if not part.is_cut:
            s, e = stripped(text, part_start, new_end)
            new_part = Part(next(self._uids), part.length + delta, part.heading, raw, md_lines,
                             e - part_start if s < e else 0, None, None,
                             PendingSplit(text, part_start, new_end, head_end, limit, target))
            self._splice(old_doc, p, p, [part_start], [new_part], [], delta, lambda: None)
            return True
        if raw <= target:
            return False  # the whole part fits in one section
        old_spans = part.spans
        i, sized, j = split_again(text, part_start, new_end, lambda s, e: RawCount(token_classes(text[s:e]), s),
                                  limit, target, head_end, old_spans.starts(), start, end + delta, delta)
        spans = old_spans.spliced(i, j, [(s - part_start, e - part_start) for s, e, _ in sized], delta)
        tokens = part.tokens
        tokens = tokens[:i] + [tokens_from_raw(n) for _, _, n in sized] + tokens[j:]
        new_part = Part(next(self._uids), part.length + delta, part.heading, raw, md_lines, spans[-1][1], spans,
                         tokens)

        def reindex() -> None:
            # A cut from far away (no section near the edit that the packing starts afresh at)
            # gives back many sections as they were: those keep their index.
            self._rekey(old_text, part_start, part, part_start, new_part, i, j, i + len(sized))

        self._splice(old_doc, p, p, [part_start], [new_part], [], delta, reindex)
        return True

    def _splice(self, old_doc: "LongDocument", first: int, last: int, new_starts: list[int], new_parts: list[Part],
                new_page_lines: list[int], delta: int, reindex: Callable[[], None]) -> None:
        """Take the old document's parts, with ``first`` to ``last`` replaced by ``new_parts``
        (their page lines ``new_page_lines``), and what it had built for them: ``reindex`` moves the
        search index, when there is one, from the old parts to the new."""
        starts, parts, page_lines = old_doc._starts, old_doc._parts, old_doc._page_lines
        region_start = starts[first]
        old_region_end = starts[last + 1] if last + 1 < len(parts) else len(old_doc._text)
        self._parts = parts[:first] + new_parts + parts[last + 1 :]
        self._starts = starts[:first] + new_starts + [s + delta for s in starts[last + 1 :]]
        self._page_lines = (page_lines[: bisect_left(page_lines, region_start)] + new_page_lines
                            + [at + delta for at in page_lines[bisect_left(page_lines, old_region_end) :]])
        if old_doc._index is None:
            self._index, self._index_generation = None, -1  # not asked for yet: stays unbuilt
        else:
            self._index = old_doc._postings()
            reindex()
            self._index.touch()
            self._index_generation = self._index.generation
        # Section counts before the region stand; after it they move by the region's change. Not
        # counted yet (parts not cut yet): counted when first asked for.
        prefix = old_doc._prefix_cache
        if prefix is None:
            self._finish()
        else:
            head = prefix[: first + 1]
            for part in new_parts:
                head.append(head[-1] + len(part.spans))
            moved = head[-1] - prefix[last + 1]
            self._finish(head + [c + moved for c in prefix[last + 2 :]] if moved else head + prefix[last + 2 :])
        if old_doc._outline_cache is not None and old_doc._levels_cache is not None:
            # Parts first..last held headings first-1 .. last-1; the new parts hold as many as they hold.
            self._outline_seed = _OutlineSeed(old_doc._outline_cache[1], old_doc._levels_cache, max(first - 1, 0),
                                              last, first + len(new_parts) - 1, delta, old_doc._markdown)

    # ----------------------------------------------------------------- contract intelligence
    def _view(self) -> bytes:
        if self._carried is not None:
            self._patch_carried()
        return self._whole_view()

    @property
    def definitions(self) -> list[Definition]:
        """Every defined term with the span of the term and of its definition, in order."""
        if self._carried is not None:
            self._patch_carried()
        if self._definitions is None:
            self._definitions = find_definitions(self._text, self.nodes, self._view())
        return self._definitions

    def uses(self, term: str) -> list[Use]:
        """The term's occurrences outside its definitions (whole words, plural and possessive forms)."""
        if not isinstance(term, str):
            raise TypeError(f"term must be str, not {type(term).__name__}")
        return uses_of(self._text, self.definitions, term, self._view())

    def uses_in(self, start: int = 0, end: int | None = None) -> list[Use]:
        """The uses of all defined terms that start in ``[start, end)``, in text order, none over
        another (the longest where they overlap at one start); see `longdoc.uses.UseIndex.uses_in`."""
        stop = self._check_range(start, end)
        return self._uses().uses_in(self._view(), start, stop)

    def _uses(self) -> UseIndex:
        if self._use_index is None:
            self._use_index = UseIndex(self.definitions)
        return self._use_index

    def marks_in(self, start: int = 0, end: int | None = None) -> list[Mark]:
        """Where the defined terms are defined and used, of the marks that start in ``[start,
        end)``, in text order, none over another; see `longdoc.marks.merged_marks`."""
        stop = self._check_range(start, end)
        uses = self._uses()
        lo = max(0, start - uses.reach)  # a mark before the range may cover the start of one in it
        definitions = self.definitions  # in the order of their terms' starts
        at = attrgetter("term_start")
        defined = definitions[bisect_left(definitions, lo, key=at) : bisect_left(definitions, stop, key=at)]
        return merged_marks(defined, uses.uses_in(self._view(), lo, stop), start)

    @property
    def code_spans(self) -> tuple[tuple[int, int], ...]:
        """The stretches that Markdown's code holds (`longdoc.markdown.code_spans`): what they hold
        defines, cites and uses nothing."""
        if self._carried is not None:
            self._patch_carried()
        return self._layout().spans

    def _layout(self) -> CodeLayout:
        if self._code_layout is None:
            self._code_layout = code_layout(self._text, self._markdown)
        return self._code_layout

    def remarked_stretches(self, before: Sequence[Definition], start: int, end: int, length: int, *,
                           before_code: Sequence[tuple[int, int]]) -> list[tuple[int, int]] | None:
        """For a text edited into this one (``start``..``end`` of it now ``length`` characters),
        whose definitions and code were ``before`` and ``before_code`` (its `code_spans`): the
        stretches of this text out of which its marks (`marks_in`) are those of that text, moved by
        the edit; None when they cover half of it."""
        return remarked_stretches(before, self.definitions, start, end, length, self._view(), self._uses().reach,
                                  before_code, self.code_spans)

    def clause_named_at(self, offset: int) -> tuple[OutlineNode, int, int] | None:
        """The clause that the capitalised phrase at ``offset`` names ("the Royalty Fee", with a
        clause "4. ROYALTY FEE"), and the phrase's span; None when no phrase there names a clause."""
        self._check_offset(offset)
        nodes = self.nodes
        if self._clause_index is None:
            self._clause_index = clause_index(nodes)
        found = clause_named_at(self._text, nodes, offset, self._clause_index)
        return None if found is None else (nodes[found[0]], found[1], found[2])

    def name_uses(self, node: OutlineNode) -> list[tuple[int, int]]:
        """Spans where the name the clause of ``node`` gives is written outside its heading ("the
        Royalty Fees" of "4. ROYALTY FEE"); [] when its title names nothing."""
        return name_uses(self._text, node, self.spans_holding)

    def use_at(self, offset: int) -> Use | None:
        """The use of a defined term that covers ``offset`` (the longest term first), or None."""
        if isinstance(offset, bool) or not isinstance(offset, int):
            raise TypeError(f"offset must be an int, not {type(offset).__name__}")
        return use_at(self._text, self.definitions, offset, self._view())

    def completions(self, offset: int) -> list[Completion]:
        """What may be written at ``offset``: clause numbers after a citing word ("Section 5" ->
        "5.2"), else the defined terms that the capitalised words typed before it open."""
        self._check_offset(offset)
        definitions = self.definitions  # first: the version before may pass on its citation keys
        if self._labels is None:
            self._labels = LabelIndex(self.nodes)
        return completions(self._text, self.nodes, definitions, offset, self._labels)

    def definition_entry(self, term: str) -> list[TextEdit]:
        """The edits that define ``term`` among the entries of the text's definitions part, worded
        and lettered as they are ('"Term" means [●].'); [] where no such list stands or the term is
        defined. See `longdoc.entries.definition_entry`."""
        if not isinstance(term, str):
            raise TypeError(f"term must be str, not {type(term).__name__}")
        return definition_entry(self._text, self.nodes, self.definitions, term)

    def renumbering(self, offset: int, shared: bool = False) -> Renumbering | None:
        """The edits that make the numbered clause whose heading holds ``offset``, and those after it
        in its list, run on from the clause before it, with their sub-clauses and citations (with
        ``shared``, the citations of its number too); None where there is nothing to renumber. See
        `longdoc.renumbering.renumbering`."""
        self._check_offset(offset)
        return renumbering(self._text, self.nodes, self.references, offset, shared)

    def clause_number_at(self, offset: int) -> tuple[OutlineNode, int, int] | None:
        """The numbered clause whose number is written at ``offset``, in its heading or in a citation
        of it, and the span of that number; None elsewhere."""
        self._check_offset(offset)
        found = clause_number_at(self._text, self.nodes, self.references, offset)
        return None if found is None else (self.nodes[found[0]], found[1], found[2])

    def clause_renaming(self, node: OutlineNode, number: str) -> Renumbering:
        """The edits that number the clause of ``node`` ``number`` ("5.4"), with its sub-clauses and
        every citation of them; ValueError where ``number`` is no clause number or another clause's."""
        if not isinstance(number, str):
            raise TypeError(f"number must be str, not {type(number).__name__}")
        nodes = self.nodes
        if not 0 <= node.index < len(nodes) or nodes[node.index] != node:
            raise ValueError("the node is not of this document's outline")
        return clause_renaming(self._text, self.nodes, self.references, node.index, number.strip())

    def glosses(self, start: int = 0, end: int | None = None) -> list[Gloss]:
        """The titles of the clauses that the citations starting in ``[start, end)`` lead to, each to
        be shown after its citation ("Section 11" -> "Confidentiality"); see `longdoc.glosses`."""
        stop = self._check_range(start, end)
        return glosses(self._text, self.nodes, self.references, start, stop)

    @property
    def references(self) -> list[Reference]:
        """Every cross-reference ("Section 5.2", "Exhibit A" ...) with its resolved outline node."""
        if self._carried is not None:
            self._patch_carried()
        if self._references is None:
            self._references = find_references(self._text, self.nodes, self._view(), self.spans_of_words)
        return self._references

    def diagnostics(self) -> list[Diagnostic]:
        """Drafting findings: dangling references, numbering gaps, terms defined twice or unused."""
        if self._carried is not None:
            self._patch_carried()
        if self._diagnosis is None:
            seed = self._diagnosis_seed
            since = None if seed is None or seed.diagnosis is None else (
                seed.diagnosis, seed.start, seed.end, seed.length, seed.outline_moved)
            self._diagnosis = diagnosis(self._text, self.nodes, self.definitions, self.references, self._view(),
                                        where=self.spans_holding, since=since)
            self._diagnosis_seed = None
        return list(self._diagnosis.findings)

    def spans_with(self, phrase: str) -> Iterator[tuple[int, int]] | None:
        """Spans of the text that cover each outline part holding a section whose terms include
        every term of ``phrase``, in document order, neighbouring parts joined into one span (None:
        the phrase has no terms); each span is made when read, so a search that stops at its first
        hit pays for no more."""
        _check_query(phrase)
        held = self._keys_holding(phrase)
        return None if held is None else self._spans_within(held[1])

    def _keys_holding(self, phrase: str) -> tuple[list[str], dict[str, AbstractSet[int]]] | None:
        """The phrase's terms, in its order, and the keys of the sections holding each (None: it has
        no terms)."""
        found = self._analyzer(phrase)
        if not found:
            return None
        index = self._postings()
        return found, {term: index.keys_of(term) for term in found}

    def _spans_within(self, held: dict[str, AbstractSet[int]]) -> Iterator[tuple[int, int]]:
        lists = sorted(held.values(), key=len)
        keys = lists[0]
        for other in lists[1:]:
            keys = keys & other  # set intersection in C
        return self._runs_of(self._section_keys().part_positions(keys), keys)

    def spans_holding(self, phrase: str) -> Iterator[tuple[int, int]] | None:
        """The spans that can hold a use of ``phrase``: those of `spans_with`, then those of
        `spans_across` (read only when the first run out); a part may come twice."""
        held = self._keys_holding(phrase)
        return None if held is None else self._then_across(phrase, *held)

    def _then_across(self, phrase: str, found: list[str], held: dict[str, AbstractSet[int]]
                     ) -> Iterator[tuple[int, int]]:
        yield from self._spans_within(held)
        yield from self._spans_across(phrase, found, held)

    def spans_across(self, phrase: str) -> Iterator[tuple[int, int]] | None:
        """Spans, in document order, that cover each use of ``phrase`` that may be spread over
        neighbouring sections of a part (a sentence too long for a section is cut between words):
        around the gap between a section holding its first term and one, a section a word at most
        further on, holding its last."""
        held = self._keys_holding(phrase)
        return None if held is None else self._spans_across(phrase, *held)

    def _spans_across(self, phrase: str, found: list[str], held: dict[str, AbstractSet[int]]
                      ) -> Iterator[tuple[int, int]]:
        keys = self._section_keys()
        # A section that such a use opens in ends in a word (most end a sentence), and so does
        # each but the last that it runs over.
        first = held[found[0]] & self._open_ended_keys()
        last = held[found[-1]]
        forward = len(first) <= len(last)  # the rarer term's sections are read
        read, sought = (first, last) if forward else (last, first)
        pairs: set[tuple[int, int]] = set()
        for m in range(1, len(phrase.split())):
            if keys.all_placed():  # a section's neighbour's key is its own plus or minus one
                if forward:
                    pairs.update((k, k + m) for k in read if k + m in sought)
                else:
                    pairs.update((k - m, k) for k in read if k & KEY_MASK >= m and k - m in sought)
                continue
            for k in read:
                other = keys.step(k, m if forward else -m)
                if other is not None and other in sought:
                    pairs.add((k, other) if forward else (other, k))
        # A use opens in the first section, ends in the last, and is no longer than its reach.
        reach = use_reach(phrase)
        spans = []
        for a, b in pairs:
            at_a, at_b = keys.positions((a, b))
            a_end, b_start = self._span_at(at_a)[1], self._span_at(at_b)[0]
            if b_start - reach < a_end + reach:
                spans.append((max(0, b_start - reach), a_end + reach))
        return iter(sorted(spans))

    def _open_ended_keys(self) -> set[int]:
        """The keys of the sections that end in a word: where a sentence too long for a section
        was cut (a section mostly ends a sentence or a paragraph)."""
        if self._open_ended is None:
            text = self._text
            self._open_ended = {part.key(j) for part, start in zip(self._parts, self._starts)
                                for j, (_, e) in enumerate(part.spans) if text[start + e - 1].isalnum()}
        return self._open_ended

    def _span_at(self, i: int) -> tuple[int, int]:
        """Section ``i``'s span."""
        p = bisect_right(self._section_prefix, i) - 1
        s, e = self._parts[p].spans[i - self._section_prefix[p]]
        return self._starts[p] + s, self._starts[p] + e

    def spans_of_words(self, groups: Sequence[tuple[str, ...]]) -> list[Iterator[tuple[int, int]]] | None:
        """For each group of lower-case prefixes, the spans that cover each outline part holding a
        word that opens with one of them (a word beyond ASCII: that holds one), as `spans_with`
        gives them; None when only a scan can tell: the index is not built yet, or it holds the
        words of an analysis other than `terms`."""
        if self._analyzer is not terms or not self.indexed:
            return None
        index = self._postings()
        every = tuple(p for group in groups for p in group)
        keys: list[set[int]] = [set() for _ in groups]
        for word in index.postings:
            ascii_word = word.isascii()
            if ascii_word and not word.startswith(every):
                continue
            for k, group in enumerate(groups):
                if word.startswith(group) if ascii_word else any(p in word for p in group):
                    keys[k].update(index.keys_of(word))
        part_positions = self._section_keys().part_positions
        return [self._runs_of(part_positions(k), k) for k in keys]

    def _runs_of(self, positions: list[int], keys: Collection[int]) -> Iterator[tuple[int, int]]:
        """Spans covering the parts at ``positions``, neighbours joined; within a long part standing
        alone, only its sections that have ``keys``, neighbours joined."""
        # A search through a span costs a call, whatever its length: common words hold thousands
        # of sections, mostly in runs of neighbours, searched as one. Whole parts, rather than
        # their sections, spare a look-up per section for a little more text to search; but a
        # document without headings is one part.
        parts, starts = self._parts, self._starts
        for first, last in _consecutive(positions):
            if first == last and parts[first].length >= _LONG_PART:
                yield from self._section_runs(first, keys)
            else:
                yield starts[first], starts[last] + parts[last].length

    def _section_runs(self, p: int, keys: Collection[int]) -> Iterator[tuple[int, int]]:
        """Spans covering the sections of part ``p`` that have ``keys``, neighbours joined."""
        part, start = self._parts[p], self._starts[p]
        if part.keys is None:
            uid = part.uid
            held = sorted(k & KEY_MASK for k in keys if k >> KEY_BITS == uid)
        else:
            hit = set(part.keys).intersection(keys)
            held = [j for j, k in enumerate(part.keys) if k in hit]
        spans = part.spans
        for a, b in _consecutive(held):
            yield start + spans[a][0], start + spans[b][1]

    def _carry_intelligence(self, old: "LongDocument", start: int, end: int, new_length: int) -> None:
        """Keep what the old version had computed, to be patched when first asked for: a run of
        edits with no question between them is patched once, as one edit spanning them all."""
        if old._carried is not None:
            self._carried = old._carried.then(start, end, new_length)
        elif old._definitions is not None or old._references is not None:
            self._carried = _Carried(old._byte_view, old._definitions, old._references, old.nodes, start, end, new_length,
                                     old._diagnosis, labels=old._labels, code=old._code_layout)
        elif old._byte_view is not None:
            self._carried = _Carried(old._byte_view, None, None, (), start, end, new_length, code=old._code_layout)
        if old._diagnosis_seed is not None:  # patched, but its diagnostics never asked for
            self._diagnosis_seed = old._diagnosis_seed.then(start, end, new_length)
        # Edits all over the text: a fresh scan costs less.
        if self._carried is not None and self._carried.spans_much_of(len(self._text)):
            self._carried = None
        if self._diagnosis_seed is not None and self._diagnosis_seed.spans_much_of(len(self._text)):
            self._diagnosis_seed = None
        if self._carried is None and self._markdown:
            self._diagnosis_seed = None  # only the carried record's patch tells how far the code changed

    def _patch_carried(self) -> None:
        """Patch what an earlier version had computed, rescanning only a stretch around the edit."""
        carried = self._carried
        assert carried is not None
        if carried.code is not None:
            derived = code_layout_after_edit(carried.code, self._text, carried.start, carried.end, carried.length,
                                             self._markdown)
            if derived is not None:
                self._code_layout, changed = derived
                if changed is not None:  # an inline span paired otherwise: what reads its paragraph reads again
                    carried = carried.then(changed[0], changed[1], changed[1] - changed[0])
                    if self._diagnosis_seed is not None:
                        self._diagnosis_seed = self._diagnosis_seed.then(changed[0], changed[1], changed[1] - changed[0])
            if derived is None or carried.spans_much_of(len(self._text)):
                # The code may stand otherwise anywhere: everything is found afresh.
                self._carried = self._diagnosis_seed = None
                return
        start, end, new_length = carried.start, carried.end, carried.length
        if carried.view is not None:
            code = None if self._code_layout is None else self._code_layout.spans
            self._byte_view = view_after_edit(carried.view, self._text, start, end, new_length, code)
        found = carried.definitions is not None or carried.references is not None
        delta = new_length - (end - start)
        alike = bool(carried.nodes) and moved_alike(carried.nodes, self.nodes, start, end, delta)
        if alike and carried.labels is not None and self._labels is None:
            # Typing "Section " in a clause's text asks for its numbers at each key: 9 ms to index
            # the 12,000 headings of a 10 MB text and 29 ms to list what a section citation reaches.
            self._labels = carried.labels.moved_to(self.nodes)

        def moved(at: int) -> int | None:
            return at if at <= start else at + delta if at >= end else None

        # Definitions parts that changed or moved otherwise than the text change what counts as a
        # definition: found afresh.
        # (An outline that only moved keeps its parts' titles: those are the same, moved.)
        if found and (alike or _definition_parts(carried.nodes, moved) == _definition_parts(self.nodes)):
            view = self._whole_view()
            # A heading the edit made or unmade away from it (a page's running header, a clause run
            # into it) changes what is read there: a heading's own number cites nothing, and an
            # entry of a definitions list may run on from it. Each such place is read again too.
            elsewhere = () if alike else _headings_changed(carried.nodes, self.nodes, moved)
            if elsewhere is not None and carried.definitions is not None:
                definitions = definitions_after_edit(carried.definitions, self._text, start, end, new_length,
                                                     self.nodes, view)
                for at in elsewhere:
                    definitions = definitions_after_edit(definitions, self._text, at, at, 0, self.nodes, view)
                self._definitions = definitions
            if elsewhere is not None and carried.references is not None:
                self._references = references_after_edit(carried.references, self._text, start, end, new_length,
                                                         self.nodes, view, alike, also=elsewhere)
        if carried.diagnosis is not None:
            self._diagnosis_seed = replace(carried, view=None, definitions=None, references=None, nodes=(),
                                           outline_moved=alike, labels=None)
        # Cleared once patched: a concurrent reader meanwhile patches the same values from the same record.
        self._carried = None

    def trim(self) -> None:
        """Let go of what is cheap to make again, answers staying the same: the one-byte-per-
        character view that definitions, citations and diagnostics are read from (10 MB: rebuilt in
        about 20 ms), and what queries keep per version of the index (per-term arrays or block
        maxima, the sections' index keys and which sections end in a word: a few milliseconds per
        question to make again); pack the index's postings (a quarter of their size; edits change
        them packed, a question unpacks the terms it scores); and let go of what every document
        shares: the citation keys of headings (tens of milliseconds), the terms of words and the
        patterns and written forms of defined terms' uses, the anchors of Markdown's headings."""
        if self._carried is None:
            self._byte_view = None
        if self._index is not None and self.indexed:
            self._index.forget_derived()
            self._index.pack()
        self._keys = self._open_ended = self._use_index = self._labels = None
        forget_heading_keys()
        forget_words()
        forget_use_patterns()
        forget_anchors()

    def _whole_view(self) -> bytes:
        if self._byte_view is None:
            self._byte_view = byte_view(self._text, self._layout().spans)
        return self._byte_view

    # ----------------------------------------------------------------- facets
    def select_facets(self, facets, k: int = 2, budget: int | None = None, allow=None,  # type: ignore[no-untyped-def]
                      *, document_id: str | None = None, revision: int | None = None):
        """Per-facet retrieval; see :func:`longdoc.facets.select_facets`."""
        from .facets import select_facets

        return select_facets(self, facets, k=k, budget=budget, allow=allow,
                             document_id=document_id, revision=revision)


def _consecutive(values: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The first and last of each run of consecutive integers in ``values`` (ascending)."""
    n = len(values)
    k = 0
    while k < n:
        first = last = values[k]
        k += 1
        while k < n and values[k] == last + 1:
            last = values[k]
            k += 1
        yield first, last


def _heading_text(part: Part) -> str | None:
    return part.heading.text if part.heading is not None else None


def _same_section(old_text: str, old_start: int, old: Part, old_j: int, text: str, start: int, new: Part,
                  j: int) -> bool:
    """Whether section ``old_j`` of a part and section ``j`` of its next version (same heading)
    have the same index terms."""
    (os_, oe), (ns, ne) = old.spans[old_j], new.spans[j]
    # A section that does not start with the heading counts the heading's terms too.
    return (os_ > 0) == (ns > 0) and old_text[old_start + os_ : old_start + oe] == text[start + ns : start + ne]


def _definition_parts(nodes: Sequence[OutlineNode], moved: Callable[[int], int | None] = lambda at: at
                      ) -> list[tuple[int, str, int | None, int | None]]:
    """The parts that may hold a list of definitions, with where their bodies run (``moved``: where
    an offset went after an edit, None when it was edited away)."""
    return [(n.index, n.title, moved(n.heading_end), moved(n.end)) for n in nodes
            if "defin" in (title := n.title.casefold()) or "interpret" in title]


def _line_start(text: str, pos: int, window: int = 4096) -> int:
    """Where the line holding ``pos`` starts (see :func:`_lines_up`)."""
    return _lines_up(text, pos, 0, window)


def _line_end(text: str, pos: int, window: int = 4096) -> int:
    """Where the line holding ``pos`` ends: its break, or the end of the text (see :func:`_lines_down`)."""
    return _lines_down(text, pos, 0, window)


def _headings_changed(old: Sequence[OutlineNode], new: Sequence[OutlineNode], moved: Callable[[int], int | None]
                      ) -> list[int] | None:
    """Where a heading starts in one outline and not in the other (the old one's starts moved by
    the edit), in order; None when there are more than a few: then a fresh scan costs less."""
    before = {at for at in (moved(n.heading_start) for n in old) if at is not None}
    changed = sorted(before.symmetric_difference(n.heading_start for n in new))
    return changed if len(changed) <= _HEADINGS_READ_AGAIN else None


# Headings made or unmade by one edit that are each read again; past that, the whole text is.
_HEADINGS_READ_AGAIN = 16


def _heading_end(starts: list[int], parts: list[Part], p: int) -> int:
    """Where part ``p``'s heading ends in the text (-1 for the part before the first heading)."""
    heading = parts[p].heading
    return -1 if heading is None else starts[p] + heading.end


def _atx_line_made(text: str, start: int, stop: int) -> bool:
    """Whether an edit that put ``text[start:stop]`` in a text without ATX headings made one: on
    the line it starts in, if only blanks and "#" come before it there, or on a line it opens."""
    k = start
    while k > 0 and text[k - 1] in " \t#":
        k -= 1
    opened = [m.end() for m in _BREAK_CHAR_RE.finditer(text, start, stop)]
    if k == 0 or text[k - 1] in LINE_BREAKS:
        opened.append(k)
    # The pattern reads the line break before a line's start (or the text's start) itself.
    return any(MARKDOWN_HEADING_RE.match(text, max(0, at - 1)) for at in opened)


def _lines_up(text: str, pos: int, lines: int, window: int | None = None, floor: int = 0) -> int:
    """The start of the line ``lines`` lines above the one holding ``pos`` (``floor`` when it lies
    before it), read in windows that double from ``window``: a line of megabytes costs a few scans."""
    size = window or 128 * (lines + 1)
    while True:
        lo = max(floor, pos - size)
        breaks = _break_starts(text, lo, pos)
        if len(breaks) > lines:
            at = breaks[-lines - 1]
            return at + 2 if text.startswith("\r\n", at, pos) else at + 1
        if lo == floor:
            return floor
        size *= 2


def _lines_down(text: str, pos: int, lines: int, window: int | None = None, ceiling: int | None = None) -> int:
    """The end of the line ``lines`` lines below the one holding ``pos`` (``ceiling``, by default
    the text's end, when it lies past it), read as :func:`_lines_up` reads."""
    size = window or 128 * (lines + 1)
    limit = len(text) if ceiling is None else ceiling
    while True:
        hi = min(limit, pos + size)
        breaks = _break_starts(text, pos, hi)
        if len(breaks) > lines:
            return breaks[lines]
        if hi == limit:
            return hi
        size *= 2


# One character of a line break: the engine scans for a class far faster than for an alternation.
_BREAK_CHAR_RE = re.compile("[" + LINE_BREAKS + "]")


def _break_starts(text: str, lo: int, hi: int) -> list[int]:
    """Where each line break within ``text[lo:hi]`` starts (a carriage return and line feed, both in
    it, are one break)."""
    starts = [m.start() for m in _BREAK_CHAR_RE.finditer(text, lo, hi)]
    if text.find("\r", lo, hi) >= 0:
        starts = [at for at in starts if not (at > lo and text[at] == "\n" and text[at - 1] == "\r")]
    return starts


def _check_query(query: object) -> None:
    if not isinstance(query, str):
        raise TypeError(f"query must be str, not {type(query).__name__}")


def _check_positive(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int")
    if value < 1:
        raise ValueError(f"{name} must be >= 1, got {value}")
