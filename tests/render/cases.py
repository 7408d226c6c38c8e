"""Positions the map tests draw, each with the keyword arguments of `render_png` that draw it:
the opening, a mid-game with every kind of movement order (successes, bounces, a cut support, a
convoy, a dislodgement), the retreat phase that follows it (before and after its orders), and a
winter with builds, a failed build and a disband.

`tests/render/reference/<name>.png` are these cases drawn by the renderer as it was before the
layered renderer (whole SVG rasterised by resvg, the colour-blind palette); `test_reference.py`
compares today's output with them."""

from __future__ import annotations

from functools import cache

from engine import Position, Power, adjudicate
from engine.vocabulary import Phase, PhaseKind, Season, Unit, UnitType

A, F = UnitType.ARMY, UnitType.FLEET

OPENING_ORDERS = {
    Power.ENGLAND: ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    Power.GERMANY: ["A BER - KIE", "A MUN - RUH", "F KIE - DEN"],
    Power.RUSSIA: ["A MOS - UKR", "A WAR - GAL", "F STP/SC - BOT", "F SEV - BLA"],
    Power.TURKEY: ["A CON - BUL", "A SMY - CON", "F ANK - BLA"],
    Power.AUSTRIA: ["A VIE - TRI", "A BUD - GAL", "F TRI - ALB"],
    Power.FRANCE: ["A PAR - BUR", "A MAR - SPA", "F BRE - PIC"],
}

MIDGAME_UNITS = {
    Power.ENGLAND: [(F, "nth"), (F, "nwg"), (A, "yor"), (F, "lon"), (A, "nwy")],
    Power.FRANCE: [(A, "bur"), (A, "par"), (F, "mao"), (F, "bre")],
    Power.GERMANY: [(A, "mun"), (A, "ruh"), (F, "hol"), (A, "kie")],
    Power.RUSSIA: [(A, "war"), (F, "sev"), (A, "ukr"), (F, "stp/sc"), (A, "mos")],
    Power.AUSTRIA: [(A, "gal"), (A, "bud"), (A, "ser"), (F, "tri")],
    Power.ITALY: [(A, "ven"), (F, "ion"), (A, "tun"), (F, "nap")],
    Power.TURKEY: [(F, "bla"), (A, "bul"), (A, "con"), (F, "aeg")],
}
MIDGAME_CENTERS = {
    Power.ENGLAND: ["lon", "edi", "lvp", "nwy"],
    Power.FRANCE: ["par", "bre", "mar", "spa", "por"],
    Power.GERMANY: ["ber", "kie", "mun", "hol", "den"],
    Power.RUSSIA: ["mos", "war", "sev", "stp", "swe"],
    Power.AUSTRIA: ["vie", "bud", "tri", "ser"],
    Power.ITALY: ["rom", "nap", "ven", "tun"],
    Power.TURKEY: ["ank", "con", "smy", "bul", "gre"],
}
MIDGAME_ORDERS = {
    Power.ENGLAND: ["A YOR - BEL", "F NTH C A YOR - BEL", "F NWG H", "F LON S F NTH",
                    "A NWY - SWE"],
    Power.GERMANY: ["F HOL - BEL", "A RUH S F HOL - BEL", "A MUN - BOH", "A KIE H"],
    Power.FRANCE: ["A BUR - MUN", "A PAR - PIC", "F MAO - SPA/NC", "F BRE - ENG"],
    Power.RUSSIA: ["A WAR - GAL", "A UKR S A WAR - GAL", "F SEV - RUM", "F STP/SC - BOT",
                   "A MOS S A WAR"],
    Power.AUSTRIA: ["A GAL H", "A BUD - RUM", "A SER S A BUD - RUM", "F TRI - ADR"],
    Power.ITALY: ["A VEN - TYR", "F ION - AEG", "F NAP - TYS", "A TUN H"],
    Power.TURKEY: ["F AEG H", "A CON S F AEG", "A BUL - SER", "F BLA - RUM"],
}

WINTER_UNITS = {
    Power.FRANCE: [(A, "bur"), (F, "mao")],
    Power.GERMANY: [(A, "mun"), (A, "kie"), (F, "hol"), (A, "ruh")],
    Power.RUSSIA: [(A, "mos"), (F, "sev")],
    Power.ENGLAND: [(F, "lon"), (F, "edi"), (A, "lvp")],
}
WINTER_CENTERS = {
    Power.FRANCE: ["par", "bre", "mar", "spa"],
    Power.GERMANY: ["ber", "kie", "mun"],
    Power.RUSSIA: ["mos", "war", "sev", "stp"],
    Power.ENGLAND: ["lon", "edi", "lvp"],
}
WINTER_ORDERS = {
    Power.FRANCE: ["Build F BRE", "Build A PAR"],
    Power.GERMANY: ["Disband A RUH"],
    Power.RUSSIA: ["Build A MOS", "Build F STP/NC"],
}


def _position(phase: Phase, units: dict, centers: dict) -> Position:
    return Position(phase, tuple(Unit(p, t, loc) for p, placed in units.items()
                                 for t, loc in placed),
                    {p: frozenset(c) for p, c in centers.items()})


@cache
def cases() -> dict[str, dict]:
    """Name -> keyword arguments of `render_png` (position first)."""
    opening = Position.initial()
    opened = adjudicate(opening, OPENING_ORDERS, "2023")
    midgame = _position(Phase(1905, Season.SPRING, PhaseKind.MOVEMENT), MIDGAME_UNITS,
                        MIDGAME_CENTERS)
    moved = adjudicate(midgame, MIDGAME_ORDERS, "2023")
    retreat = moved.next_position
    assert retreat is not None and retreat.dislodged, "the mid-game must dislodge a unit"
    dislodged = retreat.dislodged[0].unit
    retreated = adjudicate(retreat, {dislodged.power: [
        f"{dislodged.type.value} {dislodged.location.upper()} - "
        f"{retreat.dislodged[0].retreat_options[0].upper()}"]}, "2023")
    winter = _position(Phase(1905, Season.WINTER, PhaseKind.ADJUSTMENT), WINTER_UNITS,
                       WINTER_CENTERS)
    built = adjudicate(winter, WINTER_ORDERS, "2023")
    return {
        "opening": dict(position=opening, results=opened.results, game_name="Esempio di gioco",
                        civil_disorder=opened.civil_disorder),
        "midgame": dict(position=midgame, results=moved.results, game_name="Lepanto"),
        "retreat_options": dict(position=retreat, game_name="Lepanto"),
        "retreat_results": dict(position=retreat, results=retreated.results,
                                game_name="Lepanto"),
        "builds": dict(position=winter, results=built.results, game_name="Lepanto",
                       civil_disorder={Power.ITALY}),
    }
