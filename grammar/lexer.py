"""From the text of one order to lexemes: the words and signs of the line, each with every way
the vocabulary can read it.

Multi-word names are matched longest first (`Mare del Nord` before `Mare`), across the dots,
apostrophes and glued hyphens that names contain (`S. Pietroburgo`, `Mar d'Irlanda`,
`Sint-Petersburg`) while a hyphen between two names stays a move (`Ven-Tri`). A word that is no
province name gets its province readings from prefixes (`Tyr`, `Gul`) and fuzzy matching
(`Smyrne`), cheapest first; the parser and then the position choose among them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from grammar.lexicon import Entry, Lexicon, fold

_TOKEN = re.compile(
    r"(?P<word>[^\W\d_]+)"
    r"|(?P<number>\d+)"
    r"|(?P<arrow>->|=>|-->|→|⇒|⟶|>)"
    r"|(?P<dash>[-‐‑‒–—―−~])"
    r"|(?P<soft>[./()'’`´\[\]\"“”«»„:!?*])"
    r"|(?P<other>\S)")

# Cost of a province reading, by how the word named it (lower is preferred).
COST_EXACT = 0.0
COST_OTHER_LANGUAGE = 0.25
COST_PREFIX = 1.0
COST_FUZZY = 2.0


@dataclass(frozen=True)
class Place:
    """One province a word may name, with how it was read (`name`, `id`, `abbreviation`,
    `prefix`, `fuzzy`) and what that reading costs."""

    pid: str
    cost: float
    how: str
    languages: frozenset[str]


@dataclass(frozen=True)
class Option:
    terminal: str
    value: object  # tuple[Place, ...] for LOC
    languages: frozenset[str]


class Lexeme(NamedTuple):
    text: str       # as written
    start: int      # column, 0-based, in the line
    key: str        # normalised
    options: tuple[Option, ...]
    filler: bool    # may be dropped
    clue: str | None = None  # the one language whose vocabulary has this word, if only one
    signature: str = ""      # the terminals it may be, and whether it may be dropped

    @property
    def column(self) -> int:
        return self.start + 1


# A lexeme made from a tuple at C speed (a NamedTuple's own constructor is a Python call).
_new_lexeme = tuple.__new__


def tokens(line: str) -> list[tuple[str, str, int, int]]:
    """(kind, text, start, end) of every token of the line.

    No token spans a space, so the line is cut at spaces first (`str.split`, in C) and each
    piece is read once: a piece of letters only is one word, any other piece (`Ven-Tri`,
    `(Cs)`, `-`) goes through the regular expression and is remembered. The tokens are
    those `_TOKEN.finditer(line)` finds, in a third of the time."""
    out: list[tuple[str, str, int, int]] = []
    end = 0
    for piece in line.split():
        start = line.find(piece, end)
        end = start + len(piece)
        if piece.isalpha():
            out.append(("word", piece, start, end))
            continue
        found = _PIECES.get(piece)
        if found is None:
            found = tuple((m.lastgroup or "other", m.group(), *m.span())
                          for m in _TOKEN.finditer(piece))
            if len(_PIECES) > _MEMO_LIMIT:
                _PIECES.clear()
            _PIECES[piece] = found
        out.extend((kind, text, start + first, start + last)
                   for kind, text, first, last in found)
    return out


_PIECES: dict[str, tuple[tuple[str, str, int, int], ...]] = {}  # tokens of a piece, as read


def lexemes(line: str, lex: Lexicon) -> list[Lexeme]:
    toks = tokens(line)
    out: list[Lexeme] = []
    # Signs and single words (those that start no longer phrase) read the same wherever they
    # stand, so they are remembered as written, before folding accents and case.
    known = lex.written
    placed = lex.placed
    i = 0
    while i < len(toks):
        kind, text, start, _end = toks[i]
        reading = known.get(text)
        if reading is not None:
            lexeme = placed.get((text, start))
            if lexeme is None:
                if len(placed) > _MEMO_LIMIT:
                    placed.clear()
                lexeme = placed[(text, start)] = _new_lexeme(Lexeme, (text, start, *reading))
            out.append(lexeme)
            i += 1
            continue
        if kind == "soft":
            i += 1
            continue
        if kind in ("dash", "arrow"):
            reading = ("-", *_reading(lex, "-"))
        elif kind in ("other", "number"):
            reading = (text, _UNKNOWN, False, None, _UNKNOWN_SIGNATURE)
        else:
            key, end = _longest_phrase(toks, i, lex)
            reading = (key, *_reading(lex, key))
            if end > i + 1 or key in lex.phrase_starts:
                # A phrase, or a word that may start one: depends on the words after it.
                out.append(_new_lexeme(Lexeme, (line[start:toks[end - 1][3]], start,
                                                *reading)))
                i = end
                continue
        if len(known) > _MEMO_LIMIT:
            known.clear()
        if len(placed) > _MEMO_LIMIT:
            placed.clear()
        known[text] = reading
        lexeme = placed[(text, start)] = _new_lexeme(Lexeme, (text, start, *reading))
        out.append(lexeme)
        i += 1
    return out


_UNKNOWN = (Option("UNKNOWN", None, frozenset()),)


def _signature(options: tuple[Option, ...], filler: bool) -> str:
    """What the parser needs to know of a lexeme, as one string (`LOC UNIT`, `MOVE ?` for a
    word that may be dropped): lines whose lexemes have the same signatures parse alike, and
    a tuple of strings is quick to look up."""
    return " ".join([o.terminal for o in options] + (["?"] if filler else []))


_UNKNOWN_SIGNATURE = _signature(_UNKNOWN, False)
_MEMO_LIMIT = 50_000


def _reading(lex: Lexicon, key: str) -> tuple[tuple[Option, ...], bool, str | None, tuple]:
    """(options, filler, language clue, signature) of a phrase key, memoised per lexicon: the
    same words come back in every message."""
    found = lex.memo.get(key)
    if found is not None:
        return found
    entries = lex.lookup(key)
    if entries:
        options = _options(entries)
        filler = any(e.terminal == "FILLER" for e in entries)
        if " " not in key and any(e.terminal == "LOC" for e in entries):
            options = _with_loose_places(key, options, lex)
        langs = frozenset().union(*(e.languages for e in entries))
        clue = next(iter(langs)) if len(langs) == 1 else None
    else:
        options, filler, clue = _with_loose_places(key, (), lex) or _UNKNOWN, False, None
    found = (options, filler, clue, _signature(options, filler))
    if len(lex.memo) > _MEMO_LIMIT:
        lex.memo.clear()
    lex.memo[key] = found
    return found


def _longest_phrase(toks: list[tuple[str, str, int, int]], i: int, lex: Lexicon
                    ) -> tuple[str, int]:
    """The longest vocabulary phrase starting at word token i: (key, index after it). A word
    that starts no phrase is its own key."""
    first = fold(toks[i][1])
    if first not in lex.phrase_starts:
        return first, i + 1
    words: list[str] = []
    ends: list[int] = []
    j = i
    while j < len(toks) and len(words) < lex.longest:
        kind, text, start, end = toks[j]
        if kind == "word":
            words.append(fold(text))
            ends.append(j + 1)
            j += 1
            continue
        # Signs that may sit inside a name: dots and apostrophes anywhere, a hyphen only
        # when glued to the words on both sides (Sint-Petersburg, not "Ven - Tri").
        glued = (j > 0 and toks[j - 1][3] == start and j + 1 < len(toks)
                 and toks[j + 1][2] == end and toks[j + 1][0] == "word")
        if text in ".'’`´" or (kind == "dash" and glued):
            j += 1
            continue
        break
    for n in range(len(words), 1, -1):
        key = " ".join(words[:n])
        if lex.lookup(key):
            return key, ends[n - 1]
    return first, i + 1


def _options(entries: list[Entry]) -> tuple[Option, ...]:
    options: list[Option] = []
    places: list[Place] = []
    for entry in entries:
        if entry.terminal == "FILLER":
            continue
        if entry.terminal == "LOC":
            places.extend(Place(pid, COST_EXACT, entry.how, entry.languages)
                          for pid in entry.value)
        else:
            options.append(Option(entry.terminal, entry.value, entry.languages))
    if places:
        options.insert(0, _loc_option(places))
    return tuple(options)


def _loc_option(places: list[Place]) -> Option:
    """One LOC option holding every province reading, the cheapest way to each province."""
    best: dict[str, Place] = {}
    for place in places:
        seen = best.get(place.pid)
        if seen is None or place.cost < seen.cost:
            best[place.pid] = Place(place.pid, place.cost, place.how,
                                    place.languages | (seen.languages if seen else frozenset()))
        elif place.cost == seen.cost:
            best[place.pid] = Place(seen.pid, seen.cost, seen.how,
                                    seen.languages | place.languages)
    langs = frozenset().union(*(p.languages for p in best.values()))
    return Option("LOC", tuple(best.values()), langs)


def _with_loose_places(key: str, options: tuple[Option, ...], lex: Lexicon
                       ) -> tuple[Option, ...]:
    """Add the readings of a single word as the start of a name or as a misspelling. A word
    that is an exact province name or id gets its prefix readings too (`Tyr` is Tyrolia, and
    the start of Tyrrhenian Sea); fuzzy readings only when nothing exact matched."""
    if not key.isalpha() or len(key) < 2:
        return options
    exact = [p for o in options if o.terminal == "LOC" for p in o.value]
    loose = [Place(pid, COST_PREFIX, "prefix", langs)
             for pid, langs in lex.prefix_candidates(key).items()]
    if not options and not loose:
        loose = [Place(pid, COST_FUZZY, "fuzzy", langs)
                 for pid, _score, langs in lex.fuzzy_candidates(key)]
    if not loose:
        return options
    rest = tuple(o for o in options if o.terminal != "LOC")
    merged = _loc_option(exact + loose)
    return ((merged,) + rest) if exact else (rest + (merged,))
