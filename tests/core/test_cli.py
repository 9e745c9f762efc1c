"""The ``longdoc`` command line: outline, find, verify, check, serve, and its one-line errors."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

import longdoc
from longdoc import LongDocument
from longdoc.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mutual-nda.md"
CONTRACT = "cuad/contracts/CCAINDUSTRIESINC_04_14_2014-EX-10.1-OUTSOURCING AGREEMENT.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def contract(tmp_path: Path, shared_path: Callable[[str], Path]) -> Path:
    """A copy of a CUAD contract in a scratch directory (verify tests modify it)."""
    path = tmp_path / "contract.txt"
    path.write_bytes(shared_path(CONTRACT).read_bytes())
    return path


def test_outline_lists_headings_indented_by_depth_with_line_ranges(capsys, contract: Path) -> None:
    code, out, _ = run(capsys, "outline", str(contract))
    lines = out.splitlines()
    assert code == 0
    article = next(line for line in lines if line.strip().endswith("ARTICLE III OBLIGATIONS OF CONTRACTOR"))
    clause = next(line for line in lines if line.strip().endswith("3.01 Contractor Services"))
    first, last = article.split()[0].split("-")
    assert int(first) <= int(last)
    assert clause.index("3.01") > article.index("ARTICLE")
    text_lines = contract.read_text(encoding="utf-8").splitlines()
    assert text_lines[int(first) - 1].strip().startswith("ARTICLE III")


def test_outline_json_is_the_heading_tree_with_offsets_and_lines(capsys, contract: Path) -> None:
    code, out, _ = run(capsys, "outline", str(contract), "--json")
    tree = json.loads(out)
    doc = LongDocument(contract.read_text(encoding="utf-8"))
    assert code == 0 and [n["title"] for n in tree] == [n.title for n in doc.outline]
    article = next(n for n in tree if n["title"] == "ARTICLE III OBLIGATIONS OF CONTRACTOR")
    assert article["children"][0]["title"] == "3.01 Contractor Services"
    text = doc.text
    assert text.count("\n", 0, article["start"]) + 1 == article["line"]
    assert text[article["heading_start"] : article["heading_end"]].startswith("ARTICLE III")


def test_outline_of_a_text_without_headings_says_so(capsys, tmp_path: Path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text("just a sentence\n", encoding="utf-8")
    assert run(capsys, "outline", str(path))[1].strip() == "(no headings)"


def test_find_prints_ranked_sections_with_lines_score_path_and_matched_terms(capsys) -> None:
    code, out, _ = run(capsys, "find", str(EXAMPLE), "disclosure required by a court order", "-k", "2")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("1. lines ") and "Standard Terms > 4. Disclosures Required by Law" in lines[0]
    assert " score " in lines[0]
    assert lines[1].strip() == "matched: disclosure, required, court, order"
    assert lines[3].startswith("2. lines ")


def test_find_names_the_query_words_that_no_section_contains(capsys) -> None:
    out = run(capsys, "find", str(EXAMPLE), "termination of the zeppelin", "-k", "1")[1]
    assert out.splitlines()[-1] == "not in the document: zeppelin"


def test_find_window_prints_the_chosen_sections_joined_in_document_order(capsys) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    doc = LongDocument(text)
    chosen = doc.select("governing law jurisdiction", k=2)
    out = run(capsys, "find", str(EXAMPLE), "governing law jurisdiction", "-k", "2", "--window")[1]
    assert out == doc.window([s for s, _ in chosen]).text + "\n"


def test_find_json_holds_a_selection_record(capsys, contract: Path) -> None:
    code, out, _ = run(capsys, "find", str(contract), "confidential information", "-k", "2",
                       "--budget", "400", "--max-tokens", "128", "--json")
    data = json.loads(out)
    record = data["record"]
    doc = LongDocument(contract.read_text(encoding="utf-8"), max_tokens=128)
    chosen = doc.select("confidential information", k=2, budget=400)
    assert code == 0
    assert record["sha256"] == hashlib.sha256(contract.read_bytes()).hexdigest()
    assert record["longdoc"] == longdoc.__version__
    assert (record["max_tokens"], record["query"], record["k"], record["budget"]) == (128, "confidential information", 2, 400)
    assert record["sections"] == [
        {"start": s.start, "end": s.end, "heading": s.heading, "score": score} for s, score in chosen
    ]
    assert [r["matched_terms"] for r in data["results"]] == [doc.matched_terms(s, "confidential information") for s, _ in chosen]


def test_verify_reproduces_a_recorded_selection(capsys, contract: Path, tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text(run(capsys, "find", str(contract), "indemnification", "--json")[1], encoding="utf-8")
    code, out, _ = run(capsys, "verify", str(record), str(contract))
    assert code == 0 and out.startswith("reproduced: 3 section(s)")


def test_verify_accepts_the_bare_record(capsys, contract: Path, tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    full = json.loads(run(capsys, "find", str(contract), "insurance", "--json")[1])
    record.write_text(json.dumps(full["record"]), encoding="utf-8")
    assert run(capsys, "verify", str(record), str(contract))[0] == 0


def test_verify_exits_1_when_the_document_changed(capsys, contract: Path, tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text(run(capsys, "find", str(contract), "indemnification", "--json")[1], encoding="utf-8")
    contract.write_bytes(contract.read_bytes() + b"\nAn added line.\n")
    code, out, _ = run(capsys, "verify", str(record), str(contract))
    assert code == 1 and out.startswith("not reproduced:")


@pytest.mark.parametrize(("field", "value"), [("score", 99.0), ("start", 0), ("heading", "ARTICLE IX")])
def test_verify_exits_1_when_a_recorded_section_differs(capsys, contract: Path, tmp_path: Path,
                                                         field: str, value: object) -> None:
    data = json.loads(run(capsys, "find", str(contract), "indemnification", "--json")[1])
    data["record"]["sections"][0][field] = value
    record = tmp_path / "record.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "verify", str(record), str(contract))
    assert code == 1 and out.startswith("not reproduced: the selection is now")


def test_verify_names_the_recording_version_when_it_differs(capsys, contract: Path, tmp_path: Path) -> None:
    data = json.loads(run(capsys, "find", str(contract), "indemnification", "--json")[1])
    data["record"]["longdoc"] = "0.0.1"
    data["record"]["sections"][0]["score"] += 1.0
    record = tmp_path / "record.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "verify", str(record), str(contract))
    assert code == 1 and "recorded with longdoc 0.0.1" in out


def test_dash_reads_the_document_from_standard_input(capsys, monkeypatch, contract: Path) -> None:
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(contract.read_bytes())))
    from_stdin = run(capsys, "find", "-", "payment remittance", "--json")[1]
    from_file = run(capsys, "find", str(contract), "payment remittance", "--json")[1]
    assert json.loads(from_stdin)["record"] == json.loads(from_file)["record"]


def test_line_numbers_count_crlf_and_lone_cr_as_one_break(capsys, tmp_path: Path) -> None:
    path = tmp_path / "crlf.txt"
    path.write_bytes(b"Intro.\r\n\r\n1. Payment. Fees.\r\rGOVERNING LAW\nDelaware.\n")
    lines = run(capsys, "outline", str(path))[1].splitlines()
    assert [line.split()[0] for line in lines] == ["3-3", "5-6"]


SUPPLY = """SUPPLY AGREEMENT

1. DEFINITIONS

1.1 "Products" means the goods in Exhibit B.

1.2 "Territory" means Canada.

2. SUPPLY

2.1 Orders. The Buyer orders Products under Section 9.1 and the Licensed Premises, as Exhibit B lists.
"""


@pytest.fixture
def supply(tmp_path: Path) -> Path:
    path = tmp_path / "supply.txt"
    path.write_text(SUPPLY, encoding="utf-8")
    return path


def test_check_lists_each_finding_at_its_line_and_column_and_exits_1_on_a_warning(capsys, supply: Path) -> None:
    code, out, err = run(capsys, "check", str(supply))
    line = SUPPLY.count("\n", 0, SUPPLY.index("Section 9.1")) + 1
    column = SUPPLY.index("Section 9.1") - SUPPLY.rindex("\n", 0, SUPPLY.index("Section 9.1"))
    assert code == 1
    assert (f"{supply}:{line}:{column}: warning: Section 9.1 is referred to, but the document has no Section 9.1. "
            "[unresolved-reference]") in out.splitlines()
    assert "1 warning, 2 information, 1 hint (hints listed with --hints)" in err


def test_check_gives_the_other_citations_of_a_missing_attachment_as_notes_under_it(capsys, supply: Path) -> None:
    lines = run(capsys, "check", str(supply))[1].splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith("[missing-attachment]"))
    assert "Exhibit B is referred to twice" in lines[at]
    second = SUPPLY.rindex("Exhibit B")
    place = f"{SUPPLY.count(chr(10), 0, second) + 1}:{second - SUPPLY.rindex(chr(10), 0, second)}"
    assert lines[at + 1] == f"{supply}:{place}: note: also referred to here"


def test_check_lists_hints_only_when_asked(capsys, supply: Path) -> None:
    assert "[undefined-term]" not in run(capsys, "check", str(supply))[1]
    assert "“Licensed Premises” is capitalised" in run(capsys, "check", str(supply), "--hints")[1]


def test_check_exits_0_when_it_finds_no_warning(capsys, tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text('1. DEFINITIONS\n\n1.1 "Territory" means Canada.\n\n2. TERM\n\nOne year.\n', encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 0 and "[unused-definition]" in out and err.strip() == "1 information"


def test_check_json_holds_each_finding_with_its_places_and_offsets(capsys, supply: Path) -> None:
    code, out, _ = run(capsys, "check", str(supply), "--json")
    findings = json.loads(out)
    [missing] = [f for f in findings if f["code"] == "missing-attachment"]
    assert code == 1 and SUPPLY[missing["start"] : missing["end"]] == "Exhibit B"
    assert [r["start"] for r in missing["related"]] == [SUPPLY.rindex("Exhibit B")]
    first = SUPPLY.index("Exhibit B")
    assert (missing["line"], missing["column"]) == (SUPPLY.count("\n", 0, first) + 1, first - SUPPLY.rindex("\n", 0, first))
    assert all(f["severity"] != "hint" for f in findings)


def test_check_json_gives_the_defined_term_a_hinted_phrase_misspells_as_its_replacement(capsys, tmp_path: Path) -> None:
    path = tmp_path / "term.txt"
    path.write_text('1. DEFINITIONS\n\n1.1 "Effective Date" means today.\n\n2. TERM\n\nFrom the Effective Dave '
                    "for the Escrow Period.\n", encoding="utf-8")
    findings = json.loads(run(capsys, "check", str(path), "--json", "--hints")[1])
    assert {f["message"][:16]: f["replacement"] for f in findings if f["code"] == "undefined-term"} == {
        "\u201cEffective Dave\u201d": "Effective Date", "\u201cEscrow Period\u201d ": None}


def test_check_names_standard_input_as_such(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(SUPPLY.encode())))
    assert run(capsys, "check", "-")[1].startswith("<stdin>:")


def error_of(capsys, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_missing_file_is_one_line_on_stderr_and_exit_2(capsys, tmp_path: Path) -> None:
    assert "cannot read" in error_of(capsys, "outline", str(tmp_path / "absent.txt"))


def test_bytes_that_are_not_utf8_are_one_line_on_stderr_and_exit_2(capsys, tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("Café contract".encode("latin-1"))
    assert "not UTF-8" in error_of(capsys, "find", str(path), "cafe")


@pytest.mark.parametrize("option", [["-k", "0"], ["-k", "three"], ["--budget", "-1"], ["--max-tokens", "1.5"]])
def test_bad_numbers_are_one_line_on_stderr_and_exit_2(capsys, option: list[str]) -> None:
    err = error_of(capsys, "find", str(EXAMPLE), "term", *option)
    assert option[0] in err


def test_an_unknown_command_is_one_line_on_stderr_and_exit_2(capsys) -> None:
    error_of(capsys, "summarise", str(EXAMPLE))


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"record": {"sha256": "x"}}'])
def test_a_malformed_record_is_one_line_on_stderr_and_exit_2(capsys, tmp_path: Path, content: str) -> None:
    record = tmp_path / "record.json"
    record.write_text(content, encoding="utf-8")
    error_of(capsys, "verify", str(record), str(EXAMPLE))


def test_serve_hands_every_argument_to_the_language_server(monkeypatch, capsys) -> None:
    seen: list[list[str]] = []
    fake = types.ModuleType("longdoc_server.__main__")
    fake.main = lambda argv: seen.append(argv) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "longdoc_server.__main__", fake)
    argv = ["--tcp", "--host", "0.0.0.0", "--port", "2090", "--log-file", "server.log"]
    assert run(capsys, "serve", *argv)[0] == 0
    assert seen == [argv]


def test_python_dash_m_longdoc_runs_the_command_line_without_traceback_on_error(tmp_path: Path) -> None:
    ok = subprocess.run([sys.executable, "-m", "longdoc", "outline", str(EXAMPLE)], capture_output=True, text=True, check=False)
    bad = subprocess.run([sys.executable, "-m", "longdoc", "outline", str(tmp_path / "absent")],
                         capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and "4. Disclosures Required by Law" in ok.stdout
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_check_writes_its_count_after_the_findings_when_both_streams_go_to_one_log(supply: Path) -> None:
    # As a CI log or `2>&1 | less` runs it: stdout buffered in blocks, stderr in lines.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run([sys.executable, "-m", "longdoc", "check", str(supply)], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    lines = done.stdout.splitlines()
    assert lines[-1] == "1 warning, 2 information, 1 hint (hints listed with --hints)"
    assert all(line.startswith(str(supply)) for line in lines[:-1]) and len(lines) > 1


def test_serve_version_reaches_the_real_server() -> None:
    done = subprocess.run([sys.executable, "-m", "longdoc", "serve", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("longdoc_server ")


def test_the_example_contract_answers_a_question_with_the_clause_that_holds_the_answer(capsys) -> None:
    out = run(capsys, "find", str(EXAMPLE), "How long do confidentiality obligations survive after termination?",
              "-k", "1")[1]
    assert "Term and Termination" in out.splitlines()[0]


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    big.write_text("\n\n".join(f"# Heading {i}\n\nBody {i}." for i in range(6000)), encoding="utf-8")
    with subprocess.Popen([sys.executable, "-m", "longdoc", "outline", str(big)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()  # like `| head -1`
        err = proc.stderr.read()
    assert b"Heading 0" in first
    assert proc.returncode == 0 and b"Traceback" not in err


def test_find_previews_the_sentence_holding_the_most_query_terms(capsys, tmp_path: Path) -> None:
    path = tmp_path / "clause.txt"
    path.write_text("7. Survival. This clause is long. Confidentiality obligations survive termination. "
                    "Nothing else does.\n", encoding="utf-8")
    out = run(capsys, "find", str(path), "do confidentiality obligations survive termination", "-k", "1")[1]
    assert out.splitlines()[2].strip() == "… Confidentiality obligations survive termination."
