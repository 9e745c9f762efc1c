"""Markdown's code in contract intelligence: what a fenced block or an inline code span holds is
quoted, not drafted, so it defines no term, cites no part and uses no defined term; the outline and
search still read it. Edits that open or close code equal a fresh scan."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longdoc import LongDocument
from longdoc.definitions import byte_view, find_definitions, view_after_edit
from longdoc.markdown import BLOCK_MARK_RE, code_layout, code_layout_after_edit, code_spans
from edits import versions_asked, view_patched_as_fresh

API_AGREEMENT = '''# Developer API Agreement

## 1. Definitions

1.1 "API Key" means the credential issued to Developer under Section 2.2.

1.2 "Platform" means the services described in Exhibit A.

## 2. Access

2.1 Developer may call the Platform only with its API Key.

2.2 The Company issues one API Key per application.

## Exhibit A – Calling the Platform

Send the API Key in the `Authorization` header. A request for a retired version answers
`410 Gone: see Section 9 of the Migration Guide`, and a malformed one answers:

```json
{"error": "Section 14 is not a valid scope",
 "hint": "\\"Scope\\" means one of read, write"}
```

Quotas reset each Billing Day, as `GET /v2/quota` reports.
'''


def spans(text: str) -> list[str]:
    return [text[s:e] for s, e in code_spans(text)]


def cited(text: str) -> list[str]:
    return [text[r.start : r.end] for r in LongDocument(text).references]


def test_a_fenced_blocks_info_string_and_lines_are_code_up_to_its_closing_line() -> None:
    assert spans("# Use\n\n```json\n{}\n```\nText.\n") == ["json\n{}\n"]


def test_a_fence_of_four_backticks_holds_a_line_of_three() -> None:
    assert spans("# Use\n\n````\n```\nx\n````\n") == ["\n```\nx\n"]


def test_a_fence_left_open_holds_the_rest_of_the_text() -> None:
    assert spans("# Use\n\n~~~\nx\n\ny\n") == ["\nx\n\ny\n"]


def test_a_fences_runs_of_backticks_open_no_inline_span_with_those_of_the_prose_around() -> None:
    assert spans("# Use\n\nSee ```\n```\nx\n```\nthen ``` here.\n") == ["\nx\n"]


def test_a_fence_is_read_in_a_text_whose_lines_end_in_carriage_returns() -> None:
    assert spans("# Use\r\rSee ```\r```sh\rrun\r```\rDone.\r") == ["sh\rrun\r"]


def test_a_fence_inside_an_html_comment_opens_no_code() -> None:
    assert spans("# Use\n\n<!--\n```\n-->\nSection 4 applies.\n") == []


def test_an_inline_span_closes_at_the_next_run_of_as_many_backticks() -> None:
    assert spans("# Use\n\nA ``x ` y`` and `z`.\n") == ["x ` y", "z"]


def test_a_run_no_run_closes_is_text_and_the_runs_after_it_still_open_spans() -> None:
    assert spans("# Use\n\nA `` alone, then `code`.\n") == ["code"]


def test_an_inline_span_runs_over_a_line_break_but_not_a_blank_line() -> None:
    text = "# Use\n\nSend `GET\n/v2` now.\n\nA ` alone.\n\nThen ` again.\n"
    assert spans(text) == ["GET\n/v2"]


def test_an_escaped_backtick_opens_no_span() -> None:
    assert spans("# Use\n\nA \\`tick and `code`.\n") == ["code"]


def test_front_matter_holds_no_code() -> None:
    assert spans("---\ntitle: `x`\n---\n# Use\n") == []


def test_a_citation_in_inline_code_or_a_fenced_block_is_no_reference() -> None:
    assert cited(API_AGREEMENT) == ["Section 2.2", "Exhibit A"]


def test_a_definition_in_a_fenced_block_is_no_definition() -> None:
    assert [d.term for d in find_definitions(API_AGREEMENT)] == ["API Key", "Platform"]


def test_a_defined_term_in_inline_code_is_no_use() -> None:
    doc = LongDocument(API_AGREEMENT.replace("`Authorization` header", "`API Key` header"))
    in_code = doc.text.index("`API Key`") + 1
    assert in_code not in {u.start for u in doc.uses("API Key")}
    assert len(doc.uses("API Key")) == 3


def test_the_diagnostics_read_no_code() -> None:
    codes = [(d.code, API_AGREEMENT[d.start : d.end]) for d in LongDocument(API_AGREEMENT).diagnostics()]
    assert codes == [("undefined-term", "Billing Day")]


def test_the_outline_and_search_still_read_what_code_holds() -> None:
    doc = LongDocument(API_AGREEMENT)
    best, _ = doc.select("410 Gone retired version", k=1)[0]
    assert "410 Gone" in doc.text[best.start : best.end]


def test_a_plain_text_reads_its_backticks_as_text() -> None:
    # Not Markdown (no "#" heading): a backtick there is a typist's quote, not code.
    assert cited("1. Scope. See `Section 2`.\n\n2. Term. One year.\n") == ["Section 2"]


def test_the_view_blanks_code_and_keeps_its_marks_and_line_breaks() -> None:
    text = "# Use\n\nSee `Section 9`.\n```\n\"X\" means y\n```\n"
    assert byte_view(text) == b"# Use\n\nSee `         `.\n```\n           \n```\n"


CODE_PIECES = st.sampled_from(["`", "``", "```\n", "~~~\n", "\n", "\n\n", " ", "x", "# T\n", "\\", "<!--\n", "-->\n",
                               '"Fee" means money. ', "Section 2 ", "'", "**"])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(CODE_PIECES, max_size=30).map("".join), st.integers(0, 300), st.integers(0, 8),
       st.lists(CODE_PIECES, max_size=4).map("".join))
def test_the_view_after_an_edit_equals_the_view_of_the_new_text(text: str, at: int, length: int, new: str) -> None:
    view_patched_as_fresh(text, at, length, new)


def test_the_view_after_the_last_fence_is_cut_reads_what_it_held_far_below() -> None:
    text = "# Use\n\n```\n" + "step\n" * 100 + '"Fee" means money.\n'
    at = text.index("```")
    after = text[:at] + text[at + 3 :]
    assert view_after_edit(byte_view(text), after, at, at + 3, 0) == byte_view(after)


def test_the_view_after_a_fence_is_typed_blanks_what_it_holds_far_below() -> None:
    text = "# Use\n\n" + "step\n" * 100 + '"Fee" means money.\n'
    at = text.index("step")
    after = text[:at] + "```\n" + text[at:]
    assert view_after_edit(byte_view(text), after, at, at, 4) == byte_view(after)


def test_the_view_after_a_tilde_typed_beside_two_makes_a_fence_blanks_what_it_holds_far_below() -> None:
    text = "# Use\n\n~~\n" + "step\n" * 100 + '"Fee" means money.\n'
    at = text.index("~~") + 2
    after = text[:at] + "~" + text[at:]
    assert view_after_edit(byte_view(text), after, at, at, 1) == byte_view(after)


# Fragments that open, close and move code, beside definitions, citations and uses it may hide.
EDIT_PIECES = st.sampled_from(["`", "``", "```\n", "\n```\n", "~~~\n", "\n", "\n\n", " ", "x", "\\", "API Key ",
                               '"Quota" means the calls allowed. ', "Section 2.1 ", "Section 9 ", "the Quota ",
                               "Billing Day ", "\n## 3. Fees\n"])


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 0.05), st.lists(EDIT_PIECES, max_size=3).map("".join),
                          st.booleans()), min_size=1, max_size=6))
def test_definitions_references_and_diagnostics_after_edits_of_code_equal_a_fresh_scan(
        edits: list[tuple[float, float, str, bool]]) -> None:
    for doc, fresh in versions_asked(LongDocument(API_AGREEMENT), edits):
        assert (doc.definitions, doc.references, doc.diagnostics()) == (
            fresh.definitions, fresh.references, fresh.diagnostics())
        assert doc.uses("API Key") == fresh.uses("API Key")
        assert doc.code_spans == fresh.code_spans


def test_a_backtick_cut_from_a_heading_pairs_the_runs_after_it_otherwise_as_a_fresh_scan_does() -> None:
    # The heading's run had paired with the next line's, leaving "Migration Guide`" unpaired.
    for doc, fresh in versions_asked(LongDocument(API_AGREEMENT), [(0.5, 0.0625, "", True)] * 2):
        assert doc.diagnostics() == fresh.diagnostics()
    assert "Migration Guide" not in {doc.text[d.start : d.end] for d in doc.diagnostics()}


# A schedule long enough that an edit at one end reads the other end again only when it must.
SCHEDULE = "\n".join([f"line {i} of the schedule, in plain words." for i in range(400)]
                     + ["The Fees follow Section 9 and the Migration Guide."]
                     + [f"line {i} of the schedule, in plain words." for i in range(400, 2000)])
SPEC = "# Fee Schedule\n\n## 9. Fees\n\nFees fall due monthly.\n\n"


def found_after(text: str, at: int, end: int, new: str) -> None:
    doc = LongDocument(text)
    doc.definitions, doc.references, doc.diagnostics()
    after, fresh = doc.edit(at, end, new), LongDocument(text[:at] + new + text[end:])
    assert (after.definitions, after.references, after.diagnostics()) == (
        fresh.definitions, fresh.references, fresh.diagnostics())


def test_a_backtick_typed_that_opens_a_span_over_a_long_paragraph_hides_what_it_holds_as_a_fresh_scan_does() -> None:
    text = SPEC + "Opening\n" + SCHEDULE + "\nclosing ` here.\n"
    at = text.index("Opening") + len("Opening")
    found_after(text, at, at, " `")
    assert LongDocument(text[:at] + " `" + text[at:]).references == []


def test_a_blank_line_cut_below_an_open_backtick_joins_it_to_a_long_paragraph_as_a_fresh_scan_does() -> None:
    text = SPEC + "Lead `open\nline two\n\nline three\n" + SCHEDULE + "\nclosing ` here.\n"
    at = text.index("\n\nline three") + 1
    found_after(text, at, at + 1, "")


def test_a_blank_line_typed_in_a_long_span_parts_it_and_what_it_held_is_read_as_a_fresh_scan_does() -> None:
    text = SPEC + "Opening ` here\n" + SCHEDULE + "\nclosing ` here.\n"
    at = text.index("line 1500 ")
    found_after(text, at, at, "\n\n")
    assert len(LongDocument(text[:at] + "\n\n" + text[at:]).references) == 1


def coded(spans, length: int) -> list[bool]:
    """Whether each character of a text of ``length`` characters is code."""
    out = [False] * length
    for s, e in spans:
        out[s:e] = [True] * (e - s)
    return out


def marks_on_lines(text: str, start: int, end: int) -> bool:
    """Whether the lines that [start, end] meets, or the line break before them, hold a block's mark."""
    line_end = text.find("\n", end)
    return BLOCK_MARK_RE.search(text, max(0, text.rfind("\n", 0, start)), len(text) if line_end < 0 else line_end) is not None


LAYOUT_PIECES = st.sampled_from(["`", "``", "```\n", "~~~\n", "\n", "\n\n", "\n \n", " ", "x", "\\", "# T\n", "<!--\n",
                                 "-->\n", "---\n", "a `b` c", "    "])


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(LAYOUT_PIECES, max_size=30).map("".join), st.floats(0, 1), st.integers(0, 6),
       st.lists(LAYOUT_PIECES, max_size=3).map("".join))
def test_the_code_after_an_edit_that_leaves_the_blocks_marks_is_told_from_the_code_before(
        body: str, where: float, length: int, new: str) -> None:
    text = "# Use\n\n" + body
    start = 7 + int(where * len(body))
    end = min(len(text), start + length)
    after = text[:start] + new + text[end:]
    if marks_on_lines(text, start, end) or marks_on_lines(after, start, start + len(new)):
        return  # an edit of a block's line: the whole is read again, as the document does
    derived = code_layout_after_edit(code_layout(text), after, start, end, len(new))
    if derived is None:
        return
    layout, changed = derived
    assert layout == code_layout(after)
    was, now = coded(code_layout(text).spans, len(text)), coded(layout.spans, len(after))
    moved = was[:start] + [None] * len(new) + was[end:]
    differs = [i for i, (a, b) in enumerate(zip(moved, now)) if a is not None and a != b]
    if changed is None:
        assert differs == []
    else:
        assert all(changed[0] <= i < changed[1] for i in differs)


def test_typing_in_a_fenced_block_or_beside_inline_code_changes_no_code_beyond_the_edit() -> None:
    text = API_AGREEMENT
    at = text.index('"Section 14')
    layout, changed = code_layout_after_edit(code_layout(text), text[:at] + "x" + text[at:], at, at, 1)
    assert changed is None and layout == code_layout(text[:at] + "x" + text[at:])
    at = text.index("header.")
    layout, changed = code_layout_after_edit(code_layout(text), text[:at] + "x" + text[at:], at, at, 1)
    assert changed is None


def test_a_backtick_typed_in_a_paragraph_pairs_its_runs_otherwise_to_the_paragraphs_end() -> None:
    text = API_AGREEMENT
    at = text.index("header.")
    after = text[:at] + "`" + text[at:]
    layout, changed = code_layout_after_edit(code_layout(text), after, at, at, 1)
    assert layout == code_layout(after)
    assert changed == (text.index("Send the API Key"), after.index("\n\n```json"))


def test_a_backtick_typed_at_the_head_of_a_long_paragraph_frees_a_citation_at_its_far_end() -> None:
    # The runs around "Section 1" paired; the new run pairs with the first of them, leaving the
    # citation 40,000 characters below the edit in prose.
    text = ("# Spec\n\n## 1. Scope\n\nText.\n\n## 2. Notes\n\nIntro " + "word " * 8000
            + "and ` then Section 1 ` done.\n")
    doc = LongDocument(text)
    assert "Section 1" not in [text[r.start : r.end] for r in doc.references]
    at = text.index("Intro")
    edited = doc.edit(at, at, "`")
    fresh = LongDocument(edited.text)
    assert "Section 1" in [edited.text[r.start : r.end] for r in fresh.references]
    assert (edited.references, edited.code_spans) == (fresh.references, fresh.code_spans)


def test_typing_in_a_fenced_block_of_a_long_runbook_keeps_the_documents_findings_as_a_fresh_build() -> None:
    steps = "".join(f"## {i}. Step\n\nRun `check {i}` as Section {i + 1} says.\n\n```sh\necho {i}\n```\n\n"
                    for i in range(1, 60))
    doc = LongDocument("# Runbook\n\n" + steps)
    doc.definitions, doc.references, doc.diagnostics()
    at = doc.text.index("echo 30")
    edited = doc.edit(at, at, '"Operator" means the on-call engineer. ')
    fresh = LongDocument(edited.text)
    assert (edited.definitions, edited.references, edited.diagnostics(), edited.code_spans) == (
        fresh.definitions, fresh.references, fresh.diagnostics(), fresh.code_spans)
    assert edited.definitions == [], "what a fence holds defines nothing"


def test_cutting_the_first_character_of_a_comments_mark_shows_the_fence_it_hid() -> None:
    text = '# Use\n\nIntro.\n<!--\n```\n-->\n"Fee" means money.\n'
    doc = LongDocument(text)
    assert [d.term for d in doc.definitions] == ["Fee"]
    at = text.index("<!--")
    edited = doc.edit(at, at + 1, "x")  # "x!--": no comment; the fence it held opens, left open
    fresh = LongDocument(edited.text)
    assert (edited.code_spans, edited.definitions) == (fresh.code_spans, fresh.definitions)
    assert edited.definitions == []


def test_text_written_at_the_end_of_a_fence_left_open_is_code() -> None:
    text = "# Use\n\n~~~\nstep\n"
    doc = LongDocument(text)
    doc.definitions
    edited = doc.edit(len(text), len(text), '"Quota" means the calls allowed. ')
    assert (edited.code_spans, edited.definitions) == (LongDocument(edited.text).code_spans, [])


def test_a_fence_left_open_grows_by_what_is_written_at_the_texts_end() -> None:
    text = "# Use\n\n```\nstep\n"
    after = text + "`"
    assert code_layout_after_edit(code_layout(text), after, len(text), len(text), 1) == (code_layout(after), None)
