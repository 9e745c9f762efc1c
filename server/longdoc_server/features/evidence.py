"""Commands ``longdoc.locateEvidence`` (quote -> span) and ``longdoc.coverage`` (facets -> sections).

Both call the core (``locate`` from ``longdoc.provenance`` and ``LongDocument.select_facets``) and
only convert.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from longdoc.provenance import locate

from ..arguments import CommandArguments
from ..convert import sections_json
from ..documents import Snapshot
from ..positions import Codec

if TYPE_CHECKING:
    from ..app import LongdocServer

LOCATE = "longdoc.locateEvidence"
COVERAGE = "longdoc.coverage"


def locate_evidence(snapshot: Snapshot, codec: Codec, quote: str) -> dict[str, Any] | None:
    span = locate(snapshot.text, quote)
    if span is None:
        return None
    return {
        "uri": snapshot.uri,
        "version": snapshot.version,
        "range": codec.range(snapshot.lines, span.char_start, span.char_end),
        "method": span.method,
        "similarity": round(float(span.similarity), 6),
    }


def coverage(snapshot: Snapshot, codec: Codec, facets: dict[str, str], k: int, budget: int | None) -> dict[str, Any]:
    doc = snapshot.doc
    result = doc.select_facets(facets, k=k, budget=budget, document_id=snapshot.uri, revision=snapshot.version)

    def chosen(name: str) -> list[tuple[Any, float]]:
        found = result.results.get(name)
        return [(doc.sections[p.section_index], p.score) for p in found.passages] if found else []

    return {
        "uri": snapshot.uri,
        "version": snapshot.version,
        "facets": {name: sections_json(snapshot, codec, chosen(name), query) for name, query in facets.items()},
        "uncovered": list(result.uncovered),
        "restricted": list(result.restricted),
    }


def register(server: LongdocServer) -> None:
    @server.command(LOCATE)
    async def locate_command(*raw: Any) -> dict[str, Any] | None:
        arguments = CommandArguments(LOCATE, raw)
        snapshot = await server.current(arguments.string("uri"))
        quote = arguments.string("quote")
        return await server.run(locate_evidence, snapshot, server.codec, quote)

    @server.command(COVERAGE)
    async def coverage_command(*raw: Any) -> dict[str, Any]:
        arguments = CommandArguments(COVERAGE, raw)
        snapshot = await server.current(arguments.string("uri"))
        facets = arguments.string_map("facets")
        k = arguments.positive_int("k", 2)
        assert k is not None
        budget = arguments.positive_int("budget", server.settings.budget)
        return await server.run(coverage, snapshot, server.codec, facets, k, budget)
