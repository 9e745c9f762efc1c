"""locate() and ProvenanceTracker: quotes resolve to exact document offsets.

Real quotes are CUAD's gold clause spans, used verbatim and perturbed the way extraction tools and
language models perturb them (reflowed whitespace, typographic quotes, case, a few typos).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from longdoc.markdown import inline_markup
from longdoc.provenance import (
    ChunkRecord,
    LegalDocument,
    ProvenanceTracker,
    SourceSpan,
    fold,
    locate,
)

CUAD = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "cuad"
MUTUAL_NDA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "unlabeled" / "commonpaper__Mutual-NDA.md"


def _require(path: Path) -> Path:
    assert path.exists(), f"shared test data missing: {path.resolve()}"
    return path


@lru_cache(maxsize=None)
def contract(name: str) -> str:
    with open(_require(CUAD / "contracts" / name), encoding="utf-8", newline="") as f:
        return f.read()


@lru_cache(maxsize=1)
def gold_quotes() -> tuple[tuple[str, int, int], ...]:
    """(contract, start, end) of unambiguous CUAD gold spans of 60 to 600 characters, a fixed
    sample across many contracts."""
    rows = [json.loads(line) for line in _require(CUAD / "qa.jsonl").open(encoding="utf-8")]
    spans = [
        (row["contract"], a, b)
        for row in rows
        if not row["ambiguous"]
        for a, b in row["spans"]
        if 60 <= b - a <= 600
    ]
    return tuple(random.Random(3).sample(spans, 40))


def gold_cases() -> list[tuple[str, int, int]]:
    return list(gold_quotes())


def first_counterpart(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the first occurrence of its words up to whitespace and case,
    so that "the first occurrence wins" cannot move the answer elsewhere."""
    words = [re.escape(w) for w in fold(text[start:end]).split()]
    m = re.search(r"\s+".join(words), fold(text))
    return m is not None and m.start() == start


def reflow(quote: str, rng: random.Random) -> str:
    return "".join(w + rng.choice([" ", "\n", "  ", "\n    "]) for w in quote.split()).rstrip()


def typos(quote: str, rng: random.Random, n: int = 3) -> str:
    chars = list(quote)
    letters = [i for i, c in enumerate(chars) if c.isalpha()]
    # Letters away from both ends: a typo on a quote's first or last letter makes the edge
    # genuinely ambiguous.
    for i in rng.sample(letters[2:-2], n):
        chars[i] = "x" if chars[i].lower() != "x" else "q"
    return "".join(chars)


def curl(quote: str) -> str:
    return quote.replace('"', "\u201c").replace("'", "\u2019").replace(" - ", " \u2013 ")


# -- locate() on real contracts ------------------------------------------------------------------


@pytest.mark.parametrize("name,start,end", gold_cases())
def test_verbatim_gold_quote_is_found_exactly_at_its_offsets(name: str, start: int, end: int) -> None:
    text = contract(name)
    span = locate(text, text[start:end])
    assert span is not None
    assert (span.char_start, span.char_end) == (start, end)
    assert (span.method, span.similarity) == ("exact", 1.0)


@pytest.mark.parametrize("name,start,end", gold_cases())
def test_reflowed_gold_quote_maps_back_to_its_true_offsets(name: str, start: int, end: int) -> None:
    text = contract(name)
    if not first_counterpart(text, start, end):
        pytest.fail(f"sample includes a repeated passage: {name} {start}-{end}")
    quote = reflow(text[start:end].strip(), random.Random(start))
    span = locate(text, quote)
    lead = len(text[start:end]) - len(text[start:end].lstrip())
    trail = len(text[start:end]) - len(text[start:end].rstrip())
    assert span is not None
    assert (span.char_start, span.char_end) == (start + lead, end - trail)
    assert span.text == text[start + lead : end - trail]
    assert span.similarity == 1.0
    assert span.method in {"exact", "normalized"}


@pytest.mark.parametrize("name,start,end", gold_cases())
def test_gold_quote_with_typos_reflow_and_curly_quotes_is_found_at_its_offsets(
    name: str, start: int, end: int
) -> None:
    text = contract(name)
    core = text[start:end].strip()
    lead = text[start:end].index(core)
    rng = random.Random(end)
    quote = typos(curl(reflow(core, rng)), rng)
    span = locate(text, quote)
    assert span is not None, f"not found: {quote!r}"
    assert (span.char_start, span.char_end) == (start + lead, start + lead + len(core))
    assert span.method == "fuzzy"
    assert 0.85 <= span.similarity < 1.0


def test_curly_quotes_dashes_and_case_are_normalized_not_fuzzy() -> None:
    text = contract(gold_quotes()[0][0])
    start = text.index('"')
    end = start + 120
    while text[end - 1].isalnum() and text[end].isalnum():
        end += 1
    quote = curl(text[start:end]).upper()
    span = locate(text, quote)
    assert span is not None
    assert (span.char_start, span.char_end, span.method) == (start, end, "normalized")


def mutual_nda() -> str:
    return _require(MUTUAL_NDA).read_text(encoding="utf-8")


def as_seen(markdown: str) -> str:
    """What a reader of the rendered Markdown sees: its inline marks left out."""
    spans = [(0, 0), *inline_markup(markdown), (len(markdown), len(markdown))]
    return "".join(markdown[a:b] for (_, a), (b, _) in zip(spans, spans[1:]))


def found_at(text: str, quote: str, written: str, method: str) -> None:
    """``quote`` resolves, by ``method``, to where ``written`` stands in ``text``."""
    start = text.index(written)
    span = locate(text, quote)
    assert span is not None
    assert (span.char_start, span.char_end, span.method) == (start, start + len(written), method)


def test_a_quote_of_rendered_markdown_maps_to_the_span_that_holds_its_marks() -> None:
    found_at(mutual_nda(), 'the receiving party ("Receiving Party") as "confidential", "proprietary", or the like',
             "the receiving party (“**Receiving Party**”) as “confidential”, “proprietary”, or the like", "normalized")


def test_a_quote_over_inline_html_is_found_at_the_words_around_the_tags() -> None:
    found_at(mutual_nda(), "in connection with the Purpose which (1) the Disclosing Party identifies",
             'in connection with the <span class="coverpage_link">Purpose</span> which (1) the Disclosing Party identifies',
             "normalized")


def test_a_quote_copied_with_its_markdown_marks_is_found_exactly() -> None:
    found_at(mutual_nda(), "(“**MNDA**”)", "(“**MNDA**”)", "exact")


def test_a_quote_copied_with_its_marks_and_reflowed_is_normalized() -> None:
    found_at(mutual_nda(), "(“**MNDA**”)\nallows  each party", "(“**MNDA**”) allows each party", "normalized")


def test_a_plain_texts_underscores_and_stars_are_its_own_words() -> None:
    # A form's blank to fill in is no Markdown emphasis: a quote ending in one ends with it.
    found_at(contract("CHANGEPOINTCORP_03_08_2000-EX-10.6-LICENSE AND HOSTING AGREEMENT.txt"),
             "product  manager shall be:______________________", "product manager shall be:______________________",
             "normalized")


def test_each_rendered_sentence_of_a_markdown_contract_maps_back_to_its_own_words() -> None:
    text = mutual_nda()
    sentences = [m.span() for m in re.finditer(r"[A-Z][^.\n]{40,300}\.", text)]
    assert len(sentences) > 30
    for start, end in sentences[::3]:
        seen = as_seen(text[start:end])
        span = locate(text, seen)
        assert span is not None and as_seen(span.text) == seen, seen


def test_a_quote_of_one_of_several_near_identical_clauses_resolves_to_that_clause() -> None:
    # The grant clause is repeated for copyrights, patents and other rights, word for word
    # except the kind of right: the typos must not pull the quote to the first repetition.
    text = contract("ARMSTRONGFLOORING,INC_01_07_2019-EX-10.2-INTELLECTUAL PROPERTY AGREEMENT.txt")
    clause = (
        "Subject to the terms and conditions of this Agreement, Arizona hereby grants to the "
        "Company a perpetual, non-exclusive, royalty-free license in, to and under the Arizona "
        "Licensed Patents for use in the Company Field throughout the world."
    )
    start = text.index(clause)
    copyrights = clause.replace("Patents", "Copyrights").replace("non-exclusive", "non- exclusive")
    assert text.index(copyrights) < start
    quote = clause.replace("perpetual", "perpetaul").replace("royalty", "royalfy")
    span = locate(text, quote)
    assert span is not None
    assert (span.char_start, span.char_end, span.method) == (start, start + len(clause), "fuzzy")


def test_a_passage_that_is_not_in_the_contract_is_not_found() -> None:
    text = contract(gold_quotes()[0][0])
    quote = "The quick brown fox jumps over the lazy dog while the committee deliberates."
    assert locate(text, quote) is None


def test_a_span_below_the_threshold_is_rejected_and_accepted_under_a_lower_one() -> None:
    name, start, end = gold_quotes()[1]
    text = contract(name)
    core = text[start:end].strip()
    quote = typos(core, random.Random(5), n=max(3, len(core) // 6))
    assert locate(text, quote) is None
    span = locate(text, quote, similarity_threshold=0.5)
    assert span is not None and span.similarity < 0.85


def test_a_typo_on_the_first_word_still_covers_the_whole_counterpart() -> None:
    text = "Preamble text here. Termination for convenience requires ninety days notice. End."
    span = locate(text, "Terminatxon for convenience requires ninety days notice.")
    assert span is not None
    assert span.text == "Termination for convenience requires ninety days notice."


def test_the_first_of_two_equal_occurrences_wins() -> None:
    clause = "The Supplier shall indemnify the Customer against all third party claims."
    text = f"Intro.\n{clause}\nMiddle part of the agreement.\n{clause}\n"
    exact = locate(text, clause)
    fuzzy = locate(text, clause.replace("indemnify", "indemnfy"))
    assert exact is not None and fuzzy is not None
    assert exact.char_start == fuzzy.char_start == text.index(clause)


def test_a_quote_of_only_very_common_words_is_still_found() -> None:
    text = "The buyer shall pay the fee. " * 2100 + "Then the buyer shall pay the fee twice over."
    start = text.index("Then")
    exact = locate(text, "the buyer shall pay the fee twice")
    normalized = locate(text, "THE  buyer shall\npay the fee twice")
    assert exact is not None and normalized is not None
    assert (exact.char_start, exact.method) == (start + 5, "exact")
    assert (normalized.char_start, normalized.char_end, normalized.method) == (
        start + 5,
        start + 5 + len("the buyer shall pay the fee twice"),
        "normalized",
    )


# -- properties ----------------------------------------------------------------------------------

WORDS = st.sampled_from(
    "agreement party shall notice term termination licensor licensee fee royalty section "
    "confidential information audit warranty Delaware indemnify".split()
)
SEPARATORS = st.sampled_from([" ", "  ", "\n", "\n\n", " \t", ", ", ". "])


@st.composite
def texts_with_passage(draw: st.DrawFn) -> tuple[str, int, int]:
    """A text of dictionary words and a passage of it that runs from a word start to a word end."""
    words = draw(st.lists(WORDS, min_size=4, max_size=60))
    seps = draw(st.lists(SEPARATORS, min_size=len(words), max_size=len(words)))
    pieces, starts, ends, pos = [], [], [], 0
    for w, s in zip(words, seps):
        starts.append(pos)
        ends.append(pos + len(w))
        pieces.append(w + s)
        pos += len(w) + len(s)
    text = "".join(pieces)
    i = draw(st.integers(0, len(words) - 1))
    j = draw(st.integers(i, len(words) - 1))
    return text, starts[i], ends[j]


@settings(max_examples=150, deadline=None)
@given(texts_with_passage())
def test_any_substring_is_found_exactly_at_its_first_occurrence(case: tuple[str, int, int]) -> None:
    text, start, end = case
    quote = text[start:end]
    span = locate(text, quote)
    assert span is not None
    assert (span.char_start, span.char_end, span.method) == (
        text.find(quote),
        text.find(quote) + len(quote),
        "exact",
    )


@settings(max_examples=150, deadline=None)
@given(texts_with_passage(), st.randoms(use_true_random=False))
def test_a_reflowed_upper_cased_passage_maps_to_a_span_equal_up_to_normalization(
    case: tuple[str, int, int], rng: random.Random
) -> None:
    text, start, end = case
    quote = reflow(text[start:end], rng).upper()
    span = locate(text, quote)
    assert span is not None
    assert span.similarity == 1.0
    assert span.text == text[span.char_start : span.char_end]
    assert " ".join(fold(span.text).split()) == " ".join(fold(quote).split())
    assert span.char_start <= start


def levenshtein(a: str, b: str) -> int:
    """Textbook dynamic programme: the oracle for similarity figures."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def normalized(text: str) -> str:
    return " ".join(fold(text).split())


@settings(max_examples=150, deadline=None)
@given(texts_with_passage(), st.randoms(use_true_random=False))
def test_a_fuzzy_span_is_whole_words_and_its_similarity_is_its_true_edit_similarity(
    case: tuple[str, int, int], rng: random.Random
) -> None:
    text, start, end = case
    passage = text[start:end]
    assume(len(passage.split()) >= 3)  # some word of the quote is left intact to find it by
    letters = [i for i, c in enumerate(passage) if c.isalpha()]
    chars = list(passage)
    for i in rng.sample(letters, min(len(letters), 1 + len(passage) // 40)):
        chars[i] = "#"
    quote = "".join(chars)
    span = locate(text, quote, similarity_threshold=0.5)
    assert span is not None
    assert span.text == text[span.char_start : span.char_end]
    for cut in (span.char_start, span.char_end):
        assert not (0 < cut < len(text) and text[cut - 1].isalnum() and text[cut].isalnum())
    q, found = normalized(quote), normalized(span.text)
    assert span.similarity == pytest.approx(1 - levenshtein(q, found) / max(len(q), len(found)))


@given(st.text())
def test_folding_keeps_every_offset(text: str) -> None:
    assert len(fold(text)) == len(text)


# -- bad input -----------------------------------------------------------------------------------


def test_text_that_is_not_str_is_a_type_error_naming_text() -> None:
    with pytest.raises(TypeError, match="text"):
        locate(b"bytes", "quote")  # type: ignore[arg-type]


def test_quote_that_is_not_str_is_a_type_error_naming_quote() -> None:
    with pytest.raises(TypeError, match="quote"):
        locate("some text", None)  # type: ignore[arg-type]


@pytest.mark.parametrize("quote", ["", "   \n\t"])
def test_a_blank_quote_is_a_value_error_naming_quote(quote: str) -> None:
    with pytest.raises(ValueError, match="quote"):
        locate("some text", quote)


@pytest.mark.parametrize("threshold", [0, -0.1, 1.01])
def test_a_threshold_outside_zero_one_is_a_value_error_naming_it(threshold: float) -> None:
    with pytest.raises(ValueError, match="similarity_threshold"):
        locate("some text", "text", similarity_threshold=threshold)
    with pytest.raises(ValueError, match="similarity_threshold"):
        ProvenanceTracker(similarity_threshold=threshold)


# -- ProvenanceTracker ---------------------------------------------------------------------------

SOURCE = (
    "1. Definitions. Terms have the meanings below.\n"
    "2. Term. This Agreement lasts three years.\n"
    "3. Termination. Either party may terminate on 30 days' notice.\n"
)


def test_overlapping_chunks_are_placed_where_they_occur_in_the_source_text() -> None:
    tracker = ProvenanceTracker(source_url="file:///a.txt")
    chunks = [SOURCE[0:60], SOURCE[40:110], SOURCE[100:]]
    records = tracker.register_chunks(chunks, source_text=SOURCE)
    assert [(r.char_start, r.char_end) for r in records] == [(0, 60), (40, 110), (100, len(SOURCE))]
    assert all(SOURCE[r.char_start : r.char_end] == r.text for r in records)


def test_a_chunk_missing_from_the_source_text_is_a_value_error_and_registers_nothing() -> None:
    tracker = ProvenanceTracker()
    with pytest.raises(ValueError, match="chunks\\[1\\]"):
        tracker.register_chunks([SOURCE[:20], "not in the text"], source_text=SOURCE)
    assert tracker.chunks == ()


def test_without_source_text_chunks_are_assumed_one_character_apart() -> None:
    tracker = ProvenanceTracker()
    records = tracker.register_chunks(["abc", "defg", "hi"])
    assert [(r.char_start, r.char_end) for r in records] == [(0, 3), (4, 8), (9, 11)]


def test_chunk_ids_are_stable_and_hashes_are_sha256_of_the_text() -> None:
    first = ProvenanceTracker().register_chunks(["alpha", "beta"])
    again = ProvenanceTracker().register_chunks(["alpha", "beta"])
    assert [r.chunk_id for r in first] == [r.chunk_id for r in again]
    assert len({r.chunk_id for r in first}) == 2
    assert first[1].content_hash == hashlib.sha256(b"beta").hexdigest()


def test_pages_come_from_the_page_map_and_url_from_the_tracker_unless_given() -> None:
    tracker = ProvenanceTracker(source_url="file:///default.pdf")
    records = tracker.register_chunks(["a", "b"], page_map={0: 1, 1: 2})
    extra = tracker.register_chunk("c", source_url="file:///other.pdf", page=7)
    assert [(r.page, r.source_url) for r in (*records, extra)] == [
        (1, "file:///default.pdf"),
        (2, "file:///default.pdf"),
        (7, "file:///other.pdf"),
    ]


def test_find_span_gives_document_offsets_and_the_chunk_holding_them() -> None:
    tracker = ProvenanceTracker(source_url="file:///a.txt")
    records = tracker.register_chunks(
        [SOURCE[0:60], SOURCE[40:110], SOURCE[100:]], page_map=[1, 1, 2], source_text=SOURCE
    )
    span = tracker.find_span("Either  party may\nterminate on 30 days\u2019 notice")
    assert isinstance(span, SourceSpan)
    start = SOURCE.index("Either party")
    expected = "Either party may terminate on 30 days' notice"
    assert (span.char_start, span.char_end) == (start, start + len(expected))
    assert (span.chunk_id, span.page, span.source_url) == (records[2].chunk_id, 2, "file:///a.txt")


def test_find_span_on_real_contract_chunks_finds_a_perturbed_gold_quote() -> None:
    name, start, end = gold_quotes()[2]
    text = contract(name)
    chunks = [text[i : i + 2000] for i in range(0, len(text), 1800)]
    tracker = ProvenanceTracker()
    tracker.register_chunks(chunks, source_text=text)
    core = text[start:end].strip()
    span = tracker.find_span(typos(core, random.Random(1)))
    assert span is not None
    assert span.char_start == start + text[start:end].index(core)
    chunk = tracker.get_chunk(span.chunk_id)
    assert isinstance(chunk, ChunkRecord)
    assert chunk.char_start <= span.char_start < chunk.char_end


def test_annotate_records_the_value_and_its_span_and_keeps_a_value_without_one() -> None:
    tracker = ProvenanceTracker()
    tracker.register_chunks([SOURCE], source_text=SOURCE)
    document = LegalDocument()
    assert tracker.annotate(document, "term", "This Agreement lasts three years.") is True
    assert tracker.annotate(document, "law", "Governed by the laws of Mars.") is False
    assert document.extracted_fields == {
        "term": "This Agreement lasts three years.",
        "law": "Governed by the laws of Mars.",
    }
    assert set(document.provenance) == {"term"}
    assert tracker.coverage(document) == {
        "fields_with_provenance": 1,
        "total_fields": 2,
        "coverage_ratio": 0.5,
    }


def test_annotate_all_reports_every_field() -> None:
    tracker = ProvenanceTracker()
    tracker.register_chunks([SOURCE], source_text=SOURCE)
    document = LegalDocument(extracted_fields={"a": "1. Definitions.", "b": "nowhere at all here"})
    assert tracker.annotate_all(document) == {"a": True, "b": False}


def test_clear_forgets_chunks_and_source_text() -> None:
    tracker = ProvenanceTracker()
    record = tracker.register_chunks([SOURCE[:30]], source_text=SOURCE)[0]
    tracker.clear()
    assert tracker.chunks == () and tracker.get_chunk(record.chunk_id) is None
    tracker.register_chunks(["other text"], source_text="some other text")
    assert tracker.chunks[0].char_start == 5


def test_a_different_source_text_without_clear_is_a_value_error() -> None:
    tracker = ProvenanceTracker()
    tracker.register_chunks([SOURCE[:30]], source_text=SOURCE)
    with pytest.raises(ValueError, match="source_text"):
        tracker.register_chunks(["x"], source_text="x")


def test_chunks_that_are_not_strings_are_a_type_error_naming_them() -> None:
    with pytest.raises(TypeError, match="chunks"):
        ProvenanceTracker().register_chunks("one string")
    with pytest.raises(TypeError, match=r"chunks\[1\]"):
        ProvenanceTracker().register_chunks(["a", 2])  # type: ignore[list-item]
