"""Random movement phases on each variant the `diplomacy` package also plays, adjudicated by
both engines: the units after the phase and the dislodged units that may retreat agree (the
package disbands at once a unit with nowhere to go). Orders are drawn at
random among holds, moves to a neighbouring location and supports of a neighbour's hold or
move (fleets name the coast they go to, so the two rule sets' coast defaults never differ;
half the moves go at an occupied province, so units are dislodged);
each phase starts from the position our engine reached (dislodged units disbanded)."""

from __future__ import annotations

import random

import pytest

from engine import RULES_2023, Position, UnitType, adjudicate, board_of
from engine.board import Board
from engine.vocabulary import Phase, PhaseKind, Season, province_of

diplomacy = pytest.importorskip("diplomacy", reason="the diplomacy package (a test dependency)")

PEER_MAPS = {"ancmed": "ancmed", "pure": "pure", "fleet_rome": "standard_fleet_rome",
             "france_austria": "standard_france_austria",
             "germany_italy": "standard_germany_italy"}
PHASES = 20


def _moves(board: Board, unit) -> list[str]:
    if unit.type is UnitType.ARMY:
        return sorted(board.army_neighbours(unit.province))
    return sorted(board.fleet_neighbours(unit.location))


def _orders(position: Position, board: Board, rng: random.Random) -> dict[str, list[str]]:
    by_province = {u.province: u for u in position.units}
    planned: dict[str, str | None] = {}
    orders: dict[str, list[str]] = {}
    for unit in position.units:
        roll = rng.random()
        targets = _moves(board, unit)
        text = f"{unit.label()} H"
        if roll < 0.55 and targets:
            occupied = [t for t in targets if province_of(t) in by_province]
            target = rng.choice(occupied if occupied and rng.random() < 0.5 else targets)
            planned[unit.province] = province_of(target)
            text = f"{unit.label()} - {target.upper()}"
        elif roll < 0.85:
            reach = {province_of(t) for t in targets}
            friends = [u for p, u in by_province.items() if p != unit.province]
            rng.shuffle(friends)
            for friend in friends:
                aim = planned.get(friend.province)
                if aim and aim in reach and aim != unit.province:
                    text = f"{unit.label()} S {friend.label()} - {aim.upper()}"
                    break
                if aim is None and friend.province in reach:
                    text = f"{unit.label()} S {friend.label()}"
                    break
        orders.setdefault(unit.power.value, []).append(text)
    return orders


def _peer(map_name: str, position: Position, orders: dict[str, list[str]]):
    game = diplomacy.Game(map_name=map_name)
    game.set_current_phase(f"{position.phase.season.value}{position.phase.year:04d}M")
    game.clear_units()
    by_power: dict[str, list[str]] = {}
    for unit in position.units:
        by_power.setdefault(unit.power.value.upper(), []).append(unit.label())
    for power, placed in by_power.items():
        game.set_units(power, placed)
    for power, given in orders.items():
        game.set_orders(power.upper(), given)
    game.process()
    units = sorted(f"{p} {u}" for p, power in game.powers.items() for u in power.units)
    dislodged = sorted(f"{p} {u}" for p, power in game.powers.items()
                       for u in power.retreats)
    return units, dislodged


@pytest.mark.parametrize("vid", sorted(PEER_MAPS))
def test_random_phases_agree_with_the_diplomacy_package(vid):
    board = board_of(vid)
    rng = random.Random(f"variant {vid}")
    position = Position.initial(board)
    for _ in range(PHASES):
        orders = _orders(position, board, rng)
        result = adjudicate(position, orders, RULES_2023)
        ours = sorted(f"{u.power.value.upper()} {u.label()}" for u in result.units_after)
        ours_out = sorted(f"{d.unit.power.value.upper()} {d.unit.label()}"
                          for d in result.dislodged_after if d.retreat_options)
        peer = _peer(PEER_MAPS[vid], position, orders)
        assert (ours, ours_out) == peer, (position.phase.name, orders, ours, ours_out, peer)
        season = Season.FALL if position.phase.season is Season.SPRING else Season.SPRING
        year = position.phase.year + (season is Season.SPRING)
        position = Position(Phase(year, season, PhaseKind.MOVEMENT), result.units_after,
                            result.supply_centers_after, (), vid)


def test_the_port_of_baleares_convoys_in_both_engines():
    board = board_of("ancmed")
    position = Position.from_record({"phase": "S1M", "units": [
        {"power": "Carthage", "type": t, "location": loc}
        for t, loc in (("A", "tar"), ("F", "bal"), ("F", "ber"))]}, "ancmed")
    orders = {"Carthage": ["A TAR - MAU", "F BAL C A TAR - MAU", "F BER C A TAR - MAU"]}
    ours = sorted(f"{u.power.value.upper()} {u.label()}"
                  for u in adjudicate(position, orders, RULES_2023, board).units_after)
    assert ours == _peer("ancmed", position, orders)[0]
    assert "CARTHAGE A MAU" in ours
