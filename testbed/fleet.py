"""Several service processes on one database, started together: the deadline burst of
bench/service.py and the tests of several processes (tests/service/test_processes.py).

    python -m testbed.fleet DB --instance NAME --posts FILE --clock T [--then T2]

A process of the fleet opens a GameService on DB at the clock T (UTC seconds; its start-up
finds nothing due when T is before the deadlines), with the stand-in image and a notifier that
appends every channel post to FILE as one JSON line the moment it is made (so the posts of a
process killed later are on file). It prints `ready`; with `--then`, it waits for a line `go`
on its standard input, moves its clock to T2, runs `run_due()` once and prints what it did as
one JSON line (`{"instance": ..., "adjudicated": n, "seconds": s}`).

The games are made once through the service (`due_games`: one game with the rulebook's opening
orders), then copied row by row (`copy_game`), so that 600 games take a second to set up and
only the burst is timed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from engine.vocabulary import Power
from service.game_service import GameService
from service.maps.images import stand_in_png
from service.models import GameSettings
from service.notices.notifier import Message
from service.storage.db import Database
from service.timing.clock import ManualClock, from_ts

CHECKOUT = Path(__file__).resolve().parents[1]

# Seed 000, "Esempio di gioco", Spring 1901, as printed: 22 orders, every unit's.
OPENING = {
    Power.ENGLAND: "A Liv-Yor, F Lon-Nth, F Edi-Nrg",
    Power.GERMANY: "A Ber-Kie, A Mun.-Ruh, F Kie-Den.",
    Power.RUSSIA: "A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla",
    Power.TURKEY: "A Con-Bul, A Smy-Con, F Ank-Bla.",
    Power.AUSTRIA: "A Vie-Tri, A Bud-Gal, F Tri-Alb.",
    Power.ITALY: "A Ven-Pie, A Rom-Ven, F Nap-Ion.",
    Power.FRANCE: "A Par-Bur, A Mar-Spa, F Bre-Pic.",
}
OPENING_ORDERS = 22
FIRST_USER = 1_000_000      # the first game's players; copy k plays as FIRST_USER + 10 k + i


# -- the posts each process makes ------------------------------------------------------------
class PostLog:
    """A notifier that appends every channel post to a file, one JSON line each, flushed at
    once; private messages are only counted."""

    def __init__(self, path: str | Path, instance: str) -> None:
        self.path, self.instance, self.private = Path(path), instance, 0

    async def post(self, channel_id: int, message: Message) -> None:
        line = {"key": message.key, "channel": channel_id, "by": self.instance,
                "game_id": message.params.get("game_id"), "phase": message.params.get("phase")}
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")

    async def send_private(self, user_id: int, message: Message) -> None:
        self.private += 1


def read_posts(*paths: str | Path, key: str | None = "phase.results") -> list[dict]:
    """The posts recorded in the files (those of `key`), in file order."""
    posts = []
    for path in map(Path, paths):
        if path.exists():
            posts += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [p for p in posts if key is None or p["key"] == key]


# -- games due at once -----------------------------------------------------------------------
async def opening_game(service: GameService, channel: int, *, name: str = "burst 0",
                       first_user: int = FIRST_USER) -> int:
    """A started game (no reminders) with the rulebook's opening orders of every power."""
    users = {p: first_user + i for i, p in enumerate(Power)}
    game = await service.games.create(channel_id=channel, moderator_id=1, name=name,
                                     settings=GameSettings(reminders=()))
    await service.games.start(game.id, 1, assignments=users)
    for power, text in OPENING.items():
        await service.orders.submit(game.id, users[power], text)
    return game.id


# Where the rows of a game that was just started and given its orders are: every table
# that holds some, with how to find them.
_ROWS_OF_GAME = {
    "games": "id = ?",
    "seats": "game_id = ?",
    "seat_terms": "game_id = ?",
    "audit_log": "game_id = ?",
    "phases": "game_id = ?",
    "submissions": "phase_id IN (SELECT id FROM phases WHERE game_id = ?)",
    "orders": "submission_id IN (SELECT s.id FROM submissions s JOIN phases p "
              "ON p.id = s.phase_id WHERE p.game_id = ?)",
}


async def copy_game(db: Database, game_id: int, copies: int, *, first_channel: int
                    ) -> list[int]:
    """`copies` copies of a started game, row by row (channels `first_channel`, +1, ...; their
    own players), in one transaction; their ids."""
    async with db.read() as conn:
        rows = {table: await conn.fetch(f"SELECT * FROM {table} WHERE {where}", (game_id,))
                for table, where in _ROWS_OF_GAME.items()}
    made: list[int] = []
    async with db.transaction() as conn:
        for k in range(1, copies + 1):
            new_game = await _insert(conn, "games", rows["games"][0],
                                     channel_id=first_channel + k - 1, name=f"burst {k}")
            made.append(new_game)
            for table in ("seats", "seat_terms", "audit_log"):
                await _insert_all(conn, table, rows[table], game_id=new_game, k=k)
            phase_ids = {r["id"]: await _insert(conn, "phases", r, game_id=new_game)
                         for r in rows["phases"]}
            submission_ids = {
                r["id"]: await _insert(conn, "submissions", r, phase_id=phase_ids[r["phase_id"]],
                                       user_id=_user(r["user_id"], k))
                for r in rows["submissions"]}
            await conn.executemany(*_many("orders", [
                dict(_columns(r), submission_id=submission_ids[r["submission_id"]])
                for r in rows["orders"]]))
    return made


def _user(user_id: int | None, k: int) -> int | None:
    return None if user_id is None else user_id + 10 * k


def _columns(row: Any) -> dict[str, Any]:
    """A row's columns but its id, by name (sqlite3.Row and asyncpg.Record iterate values)."""
    return {key: value for key, value in zip(row.keys(), row, strict=True) if key != "id"}


async def _insert(conn: Any, table: str, row: Any, **changed: Any) -> int:
    values = {**_columns(row), **changed}
    names = ", ".join(values)
    marks = ", ".join("?" for _ in values)
    return await conn.fetchval(f"INSERT INTO {table} ({names}) VALUES ({marks}) RETURNING id",
                               list(values.values()))


async def _insert_all(conn: Any, table: str, rows: list[Any], *, game_id: int, k: int) -> None:
    if rows:
        await conn.executemany(*_many(table, [
            _with_user(_columns(r), k) | {"game_id": game_id} for r in rows]))


def _with_user(columns: dict[str, Any], k: int) -> dict[str, Any]:
    return columns | {"user_id": _user(columns["user_id"], k)} if "user_id" in columns \
        else columns


def _many(table: str, rows: list[dict[str, Any]]) -> tuple[str, list[list[Any]]]:
    names = list(rows[0]) if rows else []
    sql = (f"INSERT INTO {table} ({', '.join(names)}) "
           f"VALUES ({', '.join('?' for _ in names)})")
    return sql, [[r[n] for n in names] for r in rows]


async def due_games(target: str | Path, count: int, *, first_channel: int = 10_000
                    ) -> tuple[float, float, list[int]]:
    """`count` games on the database `target` with their deadlines at one moment: the clock
    before (when they were started), a moment after the deadline, and the games' ids."""
    clock = ManualClock()
    async with GameService.open(target, clock=clock, renderer=stand_in_png,
                                scheduler=False, instance="setup") as service:
        first = await opening_game(service, first_channel)
        made = await copy_game(service.db, first, count - 1, first_channel=first_channel + 1)
    before = clock.now().timestamp()
    return before, before + timedelta(days=2).total_seconds(), [first, *made]


# -- processes -------------------------------------------------------------------------------
@dataclass
class Child:
    """One service process of the fleet (or of a test), spoken to line by line."""

    process: subprocess.Popen

    @classmethod
    def start(cls, module: str, *args: str) -> Child:
        return cls(subprocess.Popen([sys.executable, "-m", module, *map(str, args)],
                                    cwd=CHECKOUT, stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))

    def expect(self, word: str) -> None:
        line = self.process.stdout.readline().strip()
        if line != word:
            self.process.kill()
            raise RuntimeError(f"expected {word!r} from the child, got {line!r}: "
                               + self.process.stderr.read())

    def say(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def finish(self, timeout: float = 120) -> list[str]:
        """The lines the process printed until it ended (it must end well)."""
        out, err = self.process.communicate(timeout=timeout)
        if self.process.returncode != 0:
            raise RuntimeError(f"the child failed ({self.process.returncode}): {err}")
        return out.strip().splitlines()

    def result(self, timeout: float = 120) -> dict:
        """The JSON line the process ends with."""
        return json.loads(self.finish(timeout)[-1])

    def kill(self) -> int:
        self.process.kill()
        self.process.communicate(timeout=10)
        return self.process.returncode


def burst(target: str | Path, processes: int, before: float, after: float, folder: Path,
          *, module: str = "testbed.fleet") -> dict:
    """Start `processes` service processes on `target` at the clock `before`, let them all
    go at once to `after`, and wait for them: each one's count and the wall time from the
    go to the last one done (the start of the processes is not counted)."""
    names = [f"p{i + 1}" for i in range(processes)]
    children = [Child.start(module, str(target), "--instance", name, "--posts",
                            folder / f"{name}.jsonl", "--clock", repr(before),
                            "--then", repr(after)) for name in names]
    spawned = time.perf_counter()
    try:
        for child in children:
            child.expect("ready")
        began = time.perf_counter()
        for child in children:
            child.say("go")
        results = [child.result() for child in children]
        elapsed = time.perf_counter() - began
    finally:
        for child in children:
            if child.process.poll() is None:
                child.kill()
    return {"adjudicated": {r["instance"]: r["adjudicated"] for r in results},
            "seconds": elapsed, "start_up": began - spawned, "posts": read_posts(*(folder / f"{n}.jsonl" for n in names))}


# -- the process itself ----------------------------------------------------------------------
def say(line: str) -> None:
    print(line, flush=True)


async def serve(db: str, instance: str, posts: str, clock_at: float, then: float | None,
                notifier: PostLog | None = None) -> None:
    """One process of the fleet (see the module's docstring)."""
    clock = ManualClock(from_ts(clock_at))
    async with GameService.open(db, notifier=notifier or PostLog(posts, instance), clock=clock,
                                renderer=stand_in_png, scheduler=False,
                                instance=instance) as service:
        say("ready")
        if then is None:
            return
        if (await asyncio.to_thread(sys.stdin.readline)).strip() != "go":
            return
        clock.set(from_ts(then))
        began = time.perf_counter()
        done = await service.deadlines.run_due()
        say(json.dumps({"instance": instance, "adjudicated": done,
                        "seconds": time.perf_counter() - began}))


def arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("db")
    parser.add_argument("--instance", required=True)
    parser.add_argument("--posts", required=True)
    parser.add_argument("--clock", type=float, required=True)
    parser.add_argument("--then", type=float)
    return parser


if __name__ == "__main__":
    args = arguments(argparse.ArgumentParser(description=__doc__.splitlines()[0])).parse_args()
    asyncio.run(serve(args.db, args.instance, args.posts, args.clock, args.then))
