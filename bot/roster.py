"""One roster message per game in its channel (docs/moderation.md): the players who joined,
edited as they join and leave, with the latest change under it; a new message only when there
is none yet or it was deleted. (Before, each join posted a message: 35 for a league of five.)"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import tr
from service.notices.notifier import Message

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)
ROSTER_KEYS = ("game.joined", "game.left")
_QUIET = discord.AllowedMentions.none()


def is_roster(message: Message) -> bool:
    return message.key in ROSTER_KEYS and "game_id" in message.params \
        and "roster" in message.params


def roster_text(lang: str, message: Message, latest: str) -> str:
    """The roster in `lang`: who joined (in an anonymous game only how many), then the latest
    change in small print."""
    params = message.params
    lines = [tr(lang, "roster.title", game=params.get("game"), count=params.get("count", 0),
                players=params.get("players", 7))]
    if not message.anonymous:
        lines.append(", ".join(f"<@{u}>" for u in params["roster"])
                     or tr(lang, "roster.nobody"))
    lines.append(f"-# {latest}")
    return "\n".join(lines)


async def post_roster(bot: ArbitroBot, channel: Any, message: Message, lang: str,
                      latest: str) -> None:
    """Edit the game's roster message, or post it (and remember it) when there is none."""
    game_id = int(message.params["game_id"])
    text = roster_text(lang, message, latest)
    known = await bot.service.games.roster_message(game_id)
    if known is not None:
        try:
            await channel.get_partial_message(known).edit(content=text,
                                                          allowed_mentions=_QUIET)
            return
        except discord.NotFound:
            log.info("the roster message of game %s was deleted: posting a new one", game_id)
    sent = await channel.send(text, allowed_mentions=_QUIET)
    await bot.service.games.set_roster_message(game_id, sent.id)
