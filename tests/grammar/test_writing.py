"""Orders written out in each language's words read back as the same order."""

from __future__ import annotations

import dataclasses

import pytest

from engine.orders import parse_order
from engine.position import DislodgedUnit, Position
from engine.vocabulary import Phase, Power, Unit, UnitType
from grammar import parse_line
from grammar.writing import written
from service.players.briefing import example_order

LANGUAGES = ("en", "it", "nl")


def _winter(position: Position, **changes) -> Position:
    return dataclasses.replace(position, phase=Phase.parse("W1901A"), **changes)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_powers_opening_example_reads_back(lang):
    opening = Position.initial()
    for power in Power:
        canonical = example_order(opening, {power})
        text = written(parse_order(canonical), lang)
        assert parse_line(text, opening, power, lang=lang).canonical == canonical, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_builds_removals_retreats_and_holds_read_back(lang):
    opening = Position.initial()
    builds = _winter(opening, units=tuple(u for u in opening.units if u.location != "par"))
    centres = dict(opening.supply_centers)
    centres[Power.GERMANY] = frozenset(centres[Power.GERMANY] - {"kie"})
    removals = _winter(opening, supply_centers=centres)
    moscow = Unit(Power.RUSSIA, UnitType.ARMY, "mos")
    retreats = dataclasses.replace(
        opening, phase=Phase.parse("S1901R"),
        units=tuple(u for u in opening.units if u.location != "mos"),
        dislodged=(DislodgedUnit(moscow, "ukr", ("lvn", "stp")),))
    cases = [(builds, Power.FRANCE, "A PAR B"), (removals, Power.GERMANY, "F KIE D"),
             (retreats, Power.RUSSIA, "A MOS R LVN")]
    for position, power, expected in cases:
        canonical = example_order(position, {power})
        assert canonical == expected
        text = written(parse_order(canonical, position.phase.kind), lang)
        assert parse_line(text, position, power, lang=lang).canonical == canonical, text
    hold = written(parse_order("F BRE H"), lang)
    assert parse_line(hold, opening, Power.FRANCE, lang=lang).canonical == "F BRE H"


def test_full_names_in_the_readers_language():
    assert written(parse_order("A PAR - BUR"), "it") == "A Parigi - Borgogna"
    assert written(parse_order("F STP/SC - BOT"), "nl") == "F Sint-Petersburg zuidkust - Botnische Golf"
    assert written(parse_order("A PAR B", Phase.parse("W1901A").kind), "en") == "build A Paris"
