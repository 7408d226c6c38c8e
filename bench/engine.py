"""Adjudication speed: Arbitro's engine against MILA's `diplomacy` package, in the same run.

    python -m bench.engine [--repeat N]

Positions: the Spring 1901 opening (the orders of the rulebook's example game, seed 000) and
every movement phase of the 20 games in ../shared/games (beside the checkout, or
$ARBITRO_SHARED). Both engines get the same position and the same order texts.

What is timed, per phase: for Arbitro, `adjudicate(position, orders)` (reading the order texts,
validating, resolving, retreat options, centres, the next phase); for `diplomacy`,
`set_orders` for every power then `process()` (the same work). Not timed, for either: building
the position (Arbitro's `Position`; diplomacy's `Game()` with its units, centres and phase set).
Times are the CPU time of this process (`time.process_time`), so that other programs running
on the machine do not count; each engine adjudicates all the phases in a row, `--repeat`
times, and the fastest round is kept. Then the whole replay of the 20 games (all 771 phases, movement,
retreats and adjustments) with Arbitro, best of `--repeat`.

Each engine's units after every movement phase are compared with the record, so the table
also says that both did the work right.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

from engine import Position, adjudicate
from engine.records import game_phase_position, replay_game
from engine.rules import RULES_2023, Rules

# Seed 000, "Esempio di gioco", Spring 1901.
OPENING = {
    "England": ["A LVP - YOR", "F LON - NTH", "F EDI - NWG"],
    "Germany": ["A BER - KIE", "A MUN - RUH", "F KIE - DEN"],
    "Russia": ["A MOS - UKR", "A WAR - GAL", "F STP/SC - BOT", "F SEV - BLA"],
    "Turkey": ["A CON - BUL", "A SMY - CON", "F ANK - BLA"],
    "Austria": ["A VIE - TRI", "A BUD - GAL", "F TRI - ALB"],
    "Italy": ["A VEN - PIE", "A ROM - VEN", "F NAP - ION"],
    "France": ["A PAR - BUR", "A MAR - SPA", "F BRE - PIC"],
}
# MILA's engine moves a `VIA` army by land when no fleet convoys it (DATC v2); its games need
# that option to replay (see tests/engine/test_games.py). It does not change the timing.
MILA_RULES = replace(RULES_2023, via_convoy_falls_back_to_land=True)


def shared_games() -> list[dict]:
    override = os.environ.get("ARBITRO_SHARED")
    base = Path(override) if override else Path(__file__).resolve().parents[2] / "shared"
    folder = base / "games"
    if not folder.is_dir():
        sys.exit(f"no games found: expected {folder} (or set ARBITRO_SHARED)")
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]


def rules_for(game: Mapping) -> Rules:
    return MILA_RULES if game["id"].startswith("mila") else RULES_2023


def units_key(units) -> list[str]:
    return sorted(f"{u['power'].upper()} {u['type']} {u['location'].upper()}" for u in units)


def best(run: Callable[[], float], repeat: int) -> float:
    return min(run() for _ in range(repeat))


# -- Arbitro ----------------------------------------------------------------------------------
def arbitro_phase(position: Position, orders: Mapping, rules: Rules) -> tuple[float, list[str]]:
    start = time.process_time()
    result = adjudicate(position, orders, rules)
    elapsed = time.process_time() - start
    return elapsed, sorted(f"{u.power.value.upper()} {u.label()}" for u in result.units_after)


# -- diplomacy (MILA) -------------------------------------------------------------------------
def mila_game(phase: str, units: list[dict], centers: Mapping[str, list[str]]):
    from diplomacy import Game

    game = Game()
    game.set_current_phase(phase)
    game.clear_units()
    game.clear_centers()
    by_power: dict[str, list[str]] = {}
    for unit in units:
        by_power.setdefault(unit["power"].upper(), []).append(
            f"{unit['type']} {unit['location'].upper()}")
    for power, placed in by_power.items():
        game.set_units(power, placed)
    for power, owned in centers.items():
        game.set_centers(power.upper(), [c.upper() for c in owned])
    return game


def mila_phase(phase: str, units: list[dict], centers: Mapping[str, list[str]],
               orders: Mapping[str, list[str]]) -> tuple[float, list[str]]:
    game = mila_game(phase, units, centers)
    start = time.process_time()
    for power, given in orders.items():
        game.set_orders(power.upper(), list(given))
    game.process()
    elapsed = time.process_time() - start
    return elapsed, sorted(f"{p} {u}" for p, power in game.powers.items() for u in power.units)


# -- the run ----------------------------------------------------------------------------------
def movement_cases(games: list[dict]) -> list[tuple[str, dict, Rules]]:
    return [(game["id"], phase, rules_for(game)) for game in games
            for phase in game["phases"] if phase["type"] == "movement"]


def time_cases(cases, repeat: int) -> dict[str, tuple[float, int]]:
    """Per engine: the best over `repeat` runs of the summed time of every case, and how many
    cases agree with the record. Each engine runs all its cases in a row (warm, as in a game
    server), Arbitro first, then diplomacy."""
    expected = [units_key(phase["units_after"]) for _id, phase, _rules in cases]
    positions = [game_phase_position(phase) for _id, phase, _rules in cases]
    runs = []
    for _ in range(repeat):
        timed = [arbitro_phase(position, phase["orders"], rules)
                 for position, (_id, phase, rules) in zip(positions, cases, strict=True)]
        runs.append(timed)
    arbitro = min(runs, key=lambda run: sum(seconds for seconds, _units in run))
    runs = []
    for _ in range(repeat):
        runs.append([mila_phase(phase["phase"], phase["units_before"], phase["centers_before"],
                                phase["orders"]) for _id, phase, _rules in cases])
    mila = min(runs, key=lambda run: sum(seconds for seconds, _units in run))
    return {name: (sum(seconds for seconds, _units in run),
                   sum(units == want for (_s, units), want in zip(run, expected, strict=True)))
            for name, run in (("arbitro", arbitro), ("mila", mila))}


def opening_case() -> dict:
    position = Position.initial()
    units = [u.to_json() for u in position.units]
    result = adjudicate(position, OPENING, RULES_2023)
    return {"phase": "S1901M", "units_before": units,
            "centers_before": {p.value: sorted(c) for p, c in position.supply_centers.items()},
            "orders": OPENING, "units_after": [u.to_json() for u in result.units_after]}


def whole_replay(games: list[dict], repeat: int) -> tuple[float, int]:
    def run() -> float:
        start = time.process_time()
        for game in games:
            for _phase, _result in replay_game(game["phases"], rules_for(game)):
                pass
        return time.process_time() - start

    phases = sum(len(g["phases"]) for g in games)
    return best(run, repeat), phases


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds over all phases (best is kept)")
    args = parser.parse_args(argv)
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        sys.exit("the peer is missing: pip install '.[bench]' (MILA's diplomacy package)")

    games = shared_games()
    mila_game("S1901M", [], {})  # load MILA's map once, outside any timing
    rows = []
    for label, cases in (("Spring 1901 opening", [("opening", opening_case(), RULES_2023)]),
                         ("movement phases, 20 games", movement_cases(games))):
        totals = time_cases(cases, args.repeat)
        ours, ours_ok = totals["arbitro"]
        theirs, theirs_ok = totals["mila"]
        n = len(cases)
        rows.append((label, n, ours / n * 1e6, theirs / n * 1e6, theirs / ours,
                     f"{ours_ok}/{n}", f"{theirs_ok}/{n}"))
    replay_seconds, replay_phases = whole_replay(games, args.repeat)

    print(f"adjudication, microseconds per phase (best of {args.repeat}; Python "
          f"{sys.version.split()[0]})\n")
    print("| positions | phases | Arbitro µs | diplomacy 1.1.2 µs | Arbitro faster by | "
          "units right (Arbitro / diplomacy) |")
    print("|---|---:|---:|---:|---:|---|")
    for label, n, ours, theirs, ratio, ok, theirs_ok in rows:
        print(f"| {label} | {n} | {ours:,.0f} | {theirs:,.0f} | {ratio:.1f}× | "
              f"{ok} / {theirs_ok} |")
    print(f"\nwhole replay with Arbitro: {replay_phases} phases of {len(games)} games "
          f"(movement, retreats, adjustments) in {replay_seconds:.3f} s "
          f"({replay_seconds / replay_phases * 1e6:,.0f} µs per phase)")


if __name__ == "__main__":
    main()
