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
    await service.run_due()                       # the reminder: everyone still owes orders
    await service.pause(game.id, MODERATOR)
    await service.resume(game.id, MODERATOR)
    await service.end_game(game.id, MODERATOR, "time is up")
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
    await service.end_game(game.id, MODERATOR, "")
    [started] = notifier.posted("game.started")
    assert not started.anonymous and started.params["seats"]["France"] == \
        game.user[Power.FRANCE]
    assert not notifier.posted("game.identities")


async def test_the_maps_of_an_anonymous_game_are_drawn_without_players(service, renderer):
    game = await start_game(service, anonymous=True)
    await service.process_now(game.id, MODERATOR)
    assert renderer.calls                           # the results' map was drawn
    users = {str(u) for u in game.user.values()}
    for call in renderer.calls:
        assert not [k for k in call if any(w in k for w in ("user", "player", "seat"))]
        assert not users & {str(v) for v in call.values()}
