"""Adjudication speed: Arbitro's engine against MILA's `diplomacy` package, in the same run.

    python -m bench.engine [--repeat N]

Positions: the Spring 1901 opening (the orders of the rulebook's example game, seed 000) and
every movement phase of the 20 games in ../shared/games (beside the checkout, or
$ARBITRO_SHARED). Both engines get the same position and the same order texts.

What is timed, per phase: for Arbitro, `adjudicate(position, orders)` (reading the order texts,
validating, resolving, retreat options, centres, the next phase; the engine's memories of
texts and values, `engine.forget`, are emptied before each round, so only texts repeated
within a round are read once, and before each repetition of the opening); for `diplomacy`, `set_orders` for every
power then `process()` (the same work). Not timed, for either: building the positions
(Arbitro's `Position`s; diplomacy's `Game()`s with units, centres and phase set), which are all
built before the clock starts.

Times are the CPU time of this process (`time.process_time`), so that other programs running
on the machine do not count, with the garbage collector paused while the clock runs (as
`timeit` does); each engine adjudicates all the phases in a row, `--repeat` times (the two
engines taking turns), and the fastest round is kept. Then the whole replay of the 20 games
(all 771 phases: movement, retreats and adjustments, positions read from the records
included) with Arbitro, best of `--repeat`.

Each engine's units after every movement phase are compared with the record, so the table
also says that both did the work right.

Last, the command line: `arbitro adjudicate` (its `run`, in this process) on the same 346
movement phases written as one file of records in the layout of ../shared/datc/datc.json,
its results written to a file: reading the JSON, building each position, adjudicating,
writing the JSON, all timed; beside it the engine alone on the same phases (positions built
beforehand, as above) and the command as it was written before, with `json.dump(...,
indent=1)`. The three take turns, round by round; each round starts with the engine's memories
of order texts and units emptied, as a new process would.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, redirect_stdout
from dataclasses import replace
from pathlib import Path

from engine import Position, adjudicate, forget
from engine.records import game_phase_position, replay_game
from engine.rules import RULES_2023, Rules
from testbed.shared_games import shared_games

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


def rules_for(game: Mapping) -> Rules:
    return MILA_RULES if game["id"].startswith("mila") else RULES_2023


def units_key(units) -> list[str]:
    return sorted(f"{u['power'].upper()} {u['type']} {u['location'].upper()}" for u in units)


def best(run: Callable[[], float], repeat: int) -> float:
    return min(run() for _ in range(repeat))


# -- one round per engine: every case in a row, one clock pair ------------------------------
@contextmanager
def clock(warm_up: Callable[[], object] | None = None) -> Iterator[list[float]]:
    """CPU seconds of the block, with the garbage collector paused as `timeit` does (else a
    collection sweeping the loaded games lands on whichever engine happens to be running).

    `warm_up`, when given, runs after the collection and before the clock starts, untimed:
    the collection walks every object in the process (every game loaded, both engines'),
    which pushes the interpreter and the engine about to run out of the processor's caches,
    and refilling them costs about half a millisecond whatever the engine runs
    (bench/variants.py shows it): a large share of a round of one or two milliseconds, a
    small one of a round of twenty."""
    gc.collect()
    gc.disable()
    elapsed = [0.0]
    try:
        if warm_up is not None:
            warm_up()
        start = time.process_time()
        yield elapsed
        elapsed[0] = time.process_time() - start
    finally:
        gc.enable()


def arbitro_round(cases, positions: list[Position], fresh_texts: bool
                  ) -> tuple[float, list[list[str]]]:
    """Each round reads its order texts afresh (repeats within the round are read once);
    with `fresh_texts`, every case does (the opening repeated: its texts are never
    remembered)."""
    forget()
    results = []
    with clock() as elapsed:
        for position, (_id, phase, rules) in zip(positions, cases, strict=True):
            if fresh_texts:
                forget()
            results.append(adjudicate(position, phase["orders"], rules))
    return elapsed[0], [sorted(f"{u.power.value.upper()} {u.label()}" for u in r.units_after)
                     for r in results]


def mila_game(phase: str, units: list[dict], centers: Mapping[str, list[str]]):
    """A `diplomacy` game set to a recorded position (not timed: the equivalent of our
    `Position`)."""
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


def mila_round(cases) -> tuple[float, list[list[str]]]:
    games = [mila_game(phase["phase"], phase["units_before"], phase["centers_before"])
             for _id, phase, _rules in cases]
    with clock() as elapsed:
        for game, (_id, phase, _rules) in zip(games, cases, strict=True):
            for power, given in phase["orders"].items():
                game.set_orders(power.upper(), list(given))
            game.process()
    return elapsed[0], [sorted(f"{p} {u}" for p, power in game.powers.items() for u in power.units)
                     for game in games]


# -- the command line against the engine -------------------------------------------------------
def as_record(game_id: str, phase: Mapping) -> dict:
    """A movement phase of ../shared/games in the layout `arbitro adjudicate` reads."""
    return {"id": f"{game_id} {phase['phase']}", "phase": "movement", "season": phase["season"],
            "units": phase["units_before"], "supply_centers": phase["centers_before"],
            "orders": phase["orders"]}


def command_round(records: Path, out: Path, writer: str) -> float:
    """`arbitro adjudicate --rules 2023 RECORDS > OUT` in this process: `writer` "new" is the
    command itself, "json.dump" the same with the standard library's indented writer."""
    from arbitro.commands import adjudicate as command

    forget()
    args = argparse.Namespace(rules="2023", file=str(records))
    with out.open("w", encoding="utf-8") as stream, redirect_stdout(stream), clock() as elapsed:
        if writer == "new":
            status = command.run(args)
        else:
            results = command.results_of(command.read_json_input(args.file), args.rules)
            json.dump(results, sys.stdout, indent=1)
            sys.stdout.write("\n")
            status = 0
    if status != 0:
        sys.exit(f"arbitro adjudicate failed on {records}")
    return elapsed[0]


def time_command(games: list[dict], repeat: int) -> tuple[int, dict[str, float], bool]:
    """Seconds per phase, best of `repeat`, for the engine alone, the command and the command
    with `json.dump`; and whether both writers wrote the same bytes."""
    cases = [(game_id, phase, RULES_2023) for game_id, phase, _rules in movement_cases(games)]
    positions = [game_phase_position(phase) for _id, phase, _rules in cases]
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "records.json"
        records.write_text(json.dumps([as_record(i, p) for i, p, _r in cases]), encoding="utf-8")
        outs = {"new": Path(folder) / "new.json", "json.dump": Path(folder) / "old.json"}
        runs = {"engine": lambda: arbitro_round(cases, positions, False)[0],
                "new": lambda: command_round(records, outs["new"], "new"),
                "json.dump": lambda: command_round(records, outs["json.dump"], "json.dump")}
        fastest: dict[str, float] = {}
        for _ in range(repeat):
            for name, run in runs.items():
                fastest[name] = min(fastest.get(name, float("inf")), run())
        same = outs["new"].read_bytes() == outs["json.dump"].read_bytes()
    return len(cases), {name: s / len(cases) for name, s in fastest.items()}, same


# -- the run ----------------------------------------------------------------------------------
def movement_cases(games: list[dict]) -> list[tuple[str, dict, Rules]]:
    return [(game["id"], phase, rules_for(game)) for game in games
            for phase in game["phases"] if phase["type"] == "movement"]


def time_cases(cases, repeat: int, fresh_texts: bool = False) -> dict[str, tuple[float, int]]:
    """Per engine: the fastest of `repeat` rounds over every case, and how many cases agree
    with the record. The engines take turns, round by round, so that a change in the load of
    the machine falls on both."""
    expected = [units_key(phase["units_after"]) for _id, phase, _rules in cases]
    positions = [game_phase_position(phase) for _id, phase, _rules in cases]
    runs = {"arbitro": lambda: arbitro_round(cases, positions, fresh_texts),
            "mila": lambda: mila_round(cases)}
    best: dict[str, tuple[float, list[list[str]]]] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds, units = run()
            if name not in best or seconds < best[name][0]:
                best[name] = (seconds, units)
    return {name: (seconds, sum(u == e for u, e in zip(units, expected, strict=True)))
            for name, (seconds, units) in best.items()}


def opening_case() -> dict:
    position = Position.initial()
    units = [u.to_json() for u in position.units]
    result = adjudicate(position, OPENING, RULES_2023)
    return {"phase": "S1901M", "units_before": units,
            "centers_before": {p.value: sorted(c) for p, c in position.supply_centers.items()},
            "orders": OPENING, "units_after": [u.to_json() for u in result.units_after]}


def whole_replay(games: list[dict], repeat: int) -> tuple[float, int]:
    def run() -> float:
        forget()
        with clock() as elapsed:
            for game in games:
                for _phase, _result in replay_game(game["phases"], rules_for(game)):
                    pass
        return elapsed[0]

    phases = sum(len(g["phases"]) for g in games)
    return best(run, repeat), phases


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7,
                        help="rounds over all phases (best is kept)")
    args = parser.parse_args(argv)
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        sys.exit("the peer is missing: pip install '.[bench]' (MILA's diplomacy package)")

    games = shared_games()
    mila_game("S1901M", [], {})  # load MILA's map once, outside any timing
    rows = []
    # The opening alone is one phase: it is adjudicated 50 times in a row per round (diplomacy
    # on 50 fresh games), as the games' phases are, so that it is timed warm like them.
    opening = [("opening", opening_case(), RULES_2023)] * 50
    for label, cases, distinct in (("Spring 1901 opening", opening, 1),
                                   ("movement phases, 20 games", movement_cases(games), None)):
        totals = time_cases(cases, args.repeat, fresh_texts=distinct == 1)
        ours, ours_ok = totals["arbitro"]
        theirs, theirs_ok = totals["mila"]
        n = len(cases)
        shown = distinct or n
        rows.append((label, shown, ours / n * 1e6, theirs / n * 1e6, theirs / ours,
                     f"{ours_ok * shown // n}/{shown}", f"{theirs_ok * shown // n}/{shown}"))
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

    phases, per_phase, same = time_command(games, args.repeat)
    engine_alone = per_phase["engine"]
    print(f"\nthe command line, `arbitro adjudicate --rules 2023` on the {phases} movement phases "
          f"as one file of records (JSON in and out included), microseconds per phase (best of "
          f"{args.repeat})\n")
    print("| what | µs per phase | × the engine's |")
    print("|---|---:|---:|")
    for label, name in (("engine alone (`adjudicate`, positions built beforehand)", "engine"),
                        ("`arbitro adjudicate`", "new"),
                        ("the same with `json.dump(..., indent=1)` (as before)", "json.dump")):
        print(f"| {label} | {per_phase[name] * 1e6:,.0f} | "
              f"{per_phase[name] / engine_alone:.2f}× |")
    print(f"\nboth writers wrote the same bytes: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
