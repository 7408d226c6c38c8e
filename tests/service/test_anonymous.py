"""Press settings and anonymous games (docs/press.md): every channel post of an anonymous game
is marked anonymous and its English text names nobody; identities are revealed at the end."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.models import GameSettings
from tests.service.conftest import MODERATOR, start_game

MENTION = re.compile(r"<@!?\d+>")


async def test_press_settings_default_and_load_from_old_rows():
    old = GameSettings.from_json({"rules": "2023", "players": 7})
    assert (old.press, old.anonymous, old.grey_press) == ("full", False, False)
    assert old.press_in_retreats and not old.press_when_eliminated
    chosen = GameSettings(press="public", anonymous=True, grey_press=True,
                          press_in_retreats=False, press_when_eliminated=True)
    assert GameSettings.from_json(chosen.to_json()) == chosen
    with pytest.raises(InvalidRequest) as bad:
        GameSettings(press="loud").validate()
    assert bad.value.key == "settings.bad_choice"


async def test_press_settings_change_through_mod_settings(service):
    game = await start_game(service)
    change = await service.game_config.change(game.id, MODERATOR, "press", "gunboat")
    assert (change.old, change.new) == ("full", "gunboat")
    await service.game_config.change(game.id, MODERATOR, "grey_press", "sì")
    await service.game_config.change(game.id, MODERATOR, "press_in_retreats", "nee")
    shown = {v.setting.name: v.value for v in await service.game_config.show(game.id)}
    assert shown["press"] == "gunboat" and shown["grey_press"] is True
    assert shown["press_in_retreats"] is False
    with pytest.raises(InvalidRequest) as bad:
        await service.game_config.change(game.id, MODERATOR, "grey_press", "maybe")
    assert bad.value.key == "settings.bad_yesno"
    # anonymity is fixed once the game has started
    with pytest.raises(InvalidRequest) as fixed:
        await service.game_config.change(game.id, MODERATOR, "anonymous", "yes")
    assert fixed.value.key == "settings.fixed_after_start"


async def test_an_anonymous_games_posts_name_nobody_until_the_reveal(service, clock, notifier):
    game = await start_game(service, anonymous=True, reminders=(timedelta(hours=2),))
    clock.advance(timedelta(hours=22, minutes=1))
    await service.deadlines.run_due()                       # the reminder: everyone still owes orders
    await service.moderation.pause(game.id, MODERATOR)
    await service.moderation.resume(game.id, MODERATOR)
    await service.moderation.end_game(game.id, MODERATOR, "time is up")
    *before, reveal = [m for _c, m in notifier.posts]
    assert [m.key for m in before][:1] == ["game.created"]
    assert "reminder.channel" in [m.key for m in before]
    for message in before:
        assert message.anonymous, message.key
        assert not MENTION.search(message.text), message.text
        assert not message.ping
    # private messages still reach each player (the reminder with their own units)
    user = game.user[Power.FRANCE]
    assert notifier.sent_to(user, "reminder")
    assert reveal.key == "game.identities" and not reveal.anonymous
    assert reveal.params["seats"] == {p.value: u for p, u in game.user.items()}
    assert f"<@{user}>" in reveal.text


async def test_a_game_that_is_not_anonymous_shows_its_players_and_reveals_nothing(
        service, notifier):
    game = await start_game(service)
    await service.moderation.end_game(game.id, MODERATOR, "")
    [started] = notifier.posted("game.started")
    assert not started.anonymous and started.params["seats"]["France"] == \
        game.user[Power.FRANCE]
    assert not notifier.posted("game.identities")


async def test_the_maps_of_an_anonymous_game_are_drawn_without_players(service, renderer):
    game = await start_game(service, anonymous=True)
    await service.moderation.process_now(game.id, MODERATOR)
    assert renderer.calls                           # the results' map was drawn
    users = {str(u) for u in game.user.values()}
    for call in renderer.calls:
        assert not [k for k in call if any(w in k for w in ("user", "player", "seat"))]
        assert not users & {str(v) for v in call.values()}


def _numbers(value, skip=("rng_seed",)) -> set[int]:
    """Every whole number in an export (but the seed), wherever it sits."""
    if isinstance(value, dict):
        return set().union(*(_numbers(v) for k, v in value.items() if k not in skip))
    if isinstance(value, list):
        return set().union(set(), *(_numbers(v) for v in value))
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


async def test_an_anonymous_games_export_names_nobody_but_to_its_moderators(service):
    game = await start_game(service, anonymous=True)
    F = Power.FRANCE
    await service.orders.submit(game.id, game.user[F], "A PAR - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    users = set(game.user.values())
    record = await service.exports.game(game.id, players=False)
    assert record["phases"][0]["orders_sent"] == [
        {"power": "France", "user": None, "text": "A PAR - BUR", "mode": "merge",
         "at": record["phases"][0]["orders_sent"][0]["at"]}]
    assert not users & _numbers(record)
    # the moderators' export (and the operator's `arbitro export`) names the players
    assert game.user[F] in _numbers(await service.exports.game(game.id))
    await service.moderation.end_game(game.id, MODERATOR, "")
    # once the game is over, everyone may know
    assert game.user[F] in _numbers(await service.exports.game(game.id, players=False))


async def test_a_published_dm_keeps_only_its_orders(service):
    """In every game: what the export publishes of a DM is its orders as written, never the
    rest of the message (meant for the bot alone)."""
    game = await start_game(service)
    F = Power.FRANCE
    secret = "Germany promised me Belgium, don't tell England"
    await service.orders.submit(game.id, game.user[F],
                                f"A PAR - BUR\n{secret}\nF BRE - MAO\nwhat is a convoy?")
    await service.moderation.process_now(game.id, MODERATOR)
    record = await service.exports.game(game.id, players=False)
    [sent] = record["phases"][0]["orders_sent"]
    assert sent["text"].splitlines() == ["A PAR - BUR", "F BRE - MAO"]
    assert "Belgium" not in str(record) and "convoy?" not in str(record)
    assert sent["user"] == game.user[F]               # not anonymous: the player is named


async def test_a_replaced_player_of_an_anonymous_game_is_not_told_who_took_over(
        service, notifier):
    game = await start_game(service, anonymous=True)
    F = Power.FRANCE
    old, new = game.user[F], 4242
    await service.seating.replace_player(game.id, MODERATOR, F, new)
    [told] = notifier.sent_to(old, "seat.replaced_you")
    assert told.anonymous and "4242" not in told.text
    assert new not in told.params.values()
    for _channel, message in notifier.posts:           # nor does anything in the channel
        assert message.anonymous and "4242" not in message.text


async def test_the_replaced_player_of_an_open_game_is_told_who_took_over(service, notifier):
    game = await start_game(service)
    old = game.user[Power.FRANCE]
    await service.seating.replace_player(game.id, MODERATOR, Power.FRANCE, 4242)
    [told] = notifier.sent_to(old, "seat.replaced_you")
    assert told.params["new"] == 4242 and not told.anonymous


async def test_a_profile_does_not_single_out_a_player_of_a_running_anonymous_game(service):
    """Comparing records after a phase would tell which user's power went into civil
    disorder (or was replaced): an anonymous game counts once it has ended."""
    game = await start_game(service, anonymous=True)
    F, G = Power.FRANCE, Power.GERMANY
    for power in game.user:
        if power != F:
            await service.orders.submit(game.id, game.user[power], {"England": "F LON H", "Germany": "A BER H",
                                         "Italy": "A ROM H", "Austria": "A VIE H",
                                         "Russia": "A MOS H", "Turkey": "A CON H"}[power.value])
    await service.moderation.process_now(game.id, MODERATOR)
    await service.seating.replace_player(game.id, MODERATOR, G, 4242)
    records = {p: await service.records.record(u) for p, u in game.user.items()}
    assert len({(r.on_time, r.missed, r.civil_disorder_spells, r.playing, r.abandoned)
                for r in records.values()}) == 1      # all alike: nobody singled out
    await service.moderation.end_game(game.id, MODERATOR, "")
    france = await service.records.record(game.user[F])
    assert (france.missed, france.finished) == (1, 1)
    assert (await service.records.record(game.user[G])).abandoned == 1
    assert (await service.records.record(game.user[Power.ITALY])).on_time == 1
