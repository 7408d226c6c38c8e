"""The standard board's data file: counts, coasts, borders and the special passages of seed 000
VII.3 (Kiel, Constantinople, Denmark–Sweden, the two-coast provinces)."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from engine import Position, Power, UnitType, standard_board
from engine.vocabulary import province_of

BOARD = standard_board()
RAW = json.loads(resources.files("engine").joinpath("data/standard.json").read_text("utf-8"))
TWO_COASTS = {"stp": ("nc", "sc"), "spa": ("nc", "sc"), "bul": ("ec", "sc")}


def test_seventy_five_provinces_of_three_kinds() -> None:
    kinds = Counter(p.kind for p in BOARD.provinces.values())
    assert len(BOARD.provinces) == 75
    assert kinds == {"sea": 19, "coast": 42, "land": 14}
    assert all(pid == pid.lower() and len(pid) == 3 for pid in BOARD.provinces)


def test_the_six_coasts_are_on_the_three_two_coast_provinces_only() -> None:
    with_coasts = {pid: p.coasts for pid, p in BOARD.provinces.items() if p.coasts}
    assert with_coasts == TWO_COASTS


def test_thirty_four_supply_centres_twenty_two_of_them_home_centres() -> None:
    assert len(BOARD.supply_centers) == 34
    homes = {power: len(centres) for power, centres in BOARD.home_centers.items()}
    assert sum(homes.values()) == 22
    assert homes == {p: (4 if p is Power.RUSSIA else 3) for p in Power}
    assert all(c in BOARD.supply_centers for cs in BOARD.home_centers.values() for c in cs)
    assert not any(BOARD.provinces[c].is_sea for c in BOARD.supply_centers)


def test_starting_units_stand_on_their_home_centres() -> None:
    position = Position.initial()
    assert len(position.units) == 22
    for unit in position.units:
        assert unit.province in BOARD.home_centers[unit.power]
        assert BOARD.can_stand(unit.type, unit.location)
    fleets = {u.location for u in position.units if u.type is UnitType.FLEET}
    assert fleets == {"lon", "edi", "bre", "kie", "nap", "tri", "ank", "sev", "stp/sc"}


def test_borders_in_the_data_are_listed_once_and_name_real_places() -> None:
    for key in ("army_borders", "fleet_borders"):
        pairs = [frozenset(pair) for pair in RAW[key]]
        assert len(pairs) == len(set(pairs)), f"{key} lists a border twice"
        assert all(len(pair) == 2 for pair in pairs), f"{key} has a border to itself"
    for a, b in RAW["army_borders"]:
        assert not BOARD.provinces[a].is_sea and not BOARD.provinces[b].is_sea
    for a, b in RAW["fleet_borders"]:
        assert BOARD.can_stand(UnitType.FLEET, a) and BOARD.can_stand(UnitType.FLEET, b)


def test_borders_are_symmetric() -> None:
    for pid in BOARD.provinces:
        for other in BOARD.army_neighbours(pid):
            assert pid in BOARD.army_neighbours(other)
        for location in BOARD.unit_locations(UnitType.FLEET, pid):
            for there in BOARD.fleet_neighbours(location):
                assert location in BOARD.fleet_neighbours(there)


@pytest.mark.parametrize("location", sorted(
    loc for pid in BOARD.provinces for loc in BOARD.unit_locations(UnitType.FLEET, pid)))
def test_every_fleet_location_and_coast_is_reachable(location: str) -> None:
    assert BOARD.fleet_neighbours(location), f"no fleet can reach or leave {location}"


def test_inland_provinces_take_no_fleet_and_seas_no_army() -> None:
    for pid, province in BOARD.provinces.items():
        if province.kind == "land":
            assert BOARD.unit_locations(UnitType.FLEET, pid) == ()
            assert BOARD.army_neighbours(pid)
        if province.is_sea:
            assert BOARD.unit_locations(UnitType.ARMY, pid) == ()
            assert not BOARD.army_neighbours(pid)


@pytest.mark.parametrize(("coast", "reach"), [
    ("stp/nc", {"bar", "nwy"}),
    ("stp/sc", {"bot", "fin", "lvn"}),
    ("spa/nc", {"mao", "gas", "por"}),
    ("spa/sc", {"mao", "por", "mar", "lyo", "wes"}),
    ("bul/ec", {"bla", "con", "rum"}),
    ("bul/sc", {"aeg", "con", "gre"}),
])
def test_each_coast_has_its_own_seas(coast: str, reach: set[str]) -> None:
    assert {province_of(x) for x in BOARD.fleet_neighbours(coast)} == reach


def test_kiel_and_constantinople_let_fleets_through() -> None:
    # seed 000 VII.3: a fleet passes through Kiel (Helgoland Bight <-> Baltic) and
    # Constantinople (Black Sea <-> Aegean) as through any coastal province.
    for route in (("hel", "kie", "bal"), ("bla", "con", "aeg")):
        sea_a, port, sea_b = route
        assert BOARD.adjacent(UnitType.FLEET, sea_a, port)
        assert BOARD.adjacent(UnitType.FLEET, port, sea_b)
    assert BOARD.adjacent(UnitType.ARMY, "kie", "den")
    assert BOARD.adjacent(UnitType.ARMY, "con", "smy")


def test_denmark_and_sweden_border_for_armies_and_fleets() -> None:
    assert BOARD.adjacent(UnitType.ARMY, "den", "swe")
    assert BOARD.adjacent(UnitType.FLEET, "den", "swe")
    assert BOARD.adjacent(UnitType.FLEET, "ska", "den")
    assert BOARD.adjacent(UnitType.FLEET, "bal", "swe")


def test_coasts_that_do_not_touch_are_not_borders() -> None:
    assert not BOARD.adjacent(UnitType.FLEET, "bul/ec", "aeg")
    assert not BOARD.adjacent(UnitType.FLEET, "spa/nc", "lyo")
    assert not BOARD.adjacent(UnitType.FLEET, "stp/sc", "bar")
    assert not BOARD.adjacent(UnitType.FLEET, "rom", "ven")  # land border, no shared sea
    assert BOARD.adjacent(UnitType.ARMY, "rom", "ven")
    assert BOARD.adjacent(UnitType.ARMY, "ven", "tus")
