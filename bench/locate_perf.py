"""Benchmark: locate() a perturbed 200-character quote in a 10 MB text, beside rapidfuzz.

The text is CUAD's contracts concatenated up to 10 MB; each quote is a real passage with its
whitespace reflowed, a curly quote and three typos. Prints one table; run from the project root.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from longdoc.provenance import Locator, locate

CONTRACTS = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "cuad" / "contracts"
TARGET_CHARS = 10_000_000


def build_text(size: int) -> str:
    """CUAD contracts joined by blank lines, cut to ``size`` characters."""
    paths = sorted(CONTRACTS.glob("*.txt"))
    if not paths:
        raise SystemExit(f"no contracts under {CONTRACTS}")
    parts: list[str] = []
    total = 0
    while total < size:
        for path in paths:
            part = path.read_text(encoding="utf-8")
            parts.append(part)
            total += len(part) + 2
            if total >= size:
                break
    return "\n\n".join(parts)[:size]


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


def timed(fn, *args) -> tuple[float, object]:
    t0 = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - t0, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quotes", type=int, default=30)
    parser.add_argument("--peer-quotes", type=int, default=5, help="rapidfuzz is slow: fewer runs")
    parser.add_argument("--size", type=int, default=TARGET_CHARS)
    args = parser.parse_args()

    rng = random.Random(7)
    text = build_text(args.size)
    build_s, locator = timed(Locator, text)
    quotes = sample_quotes(text, locator, args.quotes, rng)

    ours: list[float] = []
    hits = 0
    for start, end, quote in quotes:
        seconds, span = timed(locator.locate, quote)
        ours.append(seconds)
        hits += span is not None and (span.char_start, span.char_end) == (start, end)
    cold_s, _ = timed(locate, text[:-1], quotes[0][2])  # a new text: builds its index first

    from rapidfuzz import fuzz

    peer: list[float] = []
    peer_hits = 0
    for start, end, quote in quotes[: args.peer_quotes]:
        seconds, found = timed(fuzz.partial_ratio_alignment, quote, text)
        peer.append(seconds)
        peer_hits += (found.dest_start, found.dest_end) == (start, end)

    ours_ms = statistics.median(ours) * 1000
    peer_ms = statistics.median(peer) * 1000
    print(f"text: {len(text):,} chars; quotes: 200 chars, reflowed, curly quote, 3 typos")
    print(f"{'method':<44}{'median ms':>10}{'exact spans':>14}{'ratio':>8}")
    print(f"{'longdoc Locator.locate (index built)':<44}{ours_ms:>10.2f}"
          f"{f'{hits}/{len(quotes)}':>14}{1.0:>8.2f}")
    print(f"{'rapidfuzz partial_ratio_alignment':<44}{peer_ms:>10.2f}"
          f"{f'{peer_hits}/{len(peer)}':>14}{peer_ms / ours_ms:>8.1f}")
    print(f"one-time index build: {build_s * 1000:.0f} ms; "
          f"cold locate() (build + look-up): {cold_s * 1000:.0f} ms; "
          f"p95 look-up: {sorted(ours)[int(0.95 * (len(ours) - 1))] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
