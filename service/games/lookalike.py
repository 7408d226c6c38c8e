"""Game names that look alike: two running games of one channel whose names a reader cannot
tell apart ("Spring League", "spring  league", "Sprïng Leaguе" with a Cyrillic е) confuse every
command that names a game. Creating such a game is asked to confirm (docs/moderation.md).

A name is folded to what it looks like: Unicode compatibility forms (NFKC: full-width letters,
ligatures, styled mathematical letters), case, accents and other combining marks, a small
table of letters of other scripts drawn like Latin ones (Cyrillic, Greek) and the digits 0 and
1 read as o and l; spaces, punctuation and invisible characters are left out. Two names alike
once folded look alike."""

from __future__ import annotations

import unicodedata

# Letters of other scripts (after casefold) that are drawn like a Latin letter, and digits
# read as letters. Deliberately small: the common look-alikes, not the whole Unicode table.
_CONFUSABLE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
    "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i",
    "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c",
    # Latin letters drawn like others, and digits read as letters
    "ı": "i", "ȷ": "j", "ſ": "s", "ß": "ss", "0": "o", "1": "l",
})


def fold(name: str) -> str:
    """What `name` looks like, for comparing (not for showing)."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(c for c in unicodedata.normalize("NFD", text)
                   if not unicodedata.category(c).startswith("M"))   # accents, marks
    text = text.translate(_CONFUSABLE)
    letters = "".join(c for c in text if c.isalnum())
    # a name of symbols only (emoji) is compared by its symbols, spaces left out
    return letters or "".join(text.split())


def looks_like(name: str, others: list[str]) -> str | None:
    """The first of `others` that looks like `name` (None: none does)."""
    mine = fold(name)
    return next((other for other in others if fold(other) == mine), None)
