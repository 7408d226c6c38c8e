"""Adjudication speed on the variants: Arbitro's engine against MILA's `diplomacy` package on
the same random movement phases of each variant the package also plays, in the same run.

    python -m bench.variants [--phases N] [--repeat N]

Phases: from each variant's opening, `--phases` movement phases of random orders (holds, moves
to a neighbouring location, half of them at an occupied province, and supports of a
neighbour's hold or move; `random_phases`), each from the position Arbitro reached. Timed as
in `bench.engine`: for Arbitro `adjudicate(position, orders)`, for `diplomacy` `set_orders` for
every power then `process()`, positions (and the package's games) built before the clock
starts; CPU time, garbage collector paused, best of `--repeat` rounds. Both engines' units
after every phase are compared.
"""

from __future__ import annotations

import argparse
import random
import sys

from bench.engine import clock
from engine import RULES_2023, Position, UnitType, adjudicate, board_of, parse_order
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


def _time(vid: str, phases, repeat: int) -> tuple[float, float, int]:
    best_ours = best_theirs = float("inf")
    agree = 0
    for _ in range(repeat):
        parse_order.cache_clear()
        with clock() as elapsed:
            ours = [adjudicate(p, o, RULES_2023) for p, o in phases]
        best_ours = min(best_ours, elapsed[0])
        games = [peer_game(PEER_MAPS[vid], p) for p, _o in phases]
        with clock() as elapsed:
            for game, (_p, orders) in zip(games, phases, strict=True):
                for power, given in orders.items():
                    game.set_orders(power.upper(), given)
                game.process()
        best_theirs = min(best_theirs, elapsed[0])
        agree = sum(our_result(r) == peer_result(g) for r, g in zip(ours, games, strict=True))
    return best_ours, best_theirs, agree


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.variants",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=40, help="random phases per variant")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (best is kept)")
    args = parser.parse_args(argv)
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        sys.exit("the peer is missing: pip install '.[bench]' (MILA's diplomacy package)")
    print(f"adjudication of random movement phases per variant, microseconds per phase (best "
          f"of {args.repeat}; Python {sys.version.split()[0]})\n")
    print("| variant | phases | Arbitro µs | diplomacy 1.1.2 µs | Arbitro faster by | "
          "phases where both agree |")
    print("|---|---:|---:|---:|---:|---:|")
    for vid in sorted(PEER_MAPS):
        phases = random_phases(vid, args.phases)
        peer_game(PEER_MAPS[vid], phases[0][0])  # load the package's map once, untimed
        ours, theirs, agree = _time(vid, phases, args.repeat)
        n = len(phases)
        print(f"| {vid} | {n} | {ours / n * 1e6:,.0f} | {theirs / n * 1e6:,.0f} | "
              f"{theirs / ours:.1f}× | {agree}/{n} |")


if __name__ == "__main__":
    main()
