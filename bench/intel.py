"""Contract intelligence benchmark: precision and recall of defined terms and of cross-reference
resolution on the hand-checked gold set (tests/gold/intel), and the time of a full analysis
(definitions, uses, references, diagnostics) of a 10 MB contract text, and of keeping them up to
date after one-character edits, and of what an editor asks of the stretch it shows.

A naive peer (the two commonest definition shapes and "Section N" looked up by label) is scored
in the same run. Run: python3 bench/intel.py [--size N] [--repeat N] [--edits N] [--places N]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (
    ROOT,
    as_markdown,
    contract_corpus,
    document_text,
    format_table,
    median,
    on_one_line,
    percentile,
    save_results,
    seconds,
    with_code,
    without_blank_lines,
)

from longdoc.definitions import byte_view, find_definitions
from longdoc.uses import forget_use_patterns
from longdoc.diagnostics import diagnosis
from longdoc.document import LongDocument
from longdoc.references import find_references

GOLD = ROOT / "tests" / "gold" / "intel"


@dataclass(frozen=True)
class Found:
    """One extracted item reduced to what the gold set records."""

    term: str  # defined term, or "" for a reference
    start: int
    end: int
    target: int | None = None  # resolved outline node index (references)
    clause: int | None = None  # offset of a cited clause found in the text (references)
    span: tuple[int, int] | None = None  # definition span (definitions)


@dataclass
class Score:
    gold: int = 0
    found: int = 0
    hits: int = 0  # found items matching a gold item
    recalled: int = 0  # gold items matched by a found item

    def add(self, other: Score) -> None:
        self.gold += other.gold
        self.found += other.found
        self.hits += other.hits
        self.recalled += other.recalled

    @property
    def precision(self) -> float:
        return self.hits / self.found if self.found else 1.0

    @property
    def recall(self) -> float:
        return self.recalled / self.gold if self.gold else 1.0


def _overlaps(a0: int, a1: int, b0: int, b1: int) -> bool:
    return a0 < b1 and b0 < a1


def _norm(term: str) -> str:
    return " ".join(term.split())


def score_definitions(gold: list[dict], found: Sequence[Found]) -> tuple[Score, list[float]]:
    """A found definition is right when its term equals a gold term whose term span it overlaps;
    also returns the overlap (IoU) of the definition spans of the matched pairs."""
    score = Score(gold=len(gold), found=len(found))
    matched: set[int] = set()
    ious = []
    for f in found:
        for i, g in enumerate(gold):
            if i not in matched and _norm(g["term"]) == _norm(f.term) and _overlaps(f.start, f.end, g["term_start"], g["term_end"]):
                matched.add(i)
                score.hits += 1
                if f.span is not None:
                    lo, hi = max(f.span[0], g["start"]), min(f.span[1], g["end"])
                    union = max(f.span[1], g["end"]) - min(f.span[0], g["start"])
                    ious.append(max(0, hi - lo) / union if union else 0.0)
                break
    score.recalled = len(matched)
    return score, ious


def score_references(gold: list[dict], found: Sequence[Found], doc: LongDocument) -> tuple[Score, Score]:
    """(detection, resolution). Detection: a found citation overlaps a gold one. Resolution: it
    points at the gold target's offset, or resolves to the innermost outline node holding it, or
    to nothing when the target is not in the document; resolution precision counts found
    citations that resolve to a node."""
    detection = Score(gold=len(gold), found=len(found))
    resolution = Score(gold=len(gold), found=sum(1 for f in found if f.target is not None or f.clause is not None))
    used: set[int] = set()
    for f in found:
        for i, g in enumerate(gold):
            if i in used or not _overlaps(f.start, f.end, g["start"], g["end"]):
                continue
            used.add(i)
            detection.hits += 1
            if g["target"] is None:
                right = f.target is None and f.clause is None
            else:
                node = doc.node_at(g["target"])
                right = f.clause == g["target"] or (node is not None and f.target == node.index)
            if right:
                resolution.recalled += 1
                resolution.hits += f.target is not None or f.clause is not None
            break
    detection.recalled = detection.hits
    return detection, resolution


def longdoc_definitions(doc: LongDocument) -> list[Found]:
    return [Found(d.term, d.term_start, d.term_end, span=(d.start, d.end)) for d in find_definitions(doc.text, doc.nodes)]


def longdoc_references(doc: LongDocument) -> list[Found]:
    return [Found("", r.start, r.end, r.target, r.clause) for r in find_references(doc.text, doc.nodes)]


_NAIVE_DEF = re.compile(r'"([^"\n]{1,80})"\s+(?:shall\s+)?means?\b|\((?:the\s+)?"([^"\n]{1,80})"\)')
_NAIVE_REF = re.compile(r"\bSection\s+(\d+(?:\.\d+)*)")


def naive_definitions(doc: LongDocument) -> list[Found]:
    out = []
    for m in _NAIVE_DEF.finditer(doc.text):
        group = 1 if m.group(1) is not None else 2
        out.append(Found(m.group(group), m.start(group), m.end(group)))
    return out


def naive_references(doc: LongDocument) -> list[Found]:
    by_label: dict[str, int] = {}
    for node in doc.nodes:
        if node.label:
            by_label.setdefault(node.label.removeprefix("Section ").rstrip("."), node.index)
    return [Found("", m.start(), m.end(), by_label.get(m.group(1))) for m in _NAIVE_REF.finditer(doc.text)]


def evaluate(
    extract_defs: Callable[[LongDocument], list[Found]],
    extract_refs: Callable[[LongDocument], list[Found]],
    split: str | None = None,
) -> dict:
    """Scores over the gold contracts of one split ("development": the contracts the rules were
    written against; "held-out": annotated after the rules were fixed), or of all of them."""
    totals = {"definitions": Score(), "detection": Score(), "resolution": Score()}
    ious: list[float] = []
    rows = []
    for path in sorted(GOLD.glob("*.json")):
        gold = json.loads(path.read_text(encoding="utf-8"))
        if split is not None and gold["split"] != split:
            continue
        doc = LongDocument(document_text("cuad", gold["contract"]))
        defs, def_ious = score_definitions(gold["definitions"], extract_defs(doc))
        detection, resolution = score_references(gold["references"], extract_refs(doc), doc)
        for key, value in (("definitions", defs), ("detection", detection), ("resolution", resolution)):
            totals[key].add(value)
        ious += def_ious
        rows.append((gold["contract"][:40], gold["split"], defs.gold, defs.precision, defs.recall, resolution.gold,
                     resolution.precision, resolution.recall))
    return {"totals": totals, "rows": rows, "span_iou": sum(ious) / len(ious) if ious else 0.0}


def time_full_analysis(text: str, repeat: int) -> dict[str, float]:
    """Median seconds of each step on a document whose outline and index are already built."""
    doc = LongDocument(text)
    nodes = doc.nodes
    view = byte_view(text)
    defs = find_definitions(text, nodes, view)
    refs = find_references(text, nodes, view)
    doc._postings()  # the search index, built with the document in use, is not part of this timing
    where = doc.spans_holding  # what LongDocument.diagnostics searches
    steps: dict[str, Callable[[], object]] = {
        "byte view": lambda: byte_view(text),
        "definitions": lambda: find_definitions(text, nodes, view),
        "references": lambda: find_references(text, nodes, view, doc.spans_of_words),
        "diagnostics": lambda: diagnosis(text, nodes, defs, refs, view, where),
    }
    out: dict[str, float] = {}
    # The first diagnosis of a text compiles the patterns of its terms' uses; the runs after reuse them.
    forget_use_patterns()
    out["first_diagnostics_cpu"] = cpu_seconds(steps["diagnostics"], 1)[0]
    for name, fn in steps.items():
        out[name] = median(seconds(fn, repeat))
        out[f"{name} (cpu)"] = median(cpu_seconds(fn, repeat))
    out["total"] = sum(out[name] for name in steps)
    out["total (cpu)"] = sum(out[f"{name} (cpu)"] for name in steps)
    out["definitions_found"] = len(defs)
    out["references_found"] = len(refs)
    return out


def time_after_edits(text: str, edits: int, seed: int = 7) -> dict[str, float]:
    """CPU seconds to bring definitions, references and diagnostics up to date after each of
    ``edits`` one-character edits at seeded random offsets (typing, each version asked once)."""
    rng = random.Random(seed)
    doc = LongDocument(text)
    doc._postings()
    doc.diagnostics()
    times = []
    for i in range(edits):
        at = rng.randrange(len(doc.text) - 1)
        doc = doc.edit(at, at, "e") if i % 2 == 0 else doc.edit(at, at + 1, "")
        doc.nodes  # the outline is the editor's first question, before these
        times.append(cpu_seconds(lambda: (doc.definitions, doc.references, doc.diagnostics()), 1)[0])
    return {"median": median(times), "p95": percentile(times, 95), "edits": edits}


def time_screenfuls(text: str, places: int, size: int = 10_000, seed: int = 11) -> dict[str, dict[str, float]]:
    """CPU seconds of what an editor asks of the stretch it shows (``size`` characters at ``places``
    seeded offsets): the uses of defined terms (semantic tokens; the first ask of the version also
    makes its index of the terms' forms) and the titles of cited clauses (inlay hints) of one
    version, and the suggestions in a version just typed, after "Section " and after a cited
    clause's bracket (each such version made untimed, with its outline and definitions, after a
    version that was asked for suggestions at the key before)."""
    rng = random.Random(seed)
    doc = LongDocument(text)
    doc.references, doc.definitions
    starts = [rng.randrange(len(text) - size) for _ in range(places)]
    cited = next(r for r in doc.references if r.exact and r.target is not None and r.label[:1].isdigit())

    def typing(words: str) -> Callable[[int], Callable[[], object]]:
        def prepare(at: int) -> Callable[[], object]:
            last = at + len(words) - 1
            before = doc.edit(at, at, words[:-1])
            before.completions(last)  # as an editor asks at each key typed
            edited = before.edit(last, last, words[-1])
            edited.nodes, edited.definitions
            return lambda: edited.completions(last + 1)
        return prepare

    asks: dict[str, Callable[[int], Callable[[], object]]] = {
        "uses of defined terms": lambda at: lambda: doc.uses_in(at, at + size),
        "titles of cited clauses": lambda at: lambda: doc.glosses(at, at + size),
        'suggestions after "Section "': typing(" Section "),
        f'items after "Section {cited.label}("': typing(f" Section {cited.label}("),
    }
    out = {}
    for name, prepare in asks.items():
        times = [cpu_seconds(prepare(at), 1)[0] for at in starts]
        out[name] = {"median": median(times), "p95": percentile(times, 95)}
    return out


def time_whole_text_uses(text: str, repeat: int, stretch: int = 200_000) -> dict[str, float]:
    """CPU seconds of every defined term's uses in the whole text (what semantic tokens of the whole
    document read; median of ``repeat``, the version's index of the terms' forms made beforehand),
    and of the stretches the server reads them in, one job each (median and slowest)."""
    doc = LongDocument(text)
    doc.definitions, doc.uses_in(0, 1)
    whole = median(cpu_seconds(doc.uses_in, repeat))
    parts = [cpu_seconds(lambda at=at: doc.uses_in(at, min(len(text), at + stretch)), 1)[0]
             for at in range(0, len(text), stretch)]
    return {"whole": whole, "stretch_median": median(parts), "stretch_max": max(parts), "uses": len(doc.uses_in())}


def cpu_seconds(fn: Callable[[], object], repeat: int) -> list[float]:
    """Processor seconds of each call: on a shared, loaded machine wall time also counts waiting."""
    out = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        out.append(time.process_time() - t0)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000_000, help="characters of the timed text")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--edits", type=int, default=15, help="one-character edits timed after the full analysis")
    parser.add_argument("--places", type=int, default=15, help="places of the text an editor is shown at")
    args = parser.parse_args(argv)

    systems = {
        (name, split): evaluate(defs, refs, split)
        for name, defs, refs in (("longdoc", longdoc_definitions, longdoc_references),
                                 ("naive regex", naive_definitions, naive_references))
        for split in ("development", "held-out", None)
    }
    print(f"Gold set: {len(list(GOLD.glob('*.json')))} hand-checked CUAD contracts\n")
    quality_rows = []
    for (name, split), result in systems.items():
        t = result["totals"]
        quality_rows.append((name, split or "all", t["definitions"].gold, t["definitions"].precision,
                             t["definitions"].recall, result["span_iou"], t["detection"].gold, t["detection"].precision,
                             t["detection"].recall, t["resolution"].precision, t["resolution"].recall))
    print(format_table(["system", "split", "gold terms", "def P", "def R", "def span IoU", "gold citations",
                        "cite P", "cite R", "resolve P", "resolve R"], quality_rows))
    print()
    print(format_table(["contract (longdoc)", "split", "terms", "def P", "def R", "citations", "resolve P", "resolve R"],
                       systems[("longdoc", None)]["rows"]))

    text = contract_corpus(args.size)
    timing = time_full_analysis(text, args.repeat)
    print(f"\nFull analysis of {len(text):,} characters (median of {args.repeat}; outline built beforehand)")
    names = [k for k in timing if not k.endswith(("_found", "_cpu", "(cpu)"))]
    print(format_table(["step", "wall s", "cpu s"], [(k, timing[k], timing[f"{k} (cpu)"]) for k in names]))
    print(f"budget 0.300 s -> wall {timing['total'] / 0.3:.2f}x, cpu {timing['total (cpu)'] / 0.3:.2f}x of budget; "
          f"{timing['definitions_found']:,} definitions, {timing['references_found']:,} citations")
    first = timing["total (cpu)"] - timing["diagnostics (cpu)"] + timing["first_diagnostics_cpu"]
    print(f"A text's first analysis also compiles the patterns of its terms' uses: diagnostics "
          f"{timing['first_diagnostics_cpu']:.3f} s, total {first:.3f} s of CPU")
    # The same contracts as a word processor's export (no blank lines) and as PDF extraction may
    # give them (one line): an edit there stands in a paragraph of megabytes. And as Markdown that
    # holds code, as a runbook does: an edit there may pair its paragraph's backticks otherwise.
    shapes = {"the contracts": text, "without blank lines": without_blank_lines(text), "on one line": on_one_line(text),
              "as Markdown with code": with_code(as_markdown(LongDocument(text)))}
    edited = {shape: time_after_edits(shaped, args.edits) for shape, shaped in shapes.items()}
    print(f"\nAfter a one-character edit, definitions + references + diagnostics patched (CPU over {args.edits} edits; "
          f"a full analysis: {timing['total (cpu)']:.3f} s)")
    print(format_table(["text", "median s", "p95 s"], [(shape, e["median"], e["p95"]) for shape, e in edited.items()]))

    screens = time_screenfuls(text, args.places)
    print(f"\nWhat an editor asks of the 10,000 characters it shows (CPU over {args.places} places)")
    print(format_table(["question", "median s", "p95 s"], [(name, t["median"], t["p95"]) for name, t in screens.items()]))

    uses = time_whole_text_uses(text, args.repeat)
    print(f"\nEvery defined term's uses in the text ({uses['uses']:,}; semantic tokens of the whole document): "
          f"{uses['whole']:.3f} s of CPU (median of {args.repeat}); read by 200,000 characters, one job each: "
          f"{uses['stretch_median']:.3f} s median, {uses['stretch_max']:.3f} s the slowest")

    save_results("intel", {
        "quality": {f"{name} / {split or 'all'}": {
            k: {"gold": s.gold, "found": s.found, "precision": s.precision, "recall": s.recall}
            for k, s in r["totals"].items()} | {"definition_span_iou": r["span_iou"]}
            for (name, split), r in systems.items()},
        "timing_seconds": timing, "after_edit_cpu_seconds": edited, "size": len(text),
        "screenful_cpu_seconds": screens, "whole_text_uses_cpu_seconds": uses,
    })
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
