"""Every word the map shows, in each language of the game (languages/languages.json), read from
its data file `render/map_words/<code>.json`: the renderer does not depend on the bot's
catalogues. The words agree with those catalogues (bot/locales/*/LC_MESSAGES/arbitro.po): the
same season, phase and power names; the civil-disorder label is *sommossa* in English and Italian (the English results say *sommossa*
too) and *wanorde* in Dutch."""

from __future__ import annotations

from dataclasses import dataclass

import languages
from engine.vocabulary import PhaseKind, Power, Season


@dataclass(frozen=True)
class MapWords:
    seasons: dict[Season, str]
    kinds: dict[PhaseKind, str]
    powers: dict[Power, str]
    civil_disorder: str
    results: str          # the title of a map of the new position with a phase's results
    centres: str          # the supply-centre chart's axis
    year: str


def _read(language: str) -> MapWords:
    data = languages.words("map", language)
    return MapWords({season: data["seasons"][season.value] for season in Season},
                    {kind: data["kinds"][kind.value] for kind in PhaseKind},
                    {power: data["powers"][power.value] for power in Power},
                    data["civil_disorder"], data["results"], data["centres"], data["year"])


# Each declared language's words, from its data file (render/map_words/<code>.json).
WORDS: dict[str, MapWords] = {code: _read(code) for code in languages.CODES}


def words_for(language: str | None) -> MapWords:
    """The words of `language`; None (a game that follows its server's locale, not known
    here) is English."""
    try:
        return WORDS[language or languages.DEFAULT]
    except KeyError:
        raise ValueError(f"unknown map language {language!r}: choose one of "
                         f"{', '.join(sorted(WORDS))}") from None


def power_marks(words: MapWords) -> dict[Power, str]:
    """The mark on each power's units and in its legend swatch: the first letter of its name in
    the map's language, or its first two letters where two names share the first (Italian
    *Inghilterra* "In" and *Italia* "It")."""
    firsts = [name[0].upper() for name in words.powers.values()]
    return {power: name[0].upper() if firsts.count(name[0].upper()) == 1
            else name[0].upper() + name[1].lower()
            for power, name in words.powers.items()}
