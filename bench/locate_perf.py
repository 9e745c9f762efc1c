"""locate() of perturbed quotes in a 10 MB contract-like text, beside rapidfuzz, in one run.

Each quote is a real passage of about 200 characters with its whitespace reflowed, its straight
quotes curled and three typos. Rows: our look-up with the text's word index built (median, p95),
a verbatim quote in a text not indexed yet, the one-time index build, and rapidfuzz's
partial_ratio_alignment over the whole text (no index).
Prints one table and saves bench/results/locate_perf.json.

    python3 bench/locate_perf.py [--size CHARS] [--quotes N] [--peer-quotes N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TypeVar

HERE = Path(__file__).resolve().parent
# This checkout's longdoc, whichever copy happens to be installed.
sys.path[:0] = [str(HERE), str(HERE.parent)]

from common import (  # noqa: E402  (the script runs from any directory)
    contract_corpus,
    format_table,
    median,
    percentile,
    save_results,
    timed,
)

from longdoc.provenance import Locator, locate  # noqa: E402

TARGET_CHARS = 10_000_000
T = TypeVar("T")


def perturb(quote: str, rng: random.Random) -> str:
    """Reflow whitespace, curl the straight quotes, and make three typos."""
    words = quote.split()
    reflowed = "".join(w + rng.choice([" ", "\n", "  ", "\n    "]) for w in words).rstrip()
    chars = list(reflowed.replace('"', "\u201c").replace("'", "\u2019"))
    letters = [i for i, c in enumerate(chars) if c.isalpha()]
    for i in rng.sample(letters, 3):
        chars[i] = "x" if chars[i] != "x" else "y"
    return "".join(chars)


def sample_quotes(
    text: str, locator: Locator, n: int, rng: random.Random
) -> list[tuple[int, int, str]]:
    """``n`` passages of about 200 characters from a word's start to a word's end, each with a
    straight quote or apostrophe, whose first occurrence up to whitespace and case is itself,
    with their perturbed forms."""
    out: list[tuple[int, int, str]] = []
    while len(out) < n:
        start = rng.randrange(0, len(text) - 400)
        while text[start].isalnum() or not text[start + 1].isalnum():
            start += 1
        start += 1
        end = start + 200
        while text[end - 1].isalnum() and text[end].isalnum():
            end += 1
        passage = text[start:end]
        if len(passage.split()) < 20 or not ('"' in passage or "'" in passage):
            continue
        if not passage[-1].isalnum():
            continue
        first = locator.locate(" ".join(passage.split()))
        if first is None or first.char_start != start:
            continue
        out.append((start, end, perturb(passage, rng)))
    return out


def clocked(fn: Callable[[], T]) -> tuple[T, float, float]:
    """``fn()``'s result, its wall-clock seconds and the CPU seconds this process spent on it
    (the second is what other work on a busy machine disturbs least)."""
    cpu0 = time.process_time()
    result, wall = timed(fn)
    return result, wall, time.process_time() - cpu0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=TARGET_CHARS)
    parser.add_argument("--quotes", type=int, default=30)
    parser.add_argument("--peer-quotes", type=int, default=5, help="rapidfuzz is slow: fewer runs")
    args = parser.parse_args()

    from rapidfuzz import fuzz

    text = contract_corpus(args.size)
    locator, build_s, build_cpu = clocked(lambda: Locator(text))
    quotes = sample_quotes(text, locator, args.quotes, random.Random(7))

    def run(fn: Callable[[int, int, str], object], cases: list[tuple[int, int, str]]) -> Row:
        wall: list[float] = []
        cpu: list[float] = []
        hits = 0
        for start, end, quote in cases:
            found, w, c = clocked(lambda: fn(start, end, quote))
            wall.append(w)
            cpu.append(c)
            hits += found == (start, end)
        return Row(wall, cpu, f"{hits}/{len(cases)}")

    def span_of(found: object) -> tuple[int, int] | None:
        return None if found is None else (found.char_start, found.char_end)  # type: ignore[attr-defined]

    ours = run(lambda s, e, q: span_of(locator.locate(q)), quotes)
    # A text with no index yet (as after an edit): a verbatim quote needs none.
    fresh = text[:-1]
    verbatim = run(lambda s, e, q: span_of(locate(fresh, text[s:e])), quotes)
    peer = run(
        lambda s, e, q: (lambda a: (a.dest_start, a.dest_end))(fuzz.partial_ratio_alignment(q, text)),
        quotes[: args.peer_quotes],
    )

    base = median(ours.wall)
    rows = [
        ["longdoc Locator.locate (index built)", *ours.cells(), 1.0],
        ["rapidfuzz partial_ratio_alignment", *peer.cells(), median(peer.wall) / base],
        ["longdoc locate(), verbatim quote, text not indexed", *verbatim.cells(),
         median(verbatim.wall) / base],
        ["longdoc Locator(text): one-time index build", build_s * 1000, build_s * 1000,
         build_cpu * 1000, "", ""],
    ]
    print(f"text: {len(text):,} characters; {len(quotes)} quotes of about 200 characters, "
          "reflowed, curled, 3 typos")
    headers = ["row", "median ms", "p95 ms", "median CPU ms", "exact spans", "x longdoc's median"]
    print(format_table(headers, rows))
    path = save_results("locate_perf", {
        "size": len(text),
        "quotes": len(quotes),
        "rows": [dict(zip(headers, r)) for r in rows],
    })
    print(f"saved {path}")


@dataclass
class Row:
    wall: list[float]
    cpu: list[float]
    hits: str

    def cells(self) -> list[object]:
        return [median(self.wall) * 1000, percentile(self.wall, 95) * 1000,
                median(self.cpu) * 1000, self.hits]


if __name__ == "__main__":
    main()
