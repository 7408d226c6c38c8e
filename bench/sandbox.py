"""The sandbox's answer: free-text orders read, the phase adjudicated, the map drawn.

    python -m bench.sandbox [--limit N] [--repeat N]

The what-ifs: the movement and winter phases of the 20 games in ../shared/games (beside the
checkout, or $ARBITRO_SHARED), each from its position with every order of every power given
at once as one message (the heaviest what-if a player can type: up to 34 lines), each order
written in turn in the engine's notation, in English words, in Italian and in Dutch
(`grammar/writing.py`: "A Parigi - Borgogna"). One answer is `sandbox.try_orders` (read,
adjudicate) then `sandbox.sandbox_map` (the PNG), as `/sandbox` gives it.

Timed in CPU time of this process (`time.process_time`, as the other benchmarks: the machine is
shared, and other programs do not count), per answer:
median, p90, p99 and the worst, for reading and adjudicating, the map, and the whole answer;
once with the grammar's memories of lines, orders and positions emptied before each answer
(`grammar.forget(words=False)`: text never read before, on a position never seen) and once
as a bot that has read these texts before. The static board is drawn once before the timing,
as the bot does at its start (its time is printed apart). Target: p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import Position, parse_order
from grammar import forget
from grammar.lexicon import LANGUAGES
from grammar.writing import written
from sandbox import sandbox_map, try_orders
from testbed.shared_games import shared_games

_LANGUAGES = (None, *LANGUAGES)  # None: the engine's notation


def what_ifs(limit: int) -> list[tuple[Position, str]]:
    out: list[tuple[Position, str]] = []
    turn = 0
    for game in shared_games():
        for phase in game["phases"]:
            if phase["type"] not in ("movement", "adjustment") or not phase.get("orders"):
                continue
            position = Position.from_record({"phase": phase["phase"],
                                             "units": phase["units_before"],
                                             "supply_centers": phase["centers_before"]})
            lines = []
            for orders in phase["orders"].values():
                for text in orders:
                    language = _LANGUAGES[turn % len(_LANGUAGES)]
                    turn += 1
                    try:
                        order = parse_order(text, position.phase.kind)
                    except ValueError:
                        continue
                    lines.append(order.canonical() if language is None
                                 else written(order, language))
            if lines:
                out.append((position, "\n".join(lines)))
    step = max(1, len(out) // limit) if limit else 1
    return out[::step][:limit] if limit else out


def _row(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    return (f"| {name} | {statistics.median(ms):.1f} | {p(0.90):.1f} | {p(0.99):.1f} | "
            f"{ms[-1]:.1f} |")


def measure(cases: list[tuple[Position, str]], cold: bool) -> tuple[list, list, list]:
    reading, drawing, whole = [], [], []
    for position, text in cases:
        if cold:
            forget(words=False)
        began = time.process_time()
        run = try_orders(position, text)
        read = time.process_time()
        sandbox_map(run, language="it")
        done = time.process_time()
        reading.append(read - began)
        drawing.append(done - read)
        whole.append(done - began)
    return reading, drawing, whole


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the sandbox's answer: read, adjudicate, map")
    parser.add_argument("--limit", type=int, default=300, help="what-ifs to time (0: all)")
    args = parser.parse_args(argv)
    cases = what_ifs(args.limit)
    began = time.process_time()
    sandbox_map(try_orders(*cases[0]))  # the static board and the font, once, as at start
    setup = time.process_time() - began
    lines = sum(text.count("\n") + 1 for _p, text in cases)
    print(f"{len(cases)} what-ifs, {lines} order lines (en/it/nl/notation); "
          f"first map of the process (static board, font): {setup * 1000:.0f} ms")
    print("| ms per answer | median | p90 | p99 | worst |")
    print("|---|---|---|---|---|")
    for cold in (True, False):
        reading, drawing, whole = measure(cases, cold)
        tag = "new text" if cold else "text read before"
        print(_row(f"read + adjudicate ({tag})", reading))
        print(_row(f"map ({tag})", drawing))
        print(_row(f"**whole answer** ({tag})", whole))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
