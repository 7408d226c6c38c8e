"""Whether a line of a player's message is meant as an order at all.

Players write other things too: `ciao`, `ok`, `thanks`, a question, a lone province name. Read as
orders these become nonsense (`stop` is Russia's fleet in St Petersburg holding, `help` the
Helgoland Bight), or an error full of province suggestions. A line is taken as an order only
when the order language's own words say so (`vocab/*.json`, all three languages at once):

- a province named exactly, with an order word or a unit word beside it, or with a second
  province (`Par Bur` is a move written without its sign);
- an order word or a unit word beside a word that is close to a province's name
  (`A Pariss - Burr`: a misspelt order, whose suggestions help);
- a move sign between two words (`Xyz - Bur`);
- a line that is only a waiver (`waive`, `rinuncia`, `geen bouw`).

Everything else (no order word and no unit word, or those words with nothing that names a
place) is not an order: the player is told so, and nothing is suggested.
"""

from __future__ import annotations

import re
from functools import lru_cache

from grammar.lexicon import BOARD, fold, lexicon

_WORDS = re.compile(r"[^\W_]+")
_MOVE_SIGN = re.compile(r"[^\W_]\s*(?:-+>?|=>|→|–|—)\s*[^\W_]")
_ORDER_TERMINALS = frozenset({"UNIT", "HOLD", "MOVE", "SUPPORT", "CONVOY", "VIA", "RETREAT",
                              "DISBAND", "BUILD", "WAIVE"})
_NEAR_PLACE = 80.0     # how close (rapidfuzz ratio) a misspelt word must be to a province name
_NEAR_LENGTH = 4       # shorter words are too often near some abbreviation (`ok`, `yes`)


def looks_like_order(line: str, board: str | None = None) -> bool:
    """True when `line` is meant as an order (readable or not), False for small talk, a
    question, a lone province name, or anything else the order language has no words for.
    `board`: the board of names the line is read on (`grammar.lexicon.names_board`: an
    Ancient Mediterranean game's `A Cirta holds`); default the one being read (`BOARD`)."""
    return _looks_like_order(line.strip()[:400], board or BOARD.get())


@lru_cache(maxsize=4096)
def _looks_like_order(line: str, board: str) -> bool:
    if _MOVE_SIGN.search(line):
        return True
    words = [(terminal, word) for terminal, word in _classified(fold(line), board)]
    places = sum(1 for terminal, _w in words if terminal == "LOC")
    order_words = [terminal for terminal, _w in words if terminal in _ORDER_TERMINALS]
    if places and (order_words or places >= 2):
        return True
    if not order_words:
        return False
    if all(terminal in ("WAIVE", "FILLER") for terminal, _w in words):
        return True
    lex = lexicon("auto", board)
    return any(terminal is None and len(word) >= _NEAR_LENGTH
               and lex.fuzzy_candidates(word, cutoff=_NEAR_PLACE, limit=1)
               for terminal, word in words)


def _classified(folded: str, board: str) -> list[tuple[str | None, str]]:
    """The line's words, longest known phrases first, each with what the vocabularies make of
    it on `board`: LOC, UNIT, a keyword's terminal, COAST, NATION, FILLER, or None (an unknown
    word)."""
    lex = lexicon("auto", board)
    words = _WORDS.findall(folded)
    out: list[tuple[str | None, str]] = []
    start = 0
    while start < len(words):
        for size in range(min(lex.longest, len(words) - start), 0, -1):
            phrase = " ".join(words[start:start + size])
            entries = lex.lookup(phrase)
            if entries:
                out.append((_strongest(entries), phrase))
                start += size
                break
        else:
            out.append((None, words[start]))
            start += 1
    return out


def _strongest(entries: list) -> str:
    """One category for a phrase several readings share: an order or unit word first, then a
    place (`a` is an army and an Italian "to"; `con` a province and an Italian "with")."""
    terminals = {e.terminal for e in entries}
    for terminal in ("UNIT", *sorted(_ORDER_TERMINALS - {"UNIT"}), "LOC", "COAST", "NATION"):
        if terminal in terminals:
            return terminal
    return "FILLER"
