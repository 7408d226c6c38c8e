"""Rights asked again at the moment they are used: a button in someone's DMs can be pressed
days after it was sent, by then from outside the server or without the moderator's role."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.permissions import is_moderator

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)


async def moderates_now(bot: ArbitroBot, game: Any, user_id: int) -> bool:
    """Whether `user_id` is the moderator of `game` (a GameView) and, right now, still a
    member of the game's server with the moderators' permission or role (bot/permissions.py),
    as Discord says at this moment (the member is fetched, not taken from a cache)."""
    if user_id != game.moderator_id:
        return False
    if game.guild_id is None:
        return True                  # a game made before servers were recorded: its creator
    return await is_server_moderator(bot, game.guild_id, user_id)


async def is_server_moderator(bot: ArbitroBot, guild_id: int, user_id: int) -> bool:
    """`user_id` is a member of server `guild_id` now, with Manage Server or its moderator
    role. Anything Discord will not tell counts as no."""
    try:
        guild = bot.get_guild(guild_id) or await bot.fetch_guild(guild_id)
        member = await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException as exc:
        log.warning("cannot check user %s on server %s: %s", user_id, guild_id, exc.status)
        return False
    return is_moderator(member, await bot.service.preferences.moderator_role(guild_id))
