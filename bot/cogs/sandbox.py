"""/sandbox (issue 25): try orders on a game's board in private. The player types orders for
any units of any power; the bot answers, only to them, with the adjudication and the map. The
game is only read (`service.history.sandbox`): nobody's orders, nothing stored."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import reply
from bot.choosing import game_autocomplete, resolve_game
from bot.formatting import names_on, phase_label, results_blocks
from bot.i18n import tr
from bot.limits import split_blocks
from bot.map_files import map_file
from engine import Phase
from grammar.phases import phase_choices, read_phase

if TYPE_CHECKING:
    from bot.app import ArbitroBot


class Sandbox(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot

    @app_commands.command(name="sandbox",
                          description="Try orders on a game's board in private; nothing is kept")
    @app_commands.describe(orders="orders for any units of any power, separated by ; "
                           "(units given none hold)",
                           game="the game (default: the only game of this channel)",
                           phase="the phase to start from, e.g. Fall 1901 (default: the one "
                           "in play)")
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def sandbox(self, interaction: discord.Interaction, orders: str,
                      game: int | None = None, phase: str | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game, include_finished=True)
        lang = await self.bot.language_of_interaction(interaction)
        name = None
        if phase:
            reading = read_phase(phase, reply_lang=lang)
            if not reading.ok:
                await reply(interaction, reading.error)
                return
            name = reading.phase.name
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.bot.service.history.sandbox(view.id, orders, name, reply_lang=lang,
                                                        language=lang)
        start = answer.start
        blocks = [tr(lang, "sandbox.title", game=start.game_name,
                     phase=phase_label(lang, start.phase))]
        if answer.unread:
            blocks.append("\n".join([tr(lang, "sandbox.unread"), *(
                f"❔ `{line}` — {error}" for line, error in answer.unread)]))
        with names_on(view.settings.board):
            blocks += results_blocks(lang, game_name=start.game_name, phase=start.phase,
                                     results=answer.results, civil_disorder=(),
                                     after=answer.after)[1:]
        pieces = split_blocks(blocks)
        file = map_file(answer.png, f"sandbox-{start.phase}.png", lang)
        for index, piece in enumerate(pieces):
            await reply(interaction, piece, file=file if index == len(pieces) - 1 else None)

    @sandbox.autocomplete("phase")
    async def _phase_choices(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        """The phases played and the one in play, in the caller's language."""
        game_id = getattr(interaction.namespace, "game", None)
        try:
            view = await resolve_game(self.bot, interaction, game_id, include_finished=True)
            names = [r.phase for r in await self.bot.service.history.phases(view.id)]
        except Exception:  # noqa: BLE001 - autocomplete offers nothing rather than failing
            return []
        if view.phase and view.phase not in names:
            names.append(view.phase)
        lang = await self.bot.language_of_interaction(interaction)
        return [app_commands.Choice(name=label, value=code) for label, code in
                phase_choices([Phase.parse(n) for n in names], current, lang)]


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(Sandbox(bot))
