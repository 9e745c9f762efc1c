"""bench/core_perf.py: what the index benchmark feeds both indexes, the ratio, a short whole run."""

from __future__ import annotations

import json
import re

import core_perf
from common import document_text
from core_perf import Row, section_texts
from longdoc import LongDocument

CONTRACT = "ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt"


def test_a_section_text_is_its_body_with_the_heading_added_only_after_the_first():
    doc = LongDocument(document_text("cuad", CONTRACT), max_tokens=64)
    texts = section_texts(doc)
    assert len(texts) == len(doc.sections)
    continued = 0
    for section, text in zip(doc.sections, texts):
        body = doc.text[section.start : section.end]
        if section.node is None or doc.nodes[section.node].heading_start == section.start:
            assert text == body
        else:
            assert text == f"{section.heading}\n{body}"
            continued += 1
    assert continued > 0, "a 64-token split continues some parts in sections after the first"


def test_a_contract_written_without_headings_has_none_and_keeps_its_words_in_lower_case():
    text = document_text("cuad", CONTRACT)
    plain = core_perf.without_headings(text)
    assert LongDocument(text).nodes and not LongDocument(plain).nodes
    assert plain == plain.lower() and not any(c.isdigit() for c in plain)
    assert len(plain.split()) >= len(text.split()) - text.count("\n")  # a mark opening a line may stand alone


def test_a_text_written_without_blank_lines_is_one_paragraph_with_every_line_and_word():
    text = core_perf.without_headings(document_text("cuad", CONTRACT))
    paragraph = core_perf.without_blank_lines(text)
    assert "\n\n" in text and re.search(r"[\r\n][ \t\f\v]*[\r\n]", paragraph) is None
    assert paragraph.split() == text.split()
    assert paragraph.count("\n") == len([line for line in text.splitlines() if line.strip()]) - 1


def test_the_text_on_one_line_keeps_every_word_with_a_wide_gap_for_each_line_break():
    text = document_text("cuad", CONTRACT)
    line = core_perf.on_one_line(text)
    assert "\n" not in line and "\r" not in line
    assert line.split() == text.split()
    assert line.count("   ") >= text.count("\n")


def test_ratio_above_one_means_the_peer_takes_more_cpu_time():
    assert Row("build", 3.0, 2.0, "peer", 6.0, 5.0, "goal", True).ratio == 2.5


def test_a_short_run_fills_every_row_of_the_table(tmp_path):
    args = ["--size", "30000", "--repeat", "1", "--query-rounds", "1", "--edits", "4"]
    assert core_perf.main([*args, "--results", str(tmp_path)]) == 0
    saved = json.loads((tmp_path / "core_perf.json").read_text())
    assert saved["config"]["characters"] == 30000
    assert len(saved["seconds"]["longdoc edit"]["cpu"]) == 4
    assert [r["compared_with"] for r in saved["table"]] == [
        "chonkie RecursiveChunker", "semchunk", "bm25s (lucene)", "bm25s (lucene)", "bm25s (lucene)",
        *["longdoc full rebuild"] * 8,
    ]
    assert len(saved["seconds"]["longdoc edit, no headings"]["cpu"]) == 4
    assert len(saved["seconds"]["longdoc edit, one paragraph"]["cpu"]) == 4
    assert len(saved["seconds"]["longdoc edit, one line"]["cpu"]) == 4
    assert [r["measure"] for r in saved["table"]][3:5] == [
        "query median (top 10), numpy", "query median (top 10), pure Python"]
    assert all(r["longdoc_wall_ms"] > 0 and r["their_wall_ms"] > 0 for r in saved["table"])
