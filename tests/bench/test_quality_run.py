"""How bench/quality.py asks questions, passes options and talks to an external rerank scorer."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from common import Question, load_cuad
import quality
from quality import RerankCommand, evaluate, parse_options, score

SCORER = Path(__file__).resolve().parents[2] / "bench" / "fuzzy_scorer.py"


class GoldOracle:
    """Selects the gold spans of the questions it was told about; counts how often it is built."""

    built = 0
    name = "oracle"

    def __init__(self, text: str) -> None:
        GoldOracle.built += 1
        self.text = text

    def select(self, question: str, budget: int) -> list[tuple[int, int]]:
        return list(GOLD[question]) if budget >= 1024 else []


CUAD = load_cuad()
QUESTIONS = [q for q in CUAD if q.document == CUAD[0].document][:3]
GOLD = {q.question: q.spans for q in QUESTIONS}


def test_every_question_is_asked_at_every_budget_with_its_gold_spans():
    outcomes = evaluate(QUESTIONS, [GoldOracle], (512, 1024))
    assert [o.recall for o in outcomes if o.budget == 1024] == [1.0] * len(QUESTIONS)
    assert [o.recall for o in outcomes if o.budget == 512] == [0.0] * len(QUESTIONS)
    assert score([o for o in outcomes if o.budget == 1024]).hit_at_50 == 1.0


def test_a_system_is_built_once_per_document_not_per_question():
    assert len(QUESTIONS) > 1
    GoldOracle.built = 0
    evaluate(QUESTIONS, [GoldOracle], (512, 1024))
    assert GoldOracle.built == 1


def test_questions_of_different_documents_read_their_own_text():
    other = next(q for q in CUAD if q.document != QUESTIONS[0].document)
    outcomes = evaluate([QUESTIONS[0], Question(**{**vars(other), "question": QUESTIONS[0].question})],
                        [GoldOracle], (1024,))
    # The oracle answers with the first contract's gold spans; they miss the other contract's gold.
    assert outcomes[0].recall == 1.0
    assert outcomes[1].recall < 1.0


def test_options_take_json_values_and_fall_back_to_strings():
    assert parse_options(["max_tokens=128", "stem=true", "mode=clauses"]) == {
        "max_tokens": 128,
        "stem": True,
        "mode": "clauses",
    }


def test_an_option_without_a_key_is_an_error():
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_options(["=3"])


@pytest.fixture
def scorer(tmp_path):
    """Start a RerankCommand running a Python script (given by its source, or the example scorer)."""
    started: list[RerankCommand] = []

    def start(source: str | None = None) -> RerankCommand:
        script = SCORER
        if source is not None:
            script = tmp_path / f"scorer{len(started)}.py"
            script.write_text(source)
        started.append(RerankCommand(f"{sys.executable} {script}"))
        return started[-1]

    yield start
    for command in started:
        command.close()


def test_rerank_command_returns_the_scorers_relevance_per_passage(scorer):
    scores = scorer().scores("governing law", ["governed by the law of Delaware", "payment terms"])
    assert len(scores) == 2
    assert scores[0] > scores[1]


def test_a_scorer_answering_with_the_wrong_number_of_scores_is_an_error(scorer):
    short = scorer("import sys\nfor line in sys.stdin:\n    print('[1]', flush=True)\n")
    with pytest.raises(RuntimeError, match="list of 2 numbers"):
        short.scores("q", ["a", "b"])


def test_a_scorer_that_exits_is_an_error(scorer):
    with pytest.raises(RuntimeError, match="rerank command"):
        scorer("").scores("q", ["a"])


def test_a_short_run_saves_both_systems_at_both_budgets(tmp_path, capsys):
    assert quality.main(["--dataset", "contractnli", "--limit", "4", "--results", str(tmp_path)]) == 0
    saved = json.loads((tmp_path / "quality-contractnli-limit4.json").read_text())
    rows = {(r["system"], r["budget"]): r for r in saved["overall"]}
    assert set(rows) == {(s, b) for s in ("longdoc", "chunk500+bm25") for b in (512, 1024)}
    assert all(r["questions"] == 4 and 0.0 <= r["char_recall"] <= 1.0 for r in rows.values())
    assert "| longdoc | contractnli | 512 | 4 |" in capsys.readouterr().out


def test_a_category_lags_only_when_more_than_the_slack_below_the_baseline():
    by_category = {
        ("longdoc", "cuad", "Audit Rights", 512): quality.Score(10, 0.50, 0.5),
        ("base", "cuad", "Audit Rights", 512): quality.Score(10, 0.56, 0.6),
        ("longdoc", "cuad", "Insurance", 512): quality.Score(10, 0.50, 0.5),
        ("base", "cuad", "Insurance", 512): quality.Score(10, 0.54, 0.5),
    }
    lagging = quality.lagging_categories(by_category, "longdoc", "base")
    assert [(c, b) for c, b, _ in lagging] == [("Audit Rights", 512)]
    assert lagging[0][2] == pytest.approx(-0.06)


def test_a_run_with_a_misbehaving_scorer_stops_with_a_one_line_error(tmp_path, capsys):
    script = tmp_path / "oops.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    print('oops', flush=True)\n")
    argv = ["--dataset", "contractnli", "--limit", "1", "--results", str(tmp_path)]
    assert quality.main([*argv, "--rerank", f"{sys.executable} {script}"]) == 2
    assert "not JSON" in capsys.readouterr().err
