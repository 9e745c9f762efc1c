"""The regular English inflections of a word: what a question's "disclose" also finds as
"disclosed" or "disclosing" in a contract.

Plurals and a verb's "-s" are folded by the index terms already ("terminates" is "terminate");
this adds the past tense and participles: "-ed" (or "-d" after an "e", "-ied" after a consonant
and "y", a doubled final consonant: "committed") and "-ing". Forms are generated, not looked up:
some are not words, and a question's weight on a form no section holds adds nothing.
"""

from __future__ import annotations

__all__ = ["inflections"]

_VOWELS = "aeiou"
_NOUN_ENDINGS = ("tion", "sion", "ness", "ity", "ship")


def inflections(word: str) -> set[str]:
    """Every regular inflection of ``word`` (casefolded) other than itself, read from it as a base
    or, when it ends like one, as an inflected form of a base; none for a word that is not ASCII
    letters or is shorter than three."""
    if len(word) < 3 or not (word.isascii() and word.isalpha()):
        return set()
    bases = _bases(word)
    # An inflected word ("required") is inflected no further, unless its stem is too short to tell
    # ("need": "ne"); nor is a noun by its ending ("notification").
    inflected = len(bases) > 1 and min(map(len, bases)) > 2
    forms: set[str] = set()
    for base in bases:
        forms.add(base)
        if not (base.endswith(_NOUN_ENDINGS) or (inflected and base == word)):
            forms.update(_inflected(base))
    forms.discard(word)
    return forms


def _bases(word: str) -> set[str]:
    """The word and the bases it may be an inflection of ("agreed": "agree", "agre"; "committed":
    "commit", "committ", "committe"): an ending alone cannot tell "used" from "need", and a base
    that is no word is harmless (no section holds its forms)."""
    bases = {word}
    if len(word) > 4 and word.endswith("ing"):
        stem = word[:-3]
        bases.update((stem, stem + "e"))
    elif len(word) > 3 and word.endswith("ed"):
        stem = word[:-2]
        bases.update((stem, word[:-1]))
        if word.endswith("ied"):
            bases.add(word[:-3] + "y")
    else:
        return bases
    if stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
        bases.add(stem[:-1])
    return bases


def _inflected(base: str) -> tuple[str, ...]:
    """The "-ed" and "-ing" forms of a base, both ways where a final consonant may double or not
    ("commit": "commited", "committed"; "cancel": "canceled", "cancelled")."""
    if base.endswith("ee"):
        return base + "d", base + "ing"
    if base.endswith("e"):
        return base + "d", base[:-1] + "ing"
    forms: tuple[str, ...] = (base + "ed", base + "ing")
    # A short final syllable doubles its consonant: "commit", "committed".
    if len(base) >= 3 and base[-1] not in _VOWELS + "ywx" and base[-2] in _VOWELS and base[-3] not in _VOWELS:
        forms += (base + base[-1] + "ed", base + base[-1] + "ing")
    if len(base) > 2 and base.endswith("y") and base[-2] not in _VOWELS:
        forms += (base[:-1] + "ied",)
    return forms
