"""Diagnostics with source "longdoc": pulled (textDocument/diagnostic) by clients that support it,
and published after opens and edits, debounced so that typing stays fast."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified

from longdoc.diagnostics import RELATED_NOTE, Diagnostic

from ..documents import Snapshot
from ..reuse import RawJson, render_spans

if TYPE_CHECKING:
    from ..app import LongdocServer

DEBOUNCE_SECONDS = 0.4
_SEVERITY = {"error": 1, "warning": 2, "information": 3, "hint": 4}


def diagnostics(server: LongdocServer, snapshot: Snapshot) -> RawJson:
    """The snapshot's findings as a JSON array of LSP Diagnostics, computed once per version (a
    client pulls again when an editor regains focus), kept as JSON text: thousands of dicts per
    version would leave the heap full of holes; the JSON of findings an edit only moved is the
    previous version's. Call it once the search index is built: the index tells where a defined
    term may be used (a 10 MB contract: 0.3 s, against 2 s reading it all); a version after an
    edit patches its predecessor's diagnosis instead."""
    return snapshot.cached("diagnostics", lambda: _render(server, snapshot))


async def findings(server: LongdocServer, snapshot: Snapshot) -> RawJson:
    """:func:`diagnostics` after the search index is built a step at a time, in two jobs on the
    worker so that requests queue between them: the definitions and citations patched from the
    previous version, then the diagnosis (after an edit of a 10 MB contract, about 0.1 s each).
    ContentModified once the document has changed."""
    await server.idle.index(snapshot)
    await server.answer_on(snapshot, lambda current: current.doc.references)
    return await server.answer_on(snapshot, lambda current: diagnostics(server, current))


def _render(server: LongdocServer, snapshot: Snapshot) -> RawJson:
    lines, codec, uri = snapshot.lines, server.codec, snapshot.uri

    def rendered(d: Diagnostic) -> dict[str, object]:
        out: dict[str, object] = {
            "range": codec.range(lines, d.start, d.end),
            "severity": _SEVERITY[d.severity],
            "code": d.code,
            "source": "longdoc",
            "message": d.message,
        }
        if d.related:  # the other places of one finding: listed under it, not reported again
            out["relatedInformation"] = [
                {"location": {"uri": uri, "range": codec.range(lines, s, e)}, "message": RELATED_NOTE[d.code]}
                for s, e in d.related]
        return out

    # Most findings of a version are the previous version's, moved: their JSON is reused.
    return render_spans(snapshot, "diagnostics", snapshot.doc.diagnostics(), rendered)


def _pulls(server: LongdocServer) -> bool:
    text_document = server.client_capabilities.text_document
    return bool(text_document and text_document.diagnostic)


async def _publish_changes(server: LongdocServer) -> None:
    """Publish the diagnostics of every document whose version has been stable for a while."""
    published: dict[str, int] = {}
    seen: dict[str, int] = {}
    while True:
        await asyncio.sleep(DEBOUNCE_SECONDS)
        for snapshot in server.documents:
            version = snapshot.version
            if published.get(snapshot.uri) == version:
                continue
            if seen.get(snapshot.uri) != version:
                seen[snapshot.uri] = version  # changed since the last look: wait one more period
                continue
            try:
                found = await findings(server, snapshot)
            except JsonRpcContentModified:
                continue  # changed meanwhile: published once it is still again
            # The findings are JSON already: sent as they are, not parsed and serialised again.
            params = found.wrapped(b'{"uri":%s,"version":%d,"diagnostics":' % (json.dumps(snapshot.uri).encode(), version), b"}")
            server.protocol.notify_json(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, params)
            published[snapshot.uri] = version


def register(server: LongdocServer) -> None:
    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(identifier="longdoc", inter_file_dependencies=False, workspace_diagnostics=False),
    )
    async def pull(params: types.DocumentDiagnosticParams) -> RawJson:
        snapshot = await server.current(params.text_document.uri)
        return (await findings(server, snapshot)).wrapped(b'{"kind":"full","items":', b"}")

    def start_publishing() -> None:
        if not _pulls(server):
            asyncio.get_event_loop().create_task(_publish_changes(server))

    server.on_initialized.append(start_publishing)
