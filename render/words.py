"""Every word the map shows, in the three languages of the game ("en", "it", "nl"). A small table
of its own: the renderer does not depend on the bot's catalogues. The words agree with those
catalogues (bot/locales/*/LC_MESSAGES/arbitro.po): the same season, phase and power names; the
civil-disorder label is *sommossa* in English and Italian (the English results say *sommossa*
too) and *wanorde* in Dutch."""

from __future__ import annotations

from dataclasses import dataclass

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


WORDS: dict[str, MapWords] = {
    "en": MapWords(
        {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"},
        {PhaseKind.MOVEMENT: "Movement", PhaseKind.RETREAT: "Retreats",
         PhaseKind.ADJUSTMENT: "Adjustments"},
        {p: p.value for p in Power},
        "sommossa", "{phase}: results", "supply centres", "year"),
    "it": MapWords(
        {Season.SPRING: "Primavera", Season.FALL: "Autunno", Season.WINTER: "Inverno"},
        {PhaseKind.MOVEMENT: "Movimenti", PhaseKind.RETREAT: "Ritirate",
         PhaseKind.ADJUSTMENT: "Aggiustamenti"},
        {Power.AUSTRIA: "Austria", Power.ENGLAND: "Inghilterra", Power.FRANCE: "Francia",
         Power.GERMANY: "Germania", Power.ITALY: "Italia", Power.RUSSIA: "Russia",
         Power.TURKEY: "Turchia"},
        "sommossa", "{phase}: risultati", "centri di approvvigionamento", "anno"),
    "nl": MapWords(
        {Season.SPRING: "Voorjaar", Season.FALL: "Najaar", Season.WINTER: "Winter"},
        {PhaseKind.MOVEMENT: "Bewegingen", PhaseKind.RETREAT: "Terugtochten",
         PhaseKind.ADJUSTMENT: "Aanpassingen"},
        {Power.AUSTRIA: "Oostenrijk", Power.ENGLAND: "Engeland", Power.FRANCE: "Frankrijk",
         Power.GERMANY: "Duitsland", Power.ITALY: "Italië", Power.RUSSIA: "Rusland",
         Power.TURKEY: "Turkije"},
        "wanorde", "{phase}: uitslag", "bevoorradingscentra", "jaar"),
}


def words_for(language: str | None) -> MapWords:
    """The words of `language`; None (a game that follows its server's locale, not known
    here) is English."""
    try:
        return WORDS[language or "en"]
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
