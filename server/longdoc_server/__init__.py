"""The longdoc language server: a thin LSP adapter over the ``longdoc`` core."""

__version__ = "0.1.0"
