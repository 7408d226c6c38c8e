"""A rollback reopens its phase with the deadline the game's schedule gives (its own when still
to come, a fixed schedule's slot, past accepted absences) and puts back the missed-orders
counts as they were before the adjudication (docs/moderation.md, docs/schedules.md)."""

from __future__ import annotations

from datetime import timedelta

from engine.vocabulary import Power
from tests.service.conftest import DAY, MODERATOR, start_game


async def test_a_phase_processed_early_gets_its_own_deadline_back(service, clock):
    game = await start_game(service)
    deadline = (await service.games.status(game.id)).deadline
    clock.advance(timedelta(hours=3))
    await service.moderation.process_now(game.id, MODERATOR)
    clock.advance(timedelta(hours=2))
    view = await service.moderation.rollback(game.id, MODERATOR)
    assert view.deadline == deadline                     # as it was, not now + 24 h


async def test_a_fixed_schedule_gives_the_reopened_phase_its_slot(service, clock):
    game = await start_game(service, schedule_time="21:00")      # UTC: slots at 21:00
    first = (await service.games.status(game.id)).deadline
    assert (first.hour, first.minute) == (21, 0)
    clock.advance(first - clock.now() + timedelta(hours=2))       # 23:00, past the deadline
    await service.moderation.process_now(game.id, MODERATOR)
    view = await service.moderation.rollback(game.id, MODERATOR)
    assert (view.deadline.hour, view.deadline.minute) == (21, 0)  # a slot, not now + 24 h
    assert view.deadline > clock.now() + timedelta(hours=12)      # at least half a day


async def test_a_reopened_deadline_waits_for_an_accepted_absence(service, clock):
    game = await start_game(service)
    clock.advance(DAY + timedelta(hours=1))                       # past the deadline
    await service.moderation.process_now(game.id, MODERATOR)
    now = clock.now()
    away_until = now + timedelta(days=3)
    await service.absences.declare(game.id, game.user[Power.FRANCE],
                                   (now + timedelta(hours=1)).strftime("%Y-%m-%d %H:%M"),
                                   away_until.strftime("%Y-%m-%d %H:%M"))
    view = await service.moderation.rollback(game.id, MODERATOR)
    assert view.deadline == away_until.replace(second=0, microsecond=0)   # not now + 24 h


async def test_a_rollback_puts_back_the_missed_orders_counts(service, clock):
    game = await start_game(service, abandon_after=3)

    async def missed() -> dict[str, int]:
        async with service.db.read() as conn:
            return dict(await conn.fetch(
                "SELECT power, missed_in_row FROM seats WHERE game_id = ?", (game.id,)))

    await service.moderation.process_now(game.id, MODERATOR)                 # nobody sent orders
    assert set((await missed()).values()) == {1}
    await service.moderation.rollback(game.id, MODERATOR)
    assert set((await missed()).values()) == {0}
