"""What Markdown writes besides its words, by CommonMark's rules: where no heading stands (inside a
fenced code block, an HTML comment or the YAML front matter a text opens with, and on a line
indented four columns or more, which is code or the continuation of a paragraph), which stretches
hold code, the inline marks around the words a reader sees, and where a link's text leads.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import AnyStr, NamedTuple

from .segments import LINE_BREAK_RE, LINE_BREAKS, line_spans

__all__ = ["BLANK_LINE_BYTES_RE", "BLOCK_MARK_RE", "FRONT_MATTER_REACH", "INDENT_RE", "Blocks", "CodeLayout",
           "code_layout", "code_layout_after_edit", "code_near_edit", "code_spans", "fragment_links",
           "front_matter_end", "holds_code_marks", "indented_code", "inline_markup", "is_markdown", "link_destination"]

# What opens or closes a block, wherever it stands: an edit that touches one may hide or show every
# line after it, so the text is read again.
BLOCK_MARK_RE = re.compile(r"```|~~~|<!--|-->")
# A fence's info string holds no backtick ("```js```" is code in a line, no fence).
_OPEN_RE = re.compile(r"(`{3,})[^`]*\Z|(~{3,})|<!--")
_FENCE_CLOSE_RE = re.compile(r"(`{3,}|~{3,})[ \t]*\Z")
_FRONT_MATTER_FENCE_RE = re.compile(r"---[ \t]*\Z")
_FRONT_MATTER_CLOSE_RE = re.compile(r"(?:---|\.\.\.)[ \t]*\Z")
# The part of a Markdown heading after the line start, searched for by its leading literal "#"
# (far faster than scanning for every line break; "#{1,6}" would give the engine no literal).
_ATX_MARK_RE = re.compile(r"##{0,5}[ \t]+\S")
INDENT_RE = re.compile(r"[ \t]*")  # a line's indentation
_BACKTICKS_RE = re.compile(r"`+")
_RARE_BREAK_RE = re.compile("[" + LINE_BREAKS.replace("\n", "") + "]")
# A paragraph ends at a blank line; an inline code span never runs past it.
_BLANK_LINE_RE = re.compile(r"\n[ \t\r]*\n")
# Front matter holds a page's settings, never pages of text: its closing line is looked for this far.
FRONT_MATTER_REACH = 20_000


def is_markdown(text: str) -> bool:
    """Whether the text reads as Markdown: at least one ATX heading ("# Title") at the margin.
    (CommonMark allows three spaces before one, but a reStructuredText literal block set three
    columns in holds "# comment" lines, and Markdown writes its headings at the margin.)"""
    m = _ATX_MARK_RE.search(text)
    while m is not None:
        p = m.start()
        if p == 0 or text[p - 1] in LINE_BREAKS:
            return True
        m = _ATX_MARK_RE.search(text, p + 1)
    return False


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

    @property
    def fence(self) -> str:
        """The run of backticks or tildes that opened the fence the walk is in ("" outside one)."""
        return self._fence

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


def holds_code_marks(text: str | bytes) -> bool:
    """Whether a text (or its byte view) holds a backtick or a run of three tildes: no code without."""
    if isinstance(text, str):
        return "`" in text or _holds_tildes(text, "~")
    return b"`" in text or _holds_tildes(text, b"~")


def _holds_tildes(text: AnyStr, tilde: AnyStr) -> bool:
    # One character is looked for far faster than three (10 MB: 0.03 ms against 7), and a text
    # holds few tildes: each is looked at, up to a few.
    at = text.find(tilde)
    for _ in range(64):
        if at < 0:
            return False
        if text.startswith(tilde * 3, at):
            return True
        at = text.find(tilde, at + 1)
    return tilde * 3 in text


def code_spans(text: str) -> list[tuple[int, int]]:
    """The stretches of a Markdown text that hold code, in order (none in a text that does not read
    as Markdown): a fenced block's info string and lines up to its closing line, and an inline code
    span's text between its runs of backticks."""
    return list(code_layout(text).spans)


# A fenced block: where its opening line starts, where its code starts and ends, where its closing line ends.
Fence = tuple[int, int, int, int]


class CodeLayout(NamedTuple):
    """Where a text's code stands: its `code_spans`, its fenced blocks (as `_fenced_code` gives
    them) and where its front matter ends (0: none; -1: the text does not read as Markdown)."""

    spans: tuple[tuple[int, int], ...]
    fences: tuple[Fence, ...]
    prose: int


_NOT_MARKDOWN = CodeLayout((), (), -1)


def code_layout(text: str, markdown: bool | None = None) -> CodeLayout:
    """The `CodeLayout` of a text; ``markdown`` is `is_markdown(text)` when the caller knows it."""
    if not (is_markdown(text) if markdown is None else markdown):
        return _NOT_MARKDOWN
    prose = at = front_matter_end(text)
    if not holds_code_marks(text):
        return CodeLayout((), (), prose)
    spans: list[tuple[int, int]] = []
    fences = tuple(_fenced_code(text, prose))
    # The fences' lines are no prose: their runs of backticks open no inline span.
    for fence_start, start, end, fence_end in fences:
        spans += _inline_code(text, at, fence_start)
        spans.append((start, end))
        at = fence_end
    spans += _inline_code(text, at, len(text))
    return CodeLayout(tuple(spans), fences, prose)


def code_layout_after_edit(old: CodeLayout, text: str, start: int, end: int, new_length: int,
                           markdown: bool | None = None) -> tuple[CodeLayout, tuple[int, int] | None] | None:
    """The `code_layout` of ``text``, which is the text of ``old`` with [start, end) replaced by
    ``new_length`` characters, where the edit left every line holding a block's mark as it was;
    and the stretch of ``text`` beyond the edit's own characters whose code may differ from what
    it was (an inline span paired otherwise in the edit's paragraph), None when none. None in place
    of both when the layout cannot be told from ``old``: the edit lies over a fence or the front
    matter, or the edit made the text Markdown or plain. ``markdown`` is as for `code_layout`."""
    if markdown is None:
        markdown = is_markdown(text)
    if old.prose < 0 or not markdown:
        return (_NOT_MARKDOWN, None) if old.prose < 0 and not markdown else None
    if (old.prose and start <= old.prose) or front_matter_end(text) != old.prose:
        return None
    delta = new_length - (end - start)
    new_end = start + new_length
    holder = None  # the fence whose code holds the edit
    seg_start, seg_end = old.prose, len(text) - delta  # the stretch of prose between fences holding it
    for fence in old.fences:
        fence_start, code_start, code_end, fence_end = fence
        if code_start < start and end <= code_end:  # (a fence left open holds what is written at the text's end)
            holder = fence
            break
        if fence_end <= start:
            seg_start = fence_end
        elif end <= fence_start:
            seg_end = fence_start
            break
        else:
            return None
    fences = tuple((f[0], f[1], f[2] + delta, f[3] + delta) if f is holder else f if f[3] <= start else
                   (f[0] + delta, f[1] + delta, f[2] + delta, f[3] + delta) for f in old.fences)
    spans = old.spans
    if holder is not None:  # the fence's code grows or shrinks by the edit; no inline span changes
        i = bisect_left(spans, (holder[1], holder[2]))
        return CodeLayout((*spans[:i], (holder[1], holder[2] + delta), *_moved(spans[i + 1 :], delta)), fences,
                          old.prose), None
    # Runs of backticks pair within a paragraph: only the edit's is read again.
    a = _blank_line_before(text, seg_start, start)
    found = _BLANK_LINE_RE.search(text, new_end, seg_end + delta)
    b = seg_end + delta if found is None else found.start()
    i = bisect_left(spans, (a, a))
    j = bisect_left(spans, (b - delta, b - delta), i)
    region = _inline_code(text, a, b)
    before = [_moved_over(span, start, end, delta) for span in spans[i:j]]
    layout = CodeLayout((*spans[:i], *region, *_moved(spans[j:], delta)), fences, old.prose)
    return layout, None if before == region else (a, b)


def _moved(spans: Sequence[tuple[int, int]], delta: int) -> list[tuple[int, int]]:
    return [(s + delta, e + delta) for s, e in spans] if delta else list(spans)


def _moved_over(span: tuple[int, int], start: int, end: int, delta: int) -> tuple[int, int] | None:
    """A span of the text before an edit of [start, end) by ``delta`` characters, in the text after
    it: one the edit lies in holds what it wrote; None for one it cuts."""
    s, e = span
    if e <= start:
        return span
    if s >= end:
        return s + delta, e + delta
    return (s, e + delta) if s < start and e >= end else None


def _blank_line_before(text: str, floor: int, at: int) -> int:
    """The end of the last blank line that ends at or before ``at`` and starts at or after ``floor``, else ``floor``."""
    window = 4096
    while True:
        lo = max(floor, at - window)
        last = None
        for last in _BLANK_LINE_RE.finditer(text, lo, at):
            pass
        if last is not None:
            return last.end()
        if lo == floor:
            return floor
        window *= 8


def _fenced_code(text: str, body: int) -> Iterator[tuple[int, int, int, int]]:
    """For each fenced block: where its opening line starts, where its code starts (past the opening
    run) and ends (at its closing line's start), and where its closing line ends (or the text's end
    for both, a fence left open)."""
    blocks = Blocks()
    line_end = body - 1
    opened = opened_line = 0
    # Only a line holding a block's mark opens or closes one: the walk visits those alone.
    for m in BLOCK_MARK_RE.finditer(text, body):
        if m.start() <= line_end:
            continue  # the line was read whole at its first mark
        # The line's start: past the last "\n" before the mark, or a rarer break after that.
        line_start = text.rfind("\n", line_end + 1, m.start()) + 1 or line_end + 1
        for brk in _RARE_BREAK_RE.finditer(text, line_start, m.start()):
            line_start = brk.end()
        brk = LINE_BREAK_RE.search(text, m.end())
        line_end = len(text) if brk is None else brk.start()
        indent = INDENT_RE.match(text, line_start).end()
        was_open = bool(blocks.fence)
        blocks.hides(text, line_start, indent, line_end)
        if not was_open and blocks.fence:
            opened_line, opened = line_start, indent + len(blocks.fence)
        elif was_open and not blocks.fence:
            yield opened_line, opened, line_start, line_end
    if blocks.fence:
        yield opened_line, opened, len(text), len(text)


def _inline_code(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Inline code spans of text[start:end]: a run of backticks, not escaped, opens one that the next
    run as long in its paragraph closes; a run that none closes is literal text (CommonMark)."""
    runs = [m.span() for m in _BACKTICKS_RE.finditer(text, start, end)]
    spans: list[tuple[int, int]] = []
    paragraph_end = -1
    i = 0
    while i < len(runs):
        s, e = runs[i]
        i += 1
        if s > 0 and text[s - 1] == "\\":
            continue
        if paragraph_end < e:
            blank = _BLANK_LINE_RE.search(text, e, end)
            paragraph_end = end if blank is None else blank.start()
        for j in range(i, len(runs)):
            cs, ce = runs[j]
            if cs >= paragraph_end:
                break
            if ce - cs == e - s:
                spans.append((e, cs))
                i = j + 1
                break
    return spans


def code_near_edit(text: str, start: int, new_end: int, removed: str) -> bool:
    """Whether an edit that wrote text[start:new_end] where ``removed`` stood may have changed the
    inline code spans of a text: it cut a backtick (the runs after it pair otherwise), or a
    backtick stands on its lines, or both before and after them in the paragraph they are in."""
    if "`" in removed:
        return True
    # Lines by their "\n" alone, as paragraphs are: a line with a rarer break in it is read whole.
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", new_end)
    line_end = len(text) if line_end < 0 else line_end
    if text.find("`", line_start, line_end) >= 0:
        return True
    # Else a span changes only where paragraphs that the edit joins or parts hold backticks both
    # before and after its lines.
    before = text.rfind("`", 0, line_start)
    if before < 0 or _BLANK_LINE_RE.search(text, before, line_start) is not None:
        return False
    after = text.find("`", line_end)
    return after >= 0 and _BLANK_LINE_RE.search(text, line_end, after + 1) is None


# What Markdown writes around the words it shows: an inline HTML tag, a link's target after its text
# and the bracket that opens the text, and a run of emphasis or code marks on a word's outer side
# (not the "_" inside "coverpage_link", nor a list's "* " or a product's " * ").
_INLINE_MARKUP_RE = re.compile(
    r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>\n]*)?/?>"
    r"|\]\([^()\s]*(?:\s+\"[^\"\n]*\")?\)"
    r"|\[(?=[^\[\]\n]*\]\()"
    r"|(?<![\w*_`])[*_`]+(?=[^\s*_`])"
    r"|(?<=[^\s*_`])[*_`]+(?![\w*_`])"
)


def inline_markup(text: str) -> list[tuple[int, int]]:
    """The stretches of a Markdown text that its reader does not see as words, in order: inline
    HTML tags, links' brackets and targets, and the runs of emphasis and code marks around words."""
    return [m.span() for m in _INLINE_MARKUP_RE.finditer(text)]


# How far a link's text may run either side of the words asked about: a link names a clause or a
# document in a few words, and a scan reads back over what an edit changes only this far.
LINK_TEXT_REACH = 256
# What follows a link's or an image's text: its destination, in angle brackets or without spaces,
# and an optional title ("](schedule-1.pdf)", '](<Schedule 1.pdf> "Schedule 1")'); a kilobyte of
# each at most, so what a citation reads stays within what an edit reads again (longdoc.rescan).
_DESTINATION_RE = re.compile(
    rb"""\]\((?:<([^<>\n]{0,1024})>|([^\s()<>]{0,1024}))(?:[ \t]*\n?[ \t]+(?:"[^"\n]{0,1024}"|'[^'\n]{0,1024}'))?[ \t]*\)""")
# A blank line in a byte view (`longdoc.definitions.byte_view`): a paragraph's end.
BLANK_LINE_BYTES_RE = re.compile(rb"\n[ \t\r]*\n")


# Where a link to a place in the text itself may be written: its destination a fragment, after a
# link's text ("](#definitions)") or a reference definition's label ("[defs]: #definitions"). The
# blanks before a definition's destination are bounded so that a scan from a little before a
# place finds every destination that starts there.
_FRAGMENT_RE = re.compile(rb"\]\(<?#|\]:[ \t]{0,32}<?#")
_FRAGMENT_LEAD = 40


def fragment_links(view: bytes, start: int, stop: int) -> Iterator[tuple[int, int]]:
    """The spans of the destinations that are fragments ("#definitions", '#' included) of inline
    links and images and of link reference definitions, that start in ``[start, stop)``, in order;
    ``view`` is a byte view of the text (`longdoc.definitions.byte_view`: code blanked)."""
    for m in _FRAGMENT_RE.finditer(view, max(0, start - _FRAGMENT_LEAD), stop):
        close = m.start()
        if view[close + 1] == 0x28:  # "(": an inline link's, if a bracket opened its text in its paragraph
            opening = view.rfind(b"[", max(0, close - LINK_TEXT_REACH), close)
            if (opening < 0 or view[opening - 1 : opening] == b"\\" or view.find(b"]", opening, close) >= 0
                    or BLANK_LINE_BYTES_RE.search(view, opening, close)):
                continue
            found = _DESTINATION_RE.match(view, close)
        else:
            line = view.rfind(b"\n", 0, close) + 1
            found = _REFERENCE_DEFINITION_RE.match(view, line)
        if found is None:
            continue
        span = found.span(1) if found.start(1) >= 0 else found.span(2)
        if span[0] == m.end() - 1 and start <= span[0] < stop:  # this "#" opens the destination
            yield span


# A link reference definition, a line of its own that shows nothing: '[sched]: schedule-1.pdf "Schedule 1"'.
_REFERENCE_DEFINITION_RE = re.compile(
    rb"""[ ]{0,3}\[[^\[\]\n]{1,%d}\]:[ \t]*(?:<([^<>\n]{0,1024})>|([^\s<>]{1,1024}))"""
    rb"""(?:[ \t]+(?:"[^"\n]{0,1024}"|'[^'\n]{0,1024}'))?[ \t]*\r?(?:\n|\Z)"""
    % LINK_TEXT_REACH)


def link_destination(view: bytes, start: int, end: int) -> tuple[int, int] | None:
    """The span of the destination of the inline link or image whose text holds view[start:end]
    ("[Schedule 1](schedule-1.pdf)", "![Exhibit B](plan.png)"), or of the link reference definition
    whose line does ('[sched]: schedule-1.pdf "Schedule 1"'); None when neither does."""
    # Both open with a bracket before the words: most citations have none near, and cost one search.
    opening = view.rfind(b"[", max(0, start - LINK_TEXT_REACH), start)
    if opening < 0:
        return None
    # A definition's bracket opens its line, up to three spaces in.
    line = view.rfind(b"\n", max(0, opening - 4), opening) + 1 or (0 if opening <= 3 else -1)
    if line >= 0:
        m = _REFERENCE_DEFINITION_RE.match(view, line)
        if m is not None and m.end() >= end:
            return m.span(1) if m.start(1) >= 0 else m.span(2)
    if view.find(b"]", opening, start) >= 0 or view[opening - 1 : opening] == b"\\":
        return None  # the bracket closes before the words, or is escaped: "\\[" is a bracket shown
    close = view.find(b"]", end, end + LINK_TEXT_REACH)
    if close < 0 or view.find(b"[", end, close) >= 0:
        return None
    m = _DESTINATION_RE.match(view, close)
    if m is None:
        return None
    if BLANK_LINE_BYTES_RE.search(view, opening, close) is not None:
        return None  # a link's text stays in its paragraph
    return m.span(1) if m.start(1) >= 0 else m.span(2)
