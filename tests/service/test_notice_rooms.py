"""Where a player's private notices of a game go (docs/channels.md): in a game with its own
channels, the channel of the power they play, unless they asked for direct messages
(`/notices`); in any other game, and for anyone not seated, a direct message. The bot posts
where `GameChannels.notice_room` says (bot/notifier.py); `tell` carries the game for it."""

from __future__ import annotations

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.models import GameSettings
from tests.service.conftest import CHANNEL, MODERATOR

GUILD = 78
PLAYERS = (21, 22, 23)


async def new_game(service, *, channels: bool):
    """A three-player game (each player holds two or three powers), its channels recorded
    as the bot makes them (channel 5000 + i for the i-th power, by name) when `channels`."""
    game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="Tilsit",
                                     settings=GameSettings(players=3), guild_id=GUILD)
    for user in PLAYERS:
        await service.games.join(game.id, user)
    rooms = {}
    if channels:
        plan = await service.game_channels.enable(game.id, MODERATOR)
        for index, room in enumerate(sorted(plan.rooms, key=lambda r: r.power.value)):
            rooms[room.power] = 5000 + index
            await service.game_channels.record_room(game.id, room.power, 5000 + index,
                                                    6000 + index)
    started = await service.games.start(game.id, MODERATOR, seed=1)
    return started, rooms


async def test_a_game_without_channels_tells_by_direct_message(service):
    game, _ = await new_game(service, channels=False)
    for seat in game.seats:
        assert await service.game_channels.notice_room(game.id, seat.user_id) is None
    assert [m.key for m in service.notifier.posted(channel_id=CHANNEL)][-1] == "game.started"
    # the briefing still names its game: the notifier decides where it goes
    briefing = service.notifier.sent_to(PLAYERS[0], "game.briefing")[0]
    assert briefing.game_id == game.id and briefing.guild_id == GUILD


async def test_the_power_s_channel_carries_its_player_s_notices(service):
    game, rooms = await new_game(service, channels=True)
    started = [m for m in service.notifier.posted(channel_id=CHANNEL)
               if m.key.startswith("game.started")]
    assert [m.key for m in started] == ["game.started_rooms"]
    assert "power's channel" in started[0].text
    several = 0
    for user in PLAYERS:
        held = sorted((s.power for s in game.seats if s.user_id == user), key=lambda p: p.value)
        room = await service.game_channels.notice_room(game.id, user)
        # their first power by name, unless the notice names another of theirs
        assert (room.power, room.channel_id, room.game_channel_id) == (
            held[0], rooms[held[0]], CHANNEL)
        if len(held) < 2:
            continue
        several += 1
        other = await service.game_channels.notice_room(game.id, user, held[1])
        assert (other.power, other.channel_id) == (held[1], rooms[held[1]])
        stranger = next(p for p in Power if p in rooms and p not in held)
        assert (await service.game_channels.notice_room(game.id, user, stranger)).power \
            == held[0]
    assert several                     # the three-player game gives someone two powers
    # the moderator and anyone not seated: by DM
    assert await service.game_channels.notice_room(game.id, MODERATOR) is None
    assert await service.game_channels.notice_room(game.id, 999) is None


async def test_a_player_who_asked_for_direct_messages_gets_them(service):
    game, _ = await new_game(service, channels=True)
    user = PLAYERS[1]
    assert await service.preferences.notices_place(user) == "channel"
    await service.preferences.set_notices(user, "dm")
    assert await service.preferences.notices_place(user) == "dm"
    assert await service.game_channels.notice_room(game.id, user) is None
    # the others keep their channels; the choice can be taken back
    assert await service.game_channels.notice_room(game.id, PLAYERS[0]) is not None
    await service.preferences.set_notices(user, " Channel ")
    assert (await service.game_channels.notice_room(game.id, user)).channel_id >= 5000
    with pytest.raises(InvalidRequest) as refused:
        await service.preferences.set_notices(user, "pigeon")
    assert refused.value.key == "prefs.bad_notices"
    assert await service.preferences.notices_place(user) == "channel"
    # the preference lives beside the language: setting one keeps the other
    await service.preferences.set_user_language(user, "nl")
    await service.preferences.set_notices(user, "dm")
    assert await service.preferences.user_language(user) == "nl"
    assert await service.preferences.notices_place(user) == "dm"


async def test_a_channel_not_made_yet_or_an_ended_game_falls_back_to_direct_messages(service):
    game, rooms = await new_game(service, channels=True)
    user = PLAYERS[2]
    held = sorted((s.power for s in game.seats if s.user_id == user), key=lambda p: p.value)
    for power in held:                        # the bot has not made (or lost) their channels
        await service.game_channels.record_room(game.id, power, None, None)
    assert await service.game_channels.notice_room(game.id, user) is None
    assert await service.game_channels.notice_room(game.id, PLAYERS[0]) is not None
    await service.moderation.end_game(game.id, MODERATOR)   # the archive opens to everyone: no notices
    assert await service.game_channels.notice_room(game.id, PLAYERS[0]) is None
