"""Child processes for tests/service/test_processes.py: real service processes on the test's
database, spoken to line by line on their standard input and output.

    python -m tests.service.process_child serve DB --instance A --posts FILE --clock T
                                                [--then T2] [--stop-at store|post]
    python -m tests.service.process_child submit DB --out FILE --clock T
    python -m tests.service.process_child migrate DB

- `serve`: a process of the fleet (testbed/fleet.py). `--stop-at store` stops dead in its first
  adjudication, its results written but not committed, and prints `stored PID` (the PID of its
  database session, on PostgreSQL; 0 on SQLite); `--stop-at post` stops dead right after its
  first post of a phase's results reached the channel (recorded in FILE), before marking the
  phase announced, and prints `posted`. The test then kills it (SIGKILL).
- `submit`: a player of every game, sending Austria's orders over and over (two full sets in
  turn, for the open phase S1901M) until every game refuses them; after its first round it
  prints `submitting`. Each answer is a JSON line in FILE (game, orders recorded or refusal,
  time); at the end it prints its counts as JSON.
- `migrate`: prints `ready`, waits for `go`, opens the database (migrating it) and prints the
  schema version it found it at as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

from engine.vocabulary import Power
from service.errors import PhaseClosed
from service.game_service import GameService
from service.games import adjudication as core
from service.maps.images import stand_in_png
from service.notices.notifier import Message
from service.storage.db import open_database
from service.timing.clock import ManualClock, from_ts
from testbed import fleet

# Austria's orders in turn: each names every Austrian unit, so the last set recorded is the
# whole of Austria's orders.
AUSTRIA = ("A Vie-Tri, A Bud-Gal, F Tri-Alb", "A Vie H, A Bud-Ser, F Tri H")


def stop_here(word: str) -> None:
    fleet.say(word)
    time.sleep(120)            # blocks everything: the test kills the process now


class PostThenStop(fleet.PostLog):
    async def post(self, channel_id: int, message: Message) -> None:
        await super().post(channel_id, message)
        if message.key == "phase.results":
            stop_here("posted")


def stop_after_storing_results() -> None:
    real_store = core.results.store

    async def store_then_stop(conn, phase_id, result, *rest):
        await real_store(conn, phase_id, result, *rest)        # rows written, not committed
        raw = getattr(conn, "raw", None)
        stop_here(f"stored {raw.get_server_pid() if hasattr(raw, 'get_server_pid') else 0}")

    core.results.store = store_then_stop


async def submit(db: str, out: str, clock_at: float) -> None:
    clock = ManualClock(from_ts(clock_at))
    async with GameService.open(db, clock=clock, renderer=stand_in_png, scheduler=False,
                                instance="submitter") as service:
        async with service.db.read() as conn:
            players = [(r[0], r[1]) for r in await conn.fetch(
                "SELECT game_id, user_id FROM seats WHERE power = ? ORDER BY game_id",
                (Power.AUSTRIA.value,))]
        counts = {"recorded": 0, "closed": 0, "rounds": 0}
        with Path(out).open("a", encoding="utf-8") as answers:
            while players:
                for game_id, user_id in list(players):
                    text = AUSTRIA[counts["rounds"] % 2]
                    line = {"game_id": game_id, "text": text}
                    try:
                        report = await service.orders.submit(game_id, user_id, text,
                                                             phase="S1901M")
                        line["recorded"] = list(report.recorded)
                        counts["recorded"] += 1
                    except PhaseClosed as refused:
                        line["refused"] = refused.key
                        counts["closed"] += 1
                        players.remove((game_id, user_id))
                    line["at"] = time.time()
                    answers.write(json.dumps(line) + "\n")
                    answers.flush()
                counts["rounds"] += 1
                if counts["rounds"] == 1:
                    fleet.say("submitting")
        fleet.say(json.dumps(counts))


async def migrate(db: str) -> None:
    fleet.say("ready")
    if (await asyncio.to_thread(sys.stdin.readline)).strip() != "go":
        return
    database = await open_database(db)
    try:
        version = await database.migrate()
    finally:
        await database.close()
    fleet.say(json.dumps({"version": version}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    serve = fleet.arguments(modes.add_parser("serve"))
    serve.add_argument("--stop-at", choices=("store", "post"))
    submitter = modes.add_parser("submit")
    submitter.add_argument("db")
    submitter.add_argument("--out", required=True)
    submitter.add_argument("--clock", type=float, required=True)
    modes.add_parser("migrate").add_argument("db")
    args = parser.parse_args()
    if args.mode == "serve":
        notifier = None
        if args.stop_at == "store":
            stop_after_storing_results()
        elif args.stop_at == "post":
            notifier = PostThenStop(args.posts, args.instance)
        asyncio.run(fleet.serve(args.db, args.instance, args.posts, args.clock, args.then,
                                notifier))
    elif args.mode == "submit":
        asyncio.run(submit(args.db, args.out, args.clock))
    else:
        asyncio.run(migrate(args.db))


if __name__ == "__main__":
    main()
