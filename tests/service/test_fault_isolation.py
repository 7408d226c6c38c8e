"""One game's failure stays that game's (service/timing/boundary.py): the other games of the same
deadline are adjudicated and announced, the failure is stored, told to the moderator once,
retried with a growing pause, shown by `arbitro doctor`, and the service starts again
cleanly with the game still failing; once the cause is fixed the game runs on."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import asyncpg
import pytest

from ops import doctor
from service.errors import InvalidRequest
from service.storage.repos import faults, game_config, games, phases
from service.timing.boundary import FIRST_RETRY, retry_pause
from service.timing.clock import now_ts
from tests.service.conftest import DAY, MODERATOR, start_game


async def poison(service, game_id: int) -> None:
    """What `/mod settings movement_hours 99999999h` stored before it was bounded: a phase
    length that takes the next deadline past the calendar's end (year 9999)."""
    async with service.db.transaction(game_id) as conn:
        game = await games.get(conn, game_id)
        await game_config.set_settings(conn, game_id, replace(
            game.settings, movement_deadline=timedelta(days=4_000_000),
            retreat_deadline=timedelta(days=4_000_000),
            adjustment_deadline=timedelta(days=4_000_000)))


async def status_of(service, game_id: int) -> list[tuple[str, str]]:
    async with service.db.read() as conn:
        return [(p.name, p.status) for p in await phases.history(conn, game_id)]


async def fault_of(service, game_id: int):
    async with service.db.read() as conn:
        return await faults.get(conn, game_id)


async def test_one_game_failing_stops_no_other_and_the_service_restarts(
        open_service, clock, notifier, db_kind, db_path):
    async with open_service() as service:
        first = await start_game(service, name="Alpha", channel=501)
        broken = await start_game(service, name="Broken", channel=502)
        last = await start_game(service, name="Omega", channel=503)
        await poison(service, broken.id)
        clock.advance(DAY)
        assert await service.deadlines.run_due() == 2                 # Alpha and Omega, not Broken
        for game, channel in ((first, 501), (last, 503)):
            assert await status_of(service, game.id) == [("S1901M", "done"),
                                                         ("F1901M", "open")]
            assert [m.params["phase"] for m in notifier.posted("phase.results", channel)] \
                == ["S1901M"]
        assert await status_of(service, broken.id) == [("S1901M", "open")]
        assert notifier.posted("phase.results", 502) == []
        fault = await fault_of(service, broken.id)
        assert (fault.stage, fault.attempts) == ("adjudicate", 1)
        assert fault.reason.startswith("OverflowError")
        assert fault.retry_at == pytest.approx(now_ts(service.clock) + FIRST_RETRY.total_seconds())
        told = notifier.sent_to(MODERATOR, "game.fault.adjudicate")
        assert len(told) == 1 and told[0].params["game"] == "Broken"
        assert told[0].params["phase"] == "S1901M"

        # before its pause is over the game is left alone; after it, tried again, not told again
        await service.deadlines.run_due()
        assert (await fault_of(service, broken.id)).attempts == 1
        clock.advance(FIRST_RETRY)
        await service.deadlines.run_due()
        fault = await fault_of(service, broken.id)
        assert fault.attempts == 2
        assert fault.retry_at == pytest.approx(now_ts(service.clock) + retry_pause(2))
        assert retry_pause(2) == 2 * FIRST_RETRY.total_seconds()
        assert len(notifier.sent_to(MODERATOR, "game.fault.adjudicate")) == 1

    # the bot restarts while the game is overdue and failing: the start-up completes
    clock.advance(timedelta(hours=2))
    async with open_service() as service:
        fault = await fault_of(service, broken.id)
        assert fault.attempts == 3                          # the start-up's pass tried it
        assert len(notifier.sent_to(MODERATOR, "game.fault.adjudicate")) == 1
        if db_kind == "sqlite":
            found = [f for f in doctor._database(db_path) if "fails to adjudicate" in f.text]
            assert len(found) == 1 and found[0].problem and "OverflowError" in found[0].text
            assert f"game {broken.id} " in found[0].text
        # the moderator fixes the setting (a bounded value now); the next try adjudicates it
        with pytest.raises(InvalidRequest) as refused:
            await service.game_config.change(broken.id, MODERATOR, "movement_hours",
                                             "99999999h")
        assert refused.value.key == "settings.duration_too_long"
        for name in ("movement_hours", "retreat_hours", "adjustment_hours"):
            await service.game_config.change(broken.id, MODERATOR, name, "24h")
        await service.deadlines.run_due()             # a change of settings is tried at once
        assert await status_of(service, broken.id) == [("S1901M", "done"), ("F1901M", "open")]
        assert [m.params["phase"] for m in notifier.posted("phase.results", 502)] == ["S1901M"]
        assert await fault_of(service, broken.id) is None    # works again: the row is gone


async def test_an_announcement_that_raises_is_that_games_alone(open_service, clock, notifier):
    """A failure after the commit (drawing or posting the results) marks the game, is told
    once, and the phase is posted at the next try; the other game's results go at once."""
    class Flaky:
        def __init__(self) -> None:
            self.fail_channel = 602

        async def post(self, channel_id, message):
            if channel_id == self.fail_channel and message.key == "phase.results":
                raise RuntimeError("boom")
            await notifier.post(channel_id, message)

        async def send_private(self, user_id, message):
            await notifier.send_private(user_id, message)

    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        good = await start_game(service, name="Good", channel=601)
        bad = await start_game(service, name="Bad", channel=602)
        clock.advance(DAY)
        assert await service.deadlines.run_due() == 2
        assert len(notifier.posted("phase.results", 601)) == 1
        fault = await fault_of(service, bad.id)
        assert fault.stage == "announce" and fault.attempts == 1
        await service.deadlines.run_due()                       # within its pause: not tried
        assert (await fault_of(service, bad.id)).attempts == 1
        # a post failing once or twice may be Discord's hiccup: the moderator hears of it
        # at the third failure in a row, once
        assert notifier.sent_to(MODERATOR, "game.fault.announce") == []
        for attempts in (2, 3, 4):
            clock.advance(timedelta(seconds=retry_pause(attempts - 1)))
            await service.deadlines.run_due()
            assert (await fault_of(service, bad.id)).attempts == attempts
        assert len(notifier.sent_to(MODERATOR, "game.fault.announce")) == 1
        flaky.fail_channel = None
        clock.advance(timedelta(seconds=retry_pause(4)))
        await service.deadlines.run_due()
        assert [m.params["phase"] for m in notifier.posted("phase.results", 602)] == ["S1901M"]
        assert await fault_of(service, bad.id) is None
        assert len(notifier.posted("phase.results", 601)) == 1     # never posted twice
        assert good.id != bad.id


async def test_a_failed_start_up_closes_everything(open_service, clock, monkeypatch):
    """A start-up that raises (here: reading the seats) leaves no database connection, no
    scheduler and no worker pool behind, so the process can exit."""
    async with open_service() as service:
        await start_game(service)
    from service.players import seating

    async def broken(self):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(seating.Seating, "load", broken)
    service = open_service()
    closed = []
    original = type(service).shutdown

    async def shutdown(self):
        closed.append(True)
        await original(self)

    monkeypatch.setattr(type(service), "shutdown", shutdown)
    with pytest.raises(RuntimeError, match="disk on fire"):
        async with service:
            pass
    assert closed == [True]
    # the database was closed: nothing runs on it (aiosqlite's thread, asyncpg's pool)
    with pytest.raises((ValueError, asyncpg.InterfaceError)):
        async with service.db.read() as conn:
            await games.get(conn, 1)
