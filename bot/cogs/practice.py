"""A solo practice game (docs/computer.md): `/practice start` plays one power against the
computer at the six others, entirely in the player's private messages (the game's channel is
their DM channel: results and maps come there, orders go there as in any game); `/practice end`
ends it. The rules are the service's (service/games/practice.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import reply
from bot.choosing import parse_power, power_autocomplete
from bot.formatting import power_name
from bot.i18n import tr

if TYPE_CHECKING:
    from bot.app import ArbitroBot


class PracticeGames(commands.GroupCog, group_name="practice",
                    group_description="Practise alone against the computer, by private message"):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Start a practice game against six "
                                                    "computers in your private messages")
    @app_commands.describe(power="the power you play (default: drawn by lot)")
    @app_commands.autocomplete(power=power_autocomplete)
    async def start(self, interaction: discord.Interaction, power: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await self.bot.language_of_interaction(interaction)
        chosen = parse_power(power) if power else None
        dm = interaction.user.dm_channel or await interaction.user.create_dm()
        view = await self.bot.service.practice.start(interaction.user.id, dm.id, power=chosen,
                                                     language=lang,
                                                     name=tr(lang, "practice.name"))
        mine = next(s.power for s in view.seats if s.user_id == interaction.user.id)
        await reply(interaction, tr(lang, "practice.started", power=power_name(lang, mine)))

    @app_commands.command(name="end", description="End your practice game")
    async def end(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.language_of_interaction(interaction)
        dm = interaction.user.dm_channel or await interaction.user.create_dm()
        await self.bot.service.practice.end(interaction.user.id, dm.id)
        await reply(interaction, tr(lang, "practice.ended"))


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(PracticeGames(bot))
