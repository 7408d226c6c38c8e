"""The game service under load: many deadlines at once, and order submissions.

    python -m bench.service [--games 200] [--skip-stand-in]

1. `--games` games (seven players each) are started with their deadlines spread over one
   minute; every player sends the opening orders of the rulebook's example game in its own
   free text ("A Liv-Yor, F Lon-Nth, F Edi-Nrg"). Each of those submissions is timed: the
   order language reads it, the engine checks it, SQLite records it (a real file, WAL).
2. The clock moves past that minute and one `run_due()` adjudicates every game, stores the
   results, opens the next phases and announces each game (results text and map PNG) through
   an in-memory notifier. Timed with the real renderer (`render.render_png`, in one worker
   process per core) and, for comparison, with the stand-in image (the service's own cost).

Targets (issue 4): the 200 games within 30 s on a 2-core machine; p99 submission under 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from engine.vocabulary import Power
from service.clock import ManualClock
from service.game_service import GameService
from service.images import stand_in_png
from service.models import GameSettings
from service.notifier import MemoryNotifier

# Seed 000, "Esempio di gioco", Spring 1901, as printed.
OPENING = {
    Power.ENGLAND: "A Liv-Yor, F Lon-Nth, F Edi-Nrg",
    Power.GERMANY: "A Ber-Kie, A Mun.-Ruh, F Kie-Den.",
    Power.RUSSIA: "A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla",
    Power.TURKEY: "A Con-Bul, A Smy-Con, F Ank-Bla.",
    Power.AUSTRIA: "A Vie-Tri, A Bud-Gal, F Tri-Alb.",
    Power.ITALY: "A Ven-Pie, A Rom-Ven, F Nap-Ion.",
    Power.FRANCE: "A Par-Bur, A Mar-Spa, F Bre-Pic.",
}


async def run(games: int, db: Path, renderer) -> dict:
    clock, notifier = ManualClock(), MemoryNotifier()
    latencies: list[float] = []
    async with GameService.open(db, notifier=notifier, clock=clock, renderer=renderer,
                                scheduler=False) as service:
        spread = timedelta(seconds=60 / games)
        for number in range(games):
            seats = {p: 10_000 * (number + 1) + i for i, p in enumerate(Power)}
            game = await service.create_game(channel_id=number, moderator_id=1,
                                             name=f"bench {number}",
                                             settings=GameSettings(reminders=()))
            await service.start(game.id, 1, assignments=seats)
            for power, text in OPENING.items():
                began = time.perf_counter()
                await service.submit_orders(game.id, seats[power], text)
                latencies.append(time.perf_counter() - began)
            clock.advance(spread)
        clock.advance(timedelta(hours=24))
        began = time.perf_counter()
        processed = await service.run_due()
        elapsed = time.perf_counter() - began
        announced = [m for m in notifier.posted("phase.results") if m.image]
        workers = service.render_processes
    return {"processed": processed, "announced": len(announced), "elapsed": elapsed,
            "latencies": latencies, "workers": workers}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--skip-stand-in", action="store_true",
                        help="only the run with the real renderer")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        real = asyncio.run(run(args.games, Path(folder) / "real.sqlite", None))
        stand_in = None if args.skip_stand_in else asyncio.run(
            run(args.games, Path(folder) / "stand_in.sqlite", stand_in_png))
    lat = real["latencies"]
    rows = [
        ("machine", f"{os.cpu_count()} cores", ""),
        (f"{args.games} games, deadlines in one minute: adjudicated / announced with a map",
         f"{real['processed']} / {real['announced']}", f"{args.games} / {args.games}"),
        (f"  time, real maps ({real['workers']} worker processes)",
         f"{real['elapsed']:.1f} s", "<= 30 s"),
    ]
    if stand_in:
        rows.append(("  time, stand-in image (the service without map drawing)",
                     f"{stand_in['elapsed']:.1f} s", ""))
        if real["processed"]:
            rows.append(("  of which drawing maps (difference)",
                         f"{real['elapsed'] - stand_in['elapsed']:.1f} s", ""))
    rows += [
        (f"submissions ({len(lat)}, free text, one power's orders each)",
         f"{len(lat) / sum(lat):.0f} /s", ""),
        ("  latency p50", f"{statistics.median(lat) * 1000:.1f} ms", ""),
        ("  latency p99", f"{percentile(lat, 0.99) * 1000:.1f} ms", "< 20 ms"),
        ("  latency max", f"{max(lat) * 1000:.1f} ms", ""),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measurement':<{width}} | {'Arbitro':>12} | target")
    print(f"{'-' * width}-|-{'-' * 12}-|-------")
    for name, value, target in rows:
        print(f"{name:<{width}} | {value:>12} | {target}")


if __name__ == "__main__":
    main()
