"""Retrieval quality on real contracts: longdoc's selection against chunking + BM25 at equal budgets.

For each question (CUAD, ContractNLI) both systems pick text of its own document within a token
budget (approx_tokens); character recall and hit@50 of the gold spans are reported per data set,
budget and CUAD category, printed as tables and saved under bench/results/.

    python3 bench/quality.py [--dataset cuad|contractnli|all] [--limit N] [--variant NAME]
                             [--max-tokens N] [--doc-opt KEY=VALUE] [--select-opt KEY=VALUE]
                             [--rerank CMD] [--rerank-top N] [--per-question] (see --help)
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402  (the script runs from any directory)
    Question,
    Span,
    document_text,
    format_table,
    load_contractnli,
    load_cuad,
    RESULTS,
    environment,
    save_results,
)

from longdoc import LongDocument, approx_tokens  # noqa: E402
from longdoc.analysis import make_analyzer, words  # noqa: E402

BUDGETS = (512, 1024)

# What the baseline scored when the quality goal was set (issue 6), to check this run against.
ISSUE_BASELINE = {
    ("cuad", 512): 0.475,
    ("cuad", 1024): 0.580,
    ("contractnli", 512): 0.660,
    ("contractnli", 1024): 0.800,
}

# The quality goal (issue 6): default longdoc's char recall, and the most any CUAD category may
# fall below the baseline.
GOALS = {
    ("cuad", 512): 0.65,
    ("cuad", 1024): 0.75,
    ("contractnli", 512): 0.76,
    ("contractnli", 1024): 0.88,
}
CATEGORY_SLACK = 0.05

# Named LongDocument configurations to compare against the default: keyword arguments for the
# constructor ("document") and for select ("select"), made when chosen.
VARIANTS: dict[str, Callable[[], dict[str, dict[str, Any]]]] = {
    "default": lambda: {"document": {}, "select": {}},
    "stem": lambda: {"document": {"analyzer": make_analyzer(stem=True)}, "select": {}},
}


# --- metric -------------------------------------------------------------------------------------


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """The union of half-open spans as sorted, disjoint, non-empty spans."""
    merged: list[Span] = []
    for start, end in sorted(s for s in spans if s[1] > s[0]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def char_recall(gold: Iterable[Span], selected: Iterable[Span]) -> float:
    """Share of gold characters (union of the gold spans) inside the union of selected spans.

    Raises ValueError when the gold spans hold no character.
    """
    gold_spans = merge_spans(gold)
    total = sum(end - start for start, end in gold_spans)
    if total == 0:
        raise ValueError("gold spans cover no character")
    chosen = merge_spans(selected)
    inside = 0
    for g_start, g_end in gold_spans:
        for s_start, s_end in chosen:
            inside += max(0, min(g_end, s_end) - max(g_start, s_start))
    return inside / total


def hit_at_50(recall: float) -> bool:
    """A question is a hit when at least half of its gold characters were selected."""
    return recall >= 0.5


# --- baseline: fixed-size chunks + Lucene BM25 --------------------------------------------------


def pack_best_first(ranked: Sequence[tuple[Span, int]], budget: int) -> list[Span]:
    """Spans taken best first while they fit ``budget`` tokens together; one that does not fit is
    skipped and later, smaller ones may still be taken (as LongDocument.select does)."""
    chosen: list[Span] = []
    used = 0
    for span, tokens in ranked:
        if used + tokens <= budget:
            chosen.append(span)
            used += tokens
    return chosen


class ChunkBM25Baseline:
    """LangChain's RecursiveCharacterTextSplitter (500 characters, no overlap) + bm25s Lucene BM25
    (k1=1.2, b=0.75) over one document; selects whole chunks best first within a budget.

    Chunks and questions are analysed as score_bm25 does by default (casefolded words, no stop
    words, no stemming): the analysis the issue's baseline figures were measured with."""

    name = "chunk500+bm25"

    def __init__(self, text: str) -> None:
        import bm25s
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        splitter = RecursiveCharacterTextSplitter(
            chunk_size=500, chunk_overlap=0, add_start_index=True
        )
        chunks = splitter.create_documents([text])
        self.spans = [
            (c.metadata["start_index"], c.metadata["start_index"] + len(c.page_content))
            for c in chunks
        ]
        self.tokens = [approx_tokens(c.page_content) for c in chunks]
        self.retriever = bm25s.BM25(method="lucene", k1=1.2, b=0.75)
        self.retriever.index([words(c.page_content) for c in chunks], show_progress=False)

    def select(self, question: str, budget: int) -> list[Span]:
        # A repeated query word counts once, as in longdoc's BM25; words no chunk holds are dropped
        # here because bm25s refuses a query with no known word.
        vocabulary = self.retriever.vocab_dict
        query = [w for w in dict.fromkeys(words(question)) if w in vocabulary]
        scores = self.retriever.get_scores(query) if query else [0.0] * len(self.spans)
        order = sorted(range(len(self.spans)), key=lambda i: (-float(scores[i]), i))
        return pack_best_first([(self.spans[i], self.tokens[i]) for i in order], budget)


# --- longdoc ------------------------------------------------------------------------------------


class RerankCommand:
    """A relevance scorer running as a separate process: one JSON line {"query", "passages"} in,
    one JSON list of numbers (one per passage) out, for as long as the run lasts."""

    def __init__(self, command: str) -> None:
        self.command = command
        self._process = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )

    def scores(self, query: str, passages: list[str]) -> list[float]:
        """The scorer's relevance of each passage to ``query``; RuntimeError on a bad reply."""
        assert self._process.stdin is not None and self._process.stdout is not None
        try:
            self._process.stdin.write(json.dumps({"query": query, "passages": passages}) + "\n")
            self._process.stdin.flush()
        except BrokenPipeError as exc:
            raise RuntimeError(f"rerank command {self.command!r} exited") from exc
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"rerank command {self.command!r} closed its output")
        try:
            reply = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RuntimeError(f"rerank command wrote a line that is not JSON: {line[:200]!r}") from exc
        if (
            not isinstance(reply, list)
            or len(reply) != len(passages)
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in reply)
        ):
            raise RuntimeError(
                f"rerank command must write a list of {len(passages)} numbers, got {line[:200]!r}"
            )
        return [float(v) for v in reply]

    def close(self) -> None:
        if self._process.stdin:
            self._process.stdin.close()
        self._process.wait(timeout=30)


@dataclass
class LongdocSystem:
    """Default-configured (or variant) LongDocument over one document; selects sections."""

    text: str
    document_options: dict[str, Any] = field(default_factory=dict)
    select_options: dict[str, Any] = field(default_factory=dict)
    rerank: RerankCommand | None = None
    name: str = "longdoc"

    def __post_init__(self) -> None:
        self.doc = LongDocument(self.text, **self.document_options)

    def select(self, question: str, budget: int) -> list[Span]:
        options = dict(self.select_options)
        if self.rerank is not None:
            scorer = self.rerank
            options["rerank"] = lambda passages: scorer.scores(question, list(passages))
        picked = self.doc.select(question, k=len(self.doc.sections), budget=budget, **options)
        return [(section.start, section.end) for section, _score in picked]


System = Callable[[str], Any]  # document text -> object with .name and .select(question, budget)


# --- the run ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """One system's character recall for one question at one budget."""

    system: str
    dataset: str
    category: str
    budget: int
    recall: float
    document: str
    question: str


def evaluate(
    questions: Sequence[Question], systems: Sequence[System], budgets: Sequence[int]
) -> list[Outcome]:
    """Ask every question of its own document with every system and budget.

    Each system is built once per document and reused for all of that document's questions.
    """
    outcomes: list[Outcome] = []
    key = lambda q: (q.dataset, q.document)  # noqa: E731
    for (dataset, name), group in groupby(sorted(questions, key=key), key=key):
        text = document_text(dataset, name)
        asked = list(group)
        for make in systems:
            system = make(text)
            for q in asked:
                for budget in budgets:
                    recall = char_recall(q.spans, system.select(q.question, budget))
                    outcomes.append(
                        Outcome(system.name, dataset, q.category, budget, recall, name, q.question)
                    )
    return outcomes


@dataclass(frozen=True)
class Score:
    questions: int
    char_recall: float
    hit_at_50: float


def score(outcomes: Sequence[Outcome]) -> Score:
    """Mean character recall and hit@50 rate of a non-empty group of outcomes."""
    n = len(outcomes)
    return Score(
        n,
        sum(o.recall for o in outcomes) / n,
        sum(hit_at_50(o.recall) for o in outcomes) / n,
    )


def group_scores(
    outcomes: Sequence[Outcome], key: Callable[[Outcome], tuple[Any, ...]]
) -> dict[tuple[Any, ...], Score]:
    groups: dict[tuple[Any, ...], list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[key(o)].append(o)
    return {k: score(v) for k, v in sorted(groups.items())}


def summary_table(overall: dict[tuple[Any, ...], Score]) -> str:
    rows = [
        (system, dataset, budget, s.questions, s.char_recall, s.hit_at_50)
        for (system, dataset, budget), s in overall.items()
    ]
    return format_table(
        ["system", "data set", "budget", "questions", "char recall", "hit@50"], rows
    )


def category_table(
    by_category: dict[tuple[Any, ...], Score], ours: str, baseline: str, budgets: Sequence[int]
) -> str:
    """CUAD categories: our recall, the baseline's and the difference, per budget."""
    categories = sorted({c for (_s, d, c, _b) in by_category if d == "cuad"})
    headers = ["category", "questions"]
    for b in budgets:
        headers += [f"{ours} @{b}", f"baseline @{b}", f"diff @{b}"]
    rows = []
    for c in categories:
        row: list[object] = [c, by_category[(ours, "cuad", c, budgets[0])].questions]
        for b in budgets:
            a = by_category[(ours, "cuad", c, b)].char_recall
            z = by_category[(baseline, "cuad", c, b)].char_recall
            row += [a, z, a - z]
        rows.append(row)
    return format_table(headers, rows)


def goal_table(overall: dict[tuple[Any, ...], Score], ours: str) -> str:
    rows = []
    for (dataset, budget), goal in GOALS.items():
        got = overall.get((ours, dataset, budget))
        if got is not None:
            rows.append((dataset, budget, goal, got.char_recall,
                         "yes" if got.char_recall >= goal else "NO"))
    return format_table(["data set", "budget", "goal", "char recall", "met"], rows)


def lagging_categories(
    by_category: dict[tuple[Any, ...], Score], ours: str, baseline: str
) -> list[tuple[str, int, float]]:
    """(category, budget, ours minus baseline) for CUAD categories more than CATEGORY_SLACK below
    the baseline."""
    out = []
    for (system, dataset, category, budget), s in by_category.items():
        if system == ours and dataset == "cuad":
            base = by_category[(baseline, dataset, category, budget)]
            if s.char_recall < base.char_recall - CATEGORY_SLACK:
                out.append((category, budget, s.char_recall - base.char_recall))
    return out


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """KEY=VALUE pairs as keyword arguments; a VALUE that parses as JSON is taken as JSON
    (numbers, true/false, null, lists), anything else as a string."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.isidentifier():
            raise ValueError(f"expected KEY=VALUE with a Python identifier as KEY, got {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dataset", choices=("cuad", "contractnli", "all"), default="all")
    p.add_argument("--limit", type=int, help="first N questions of each data set (dev runs)")
    p.add_argument("--variant", choices=sorted(VARIANTS), default="default")
    p.add_argument("--max-tokens", type=int, help="LongDocument max_tokens (section size)")
    p.add_argument("--doc-opt", action="append", default=[], metavar="KEY=VALUE",
                   help="extra LongDocument keyword argument (repeatable)")
    p.add_argument("--select-opt", action="append", default=[], metavar="KEY=VALUE",
                   help="extra LongDocument.select keyword argument (repeatable)")
    p.add_argument("--rerank", metavar="CMD",
                   help="scorer command: reads JSON lines {query, passages}, writes score lists")
    p.add_argument("--rerank-top", type=int, help="select's rerank_top (default: 3k)")
    p.add_argument("--per-question", action="store_true",
                   help="also save every question's recall per system and budget")
    p.add_argument("--no-baseline", action="store_true", help="skip the baseline (faster)")
    p.add_argument("--results", type=Path, default=RESULTS, help="folder for the JSON results")
    p.add_argument("--name", help="results file name (default from the options)")
    return p


def results_name(args: argparse.Namespace) -> str:
    if args.name:
        return args.name
    parts = ["quality"]
    if args.variant != "default":
        parts.append(args.variant)
    if args.max_tokens:
        parts.append(f"max{args.max_tokens}")
    parts += [o.replace("=", "-") for o in args.doc_opt + args.select_opt]
    if args.rerank:
        parts.append("rerank")
    if args.dataset != "all":
        parts.append(args.dataset)
    if args.limit:
        parts.append(f"limit{args.limit}")
    return "-".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be >= 1")
    try:
        variant = VARIANTS[args.variant]()
        document_options = {**variant["document"], **parse_options(args.doc_opt)}
        select_options = {**variant["select"], **parse_options(args.select_opt)}
    except ValueError as exc:
        parser.error(str(exc))
    if args.max_tokens is not None:
        document_options["max_tokens"] = args.max_tokens
    if args.rerank_top is not None:
        select_options["rerank_top"] = args.rerank_top

    started_in = environment()  # the library as imported, before any later change
    questions: list[Question] = []
    if args.dataset in ("cuad", "all"):
        questions += load_cuad()[: args.limit]
    if args.dataset in ("contractnli", "all"):
        questions += load_contractnli()[: args.limit]

    try:
        rerank = RerankCommand(args.rerank) if args.rerank else None
    except (OSError, ValueError) as exc:
        parser.error(f"--rerank: cannot start {args.rerank!r}: {exc}")
    ours = "longdoc" if args.variant == "default" else f"longdoc:{args.variant}"
    systems: list[System] = [
        lambda text: LongdocSystem(text, document_options, select_options, rerank, ours)
    ]
    if not args.no_baseline:
        systems.append(ChunkBM25Baseline)

    started = time.perf_counter()
    try:
        outcomes = evaluate(questions, systems, BUDGETS)
    except RuntimeError as exc:  # a rerank command that misbehaves
        print(f"quality.py: {exc}", file=sys.stderr)
        return 2
    finally:
        if rerank is not None:
            rerank.close()
    elapsed = time.perf_counter() - started

    overall = group_scores(outcomes, lambda o: (o.system, o.dataset, o.budget))
    by_category = group_scores(outcomes, lambda o: (o.system, o.dataset, o.category, o.budget))
    record: dict[str, Any] = {
        "config": {
            "dataset": args.dataset,
            "limit": args.limit,
            "variant": args.variant,
            "document_options": document_options,
            "select_options": select_options,
            "rerank": args.rerank,
            "budgets": list(BUDGETS),
        },
        "seconds": round(elapsed, 1),
        "overall": [
            {"system": s, "dataset": d, "budget": b, **vars(v)} for (s, d, b), v in overall.items()
        ],
        "by_category": [
            {"system": s, "dataset": d, "category": c, "budget": b, **vars(v)}
            for (s, d, c, b), v in by_category.items()
        ],
        "goals": [{"dataset": d, "budget": b, "char_recall": v} for (d, b), v in GOALS.items()],
        "issue_baseline": [
            {"dataset": d, "budget": b, "char_recall": v} for (d, b), v in ISSUE_BASELINE.items()
        ],
    }
    if args.per_question:
        record["questions"] = [vars(o) for o in outcomes]
    print(summary_table(overall))
    if not args.no_baseline:
        for (dataset, budget), expected in ISSUE_BASELINE.items():
            got = overall.get((ChunkBM25Baseline.name, dataset, budget))
            if got is not None:
                print(f"baseline {dataset} @{budget}: {got.char_recall:.3f} (issue: {expected:.3f})")
        if any(q.dataset == "cuad" for q in questions):
            print()
            print(category_table(by_category, ours, ChunkBM25Baseline.name, BUDGETS))
            lagging = lagging_categories(by_category, ours, ChunkBM25Baseline.name)
            record["lagging_categories"] = [
                {"category": c, "budget": b, "diff": round(d, 4)} for c, b, d in lagging
            ]
            print(f"\nCUAD categories more than {CATEGORY_SLACK} below the baseline: "
                  + (", ".join(f"{c} @{b} ({d:+.3f})" for c, b, d in lagging) or "none"))
    print()
    print(goal_table(overall, ours))
    print(f"\n{len(questions)} questions in {elapsed:.1f} s")
    path = save_results(results_name(args), record, args.results, started_in)
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
