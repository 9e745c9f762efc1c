"""textDocument/definition: from a defined term to its definition, from a citation to its target,
from a phrase naming a clause to the clause.

Also holds what the contract features share: a snapshot's definitions and citations
(`intel(snapshot)`, computed once per version) and what stands at an offset.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from lsprotocol import types

from longdoc.definitions import Definition
from longdoc.references import Reference
from longdoc.uses import Use

from ..convert import location
from ..documents import Snapshot

if TYPE_CHECKING:
    from ..app import LongdocServer

T = TypeVar("T")


@dataclass
class Intel:
    """The definitions and citations of one snapshot, with the lookups the features need."""

    snapshot: Snapshot
    definitions: list[Definition] = field(init=False)
    references: list[Reference] = field(init=False)
    _uses: dict[str, list[Use]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The document patches what the version before it had found, rescanning the edited paragraphs.
        doc = self.snapshot.doc
        self.definitions = doc.definitions
        self.references = doc.references
        self._starts = [r.start for r in self.references]

    def definitions_of(self, term: str) -> list[Definition]:
        return [d for d in self.definitions if d.term == term]

    def uses(self, term: str) -> list[Use]:
        if term not in self._uses:
            self._uses[term] = self.snapshot.doc.uses(term)
        return self._uses[term]

    def term_at(self, offset: int) -> tuple[str, int, int] | None:
        """The defined term written at offset (at a definition or a use) and its span there."""
        for d in self.definitions:
            if d.term_start <= offset <= d.term_end:
                return d.term, d.term_start, d.term_end
        use = self.snapshot.doc.use_at(offset)
        return (use.term, use.start, use.end) if use else None

    def citation_at(self, offset: int) -> Reference | None:
        i = bisect.bisect_right(self._starts, offset) - 1
        while i >= 0 and self.references[i].start <= offset:
            if offset <= self.references[i].end:
                return self.references[i]
            i -= 1
        return None

    def target_span(self, ref: Reference) -> tuple[int, int] | None:
        """Where a citation leads: the cited clause's first line, else its target's heading."""
        if ref.clause is not None:
            lines = self.snapshot.lines  # its line's end, looked up: a search could run for megabytes
            return ref.clause, lines.line_end(lines.line_of(ref.clause))
        if ref.target is None:
            return None
        node = self.snapshot.doc.nodes[ref.target]
        return node.heading_start, node.heading_end


def intel(snapshot: Snapshot) -> Intel:
    """The definitions and citations of a snapshot, computed once per version."""
    return snapshot.cached("intel", lambda: Intel(snapshot))


def definition_locations(server: LongdocServer, snapshot: Snapshot, offset: int) -> list[dict[str, Any]]:
    """Locations of the definitions of the term at offset, of the target of the citation there, or
    of the heading of the clause that the phrase there names ("the Royalty Fee")."""
    found = intel(snapshot)
    codec, lines, uri = server.codec, snapshot.lines, snapshot.uri
    citation = found.citation_at(offset)
    if citation is not None:
        span = found.target_span(citation)
        return [location(uri, codec.range(lines, *span))] if span else []
    term = found.term_at(offset)
    if term is not None:
        return [location(uri, codec.range(lines, d.term_start, d.term_end)) for d in found.definitions_of(term[0])]
    named = snapshot.doc.clause_named_at(offset)
    if named is None:
        return []
    return [location(uri, codec.range(lines, named[0].heading_start, named[0].heading_end))]


async def at_position(server: LongdocServer, params: Any, compute: Callable[[Snapshot, int], T]) -> T:
    """`compute(snapshot, offset)` for a request naming a document and a position."""
    snapshot = await server.current(params.text_document.uri)
    offset = server.offset(snapshot, params.position)
    return await server.answer_on(snapshot, lambda current: compute(current, offset))


async def asked_range(server: LongdocServer, params: Any) -> tuple[Snapshot, int, int]:
    """The current snapshot of the document a request names and the offsets of its range;
    InvalidParams for a range outside the document."""
    snapshot = await server.current(params.text_document.uri)
    start, end = server.span(snapshot, params.range)
    return snapshot, start, end


async def in_range(server: LongdocServer, params: Any, compute: Callable[[Snapshot, int, int], T]) -> T:
    """`compute(snapshot, start, end)` on the worker for a request naming a document and a range."""
    snapshot, start, end = await asked_range(server, params)
    return await server.answer_on(snapshot, lambda current: compute(current, start, end))


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(params: types.DefinitionParams) -> list[dict[str, Any]]:
        return await at_position(server, params, lambda snapshot, offset: definition_locations(server, snapshot, offset))
