"""The server's feature modules, each exposing ``register(server)``; add a module by appending it."""

from __future__ import annotations

from . import evidence, folding, hover, outline, relevance, selection, synchronization, workspace_symbols
from . import codelens, completion, definition, diagnostics, highlight, inlay_hints, links, quick_fixes, references
from . import rename, semantic_tokens

FEATURES = [synchronization, outline, folding, selection, hover, workspace_symbols, relevance, evidence]
FEATURES += [definition, references, links, highlight, codelens, inlay_hints, semantic_tokens, rename, completion,
             diagnostics, quick_fixes]
