"""The anchors a Markdown text's headings get when it is shown, as GitHub makes them: the link
"[Definitions](#a-definitions)" leads to the heading "## A. Definitions".

Pure functions over a text and its outline nodes; offsets are `str` offsets.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol
from urllib.parse import unquote

__all__ = ["MARKDOWN_KINDS", "declared_anchors", "forget_anchors", "fragment_anchor", "heading_anchors", "line_anchor",
           "slug"]


class HeadingPart(Protocol):
    """What anchoring reads of an outline node (longdoc.outline.OutlineNode has it)."""

    index: int
    kind: str
    heading_start: int
    heading_end: int


# The outline kinds of Markdown's own headings ("## Title", and a title underlined with "=" or "-").
MARKDOWN_KINDS = frozenset({"markdown", "setext"})
_ATX_OPENING = re.compile(r"[ \t]*#{1,6}(?:[ \t]+|$)")
_ATX_CLOSING = re.compile(r"(?:[ \t]+#+)?[ \t\r]*\Z")
# What a reader sees of a link or an image is its text; of an HTML tag, nothing; of emphasis by
# underscores, the words ("snake_case" keeps its own).
_LINK = re.compile(r"!?\[([^\[\]]*)\]\([^()]*\)")
_TAG = re.compile(r"<[^<>\n]*>")
_EMPHASIS = re.compile(r"(?<![^\W_])_+|_+(?![^\W_])")


def slug(words: str) -> str:
    """GitHub's anchor for a heading that reads ``words``: lower case, each space a hyphen, every
    character but letters, digits, marks, "-" and "_" left out ("A. Definitions" -> "a-definitions")."""
    lowered = words.strip().lower()
    if lowered.isascii():  # most headings: one pass of the pattern, not one test per character
        return _NOT_IN_ASCII_SLUG.sub("", lowered).replace(" ", "-")
    out = []
    for c in lowered:
        if c == " ":
            out.append("-")
        elif c in "-_" or c.isalnum() or unicodedata.category(c)[0] in "LMN":
            out.append(c)
    return "".join(out)


_NOT_IN_ASCII_SLUG = re.compile(r"[^a-z0-9_ -]+")


def heading_anchors(text: str, nodes: Sequence[HeadingPart]) -> dict[str, int]:
    """Each anchor of the text's Markdown headings and the index of the node it leads to. A heading
    whose anchor an earlier one has gets the first of "-1", "-2" ... that is free, as on GitHub."""
    anchors: dict[str, int] = {}
    taken: dict[str, int] = {}
    for node in nodes:
        if node.kind not in MARKDOWN_KINDS:
            continue
        base = anchor = line_anchor(text[node.heading_start : node.heading_end])
        while anchor in taken:
            taken[base] += 1
            anchor = f"{base}-{taken[base]}"
        taken[anchor] = 0
        anchors[anchor] = node.index
    return anchors


@lru_cache(maxsize=16384)  # an edit's text anchors its headings again, nearly all as before
def line_anchor(line: str) -> str:
    """The anchor of the Markdown heading written ``line`` ("## 2.1 Fees" -> "21-fees"), before
    any "-1" that a heading of the same anchor before it makes it take."""
    return slug(_shown(line))


@lru_cache(maxsize=16384)  # and follows its links again: a table of contents links to each part
def fragment_anchor(fragment: str) -> str:
    """The anchor a link's fragment ("A-Definitions", "caf%C3%A9") leads to: decoded, and read as a
    heading's words would be, as a browser showing GitHub's page matches it."""
    return slug(unquote(fragment) if "%" in fragment else fragment)


def _shown(line: str) -> str:
    """The words a reader sees of a heading line: without its "#" marks, links' targets, tags and
    emphasis."""
    opening = _ATX_OPENING.match(line)
    if opening is not None:
        line = line[opening.end() :]
        line = line[: _ATX_CLOSING.search(line).start()]
    if "[" in line:
        line = _LINK.sub(r"\1", line)
    if "<" in line:
        line = _TAG.sub("", line)
    return _EMPHASIS.sub("", line) if "_" in line else line


# An HTML element's own anchor, as Markdown lets a text declare one: '<a name="fees"></a>', '<span id="fees">'.
_DECLARED = re.compile(r"""<[A-Za-z][^<>]*?\s(?:id|name)\s*=\s*["']([^"'<>]+)["']""")


def declared_anchors(text: str) -> frozenset[str]:
    """The anchors a text declares in its HTML ('<a name="fees">', '<h2 id="fees">'): a link to one
    leads to a place in the text, though to no heading's anchor."""
    if "id" not in text and "name" not in text:
        return frozenset()
    return frozenset(m.group(1) for m in _DECLARED.finditer(text))


def forget_anchors() -> None:
    """Let go of the anchors kept of headings' lines and links' fragments (made again when asked)."""
    line_anchor.cache_clear()
    fragment_anchor.cache_clear()
