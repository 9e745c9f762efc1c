"""How far a retrieval change can be trusted beyond these documents: two runs of quality.py compared
question by question, with intervals from resampling whole documents.

The goals of the quality issue also hold on splits of CUAD and ContractNLI that are not here: a
gain measured on one set of documents is only worth its spread over documents like them. Each run
must be saved with ``--per-question``; for each data set and budget this prints longdoc's mean
recall in both runs, the change with its 90% interval, and the share of resampled document sets
on which the second run meets the goal.

    python3 bench/quality.py --per-question --name before      (at the first commit)
    python3 bench/quality.py --per-question --name after       (at the second)
    python3 bench/quality_diff.py bench/results/before.json bench/results/after.json [--draws N]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import format_table  # noqa: E402  (the script runs from any directory)
from quality import GOALS  # noqa: E402

# One run's recalls: (data set, budget) -> document -> each question's recall.
Recalls = dict[tuple[str, int], dict[str, list[float]]]


def recalls(path: Path, system: str = "longdoc") -> Recalls:
    """One system's per-question recalls of a quality.py result saved with --per-question."""
    record = json.loads(path.read_text(encoding="utf-8"))
    if "questions" not in record:
        raise SystemExit(f"{path}: no per-question results; run bench/quality.py with --per-question")
    out: Recalls = defaultdict(lambda: defaultdict(list))
    for q in record["questions"]:
        if q["system"] == system:
            out[q["dataset"], q["budget"]][q["document"]].append(q["recall"])
    return out


def mean(by_document: dict[str, list[float]], documents: Sequence[str]) -> float:
    """Mean recall over every question of ``documents`` (a document drawn twice counts twice)."""
    total = sum(sum(by_document[d]) for d in documents)
    return total / sum(len(by_document[d]) for d in documents)


def compare(before: dict[str, list[float]], after: dict[str, list[float]], goal: float, draws: int,
            seed: int = 1) -> tuple[float, float, float, float, float, float]:
    """(before, after, change, change's 5th and 95th percentiles, share of draws where ``after``
    meets ``goal``) over documents drawn with replacement, as many as there are."""
    documents = sorted(before)
    if sorted(after) != documents or any(len(before[d]) != len(after[d]) for d in documents):
        raise SystemExit("the two runs asked different questions")
    rng = random.Random(seed)
    changes, met = [], 0
    for _ in range(draws):
        drawn = [rng.choice(documents) for _ in documents]
        now = mean(after, drawn)
        changes.append(now - mean(before, drawn))
        met += now >= goal
    changes.sort()
    low, high = changes[int(0.05 * draws)], changes[int(0.95 * draws) - 1]
    old, new = mean(before, documents), mean(after, documents)
    return old, new, new - old, low, high, met / draws


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--draws", type=int, default=2000, help="resampled document sets")
    args = parser.parse_args(argv)
    if args.draws < 20:
        parser.error("--draws must be >= 20")
    first, second = recalls(args.before), recalls(args.after)
    rows = []
    for key in sorted(set(first) & set(second)):
        old, new, change, low, high, met = compare(first[key], second[key], GOALS[key], args.draws)
        rows.append((*key, len(first[key]), old, new, change, f"{low:+.3f} to {high:+.3f}", GOALS[key], met))
    print(format_table(["data set", "budget", "documents", "before", "after", "change", "change, 90% interval",
                        "goal", "share of draws meeting it"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
