"""Absences: deadlines inside one move to its end, capped per player and game, refusable."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from service.storage.repos import phases
from tests.service.conftest import MODERATOR, start_game

F, G = Power.FRANCE, Power.GERMANY


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def deadline(service, game_id):
    async with service.db.read() as conn:
        return (await phases.latest(conn, game_id)).deadline_at


async def test_an_absence_moves_the_deadline_to_its_end_and_the_moderator_may_refuse(
        service, clock, notifier):
    clock.set(utc(2026, 11, 25, 10, 0))
    game = await start_game(service, timezone="Europe/Rome", absence_days=5)
    assert game.view.deadline == utc(2026, 11, 26, 10, 0)
    report = await service.absences.declare(game.id, game.user[F], "oggi", "2026-11-27")
    assert report.ends_at == utc(2026, 11, 27, 23, 0)            # the end of that day in Rome
    assert report.deadline == report.ends_at and report.days_left == 2
    assert await deadline(service, game.id) == report.ends_at
    [post] = notifier.posted("absence.declared_moved")
    assert post.params["user_id"] == game.user[F] and post.params["deadline"] == report.ends_at
    [ask] = notifier.sent_to(MODERATOR, "absence.moderator")
    assert ask.params["absence_id"] == report.id

    await service.absences.refuse(report.id, MODERATOR)
    assert await deadline(service, game.id) == utc(2026, 11, 26, 10, 0)
    assert notifier.posted("absence.refused")
    assert notifier.sent_to(game.user[F], "absence.refused.player")
    with pytest.raises(InvalidRequest) as again:
        await service.absences.refuse(report.id, MODERATOR)
    assert again.value.key == "absence.already_refused"


async def test_later_deadlines_falling_in_an_absence_move_to_its_end(service, clock, notifier):
    clock.set(utc(2026, 11, 25, 10, 0))
    game = await start_game(service)
    report = await service.absences.declare(game.id, game.user[G], "2026-11-27 00:00",
                                            "2026-11-28 12:00")
    assert report.deadline is None                                # today's deadline is before
    assert notifier.posted("absence.declared")
    clock.set(utc(2026, 11, 26, 10, 0))
    await service.deadlines.run_due()                                       # F1901M would end the 27th
    assert await deadline(service, game.id) == utc(2026, 11, 28, 12, 0)


async def test_absences_are_capped_per_player_and_game(service, clock):
    clock.set(utc(2026, 11, 25, 10, 0))
    game = await start_game(service, absence_days=3)
    await service.absences.declare(game.id, game.user[F], "2026-12-01", "2026-12-02")
    with pytest.raises(InvalidRequest) as over:
        await service.absences.declare(game.id, game.user[F], "2026-12-10", "2026-12-11")
    assert over.value.key == "absence.over_cap"
    assert (over.value.params["days"], over.value.params["left"]) == (2, 1)
    await service.absences.declare(game.id, game.user[G], "2026-12-10", "2026-12-11")


@pytest.mark.parametrize(("start", "end", "key"), [
    ("2026-12-05", "2026-12-01", "absence.ends_before"),
    ("2026-12-05", "whenever", "when.unreadable"),
    ("2026-12-05", "2027-12-06", "when.too_far"),
])
async def test_bad_absences_are_refused(service, clock, start, end, key):
    clock.set(utc(2026, 11, 25, 10, 0))
    game = await start_game(service)
    with pytest.raises(InvalidRequest) as caught:
        await service.absences.declare(game.id, game.user[F], start, end)
    assert caught.value.key == key


async def test_only_seated_players_declare_and_a_game_may_take_none(service, clock):
    game = await start_game(service)
    with pytest.raises(NotAllowed):
        await service.absences.declare(game.id, 424242, "+1h", "+2d")
    other = await start_game(service, name="Strict", absence_days=0)
    with pytest.raises(InvalidRequest) as off:
        await service.absences.declare(other.id, other.user[F], "+1h", "+2d")
    assert off.value.key == "absence.off"
    assert clock.now() + timedelta(hours=24) == (await deadline(service, other.id))
