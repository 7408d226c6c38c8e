"""Phases as people say them, in English, Italian and Dutch: "autunno 1901", "najaar 1901",
"Fall 1901 retreats", "primavera 1902 ritirate", "winter 1901", "S1901M" -> a `Phase`; and
the labels the bot offers while a player types one (autocomplete of the phases played).

The words are data (`phase_words` in `grammar/vocab/*.json`): seasons, kinds of phase,
fillers, and the labels. A season and a year make a phase: the movement phase, unless a kind
is named ("retreats", "ritirate", "terugtochten"); the winter is always the adjustments.
The year may come before or after the season. Errors, in the reader's language, say what is
missing ("which year?"), or that the season has no such phase ("Winter 1901 retreats").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from engine import Phase, PhaseKind, Season
from grammar import texts
from grammar.lexicon import LANGUAGES, fold, vocabulary

_CODE = re.compile(r"^([sfw])(\d{4})([mra])?$")
_WORDS = re.compile(r"[^\W_]+")
_SEASON_OF = {"S": Season.SPRING, "F": Season.FALL, "W": Season.WINTER}
_KIND_OF = {"M": PhaseKind.MOVEMENT, "R": PhaseKind.RETREAT, "A": PhaseKind.ADJUSTMENT}


@dataclass(frozen=True)
class PhaseReading:
    """`phase` when the text names one; otherwise `error` (in the reader's language) and
    `error_kind` (`phase_unknown`, `phase_no_year`, `phase_no_season`, `phase_wrong_kind`)."""

    text: str
    phase: Phase | None = None
    error: str | None = None
    error_kind: str | None = None

    @property
    def ok(self) -> bool:
        return self.phase is not None


@cache
def _words(language: str) -> tuple[dict[str, str], dict[str, str], frozenset[str]]:
    """Season words -> S/F/W, kind words -> M/R/A, fillers, folded, of one language."""
    data = vocabulary(language)["phase_words"]
    seasons = {fold(w): key for key, words in data["seasons"].items() for w in words}
    kinds = {fold(w): key for key, words in data["kinds"].items() for w in words}
    return seasons, kinds, frozenset(fold(w) for w in data["fillers"])


def read_phase(text: str, language: str = "auto", reply_lang: str | None = None
               ) -> PhaseReading:
    """The phase `text` names, in `language` (or any of the three: `auto`). Never raises for
    any text; errors are in `reply_lang`, else the language of the words used, else English."""
    raw = str(text).strip()[:100]
    languages = LANGUAGES if language == "auto" else (language,)
    folded = fold(raw)
    squeezed = folded.replace(" ", "")
    code = _CODE.match(squeezed)
    if code:
        season, year, kind = code.group(1).upper(), int(code.group(2)), code.group(3)
        return _made(raw, season, year, kind.upper() if kind else None,
                     reply_lang or (language if language in LANGUAGES else "en"))
    season = kind = None
    year: int | None = None
    known: dict[str, int] = {}  # words of each language used ("winter" is two languages')
    clue: str | None = None
    for word in _WORDS.findall(folded):
        if word.isdigit():
            if year is not None or len(word) != 4:
                return _error(raw, "phase_unknown", reply_lang or clue or "en")
            year = int(word)
            continue
        found = False
        for lang in languages:
            seasons, kinds, fillers = _words(lang)
            if word in seasons and season in (None, seasons[word]) and len(word) > 1:
                season, found = seasons[word], True
            elif word in kinds and kind in (None, kinds[word]) and len(word) > 1:
                kind, found = kinds[word], True
            elif word in fillers:
                found = True
            else:
                continue
            if len(word) > 1 and word not in fillers:
                known[lang] = known.get(lang, 0) + 1
        clue = max(known, key=known.get) if known else None
        if not found:
            return _error(raw, "phase_unknown", reply_lang or clue or "en")
    reply = reply_lang or clue or (language if language in LANGUAGES else "en")
    if season is None and year is None:
        return _error(raw, "phase_unknown", reply)
    if season is None:
        if kind == "A":  # "adjustments 1901", "aanpassingen 1901": the winter
            return _made(raw, "W", year, kind, reply)
        return _error(raw, "phase_no_season", reply, year=year)
    if year is None:
        return _error(raw, "phase_no_year", reply, season=season_word(season, reply).lower())
    return _made(raw, season, year, kind, reply)


def _made(raw: str, season: str, year: int, kind: str | None, reply: str) -> PhaseReading:
    if kind is None:
        kind = "A" if season == "W" else "M"
    if (season == "W") != (kind == "A"):
        return _error(raw, "phase_wrong_kind", reply, season=season_word(season, reply).lower(),
                      kind=kind_word(kind, reply))
    return PhaseReading(raw, Phase(year, _SEASON_OF[season], _KIND_OF[kind]))


def _error(raw: str, key: str, reply: str, **values: object) -> PhaseReading:
    return PhaseReading(raw, error=texts.message(reply, key, text=raw, **values),
                        error_kind=key)


def season_word(season: str, language: str) -> str:
    """`F` -> "Fall", "Autunno", "Najaar"."""
    return vocabulary(language)["phase_words"]["labels"][season]


def kind_word(kind: str, language: str) -> str:
    """`R` -> "retreats", "ritirate", "terugtochten"."""
    return vocabulary(language)["phase_words"]["labels"][kind]


def phase_label(phase: Phase, language: str) -> str:
    """"Fall 1901, retreats", "Autunno 1901, ritirate", "Najaar 1901, terugtochten" (the
    bot's `phase.label` in the same words); read back by `read_phase`."""
    return (f"{season_word(phase.season.value, language)} {phase.year}, "
            f"{kind_word(phase.kind.value, language)}")


def phase_choices(played: list[Phase], typed: str, language: str,
                  limit: int = 25) -> list[tuple[str, str]]:
    """The phases played that match what the player has typed so far, as (label in
    `language`, code), newest first: nothing typed gives the latest; a whole phase
    ("autunno 1901") gives that one first; otherwise every typed word must start a word of
    the phase's label or code in any of the three languages ("aut", "1902", "rit", "F19")."""
    phases = sorted(set(played), key=Phase.sort_key, reverse=True)
    words = _WORDS.findall(fold(str(typed)[:100]))
    exact = read_phase(typed).phase if words else None
    chosen = [p for p in phases if p == exact]
    for phase in phases:
        if phase != exact and all(_starts_a_word(w, phase) for w in words):
            chosen.append(phase)
    return [(phase_label(p, language), p.name) for p in chosen[:limit]]


def _starts_a_word(word: str, phase: Phase) -> bool:
    return any(known.startswith(word) for known in _known_words(phase))


@cache
def _known_words(phase: Phase) -> frozenset[str]:
    out = {fold(phase.name), str(phase.year)}
    for lang in LANGUAGES:
        seasons, kinds, _fillers = _words(lang)
        out.update(w for w, key in seasons.items() if key == phase.season.value and len(w) > 1)
        out.update(w for w, key in kinds.items() if key == phase.kind.value and len(w) > 1)
    return frozenset(out)


__all__ = ["PhaseReading", "kind_word", "phase_choices", "phase_label", "read_phase",
           "season_word"]
