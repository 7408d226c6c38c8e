"""`/press send` by the game's rules (service/press/press.py, docs/press.md): relayed signed or grey
by private message and logged, or refused with its own reason and nothing sent."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.position import Position
from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed, ServiceError
from service.press.press import MAX_PRESS
from tests.service.conftest import MODERATOR, start_game

A, E, F, IT, R = Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.ITALY, Power.RUSSIA


async def refused(service, notifier, game, *args, **kwargs) -> ServiceError:
    """The refusal of a `send`; and that it sent and logged nothing."""
    before = len(notifier.private)
    with pytest.raises(ServiceError) as error:
        await service.press.send(game.id, *args, **kwargs)
    assert len(notifier.private) == before
    assert await service.press.log(game.id) == []
    return error.value


async def test_press_is_relayed_signed_by_the_sending_power_and_logged(service, notifier):
    game = await start_game(service)
    sent = await service.press.send(game.id, game.user[F], E, "  Channel demilitarised? ")
    assert (sent.from_power, sent.to_power, sent.signed) == (F, E, True)
    [message] = notifier.sent_to(game.user[E], "press.received")
    assert message.params["power"] == "France"
    assert message.params["body"] == "Channel demilitarised?"
    assert str(game.user[F]) not in message.text        # signed by the power, not the player
    [row] = await service.press.log(game.id)
    assert (row.from_power, row.to_power, row.sender_id, row.signed, row.phase) == \
        (F, E, game.user[F], True, "S1901M")


async def test_grey_press_only_where_the_game_allows_it(service, notifier):
    game = await start_game(service)
    error = await refused(service, notifier, game, game.user[F], E, "guess who", signed=False)
    assert isinstance(error, NotAllowed) and error.key == "press.no_grey"
    await service.game_config.change(game.id, MODERATOR, "grey_press", "yes")
    await service.press.send(game.id, game.user[F], E, "guess who", signed=False)
    [message] = notifier.sent_to(game.user[E], "press.received_grey")
    assert "power" not in message.params
    assert "France" not in message.text
    [row] = await service.press.log(game.id)
    assert not row.signed and row.sender_id == game.user[F]      # the moderators know


@pytest.mark.parametrize(("mode", "key"), [("gunboat", "press.gunboat"),
                                           ("public", "press.public_only")])
async def test_gunboat_and_public_only_games_refuse_private_press(service, notifier, mode, key):
    game = await start_game(service, press=mode)
    error = await refused(service, notifier, game, game.user[F], E, "hello")
    assert error.key == key and error.params["game"] == "Test game"


async def test_to_yourself_to_a_power_out_of_play_and_from_a_non_player(service, notifier):
    game = await start_game(service, players=6)                     # Italy is neutral
    assert (await refused(service, notifier, game, game.user[F], F, "hi")).key == \
        "press.to_yourself"
    assert (await refused(service, notifier, game, game.user[F], IT, "hi")).key == \
        "press.not_in_play"
    assert (await refused(service, notifier, game, 424242, E, "hi")).key == \
        "press.not_a_player"
    assert (await refused(service, notifier, game, game.user[F], E, "   ")).key == \
        "press.empty"
    assert (await refused(service, notifier, game, game.user[F], E, "x" * (MAX_PRESS + 1))
            ).key == "press.too_long"


async def test_a_player_of_several_powers_says_which_one_speaks(service, notifier):
    game = await start_game(service, players=3)          # each player holds two powers
    user = game.user[E]
    mine = sorted((p for p, u in game.user.items() if u == user), key=lambda p: p.value)
    other = next(p for p, u in game.user.items() if u != user)
    error = await refused(service, notifier, game, user, other, "hi")
    assert isinstance(error, InvalidRequest) and error.key == "press.which_power"
    sent = await service.press.send(game.id, user, other, "hi", from_power=mine[1])
    assert sent.from_power == mine[1]


async def test_press_in_retreats_and_adjustments_follows_the_setting(service, notifier):
    game = await start_game(service, press_in_retreats=False)
    await service.orders.submit(game.id, game.user[R], "F SEV - RUM")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.press.send(game.id, game.user[F], E, "spring is fine")   # movement
    await service.moderation.process_now(game.id, MODERATOR)       # Russia takes RUM: adjustments
    assert (await service.games.status(game.id)).phase == "W1901A"
    error = await service_refusal(service, game, game.user[F], E, "winter?")
    assert error.key == "press.not_in_retreats"
    await service.game_config.change(game.id, MODERATOR, "press_in_retreats", "yes")
    await service.press.send(game.id, game.user[F], E, "winter!")
    assert [m.params["body"] for m in notifier.sent_to(game.user[E], "press.received")] == \
        ["spring is fine", "winter!"]


async def service_refusal(service, game, *args) -> ServiceError:
    with pytest.raises(ServiceError) as error:
        await service.press.send(game.id, *args)
    return error.value


async def eliminate(service, game_id: int, power: Power) -> None:
    """Arrange a mid-game position where `power` has nothing left (its units and centres
    gone), written in the phase as an adjudication would."""
    async with service.db.transaction() as conn:
        rows = await conn.fetch(
            "SELECT id, position_json FROM phases WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,))
        record = json.loads(rows[0][1])
        position = Position.from_record(record)
        position = replace(position, units=tuple(u for u in position.units
                                                 if u.power != power),
                           supply_centers={**position.supply_centers, power: frozenset()})
        await conn.execute("UPDATE phases SET position_json = ? WHERE id = ?",
                           (json.dumps(position.to_record()), rows[0][0]))


async def test_press_from_or_to_an_eliminated_power_follows_the_setting(service, notifier):
    game = await start_game(service)
    await eliminate(service, game.id, A)
    assert (await service_refusal(service, game, game.user[A], E, "still here")).key == \
        "press.sender_eliminated"
    assert (await service_refusal(service, game, game.user[E], A, "you're out")).key == \
        "press.recipient_eliminated"
    await service.game_config.change(game.id, MODERATOR, "press_when_eliminated", "yes")
    await service.press.send(game.id, game.user[A], E, "still here")
    assert notifier.sent_to(game.user[E], "press.received")


async def test_no_press_before_the_start_or_after_the_end(service, notifier):
    game = await start_game(service)
    await service.moderation.end_game(game.id, MODERATOR, "")
    assert (await service_refusal(service, game, game.user[F], E, "hi")).key == \
        "press.game_over"
    forming = await service.games.create(channel_id=77, moderator_id=MODERATOR, name="Later")
    with pytest.raises(InvalidRequest) as error:
        await service.press.send(forming.id, 1, E, "hi")
    assert error.value.key == "press.not_started"


# -- /press open: a private channel between powers ---------------------------------------------

async def channel_game(service, **settings):
    """A started game on a server, with its channels and roles recorded as the bot makes them
    (role ids 7000 + i)."""
    from service.models import GameSettings
    created = await service.games.create(channel_id=500, moderator_id=MODERATOR, name="Lepanto",
                                        settings=GameSettings(**settings), guild_id=42)
    for user in range(1, 8):
        await service.games.join(created.id, user)
    view = await service.games.start(created.id, MODERATOR, seed=1)
    users = {s.power: s.user_id for s in view.seats}
    if not settings.get("anonymous"):
        await service.game_channels.enable(created.id, MODERATOR)
        await service.game_channels.record_category(created.id, 6000)
        for i, power in enumerate(sorted(users, key=lambda p: p.value)):
            await service.game_channels.record_room(created.id, power, 6001 + i, 7000 + i)
    return created.id, users


async def test_press_open_gives_the_category_and_the_roles_of_the_powers(service):
    game_id, users = await channel_game(service)
    room = await service.press.room_for(game_id, users[F], [E, E, R])
    assert room.powers == (F, E, R) and room.category_id == 6000
    order = sorted(users, key=lambda p: p.value)
    assert room.role_ids == tuple(7000 + order.index(p) for p in (F, E, R))
    assert room.moderator_id == MODERATOR


@pytest.mark.parametrize(("settings", "key"), [
    ({"anonymous": True}, "press.anonymous_channels"),
    ({"press_channels": False}, "press.no_press_channels"),
    ({"press": "public"}, "press.public_only"),
    ({"press": "gunboat"}, "press.gunboat")])
async def test_press_open_is_refused_by_the_rules(service, settings, key):
    game_id, users = await channel_game(service, **settings)
    with pytest.raises(ServiceError) as error:
        await service.press.room_for(game_id, users[F], [E])
    assert error.value.key == key


async def test_press_open_needs_the_games_channels(service):
    game = await start_game(service)
    with pytest.raises(InvalidRequest) as error:
        await service.press.room_for(game.id, game.user[F], [E])
    assert error.value.key == "press.no_channels"
    with pytest.raises(InvalidRequest) as error:
        await service.press.room_for(game.id, game.user[F], [F])
    assert error.value.key == "press.to_yourself"
