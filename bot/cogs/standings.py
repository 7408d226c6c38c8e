"""/standings (issue 25): a server's table over its finished games, scored by the server's
system (draw-size unless a moderator chose sum-of-squares; engine/scoring.py), with each
player's reliability as `/profile` gives it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import reply
from bot.i18n import tr, trn
from bot.rights import is_server_moderator

if TYPE_CHECKING:
    from bot.app import ArbitroBot

SYSTEMS = [app_commands.Choice(name="draw-size", value="draw-size"),
           app_commands.Choice(name="sum-of-squares", value="sum-of-squares")]


class Standings(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot

    @app_commands.command(name="standings",
                          description="This server's table over its finished games")
    @app_commands.describe(system="the scoring system (default: the server's)",
                           keep="moderators: make this system the server's own")
    @app_commands.choices(system=SYSTEMS)
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction,
                        system: app_commands.Choice[str] | None = None,
                        keep: bool = False) -> None:
        lang = await self.bot.language_of_interaction(interaction)
        guild_id = interaction.guild_id
        assert guild_id is not None
        if keep and system is not None:
            if not await is_server_moderator(self.bot, guild_id, interaction.user.id):
                await reply(interaction, tr(lang, "standings.keep_moderators"))
                return
            await self.bot.service.records.set_scoring(guild_id, system.value)
        table = await self.bot.service.records.standings(
            guild_id, system.value if system else None)
        await reply(interaction, standings_text(lang, table), ephemeral=False)


def standings_text(lang: str, table) -> str:
    """The table, one line per player, best first."""
    head = tr(lang, "standings.title", system=tr(lang, f"standings.{table.system}"),
              games=trn(lang, "count.games_finished", table.games))
    if not table.rows:
        return "\n".join([head, tr(lang, "standings.none")])
    lines = [head]
    for rank, (row, record) in enumerate(table.rows, start=1):
        draws = ", ".join(f"{count}×{size}" for size, count in sorted(row.draws.items()))
        percent = record.on_time_percent
        lines.append(tr(lang, "standings.row", rank=rank, user=f"<@{row.player}>",
                        points=f"{row.points:.1f}", games=row.games, solos=row.solos,
                        draws=row.draw_count, sizes=f" ({draws})" if draws else "",
                        survivals=row.survivals, eliminations=row.eliminations,
                        centres=f"{row.average_centers:.1f}",
                        on_time=f"{percent}%" if percent is not None else "—",
                        spells=record.civil_disorder_spells))
    lines.append(tr(lang, f"standings.{table.system}.formula"))
    return "\n".join(lines)


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(Standings(bot))
