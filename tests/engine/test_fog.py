"""Fog of war (`engine.fog`): a power sees the provinces its units and centres occupy or border,
on any variant; its view of a position and of a phase's results holds nothing else."""

from __future__ import annotations

from engine import Position, Power, adjudicate, board_of
from engine.fog import seen_position, seen_results, sight
from engine.vocabulary import Unit, UnitType


def test_england_sees_its_home_and_the_seas_around_at_the_opening():
    opening = Position.initial()
    seen = sight(opening, Power.ENGLAND)
    assert {"lon", "edi", "lvp", "nth", "nwg", "eng", "iri", "wal", "yor", "cly"} <= seen
    assert "par" not in seen and "mos" not in seen and "bre" not in seen
    mine = seen_position(opening, Power.ENGLAND)
    assert {u.power for u in mine.units} == {Power.ENGLAND}
    assert set(mine.supply_centers) == {Power.ENGLAND}


def test_a_neighbours_unit_in_sight_is_seen_and_the_rest_is_not():
    opening = Position.initial()
    burgundy = Unit(Power.FRANCE, UnitType.ARMY, "bur")
    position = Position(opening.phase, (*opening.units, burgundy), opening.supply_centers)
    germany = seen_position(position, Power.GERMANY)
    assert burgundy in germany.units                  # Munich borders Burgundy
    assert not any(u.power is Power.AUSTRIA for u in germany.units)  # none borders Germany
    assert all(u.province in sight(position, Power.GERMANY) for u in germany.units)
    assert burgundy not in seen_position(position, Power.TURKEY).units


def test_results_are_told_for_own_orders_and_units_in_sight_only():
    opening = Position.initial()
    orders = {"England": ["F LON - NTH"], "Turkey": ["A CON - BUL"], "France": ["F BRE - ENG"]}
    result = adjudicate(opening, orders)
    told = {r.text for r in seen_results(result, opening, Power.ENGLAND)}
    assert told == {"F LON - NTH", "F BRE - ENG"}  # Brest borders the Channel: in sight


def test_fog_on_ancmed_sees_the_port_from_the_sea():
    position = Position.from_record({"phase": "S1M", "units": [
        {"power": "Carthage", "type": "F", "location": "ber"},
        {"power": "Rome", "type": "F", "location": "bal"},
        {"power": "Egypt", "type": "A", "location": "mem"}]}, "ancmed")
    mine = seen_position(position, Power("Carthage"))
    assert {u.location for u in mine.units} >= {"ber", "bal"}
    assert Unit(Power("Egypt"), UnitType.ARMY, "mem") not in mine.units
    assert mine.variant == "ancmed" and board_of("ancmed") is mine.board
