"""The vocabularies (`grammar/vocab/*.json`) as lookup tables.

A `Lexicon` answers, for a normalised phrase, every way a language reads it: a province (by name
or abbreviation), a unit word, an order keyword, a coast, a nationality, a filler. `auto` merges
all the languages, each entry tagged with the languages that know it, so a line's language can be
told from its words and conflicting abbreviations (`Nor`) stay visible as conflicts.
"""

from __future__ import annotations

import contextvars
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache, lru_cache

from rapidfuzz import fuzz, process

import languages
from engine.variant_files import variant_data

# One vocabulary file per declared language (languages/languages.json), in grammar/vocab/.
LANGUAGES = tuple(sorted(languages.CODES))

# Categories are the grammar's terminals (see orders.lark), plus FILLER (a word to drop).
KEYWORD_TERMINALS = {"hold": "HOLD", "move": "MOVE", "support": "SUPPORT", "convoy": "CONVOY",
                     "via": "VIA", "retreat": "RETREAT", "disband": "DISBAND", "build": "BUILD",
                     "waive": "WAIVE", "from": "FROM"}

# The board whose province and power names the reader knows: "standard" (every variant on the
# classic map), or the id of a variant with a map of its own ("ancmed", "pure"). The entry
# points (grammar.api) set it from the position's variant for the length of one reading.
BOARD: contextvars.ContextVar[str] = contextvars.ContextVar("board", default="standard")


def names_board(variant: str) -> str:
    """The board of names a variant's orders are read with (see `BOARD`)."""
    if variant == "standard":
        return variant
    return variant if variant_data(variant).get("province_names") else "standard"


_APOSTROPHES = str.maketrans({"’": " ", "'": " ", "`": " ", "´": " ", "‘": " ", ".": " ",
                              "-": " ", "‐": " ", "‑": " ", "–": " ", "—": " "})


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lower case without accents: `Bourgondië` -> `bourgondie`."""
    if text.isascii():  # nothing to decompose: the same, sooner
        return text.casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def phrase_key(text: str) -> str:
    """The lookup key of a vocabulary phrase: folded, with apostrophes, dots and hyphens as
    spaces (`Mar d'Irlanda` -> `mar d irlanda`, `Sint-Petersburg` -> `sint petersburg`)."""
    if text.strip() == "-":
        return "-"
    return " ".join(fold(text).translate(_APOSTROPHES).split())


@dataclass(frozen=True)
class Entry:
    """One reading of a phrase. `value`: province ids (LOC), `A`/`F` (UNIT), a coast (COAST),
    a power (NATION), the keyword kind, or None (FILLER). `how`: name, abbreviation, word."""

    terminal: str
    value: object
    how: str
    languages: frozenset[str]


@dataclass
class Lexicon:
    mode: str  # "auto" or one language
    phrases: dict[str, list[Entry]] = field(default_factory=dict)
    longest: int = 1
    prefixes: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    fuzzy_keys: list[str] = field(default_factory=list)
    fuzzy_values: list[tuple[str, frozenset[str]]] = field(default_factory=list)
    phrase_starts: frozenset[str] = frozenset()  # first words of multi-word phrases
    # The multi-word phrases as a tree of words: word -> [the phrase ending here or None,
    # the words that may follow], from the first words down.
    phrase_tree: dict[str, list] = field(default_factory=dict)
    nations: list = field(default_factory=list)  # (key, NATION entry): names of powers
    name_words: dict = field(default_factory=dict)  # province -> its names of several words
    memo: dict = field(default_factory=dict)      # phrase key -> its lexeme readings
    # A word or sign as written -> its reading, or a mark for a word that may start a
    # phrase (its reading depends on the words after it: see lexer._written).
    written: dict = field(default_factory=dict)
    # column -> {piece as written: its lexemes; (phrase as written,): its lexeme}: one object
    # for every line with those words there, so the shapes remembered hold fewer objects for
    # the garbage collector to walk; None -> how many entries those tables hold
    placed: dict = field(default_factory=dict)

    def nation_near(self, word: str) -> Entry | None:
        """The one power whose name or nationality word is near `word` (a misspelt label,
        `Ingland`), or None when none is, or several powers are."""
        found = process.extract(word, [k for k, _e in self.nations], scorer=fuzz.ratio,
                                score_cutoff=80.0, limit=4)
        powers = {self.nations[index][1].value for _k, _s, index in found}
        if len(powers) != 1:
            return None
        return self.nations[found[0][2]][1]

    def lookup(self, key: str) -> list[Entry]:
        return self.phrases.get(key, [])

    def prefix_candidates(self, word: str) -> dict[str, frozenset[str]]:
        """Provinces whose name starts with `word` (at least three letters): `Tyr` ->
        Tyrolia and the Tyrrhenian Sea, `Gul` -> the two gulfs."""
        return self.prefixes.get(word, {}) if len(word) >= 3 else {}

    def fuzzy_candidates(self, word: str, cutoff: float | None = None,
                         limit: int = 8) -> list[tuple[str, float, frozenset[str]]]:
        """(province, score, languages) for names and abbreviations close to `word`, the best
        first; only those within 10 points of the best, so two near-equal guesses stay a tie."""
        if not word or len(word) > 40:
            return []
        if cutoff is None:
            cutoff = 66.0 if len(word) <= 3 else 75.0 if len(word) <= 5 else 80.0
        found = process.extract(word, self.fuzzy_keys, scorer=fuzz.ratio, score_cutoff=cutoff,
                                limit=limit * 4)
        if "rn" in word:  # "rn" printed for "m": seed 000's "A Bul-Rurn" is Rumania
            found += process.extract(word.replace("rn", "m"), self.fuzzy_keys,
                                     scorer=fuzz.ratio, score_cutoff=cutoff, limit=limit * 4)
        best: dict[str, tuple[float, frozenset[str]]] = {}
        for _key, score, index in found:
            pid, langs = self.fuzzy_values[index]
            if pid not in best or score > best[pid][0]:
                best[pid] = (score, langs)
        ranked = sorted(((p, s, lg) for p, (s, lg) in best.items()), key=lambda t: -t[1])
        if not ranked:
            return []
        top = ranked[0][1]
        return [r for r in ranked if r[1] >= top - 10][:limit]


@cache
def vocabulary(language: str) -> dict:
    """The raw data file of one language."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: use one of {', '.join(LANGUAGES)}")
    return languages.words("vocabulary", language)


def _abbreviations(language: str) -> dict[str, list[str]]:
    data = vocabulary(language)
    table: dict[str, list[str]] = {}
    inherited = data.get("inherit_abbreviations")
    if inherited:
        table.update(_abbreviations(inherited))
    for abbr, target in data["abbreviations"].items():
        table[phrase_key(abbr)] = [target] if isinstance(target, str) else list(target)
    return table


@cache
def _variant_words(board: str) -> tuple[dict, dict]:
    """A variant's own map: (province -> language -> names, power -> language -> name)."""
    data = variant_data(board)
    return data.get("province_names", {}), data["powers"]


def _entries_of(language: str, board: str = "standard") -> list[tuple[str, str, object, str]]:
    """(key, terminal, value, how) for every phrase of one language, on a board of names (its
    provinces by name and id, its powers by name; the standard board's vocabulary else)."""
    data = vocabulary(language)
    out: list[tuple[str, str, object, str]] = []
    if board == "standard":
        for pid, names in data["provinces"].items():
            for name in names:
                out.append((phrase_key(name), "LOC", (pid,), "name"))
        for abbr, pids in _abbreviations(language).items():
            how = "id" if pids == [abbr] else "abbreviation"
            out.append((abbr, "LOC", tuple(pids), how))
    else:
        places, powers = _variant_words(board)
        for pid, names in places.items():
            for name in names.get(language, ()):
                out.append((phrase_key(name), "LOC", (pid,), "name"))
            out.append((pid, "LOC", (pid,), "id"))
        for power, names in powers.items():
            out.append((phrase_key(names.get(language, power)), "NATION", power, "word"))
        data = {key: value for key, value in data.items()
                if key not in ("nationalities", "power_aliases", "power_labels")}
    for word, unit in data["units"].items():
        out.append((phrase_key(word), "UNIT", unit, "word"))
    for kind, words in data["keywords"].items():
        for word in words:
            out.append((phrase_key(word), KEYWORD_TERMINALS[kind], kind, "word"))
    for word, coast in data["coasts"].items():
        out.append((phrase_key(word), "COAST", coast, "word"))
    for word, power in data.get("nationalities", {}).items():
        out.append((phrase_key(word), "NATION", power, "word"))
    for word in data.get("articles", ()):  # "Build a fleet": "a" before a unit word
        out.append((phrase_key(word), "_ART", None, "word"))
    for word, power in data.get("power_aliases", {}).items():  # Britain, Ottoman
        out.append((phrase_key(word), "NATION", power, "alias"))
    for word, power in data.get("power_labels", {}).items():  # "e:", "ger:": with the colon
        out.append((phrase_key(word) + ":", "NATION", power, "label"))
    for word in data["fillers"]:
        out.append((phrase_key(word), "FILLER", None, "word"))
    return out


_WORD = re.compile(r"[a-z]+")


def lexicon(mode: str, board: str | None = None) -> Lexicon:
    """The lookup tables for one language, or all three merged (`auto`), on a board of names
    (default: the one being read, `BOARD`). Built once."""
    return _lexicon(mode, board or BOARD.get())


@cache
def _lexicon(mode: str, board: str) -> Lexicon:
    languages = LANGUAGES if mode == "auto" else (mode,)
    if mode != "auto":
        vocabulary(mode)  # raises for an unknown language
    merged: dict[tuple[str, str, object, str], set[str]] = {}
    for language in languages:
        for item in _entries_of(language, board):
            merged.setdefault(item, set()).add(language)
    lex = Lexicon(mode)
    for (key, terminal, value, how), langs in merged.items():
        lex.phrases.setdefault(key, []).append(Entry(terminal, value, how, frozenset(langs)))
        lex.longest = max(lex.longest, key.count(" ") + 1)
    # (a label's key, "a h:", is looked up whole: never a phrase of words)
    lex.phrase_starts = frozenset(k.split(" ", 1)[0] for k in lex.phrases
                                  if " " in k and not k.endswith(":"))
    lex.phrase_tree = phrase_tree(k for k in lex.phrases if not k.endswith(":"))
    lex.longest = max(k.count(" ") + 1 for k in lex.phrases if not k.endswith(":"))
    for key, entries in lex.phrases.items():
        if " " in key and not key.endswith(":"):
            for entry in entries:
                if entry.terminal == "LOC" and entry.how == "name" and len(entry.value) == 1:
                    lex.name_words.setdefault(entry.value[0], []).append(tuple(key.split()))
    lex.nations = [(key, entry) for key, entries in lex.phrases.items() for entry in entries
                   if entry.terminal == "NATION" and entry.how in ("word", "alias")
                   and len(key) >= 5]
    fuzzy: dict[tuple[str, str], set[str]] = {}
    prefixes: dict[str, dict[str, set[str]]] = {}
    for key, entries in lex.phrases.items():
        for entry in entries:
            if entry.terminal != "LOC" or len(entry.value) != 1:
                continue
            pid = entry.value[0]
            fuzzy.setdefault((key, pid), set()).update(entry.languages)
            if entry.how != "name":
                continue
            first = key.split(" ", 1)[0]
            squashed = key.replace(" ", "")
            for source in {first, squashed}:
                for end in range(3, len(source) + 1):
                    slot = prefixes.setdefault(source[:end], {})
                    slot.setdefault(pid, set()).update(entry.languages)
    lex.fuzzy_keys = [k for k, _p in fuzzy]
    lex.fuzzy_values = [(p, frozenset(langs)) for (_k, p), langs in fuzzy.items()]
    lex.prefixes = {k: {p: frozenset(v) for p, v in d.items()} for k, d in prefixes.items()}
    return lex


def phrase_tree(keys) -> dict[str, list]:
    """The multi-word phrase keys as a tree of words: first word -> [None, next words], and
    each next word -> [the phrase that ends there or None, the words that may follow]."""
    tree: dict[str, list] = {}
    for key in keys:
        if " " in key:
            first, *rest = key.split(" ")
            node = tree.setdefault(first, [None, {}])
            for word in rest:
                node = node[1].setdefault(word, [None, {}])
            node[0] = key
    return tree


def display_name(pid: str, language: str) -> str:
    """A province's name in a language (`tys` -> `Mar Tirreno`), on the board being read."""
    board = BOARD.get()
    if board != "standard":
        names = _variant_words(board)[0].get(pid, {}).get(language)
    else:
        names = vocabulary(language)["provinces"].get(pid)
    return names[0] if names else pid.upper()
