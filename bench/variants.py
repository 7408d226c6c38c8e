"""Adjudication speed on the variants: Arbitro's engine against MILA's `diplomacy` package on
the same random movement phases of each variant the package also plays, in the same run.

    python -m bench.variants [--phases N] [--repeat N]

Phases: from each variant's opening, `--phases` movement phases of random orders (holds, moves
to a neighbouring location, half of them at an occupied province, and supports of a
neighbour's hold or move; `tools.random_phases`), each from the position Arbitro reached. Timed as
in `bench.engine`: for Arbitro `adjudicate(position, orders)`, for `diplomacy` `set_orders` for
every power then `process()`, positions (and the package's games) built before the clock
starts; CPU time, garbage collector paused, best of `--repeat` rounds, each round started with
the engine's memories of texts and values emptied (`engine.forget`). Both engines' units after
every phase are compared.

Each round is timed twice per engine. Warm: after the collector's sweep that starts every
clock (`bench.engine.clock`), the engine first adjudicates the same phases untimed (Arbitro
then empties its memories again; the package plays a second set of fresh games; what either
pass made stays alive until the timed round ends), so that the round measures adjudication,
not refilling the processor's caches that the sweep of every loaded game emptied. Cold:
without that pass, as a bot's single phase after other work. The refill costs both engines
about the same half millisecond per round; a round of Pure is about 1.5 ms for Arbitro and
18 ms for the package, so it weighs on the faster engine's ratio (docs/benchmarks.md,
"Round 4"). The ratio to compare is the warm one.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial

from bench.engine import clock
from engine import RULES_2023, adjudicate, forget
from tools.random_phases import (
    PEER_MAPS,
    our_result,
    peer_game,
    peer_play,
    peer_result,
    random_phases,
)


def _ours(phases) -> list:
    return [adjudicate(p, o, RULES_2023) for p, o in phases]


def _ours_untimed(phases, kept: list) -> None:
    # Its results kept alive through the timed round, as the package's spare games are: the
    # round makes its objects in new memory, not in what the untimed pass just let go.
    kept.extend(_ours(phases))
    forget()  # the timed round reads its texts afresh, as the cold one does


def _theirs(games, phases) -> None:
    for game, (_p, orders) in zip(games, phases, strict=True):
        peer_play(game, orders)


def _time(vid: str, phases, repeat: int, warm: bool) -> tuple[float, float, int]:
    best_ours = best_theirs = float("inf")
    agree = 0
    ours: list = []
    for _ in range(repeat):
        # The last round's results let go here, not inside the clock (as the package's games
        # are, replaced before its clock starts).
        ours.clear()
        forget()  # every memory of texts and values, as a new process
        kept: list = []
        with clock(partial(_ours_untimed, phases, kept) if warm else None) as elapsed:
            ours = _ours(phases)
        del kept
        best_ours = min(best_ours, elapsed[0])
        games = [peer_game(PEER_MAPS[vid], p) for p, _o in phases]
        spare = [peer_game(PEER_MAPS[vid], p) for p, _o in phases] if warm else []
        with clock(partial(_theirs, spare, phases) if warm else None) as elapsed:
            _theirs(games, phases)
        best_theirs = min(best_theirs, elapsed[0])
        agree = sum(our_result(r) == peer_result(g) for r, g in zip(ours, games, strict=True))
    return best_ours, best_theirs, agree


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.variants",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=40, help="random phases per variant")
    parser.add_argument("--repeat", type=int, default=15, help="rounds (best is kept)")
    args = parser.parse_args(argv)
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        sys.exit("the peer is missing: pip install '.[bench]' (MILA's diplomacy package)")
    print(f"adjudication of random movement phases per variant, microseconds per phase (best "
          f"of {args.repeat}; Python {sys.version.split()[0]}); warm: each engine's round "
          f"after an untimed pass over the same phases, cold: without it\n")
    print("| variant | phases | warm: Arbitro µs | warm: diplomacy 1.1.2 µs | warm: Arbitro "
          "faster by | cold: Arbitro µs | cold: diplomacy µs | cold: faster by | phases where "
          "both agree |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for vid in sorted(PEER_MAPS):
        phases = random_phases(vid, args.phases)
        peer_game(PEER_MAPS[vid], phases[0][0])  # load the package's map once, untimed
        ours, theirs, agree = _time(vid, phases, args.repeat, warm=True)
        cold_ours, cold_theirs, cold_agree = _time(vid, phases, args.repeat, warm=False)
        n = len(phases)
        print(f"| {vid} | {n} | {ours / n * 1e6:,.0f} | {theirs / n * 1e6:,.0f} | "
              f"{theirs / ours:.1f}× | {cold_ours / n * 1e6:,.0f} | {cold_theirs / n * 1e6:,.0f} | "
              f"{cold_theirs / cold_ours:.1f}× | {min(agree, cold_agree)}/{n} |")


if __name__ == "__main__":
    main()
