"""A game's channels as the service keeps them (service/games/channels.py): the plan the bot
carries out, the ids it records, who plays each power, the archive's opening and deletion."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.errors import InvalidRequest
from service.models import GameSettings
from tests.service.conftest import CHANNEL, MODERATOR

GUILD = 77


async def new_game(service, players: int = 3):
    game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="Tilsit",
                                     settings=GameSettings(players=players), guild_id=GUILD)
    for user in (11, 12, 13)[:players]:
        await service.games.join(game.id, user)
    return game


async def test_a_plan_names_every_power_in_play_and_who_plays_it(service):
    game = await new_game(service)
    plan = await service.game_channels.enable(game.id, MODERATOR, delete_after_days=3)
    # three players: each plays a group of powers; every power of a group has its channel
    in_play = {p for group in game.settings.setup.groups for p in group}
    assert {r.power for r in plan.rooms} == in_play
    assert all(r.player_id is None and r.channel_id is None for r in plan.rooms)
    assert plan.guild_id == GUILD and plan.moderator_id == MODERATOR
    assert not plan.finished and plan.delete_after_days == 3
    started = await service.games.start(game.id, MODERATOR, seed=1)
    plan = await service.game_channels.plan(game.id)
    assert {r.power: r.player_id for r in plan.rooms} == {
        s.power: s.user_id for s in started.seats}
    assert sorted(len(plan.powers_of(u)) for u in (11, 12, 13)) == sorted(
        len(g) for g in game.settings.setup.groups)
    await service.preferences.set_moderator_role(GUILD, 555)
    assert (await service.game_channels.plan(game.id)).moderator_role_id == 555


async def test_the_ids_the_bot_records_find_the_power_of_a_channel(service):
    game = await new_game(service)
    plan = await service.game_channels.enable(game.id, MODERATOR)
    power = plan.rooms[0].power
    await service.game_channels.record_category(game.id, 1000)
    await service.game_channels.record_room(game.id, power, 1001, 2001)
    plan = await service.game_channels.plan(game.id)
    assert plan.category_id == 1000
    assert plan.room(power).channel_id == 1001 and plan.room(power).role_id == 2001
    assert await service.game_channels.room_of_channel(1001) == (game.id, power)
    assert await service.game_channels.room_of_channel(CHANNEL) is None
    # asking again keeps what exists and changes only the archive setting
    again = await service.game_channels.enable(game.id, MODERATOR, delete_after_days=5)
    assert again.room(power).channel_id == 1001 and again.delete_after_days == 5


async def test_the_archive_opens_at_the_end_and_goes_after_the_days_chosen(service, clock):
    game = await new_game(service)
    await service.game_channels.enable(game.id, MODERATOR, delete_after_days=2)
    await service.games.start(game.id, MODERATOR, seed=1)
    await service.moderation.end_game(game.id, MODERATOR)
    plan = await service.game_channels.plan(game.id)
    assert plan.finished and not plan.archived and not plan.delete_due
    await service.game_channels.record_archived(game.id)
    assert (await service.game_channels.plan(game.id)).archived
    await service.game_channels.record_archived(game.id, archived=False)   # a rollback
    assert not (await service.game_channels.plan(game.id)).archived
    await service.game_channels.record_archived(game.id)
    clock.advance(timedelta(days=2) - timedelta(minutes=1))
    assert not (await service.game_channels.plan(game.id)).delete_due
    clock.advance(timedelta(minutes=1))
    assert (await service.game_channels.plan(game.id)).delete_due
    await service.game_channels.record_deleted(game.id)
    assert await service.game_channels.plan(game.id) is None
    assert game.id not in await service.game_channels.games()
    with pytest.raises(InvalidRequest) as refused:       # over: no new channels
        await service.game_channels.enable(game.id, MODERATOR)
    assert refused.value.key == "channels.game_over"


async def test_refusals(service):
    no_server = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR,
                                          name="Nowhere", settings=GameSettings())
    with pytest.raises(InvalidRequest) as refused:
        await service.game_channels.enable(no_server.id, MODERATOR)
    assert refused.value.key == "channels.no_server"
    game = await new_game(service)
    with pytest.raises(InvalidRequest) as refused:
        await service.game_channels.enable(game.id, MODERATOR, delete_after_days=0)
    assert refused.value.key == "channels.bad_days"
    assert await service.game_channels.plan(game.id) is None


async def test_a_game_with_its_own_channels_cannot_be_made_anonymous(service):
    game = await new_game(service)
    await service.game_channels.enable(game.id, MODERATOR)
    with pytest.raises(InvalidRequest) as refused:
        await service.game_config.change(game.id, MODERATOR, "anonymous", "yes")
    assert refused.value.key == "channels.anonymous"
    assert (await service.games.status(game.id)).settings.anonymous is False
    # without channels it may be
    other = await service.games.create(channel_id=CHANNEL + 1, moderator_id=MODERATOR,
                                      name="Elsewhere", settings=GameSettings(), guild_id=GUILD)
    await service.game_config.change(other.id, MODERATOR, "anonymous", "yes")
    assert (await service.games.status(other.id)).settings.anonymous is True
