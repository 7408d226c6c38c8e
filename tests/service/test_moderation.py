"""Moderator actions: each one does what it says, is logged with its actor and announced."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from tests.service.conftest import DAY, MODERATOR, start_game

E, F, G = Power.ENGLAND, Power.FRANCE, Power.GERMANY


async def actions(service, game_id: int) -> list[tuple[str, int | None]]:
    return [(e.action, e.actor_id) for e in await service.moderation.audit_log(game_id)]


async def test_process_now_adjudicates_once_and_is_logged(service, notifier):
    game = await start_game(service)
    assert await service.moderation.process_now(game.id, MODERATOR, "S1901M")
    assert not await service.moderation.process_now(game.id, MODERATOR, "S1901M")   # F1901M left alone
    assert ("process_now", MODERATOR) in await actions(service, game.id)
    assert notifier.posted("moderation.process_now")
    assert (await service.games.status(game.id)).phase == "F1901M"


async def test_extend_by_a_duration_or_to_a_time(service, clock, notifier):
    game = await start_game(service)
    view = await service.moderation.extend_deadline(game.id, MODERATOR, by=timedelta(hours=6))
    assert view.deadline == clock.now() + DAY + timedelta(hours=6)
    target = clock.now() + timedelta(days=3)
    view = await service.moderation.extend_deadline(game.id, MODERATOR, to=target)
    assert view.deadline == target
    clock.advance(DAY + timedelta(hours=7))
    assert await service.deadlines.run_due() == 0                 # the old deadlines are gone
    assert [a for a, _ in await actions(service, game.id)][-2:] == ["extend", "extend"]
    assert len(notifier.posted("moderation.extend")) == 2


async def test_a_deadline_in_the_past_or_a_bad_extension_is_refused(service, clock):
    game = await start_game(service)
    with pytest.raises(InvalidRequest, match="not in the future"):
        await service.moderation.set_deadline(game.id, MODERATOR, clock.now() - timedelta(minutes=1))
    with pytest.raises(InvalidRequest, match="positive"):
        await service.moderation.extend_deadline(game.id, MODERATOR, by=timedelta(hours=-1))
    with pytest.raises(InvalidRequest, match="either by a duration or to a time"):
        await service.moderation.extend_deadline(game.id, MODERATOR)
    assert (await service.games.status(game.id)).deadline == clock.now() + DAY


async def test_pause_stops_the_clock_and_resume_gives_back_the_time_left(service, clock):
    game = await start_game(service)
    clock.advance(timedelta(hours=20))
    view = await service.moderation.pause(game.id, MODERATOR)
    assert view.status == "paused" and view.paused_remaining == timedelta(hours=4)
    clock.advance(timedelta(days=10))
    assert await service.deadlines.run_due() == 0
    report = await service.orders.submit(game.id, game.user[E], "A LVP - YOR")
    assert report.recorded                               # orders still welcome while paused
    view = await service.moderation.extend_deadline(game.id, MODERATOR, by=timedelta(hours=1))
    assert view.paused_remaining == timedelta(hours=5)
    view = await service.moderation.resume(game.id, MODERATOR)
    assert view.status == "active" and view.deadline == clock.now() + timedelta(hours=5)
    with pytest.raises(InvalidRequest, match="not paused"):
        await service.moderation.resume(game.id, MODERATOR)
    assert [a for a, _ in await actions(service, game.id)][-3:] == ["pause", "extend", "resume"]


async def test_remove_a_player_puts_the_power_in_civil_disorder(service, notifier):
    game = await start_game(service)
    removed = game.user[F]
    view = await service.moderation.remove_player(game.id, MODERATOR, removed)
    seat = next(s for s in view.seats if s.power == F)
    assert seat.user_id is None and seat.civil_disorder
    with pytest.raises(NotAllowed):
        await service.orders.submit(game.id, removed, "A PAR - BUR")
    assert "civil disorder (sommossa)" in notifier.posted("moderation.remove_player")[0].text


async def test_replace_a_player_or_take_a_vacant_power(service):
    game = await start_game(service)
    view = await service.seating.replace_player(game.id, MODERATOR, E, 4242)
    assert next(s for s in view.seats if s.power == E).user_id == 4242
    with pytest.raises(NotAllowed):
        await service.orders.submit(game.id, game.user[E], "A LVP - YOR")
    await service.moderation.remove_player(game.id, MODERATOR, game.user[F])
    view = await service.seating.replace_player(game.id, MODERATOR, F, 777)
    seat = next(s for s in view.seats if s.power == F)
    assert seat.user_id == 777 and not seat.civil_disorder
    assert (await service.orders.submit(game.id, 777, "A PAR - BUR")).recorded
    log = await service.moderation.audit_log(game.id)
    assert log[-1].params == {"power": "France", "old": None, "new": 777}


async def test_a_power_not_in_play_cannot_be_given_away(service):
    game = await start_game(service, players=6)
    with pytest.raises(InvalidRequest, match="Italy is not played"):
        await service.seating.replace_player(game.id, MODERATOR, Power.ITALY, 5)


async def test_rollback_reopens_the_last_phase_with_its_orders(service, clock, notifier):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[F], "A PAR - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    first = notifier.posted("phase.results")[-1].params["results"]
    view = await service.moderation.rollback(game.id, MODERATOR)
    assert view.phase == "S1901M" and view.deadline == clock.now() + DAY
    assert (await service.orders.mine(game.id, game.user[F]))[0].orders == ("A PAR - BUR",)
    assert await service.history.phases(game.id) == []
    await service.orders.submit(game.id, game.user[G], "A MUN - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    again = notifier.posted("phase.results")[-1].params["results"]
    assert first == [{"power": "France", "order": "A PAR - BUR", "status": "succeeds",
                      "reason": None, "province": None}]
    assert {r["status"] for r in again} == {"fails"}      # now they bounce
    assert ("rollback", MODERATOR) in await actions(service, game.id)


async def test_rollback_of_the_final_phase_reopens_the_game(service):
    game = await start_game(service, end_year=1901)
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).status == "finished"
    view = await service.moderation.rollback(game.id, MODERATOR)
    assert (view.status, view.phase, view.outcome) == ("active", "F1901M", None)


async def test_nothing_to_roll_back_at_the_start(service):
    game = await start_game(service)
    with pytest.raises(InvalidRequest, match="no adjudicated phase"):
        await service.moderation.rollback(game.id, MODERATOR)


async def test_end_game(service, notifier):
    game = await start_game(service)
    view = await service.moderation.end_game(game.id, MODERATOR, "players agreed")
    # the outcome keeps the final centre table, which the announcement shows
    assert view.status == "finished" and view.outcome == {
        "kind": "ended", "reason": "players agreed",
        "centers": {"Austria": 3, "England": 3, "France": 3, "Germany": 3, "Italy": 3,
                    "Russia": 4, "Turkey": 3}}
    assert "players agreed" in notifier.posted("moderation.end_game")[0].text
    with pytest.raises(InvalidRequest, match="no phase in play"):
        await service.orders.submit(game.id, game.user[E], "A LVP - YOR")
    with pytest.raises(InvalidRequest, match="finished"):
        await service.moderation.end_game(game.id, MODERATOR)


async def test_an_action_stands_when_the_channel_cannot_be_told(open_service, clock):
    from service.notices.notifier import MemoryNotifier

    class Down(MemoryNotifier):
        async def post(self, channel_id, message):
            raise ConnectionError("Discord is unreachable")

    async with open_service(notifier=Down()) as service:
        game = await start_game(service)
        view = await service.moderation.pause(game.id, MODERATOR)          # no exception: it happened
        assert view.status == "paused"
        assert [a for a, _ in await actions(service, game.id)][-1] == "pause"
