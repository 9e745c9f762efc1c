"""Contract texts as extraction tools give them, for the tests of long paragraphs and lines."""

from __future__ import annotations

import re
import textwrap


def without_blank_lines(text: str) -> str:
    """The text as a word processor's export may give it: one line per paragraph, no blank lines."""
    return re.sub(r"\n[ \t\f]*(?:\n[ \t\f]*)+", "\n", text)


def one_line(text: str) -> str:
    """The text as PDF extraction may give it: one line, a wide gap where each line break was."""
    return "   ".join(text.split("\n"))


def wrapped(text: str, width: int = 72) -> str:
    """The text as a fixed-width plain-text filing writes it: each paragraph's lines broken at ``width``."""
    return "\n".join(textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False) if line.strip() else line
                     for line in text.split("\n"))
