"""Core speed on a 10 MB contract-like text, beside the peers, measured in one run on one input.

Rows: sections + outline (vs chonkie's RecursiveChunker and semchunk, both giving offsets), BM25
index build and query median, with numpy and in pure Python (vs bm25s, method="lucene", k1=1.2),
and one-character edits (vs a full rebuild), also in the same text written without headings (one
part of 10 MB, where an edit is made in place), and without blank lines too (one paragraph of
10 MB, cut at sentences, or at spaces where a sentence runs on), and in the contracts run into one
line with a wide gap for each line break, as PDF extraction may give them. Prints one table and saves
bench/results/core_perf.json.

    python3 bench/core_perf.py [--size CHARS] [--repeat N] [--edits N] [--max-tokens N]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402  (the script runs from any directory)
    contract_corpus,
    on_one_line,
    without_blank_lines,
    format_table,
    load_cuad,
    median,
    percentile,
    RESULTS,
    environment,
    save_results,
    Clock,
    interleaved,
)

from longdoc import BM25, LongDocument, approx_tokens, dense, terms  # noqa: E402
from longdoc.analysis import class_raw_count, token_classes  # noqa: E402
from longdoc.outline import OutlineNode  # noqa: E402

MS = 1000.0


@dataclass(frozen=True)
class Row:
    """One line of the table: ours against a peer (or a reference), wall and CPU seconds."""

    measure: str
    ours_wall: float
    ours_cpu: float
    peer: str
    their_wall: float
    their_cpu: float
    goal: str
    met: bool

    @property
    def ratio(self) -> float:
        """How many times the peer's CPU time ours is (above 1: we are faster)."""
        return self.their_cpu / self.ours_cpu if self.ours_cpu else float("inf")


def summary(clock: Clock, q: float = 50) -> tuple[float, float]:
    """The ``q``-th percentile of a clock's wall and CPU seconds (the median by default)."""
    if q == 50:
        return median(clock.wall), median(clock.cpu)
    return percentile(clock.wall, q), percentile(clock.cpu, q)


def no_terms(_text: str) -> list[str]:
    """An analyser that indexes nothing: LongDocument then does only sections and outline."""
    return []


def sections_and_outline(text: str, max_tokens: int) -> Callable[[], object]:
    def run() -> object:
        doc = LongDocument(text, max_tokens=max_tokens, analyzer=no_terms)
        return len(doc.sections), doc.nodes

    return run


def outline_alone(text: str, max_tokens: int) -> Callable[[], object]:
    """What an editor asks of a file it opens: the outline; sections are cut when first read."""
    return lambda: LongDocument(text, max_tokens=max_tokens).nodes


def python_floor(text: str, doc: LongDocument) -> Callable[[], object]:
    """The least any pure-Python splitter must do to give ``doc``'s answer, with no recognition:
    look at each line once, count each section's tokens once, make each outline node."""
    spans = [(s.start, s.end) for s in doc.sections]
    fields = [tuple(n)[:-1] for n in doc.nodes]

    def run() -> object:
        candidates = 0
        for line in text.splitlines():
            line = line.strip()
            if line and (line[0].isdigit() or line.isupper()):
                candidates += 1
        classes = token_classes(text)
        counts = [class_raw_count(classes, s, e) for s, e in spans]
        nodes = [OutlineNode(*f) for f in fields]
        return candidates, counts, nodes

    return run


def full_build(text: str, max_tokens: int) -> Callable[[], object]:
    """What an edit saves: sections, outline and the search index (built by the first query)."""

    def run() -> object:
        doc = LongDocument(text, max_tokens=max_tokens)
        return doc.nodes, doc.scores("agreement")

    return run


def chonkie_recursive(text: str, chunk_chars: int) -> Callable[[], object]:
    from chonkie import RecursiveChunker

    chunker = RecursiveChunker(tokenizer="character", chunk_size=chunk_chars)
    return lambda: [(c.start_index, c.end_index) for c in chunker.chunk(text)]


def semchunk_offsets(text: str, chunk_chars: int) -> Callable[[], object]:
    import semchunk

    # Memoising len() would only add overhead; semchunk's own advice for cheap counters.
    return lambda: semchunk.chunk(text, chunk_chars, len, offsets=True, memoize=False)[1]


def section_texts(doc: LongDocument) -> list[str]:
    """What the document indexes per section: its text, preceded by its part's heading when the
    section does not start at that heading."""
    out = []
    for s in doc.sections:
        body = doc.text[s.start : s.end]
        starts_part = s.node is None or doc.nodes[s.node].heading_start == s.start
        out.append(body if starts_part or not s.heading else f"{s.heading}\n{body}")
    return out


def longdoc_index(texts: Sequence[str]) -> Callable[[], object]:
    return lambda: BM25([terms(t) for t in texts], k1=1.2, b=0.75)


def bm25s_index(texts: Sequence[str]) -> Callable[[], object]:
    import bm25s

    def run() -> object:
        tokens = bm25s.tokenize(list(texts), stopwords="en", show_progress=False)
        retriever = bm25s.BM25(method="lucene", k1=1.2, b=0.75)
        retriever.index(tokens, show_progress=False)
        return retriever

    return run


def bm25s_query(retriever: object, k: int) -> Callable[[str], object]:
    """A bm25s query from the question string: tokenize, map to the index's ids, top k."""
    import bm25s

    def run(question: str) -> object:
        tokens = bm25s.tokenize([question], stopwords="en", return_ids=False, show_progress=False)
        ids = retriever.get_tokens_ids(tokens[0])  # type: ignore[attr-defined]
        return retriever.retrieve([ids], k=k, show_progress=False)  # type: ignore[attr-defined]

    return run


def without_numpy(ask: Callable[[str], object]) -> Callable[[str], object]:
    """``ask`` ranking in pure Python, as without the fast extra."""

    def run(question: str) -> object:
        dense.AVAILABLE = False
        try:
            return ask(question)
        finally:
            dense.AVAILABLE = True

    return run


def query_clock(ask: Callable[[str], object], questions: Sequence[str], rounds: int) -> Clock:
    """Each question asked ``rounds`` times, after one warm-up round."""
    for q in questions:
        ask(q)
    clock = Clock()
    for _ in range(rounds):
        for q in questions:
            clock.run(lambda: ask(q))
    return clock


def edit_clock(doc: LongDocument, edits: int, seed: int) -> Clock:
    """``edits`` one-character edits at random offsets, each on the previous result, alternating
    typing a letter and deleting a character (the text keeps its length)."""
    rng = random.Random(seed)
    clock = Clock()
    for i in range(edits):
        pos = rng.randrange(len(doc.text) - 1)
        end, new_text = (pos, "e") if i % 2 == 0 else (pos + 1, "")
        doc = clock.run(lambda: doc.edit(pos, end, new_text))
    return clock


def without_headings(text: str) -> str:
    """The text as a letter written without headings: in lower case, its digits "x", and no line
    opening with a mark a heading starts with (so no line reads as a heading)."""
    return re.sub(r"(?m)^([ \t]*)[#§(\[*-]", r"\1 ", re.sub(r"[0-9]", "x", text.lower()))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", type=int, default=10_000_000, help="characters of text (10 MB)")
    p.add_argument("--repeat", type=int, default=3, help="runs of each build (median)")
    p.add_argument("--query-rounds", type=int, default=5, help="rounds over the CUAD questions")
    p.add_argument("--edits", type=int, default=200, help="one-character edits to time")
    p.add_argument("--max-tokens", type=int, default=256, help="section size in approx tokens")
    p.add_argument("--seed", type=int, default=20260101)
    p.add_argument("--results", type=Path, default=RESULTS, help="folder for the JSON results")
    p.add_argument("--name", default="core_perf", help="results file name")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for name in ("size", "repeat", "query_rounds", "edits", "max_tokens"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be >= 1")

    started_in = environment()  # the library as imported, before any later change
    text = contract_corpus(args.size)
    # The peers cut by characters (their fastest counter) at the size our sections have on
    # average, so all three produce pieces of the same size.
    chunk_chars = round(args.max_tokens * len(text) / approx_tokens(text))
    questions = list(dict.fromkeys(q.question for q in load_cuad()))
    print(f"{len(text):,} characters; peers cut at {chunk_chars} characters; "
          f"{len(questions)} distinct CUAD questions", flush=True)

    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    # Builds: each contender once per round, so changing load on the machine hits all alike.
    clocks = interleaved(
        {
            "longdoc sections+outline": sections_and_outline(text, args.max_tokens),
            "longdoc outline alone": outline_alone(text, args.max_tokens),
            "chonkie RecursiveChunker": chonkie_recursive(text, chunk_chars),
            "semchunk": semchunk_offsets(text, chunk_chars),
            "longdoc full build": full_build(text, args.max_tokens),
        },
        args.repeat,
    )
    doc = LongDocument(text, max_tokens=args.max_tokens)
    clocks |= interleaved({"pure-Python floor": python_floor(text, doc)}, args.repeat)
    texts = section_texts(doc)
    clocks |= interleaved(
        {"longdoc BM25 index build": longdoc_index(texts), "bm25s index build": bm25s_index(texts)},
        args.repeat,
    )
    retriever = bm25s_index(texts)()
    if not dense.AVAILABLE:
        sys.exit("numpy is missing: install the benchmark's extras (pip install -e '.[dev,bench]')")
    clocks |= {
        "longdoc query": query_clock(lambda q: doc.select(q, k=10), questions, args.query_rounds),
        "longdoc query, pure Python": query_clock(without_numpy(lambda q: doc.select(q, k=10)), questions,
                                                  args.query_rounds),
        "bm25s query": query_clock(bm25s_query(retriever, 10), questions, args.query_rounds),
        "longdoc edit": edit_clock(doc, args.edits, args.seed),
    }
    plain = without_headings(text)
    clocks |= interleaved({"longdoc full build, no headings": full_build(plain, args.max_tokens)}, args.repeat)
    plain_doc = LongDocument(plain, max_tokens=args.max_tokens)
    plain_doc.scores("agreement")  # every section cut and indexed, as in a document searched once
    clocks["longdoc edit, no headings"] = edit_clock(plain_doc, args.edits, args.seed)
    paragraph = without_blank_lines(plain)
    clocks |= interleaved({"longdoc full build, one paragraph": full_build(paragraph, args.max_tokens)}, args.repeat)
    paragraph_doc = LongDocument(paragraph, max_tokens=args.max_tokens)
    paragraph_doc.scores("agreement")
    clocks["longdoc edit, one paragraph"] = edit_clock(paragraph_doc, args.edits, args.seed)
    line = on_one_line(text)
    clocks |= interleaved({"longdoc full build, one line": full_build(line, args.max_tokens)}, args.repeat)
    line_doc = LongDocument(line, max_tokens=args.max_tokens)
    line_doc.scores("agreement")
    clocks["longdoc edit, one line"] = edit_clock(line_doc, args.edits, args.seed)
    for label, clock in clocks.items():
        wall, cpu = summary(clock)
        print(f"  {label}: median {wall * MS:.2f} ms wall, {cpu * MS:.2f} ms CPU "
              f"over {len(clock.wall)} runs", flush=True)

    def row(measure: str, ours: tuple[float, float], peer: str, theirs: tuple[float, float],
            goal: str, met: Callable[[float, float], bool]) -> Row:
        # Goals are judged on CPU time: the code's cost, not the machine's other load.
        return Row(measure, ours[0] * MS, ours[1] * MS, peer, theirs[0] * MS, theirs[1] * MS,
                   goal, met(ours[1], theirs[1]))

    split = summary(clocks["longdoc sections+outline"])
    full = summary(clocks["longdoc full build"])
    plain_full = summary(clocks["longdoc full build, no headings"])
    paragraph_full = summary(clocks["longdoc full build, one paragraph"])
    line_full = summary(clocks["longdoc full build, one line"])
    bm25s_name = "bm25s (lucene)"
    rows = [
        row("sections + outline", split, "chonkie RecursiveChunker",
            summary(clocks["chonkie RecursiveChunker"]), "<= 100 ms, faster than both",
            lambda ours, theirs: ours <= 0.1 and ours < theirs),
        row("sections + outline", split, "semchunk", summary(clocks["semchunk"]),
            "<= 100 ms, faster than both", lambda ours, theirs: ours <= 0.1 and ours < theirs),
        row("BM25 index build", summary(clocks["longdoc BM25 index build"]), bm25s_name,
            summary(clocks["bm25s index build"]), "no slower than bm25s",
            lambda ours, theirs: ours <= theirs),
        row("query median (top 10), numpy", summary(clocks["longdoc query"]), bm25s_name,
            summary(clocks["bm25s query"]), "<= 0.5 ms", lambda ours, _: ours <= 0.0005),
        row("query median (top 10), pure Python", summary(clocks["longdoc query, pure Python"]), bm25s_name,
            summary(clocks["bm25s query"]), "<= 0.5 ms", lambda ours, _: ours <= 0.0005),
        row("edit 1 char, median", summary(clocks["longdoc edit"]), "longdoc full rebuild", full,
            "<= 10 ms", lambda ours, _: ours <= 0.010),
        row("edit 1 char, p95", summary(clocks["longdoc edit"], 95), "longdoc full rebuild", full,
            "<= 25 ms", lambda ours, _: ours <= 0.025),
        row("edit 1 char, median, no headings", summary(clocks["longdoc edit, no headings"]), "longdoc full rebuild",
            plain_full, "<= 10 ms", lambda ours, _: ours <= 0.010),
        row("edit 1 char, p95, no headings", summary(clocks["longdoc edit, no headings"], 95), "longdoc full rebuild",
            plain_full, "<= 25 ms", lambda ours, _: ours <= 0.025),
        row("edit 1 char, median, one paragraph", summary(clocks["longdoc edit, one paragraph"]),
            "longdoc full rebuild", paragraph_full, "<= 10 ms", lambda ours, _: ours <= 0.010),
        row("edit 1 char, p95, one paragraph", summary(clocks["longdoc edit, one paragraph"], 95),
            "longdoc full rebuild", paragraph_full, "<= 25 ms", lambda ours, _: ours <= 0.025),
        row("edit 1 char, median, one line", summary(clocks["longdoc edit, one line"]),
            "longdoc full rebuild", line_full, "<= 10 ms", lambda ours, _: ours <= 0.010),
        row("edit 1 char, p95, one line", summary(clocks["longdoc edit, one line"], 95),
            "longdoc full rebuild", line_full, "<= 25 ms", lambda ours, _: ours <= 0.025),
    ]
    print()
    print(format_table(
        ["measure", "longdoc ms", "compared with", "their ms", "their / ours", "goal", "met",
         "longdoc wall ms", "their wall ms"],
        [(r.measure, r.ours_cpu, r.peer, r.their_cpu, f"{r.ratio:.2f}x", r.goal,
          "yes" if r.met else "NO", r.ours_wall, r.their_wall) for r in rows],
    ))
    print("ms: CPU time of this process (median, or p95 where named); wall time beside it.")
    alone = summary(clocks["longdoc outline alone"])
    print(f"outline alone, what an editor asks of a file it opens (sections cut when first read): "
          f"{alone[1] * MS:.0f} ms CPU, {alone[1] / split[1]:.2f} of sections + outline")
    floor = summary(clocks["pure-Python floor"])
    print(f"pure-Python floor, no recognition (each line looked at once, each section's tokens counted "
          f"once, each outline node made): {floor[1] * MS:.0f} ms CPU; the goal leaves "
          f"{max(0.0, 0.1 - floor[1]) * MS:.0f} ms to recognise the headings")
    path = save_results(args.name, {
        "config": {
            "characters": len(text),
            "max_tokens": args.max_tokens,
            "peer_chunk_characters": chunk_chars,
            "sections": len(doc.sections),
            "outline_nodes": len(doc.nodes),
            "outline_nodes_no_headings": len(plain_doc.nodes),
            "sections_one_paragraph": len(paragraph_doc.sections),
            "questions": len(questions),
            "query_rounds": args.query_rounds,
            "edits": args.edits,
            "repeat": args.repeat,
            "seed": args.seed,
        },
        "table": [
            {"measure": r.measure, "longdoc_cpu_ms": round(r.ours_cpu, 3),
             "longdoc_wall_ms": round(r.ours_wall, 3), "compared_with": r.peer,
             "their_cpu_ms": round(r.their_cpu, 3), "their_wall_ms": round(r.their_wall, 3),
             "their_over_ours": round(r.ratio, 3), "goal": r.goal, "met": r.met}
            for r in rows
        ],
        "seconds": {
            label: {"wall": [round(t, 6) for t in c.wall], "cpu": [round(t, 6) for t in c.cpu]}
            for label, c in clocks.items()
        },
    }, args.results, started_in)
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
