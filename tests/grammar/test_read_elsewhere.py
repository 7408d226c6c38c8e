"""A movement line read on one position serves another where the units it reads stand alike
(`grammar.api._read_elsewhere`): the answers are those of reading it afresh, and a change in
the units it reads (or, for a convoy, in the fleets at sea) is never missed."""

from __future__ import annotations

from dataclasses import replace

from bench.grammar import corpus
from bench.shared import shared_games
from engine import Position, Power, Unit, UnitType
from grammar import api, forget, parse_line
from tests.grammar.positions import CONVOY, OPENING

A, F = UnitType.ARMY, UnitType.FLEET


def _read_everything(lines) -> list:
    return [parse_line(text, position=position, power=power, rules="2023")
            for position, power, text, _expected in lines]


def test_lines_read_elsewhere_are_those_read_afresh_on_every_order_of_the_shared_games(
        monkeypatch):
    lines = corpus(shared_games(), None)
    forget()
    used = []
    original = api._read_elsewhere

    def counted(view, key):
        found = original(view, key)
        used.append(found is not None)
        return found

    monkeypatch.setattr(api, "_read_elsewhere", counted)
    remembered = _read_everything(lines)
    forget()
    monkeypatch.setattr(api, "_read_elsewhere", lambda view, key: None)
    afresh = _read_everything(lines)
    assert remembered == afresh
    assert sum(used) > len(lines) // 5  # a third of the lines, in a run of twenty games


def _with_units(position: Position, *units: Unit) -> Position:
    return replace(position, units=tuple(units))


def test_an_army_going_by_sea_is_read_again_when_the_fleets_at_sea_change():
    forget()
    army = Unit(Power.ENGLAND, A, "lon")
    fleet_in_channel = _with_units(CONVOY, army, Unit(Power.ENGLAND, F, "eng"))
    fleet_at_home = _with_units(CONVOY, army, Unit(Power.ENGLAND, F, "edi"))
    fleet_in_channel_again = _with_units(CONVOY, army, Unit(Power.ENGLAND, F, "eng"),
                                         Unit(Power.FRANCE, A, "par"))
    by_sea = parse_line("A Lon - Bel", position=fleet_in_channel, power=Power.ENGLAND)
    stranded = parse_line("A Lon - Bel", position=fleet_at_home, power=Power.ENGLAND)
    again = parse_line("A Lon - Bel", position=fleet_in_channel_again, power=Power.ENGLAND)
    assert by_sea.valid and by_sea.canonical == "A LON - BEL"
    assert not stranded.valid and stranded.canonical == "A LON - BEL"
    assert again is by_sea  # the army and the fleets at sea alike: the same reading


def test_a_line_is_read_again_when_another_unit_stands_where_it_reads():
    forget()
    italian = parse_line("A Ven - Tri", position=OPENING, power=Power.ITALY)
    austrian_venice = _with_units(OPENING, Unit(Power.AUSTRIA, A, "ven"),
                                  Unit(Power.ITALY, A, "rom"))
    taken = parse_line("A Ven - Tri", position=austrian_venice, power=Power.ITALY)
    fleet_venice = _with_units(OPENING, Unit(Power.ITALY, F, "ven"))
    fleet = parse_line("Ven - Tri", position=fleet_venice, power=Power.ITALY)
    assert italian.valid
    assert not taken.valid and "Austria" in taken.reason
    assert fleet.valid and fleet.canonical == "F VEN - TRI"
    army = parse_line("F Nap S Rom - Apu", position=OPENING, power=Power.ITALY)
    fleet_rome = _with_units(OPENING, Unit(Power.ITALY, F, "nap"), Unit(Power.ITALY, F, "rom"))
    fleet = parse_line("F Nap S Rom - Apu", position=fleet_rome, power=Power.ITALY)
    assert army.canonical == "F NAP S A ROM - APU"
    assert fleet.canonical == "F NAP S F ROM - APU"
