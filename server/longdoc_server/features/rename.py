"""textDocument/prepareRename and textDocument/rename of a defined term: the definitions and every
use change together, plural and possessive endings kept; a name already defined is refused. And of
a clause's number, in its heading or a citation of it: the heading, the sub-clauses' numbers and
every citation change together; a number another clause has is refused."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from longdoc.forms import plural, renamed_forms, shouted
from longdoc.uses import Use
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from ..documents import Snapshot
from .definition import at_position, intel

if TYPE_CHECKING:
    from ..app import LongdocServer


def _written(form: str) -> re.Pattern[str]:
    """A form as a use writes it: its words apart by whitespace (none after a word broken at its
    hyphen, "Co- Chairs" written "Co-Chairs")."""
    words = form.split()
    gaps = [r"\s*" if w.endswith("-") else r"\s+" for w in words[:-1]]
    return re.compile("".join(re.escape(w) + g for w, g in zip(words, gaps)) + re.escape(words[-1]))


def _renamed_use(text: str, use: Use, renames: list[tuple[str, str]], name: str) -> tuple[int, int, str]:
    """The edit of a use: its written form renamed, its ending ("s", "'s") kept, or its plural
    written anew ("Parties" of "Party")."""
    for form, renamed in renames:
        written = _written(form).match(text, use.start, use.end)
        if written is not None:
            ending = text[written.end() : use.end]
            if ending.isupper() and not shouted(renamed):  # "TRAIT FEES" renamed "Trait Charges"
                return use.start, use.end, renamed + ending.lower()
            return use.start, written.end(), renamed
    for form, renamed in renames:
        written = _written(plural(form)).match(text, use.start, use.end)
        if written is not None:
            return use.start, written.end(), plural(renamed)
    return use.start, use.end, name  # written as no form reads it: the whole use takes the new name


def renamed_spans(snapshot: Snapshot, offset: int, new_name: str) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for the term at offset; InvalidParams when renaming cannot be done."""
    found = intel(snapshot)
    term = found.term_at(offset)
    if term is None:
        raise JsonRpcInvalidParams("there is no defined term or clause number at this position")
    name = " ".join(new_name.split())
    if not name:
        raise JsonRpcInvalidParams("the new name is empty")
    if name != term[0] and found.definitions_of(name):
        raise JsonRpcInvalidParams(f"\u201c{name}\u201d is already a defined term")
    text = snapshot.text
    edits = [(d.term_start, d.term_end, name) for d in found.definitions_of(term[0])]
    # Each written form is renamed to the new name's form in its place ("Third Parties" of "Third
    # Party(ies)" to "Outside Parties"), or to the new name itself when the new name has no such form.
    renames = sorted(renamed_forms(term[0], name), key=lambda pair: -len(pair[0]))  # the longest form written at a use
    for use in found.uses(term[0]):
        edits.append(_renamed_use(text, use, renames, name))
    return sorted(edits)


def renumbered_spans(snapshot: Snapshot, offset: int, number: str) -> list[tuple[int, int, str]] | None:
    """(start, end, replacement) for the clause whose number is written at offset; None where
    none is; InvalidParams for a number that cannot be given."""
    found = snapshot.doc.clause_number_at(offset)
    if found is None:
        return None
    try:
        return list(snapshot.doc.clause_renaming(found[0], number).edits)
    except ValueError as error:
        raise JsonRpcInvalidParams(str(error)) from None


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    async def prepare_rename(params: types.PrepareRenameParams) -> dict[str, Any] | None:
        def compute(snapshot: Snapshot, offset: int) -> dict[str, Any] | None:
            term = intel(snapshot).term_at(offset)
            if term is None:
                numbered = snapshot.doc.clause_number_at(offset)
                if numbered is None:
                    return None
                term = (snapshot.text[numbered[1] : numbered[2]], numbered[1], numbered[2])
            return {"range": server.codec.range(snapshot.lines, term[1], term[2]), "placeholder": term[0]}

        return await at_position(server, params, compute)

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    async def rename(params: types.RenameParams) -> dict[str, Any]:
        def compute(snapshot: Snapshot, offset: int) -> dict[str, Any]:
            spans = None if intel(snapshot).term_at(offset) else renumbered_spans(snapshot, offset, params.new_name)
            if spans is None:
                spans = renamed_spans(snapshot, offset, params.new_name)
            edits = [{"range": server.codec.range(snapshot.lines, s, e), "newText": new} for s, e, new in spans]
            return {"changes": {snapshot.uri: edits}}

        return await at_position(server, params, compute)
