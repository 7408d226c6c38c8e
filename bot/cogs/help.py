"""/help, and `help`, `aiuto`, `hulp` or `?` by DM: a short guide in the player's language
(bot/guide.py), with their own units and deadlines when they play; moderators also get the
/mod commands."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import error_text, reply
from bot.choosing import ended_error, last_ended_here, seated_games, waiting_games
from bot.guide import help_text
from bot.permissions import is_moderator
from service.errors import ServiceError

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)


class Help(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play: orders, corrections, "
                                                   "commands and your deadlines")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.language_of_interaction(interaction)
        moderator = False
        if interaction.guild_id is not None:
            role = await self.bot.service.preferences.moderator_role(interaction.guild_id)
            moderator = is_moderator(interaction.user, role)
        text = await self.guide(interaction.user.id, lang, moderator=moderator)
        ended = await last_ended_here(self.bot, interaction)
        if ended is not None:         # the channel's game is over: how, when, where to see it
            text = error_text(lang, ended_error(ended)) + "\n\n" + text
        await reply(interaction, text)

    async def guide(self, user_id: int, lang: str, *, moderator: bool = False) -> str:
        """The help text for one user: their games in play (with examples from their units),
        the games they wait for, and the /mod commands for a moderator."""
        games = await self.bot.service.games.of_user(user_id)
        playing, waiting = seated_games(games, user_id), waiting_games(games, user_id)
        guides = []
        for game in playing:
            try:
                guides.append(await self.bot.service.guide.of_player(game.id, user_id))
            except ServiceError as error:   # no phase open this very moment: no examples
                log.info("no guide for user %s in game %s: %s", user_id, game.id, error.key)
        return help_text(lang, guides=guides, games=playing, waiting=waiting,
                         mod_commands=self._mod_commands() if moderator else ())

    def _mod_commands(self) -> list[tuple[str, str]]:
        group = self.bot.tree.get_command("mod")
        if not isinstance(group, app_commands.Group):
            return []
        return [(c.name, c.description) for c in group.commands]


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(Help(bot))
