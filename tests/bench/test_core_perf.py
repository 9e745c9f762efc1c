"""Helpers of bench/core_perf.py: what the index benchmark feeds both indexes, and the ratio."""

from __future__ import annotations

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


def test_ratio_above_one_means_the_peer_is_slower():
    assert Row("build", 2.0, "peer", 5.0, "goal", True).ratio == 2.5
