"""Creating, joining, starting games; powers drawn by lot from a recorded seed."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from service.models import GameSettings
from service.storage.repos import games as game_rows
from tests.service.conftest import CHANNEL, MODERATOR, start_game


async def test_a_new_game_is_forming_logged_and_announced(service, notifier):
    view = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="  Lega ",
                                     guild_id=7)
    assert (view.status, view.name, view.guild_id, view.phase) == ("forming", "Lega", 7, None)
    assert notifier.posted("game.created", CHANNEL)
    log = await service.moderation.audit_log(view.id)
    assert [(e.action, e.actor_id) for e in log] == [("create", MODERATOR)]


@pytest.mark.parametrize("settings, key", [
    (GameSettings(rules="1999"), "settings.bad_rules"),
    (GameSettings(players=8), "settings.bad_players"),
    (GameSettings(movement_deadline=timedelta(0)), "settings.bad_deadline"),
    (GameSettings(reminders=(timedelta(hours=-1),)), "settings.bad_reminder"),
    (GameSettings(victory_target=40), "settings.bad_target"),
    (GameSettings(end_year=1850), "settings.bad_end_year"),
])
async def test_bad_settings_are_refused_with_a_specific_key(service, settings, key):
    with pytest.raises(InvalidRequest) as caught:
        await service.games.create(channel_id=1, moderator_id=2, name="x", settings=settings)
    assert caught.value.key == key
    assert await service.games.in_channel(1) == []


async def test_joining_twice_joining_a_full_game_and_leaving(service):
    game = await service.games.create(channel_id=1, moderator_id=2, name="g",
                                     settings=GameSettings(players=2))
    await service.games.join(game.id, 10)
    with pytest.raises(InvalidRequest, match="already joined"):
        await service.games.join(game.id, 10)
    await service.games.join(game.id, 11)
    with pytest.raises(NotAllowed, match="full"):
        await service.games.join(game.id, 12)
    view = await service.games.leave(game.id, 11)
    assert view.players == (10,)
    with pytest.raises(InvalidRequest, match="not joined"):
        await service.games.leave(game.id, 11)


async def test_the_draw_by_lot_is_reproducible_from_the_recorded_seed(service, db_path):
    first = await start_game(service, seed=42, name="a")
    second = await start_game(service, seed=42, name="b")
    order = lambda s: [s.user[p] - s.id * 100 for p in Power]  # noqa: E731
    assert order(first) == order(second)
    third = await start_game(service, seed=43, name="c")
    assert order(third) != order(first)
    async with service.db.read() as conn:
        assert (await game_rows.get(conn, first.id)).rng_seed == 42


async def test_without_a_seed_one_is_drawn_and_recorded(service):
    started = await start_game(service, seed=None)
    async with service.db.read() as conn:
        assert (await game_rows.get(conn, started.id)).rng_seed is not None
    entry = (await service.moderation.audit_log(started.id))[-1]
    assert entry.action == "start" and entry.params["seed"] is not None


async def test_start_opens_spring_1901_with_its_deadline_and_tells_each_player(
        service, notifier, clock):
    started = await start_game(service)
    assert started.view.phase == "S1901M"
    assert started.view.deadline == clock.now() + timedelta(hours=24)
    assert started.view.status == "active"
    for power, user in started.user.items():
        [message] = notifier.sent_to(user, "game.briefing")
        assert message.params["powers"] == [power.value]
    assert notifier.posted("game.started")


async def test_starting_needs_the_set_ups_number_of_players(service):
    game = await service.games.create(channel_id=1, moderator_id=2, name="g")
    await service.games.join(game.id, 10)
    with pytest.raises(InvalidRequest, match="needs 7 players.*1 joined"):
        await service.games.start(game.id, 2)
    assert (await service.games.status(game.id)).status == "forming"


async def test_four_players_hold_the_set_ups_groups(service):
    started = await start_game(service, players=4)
    assert started.user[Power.AUSTRIA] == started.user[Power.FRANCE]
    assert started.user[Power.GERMANY] == started.user[Power.TURKEY]
    assert started.user[Power.ITALY] == started.user[Power.RUSSIA]
    assert len(set(started.user.values())) == 4


async def test_six_players_leave_italy_neutral_and_start_in_1870(service):
    started = await start_game(service, players=6)
    assert Power.ITALY not in started.user
    assert started.view.phase == "S1870M"


async def test_the_moderator_may_assign_the_powers(service):
    game = await service.games.create(channel_id=1, moderator_id=2, name="g",
                                     settings=GameSettings(players=4))
    groups = {Power.ENGLAND: 1, Power.AUSTRIA: 2, Power.FRANCE: 2, Power.GERMANY: 3,
              Power.TURKEY: 3, Power.ITALY: 4, Power.RUSSIA: 4}
    view = await service.games.start(game.id, 2, assignments=groups)
    assert {s.power: s.user_id for s in view.seats} == groups


@pytest.mark.parametrize("assignments, message", [
    ({Power.ENGLAND: 1}, "unassigned: Austria"),
    ({Power.ENGLAND: 1, Power.AUSTRIA: 2, Power.FRANCE: 5, Power.GERMANY: 3,
      Power.TURKEY: 3, Power.ITALY: 4, Power.RUSSIA: 4}, "one player holds Austria and France"),
])
async def test_assignments_that_break_the_set_up_are_refused(service, assignments, message):
    game = await service.games.create(channel_id=1, moderator_id=2, name="g",
                                     settings=GameSettings(players=4))
    with pytest.raises(InvalidRequest, match=message):
        await service.games.start(game.id, 2, assignments=assignments)
    assert (await service.games.status(game.id)).status == "forming"


async def test_once_started_joining_and_leaving_go_through_the_moderator(service):
    started = await start_game(service)
    with pytest.raises(NotAllowed, match="already started"):
        await service.games.join(started.id, 1)
    with pytest.raises(NotAllowed, match="moderator"):
        await service.games.leave(started.id, started.user[Power.ITALY])


async def test_status_and_the_game_pickers(service):
    started = await start_game(service, channel=77)
    other = await service.games.create(channel_id=77, moderator_id=1, name="later")
    assert [g.id for g in await service.games.in_channel(77)] == [started.id, other.id]
    italy = started.user[Power.ITALY]
    assert [g.id for g in await service.games.of_user(italy)] == [started.id]
    await service.games.join(other.id, italy)
    assert [g.id for g in await service.games.of_user(italy)] == [started.id, other.id]
    status = await service.games.status(started.id)
    assert {s.power: (s.centers, s.units) for s in status.seats}[Power.RUSSIA] == (4, 4)
    with pytest.raises(Exception, match="no game 999"):
        await service.games.status(999)


async def test_preferences_language_and_moderator_role(service):
    assert await service.preferences.user_language(5) is None
    await service.preferences.set_user_language(5, "IT")
    assert await service.preferences.user_language(5) == "it"
    with pytest.raises(InvalidRequest, match="use en, it or nl"):
        await service.preferences.set_user_language(5, "fr")
    assert await service.preferences.user_language(5) == "it"
    await service.preferences.set_moderator_role(1, 333)
    assert await service.preferences.moderator_role(1) == 333
    await service.preferences.set_moderator_role(1, None)
    assert await service.preferences.moderator_role(1) is None


async def test_a_servers_locale_and_upload_limit_are_stored_for_every_process(service):
    assert await service.preferences.guild_facts(42) == (None, None)
    await service.preferences.remember_guild(42, "it", 8 * 1024 * 1024)
    await service.preferences.set_moderator_role(42, 7)                    # the same row, untouched
    assert await service.preferences.guild_facts(42) == ("it", 8 * 1024 * 1024)
    await service.preferences.remember_guild(42, "nl", 25 * 1024 * 1024)
    assert await service.preferences.guild_facts(42) == ("nl", 25 * 1024 * 1024)
    assert await service.preferences.moderator_role(42) == 7
