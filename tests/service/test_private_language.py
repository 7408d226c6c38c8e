"""Private messages about a game carry the game's language and server, for a reader the bot has
never seen (seated by a moderator before any command of theirs): the bot words them in the
game's language, else the server's (bot/notifier.py)."""

from __future__ import annotations

from engine.vocabulary import Power
from service.models import GameSettings
from tests.service.conftest import CHANNEL, MODERATOR

GUILD = 77


async def _started(service, language):
    game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="Lepanto",
                                     settings=GameSettings(language=language), guild_id=GUILD)
    for user in range(1, 8):
        await service.games.join(game.id, user)
    return await service.games.start(game.id, MODERATOR, seed=1)


async def test_a_replacements_briefing_carries_the_games_language_and_server(service,
                                                                            notifier):
    game = await _started(service, "it")
    await service.seating.replace_player(game.id, MODERATOR, Power.RUSSIA, 55)
    briefing = notifier.sent_to(55, "game.briefing")[-1]
    assert (briefing.lang, briefing.guild_id) == ("it", GUILD)
    assert briefing.params["replacement"] is True
    held = next(s.user_id for s in game.seats if s.power is Power.RUSSIA)
    told = notifier.sent_to(held, "seat.replaced_you")[-1]
    assert (told.lang, told.guild_id) == ("it", GUILD)


async def test_without_a_game_language_only_the_server_is_carried(service, notifier):
    game = await _started(service, None)
    await service.seating.replace_player(game.id, MODERATOR, Power.TURKEY, 56)
    briefing = notifier.sent_to(56, "game.briefing")[-1]
    assert (briefing.lang, briefing.guild_id) == (None, GUILD)
