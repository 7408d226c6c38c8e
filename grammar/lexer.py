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
from operator import itemgetter
from typing import NamedTuple

from grammar.lexicon import Entry, Lexicon, fold, phrase_key

_TOKEN = re.compile(
    # "e:", "ger:", "A-H:": a word before the colon that ends a piece is a label (a power's,
    # when it may be one: see _label_reading); "Ven-Tri:" stays a move
    r"(?P<label>(?:[^\W\d_]{1,2}-[^\W\d_]{1,2}|[^\W\d_]+)(?=:(?:\s|$)))"
    r"|(?P<word>[^\W\d_]+)"
    r"|(?P<number>\d+)"
    r"|(?P<arrow>[-=]*>|→|⇒|⟶|➔|➜)"
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
_SIGNATURE_OF = itemgetter(Lexeme._fields.index("signature"))  # lx.signature, mapped in C


def tokens(line: str) -> list[tuple[str, str, int, int]]:
    """(kind, text, start, end) of every token of the line.

    No token spans a space, so the line is cut at spaces first (`str.split`, in C) and each
    piece is read once (`_piece_tokens`). The tokens are those `_TOKEN.finditer(line)`
    finds, in a third of the time."""
    out: list[tuple[str, str, int, int]] = []
    end = 0
    for piece in line.split():
        start = line.find(piece, end)
        end = start + len(piece)
        out.extend((kind, text, start + first, start + last)
                   for kind, text, first, last in _piece_tokens(piece))
    return out


_PIECES: dict[str, tuple[tuple[str, str, int, int], ...]] = {}  # tokens of a piece, as read


def lexemes(line: str, lex: Lexicon) -> list[Lexeme]:
    """The lexemes of a line, in one pass over its pieces between spaces; the plain way
    (every token of `tokens(line)` in turn, each word trying every run of words after it as
    a phrase) gives the same, and `tests/grammar/test_lexer_shortcuts.py` holds them together.

    A piece (`Ven-Tri`, `(Cs)`, `Par`) whose words start no longer phrase reads the same
    wherever it stands, so its lexemes are remembered per column and piece as written, in
    `lex.placed` (a table per column: no tuple to make for a key): most pieces of a new
    line are found there, with no tokens made. A piece whose first word may start a phrase
    (`Mare`, `moves`, `S`) is read token by token, looking ahead into the next pieces for
    the rest of the phrase (`_read_on`)."""
    out: list[Lexeme] = []
    placed = lex.placed
    written = lex.written
    pieces = line.split()
    count = len(pieces)
    k = 0
    end = 0
    while k < count:
        piece = pieces[k]
        start = line.find(piece, end)
        end = start + len(piece)
        column = placed.get(start)
        if column is None:
            column = placed[start] = {}
        found = column.get(piece)
        if found is None:
            if written.get(piece) is not _PHRASE_START:
                toks = _piece_tokens(piece)
                found = _context_free(toks, start, lex)
                if found is not None and (len(found) != 1 or len(toks) != 1):
                    _keep(lex, start, piece, found)  # (one token alone is kept as such)
            if found is None:  # a word in it may start a phrase
                k, end = _read_on(line, pieces, k, start, _piece_tokens(piece), lex, out)
                continue
        out += found
        k += 1
    return truncated_names(out, line, lex)


def _given_back(out: list[Lexeme], line: str, lex: Lexicon) -> list[Lexeme]:
    """A phrase that is no place whose last word starts a place's name written on after it
    (Italian `via mare` in `via Mare del Nord`): the phrase without that word, and the name.
    Only when both halves are in the vocabulary, and the name is only a place."""
    for i in range(len(out) - 1):
        phrase = out[i]
        if " " not in phrase.key or phrase.key.rpartition(" ")[2] not in lex.phrase_starts \
                or any(o.terminal == "LOC" for o in phrase.options):
            continue
        last = phrase.text.split()[-1]
        name_start = phrase.start + phrase.text.rindex(last)
        head = phrase.text[:name_start - phrase.start].rstrip()
        head_key = phrase_key(head)
        if not head or not lex.lookup(head_key):
            continue
        for j in range(min(len(out), i + lex.longest), i + 1, -1):
            if not any(c.isalnum() for c in out[j - 1].text):
                continue  # a sign ("-") after the name is no part of it
            end = out[j - 1].start + len(out[j - 1].text)
            span = line[name_start:end]
            key = phrase_key(span)
            entries = lex.lookup(key)
            if entries and all(e.terminal == "LOC" for e in entries):
                given = [_phrase_lexeme(head, phrase.start, head_key, lex),
                         _phrase_lexeme(span, name_start, key, lex)]
                return [*out[:i], *given, *_given_back(out[j:], line, lex)] \
                    if j < len(out) else [*out[:i], *given]
    return out


def truncated_names(out: list[Lexeme], line: str, lex: Lexicon) -> list[Lexeme]:
    """Two words side by side that start two words of one province's name, in their order
    ("Engli Cha", "Eng Chan", "Mid Atl", "Helgol Bight", "Can Man" for Canale della Manica,
    "Mar Tirr"), as one lexeme naming it: when the first may name that province and one of
    the two names nothing exactly (its readings are only starts of names or misspellings).
    Two names ("Ven Tri") stay two. A phrase that swallowed the start of a name gives it
    back first (`_given_back`)."""
    if len(out) < 2:
        return out
    out = _given_back(out, line, lex)
    # Where two such words may stand, by the line's signatures: found once per pattern, so
    # most lines (no two places side by side) cost one look-up.
    pattern = tuple(map(_SIGNATURE_OF, out))
    pairs = _PAIRS.get(pattern)
    if pairs is None:
        pairs = tuple(i for i in range(len(pattern) - 2, -1, -1)
                      if "LOC" in pattern[i] and pattern[i + 1] in _LOOSE_SIGNATURES)
        if len(_PAIRS) > _MEMO_LIMIT:
            _PAIRS.clear()
        _PAIRS[pattern] = pairs
    for i in pairs:  # from the right: a merge leaves the pairs before it where they were
        first, second = out[i], out[i + 1]
        if _loose(second) or _loose(first):
            merged = _truncated(first, second, line, lex)
            if merged is not None:
                out[i:i + 2] = [merged]
    return out


_LOOSE_SIGNATURES = frozenset(("LOC", "UNKNOWN"))
_PAIRS: dict[tuple, tuple[int, ...]] = {}  # signatures of a line -> where two may merge


def _starts_in_order(written: list[str], words: tuple[str, ...]) -> bool:
    """Whether each word written starts a word of the name, in the name's order."""
    j = 0
    for w in written:
        while j < len(words) and not words[j].startswith(w):
            j += 1
        if j == len(words):
            return False
        j += 1
    return True


def _loose(lexeme: Lexeme) -> bool:
    """Whether a word names no province exactly (its readings, if any, are starts of names
    or misspellings)."""
    option = lexeme.options[0]
    if option.terminal == "UNKNOWN":
        return True
    return option.terminal == "LOC" and all(p.how in ("prefix", "fuzzy") for p in option.value)


def _truncated(first: Lexeme, second: Lexeme, line: str, lex: Lexicon) -> Lexeme | None:
    written = [first.key.rsplit(" ", 1)[-1], *second.key.split()]  # ("Mid", "Atl Oce")
    if not all(w.isalpha() for w in written[1:]) or len(written[1]) < 2:
        return None
    places = next(o.value for o in first.options if o.terminal == "LOC")
    found = []
    for place in places:
        if any(_starts_in_order(written, words) for words in lex.name_words.get(place.pid, ())):
            found.append(Place(place.pid, COST_PREFIX, "prefix", place.languages))
    if not found:
        return None
    options = (_loc_option(found),)
    text = line[first.start:second.start + len(second.text)]
    langs = options[0].languages
    return _new_lexeme(Lexeme, (text, first.start, f"{first.key} {second.key}", options, False,
                                next(iter(langs)) if len(langs) == 1 else None,
                                _signature(options, False)))


def _piece_tokens(piece: str) -> tuple[tuple[str, str, int, int], ...]:
    """The tokens of a piece of text with no space, columns counted from the piece's start:
    a piece of letters only is one word, any other (`Ven-Tri`, `(Cs)`, `-`) goes through
    the regular expression; remembered."""
    found = _PIECES.get(piece)
    if found is None:
        if piece.isalpha():
            found = (("word", piece, 0, len(piece)),)
        else:
            found = tuple((m.lastgroup or "other", m.group(), *m.span())
                          for m in _TOKEN.finditer(piece))
        if len(_PIECES) > _MEMO_LIMIT:
            _PIECES.clear()
        _PIECES[piece] = found
    return found


def _written(kind: str, text: str, lex: Lexicon) -> tuple | None:
    """The reading (key, options, filler, clue, signature) of a token that reads the same
    wherever it stands, remembered as written; None for a word that may start a phrase
    (remembered as `_PHRASE_START`) and for a sign that is dropped."""
    reading = lex.written.get(text)
    if reading is not None:
        return None if reading is _PHRASE_START else reading
    if kind == "soft":
        return None
    if kind == "word":
        key = fold(text)
        reading = _PHRASE_START if key in lex.phrase_starts else (key, *_reading(lex, key))
    elif kind in ("dash", "arrow"):
        reading = ("-", *_reading(lex, "-"))
    elif kind == "other":  # "+ F Bre": a sign the vocabulary may know
        reading = (text, *_reading(lex, text))
    else:  # number
        reading = (text, _UNKNOWN, False, None, _UNKNOWN_SIGNATURE)
    if len(lex.written) > _MEMO_LIMIT:
        lex.written.clear()
    lex.written[text] = reading
    return None if reading is _PHRASE_START else reading


_PHRASE_START = "a word that may start a phrase"  # its reading depends on the words after it


def _context_free(toks: tuple, start: int, lex: Lexicon) -> tuple[Lexeme, ...] | None:
    """The lexemes of a piece at column `start`, or None when a word in it may start a
    phrase (then what follows the piece decides)."""
    out = []
    for kind, text, first, _last in toks:
        if kind == "label":
            out.append(_label_lexeme(text, start + first, lex))
            continue
        reading = _written(kind, text, lex)
        if reading is None:
            if kind == "soft":
                continue
            return None
        out.append(_token_lexeme(text, start + first, reading, lex))
    return tuple(out)


def _token_lexeme(text: str, start: int, reading: tuple, lex: Lexicon) -> Lexeme:
    """The lexeme of a token that reads the same wherever it stands. A piece that is only
    this token has just this lexeme, so the one kept for that piece is shared."""
    column = _column(lex, start)
    alone = column.get(text)
    if alone is not None:
        return alone[0]
    lexeme = _new_lexeme(Lexeme, (text, start, *reading))
    _keep(lex, start, text, (lexeme,))
    return lexeme


def _column(lex: Lexicon, start: int) -> dict:
    """What is remembered of the pieces and phrases written at one column (`lex.placed`)."""
    column = lex.placed.get(start)
    if column is None:
        column = lex.placed[start] = {}
    return column


def _keep(lex: Lexicon, start: int, key: object, value: object) -> None:
    """Remember `value` in the table of a column. The tables together hold at most
    _MEMO_LIMIT entries (counted in `lex.placed[None]`), then all are forgotten: a flood of
    new words never grows them without end."""
    placed = lex.placed
    kept = placed.get(None, 0)
    if kept >= _MEMO_LIMIT:
        placed.clear()
        kept = 0
    column = _column(lex, start)
    if key not in column:
        kept += 1
    column[key] = value
    placed[None] = kept


def _read_on(line: str, pieces: list[str], k: int, start: int,
             toks: tuple[tuple[str, str, int, int], ...], lex: Lexicon, out: list[Lexeme]
             ) -> tuple[int, int]:
    """Read piece k (at column `start`, with tokens `toks`), one of whose words may start a
    phrase, token by token into `out`; a phrase may run on into the next pieces. Returns
    the index of the next piece to read and the column where the last one read ends."""
    t = 0
    while t < len(toks):
        kind, text, first, last = toks[t]
        if kind == "label":
            out.append(_label_lexeme(text, start + first, lex))
            t += 1
            continue
        reading = _written(kind, text, lex)
        if reading is not None:
            out.append(_token_lexeme(text, start + first, reading, lex))
            t += 1
            continue
        if kind == "soft":
            t += 1
            continue
        key, k, start2, toks, t, phrase_end = _phrase_from(line, pieces, k, start, toks, t,
                                                           lex)
        out.append(_phrase_lexeme(line[start + first:phrase_end], start + first, key, lex))
        start = start2
    return k + 1, start + len(pieces[k])


def _phrase_lexeme(span: str, start: int, key: str, lex: Lexicon) -> Lexeme:
    """The lexeme of a phrase (or of a word that may start one) as written at a column:
    one object for every line with those words there (the span's words decide the key)."""
    column = _column(lex, start)
    lexeme = column.get((span,))  # a tuple: never a piece, whose lexemes are kept by its text
    if lexeme is None:
        lexeme = _new_lexeme(Lexeme, (span, start, key, *_reading(lex, key)))
        _keep(lex, start, (span,), lexeme)
    return lexeme


def _phrase_from(line: str, pieces: list[str], k: int, start: int, toks: tuple, t: int,
                 lex: Lexicon) -> tuple:
    """The longest vocabulary phrase starting at word token t of piece k (at column
    `start`): (key, and where reading goes on after it: piece index, its column, its tokens,
    token index; and the column where the phrase ends).

    Walks the lexicon's tree of phrases word by word, so it stops at the first word that
    continues no phrase; the plain way (`tests/grammar/test_lexer_shortcuts.py`: every run
    of words tried, longest first) gives the same."""
    _kind, text, _first, last = toks[t]
    first = fold(text)
    best = (first, k, start, toks, t + 1, start + last)
    node = lex.phrase_tree.get(first)
    count = len(pieces)
    if node is None:
        return best
    j = t + 1
    words = 1
    while words < lex.longest:
        if j == len(toks):  # on into the next piece
            if k + 1 == count:
                break
            start = line.find(pieces[k + 1], start + len(pieces[k]))
            k += 1
            toks = _piece_tokens(pieces[k])
            j = 0
        kind, text, first_col, last_col = toks[j]
        if kind == "word" or kind == "label":  # "Great Britain:"
            # one step per folded word (a letter may fold to several: "ﷻ"); the word as
            # written counts once towards the longest phrase, and a phrase ends only after it
            for folded in fold(text).split(" "):
                node = node[1].get(folded)
                if node is None:
                    break
            if node is None:
                break
            words += 1
            j += 1
            if node[0] is not None:
                best = (node[0], k, start, toks, j, start + last_col)
            continue
        if _inside_name(toks, j):
            j += 1
            continue
        break
    return best


_UNKNOWN = (Option("UNKNOWN", None, frozenset()),)


def _label_lexeme(text: str, start: int, lex: Lexicon) -> Lexeme:
    """The lexeme of a word written as a label, followed by a colon ("e:", "ger:", "A-H:",
    "Ingland:"): a power when it can be one (`_label_reading`), else the word itself."""
    column = _column(lex, start)
    written = text + ":"  # a word as written never holds a colon: its own key
    alone = column.get(written)
    if alone is not None:
        return alone[0]
    reading = lex.written.get(written)
    if reading is None:
        reading = _label_reading(lex, text)
        if len(lex.written) > _MEMO_LIMIT:
            lex.written.clear()
        lex.written[written] = reading
    lexeme = _new_lexeme(Lexeme, (written, start, *reading))
    _keep(lex, start, written, (lexeme,))
    return lexeme


def _label_reading(lex: Lexicon, text: str) -> tuple:
    """(key, options, filler, clue, signature) of a label: the power a label names (`e:`,
    `b:` for Britain, `ger:`, `Ita:`, `D:` in Dutch), or the power a word names (`Russia:`,
    `Britain:`), or the one power name a misspelt label is near (`Ingland:`); else the word's
    own reading. The key says how (`e:`, `russia`, `~ingland`): `syntax` notes all but a
    power's plain name."""
    key = phrase_key(text)
    for found in (key + ":", key):
        nations = [e for e in lex.lookup(found) if e.terminal == "NATION"]
        if nations:
            return (found, *_nation_reading(nations))
    if len(key) >= 5 and " " not in key:
        near = lex.nation_near(key)
        if near is not None:
            return ("~" + key, *_nation_reading([near]))
    return (key, *_reading(lex, key))


def _nation_reading(entries: list[Entry]) -> tuple:
    options = tuple(Option("NATION", e.value, e.languages) for e in entries)
    langs = frozenset().union(*(e.languages for e in entries))
    clue = next(iter(langs)) if len(langs) == 1 else None
    return options, False, clue, _signature(options, False)


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


def _inside_name(toks: list | tuple, j: int) -> bool:
    """Whether sign token j may sit inside a name: dots and apostrophes anywhere, a hyphen
    only when glued to the words on both sides (Sint-Petersburg, not "Ven - Tri"). The
    tokens are a piece's, or a line's (a sign at a piece's edge is never glued: a space
    separates it from the next piece)."""
    kind, text, start, end = toks[j]
    if text in ".'’`´":
        return True
    return (kind == "dash" and j > 0 and toks[j - 1][3] == start and j + 1 < len(toks)
            and toks[j + 1][2] == end and toks[j + 1][0] in ("word", "label"))


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
        if seen is None:
            best[place.pid] = place
        elif place.cost < seen.cost:
            best[place.pid] = Place(place.pid, place.cost, place.how,
                                    place.languages | seen.languages)
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
