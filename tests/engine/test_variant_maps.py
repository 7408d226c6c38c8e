"""Each variant's board against the published map files: the `diplomacy` package's `.map`
files and DPjudge's (`../shared/variants/`), read by our own reader (`tools/map_files.py`).

Compared: provinces and their kinds, coasts, army and fleet borders, supply centres, home
centres, starting units, the first phase. The differences there are, each decided: Switzerland
(`swi`), which the files list as impassable (`SHUT`), is no province of ours (no unit may ever
stand or pass there, seed 000 "Svizzera"); the files' names of provinces are not compared (ours
are in three languages, `province_names`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Position, UnitType, board_of
from engine.board import Board
from tests.shared_data import shared_file
from tools.map_files import MapFile, read_map

diplomacy = pytest.importorskip("diplomacy", reason="the diplomacy package (a test dependency)")
MAPS = Path(diplomacy.__file__).parent / "maps"
IMPASSABLE = {"swi"}  # SHUT in the files; not a province of ours


def _facts_of_board(board: Board) -> dict:
    army, fleet = set(), set()
    for pid in board.provinces:
        army |= {frozenset((pid, q)) for q in board.army_neighbours(pid)}
        for loc in board.unit_locations(UnitType.FLEET, pid):
            fleet |= {frozenset((loc, q)) for q in board.fleet_neighbours(loc)}
    opening = Position.initial(board)
    return {
        "provinces": {p: q.kind for p, q in board.provinces.items()},
        "coasts": {p: set(q.coasts) for p, q in board.provinces.items() if q.coasts},
        "army": army, "fleet": fleet, "centers": set(board.supply_centers),
        "homes": {str(p): set(cs) for p, cs in board.home_centers.items()},
        "units": {str(p): {f"{t} {loc}" for t, loc in units}
                  for p, units in board.starting_units.items() if units},
        "start": opening.phase.name,
    }


def _facts_of_file(found: MapFile, start: str) -> dict:
    army, fleet = found.borders()
    return {
        "provinces": {p: k for p, k in found.kinds.items() if p not in IMPASSABLE},
        "coasts": {p: set(c) for p, c in found.coasts.items()},
        "army": army, "fleet": fleet, "centers": found.centers,
        "homes": {p: set(cs) for p, cs in found.homes.items()},
        "units": {p: set(us) for p, us in found.units.items() if us},
        "start": start,
    }


def _standard() -> MapFile:
    return read_map((MAPS / "standard.map").read_text("latin-1"))


def _same(ours: dict, theirs: dict) -> None:
    for key in ours:
        assert ours[key] == theirs[key], key


@pytest.mark.parametrize(("variant", "file", "start"), [
    ("standard", "standard.map", "S1901M"),
    ("fleet_rome", "standard_fleet_rome.map", "S1901M"),
    ("france_austria", "standard_france_austria.map", "S1901M"),
    ("germany_italy", "standard_germany_italy.map", "S1901M"),
    ("pure", "pure.map", "S1901M"),
    ("ancmed", "ancmed.map", "S1M"),
])
def test_each_variant_equals_the_diplomacy_package_map(variant, file, start):
    text = (MAPS / file).read_text("latin-1")
    base = _standard() if variant != "standard" and "MAP standard.map" in text else None
    _same(_facts_of_board(board_of(variant)), _facts_of_file(read_map(text, base), start))


@pytest.mark.parametrize(("variant", "file", "start"), [
    ("fleet_rome", "fleetrome.map", "S1901M"),
    ("pure", "pure.map", "S1901M"),
    ("ancmed", "ancmed.map", "S1M"),
    ("chaos", "chaos.map", "W1900A"),
])
def test_each_variant_equals_dpjudge_map(variant, file, start):
    text = shared_file("variants", file).read_text("latin-1")
    # DPjudge keeps the standard geography in files of its own: the package's stands in.
    base = None if file in ("pure.map", "ancmed.map") else _standard()
    _same(_facts_of_board(board_of(variant)), _facts_of_file(read_map(text, base), start))


def test_the_reader_tells_army_and_fleet_borders_apart():
    """Lower case: armies only; `Xxx`: fleets only; a line for a coast: fleets only."""
    found = read_map("""
COAST AAA ABUTS BBB ccc Ddd SEA
COAST BBB ABUTS AAA
COAST CCC ABUTS aaa
PORT DDD ABUTS Aaa SEA
WATER SEA ABUTS AAA DDD
""")
    army, fleet = found.borders()
    assert army == {frozenset(("aaa", "bbb")), frozenset(("aaa", "ccc"))}
    assert fleet == {frozenset(("aaa", "bbb")), frozenset(("aaa", "ddd")),
                     frozenset(("aaa", "sea")), frozenset(("ddd", "sea"))}
    assert found.ports == {"ddd"}


def test_ancmed_baleares_is_a_port_and_its_straits_are_fleet_only():
    board = board_of("ancmed")
    assert "bal" in board.convoy_provinces and not board.provinces["bal"].is_sea
    # Baleares touches Tarraconensis and Saguntum by sea only: no army crosses.
    assert not board.army_neighbours("bal")
    assert {"tar", "sag"} <= board.fleet_neighbours("bal")
    assert not board.adjacent(UnitType.ARMY, "tar", "bal")


def test_the_variant_folders_are_what_the_generator_writes_from_the_map_files():
    """`python -m tools.build_variants` run again changes nothing: the data are the files'."""
    import json

    from tools.build_variants import ROOT, build

    maps = shared_file("variants", "ancmed.map").parent
    for vid, data in build(maps).items():
        data.pop("source")
        folder = ROOT / "engine" / "variants" / vid
        assert json.loads((folder / "variant.json").read_text("utf-8")) == data, vid
