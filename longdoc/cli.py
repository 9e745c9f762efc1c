"""The ``longdoc`` command: outline a document, find its sections for a question, verify a record,
check its drafting.

Errors (missing file, bytes that are not UTF-8, bad numbers, a malformed record) print one line on
stderr and exit 2; ``verify`` exits 1 when a record is not reproduced, ``check`` when it finds a
warning. ``-`` reads standard input.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sys
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn

from . import __version__
from .analysis import terms
from .diagnostics import RELATED_NOTE, Diagnostic
from .document import LongDocument
from .outline import OutlineNode
from .sections import Section

__all__ = ["main"]

RECORD_VERSION = 1
_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_PREVIEW_CHARS = 160
_SENTENCE_RE = re.compile(r"(?<=[.;:!?])\s+(?=\S)")


class UsageError(Exception):
    """A problem with the command's input: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    # argparse prints the whole usage block on an error; one line is what the contract promises.
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value!r} must be at least 1")
    return number


def _read_bytes(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        with open(name, "rb") as f:
            return f.read()
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from None


def read_text(name: str) -> str:
    """The file (or standard input for ``-``) decoded as UTF-8, line breaks kept as they are."""
    data = _read_bytes(name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        label = "standard input" if name == "-" else name
        raise UsageError(f"{label} is not UTF-8 text (byte {exc.start}: {data[exc.start:exc.start + 1]!r})") from None


def text_sha256(text: str) -> str:
    """SHA-256 (hex) of the text's UTF-8 bytes: what a selection record pins the document by."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Lines:
    """1-based line numbers of offsets, counting CRLF, CR and LF breaks as editors do."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in _LINE_BREAK_RE.finditer(text)]

    def line(self, offset: int) -> int:
        return bisect_right(self._starts, offset)

    def place(self, offset: int) -> tuple[int, int]:
        """1-based line and column (in characters) of an offset."""
        line = self.line(offset)
        return line, offset - self._starts[line - 1] + 1

    def span(self, start: int, end: int) -> tuple[int, int]:
        """First and last line of [start, end) (an empty range sits on its start line)."""
        return self.line(start), self.line(max(start, end - 1))


# ----------------------------------------------------------------------------- outline
def _node_json(node: OutlineNode, lines: _Lines) -> dict[str, Any]:
    first, last = lines.span(node.start, node.end)
    return {
        "title": node.title,
        "label": node.label,
        "level": node.level,
        "kind": node.kind,
        "line": first,
        "end_line": last,
        "start": node.start,
        "end": node.end,
        "heading_start": node.heading_start,
        "heading_end": node.heading_end,
        "tokens": node.tokens,
        "children": [_node_json(child, lines) for child in node.children],
    }


def run_outline(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    doc = LongDocument(text)
    lines = _Lines(text)
    if args.json:
        print(json.dumps([_node_json(n, lines) for n in doc.outline], ensure_ascii=False, indent=2))
        return 0
    if not doc.nodes:
        print("(no headings)")
        return 0
    width = len(str(lines.line(len(text))))
    for node in doc.nodes:
        first, last = lines.span(node.start, node.end)
        print(f"{first:>{width}}-{last:<{width}}  {'  ' * node.depth}{node.title}")
    return 0


# ----------------------------------------------------------------------------- find
def selection_record(doc: LongDocument, query: str, k: int, budget: int | None,
                     chosen: Sequence[tuple[Section, float]]) -> dict[str, Any]:
    """The audit record of one selection: enough to re-run it and compare."""
    return {
        "version": RECORD_VERSION,
        "longdoc": __version__,
        "sha256": text_sha256(doc.text),
        "max_tokens": doc.max_tokens,
        "query": query,
        "k": k,
        "budget": budget,
        "sections": [
            {"start": s.start, "end": s.end, "heading": s.heading, "score": score} for s, score in chosen
        ],
    }


def _clip(text: str) -> str:
    if len(text) <= _PREVIEW_CHARS:
        return text
    cut = text.rfind(" ", 0, _PREVIEW_CHARS)
    return text[: cut if cut > 0 else _PREVIEW_CHARS] + " …"


def _preview(text: str, query_terms: list[str]) -> str:
    """The sentence of ``text`` holding the most query terms (the first on a tie), clipped."""
    sentences = _SENTENCE_RE.split(" ".join(text.split()))
    wanted = set(query_terms)
    best = max(range(len(sentences)), key=lambda i: (len(wanted.intersection(terms(sentences[i]))), -i))
    return ("… " if best else "") + _clip(sentences[best])


def run_find(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    doc = LongDocument(text, max_tokens=args.max_tokens)
    chosen = doc.select(args.question, k=args.k, budget=args.budget)
    lines = _Lines(text)
    unmatched = doc.unmatched_terms(args.question)
    window = doc.window([s for s, _ in chosen]) if args.window else None
    if args.json:
        results = []
        for rank, (sec, score) in enumerate(chosen, 1):
            first, last = lines.span(sec.start, sec.end)
            results.append({
                "rank": rank, "score": score, "start": sec.start, "end": sec.end, "line": first,
                "end_line": last, "heading": sec.heading, "path": list(sec.path), "tokens": sec.tokens,
                "matched_terms": doc.matched_terms(sec, args.question), "text": doc[sec.start : sec.end],
            })
        out: dict[str, Any] = {
            "record": selection_record(doc, args.question, args.k, args.budget, chosen),
            "results": results,
            "unmatched_terms": unmatched,
        }
        if window is not None:
            out["window"] = window.text
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    if window is not None:
        print(window.text)
        return 0
    for rank, (sec, score) in enumerate(chosen, 1):
        first, last = lines.span(sec.start, sec.end)
        where = " > ".join(sec.path) or "(before the first heading)"
        matched = doc.matched_terms(sec, args.question)
        print(f"{rank}. lines {first}-{last}  score {score:.2f}  {where}")
        print(f"   matched: {', '.join(matched) if matched else '(none)'}")
        print(f"   {_preview(doc[sec.start : sec.end], doc.query_terms(args.question))}")
    if unmatched:
        print(f"not in the document: {', '.join(unmatched)}")
    return 0


# ----------------------------------------------------------------------------- verify
def _load_record(name: str) -> dict[str, Any]:
    try:
        data = json.loads(read_text(name))
    except json.JSONDecodeError as exc:
        raise UsageError(f"{name} is not JSON: {exc.msg} at line {exc.lineno}") from None
    record = data.get("record", data) if isinstance(data, dict) else None
    if not isinstance(record, dict):
        raise UsageError(f"{name} holds no selection record")
    fields = {"sha256": str, "max_tokens": int, "query": str, "k": int, "sections": list}
    for field, kind in fields.items():
        if not isinstance(record.get(field), kind) or isinstance(record.get(field), bool):
            raise UsageError(f"{name}: selection record field {field!r} is missing or not {kind.__name__}")
    budget = record.get("budget")
    if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool)):
        raise UsageError(f"{name}: selection record field 'budget' is not a whole number or null")
    for sec in record["sections"]:
        if not (isinstance(sec, dict) and isinstance(sec.get("start"), int) and isinstance(sec.get("end"), int)
                and isinstance(sec.get("score"), (int, float))):
            raise UsageError(f"{name}: each recorded section needs integer start/end and a score")
    return record


def _same_selection(recorded: list[dict[str, Any]], chosen: Sequence[tuple[Section, float]]) -> bool:
    if len(recorded) != len(chosen):
        return False
    for want, (sec, score) in zip(recorded, chosen):
        if (want["start"], want["end"], want.get("heading")) != (sec.start, sec.end, sec.heading):
            return False
        # The selection is deterministic; the tolerance only absorbs a libm's last bit.
        if not math.isclose(float(want["score"]), score, rel_tol=1e-9, abs_tol=1e-12):
            return False
    return True


def run_verify(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    text = read_text(args.file)
    digest = text_sha256(text)
    if digest != record["sha256"]:
        print(f"not reproduced: {args.file} is not the recorded text (sha256 {digest[:12]}…, "
              f"recorded {record['sha256'][:12]}…)")
        return 1
    try:
        doc = LongDocument(text, max_tokens=record["max_tokens"])
        chosen = doc.select(record["query"], k=record["k"], budget=record.get("budget"))
    except ValueError as exc:
        raise UsageError(f"{args.record}: {exc}") from None
    if not _same_selection(record["sections"], chosen):
        got = ", ".join(f"{s.start}-{s.end}" for s, _ in chosen) or "nothing"
        recorded_by = record.get("longdoc")
        # A different library version may rank differently; say so, as it is the likely cause.
        hint = ""
        if recorded_by not in (None, __version__):
            hint = f" (recorded with longdoc {recorded_by}, this is {__version__})"
        print(f"not reproduced: the selection is now {got}{hint}")
        return 1
    print(f"reproduced: {len(chosen)} section(s) for {record['query']!r}")
    return 0


# ----------------------------------------------------------------------------- check
_SEVERITIES = ("error", "warning", "information", "hint")


def _finding_json(d: Diagnostic, lines: _Lines) -> dict[str, Any]:
    (line, column), (end_line, end_column) = lines.place(d.start), lines.place(d.end)
    return {
        "line": line, "column": column, "end_line": end_line, "end_column": end_column,
        "start": d.start, "end": d.end, "severity": d.severity, "code": d.code, "message": d.message,
        "related": [dict(zip(("line", "column"), lines.place(s)), start=s, end=e) for s, e in d.related],
        "replacement": d.replacement,
    }


def _summary(found: Sequence[Diagnostic], hints_listed: bool) -> str:
    counts = Counter(d.severity for d in found)
    # "information" counts as a mass noun: "2 information", beside "2 warnings".
    parts = [f"{counts[s]} {s}{'' if counts[s] == 1 or s == 'information' else 's'}" for s in _SEVERITIES if counts[s]]
    hidden = "" if hints_listed or not counts["hint"] else " (hints listed with --hints)"
    return (", ".join(parts) or "no findings") + hidden


def run_check(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    lines = _Lines(text)
    found = LongDocument(text).diagnostics()
    # Hints are soft (a capitalised phrase that may be a term): listed only when asked for.
    shown = [d for d in found if args.hints or d.severity != "hint"]
    if args.json:
        print(json.dumps([_finding_json(d, lines) for d in shown], ensure_ascii=False, indent=2))
    else:
        label = "<stdin>" if args.file == "-" else args.file
        for d in shown:
            # The compilers' form, which terminals and CI logs link to the place.
            print("{}:{}:{}: {}: {} [{}]".format(label, *lines.place(d.start), d.severity, d.message, d.code))
            for start, _ in d.related:
                print("{}:{}:{}: note: {}".format(label, *lines.place(start), RELATED_NOTE[d.code]))
        # Findings before their count when both streams go to one log: stdout is block-buffered there.
        sys.stdout.flush()
        print(_summary(found, args.hints), file=sys.stderr)
    return 1 if any(d.severity in ("error", "warning") for d in found) else 0


# ----------------------------------------------------------------------------- serve
def run_serve(server_args: list[str]) -> int:
    try:
        # Imported on demand: the core stays usable without the server's dependencies.
        from longdoc_server.__main__ import main as serve_main
    except ImportError as exc:
        raise UsageError(f"the language server is not installed ({exc}); pip install 'longdoc[server]'") from None
    return serve_main(server_args)


def _parser() -> _Parser:
    parser = _Parser(prog="longdoc", description="Navigate and search long documents such as contracts.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    outline = commands.add_parser("outline", help="the heading tree with line numbers")
    outline.add_argument("file", metavar="FILE", help="a UTF-8 text file, or - for standard input")
    outline.add_argument("--json", action="store_true", help="print the tree as JSON")
    outline.set_defaults(run=run_outline)

    find = commands.add_parser("find", help="the sections that best answer a question")
    find.add_argument("file", metavar="FILE", help="a UTF-8 text file, or - for standard input")
    find.add_argument("question")
    find.add_argument("-k", type=_positive, default=3, help="how many sections (default 3)")
    find.add_argument("--budget", type=_positive, default=None, help="token budget for all sections together")
    find.add_argument("--max-tokens", type=_positive, default=256, help="largest section in tokens (default 256)")
    find.add_argument("--json", action="store_true", help="print results and a selection record as JSON")
    find.add_argument("--window", action="store_true", help="print the chosen sections joined in document order")
    find.set_defaults(run=run_find)

    verify = commands.add_parser("verify", help="re-run a recorded selection; exit 1 when not reproduced")
    verify.add_argument("record", metavar="RECORD.json", help="output of find --json (or its record)")
    verify.add_argument("file", metavar="FILE", help="the document, or - for standard input")
    verify.set_defaults(run=run_verify)

    check = commands.add_parser("check", help="drafting findings (broken citations, numbering, terms); exit 1 on a warning")
    check.add_argument("file", metavar="FILE", help="a UTF-8 text file, or - for standard input")
    check.add_argument("--hints", action="store_true", help="also list capitalised phrases used as if defined")
    check.add_argument("--json", action="store_true", help="print the findings as JSON")
    check.set_defaults(run=run_check)

    # Listed for --help only: main() hands everything after "serve" to the server's own parser.
    commands.add_parser("serve", help="run the language server (--tcp, --host, --port, --log-file, --version)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 not reproduced or a warning found, 2 error)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["serve"]:
            return run_serve(argv[1:])
        args = _parser().parse_args(argv)
        return args.run(args)
    except UsageError as exc:
        print(f"longdoc: {exc}" if not str(exc).startswith("longdoc") else str(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped early (`longdoc outline X | head`): not an error of ours. Point stdout at
        # /dev/null so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
