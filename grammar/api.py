"""`parse_message` and `parse_line`: text in, one `ParsedLine` per order out. Never raises."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import cache, lru_cache

from engine import (
    DEFAULT_RULES,
    Order,
    Position,
    Power,
    Rules,
    rules_named,
)
from grammar import lexer, readings, syntax, texts, verdicts
from grammar.lexer import Lexeme, lexemes
from grammar.lexicon import BOARD, LANGUAGES, fold, lexicon, names_board
from grammar.readings import Resolver
from grammar.syntax import Shape, SyntaxProblem, parse_shape
from grammar.verdicts import PositionView, view_of

log = logging.getLogger(__name__)

MAX_LINE = 200       # characters in one order; longer is an error, read no further
MAX_ORDERS = 100     # orders in one message; the rest get one error each, unread


@dataclass(frozen=True)
class ParsedLine:
    """One order as read. `ok`: exactly one reading (`order`, `canonical`, and `notes` on
    what was interpreted); otherwise `error` says what, where and what was expected, and
    `candidates` lists the readings left (or the nearest names). `valid` is False, with a
    `reason`, for an order that reads but cannot succeed on the position. `language`: the
    language the line is written in (English when nothing tells)."""

    input: str
    ok: bool
    order: Order | None = None
    canonical: str | None = None
    notes: tuple[str, ...] = ()
    error: str | None = None
    candidates: tuple[str, ...] = ()
    valid: bool = False
    reason: str | None = None
    language: str = "en"
    # Why it was not read, as a key (`error` says it in words): the message's name in
    # grammar/vocab/*.json "messages" ("not_an_order", "other_power_order", "unknown_word",
    # ...), with plain values a caller may show in its own words: (("power", "Germany"),).
    error_kind: str | None = None
    error_params: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict:
        """The object `arbitro parse` prints (CONTRACTS.md)."""
        if not self.ok:
            return {"input": self.input, "ok": False, "error": self.error,
                    "candidates": list(self.candidates)}
        out: dict = {"input": self.input, "ok": True, "order": self.canonical,
                     "notes": list(self.notes)}
        if not self.valid:
            out["valid"] = False
            out["reason"] = self.reason
        return out


def _read_line(text: str, order: Order, notes: tuple[str, ...], valid: bool,
               reason: str | None, language: str) -> ParsedLine:
    """`ParsedLine(text, True, order, order.canonical(), notes, valid=valid, ...)`, made
    without the frozen dataclass's one `object.__setattr__` call per field (2 µs of the
    50 µs a line may take): the same object, equal to the one the constructor makes."""
    line = object.__new__(ParsedLine)
    known = _CANONICAL.get(id(order))
    if known is None or known[0] is not order:
        if len(_CANONICAL) > _CANONICAL_KEPT:
            _CANONICAL.clear()
        known = _CANONICAL[id(order)] = (order, order.canonical())
    line.__dict__.update(input=text, ok=True, order=order, canonical=known[1],
                         notes=notes, error=None, candidates=(), valid=valid, reason=reason,
                         language=language, error_kind=None, error_params=())
    return line


# The canonical text of each order object read (the reader makes one object per distinct
# order), by identity: the object is kept with it, so an id is never taken for another's.
_CANONICAL: dict[int, tuple[Order, str]] = {}
_CANONICAL_KEPT = 100_000


@cache
def _opening() -> Position:
    return Position.initial()


def parse_line(line: str, position: Position | None = None, power: Power | None = None,
               lang: str = "auto", reply_lang: str | None = None,
               rules: Rules | str | None = None) -> ParsedLine:
    """One order. `position` defaults to the opening of Spring 1901. The position's variant
    says which names of provinces and powers are read."""
    token = BOARD.set(names_board((position or _opening()).variant))
    try:
        return _parse_line(line, position, power, lang, reply_lang, rules)[0]
    finally:
        BOARD.reset(token)


def _parse_line(line: str, position: Position | None, power: Power | None, lang: str,
                reply_lang: str | None, rules: Rules | str | None) -> tuple[ParsedLine, bool]:
    """The parsed line, and whether it stopped early (so the next part may complete it).
    Kept per position: a player who edits one order sends the whole message again."""
    text = str(line).strip()
    view = view_of(position or _opening())
    # The key holds strings only (the power by its value), so the collector stops walking it.
    key = (text, lang, getattr(power, "_value_", power), reply_lang, rules)
    found = view.lines.get(key)
    if found is None:
        found = _parse_new_line(text, view, power, key,
                                _check_arguments(lang, rules))  # before anything is kept
        if len(view.lines) > _LINES_KEPT:
            view.lines.clear()
        # A line is kept as itself; a tuple marks one that stopped early (rare).
        view.lines[key] = found[0] if not found[1] else found
        return found
    return found if found.__class__ is tuple else (found, False)


_LINES_KEPT = 5_000


def _parse_new_line(text: str, view: PositionView, power: Power | None, key: tuple,
                    rules: Rules) -> tuple[ParsedLine, bool]:
    _text, lang, _power, reply_lang, _rules = key
    language = reply_lang if reply_lang in LANGUAGES else None
    try:
        if len(text) > MAX_LINE:
            reply = language or (lang if lang in LANGUAGES else "en")
            return ParsedLine(text, False, error=texts.message(
                reply, "too_long", length=len(text), limit=MAX_LINE), language=reply,
                error_kind="too_long"), False
        shape, line_language = _read(text, lang, BOARD.get())
        if isinstance(shape, SyntaxProblem) and shape.kind == "unknown_word":
            shape = _own_unit_named(text, lang, shape, view, power) or shape
        reply = language or line_language or "en"
        if isinstance(shape, SyntaxProblem):
            return _syntax_error(text, shape, reply, line_language or reply), \
                shape.kind == "incomplete"
        resolver = Resolver(view.position, power, view.position.board, rules,
                            line_language if lang == "auto" else None, reply, view)
        result = resolver.resolve(shape)
        if result.order is None:
            found = ParsedLine(text, False, error=result.error, candidates=result.candidates,
                               language=line_language or reply, error_kind=result.error_kind,
                               error_params=result.error_params)
        else:
            notes = result.notes
            if shape.owner_word is not None:  # "e: F Lon - Nth": read “e:” as England
                notes = (texts.note(reply, "power_read", word=shape.owner_word,
                                    name=texts.power_name(Power(shape.owner), reply)),
                         *notes)
            found = _read_line(text, result.order, notes, result.valid, result.reason,
                               line_language or reply)
        return found, False
    except Exception:  # the promise is: never an exception for any text
        log.exception("an order of %d characters could not be parsed", len(text))
        reply = language or "en"
        return ParsedLine(text, False, error=texts.message(reply, "empty", expected=texts.expected(
            ("UNIT", "LOC"), reply)), language=reply, error_kind="empty"), False


@lru_cache(maxsize=8192)
def _read(text: str, lang: str, board: str = "standard"
          ) -> tuple[Shape | SyntaxProblem, str | None]:
    """The shape of an order and the language it is written in: the same for every position
    of a board of names (`board`, the one `BOARD` holds), so kept for the lines that come back
    (every player writes "A Par - Bur")."""
    owner, text = _initial(text)
    found = lexemes(_unglued(text), lexicon(lang))
    language = lang if lang in LANGUAGES else _language_of(found)
    if found and not any(o.terminal in _ORDER_WORDS for lexeme in found
                         for o in lexeme.options):
        # "ok", "ciao", "stop", "Belgio": no unit and no order word. Never read as an order,
        # however near a province's name the words are.
        return SyntaxProblem("not_an_order", None, ()), language
    shape = parse_shape(found)
    if owner is not None and isinstance(shape, Shape):
        shape = shape._replace(owner=owner)
    return shape, language


def _own_unit_named(text: str, lang: str, problem: SyntaxProblem, view: PositionView,
                    power: Power | None) -> Shape | None:
    """"a bargandy holds": a word too far from any name to be read, right after the unit word
    of the unit ordered, when of the names its error would list (`_syntax_error`'s nearest)
    exactly one is a province where the sender has a unit: the line read with that province,
    noted. None when that is not so, or the word is not the place of the unit ordered."""
    word = problem.lexeme
    if word is None or len(word.text) < 4:
        return None
    near = lexicon("auto").fuzzy_candidates(fold(word.text), cutoff=50.0, limit=5)
    own = [(pid, langs) for pid, _score, langs in near
           if (unit := view.orderable.get(pid)) is not None
           and (power is None or unit.power == power)]
    if len(own) != 1:
        return None
    pid, langs = own[0]
    _owner, line = _initial(text)
    found = lexemes(_unglued(line), lexicon(lang))
    index = next((i for i, lx in enumerate(found) if lx.start == word.start), None)
    if not index or "UNIT" not in found[index - 1].signature:
        return None  # only right after a unit word ("a bargandy"), never a stray word
    options = (lexer.Option("LOC", (lexer.Place(pid, lexer.COST_FUZZY, "fuzzy", langs),),
                            langs),)
    found[index] = word._replace(options=options, signature=lexer._signature(options, False))
    shape = parse_shape(found)
    if not isinstance(shape, Shape) or shape.subject is None or shape.subject.place is None \
            or shape.subject.place.lexeme is not found[index]:
        return None
    return shape._replace(owner=_owner) if _owner is not None else shape


# The words that make a line an order: a unit, or what a unit does.
_ORDER_WORDS = frozenset(("UNIT", "HOLD", "MOVE", "SUPPORT", "CONVOY", "VIA", "RETREAT",
                          "DISBAND", "BUILD", "WAIVE"))

# "E) A Lvp - Yor": a power's English initial opening the line, as some judges list orders.
_INITIAL = re.compile(r"^\s*\(?([AEFGIRT])\)\s+(?=\S)")
_INITIALS = {"A": "Austria", "E": "England", "F": "France", "G": "Germany", "I": "Italy",
             "R": "Russia", "T": "Turkey"}


def _initial(text: str) -> tuple[str | None, str]:
    """The power an initial opening the line names, and the line with the initial blanked
    (so the columns stay where they were)."""
    if ")" not in text[:4]:
        return None, text
    match = _INITIAL.match(text)
    if match is None:
        return None, text
    return _INITIALS[match.group(1)], " " * match.end() + text[match.end():]


# "AFin S FNth - Nwy": the unit's letter glued to a province's name, in capitals.
_GLUED = re.compile(r"(?<![^\W\d_])([AF])([A-Z][^\W\d_]{2,})")


def _unglued(text: str) -> str:
    """The line with a unit letter glued to a province (`AFin`, `FNth`) set apart, when the
    word as written is no name and the rest of it is a province's exact name or abbreviation
    (or the first word of one: `FBotnische Golf`)."""
    if _GLUED.search(text) is None:
        return text
    lex = lexicon("auto")

    def apart(match: re.Match) -> str:
        word, rest = match.group(0), match.group(2)
        key = fold(rest)
        if lex.lookup(fold(word)) or not (key in lex.phrase_starts or any(
                e.terminal == "LOC" for e in lex.lookup(key))):
            return word
        return f"{match.group(1)} {rest}"

    return _GLUED.sub(apart, text)


def _check_arguments(lang: str, rules: Rules | str | None = None) -> Rules:
    """The rules asked for. Wrong arguments are the caller's mistake, not the player's: they
    raise ValueError."""
    if lang != "auto" and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use auto, {', '.join(LANGUAGES)}")
    return rules_named(rules or DEFAULT_RULES)


def _language_of(found: list[Lexeme]) -> str | None:
    """The language whose own words the line uses most (None: no clue, or a tie)."""
    counts: dict[str, int] = {}
    for lexeme in found:
        clue = lexeme.clue
        if clue:
            counts[clue] = counts.get(clue, 0) + 1
    if len(counts) < 2:  # the usual case: one language's words, or none
        return next(iter(counts), None)
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def _syntax_error(text: str, problem: SyntaxProblem, reply: str, language: str) -> ParsedLine:
    expected = texts.expected(problem.expected, reply)
    lexeme = problem.lexeme
    candidates: tuple[str, ...] = ()
    if problem.kind == "not_an_order":
        error = texts.message(reply, "not_an_order")
    elif problem.kind == "empty" or lexeme is None:
        # An order starts with its unit; the verbs that may also come first (build, disband,
        # hold) would only lengthen the message.
        error = texts.message(reply, "empty", expected=texts.expected(("UNIT", "LOC"), reply))
    elif problem.kind == "incomplete":
        error = texts.message(reply, "incomplete", word=lexeme.text, expected=expected)
    elif problem.kind == "unknown_word":
        error = texts.message(reply, "unknown_word", word=lexeme.text, column=lexeme.column)
        near = lexicon("auto").fuzzy_candidates(fold(lexeme.text), cutoff=50.0, limit=5) \
            if len(lexeme.text) >= 3 else []
        if near:
            names = [texts.province(pid, reply) for pid, _s, _l in near]
            candidates = tuple(names)
            error += "; " + texts.message(reply, "nearest", names=", ".join(names))
    else:
        error = texts.message(reply, "unexpected_word", word=lexeme.text, column=lexeme.column,
                              expected=expected)
    return ParsedLine(text, False, error=error, candidates=candidates, language=language,
                      error_kind=problem.kind)


# -- messages -------------------------------------------------------------------------------
_BULLET = re.compile(r"^\s*(?:[-*•·]\s+|\d{1,2}[.)]\s+)")
_HEADER = re.compile(r"^[\s*_#`]*(?P<name>[^\W\d_][^:;,]{0,30}?)[\s*_`]*:\s*(?P<rest>.*)$")
_SEPARATORS = re.compile(r"[;,]|\s/\s")
# DiplomacyGM's order command opening a paste (".order", "!orders"): a header, dropped.
_ORDER_COMMAND = re.compile(r"^\s*[.!]orders?\b:?", re.IGNORECASE)


def parse_message(text: str, position: Position | None = None, power: Power | None = None,
                  lang: str = "auto", reply_lang: str | None = None,
                  rules: Rules | str | None = None) -> list[ParsedLine]:
    """Every order of a message: one per line, or separated by `;`, `,` or ` / `. Blank
    lines, DiplomacyGM's `.order` opening the message and a line naming the sender's own
    power ("Italia:") are skipped; a part that stops
    early ("A Ser S Turk,") is read together with the next part when that completes it."""
    token = BOARD.set(names_board((position or _opening()).variant))
    try:
        return _parse_message(text, position, power, lang, reply_lang, rules)
    finally:
        BOARD.reset(token)


def _parse_message(text: str, position: Position | None, power: Power | None, lang: str,
                   reply_lang: str | None, rules: Rules | str | None) -> list[ParsedLine]:
    _check_arguments(lang, rules)
    powers = (position or _opening()).board.powers
    reply = reply_lang if reply_lang in LANGUAGES else "en"
    parts: list[str | ParsedLine] = []
    heading: Power | None = None  # the power named by the last heading, if any
    opened = False  # past the first line with words on it
    for raw in str(text).splitlines():
        if not opened and raw.strip():
            opened = True
            raw = _ORDER_COMMAND.sub("", raw, count=1)
        line = _BULLET.sub("", raw)
        # A heading may open the line or any part of it ("INGHILTERRA: A Lon-Bel; FRANCIA:
        # A Bel-Lon", seed 000 XIV.5); it holds until the next one.
        for part in _SEPARATORS.split(line):
            named, rest = _header(part, powers)
            heading = named or heading
            if heading is not None and power is not None and heading != power:
                # Orders headed for another power are not this sender's to give.
                if rest.strip():
                    parts.append(ParsedLine(part.strip(), False, error=texts.message(
                        reply, "other_power", name=texts.power_name(heading, reply),
                        power=texts.power_name(power, reply)), language=reply,
                        error_kind="other_power",
                        error_params=(("power", heading.value), ("sender", power.value))))
            elif rest.strip():
                parts.append(rest.strip())
    out: list[ParsedLine] = []
    i = 0
    while i < len(parts):
        if isinstance(parts[i], ParsedLine):
            out.append(parts[i])
            i += 1
            continue
        if len(out) >= MAX_ORDERS:
            out.append(ParsedLine(parts[i], False, error=texts.message(
                reply, "too_many", count=len(parts), limit=MAX_ORDERS), language=reply,
                error_kind="too_many"))
            break
        parsed, stopped_early = _parse_line(parts[i], position, power, lang, reply_lang, rules)
        if stopped_early and i + 1 < len(parts) and isinstance(parts[i + 1], str):
            joined = f"{parts[i]} {parts[i + 1]}"
            second, _ = _parse_line(joined, position, power, lang, reply_lang, rules)
            if second.ok:
                note = texts.note(second.language if reply_lang is None else reply_lang,
                                  "joined", text=joined)
                out.append(ParsedLine(**{**second.__dict__, "notes": second.notes + (note,)}))
                i += 2
                continue
        out.append(parsed)
        i += 1
    return out


def _header(line: str, powers: tuple[Power, ...] = tuple(Power)) -> tuple[Power | None, str]:
    """("Italia: A Ven-Tri") -> (Italy, "A Ven-Tri"); a line that is only a power's name ->
    (power, ""); anything else -> (None, line). Only the names of `powers` (the variant's)
    are headings."""
    match = _HEADER.match(line)
    name, rest = (match.group("name"), match.group("rest")) if match else (line, "")
    name = name.strip(" *_#`")  # **ITALIA**, # Italy
    power = _power_named(name)
    if power is None or power not in powers:  # (a name of another variant's power: no heading)
        return None, line
    return power, rest


def _power_named(name: str) -> Power | None:
    key = fold(name).replace("/", "-").strip().strip(".")
    key = re.sub(r"\s*-\s*", "-", key)
    if not key or len(key) > 30:
        return None
    try:
        return Power.read(key)  # any variant's: the caller keeps those of the board
    except ValueError:
        pass
    for entry in lexicon("auto").lookup(" ".join(key.replace("-", " ").split())):
        if entry.terminal == "NATION" and entry.how == "word":
            return Power(entry.value)
    return None


__all__ = ["ParsedLine", "parse_line", "parse_message", "Shape"]


def forget(words: bool = True) -> None:
    """Empty the grammar's memories of lines, shapes, orders, positions and verdicts and,
    unless `words` is False, those of the vocabulary too: the grammar as in a process just
    started. For benchmarks and tests; a running bot never needs it."""
    _read.cache_clear()
    _CANONICAL.clear()
    verdicts.forget()
    readings.forget()
    if words:
        for mode in ("auto", *LANGUAGES):
            lexicon(mode, "standard").memo.clear()
            lexicon(mode, "standard").written.clear()
            lexicon(mode, "standard").placed.clear()
        lexer._PIECES.clear()
        lexer._PAIRS.clear()
        syntax._PATTERNS.clear()
        syntax._PLACE_REFS.clear()
        syntax._UNIT_REFS.clear()
        fold.cache_clear()
