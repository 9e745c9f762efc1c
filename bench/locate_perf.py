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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=TARGET_CHARS)
    parser.add_argument("--quotes", type=int, default=30)
    parser.add_argument("--peer-quotes", type=int, default=5, help="rapidfuzz is slow: fewer runs")
    args = parser.parse_args()

    from rapidfuzz import fuzz

    text = contract_corpus(args.size)
    locator, build_s = timed(lambda: Locator(text))
    quotes = sample_quotes(text, locator, args.quotes, random.Random(7))

    ours: list[float] = []
    hits = 0
    for start, end, quote in quotes:
        span, took = timed(lambda: locator.locate(quote))
        ours.append(took)
        hits += span is not None and (span.char_start, span.char_end) == (start, end)
    # A text with no index yet (as after an edit): a verbatim quote needs none.
    fresh = text[:-1]
    verbatim: list[float] = []
    verbatim_hits = 0
    for start, end, _ in quotes:
        span, took = timed(lambda: locate(fresh, text[start:end]))
        verbatim.append(took)
        verbatim_hits += span is not None and (span.char_start, span.char_end) == (start, end)
    peer: list[float] = []
    peer_hits = 0
    for start, end, quote in quotes[: args.peer_quotes]:
        found, took = timed(lambda: fuzz.partial_ratio_alignment(quote, text))
        peer.append(took)
        peer_hits += (found.dest_start, found.dest_end) == (start, end)

    ours_ms, peer_ms = median(ours) * 1000, median(peer) * 1000
    rows = [
        ["longdoc Locator.locate (index built)", ours_ms, percentile(ours, 95) * 1000,
         f"{hits}/{len(quotes)}", 1.0],
        ["rapidfuzz partial_ratio_alignment", peer_ms, percentile(peer, 95) * 1000,
         f"{peer_hits}/{len(peer)}", peer_ms / ours_ms],
        ["longdoc locate(), verbatim quote, text not indexed", median(verbatim) * 1000,
         percentile(verbatim, 95) * 1000, f"{verbatim_hits}/{len(quotes)}",
         median(verbatim) * 1000 / ours_ms],
        ["longdoc Locator(text): one-time index build", build_s * 1000, build_s * 1000, "", ""],
    ]
    print(f"text: {len(text):,} characters; {len(quotes)} quotes of about 200 characters, "
          "reflowed, curled, 3 typos")
    print(format_table(["row", "median ms", "p95 ms", "exact spans", "x slower than longdoc"], rows))
    path = save_results("locate_perf", {
        "size": len(text),
        "quotes": len(quotes),
        "rows": [dict(zip(["row", "median_ms", "p95_ms", "exact_spans", "ratio"], r)) for r in rows],
    })
    print(f"saved {path}")


if __name__ == "__main__":
    main()
