"""Random movement phases on the variants, and the same phases in MILA's `diplomacy` package:
what `bench.variants` times and `tests/engine/test_variant_peer.py` compares (both engines must
agree), and what `tests/engine/test_variant_games.py` plays.

`random_phases(vid, count)`: from the variant's opening, `count` movement phases of random
orders (holds, moves to a neighbouring location, half of them at an occupied province, and
supports of a neighbour's hold or move), each from the position Arbitro reached.
"""

from __future__ import annotations

import random

from engine import RULES_2023, Position, UnitType, adjudicate, board_of
from engine.board import Board
from engine.vocabulary import Phase, PhaseKind, Season, province_of

# Our variant -> the package's map of it.
PEER_MAPS = {"ancmed": "ancmed", "pure": "pure", "fleet_rome": "standard_fleet_rome",
             "france_austria": "standard_france_austria",
             "germany_italy": "standard_germany_italy"}


def _moves(board: Board, unit) -> list[str]:
    if unit.type is UnitType.ARMY:
        return sorted(board.army_neighbours(unit.province))
    return sorted(board.fleet_neighbours(unit.location))


def random_orders(position: Position, board: Board, rng: random.Random
                  ) -> dict[str, list[str]]:
    """An order for every unit: hold, move (fleets name the coast: the two rule sets' coast
    defaults never differ; half the moves at an occupied province), or support."""
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


def random_phases(vid: str, count: int, seed: str = "") -> list[tuple[Position, dict]]:
    """`count` movement phases of a variant with random orders, each from the position our
    engine reached from the one before (dislodged units disbanded)."""
    board = board_of(vid)
    rng = random.Random(f"variant {vid}{seed}")
    position = Position.initial(board)
    phases = []
    for _ in range(count):
        orders = random_orders(position, board, rng)
        phases.append((position, orders))
        result = adjudicate(position, orders, RULES_2023)
        season = Season.FALL if position.phase.season is Season.SPRING else Season.SPRING
        year = position.phase.year + (season is Season.SPRING)
        position = Position(Phase(year, season, PhaseKind.MOVEMENT), result.units_after,
                            result.supply_centers_after, (), vid)
    return phases


def peer_game(map_name: str, position: Position):
    """A `diplomacy` game of the package's map set to our position."""
    from diplomacy import Game

    game = Game(map_name=map_name)
    game.set_current_phase(f"{position.phase.season.value}{position.phase.year:04d}M")
    game.clear_units()
    by_power: dict[str, list[str]] = {}
    for unit in position.units:
        by_power.setdefault(unit.power.value.upper(), []).append(unit.label())
    for power, placed in by_power.items():
        game.set_units(power, placed)
    return game


def peer_play(game, orders: dict[str, list[str]]) -> None:
    """The package adjudicates `orders` (per power, as `random_phases` gives them) on `game`."""
    for power, given in orders.items():
        game.set_orders(power.upper(), given)
    game.process()


def peer_result(game) -> tuple[list[str], list[str]]:
    """The package's units after a processed phase, and its dislodged units."""
    units = sorted(f"{p} {u}" for p, power in game.powers.items() for u in power.units)
    return units, sorted(f"{p} {u}" for p, power in game.powers.items() for u in power.retreats)


def our_result(result) -> tuple[list[str], list[str]]:
    """Ours in the same words (dislodged units that may retreat: the package disbands the
    others at once)."""
    units = sorted(f"{u.power.value.upper()} {u.label()}" for u in result.units_after)
    return units, sorted(f"{d.unit.power.value.upper()} {d.unit.label()}"
                         for d in result.dislodged_after if d.retreat_options)
