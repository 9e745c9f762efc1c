"""The forms in which a defined term is written where it is used.

A term is used as defined, in each form it names ("Third Party" of "Third Party(ies)", "Loss" and
"Losses" of "Loss or Losses"), when defined in capitals for emphasis in title case, when it opens
with "The" ('"The Program" refers to ...') with that article in lower case mid-sentence, with
the small words inside it typed in the other case ("Ready for Service Date" of "Ready For Service
Date"), in lower case when only the sentence capitalised it ("object code" of "Object code"), and
with each word capitalised when its definition wrote some in small letters or in capitals
("Defaulting Party" of "Defaulting party").
"""

from __future__ import annotations

import re
from functools import lru_cache

from .titles import TITLE_SMALL_WORDS

__all__ = ["plural", "renamed_forms", "shouted", "singular", "takes_ies", "written_forms"]

# A term defined in capitals for emphasis ('"CONTRACT PERIOD" means') is used in title case ("the
# Contract Period"); an acronym ("MSL", "IBM") is used as it stands.
_SHOUTED_WORD = 4  # letters of a word, at least one of which a term defined in capitals holds
# A term that names its own plural ("Third Party(ies)", "Product(s)", "Governmental Authority (ies)").
_PLURAL_MARK = re.compile(r"[ \t]*\((?:s|es|ies)\)\Z", re.IGNORECASE)


@lru_cache(maxsize=4096)  # asked once per definition: the same terms recur in a long text
def written_forms(term: str) -> tuple[str, ...]:
    """The forms whose use is a use of ``term``, the term as defined first: each of the forms it
    names ("Third Party" of "Third Party(ies)"; "Loss" and "Losses" of "Loss or Losses"; "Tournament
    Bonuses" of "Tournament Bonus or Bonuses"), the title case of a form defined in capitals
    ("Co-Branded Site", "Contract of Sale"), "the Program" of "The Program", and "Terms Of Use" of
    "Terms of Use"."""
    return tuple(dict.fromkeys(form for _, form in _shaped_forms(term)))


@lru_cache(maxsize=4096)  # asked at each search for a term's uses
def shouted(term: str) -> bool:
    """Whether the term is written in capitals for emphasis ("CONTRACT PERIOD"), not as an acronym
    ("MSL", "IBM"): in capitals, with a word of four letters or more."""
    return term.isupper() and any(sum(map(str.isalpha, w)) >= _SHOUTED_WORD for w in term.split())


def singular(term: str) -> str | None:
    """The term with its last word in the singular when that word is a regular plural
    ("Dealer Covered Person" of "Dealer Covered Persons", "Maintenance Authority" of "Maintenance
    Authorities", "Fee" of "Fees", "GCP" of "GCPs"), else None ("Gross", "Bonus", "Analysis")."""
    if _NOT_PLURAL.search(term):
        return None
    for ending, replaced in _SINGULAR_ENDINGS:
        if term.endswith(ending) and len(term) > len(ending) + 1:
            return term[: -len(ending)] + replaced
    return None


def plural(term: str) -> str:
    """The term with its last word in the plural as a use writes it: "ies" for a last "y"
    (`takes_ies`), "es" after a hiss, else "s"; in capitals for a term in capitals for emphasis
    ("AFFILIATED COMPANIES", "LOSSES"), "s" after an acronym ("GCPs", "ABYs")."""
    if takes_ies(term):
        stem, ending = term[:-1], "ies"
    else:
        stem, ending = term, "es" if term.lower().endswith(("s", "x", "z", "ch", "sh")) else "s"
    return stem + (ending.upper() if shouted(term) else ending)


def takes_ies(term: str) -> bool:
    """Whether the term's plural ends in "ies" for its last "y" ("Party", "Parties"; not "Key";
    "IES" for a term in capitals for emphasis, "AFFILIATED COMPANIES"; not an acronym's "Y")."""
    return len(term) > 1 and (term[-1] == "y" or term[-1] == "Y" and shouted(term)) and term[-2] not in "aeiouAEIOU"


# Endings a plural drops: "ies" -> "y"; "es" after a hiss ("Losses", "Branches", "Boxes"); "s".
_SINGULAR_ENDINGS = (("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x"), ("s", ""))
_NOT_PLURAL = re.compile(r"(?:ss|us|is|[^A-Za-z]s|(?i:series|species|news))\Z|[^s]\Z")


def renamed_forms(term: str, name: str) -> list[tuple[str, str]]:
    """Each written form of ``term`` with what a rename to ``name`` writes in its place: the same
    form of ``name`` ("the Software" for "the Program" when "The Program" becomes "The Software"),
    its title case for a title case with acronyms ("Suite Application" for "PSA Application"), or
    the form ``name`` names there, or ``name`` itself, where ``name`` has no such form."""
    new = dict(_shaped_forms(name))
    pairs: dict[str, str] = {}
    for (named, shape), form in _shaped_forms(term):
        titled = new.get((named, _TITLE)) if shape == _ACRONYMS_KEPT else None
        pairs.setdefault(form, new.get((named, shape)) or titled or new.get((named, 0)) or name)
    return list(pairs.items())


_TITLE, _ACRONYMS_KEPT = 1, 5  # shapes of `_shaped_forms`


def _shaped_forms(term: str) -> list[tuple[tuple[int, int], str]]:
    """The forms of ``term``, each with its place: (-1, 0) for the term as defined, else the form
    it names (its index) and the shape given to it (0 as named, 1 title case, 2 "the", 3 small
    words in the other case, 4 its first word in lower case, 5 title case but its acronyms, 6 each
    word capitalised)."""
    out = [((-1, 0), term)]
    for k, named in enumerate(_named_forms(term)):
        title = _title_case(named)
        shapes = (named, title, _article_lowered(title or named), _small_words_flipped(title or named),
                  _sentence_lowered(named), _acronyms_kept(title), _capitalised(named))
        out.extend(((k, shape), form) for shape, form in enumerate(shapes) if form)
    return out


def _capitalised(term: str) -> str | None:
    """A term that its definition wrote with words in small letters or in capitals beside words in
    title case, with each word capitalised as the text then uses it ("Defaulting Party" of
    "Defaulting party", "Change of Control" of "change of control", "Permitted Components" of
    "PERMITTED Components"): the small words inside it as they are, an acronym kept; None for a term
    in capitals for emphasis (see `_title_case`) or one already so written."""
    if shouted(term):
        return None
    words = term.split()
    capitalised = [w if k and w in TITLE_SMALL_WORDS else _titled(w) if shouted(w) else w.capitalize() if w.islower() else w
                   for k, w in enumerate(words)]
    return " ".join(capitalised) if capitalised != words else None


def _small_words_flipped(term: str) -> str | None:
    """The term with the small words inside it ("of", "for", "and") in the other case, as title
    case is typed both ways ("Ready for Service Date" of "Ready For Service Date"), or None for a
    term without such words."""
    words = term.split()
    flipped = [_flipped(w) if 0 < k < len(words) - 1 and w.lower() in TITLE_SMALL_WORDS else w
               for k, w in enumerate(words)]
    return " ".join(flipped) if flipped != words else None


def _sentence_lowered(term: str) -> str | None:
    """A term of lower-case words but the first, whose capital is the sentence's ('"Object code"
    means ...'), and acronyms ("To the best of IBM's knowledge"), with that word in lower case
    ("object code"), or None for any other term."""
    first, _, rest = term.partition(" ")
    if not rest or not first.istitle():
        return None
    words = " ".join(w for w in rest.split() if _ACRONYM_WORD.fullmatch(w) is None)
    return f"{first.lower()} {rest}" if words.islower() else None


# An acronym as a word of a term, maybe possessive: "IBM", "IBM's".
_ACRONYM_WORD = re.compile(r"[A-Z]{2,}(?:['\u2019]s)?")


def _flipped(word: str) -> str:
    return word.lower() if word.istitle() else word.capitalize() if word.islower() else word


def _article_lowered(term: str) -> str | None:
    """A term that opens with "The" and a capitalised word, with "the" ("the Program" of "The
    Program"), or None for any other term."""
    first, _, rest = term.partition(" ")
    return f"the {rest}" if first == "The" and rest[:1].isupper() else None


def _named_forms(term: str) -> list[str]:
    """The forms a term names: itself without its plural mark, or each side of an "or"."""
    base = _PLURAL_MARK.sub("", term)
    first, joined, second = base.partition(" or ")
    first, second = first.strip(), second.strip()
    if not joined or not first[:1].isupper() or not second[:1].isupper():
        return [base]
    if " " not in second and " " in first:
        second = f"{first.rsplit(' ', 1)[0]} {second}"  # "Tournament Bonus or Bonuses"
    return [first, second]


def _acronyms_kept(title: str | None) -> str | None:
    """A term's title case (`_title_case`) with its acronyms in capitals ("PSA Application" of "PSA
    APPLICATION", "Employee NDA/Invention Agreement"): its words of two or three letters that are no
    small words; None when it has none, or for a term with no title case."""
    if title is None:
        return None
    kept = _ACRONYM.sub(lambda m: m.group().upper(), title)
    return kept if kept != title else None


# A word of two or three letters in title case, alone or beside a slash ("Nda/Invention"), not a
# part of a hyphenated word ("Co-Branded").
_ACRONYM = re.compile(r"(?<![\w'-])(?!(?i:" + "|".join(TITLE_SMALL_WORDS) + r")\b)[A-Z][a-z]{1,2}(?![\w'-])")


def _title_case(term: str) -> str | None:
    """The title case of a term defined in capitals, or None for any other term."""
    if not shouted(term):
        return None
    return " ".join(w.lower() if k and w.lower() in TITLE_SMALL_WORDS else _titled(w) for k, w in enumerate(term.split()))


def _titled(word: str) -> str:
    """A word in title case, its possessive too ("Contractor's", which str.title makes "Contractor'S")."""
    return _POSSESSIVE_TITLED.sub("'s", word.title())


_POSSESSIVE_TITLED = re.compile(r"'S\b")
