"""bench/quality_diff.py: two quality runs compared question by question, with intervals from
resampling whole documents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quality_diff import compare, recalls

BEFORE = {"a.txt": [0.5, 0.7], "b.txt": [0.2], "c.txt": [1.0, 0.0, 0.6]}


def test_the_same_run_twice_changes_nothing_in_any_draw() -> None:
    old, new, change, low, high, _ = compare(BEFORE, BEFORE, 0.5, draws=200)
    assert old == new and change == low == high == 0.0


def test_a_gain_on_every_question_is_a_gain_in_every_draw() -> None:
    after = {d: [r + 0.25 for r in rs] for d, rs in BEFORE.items()}
    _, _, change, low, high, met = compare(BEFORE, after, 0.0, draws=200)
    assert change == pytest.approx(0.25) and low == pytest.approx(0.25) and high == pytest.approx(0.25) and met == 1.0


def test_a_gain_on_one_document_only_has_an_interval_reaching_zero() -> None:
    after = {**BEFORE, "b.txt": [0.9]}
    _, _, change, low, high, _ = compare(BEFORE, after, 0.0, draws=500)
    assert change > 0.0 and low == 0.0 < high


def test_the_share_meeting_the_goal_counts_the_draws_above_it() -> None:
    assert compare(BEFORE, BEFORE, 2.0, draws=100)[5] == 0.0 and compare(BEFORE, BEFORE, 0.0, draws=100)[5] == 1.0


def test_runs_that_asked_different_questions_are_refused() -> None:
    with pytest.raises(SystemExit, match="different questions"):
        compare(BEFORE, {**BEFORE, "c.txt": [1.0]}, 0.5, draws=50)


def test_a_run_saved_without_its_questions_is_refused_with_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"overall": []}), encoding="utf-8")
    with pytest.raises(SystemExit, match="--per-question"):
        recalls(path)


def test_recalls_are_read_by_data_set_budget_and_document(tmp_path: Path) -> None:
    rows = [{"system": "longdoc", "dataset": "cuad", "budget": 512, "document": "a.txt", "recall": 0.5},
            {"system": "chunk500+bm25", "dataset": "cuad", "budget": 512, "document": "a.txt", "recall": 0.1},
            {"system": "longdoc", "dataset": "cuad", "budget": 512, "document": "a.txt", "recall": 1.0}]
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"questions": rows}), encoding="utf-8")
    assert recalls(path) == {("cuad", 512): {"a.txt": [0.5, 1.0]}}
