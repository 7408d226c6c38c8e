"""Press in a fog game follows the game's press rules (docs/press.md, docs/variants.md): each
setting answers as in the same game without fog, and a press message carries the words and
the powers, nothing of the board. The one difference: a recipient's elimination is not the
sender's to learn from a refusal, so press to an eliminated power goes (from one is refused)."""

from __future__ import annotations

import pytest

from engine.vocabulary import Power
from service.errors import ServiceError
from tests.service.conftest import MODERATOR, start_game
from tests.service.test_fog_phases import FALL, SPRING, _order
from tests.service.test_press import eliminate

A, E, F, G = Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY

# (settings, signed): every press setting of docs/press.md
CASES = [({"press": "full"}, True), ({"press": "full"}, False),
         ({"press": "full", "grey_press": True}, False), ({"press": "public"}, True),
         ({"press": "gunboat"}, True), ({"press": "gunboat", "grey_press": True}, False),
         ({"press": "full", "anonymous": True}, True),
         ({"press": "full", "anonymous": True, "grey_press": True}, False)]


async def _answer(service, game, sender, to, text="Burgundy?", **kwargs) -> str:
    try:
        sent = await service.press.send(game.id, game.user[sender], to, text, **kwargs)
    except ServiceError as refused:
        return refused.key
    return f"sent {'signed' if sent.signed else 'grey'}"


async def _answers(service, fog: bool) -> list[str]:
    found = []
    for settings, signed in CASES:
        game = await start_game(service, name=f"{fog} {settings} {signed}", fog=fog,
                                channel=600 + len(found), **settings)
        found.append(await _answer(service, game, F, E, signed=signed))
    return found


async def test_each_press_setting_answers_as_without_fog(service, notifier):
    plain = await _answers(service, fog=False)
    assert await _answers(service, fog=True) == plain
    assert plain == ["sent signed", "press.no_grey", "sent grey", "press.public_only",
                     "press.gunboat", "press.gunboat", "sent signed", "sent grey"]
    # what the reader gets names powers and carries the words, nothing of the board
    for _user, message in notifier.private:
        if message.key.startswith("press."):
            assert set(message.params) <= {"game", "body", "to_power", "power"}
            assert message.image is None


@pytest.mark.parametrize("fog", [False, True])
async def test_press_in_retreats_follows_the_setting_in_a_fog_game(service, fog):
    game = await start_game(service, fog=fog, press_in_retreats=False)
    await _order(service, game, SPRING)
    await service.moderation.process_now(game.id, MODERATOR)
    await _order(service, game, FALL)
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "F1901R"
    assert await _answer(service, game, E, G) == "press.not_in_retreats"
    await service.game_config.change(game.id, MODERATOR, "press_in_retreats", "yes")
    assert await _answer(service, game, E, G) == "sent signed"


@pytest.mark.parametrize("fog", [False, True])
async def test_press_and_eliminated_powers_in_a_fog_game(service, notifier, fog):
    game = await start_game(service, fog=fog)
    await eliminate(service, game.id, A)
    assert await _answer(service, game, A, E) == "press.sender_eliminated"   # they know
    # to an eliminated power: refused in the open, delivered in the fog (a refusal would
    # tell the sender what they cannot see)
    expected = "sent signed" if fog else "press.recipient_eliminated"
    assert await _answer(service, game, E, A) == expected
    assert bool(notifier.sent_to(game.user[A], "press.received")) is fog
