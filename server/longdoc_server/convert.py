"""Core results -> JSON-ready dicts in the negotiated encoding (plain dicts: fast to serialise).

The shapes here are the contract of the ``longdoc.*`` commands.
"""

from __future__ import annotations

from typing import Any, Iterable

from longdoc import LongDocument

from .documents import Snapshot
from .positions import Codec, Range


def heading_span(doc: LongDocument, section: Any) -> tuple[int, int]:
    """The span to select for a section: its heading when it starts with one, else its first line."""
    if section.node is not None:
        node = doc.nodes[section.node]
        if section.start <= node.heading_start < node.heading_end <= section.end:
            return node.heading_start, node.heading_end
    line_end = doc.text.find("\n", section.start, section.end)
    return section.start, section.end if line_end < 0 else line_end


def section_json(snapshot: Snapshot, codec: Codec, section: Any, score: float, query: str) -> dict[str, Any]:
    """One selected section as the commands return it."""
    lines = snapshot.lines
    selection_start, selection_end = heading_span(snapshot.doc, section)
    return {
        "index": section.index,
        "heading": section.heading,
        "path": list(section.path),
        "score": round(float(score), 6),
        "matchedTerms": snapshot.doc.matched_terms(section, query),
        "matchedWords": snapshot.doc.matched_words(section, query),
        "range": codec.range(lines, section.start, section.end),
        "selectionRange": codec.range(lines, selection_start, selection_end),
    }


def sections_json(
    snapshot: Snapshot, codec: Codec, selected: Iterable[tuple[Any, float]], query: str
) -> list[dict[str, Any]]:
    return [section_json(snapshot, codec, section, score, query) for section, score in selected]


def location(uri: str, range_: Range) -> dict[str, Any]:
    return {"uri": uri, "range": range_}
