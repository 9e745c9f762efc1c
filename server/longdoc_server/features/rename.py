"""textDocument/prepareRename and textDocument/rename of a defined term: the definitions and every
use change together, plural and possessive endings kept; a name already defined is refused."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from ..documents import Snapshot
from .definition import at_position, intel

if TYPE_CHECKING:
    from ..app import LongdocServer


def _plural(name: str) -> str:
    if len(name) > 1 and name.endswith("y") and name[-2].lower() not in "aeiou":
        return name[:-1] + "ies"
    return name + ("es" if name.endswith(("s", "x", "z", "ch", "sh")) else "s")


def renamed_spans(snapshot: Snapshot, offset: int, new_name: str) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for the term at offset; InvalidParams when renaming cannot be done."""
    found = intel(snapshot)
    term = found.term_at(offset)
    if term is None:
        raise JsonRpcInvalidParams("there is no defined term at this position")
    name = " ".join(new_name.split())
    if not name:
        raise JsonRpcInvalidParams("the new name is empty")
    if name != term[0] and found.definitions_of(name):
        raise JsonRpcInvalidParams(f"\u201c{name}\u201d is already a defined term")
    text = snapshot.text
    edits = [(d.term_start, d.term_end, name) for d in found.definitions_of(term[0])]
    stem = re.compile(r"\s+".join(map(re.escape, term[0].split())))
    for use in found.uses(term[0]):
        written = stem.match(text, use.start)
        if written is not None:  # the ending ("s", "'s") stays as it is
            edits.append((use.start, written.end(), name))
        else:  # "Parties" for "Party": the plural is written anew
            edits.append((use.start, use.start + len(term[0]) + 2, _plural(name)))
    return sorted(edits)


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    async def prepare_rename(params: types.PrepareRenameParams) -> dict[str, Any] | None:
        def compute(snapshot: Snapshot, offset: int) -> dict[str, Any] | None:
            term = intel(snapshot).term_at(offset)
            if term is None:
                return None
            return {"range": server.codec.range(snapshot.lines, term[1], term[2]), "placeholder": term[0]}

        return await at_position(server, params, compute)

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    async def rename(params: types.RenameParams) -> dict[str, Any]:
        def compute(snapshot: Snapshot, offset: int) -> dict[str, Any]:
            edits = [
                {"range": server.codec.range(snapshot.lines, s, e), "newText": new}
                for s, e, new in renamed_spans(snapshot, offset, params.new_name)
            ]
            return {"changes": {snapshot.uri: edits}}

        return await at_position(server, params, compute)
