"""Contract texts as extraction tools give them, for the tests of long paragraphs and lines."""

from __future__ import annotations

import re


def without_blank_lines(text: str) -> str:
    """The text as a word processor's export may give it: one line per paragraph, no blank lines."""
    return re.sub(r"\n[ \t\f]*(?:\n[ \t\f]*)+", "\n", text)


def one_line(text: str) -> str:
    """The text as PDF extraction may give it: one line, a wide gap where each line break was."""
    return "   ".join(text.split("\n"))
