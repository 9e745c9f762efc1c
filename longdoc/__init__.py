"""longdoc: make very long documents navigable and searchable.

Heading-aware sections that cover the text in order, BM25 ranking, windows whose offsets map back to
the document, and evidence located back to exact spans. Standard library only.
"""

from .analysis import approx_tokens, terms
from .bm25 import BM25, BM25Result, ScoredDocument, score_bm25

__version__ = "0.1.0"

__all__ = [
    "approx_tokens",
    "terms",
    "BM25",
    "BM25Result",
    "ScoredDocument",
    "score_bm25",
]
