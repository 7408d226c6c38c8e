"""The computer player's strength and speed, refereed by our engine.

    python -m bench.players [--quick] [--think-ms MS] [--seed N]

Tournaments: for each baseline of `testbed/baselines.py` (random legal orders, hold everything,
greedy DumbBot-like) and each of the seven powers in turn, a game from Spring 1901 to the end of
1908 (or a solo) with the computer at that power and the baseline at the six others. Printed:
the computer's average centres at the end against the baseline powers' average in the same
games, the computer's solos and eliminations, the p95 CPU time of one of its decisions (one
power, one phase), and its orders the engine found illegal or its units left without an order
(both must be 0). Last, a game of seven computers from 1901 to the end of 1910, timed
(wall clock, and the CPU time of this process, which a loaded machine does not inflate).
`--quick`: three powers, to the end of 1902, and a seven-computer game of one year: a smoke
run of under a minute.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from computer import choose_orders
from engine import Position, Power, Status, adjudicate, game_status
from engine.orders import Order
from engine.vocabulary import PhaseKind
from testbed.baselines import BASELINES

Player = Callable[[Position, Power, random.Random], list[Order]]


def computer_player(think_ms: int, seed: int) -> Player:
    def play(position: Position, power: Power, _rng: random.Random) -> list[Order]:
        return choose_orders(position, power, seed=seed, think_ms=think_ms)
    return play


@dataclass
class Game:
    centres: dict[Power, int]
    solo: Power | None
    years: int
    decisions: list[float] = field(default_factory=list)   # CPU seconds, watched powers
    illegal: int = 0          # orders of watched powers the engine found illegal
    unordered: int = 0        # units of watched powers left without an order


def play_game(players: dict[Power, Player], last_year: int, seed: int,
              watched: frozenset[Power]) -> Game:
    rng = random.Random(seed)
    position = Position.initial()
    record = Game({}, None, 0)
    while position.phase.year <= last_year:
        orders: dict[Power, list[Order]] = {}
        for power in Power:
            started = time.process_time()
            given = players[power](position, power, rng)
            if power in watched:
                record.decisions.append(time.process_time() - started)
                if position.phase.kind is PhaseKind.MOVEMENT:
                    ordered = {o.location.split("/")[0] for o in given}
                    record.unordered += sum(1 for u in position.units_of(power)
                                            if u.province not in ordered)
            if given:
                orders[power] = given
        result = adjudicate(position, orders)
        record.illegal += sum(1 for r in result.results
                              if r.power in watched and r.outcome.status is Status.ILLEGAL)
        position = result.next_position
        status = game_status(position)
        if status.over is not None and status.over.how == "solo":
            record.solo = next(iter(status.over.winners))
            break
    record.centres = position.center_counts()
    record.years = position.phase.year - 1901
    return record


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def tournament(baseline: str, powers: list[Power], last_year: int, think_ms: int,
               seed: int) -> dict:
    mine: list[int] = []
    theirs: list[float] = []
    solos = eliminated = illegal = unordered = 0
    decisions: list[float] = []
    for index, power in enumerate(powers):
        players = {p: BASELINES[baseline] for p in Power}
        players[power] = computer_player(think_ms, seed + index)
        game = play_game(players, last_year, seed + index, frozenset({power}))
        mine.append(game.centres[power])
        theirs.append(sum(game.centres[p] for p in Power if p != power) / 6)
        solos += game.solo == power
        eliminated += game.centres[power] == 0
        illegal += game.illegal
        unordered += game.unordered
        decisions += game.decisions
        print(f"  {baseline:7} {power.value:8} computer {game.centres[power]:2} centres, "
              f"baseline average {theirs[-1]:4.1f}"
              + (f", solo by {game.solo.value} in {1901 + game.years}" if game.solo else ""),
              flush=True)
    return {"baseline": baseline, "computer": sum(mine) / len(mine),
            "baseline_avg": sum(theirs) / len(theirs), "solos": solos,
            "eliminated": eliminated, "p95": p95(decisions), "illegal": illegal,
            "unordered": unordered, "games": len(powers)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run (see above)")
    parser.add_argument("--think-ms", type=int, default=2000,
                        help="the computer's budget per decision (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    powers = list(Power)[:3] if args.quick else list(Power)
    last_year = 1902 if args.quick else 1908
    rows = [tournament(name, powers, last_year, args.think_ms, args.seed)
            for name in BASELINES]

    everyone = {p: computer_player(args.think_ms, args.seed) for p in Power}
    seven_last = 1901 if args.quick else 1910
    started, cpu = time.perf_counter(), time.process_time()
    seven = play_game(everyone, seven_last, args.seed, frozenset(Power))
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu

    print()
    print(f"computer player, 1 against 6, 1901 to the end of {last_year}, "
          f"--think-ms {args.think_ms}, {len(powers)} games per baseline")
    print("| baseline | computer's centres (avg) | baseline's centres (avg) | ratio | solos "
          "| eliminated | p95 decision (CPU) | illegal orders | units without orders |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        ratio = r["computer"] / r["baseline_avg"] if r["baseline_avg"] else float("inf")
        print(f"| {r['baseline']} | {r['computer']:.1f} | {r['baseline_avg']:.1f} | "
              f"{ratio:.1f}× | {r['solos']}/{r['games']} | {r['eliminated']}/{r['games']} | "
              f"{r['p95'] * 1000:.0f} ms | {r['illegal']} | {r['unordered']} |")
    print(f"seven computers, 1901 to the end of {seven_last}: {wall:.1f} s wall clock "
          f"({cpu:.1f} s CPU), "
          f"p95 decision {p95(seven.decisions) * 1000:.0f} ms CPU, "
          f"{seven.illegal} illegal orders, {seven.unordered} units without orders, "
          f"centres {', '.join(f'{p.value} {n}' for p, n in sorted(seven.centres.items()))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
