"""Order-reading speed: Arbitro's grammar on a realistic mix of English, Italian and Dutch.

    python -m bench.grammar [--repeat N] [--limit N]

The lines: every order of the 20 games in ../shared/games (beside the checkout, or
$ARBITRO_SHARED), each written out in one of six styles, in turn: the engine's notation
(`A VEN - TRI`), English words (`Army Venice moves to Trieste`), the Italian abbreviation table
of seed 003 (`A Ven - Pie`, `APP`, `TRA`, `XXX`), Italian words (`Esercito Venezia a Trieste`),
Dutch words (`Leger Venetië naar Triëst`), and the rulebook's own shorthand (`A Ven-Tri`). Each
line is read against the position of its phase, for the power that gave it, and the order read
is compared with the engine's reading of the original, so the table also says the work was
right. A retreat phase's position has its dislodged units, with their attackers and options,
from the engine's own result of the movement phase before (the records list them bare).

Timed (CPU time of this process, `time.process_time`, best of --repeat rounds; the garbage
collector is emptied before each round and runs during it, as in a live bot, except in the row
that says it is paused):
- first pass in a new process: every line once, in game order, with every memory of the
  grammar empty at the start of the round (words as written and folded, token pieces, order
  patterns, line shapes, orders, positions, engine verdicts); they fill as the pass goes, as they
  would in a bot that has just started;
- first reading on each position: the same in a process that has read orders before: the
  vocabulary's memories (words, pieces, patterns) are kept, but the memories of lines, shapes,
  orders, positions and engine verdicts are emptied at the start of the round. Within the round a
  line whose text came earlier (`A Par - Bur` in many games) reuses its shape, and a movement
  order whose units stood the same way the engine's verdict: what a bot that has been running
  would have;
- the same, garbage collector paused (as `timeit` and `bench.engine` time);
- each phase alone: the memories of lines, shapes, orders, positions and verdicts emptied
  before every phase (not timed), so nothing learnt from another phase helps: only the
  vocabulary's memories remain. The strictest measure of reading new lines;
- sent again: each phase's lines read a second time on the same position (what a bot sees
  when a player edits one order and sends the whole message again);
- a 17-line message (`parse_message`, one power's orders in four styles) on a position it has
  seen, and a 10,000-character line of noise.

Peer: there is no installable Discord judge. The issue states the fastest one measured took
about 1 ms per order; that figure is printed as the peer's row (not measured here).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time

from engine import Position, Power
from grammar import forget, parse_line, parse_message
from testbed.corpus import corpus, styles
from testbed.shared_games import shared_games

PEER_MS_PER_ORDER = 1.0  # the figure for the fastest Discord judge measured
TARGET_LINES_PER_SECOND = 10_000  # first reading on each position (issue 14)


def _read(lines) -> int:
    right = 0
    for position, power, text, expected in lines:
        parsed = parse_line(text, position=position, power=power, rules="2023")
        right += parsed.canonical == expected or (
            parsed.canonical is not None and parsed.canonical.startswith(expected))
    return right


def read_all(lines, collector: bool = True) -> tuple[float, int]:
    """CPU time to read every line in order, and how many read as the engine reads them."""
    gc.collect()
    if not collector:
        gc.disable()
    try:
        start = time.process_time()
        right = _read(lines)
        return time.process_time() - start, right
    finally:
        gc.enable()


def by_phase(lines) -> list[list]:
    """The lines in runs of the same position (a phase of a game), in order."""
    runs: list[list] = []
    for item in lines:
        if not runs or runs[-1][0][0] is not item[0]:
            runs.append([])
        runs[-1].append(item)
    return runs


def read_each_phase_alone(lines) -> float:
    """Every phase read with nothing remembered from the others but the vocabulary."""
    total = 0.0
    gc.collect()
    for run in by_phase(lines):
        forget(words=False)
        start = time.process_time()
        _read(run)
        total += time.process_time() - start
    return total


def read_again(lines) -> float:
    """Each phase's lines read once (not timed), then again (timed): orders sent again."""
    total = 0.0
    for group in by_phase(lines):
        for position, power, text, _expected in group:
            parse_line(text, position=position, power=power, rules="2023")
        start = time.process_time()
        for position, power, text, _expected in group:
            parse_line(text, position=position, power=power, rules="2023")
        total += time.process_time() - start
    return total


MESSAGE = """Italia:
A Ven - Tri
Esercito Roma a Puglia
F Nap ‑ Mio
Army Venice supports army Rome - Apulia
A Rom XXX
Vloot Napels naar Ionische Zee
F Nap H
A Ven Stands
Leger Rome houdt
A Ven APP A Rom ‑ Pug
Fleet Naples holds
A Rom - Tus
Flotta Napoli tiene
A Ven - Pie
F Nap - Tyr
A Rom H
A Ven - Tyr"""


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.grammar", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None, help="read at most N lines")
    args = parser.parse_args(argv)

    lines = corpus(shared_games(), args.limit)
    first = running = paused = alone = steady = float("inf")
    right = 0
    for _ in range(args.repeat):
        forget()
        elapsed, right = read_all(lines)
        first = min(first, elapsed)
        forget(words=False)
        running = min(running, read_all(lines)[0])
        forget(words=False)
        paused = min(paused, read_all(lines, collector=False)[0])
        alone = min(alone, read_each_phase_alone(lines))
        steady = min(steady, read_again(lines))

    opening = Position.initial()
    assert len(parse_message(MESSAGE, position=opening, power=Power.ITALY)) == 17
    cold_message, message_times = [], []
    for _ in range(max(20, args.repeat)):
        forget(words=False)
        start = time.process_time()
        parse_message(MESSAGE, position=opening, power=Power.ITALY)
        cold_message.append(time.process_time() - start)
        start = time.process_time()
        parse_message(MESSAGE, position=opening, power=Power.ITALY)
        message_times.append(time.process_time() - start)
    noise = "Ven - Tri / " * 833
    start = time.process_time()
    parse_message(noise.replace(" / ", " "), position=opening)
    noise_time = time.process_time() - start

    n = len(lines)
    rows = [
        ("Arbitro grammar, first pass in a new process", first / n * 1e6, n / first),
        ("Arbitro grammar, first reading on each position", running / n * 1e6, n / running),
        ("  the same, garbage collector paused", paused / n * 1e6, n / paused),
        ("Arbitro grammar, each phase alone (only words known)", alone / n * 1e6, n / alone),
        ("Arbitro grammar, the same phase's orders sent again", steady / n * 1e6, n / steady),
        ("fastest Discord judge (issue's figure, not measured)", PEER_MS_PER_ORDER * 1000,
         1000 / PEER_MS_PER_ORDER),
    ]
    print(f"{n} lines from the shared games in {len(styles())} styles "
          f"(English, Italian, Dutch); read as the engine reads them: {right}/{n}")
    print(f"CPU time, best of {args.repeat}; target {TARGET_LINES_PER_SECOND:,} lines/s "
          f"({1e6 / TARGET_LINES_PER_SECOND:.0f} µs a line)\n")
    print(f"| {'reader':56} | {'µs/line':>8} | {'lines/s':>8} |")
    print(f"|{'-' * 58}|{'-' * 10}|{'-' * 10}|")
    for name, micro, rate in rows:
        print(f"| {name:56} | {micro:8.1f} | {rate:8,.0f} |")
    print(f"\n17-line message (parse_message, four styles, on the opening): "
          f"{_median(cold_message) * 1000:.2f} ms the first time (median), "
          f"{_median(message_times) * 1000:.2f} ms sent again")
    print(f"10,000-character line of noise: {noise_time * 1000:.2f} ms (refused: too long)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
