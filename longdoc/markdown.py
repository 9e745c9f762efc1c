"""Where Markdown lets no heading stand (CommonMark's block rules): inside a fenced code block, an
HTML comment or the YAML front matter a text opens with, and on a line indented four columns or
more, which is code or the continuation of a paragraph.
"""

from __future__ import annotations

import re

from .segments import line_spans

__all__ = ["BLOCK_MARK_RE", "FRONT_MATTER_REACH", "Blocks", "front_matter_end", "indented_code"]

# What opens or closes a block, wherever it stands: an edit that touches one may hide or show every
# line after it, so the text is read again.
BLOCK_MARK_RE = re.compile(r"```|~~~|<!--|-->")
# A fence's info string holds no backtick ("```js```" is code in a line, no fence).
_OPEN_RE = re.compile(r"(`{3,})[^`]*\Z|(~{3,})|<!--")
_FENCE_CLOSE_RE = re.compile(r"(`{3,}|~{3,})[ \t]*\Z")
_FRONT_MATTER_FENCE_RE = re.compile(r"---[ \t]*\Z")
_FRONT_MATTER_CLOSE_RE = re.compile(r"(?:---|\.\.\.)[ \t]*\Z")
# Front matter holds a page's settings, never pages of text: its closing line is looked for this far.
FRONT_MATTER_REACH = 20_000


def front_matter_end(text: str) -> int:
    """Where the front matter the text opens with ends (past its closing "---" or "..." line and
    its break), or 0 when it has none: a first line "---", not over a blank line, closed within
    FRONT_MATTER_REACH."""
    if not text.startswith("---"):
        return 0
    lines = line_spans(text, 0, min(len(text), FRONT_MATTER_REACH))
    ls, le = next(lines)
    if _FRONT_MATTER_FENCE_RE.match(text, ls, le) is None:
        return 0
    for k, (ls, le) in enumerate(lines):
        if k == 0 and ls == le:
            return 0  # a blank line after "---": a rule, as Pandoc reads it, and no front matter
        if _FRONT_MATTER_CLOSE_RE.match(text, ls, le) is not None:
            if le < len(text) and text[le] == "\r" and text.startswith("\n", le + 1):
                return le + 2
            return min(len(text), le + 1)
    return 0


def indented_code(text: str, line_start: int, indent: int) -> bool:
    """Whether the line starting at ``line_start``, its text at ``indent``, stands four columns in
    or more (a tab reaches the next multiple of four, so any tab in the indentation does)."""
    return indent - line_start > 3 or "\t" in text[line_start:indent]


class Blocks:
    """A walk over a Markdown text's lines, in order from a line outside any block (a heading's,
    or the text's first), that tells which lines a block hides."""

    __slots__ = ("_fence", "_comment")

    def __init__(self) -> None:
        self._fence = ""  # the run of backticks or tildes that opened the fence the walk is in
        self._comment = False

    def hides(self, text: str, line_start: int, indent: int, line_end: int) -> bool:
        """Whether no heading may stand on the line [line_start, line_end) whose text starts at
        ``indent``: a block holds it, opens or closes on it, or it is indented code."""
        if self._fence:
            if not indented_code(text, line_start, indent):
                close = _FENCE_CLOSE_RE.match(text, indent, line_end)
                if close is not None and close.group(1)[0] == self._fence[0] and len(close.group(1)) >= len(self._fence):
                    self._fence = ""
            return True
        if self._comment:
            self._comment = text.find("-->", line_start, line_end) < 0
            return True
        if indented_code(text, line_start, indent):
            return True
        opened = _OPEN_RE.match(text, indent, line_end)
        if opened is None:
            return False
        if opened.lastindex is not None:
            self._fence = opened.group(opened.lastindex)
        else:
            self._comment = text.find("-->", opened.end(), line_end) < 0
        return True
