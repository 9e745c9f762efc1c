"""longdoc: make very long documents navigable and searchable.

Heading-aware sections that cover the text in order, BM25 ranking, windows whose offsets map back to
the document, and evidence located back to exact spans. Standard library only.
"""

from .analysis import approx_tokens, terms
from .bm25 import BM25, BM25Result, ScoredDocument, score_bm25
from .chunking import ChunkingError, ChunkingStrategy, ClauseAwareChunker, SemanticChunker, count_tokens
from .completion import Completion
from .definitions import Definition
from .diagnostics import Diagnostic
from .document import LongDocument
from .entries import TextEdit
from .glosses import Gloss
from .facets import FacetResult, FacetSelection, Passage, select_facets, uncovered_facets
from .headings import Heading, find_headings
from .marks import Mark
from .outline import OutlineNode
from .propositions import TokenCounter, split_proposition_windows, split_sentences
from .provenance import ChunkRecord, LegalDocument, Locator, ProvenanceTracker, SourceSpan, locate
from .references import Reference
from .renumbering import Renumbering
from .sections import Section
from .uses import Use
from .window import Window

__version__ = "0.1.0"

__all__ = [
    "approx_tokens",
    "terms",
    "BM25",
    "BM25Result",
    "ScoredDocument",
    "score_bm25",
    "ChunkingError",
    "ChunkingStrategy",
    "ClauseAwareChunker",
    "SemanticChunker",
    "count_tokens",
    "Completion",
    "Definition",
    "Gloss",
    "Use",
    "Mark",
    "Diagnostic",
    "LongDocument",
    "FacetResult",
    "FacetSelection",
    "Passage",
    "select_facets",
    "uncovered_facets",
    "Heading",
    "find_headings",
    "OutlineNode",
    "TokenCounter",
    "split_proposition_windows",
    "split_sentences",
    "ChunkRecord",
    "LegalDocument",
    "Locator",
    "ProvenanceTracker",
    "SourceSpan",
    "locate",
    "Reference",
    "Renumbering",
    "Section",
    "TextEdit",
    "Window",
]
