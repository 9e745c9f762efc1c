"""Text analysis: token estimates and the term analysers shared by every index.

All functions are pure and deterministic; none of them keeps state between calls except the
optional stemmer's per-word cache, which never changes a result.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from functools import lru_cache
from typing import Callable

__all__ = [
    "STOP_WORDS",
    "NEGATIONS",
    "approx_tokens",
    "raw_token_count",
    "tokens_from_raw",
    "terms",
    "words",
    "han_bigram_tokens",
    "Analyzer",
    "make_analyzer",
    "token_classes",
    "class_raw_count",
    "class_raw_extend",
    "forget_words",
]

_TOKEN_RE = re.compile(r"\w+|[^\w\s]")
_WORD_RE = re.compile(r"[^\W_]+")

NEGATIONS = frozenset({"not", "no", "nor", "without"})

# English function words that carry no retrieval signal. Negations are deliberately absent:
# "shall not assign" and "shall assign" must not look alike to the index.
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself of off on once only or other our ours ourselves out over
    own same she should so some such than that the their theirs them themselves then there these
    they this those through to too under until up very was we were what when where which while
    who whom why will with would you your yours yourself yourselves s t
    """.split()
) - NEGATIONS


def raw_token_count(text: str) -> int:
    """Number of words and punctuation marks in ``text`` (before the 1.3 factor)."""
    return len(_TOKEN_RE.findall(text))


def _class_of(ch: str) -> str:
    # The same predicates as the regex engine's \w and \s for str patterns.
    if ch.isalnum() or ch == "_":
        return "w"
    return " " if ch.isspace() else "p"


_ASCII_CLASSES = bytes(ord(_class_of(chr(i))) for i in range(128)) + bytes(128)
_STAND_INS = {"w": "a", " ": " ", "p": "!"}


def _stand_in_error(exc: UnicodeError) -> tuple[str, int]:
    # Called by the ASCII encoder for each run of non-ASCII code points: one stand-in per point,
    # so offsets in the class string equal offsets in the text (astral characters included).
    assert isinstance(exc, UnicodeEncodeError)
    run = exc.object[exc.start : exc.end]
    return "".join(_STAND_INS[_class_of(ch)] for ch in run), exc.end


codecs.register_error("longdoc.token-classes", _stand_in_error)


def token_classes(text: str) -> bytes:
    """One byte per code point of ``text``: b"w" word, b" " whitespace, b"p" punctuation.

    Lets :func:`class_raw_count` count tokens of any slice with C-speed ``bytes.count``.
    """
    return text.encode("ascii", "longdoc.token-classes").translate(_ASCII_CLASSES)


def class_raw_count(classes: bytes, start: int, end: int) -> int:
    """``raw_token_count(text[start:end])`` computed from ``token_classes(text)``."""
    if start >= end:
        return 0
    return (
        classes.count(b"p", start, end)
        + classes.count(b" w", start, end)
        + classes.count(b"pw", start, end)
        + (classes[start] == 119)  # a word that starts the slice
    )


def class_raw_extend(classes: bytes, start: int, end: int, raw: int, new_end: int) -> int:
    """``class_raw_count(classes, start, new_end)`` from ``raw``, the count up to ``end`` <= new_end.

    Counts only the new characters: a word running across ``end`` was counted on both sides.
    """
    if new_end <= end:
        return raw
    if end <= start:
        return class_raw_count(classes, start, new_end)
    return raw + class_raw_count(classes, end, new_end) - (classes[end - 1] == 119 == classes[end])


def tokens_from_raw(raw: int) -> int:
    """``ceil(raw * 1.3)`` in exact integer arithmetic (floats round 10 * 1.3 up to 14)."""
    return (raw * 13 + 9) // 10


def approx_tokens(text: str) -> int:
    """Estimated model tokens: words and punctuation marks times 1.3, rounded up.

    Additive over pieces cut at whitespace before rounding, which the section splitter relies on.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    return tokens_from_raw(raw_token_count(text))


def _strip_plural(word: str) -> str:
    # "terminations" -> "termination", "parties" -> "party"; short words and "-ss"/"-us"/"-is"
    # endings ("business", "status", "basis") are left alone.
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Casefolded Unicode words; underscores and every non-word character separate words."""
    return _WORD_RE.findall(text.casefold())


def forget_words() -> None:
    """Let go of the terms remembered for words seen (about 2 MB after indexing a 10 MB contract);
    indexing makes them again as it meets the words."""
    _term_of.cache_clear()


@lru_cache(maxsize=1 << 17)
def _term_of(word: str) -> str | None:
    return None if word in STOP_WORDS else _strip_plural(word)


def terms(text: str) -> list[str]:
    """Index terms: casefolded words, stop words dropped (never negations), plural "s" stripped."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    term_of = _term_of
    return [t for t in map(term_of, _WORD_RE.findall(text.casefold())) if t is not None]


# Han ideographs: CJK Unified Ideographs, Extension A, compatibility ideographs, Extensions B-F.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef\U00030000-\U0003134f"
_HAN_OR_WORD_RE = re.compile(f"[{_HAN}]+|[^\\W_{_HAN}]+")
_HAN_RUN_RE = re.compile(f"[{_HAN}]+")


def han_bigram_tokens(text: str) -> list[str]:
    """NFKC-normalised tokens: words for non-Han runs, overlapping bigrams for Han runs.

    A lone Han character is one token, so single-character queries still match.
    """
    out: list[str] = []
    for run in _HAN_OR_WORD_RE.findall(unicodedata.normalize("NFKC", text).casefold()):
        if _HAN_RUN_RE.fullmatch(run):
            if len(run) == 1:
                out.append(run)
            else:
                out.extend(run[i : i + 2] for i in range(len(run) - 1))
        else:
            out.append(run)
    return out


Analyzer = Callable[[str], list[str]]


def make_analyzer(stem: bool = False) -> Analyzer:
    """The index analyser: :func:`terms`, optionally followed by an English Snowball stemmer.

    Stemming uses PyStemmer when installed, else the pure-Python ``snowballstemmer`` (identical
    stems); each distinct word is stemmed once. Raises ImportError when neither is installed.
    """
    if not stem:
        return terms
    stem_word = _snowball_stem_function()
    stop = STOP_WORDS

    @lru_cache(maxsize=1 << 16)
    def stem_one(word: str) -> str:
        return stem_word(word)

    def analyse(text: str) -> list[str]:
        if not isinstance(text, str):
            raise TypeError(f"text must be str, not {type(text).__name__}")
        return [stem_one(w) for w in _WORD_RE.findall(text.casefold()) if w not in stop]

    return analyse


def _snowball_stem_function() -> Callable[[str], str]:
    try:
        import Stemmer  # PyStemmer: the same Snowball algorithms in C

        return Stemmer.Stemmer("english").stemWord
    except ImportError:
        pass
    try:
        import snowballstemmer
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "stemming needs 'snowballstemmer' (pip install longdoc[stem]) or PyStemmer"
        ) from exc
    return snowballstemmer.stemmer("english").stemWord
