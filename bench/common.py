"""Shared pieces of the benchmark scripts: the shared data sets, a contract corpus, timing, tables.

Every loader reads ``../shared/data`` (relative to the project root) and fails with a clear message
naming the missing path; nothing here is specific to one benchmark.
"""

from __future__ import annotations

import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
RESULTS = ROOT / "bench" / "results"

Span = tuple[int, int]


class MissingDataError(RuntimeError):
    """A shared data file the benchmark needs is not where ../shared/README.md says it is."""


def data_path(*parts: str) -> Path:
    """Path of a file under ../shared/data; raises MissingDataError when it does not exist."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        raise MissingDataError(f"shared data file not found: {path}")
    return path


def read_text(path: Path) -> str:
    """A data file as the offsets in the data sets see it: UTF-8, no newline translation."""
    with open(path, encoding="utf-8", newline="") as handle:
        return handle.read()


@dataclass(frozen=True)
class Question:
    """One evaluation question asked of one document, with its gold character spans.

    ``category`` groups the same question over documents: CUAD's category, ContractNLI's
    hypothesis id ("nda-11")."""

    dataset: str
    document: str
    category: str
    question: str
    spans: tuple[Span, ...]


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def load_cuad() -> list[Question]:
    """CUAD questions with gold spans, in file order; ambiguous and span-less rows are skipped."""
    rows = _jsonl(data_path("cuad", "qa.jsonl"))
    return [
        Question("cuad", r["contract"], r["category"], r["question"], _spans(r["spans"]))
        for r in rows
        if r["spans"] and not r["ambiguous"]
    ]


def load_contractnli() -> list[Question]:
    """ContractNLI hypotheses with evidence spans, in file order; span-less rows are skipped."""
    rows = _jsonl(data_path("contractnli", "qa.jsonl"))
    return [
        Question("contractnli", r["document"], r["hypothesis"], r["question"], _spans(r["spans"]))
        for r in rows
        if r["spans"]
    ]


def _spans(raw: list[list[int]]) -> tuple[Span, ...]:
    return tuple((int(a), int(b)) for a, b in raw)


_DOCUMENT_DIRS = {"cuad": ("cuad", "contracts"), "contractnli": ("contractnli", "documents")}


@lru_cache(maxsize=None)
def document_text(dataset: str, name: str) -> str:
    """The text of one document of ``dataset`` ("cuad" or "contractnli")."""
    return read_text(data_path(*_DOCUMENT_DIRS[dataset], name))


def contract_corpus(size: int = 10_000_000, sep: str = "\n\n") -> str:
    """A contract-like text of exactly ``size`` characters: the CUAD contracts in name order,
    joined by ``sep`` (repeated from the first when they run out), cut at ``size``."""
    folder = data_path("cuad", "contracts")
    paths = sorted(folder.glob("*.txt"))
    if not paths:
        raise MissingDataError(f"no contracts in {folder}")
    parts: list[str] = []
    total = 0
    while total < size:
        for path in paths:
            text = read_text(path)
            parts.append(text)
            total += len(text) + len(sep)
            if total >= size:
                break
    return sep.join(parts)[:size]


def without_blank_lines(text: str) -> str:
    """The text with each run of line breaks and blank lines made one line break: one paragraph."""
    return re.sub(r"[\r\n][ \t\f\v]*(?:[\r\n][ \t\f\v]*)+", "\n", text)


def on_one_line(text: str) -> str:
    """The text as PDF extraction may give it: one line, a wide gap where each line break was."""
    return "   ".join(text.splitlines())


def as_markdown(doc: Any) -> str:
    """The text of a `LongDocument` with every outline heading marked up as a Markdown heading of its depth."""
    text = doc.text
    pieces, last = [], 0
    for node in doc.nodes:
        pieces += [text[last : node.heading_start], "#" * min(node.depth + 1, 6) + " "]
        last = node.heading_start
    pieces.append(text[last:])
    return "".join(pieces)


def with_code(markdown: str) -> str:
    """A Markdown text as a runbook holds code: every fifth paragraph that is no heading set in a
    fenced block, and the first word of every third in backticks."""
    paragraphs = re.split(r"(\n[ \t]*\n)", markdown)
    for i in range(0, len(paragraphs), 2):
        paragraph = paragraphs[i]
        if not paragraph.strip() or paragraph.lstrip().startswith("#"):
            continue
        if i // 2 % 5 == 4:
            paragraphs[i] = f"```text\n{paragraph}\n```"
        elif i // 2 % 3 == 0:
            paragraphs[i] = re.sub(r"\w+", lambda m: f"`{m.group(0)}`", paragraph, count=1)
    return "".join(paragraphs)


T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """``fn()``'s result and the wall-clock seconds it took (perf_counter)."""
    t0 = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - t0


def seconds(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of ``repeat`` calls of ``fn``, in call order."""
    if repeat < 1:
        raise ValueError("repeat must be >= 1")
    return [timed(fn)[1] for _ in range(repeat)]


@dataclass
class Clock:
    """Wall-clock and CPU seconds of repeated runs, in run order. CPU time (this process only)
    is what other work on a shared machine disturbs least."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def run(self, fn: Callable[[], T]) -> T:
        """Call ``fn``, record its wall and CPU seconds, return its result."""
        wall0, cpu0 = time.perf_counter(), time.process_time()
        result = fn()
        self.wall.append(time.perf_counter() - wall0)
        self.cpu.append(time.process_time() - cpu0)
        return result


def interleaved(contenders: dict[str, Callable[[], object]], repeat: int) -> dict[str, Clock]:
    """``repeat`` runs of each contender, taken in rounds (each contender once per round) so that a
    change in the machine's load falls on all of them alike."""
    clocks = {label: Clock() for label in contenders}
    for _ in range(repeat):
        for label, fn in contenders.items():
            clocks[label].run(fn)
    return clocks


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty sample."""
    if not values:
        raise ValueError("percentile of an empty sample")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def format_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A GitHub-Markdown table; floats are printed with three decimals."""

    def cell(value: object) -> str:
        return f"{value:.3f}" if isinstance(value, float) else str(value)

    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def environment() -> dict[str, str]:
    """Where and on what a result was measured, stored beside every result."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        # The library measured is the working tree, which may be ahead of the commit.
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--", "longdoc"], cwd=ROOT, capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        commit, changed = "", ""
    if changed:
        commit += "+uncommitted longdoc changes"
    return {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "commit": commit,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": str(os.cpu_count()),
        # Other work on the machine slows every timing; the 1-minute load average says how much.
        "load_average_1min": f"{os.getloadavg()[0]:.2f}",
    }


def save_results(
    name: str, payload: dict[str, Any], folder: Path = RESULTS, env: dict[str, str] | None = None
) -> Path:
    """Write ``payload`` plus ``env`` (by default the environment now; pass the one taken when the
    run started) to FOLDER/NAME.json (default bench/results/) and return the path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    record = {"environment": env or environment(), **payload}
    # Options may hold functions (an analyser); their repr names them.
    text = json.dumps(record, indent=2, ensure_ascii=False, default=repr)
    path.write_text(text + "\n", encoding="utf-8")
    return path
