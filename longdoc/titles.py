"""Outline titles of heading lines: where the title of a clause ends in the text run on after
its number ("2.2 Termination for Convenience. Either party may ..." is titled by its first words
up to the sentence end), and the title cleaned of marks and cut to a readable length.
"""

from __future__ import annotations

import re

from .numerals import ENDS_IN_NUMBER_WORD


_CAPS_WORD_RE = re.compile(r"[A-Z][A-Z0-9'’&/\-]*(?:[,;:]|\.(?=[ \t]|\Z))?|&|AND|OR|OF|THE|TO|FOR|IN|ON|A|AN")
# A stop before a space or the end, a period before a quote, before a stray dot that scanning left
# ("No Representation of Accuracy.· Each party ...") or before a sentence whose space extraction lost,
# after a word in lower case ("Market Purchases.Subject to compliance ...").
_SENTENCE_END_RE = re.compile(r"[.:;](?=[ \t]|\Z)|[.](?=\"|·[ \t])|(?<=[a-z]{3})[.](?=[A-Z][a-z]+[ \t])")
_ABBREVIATIONS = frozenset(
    "inc co corp ltd llc l.l.c no nos s.a u.s e.g i.e etc vs v st dr mr mrs ms jr sr art sec sect para".split()
)
TITLE_LIMIT = 100
RUN_IN_TITLE_WORDS = 12  # the most words of a title run into its clause's text


def caps_run(rest: str) -> int:
    """Length of the ALL-CAPS title words at the start of ``rest`` (0 when there are none)."""
    pos = 0
    end = 0
    letters = 0
    words = 0
    last = ""
    n = len(rest)
    while pos < n:
        while pos < n and rest[pos] in " \t-–—:":
            pos += 1
        m = _CAPS_WORD_RE.match(rest, pos)
        if m is None or (m.end() < n and rest[m.end()] not in " \t"):
            break
        word = m.group()  # upper case by the pattern: letters, digits and marks
        if len(word) == 2 and word[1] == "." and letters >= 2:
            break  # "TERMS   A. This Agreement": a lettered paragraph starts after the title
        if letters < 2:  # only "at least two" matters
            letters += sum(map(str.isalpha, word))
        pos = end = m.end()
        words += 1
        last = word
        if word.endswith(".") and len(word) > 2 and word[-3] != ".":
            return end if letters >= 2 else 0  # "DISCLAIMER OF WARRANTIES." ends the title
    if letters < 2:
        return 0
    after = rest[end:].lstrip(" \t-–—:")
    if after[:1].islower() and rest[end : end + 1] in (" ", "\t") and not _CAPS_TITLE_GOES_ON.match(after):
        return 0  # "BROOKS shall not ...": a party's name opening a sentence, not a caps title
    if after[:1].isupper():
        following = after.split(None, 1)[0]
        if any(c.islower() for c in following) and (
            last in _CONNECTIVES
            or (following not in _SENTENCE_OPENERS and (words == 1 or _short_sentence(after)))
        ):
            # "NTL Obligations", "FORMAT OF Licensed Software", "ALFA AESAR Referrals.": caps
            # words opening a mixed-case title, not a caps title
            return 0
    return end


def _short_sentence(rest: str) -> bool:
    """Whether ``rest`` opens with a sentence of at most three words: the end of a title."""
    end = _sentence_title(rest)
    return 0 < end and len(rest[:end].split()) <= 3


_CONNECTIVES = frozenset("& A AN AND BY FOR IN OF ON OR THE TO WITH".split())


# What may follow a caps title in lower case: a lettered paragraph ("a. Subject to"), or the verb
# of a defined term's entry ("AFFILIATE shall mean ...").
_CAPS_TITLE_GOES_ON = re.compile(
    r"[a-z][.)][ \t]|(?:shall[ \t]+)?mean|has[ \t]+the[ \t]+meaning|shall[ \t]+have[ \t]+the[ \t]+meaning"
)


# Words that open a clause's first sentence right after a one-word caps title ("TERM This
# Agreement ..."), where an acronym would go on with a noun ("NTL Obligations").
_SENTENCE_OPENERS = frozenset(
    "A All An Any As Both During Each Either Except For If In It Neither No None Nothing "
    "Notwithstanding On Subject The These This Unless Upon Where Whenever With Without".split()
)


def _sentence_title(rest: str, start: int = 0) -> int:
    """Where the clause's title ends in ``rest``: after its first sentence end (past ``start``), or 0."""
    for m in _SENTENCE_END_RE.finditer(rest, start, TITLE_LIMIT + 1):
        before = rest[: m.start()]
        word = before.rsplit(None, 1)[-1].casefold() if before.strip() else ""
        if word.rstrip(".") in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
            # "Splits, Combinations, Etc. If the Company ...": "etc." ends a list, and before a
            # capital the sentence too.
            if not (word == "etc" and rest[m.end() :].lstrip(" \t")[:1].isupper()):
                continue
        if rest[m.start()] == "." and word[:1].isdigit() and rest[m.end() :].lstrip(" \t")[:1].islower():
            continue  # a clause cited by its number: "... the purposes identified in 1. above and ..."
        return m.end()
    return 0


# A word set in spaced capitals for show ("R E C I T A L S", "W I T N E S S E T H").
_LETTER_SPACED_RE = re.compile(r"\b(?:[A-Z] ){3,}[A-Z]\b")


# A name written with a small letter first, as brands are ("iPass", "eDiets"): a clause may open
# with it ("6.2 iPass shall provide ..."). Not a unit ("8.5 dBm", "0.5 mL").
BRAND_WORD = r"[a-z][A-Z][a-z]{2}"
BRAND_WORD_RE = re.compile(BRAND_WORD)


def clean_title(title: str) -> str:
    title = title.replace("**", "").replace("__", "")
    title = " ".join(title.split())
    if " " in title[1:3]:
        title = _LETTER_SPACED_RE.sub(lambda m: m.group().replace(" ", ""), title)
    title = title.rstrip(" .:;,-–—")
    if title.endswith(("etc", "Etc", "ETC")) and title[-4:-3] in (" ", ","):
        title += "."  # "Sales Tax, Etc.": the abbreviation keeps its period
    if len(title) > TITLE_LIMIT:
        cut = title.rfind(" ", 0, TITLE_LIMIT)
        title = title[: cut if cut > 20 else TITLE_LIMIT].rstrip(" ,;:") + "…"
    return title


def after_label(title: str, label: str) -> str:
    """The title without the label it opens with ("Term" of "2.01 Term", "PAYMENT" of "ARTICLE IV
    PAYMENT"); "" when nothing else is left, the whole title when it does not open with the label."""
    if not title.casefold().startswith(label.casefold()):
        return title
    return title[len(label) :].lstrip(" .:-\u2013\u2014")


def shortened(words: str, limit: int) -> str:
    """At most ``limit`` characters of ``words`` with single spaces, cut at a word."""
    flat = " ".join(words.split())
    if len(flat) <= limit:
        return flat
    return flat[: flat.rfind(" ", 0, limit)].rstrip(",;:") + " \u2026"


def title_span(rest: str) -> int:
    """End of the title part of a clause's text after its label (within ``rest``)."""
    bracketed = _BRACKETED_TITLE_RE.match(rest)
    if bracketed is not None and (is_word_title(bracketed.group(1)) and " " in bracketed.group(1)
                                  or not rest[bracketed.end() :].strip(" \t.")[:1].islower()):
        # "Article IV [Conflicts of Interest] including ...", "Section 2.01 [Calling Card]. ...", "[Reserved]"
        return bracketed.end() + (rest[bracketed.end() : bracketed.end() + 1] == ".")
    caps = caps_run(rest)
    if caps:
        end = caps
        if rest[end : end + 1] == ".":
            end += 1
        return end
    sentence = _sentence_title(rest)
    while sentence and rest[sentence - 1] == ";" and is_word_title(rest[: sentence - 1]):
        # Semicolons part the topics of one title ("Waiver; Amendment. No waiver ..."), not sentences.
        more = _sentence_title(rest, sentence)
        gap = GAP_RE.search(rest, sentence, more or len(rest))
        if gap is not None:
            if _is_line_break_gap(rest, gap):
                sentence = gap.start()  # "Term; Termination   The term is ..."
            break
        words = rest[:more].rstrip(".:;") if more else rest.rstrip()
        if not is_word_title(words) or len(words) > TITLE_LIMIT:
            break
        if not more:
            sentence = len(words)
            break
        sentence = more
    stop = sentence or TITLE_LIMIT
    listed = _LIST_AFTER_TITLE_RE.search(rest, 0, stop) if rest.find("(", 0, stop) >= 0 else None
    if listed is not None and is_word_title(rest[: listed.start()]) and not ENDS_IN_NUMBER_WORD.search(rest, 0, listed.start()):
        return listed.start()  # "Termination for Cause, Disability or Death (a) In the event ..."
    # A title ended by a stop within its first words ("Fees. The Licensee pays") runs into nothing.
    run_in = _RUN_INTO_SENTENCE_RE.match(rest, 0, stop) if rest.count(" ", 0, stop) > 3 else None
    if run_in is not None:
        return run_in.end(1)  # "Termination without Cause In the event this Agreement ..."
    gap = GAP_RE.search(rest, 0, stop)
    if gap is not None and _is_line_break_gap(rest, gap):
        return gap.start()  # "Definitions   As used herein, ...": a line break that PDF extraction left as spaces
    footer = page_footer(rest, stop)
    if footer:
        return footer
    if sentence:
        return sentence
    if len(rest) <= TITLE_LIMIT:
        return len(rest)
    cut = rest.rfind(" ", 0, TITLE_LIMIT)
    return cut if cut > 0 else len(rest)


# A title in capitalised words run into its clause's first sentence, which opens with a word that
# opens sentences, not titles, and goes on in lower case: "Definitions In this Agreement ...",
# "Obligations Upon Termination Upon expiration of ...", "Force Majeure Neither party will ..."; "When
# to" goes on a title ("Rules for When to Use Entity Tags").
_RUN_INTO_SENTENCE_RE = re.compile(
    r"([A-Z][\w'’/&-]*,?(?:[ \t]+(?:[A-Z][\w'’/&-]*,?|of|and|the|for|to|in|on|or|with|without|by|upon|under|from|after|a|an)){0,8}?)[ \t]+"
    r"(?:(?:In|The|If|Upon|Each|This|Subject|Notwithstanding|Except|Either|Neither|Any|All|No|Unless"
    r"|Without|During|Following|Such|Nothing|Both|Within|After|Prior|On|At|For)[ \t]+|(?:Where|When)[ \t]+(?!to[ \t]))[a-z]"
)


# A wide gap: where PDF extraction left a line break or a column.
GAP_RE = re.compile(r" {3,}|\t")
# A title in brackets after the label, as translations and forms write it; a placeholder run into
# its sentence ("[Party] undertakes ...") is none.
_BRACKETED_TITLE_RE = re.compile(r"\[([A-Z][^\[\]\n.]{0,78})\]")
_JUSTIFIED_REACH = 60  # a justified line has its next wide gap within a few words


# A page's footer that PDF extraction ran onto the line of a title that ends the page, after a
# wide gap: "3. Content and timing of reports         CERES-IGER Collaboration Agreement   Page 38 of 75".
_PAGE_FOOTER_RE = re.compile(r"(?: {3,}|\t)[^\n]{0,80}?\bPage[ \t]+[0-9]{1,4}(?:[ \t]+of[ \t]+[0-9]{1,4})?[ \t]*\Z")


def page_footer(rest: str, stop: int) -> int:
    """Where a title ends that a page's footer follows on its line (before ``stop``), or 0."""
    at = rest.rfind("Page", 0, stop + 100)
    if at < 0:
        return 0
    gap = GAP_RE.search(rest, max(0, at - 84), at)
    footer = _PAGE_FOOTER_RE.match(rest, gap.start()) if gap is not None else None
    return gap.start() if footer is not None and 0 < gap.start() < stop else 0


def _is_line_break_gap(rest: str, gap: re.Match[str]) -> bool:
    """Whether a wide gap after words in capitals ends a title, as a line break would: the title's
    words stand single-spaced and no other gap follows soon ("Grant  and   Acceptance.   Company",
    "The   Maintenance   Authorities": words spread to justify a line) but after a line's last
    words ("XENCOR Warranties   XENCOR hereby warrants that:   a. XENCOR has ...")."""
    words = rest[: gap.start()]
    if "  " in words or not is_word_title(words):
        return False
    after = GAP_RE.search(rest, gap.end(), gap.end() + _JUSTIFIED_REACH)
    return after is None or rest[gap.end() : after.start()].rstrip()[-1:] in (".", ":", ";")


def runs_into_sentence(text: str, pos: int) -> bool:
    """Whether a title in capitalised words at ``pos`` runs straight into its clause's first
    sentence ("Restrictions on Sale Each of the Agents severally ..."), or ends with a period
    before it ("Notices. All notices ...", "Confidentiality; Non-competition. (a) From ...")."""
    return (_RUN_INTO_SENTENCE_RE.match(text, pos, pos + TITLE_LIMIT) is not None
            or _TITLE_THEN_SENTENCE_RE.match(text, pos, pos + TITLE_LIMIT) is not None)


TITLE_SMALL_WORDS = frozenset("of and or the for to in on with by a an upon under".split())
# The same words as a pattern, the longest first.
TITLE_SMALL_WORD = "(?:" + "|".join(sorted(TITLE_SMALL_WORDS, key=lambda w: (-len(w), w))) + ")"
# The label of a list's item: "(a)", "(iv)", "(3)".
_ITEM_LABEL = r"\((?:[a-z]|[ivx]{1,4}|[0-9]{1,2})\)"

# A short title in capitalised words ended by a period, then its clause's first sentence, maybe
# after an item's label: "Notices. All notices ...", "Governing Law. (a) THIS AGREEMENT ...".
_TITLE_THEN_SENTENCE_RE = re.compile(
    r"[A-Z][A-Za-z'’&/-]*(?:[;,]?[ \t]+(?:[A-Z][A-Za-z'’&/-]*|" + TITLE_SMALL_WORD + r")){0,6}"
    r"(?:\.[ \t]+(?:" + _ITEM_LABEL + r"[ \t]+)?[A-Z\"“][A-Za-z]|[ \t]*(?:\r\n|[\n\r]))"
)


# The first item of a list that opens a clause: "(a) In", "(i) The", "(1) Each".
_LIST_AFTER_TITLE_RE = re.compile(r"[ \t]+" + _ITEM_LABEL + r"[ \t]+[A-Z]")


def is_word_title(words: str) -> bool:
    """Whether ``words`` read as a title in capitalised words ("Termination for Cause, Disability
    or Death"), not as the start of a sentence ("During the Term, (a) ...")."""
    split = words.split()
    return 0 < len(split) <= RUN_IN_TITLE_WORDS and _capitalised(split[0]) and not words.endswith(",") and all(
        _capitalised(w) or w.rstrip(",") in TITLE_SMALL_WORDS for w in split)


def _capitalised(word: str) -> bool:
    return word[:1].isupper() or BRAND_WORD_RE.match(word) is not None


def has_prose_word(words: str) -> bool:
    """Whether ``words`` hold a word in lower case that a title in capitalised words does not
    ("remedy" in "No remedy provided", not "of" in "Power of Attorney")."""
    return any(w[:1].islower() and w.rstrip(",") not in TITLE_SMALL_WORDS for w in words.split())


_SENTENCE_VERBS = frozenset("shall will may must is are was were has have desire desires wish wishes agree agrees".split())
_SHORT_TITLE_WORDS = 8


def is_short_title(words: str, limit: int = _SHORT_TITLE_WORDS) -> bool:
    """Whether ``words`` read as a short title ("Conversion date", "Effect of Termination - Use
    Beyond Term"), not as a sentence ("HealthGate will provide the Services"): at most ``limit``."""
    split = words.split()
    return 0 < len(split) <= limit and not any(w in _SENTENCE_VERBS for w in split)


def defined_term_title(rest: str) -> str | None:
    first = rest[:1]
    if first in "\"“":
        m = _DEF_TITLE_RE.match(rest)
    elif first in "'‘":
        m = _SINGLE_DEF_TITLE_RE.match(rest)
    elif first.isupper() and ("-" in (head := rest[:TITLE_LIMIT]) or "–" in head or "—" in head):
        m = _DASH_TITLE_RE.match(rest)
    else:
        return None
    return m.group(1) if m else None


# A term in capitalised words set off by a dash from the text that defines it, or from the clause
# that its title opens: "Acceptance Date - the first Business Day after ...". A word's hyphens lie
# between its letters (one may end it): a word free to end in a run of dashes would be tried at
# every split of a rule of thousands of dashes, each split against every length of the dash after.
_TITLE_WORD = r"[A-Z][\w'’/&()]*(?:-+[\w'’/&()]+)*-?"
_DASH_TITLE_RE = re.compile(
    rf"({_TITLE_WORD}(?:[ \t]+(?:{_TITLE_WORD}|of|and|the|or|for|to|in|on|by|with)){{0,6}})"
    r"(?:[ \t]+[-–—]+[ \t]*|[ \t]*[-–—]+[ \t]+)(?=[a-z])"
)


# The verb may stand a few words after the term ('"New Version" in this Agreement shall mean'), and
# the term may have two forms ('"COMPETE" OR "COMPETING" shall mean').
_DEFINING_VERB = r"(?:[ \t]+[^\s.;:\"“”]+){0,5}?[ \t]+(?:means|shall mean|has the meaning|shall have the meaning)\b"
_DEF_TITLE_RE = re.compile(
    r"([\"“][^\"”]{1,80}[\"”](?:[ \t]+(?i:or|and)[ \t]+[\"“][^\"”]{1,80}[\"”])?)" + _DEFINING_VERB
)
# In single quotes, as `longdoc.definitions` pairs them: an apostrophe goes on with a lower-case letter.
_SINGLE_DEF_TITLE_RE = re.compile(r"(['‘][A-Z](?:[^'’\n]|['’](?=[a-z])){0,79}['’])(?![A-Za-z0-9])" + _DEFINING_VERB)
