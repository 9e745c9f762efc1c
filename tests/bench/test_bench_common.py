"""The shared loaders and helpers of bench/common.py, on the real shared data sets."""

from __future__ import annotations

import json

import pytest

from common import (
    as_markdown,
    contract_corpus,
    data_path,
    format_table,
    load_contractnli,
    load_cuad,
    percentile,
    read_text,
    with_code,
)

from longdoc import LongDocument


def _rows(dataset: str) -> list[dict]:
    with open(data_path(dataset, "qa.jsonl"), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def test_cuad_questions_leave_out_ambiguous_rows():
    kept = {(q.document, q.question) for q in load_cuad()}
    ambiguous = [r for r in _rows("cuad") if r["ambiguous"]]
    clear = [r for r in _rows("cuad") if r["spans"] and not r["ambiguous"]]
    assert ambiguous and not any((r["contract"], r["question"]) in kept for r in ambiguous)
    assert all((r["contract"], r["question"]) in kept for r in clear)


def test_contractnli_questions_all_have_evidence_spans():
    questions = load_contractnli()
    spanless = [r for r in _rows("contractnli") if not r["spans"]]
    assert spanless, "the data set has NotMentioned rows to skip"
    assert len(questions) == len(_rows("contractnli")) - len(spanless)
    assert all(q.spans for q in questions)


def test_a_missing_data_file_is_named_in_the_error():
    with pytest.raises(RuntimeError, match="no-such-file.txt"):
        data_path("cuad", "contracts", "no-such-file.txt")


def test_the_corpus_has_the_asked_size_and_starts_with_the_first_contract():
    first = sorted(data_path("cuad", "contracts").glob("*.txt"))[0]
    corpus = contract_corpus(300_000)
    assert len(corpus) == 300_000
    assert corpus.startswith(read_text(first))


def test_percentile_is_the_nearest_rank():
    assert percentile(list(range(1, 101)), 95) == 95
    assert percentile([4.0, 1.0, 3.0, 2.0], 50) == 2.0


def test_tables_print_floats_with_three_decimals():
    table = format_table(["a", "b"], [("x", 0.12345)])
    assert table.splitlines() == ["| a | b |", "|---|---|", "| x | 0.123 |"]


def test_a_contract_as_markdown_with_code_keeps_its_outline_and_holds_fenced_and_inline_code():
    text = read_text(data_path("cuad", "contracts", load_cuad()[0].document))
    markdown = as_markdown(LongDocument(text))
    runbook = LongDocument(with_code(markdown))
    assert [n.title for n in runbook.nodes] == [n.title for n in LongDocument(markdown).nodes]
    spans = runbook.code_spans
    assert any(runbook.text.startswith("```text\n", s - 3) for s, _ in spans), "a fenced block (its info string is code)"
    assert any(runbook.text[s - 1] == "`" and runbook.text[e] == "`" for s, e in spans), "a word in backticks"
