"""LongDocument.outline: the heading tree, its levels from the heading shapes, and its ranges."""

from __future__ import annotations

import pytest

from longdoc import LongDocument, OutlineNode, approx_tokens
from longdoc.outline import moved_alike

CONTRACT = """Preamble text.

ARTICLE V
DEFINITIONS

5. Terms. The words below.

5.1 Scope. This applies.

5.1.1 Detail. More detail.

5.2 Other. Something else.

ARTICLE VI
TERM

6.1 Duration. One year.
"""

MARKDOWN = "# A\n\ntext\n\n### C\n\ntext\n\n## B\n\ntext\n\n# D\n\nlast\n"


def tree(nodes: tuple[OutlineNode, ...]) -> list[tuple[str, list]]:
    return [(n.title, tree(n.children)) for n in nodes]


def by_title(doc: LongDocument, title: str) -> OutlineNode:
    return next(n for n in doc.nodes if n.title == title)


def test_article_contains_clause_contains_subclause_contains_subsubclause() -> None:
    doc = LongDocument(CONTRACT)
    assert tree(doc.outline) == [
        ("ARTICLE V DEFINITIONS", [
            ("5. Terms", [("5.1 Scope", [("5.1.1 Detail", [])]), ("5.2 Other", [])]),
        ]),
        ("ARTICLE VI TERM", [("6.1 Duration", [])]),
    ]


def test_levels_come_from_the_heading_shapes() -> None:
    doc = LongDocument(CONTRACT)
    assert [(n.label, n.level) for n in doc.nodes[:5]] == [
        ("Article V", 1), ("5", 2), ("5.1", 3), ("5.1.1", 4), ("5.2", 3),
    ]


def test_markdown_levels_follow_the_number_of_hashes() -> None:
    doc = LongDocument("# One\n\nx\n\n## Two\n\ny\n\n### Three\n\nz\n")
    assert [(n.title, n.level, n.depth) for n in doc.nodes] == [("One", 1, 0), ("Two", 2, 1), ("Three", 3, 2)]


@pytest.mark.parametrize("heading, label", [("## 2. Terms", "2"), ("### 2.1 Fees", "2.1"), ("### 2.1. Fees", "2.1"), ("### 2.1) Fees", "2.1"),
                                            ("## B) Fees", "B"), ("## IV. Fees", "IV"), ("## 2023 Review", None),
                                            ("### 2.1 \"Fees\" means", "2.1"), ("## 1.2.0 (2024-03-01)", None),
                                            ("## 1.2.0 - 2024-03-01", None)])
def test_a_markdown_heading_s_number_is_its_label_with_or_without_a_period_after_levels(heading: str, label: str | None) -> None:
    assert [n.label for n in LongDocument(f"# Spec\n\n{heading}\n\nText.\n").nodes] == [None, label]


def test_a_skipped_level_attaches_to_the_nearest_shallower_parent() -> None:
    doc = LongDocument(MARKDOWN)
    assert tree(doc.outline) == [("A", [("C", []), ("B", [])]), ("D", [])]


def test_a_clause_that_skips_the_article_title_level_nests_under_the_article() -> None:
    doc = LongDocument(CONTRACT)
    assert doc.nodes[by_title(doc, "6.1 Duration").parent] == by_title(doc, "ARTICLE VI TERM")


def test_nodes_are_in_pre_order_with_their_index() -> None:
    doc = LongDocument(CONTRACT)
    assert [n.index for n in doc.nodes] == list(range(len(doc.nodes)))
    assert [n.heading_start for n in doc.nodes] == sorted(n.heading_start for n in doc.nodes)


def test_node_depth_and_parent_agree_with_the_tree() -> None:
    doc = LongDocument(CONTRACT)
    for node in doc.nodes:
        if node.parent is None:
            assert node.depth == 0 and node in doc.outline
        else:
            parent = doc.nodes[node.parent]
            assert node.depth == parent.depth + 1 and node in parent.children


# AirTech's franchise agreement: clause 5.01 opens a list, and clause 5.02 follows it.
LISTED = ("5. OWNERSHIP\n\n5.01 Corporation. If You are a corporation, comply with the following:\n\n"
          "1. You will provide in Your Articles that Your sole purpose is the franchise.\n\n"
          "2. Every certificate for shares will bear a legend.\n\n"
          "5.02 Partnership. If You are a partnership, You will provide a copy of the partnership agreement.\n\n"
          "6. TRAINING\n\nTraining is given.\n")


def test_a_list_that_a_clause_numbered_in_levels_opens_with_a_colon_is_that_clauses() -> None:
    assert tree(LongDocument(LISTED).outline) == [
        ("5. OWNERSHIP", [
            ("5.01 Corporation", [("1. You will provide in Your Articles that Your sole purpose is the franchise", []),
                                  ("2. Every certificate for shares will bear a legend", [])]),
            ("5.02 Partnership", []),
        ]),
        ("6. TRAINING", []),
    ]


def test_a_first_clause_with_clauses_of_its_own_after_a_colon_is_no_list_of_the_clause_before() -> None:
    text = ("4.2 Amendments. The parties amend the Agreement as follows:\n\n1. DEFINITIONS\n\n1.1 Terms. Words "
            "have their meanings.\n\n2. TERM\n\nOne year.\n")
    assert [n.depth for n in LongDocument(text).nodes] == [0, 0, 1, 0]


def test_a_list_after_a_clause_numbered_in_levels_that_opens_no_list_stands_at_its_own_level() -> None:
    # Rae Systems: a schedule's list after clause 5.8, its title "2: PER CUSTOMER FEE" read as no heading.
    text = LISTED.replace("comply with the following:", "comply with the law.")
    assert [n.depth for n in LongDocument(text).nodes if n.label in ("1", "2")] == [0, 0]


def test_a_list_numbered_as_the_clause_before_it_stands_beside_that_clause() -> None:
    # ContractNLI 0075: the investor's acknowledgements after clause 3 are the text's, not clause 3's.
    text = ("2. LIMITATION ON USE. The Investor shall use the information only to evaluate the Property.\n"
            "3. INDEMNIFICATION. Investor shall indemnify and hold harmless the Owner.\n"
            "The undersigned further understands, warrants and agrees that:\n"
            "1. Nothing contained in the Confidential Information should be construed as a representation.\n"
            "2. Owner has endeavored to include those materials which Owner believes to be reliable.\n")
    assert [n.depth for n in LongDocument(text).nodes] == [0, 0, 0, 0]


def test_a_list_shown_from_2_under_a_clause_numbered_in_levels_is_that_clauses() -> None:
    # FibroGen's milestone table: its "1." is run into the row of its header, so the list shows from "2.".
    text = ("ARTICLE 6 FUNDING\n\n6.1 Payments. As follows.\n\n6.1.1 Reimbursement. Astellas shall pay:   EVENT   "
            "AMOUNT 1.   Upon signing.   $5\n\n2.  Upon each filing.   $2\n\n3.   Upon approval.   $3\n\n"
            "6.1.2 Approval Payments. Astellas shall pay.\n\n6.2 Reports. Each party reports.\n")
    doc = LongDocument(text)
    assert [(n.label, n.depth) for n in doc.nodes] == [
        ("Article 6", 0), ("6.1", 1), ("6.1.1", 2), ("2", 3), ("3", 3), ("6.1.2", 2), ("6.2", 1)]


def test_a_clause_numbered_under_one_whose_heading_was_lost_stands_beside_the_clause_before() -> None:
    # STAAR's distributor agreement: clause 5's heading is run into clause 4's text, so "5.1" follows "4.3".
    text = ("4. Prices and Terms\n\n4.1 Prices. As listed.\n\n4.3 Credit. None.\n\n"
            "5.1 Provide Product training.\n\n5.2 Furnish brochures.\n\n6. Distributor Duties\n\nSell.\n")
    assert tree(LongDocument(text).outline) == [
        ("4. Prices and Terms", [("4.1 Prices", []), ("4.3 Credit", [])]),
        ("5.1 Provide Product training", []), ("5.2 Furnish brochures", []), ("6. Distributor Duties", []),
    ]


@pytest.mark.parametrize(("item", "label"), [
    ("1. Section 2.2.7 of the Agreement is deleted and replaced by the following", "2.2.7"),  # cited
    ("1. The clause below replaces the one of the Agreement", "27.1"),  # numbered far past the item
])
def test_a_clause_an_amendments_item_restates_stays_under_the_item(item: str, label: str) -> None:
    # Goosehead's state amendments restate the clauses they amend under their own items.
    text = f"AMENDMENT FOR THE STATE OF MARYLAND\n\n{item}:\n\n{label} Release. You will sign a release.\n\n" \
           "2. Each provision of this Amendment is effective only where the law applies.\n"
    doc = LongDocument(text)
    assert doc.nodes[by_title(doc, f"{label} Release").parent].label == "1"


def test_a_part_runs_from_its_heading_to_the_next_heading_of_the_same_or_shallower_level() -> None:
    doc = LongDocument(CONTRACT)
    clause = by_title(doc, "5.1 Scope")
    assert doc[clause.start : clause.end] == "5.1 Scope. This applies.\n\n5.1.1 Detail. More detail."


def test_the_last_part_ends_at_the_text_without_trailing_whitespace() -> None:
    doc = LongDocument(CONTRACT)
    assert doc.outline[-1].end == len(CONTRACT.rstrip())


def test_heading_span_covers_a_two_line_article_heading() -> None:
    doc = LongDocument(CONTRACT)
    node = doc.outline[0]
    assert doc[node.heading_start : node.heading_end] == "ARTICLE V\nDEFINITIONS"


def test_node_tokens_count_the_whole_part() -> None:
    doc = LongDocument(MARKDOWN)
    node = doc.outline[0]
    assert node.tokens == approx_tokens(doc[node.start : node.end])


def test_children_ranges_nest_inside_their_parent() -> None:
    doc = LongDocument(CONTRACT)
    for node in doc.nodes:
        for child in node.children:
            assert node.start <= child.start and child.end <= node.end


def test_node_at_returns_the_innermost_node_containing_the_offset() -> None:
    doc = LongDocument(CONTRACT)
    assert doc.node_at(CONTRACT.index("More detail")).title == "5.1.1 Detail"
    assert doc.node_at(CONTRACT.index("Something else")).title == "5.2 Other"


def test_node_at_is_none_before_the_first_heading() -> None:
    assert LongDocument(CONTRACT).node_at(0) is None


def test_sections_name_their_node_and_heading_path() -> None:
    doc = LongDocument(CONTRACT)
    sec = doc.section_at(CONTRACT.index("More detail"))
    assert sec.path == ("ARTICLE V DEFINITIONS", "5. Terms", "5.1 Scope", "5.1.1 Detail")
    assert doc.nodes[sec.node].title == "5.1.1 Detail"


def test_a_text_without_headings_has_an_empty_outline() -> None:
    doc = LongDocument("just some words, and no heading at all.\n")
    assert doc.outline == () and doc.nodes == ()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "#\n##\n###",
        "1.\n1.1\n1.1.1.1.1.1.1\n",
        "ARTICLE\nARTICLE I\nARTICLE MMMMMMMMMM\n",
        "### deep first\n# then shallow\n",
        "5.3 Late. X.\n1. Early. Y.\n2.9.9.9 Deep. Z.\n",
        "\r\n\r\n# CRLF\r\n\r\nbody\r\n",
        "\f\fARTICLE I\f\fDEFINITIONS\f",
        "==\n--\n==\n",
        "```\n# not a heading in a fence\n```\n# real\n",
    ],
)
def test_outline_never_raises_on_odd_input_and_stays_well_formed(text: str) -> None:
    doc = LongDocument(text)
    for node in doc.nodes:
        assert node.start <= node.heading_start < node.heading_end <= len(text)
        if node.parent is not None:
            parent = doc.nodes[node.parent]
            assert parent.start <= node.start and node.end <= parent.end


def test_a_markdown_fence_hides_heading_lines_inside_it() -> None:
    doc = LongDocument("# real\n\n```\n# not a heading\n```\n\n## also real\n")
    assert [n.title for n in doc.nodes] == ["real", "also real"]


def edited(doc: LongDocument, old: str, new: str) -> tuple[LongDocument, int, int, int]:
    """The document with the first ``old`` replaced, and the edit as (start, end, delta)."""
    at = doc.text.index(old)
    return doc.edit(at, at + len(old), new), at, at + len(old), len(new) - len(old)


def test_an_edit_inside_a_clause_body_moves_the_outline_alike() -> None:
    doc = LongDocument(CONTRACT)
    after, start, end, delta = edited(doc, "This applies.", "This applies to all.")
    assert moved_alike(doc.nodes, after.nodes, start, end, delta)


def test_offsets_after_the_edit_must_move_by_its_delta() -> None:
    doc = LongDocument(CONTRACT)
    after, start, end, delta = edited(doc, "This applies.", "This applies to all.")
    assert not moved_alike(doc.nodes, after.nodes, start, end, delta + 1)
    assert not moved_alike(doc.nodes, after.nodes, start, end, 0)


def test_an_edit_of_a_heading_does_not_move_the_outline_alike() -> None:
    doc = LongDocument(CONTRACT)
    after, start, end, delta = edited(doc, "Scope.", "Reach.")
    assert [n.title for n in after.nodes] != [n.title for n in doc.nodes]
    assert not moved_alike(doc.nodes, after.nodes, start, end, delta)


@pytest.mark.parametrize("field, value", [("title", "6.1 Length"), ("label", "6.2"), ("parent", 0)])
def test_a_node_after_the_edit_that_changed_its_name_or_parent_is_not_moved_alike(field: str, value: object) -> None:
    doc = LongDocument(CONTRACT)
    after, start, end, delta = edited(doc, "This applies.", "This applies to all.")
    last = after.nodes[-1]
    assert last.start > end and getattr(last, field) != value
    changed = (*after.nodes[:-1], last._replace(**{field: value}))
    assert not moved_alike(doc.nodes, changed, start, end, delta)


def test_a_node_open_at_the_edit_that_changed_its_name_is_not_moved_alike() -> None:
    doc = LongDocument(CONTRACT)
    after, start, end, delta = edited(doc, "This applies.", "This applies to all.")
    i = next(i for i, n in enumerate(after.nodes) if n.start < start and n.end > end and n is not doc.nodes[i])
    changed = (*after.nodes[:i], after.nodes[i]._replace(title="Another"), *after.nodes[i + 1 :])
    assert not moved_alike(doc.nodes, changed, start, end, delta)


@pytest.mark.parametrize("field", ["heading_start", "heading_end", "start", "end"])
def test_a_node_after_the_edit_whose_offset_moved_otherwise_is_not_moved_alike(field: str) -> None:
    doc = LongDocument(CONTRACT)
    after, start, end, delta = edited(doc, "This applies.", "This applies to all.")
    last = after.nodes[-1]
    changed = (*after.nodes[:-1], last._replace(**{field: getattr(last, field) + 1}))
    assert not moved_alike(doc.nodes, changed, start, end, delta)
