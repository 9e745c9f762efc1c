"""textDocument/codeAction: quick fixes for the findings that say what would mend them (a phrase
that misspells a defined term, "Effecctive Date", replaced by the term), for a phrase used as a
defined term but defined nowhere, an entry defining it in the list of definitions ('"Widget Price"
means [●].', placed, worded and lettered as the list's entries are), and for a gap, a duplicate or
clauses out of order in the numbering, the clauses renumbered with their citations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from longdoc import Renumbering
from longdoc.entries import TextEdit

from ..documents import Snapshot
from .definition import asked_range
from .diagnostics import findings

if TYPE_CHECKING:
    from ..app import LongdocServer

_UNDEFINED = "undefined-term"
_MISTITLED = "mistitled-reference"
_MISNUMBERED = ("numbering-gap", "duplicate-number", "numbering-order")


async def quick_fixes(server: LongdocServer, params: types.CodeActionParams) -> list[dict[str, Any]]:
    """The quick fixes of the findings of longdoc's in the request's context: a replacement where
    the finding has one (preferred, but for a number its citation's bracketed title disowns), an
    entry in the definitions for an undefined term, the clauses renumbered for a gap, a duplicate or
    clauses out of order in their numbering."""
    snapshot, _, _ = await asked_range(server, params)  # InvalidParams for a range outside the document
    ours = [d for d in params.context.diagnostics if d.source == "longdoc"]
    if not ours:
        return []
    await findings(server, snapshot)  # the findings of this version, computed once
    current = {(d.start, d.end, d.code): d for d in snapshot.doc.diagnostics()}
    out = []
    for shown in ours:
        try:
            start, end = server.span(snapshot, shown.range)
        except JsonRpcInvalidParams:
            continue  # shown for an earlier, longer version: no finding of this one
        finding = current.get((start, end, shown.code))
        if finding is None:
            continue
        if finding.replacement:
            # A stale number may as well be a stale title: the drafter picks, no fix is applied unasked.
            out.append(_action(server, snapshot, shown, f"Replace with \u201c{finding.replacement}\u201d",
                               [TextEdit(start, end, finding.replacement)], preferred=finding.code != _MISTITLED))
        if finding.code == _UNDEFINED:
            term = " ".join(snapshot.text[start:end].split())
            edits = await server.answer_on(snapshot, lambda now: now.doc.definition_entry(term))
            if edits:
                out.append(_action(server, snapshot, shown, f"Define \u201c{term}\u201d in the definitions",
                                   edits, preferred=False))
        if finding.code in _MISNUMBERED:
            found = await server.answer_on(snapshot, lambda now: now.doc.renumbering(start))
            if found is not None:
                out.append(_action(server, snapshot, shown, _renumbering_title(found), list(found.edits), preferred=False))
            if found is not None and found.shared:
                # Which clause the citations of a number written twice mean, the drafter knows: the
                # first one, or the one another was put before.
                taking = await server.answer_on(snapshot, lambda now: now.doc.renumbering(start, shared=True))
                out.append(_action(server, snapshot, shown, _renumbering_title(taking, taken=True), list(taking.edits),
                                   preferred=False))
    return out


def _renumbering_title(found: Renumbering, taken: bool = False) -> str:
    """'Renumber clause 5.3 as 5.2 and the 6 clauses after it, with their 12 citations', and what
    becomes of the citations of a number written twice (``taken``: they follow the clause)."""
    (old, new), more, cited = found.clauses[0], len(found.clauses) - 1, found.citations
    title = f"Renumber clause {old} as {new}"
    if more:
        title += f" and the {_counted(more, 'clause')} after it"
    if cited:
        title += f", with {'their' if more else 'its'} {_counted(cited, 'citation')}"
    if found.shared and taken:
        title += f", those of {old} among them"
    elif found.shared:
        stay = "stays" if found.shared == 1 else "stay"
        title += f" (the {_counted(found.shared, 'citation')} of {old} {stay} with the first {old})"
    if found.stranded:
        nowhere = "a citation that leads" if found.stranded == 1 else f"{found.stranded} citations that lead"
        title += f"; {nowhere} nowhere would lead to a clause renumbered"
    return title


def _counted(n: int, noun: str) -> str:
    return noun if n == 1 else f"{n} {noun}s"


def _action(server: LongdocServer, snapshot: Snapshot, shown: types.Diagnostic, title: str, edits: list[TextEdit],
            preferred: bool) -> dict[str, Any]:
    """A quick fix making ``edits``, for the finding ``shown``."""
    lines, codec = snapshot.lines, server.codec
    return {
        "title": title,
        "kind": types.CodeActionKind.QuickFix.value,
        "isPreferred": preferred,
        # The finding it mends, as the client showed it: the client pairs the two by it.
        "diagnostics": [{"range": shown.range, "message": shown.message, "code": shown.code, "source": shown.source,
                         "severity": None if shown.severity is None else int(shown.severity)}],
        "edit": {"changes": {snapshot.uri: [{"range": codec.range(lines, e.start, e.end), "newText": e.text} for e in edits]}},
    }


def register(server: LongdocServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    async def code_action(params: types.CodeActionParams) -> list[dict[str, Any]]:
        return await quick_fixes(server, params)
