"""A relevance scorer for ``quality.py --rerank``: rapidfuzz's token-set similarity of query and passage.

Reads JSON lines {"query": str, "passages": [str]} on stdin and writes, per line, a JSON list with
one score (0..100) per passage. It shows the protocol a model-based scorer would speak; no model.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from rapidfuzz import fuzz


def score_lines(source: TextIO, sink: TextIO) -> None:
    """Answer every request line of ``source`` with one line of scores on ``sink``."""
    for line in source:
        if not line.strip():
            continue
        request = json.loads(line)
        query = request["query"]
        scores = [fuzz.token_set_ratio(query, passage) for passage in request["passages"]]
        sink.write(json.dumps(scores) + "\n")
        sink.flush()


if __name__ == "__main__":
    score_lines(sys.stdin, sys.stdout)
