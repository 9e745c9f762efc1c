"""longdoc: make very long documents navigable and searchable.

Heading-aware sections that cover the text in order, BM25 ranking, windows whose offsets map back to
the document, and evidence located back to exact spans. Standard library only.
"""

from .analysis import approx_tokens, terms
from .bm25 import BM25, BM25Result, ScoredDocument, score_bm25
from .document import LongDocument
from .headings import Heading, find_headings
from .outline import OutlineNode
from .sections import Section
from .window import Window

__version__ = "0.1.0"

__all__ = [
    "approx_tokens",
    "terms",
    "BM25",
    "BM25Result",
    "ScoredDocument",
    "score_bm25",
    "LongDocument",
    "Heading",
    "find_headings",
    "OutlineNode",
    "Section",
    "Window",
]
