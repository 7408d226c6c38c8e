"""Several real service processes on one database (issue 15): a burst of due games split
between them and adjudicated once each; orders sent during an adjudication never recorded and
lost; a process killed in mid-adjudication or mid-announcement with nothing lost and nothing
posted twice beyond the documented at-least-once; processes starting together on an empty
database migrating it once. The processes are subprocesses (testbed/fleet.py,
tests/service/process_child.py) with a ManualClock and the stand-in image; each records the
posts it makes in a file of its own."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from pathlib import Path

import pytest

from engine.vocabulary import Power
from service.errors import PhaseClosed
from service.game_service import GameService
from service.notices.announcing import ANNOUNCE_LEASE
from service.storage.db import Database, open_database
from service.storage.repos import phases
from service.storage.schema import bundled_migrations, known_version
from testbed.fleet import OPENING_ORDERS, Child, burst, due_games, read_posts
from tests.postgres import fresh_database, run
from tests.service.conftest import DAY, start_game

CHILD = "tests.service.process_child"


async def value(db, sql: str, args=()):
    async with db.read() as conn:
        return await conn.fetchval(sql, args)


async def every_game_adjudicated_once(db, games: int, orders_each: int) -> None:
    """Each game: its first phase done once, announced, with a result for every order; its
    second phase open."""
    assert await value(db, "SELECT COUNT(*) FROM phases WHERE name = 'S1901M' AND status = 'done' "
                           "AND announced_at IS NOT NULL") == games
    assert await value(db, "SELECT COUNT(*) FROM phases WHERE name = 'F1901M' "
                           "AND status = 'open'") == games
    assert await value(db, "SELECT COUNT(*) FROM phases") == 2 * games
    assert await value(db, "SELECT COUNT(*) FROM phase_outcomes") == games
    assert await value(db, "SELECT COUNT(*) FROM results") == games * orders_each
    assert await value(db, "SELECT COUNT(*) FROM (SELECT phase_id FROM results GROUP BY "
                           "phase_id HAVING COUNT(*) <> ?) odd", (orders_each,)) == 0


@pytest.fixture
def db_target(kind: str, request, tmp_path: Path) -> str:
    """The test's database: the session's PostgreSQL database emptied, or a new SQLite file."""
    return request.getfixturevalue("postgres_url") if kind == "postgresql" \
        else str(tmp_path / "arbitro.sqlite")


@pytest.fixture
def empty_target(kind: str, request, tmp_path: Path) -> str:
    """A database without any table yet: a new PostgreSQL database, or no SQLite file."""
    if kind == "postgresql":
        return run(fresh_database(request.getfixturevalue("postgres_maintenance_url"),
                                  "arbitro_empty", migrated=False))
    return str(tmp_path / "new.sqlite")


async def opened(db_target) -> Database:
    return await open_database(db_target)


# -- a. a burst of due games ---------------------------------------------------------------
@pytest.mark.parametrize("kind, processes", [("postgresql", 2), ("postgresql", 3),
                                             ("sqlite", 2)])
async def test_600_games_due_at_once_are_each_adjudicated_once_by_several_processes(
        kind, processes, db_target, tmp_path):
    began = time.perf_counter()
    before, after, games = await due_games(db_target, 600)
    set_up = time.perf_counter() - began
    run = burst(db_target, processes, before, after, tmp_path)
    split = run["adjudicated"]
    print(f"\n{kind}, {processes} processes: 600 games set up in {set_up:.1f} s, "
          f"processes started in {run['start_up']:.1f} s, adjudicated in {run['seconds']:.1f} s, "
          f"split {split}")

    assert sum(split.values()) == 600
    if kind == "postgresql":         # SKIP LOCKED spreads the burst; SQLite has one writer
        assert all(n > 0 for n in split.values()), split
    posted = Counter(p["game_id"] for p in run["posts"])
    assert sorted(posted) == sorted(games)
    assert set(posted.values()) == {1}                       # each announced exactly once
    # announced by the process that adjudicated it, in the game's own channel
    assert Counter(p["by"] for p in run["posts"]) == Counter(split)
    assert len({p["channel"] for p in run["posts"]}) == 600
    db = await opened(db_target)
    try:
        await every_game_adjudicated_once(db, 600, OPENING_ORDERS)
    finally:
        await db.close()


# -- b. orders sent during an adjudication -------------------------------------------------
class HeldAdjudication:
    """Holds the adjudicating transaction open right after it read the orders and ran the
    engine (at `phases.close`), until `go`."""

    def __init__(self, monkeypatch) -> None:
        self.read, self.go = asyncio.Event(), asyncio.Event()
        real_close = phases.close

        async def close_when_let(conn, phase_id, at):
            self.read.set()
            await self.go.wait()
            return await real_close(conn, phase_id, at)

        monkeypatch.setattr(phases, "close", close_when_let)


async def blocked_or_done(db, task: asyncio.Task) -> None:
    """Until `task` waits for a lock another session holds (PostgreSQL shows it) or is
    done; on SQLite, whose busy wait shows nowhere, a moment."""
    for _ in range(200):
        if task.done():
            return
        if db.dialect == "postgresql" and await value(
                db, "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND datname = current_database()"):
            return
        await asyncio.sleep(0.02 if db.dialect == "postgresql" else 0.3)
        if db.dialect == "sqlite":
            return
    raise AssertionError("the submission neither finished nor waited for the game")


async def test_an_order_sent_while_another_process_adjudicates_is_in_the_results_or_refused(
        open_service, clock, notifier, monkeypatch):
    async with open_service() as adjudicator, open_service() as other:
        game = await start_game(adjudicator)
        await adjudicator.orders.submit(game.id, game.user[Power.ENGLAND], "F LON - NTH")
        clock.advance(DAY)
        held = HeldAdjudication(monkeypatch)
        adjudicating = asyncio.create_task(adjudicator.deadlines.run_due())
        await held.read.wait()                  # the orders are read, the phase not closed
        submitting = asyncio.create_task(other.orders.submit(
            game.id, game.user[Power.AUSTRIA], "A VIE - GAL", phase="S1901M"))
        await blocked_or_done(adjudicator.db, submitting)
        held.go.set()
        assert await adjudicating == 1
        try:
            report = await submitting
        except PhaseClosed as refused:
            report, key = None, refused.key
        async with other.db.read() as conn:
            first = (await phases.history(conn, game.id))[0]
            given = await conn.fetch("SELECT power, order_text FROM results WHERE phase_id = ?",
                                     (first.id,))
            stored = await conn.fetchval("SELECT COUNT(*) FROM submissions WHERE phase_id = ? "
                                         "AND power = ?", (first.id, Power.AUSTRIA.value))
        results = {(r[0], r[1]) for r in given}
        if report is not None:                  # told it was recorded: it was adjudicated
            assert (Power.AUSTRIA.value, "A VIE - GAL") in results, (report, results)
        else:                                   # told it was late: nothing of it was kept
            assert key == "orders.phase_closed"
            assert stored == 0
            assert results == {(Power.ENGLAND.value, "F LON - NTH")}
        assert len(notifier.posted("phase.results")) == 1


async def test_a_due_game_another_process_writes_to_at_that_moment_is_not_left_behind(
        open_service, clock, notifier):
    async with open_service() as deadline_pass, open_service() as other:
        game = await start_game(deadline_pass)
        clock.advance(DAY)
        async with other.db.transaction(game.id):        # e.g. a player's orders being stored
            due = asyncio.create_task(deadline_pass.deadlines.run_due())
            await asyncio.sleep(0.1)
            assert not due.done()                        # not passed by for good
        assert await due == 1                            # in the same pass
        assert len(notifier.posted("phase.results")) == 1


async def test_orders_sent_without_pause_by_one_process_while_another_adjudicates(
        db_path, tmp_path):
    before, after, games = await due_games(db_path, 60)
    answers, posts = tmp_path / "answers.jsonl", tmp_path / "posts.jsonl"
    player = Child.start(CHILD, "submit", db_path, "--out", answers, "--clock", repr(before))
    try:
        player.expect("submitting")                        # a round of orders recorded
        adjudicator = Child.start("testbed.fleet", db_path, "--instance", "adjudicator",
                                  "--posts", posts, "--clock", repr(before),
                                  "--then", repr(after))
        adjudicator.expect("ready")
        go_at = time.time()
        adjudicator.say("go")
        assert adjudicator.result()["adjudicated"] == 60
        done_at = time.time()
        sent = player.result()
    finally:
        if player.process.poll() is None:
            player.kill()
    lines = read_posts(answers, key=None)
    assert sent["closed"] == 60 and sent["recorded"] == len(lines) - 60
    during = [a for a in lines if go_at <= a["at"] <= done_at and "recorded" in a]
    print(f"\n{sent['recorded']} submissions recorded in {sent['rounds']} rounds, "
          f"{len(during)} of them while the other process adjudicated")
    assert during, "no order was recorded while the games were adjudicated"

    db = await opened(db_path)
    try:
        await every_game_adjudicated_once(db, 60, OPENING_ORDERS)
        for game_id in games:
            mine = [a for a in lines if a["game_id"] == game_id]
            recorded = [a for a in mine if "recorded" in a]
            assert "refused" in mine[-1] and all("refused" not in a for a in mine[:-1])
            async with db.read() as conn:
                first = (await phases.history(conn, game_id))[0]
                austria = {r[0] for r in await conn.fetch(
                    "SELECT order_text FROM results WHERE phase_id = ? AND power = ?",
                    (first.id, Power.AUSTRIA.value))}
                kept = await conn.fetchval(
                    "SELECT COUNT(*) FROM submissions WHERE phase_id = ? AND power = ?",
                    (first.id, Power.AUSTRIA.value))
            # the last orders the player was told were recorded are the ones adjudicated
            assert austria == set(recorded[-1]["recorded"]), (game_id, recorded[-1])
            assert kept == 1 + len(recorded)          # the opening's, then each one told
    finally:
        await db.close()
    assert sorted(p["game_id"] for p in read_posts(posts)) == sorted(games)


# -- c. a process killed in mid-adjudication or mid-announcement ---------------------------
async def gone(db, pid: int) -> None:
    """Until PostgreSQL has ended the session `pid` (of a killed process)."""
    for _ in range(500):
        if not await value(db, "SELECT COUNT(*) FROM pg_stat_activity WHERE pid = ?", (pid,)):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the session {pid} of the killed process is still there")


def serving(db_target, instance: str, posts: Path, at: float, *extra: str) -> Child:
    return Child.start(CHILD, "serve", db_target, "--instance", instance, "--posts", posts,
                       "--clock", repr(at), *extra)


async def test_a_process_killed_mid_adjudication_leaves_its_game_to_another_whole(
        postgres_url, clock, notifier, renderer, tmp_path):
    async with GameService.open(postgres_url, notifier=notifier, clock=clock,
                                renderer=renderer, scheduler=False, instance="b") as survivor:
        games = [await start_game(survivor, name=f"g{i}", channel=600 + i) for i in range(4)]
        for game in games:
            await survivor.orders.submit(game.id, game.user[Power.AUSTRIA], "A VIE - GAL")
        clock.advance(DAY)
        dying = serving(postgres_url, "a", tmp_path / "a.jsonl", clock.now().timestamp(),
                        "--stop-at", "store")
        said = dying.process.stdout.readline()
        assert said.startswith("stored "), dying.kill()  # first game's results written, held
        pid = said.split()[1]
        # the other process leaves the held game alone and adjudicates the rest
        assert await survivor.deadlines.run_due() == 3
        assert (await survivor.games.status(games[0].id)).phase == "S1901M"
        assert dying.kill() == -9
        await gone(survivor.db, int(pid))
        assert await survivor.deadlines.run_due() == 1
        assert await survivor.deadlines.run_due() == 0
        await every_game_adjudicated_once(survivor.db, 4, 1)
    assert read_posts(tmp_path / "a.jsonl") == []
    assert sorted(m.params["game_id"] for m in notifier.posted("phase.results")) \
        == [g.id for g in games]


@pytest.mark.parametrize("taker", ["the same instance restarted", "another, once it lapses"])
async def test_a_process_killed_mid_announcement_has_its_claim_taken_over(
        postgres_url, clock, notifier, renderer, tmp_path, taker):
    async with GameService.open(postgres_url, notifier=notifier, clock=clock,
                                renderer=renderer, scheduler=False, instance="b") as survivor:
        game = await start_game(survivor)
        await survivor.orders.submit(game.id, game.user[Power.AUSTRIA], "A VIE - GAL")
        clock.advance(DAY)
        now = clock.now().timestamp()
        dying = serving(postgres_url, "a", tmp_path / "a.jsonl", now, "--stop-at", "post")
        dying.expect("posted")                  # on the channel, not yet marked announced
        assert dying.kill() == -9
        assert len(read_posts(tmp_path / "a.jsonl")) == 1

        # its claim holds: neither the live process nor another starting up posts it
        assert await survivor.deadlines.run_due() == 0
        serving(postgres_url, "c", tmp_path / "c.jsonl", now).finish()
        assert read_posts(tmp_path / "c.jsonl") == [] and notifier.posted("phase.results") == []

        if taker == "the same instance restarted":
            serving(postgres_url, "a", tmp_path / "a-again.jsonl", now).finish()
            assert len(read_posts(tmp_path / "a-again.jsonl")) == 1     # at once
            clock.advance(ANNOUNCE_LEASE)
            await survivor.deadlines.run_due()
            assert notifier.posted("phase.results") == []
        else:
            clock.advance(ANNOUNCE_LEASE)
            await survivor.deadlines.run_due()
            assert len(notifier.posted("phase.results")) == 1
            serving(postgres_url, "a", tmp_path / "a-again.jsonl",
                    clock.now().timestamp()).finish()
            assert read_posts(tmp_path / "a-again.jsonl") == []
        await survivor.deadlines.run_due()
        await every_game_adjudicated_once(survivor.db, 1, 1)
    posted = read_posts(*tmp_path.glob("*.jsonl")) + [
        {"phase": m.params["phase"]} for m in notifier.posted("phase.results")]
    # at least once, at most twice: the dead process's post, and the taker's
    assert [p["phase"] for p in posted] == ["S1901M", "S1901M"]


# -- d. processes starting together on an empty database -----------------------------------
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_processes_starting_together_on_an_empty_database_both_reach_the_newest_schema(
        kind, empty_target):
    starting = [Child.start(CHILD, "migrate", empty_target) for _ in range(2)]
    for child in starting:
        child.expect("ready")
    for child in starting:
        child.say("go")
    newest = known_version(bundled_migrations(kind))
    assert [child.result()["version"] for child in starting] == [newest, newest]
    db = await opened(empty_target)
    try:
        async with db.read() as conn:
            versions = [r[0] for r in await conn.fetch("SELECT version FROM schema_version")]
        assert versions == [newest]
        assert await db.migrate() == newest
    finally:
        await db.close()
