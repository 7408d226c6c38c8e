"""Players' time: /absence (away from ... to ...) and /extend (ask for more time), and the
buttons on the service's messages about them: the moderator refusing an absence, the
moderator or the other players answering an extension.

The buttons carry only the absence's or extension's id in their custom_id (DynamicItem), and
the service reads everything else again when one is clicked: they still work after a restart.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import error_text, reply
from bot.choosing import game_autocomplete, resolve_game
from bot.formatting import deadline_rule, duration, timestamp
from bot.i18n import tr
from bot.rights import moderates_now
from service.errors import ServiceError
from service.models import GameSettings
from service.notices.notifier import Message

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)

GAME = "the game (default: your only game, or this channel's)"


class Schedules(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot

    @app_commands.command(name="absence", description="Say when you will be away: deadlines "
                                                      "falling then wait for you")
    @app_commands.rename(start="from", end="to")
    @app_commands.describe(start="from when, e.g. today, 2026-12-24 or friday 18:00",
                           end="until when, e.g. 2026-12-27 (to the end of that day)",
                           game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def absence(self, interaction: discord.Interaction,
                      start: app_commands.Range[str, 1, 60], end: app_commands.Range[str, 1, 60],
                      game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        report = await self.bot.service.absences.declare(view.id, interaction.user.id, start,
                                                         end)
        text = tr(lang, "absence.recorded", game=report.game, start=timestamp(report.starts_at),
                  end=timestamp(report.ends_at), left=report.days_left,
                  count=report.days_left)
        if report.deadline is not None:
            text += "\n" + tr(lang, "mod.deadline_now", game=report.game,
                              deadline=timestamp(report.deadline))
        await reply(interaction, text)

    @app_commands.command(name="extend", description="Ask for more time for the current phase")
    @app_commands.describe(hours="how many hours more", reason="why (the others see it)",
                           game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def extend(self, interaction: discord.Interaction,
                     hours: app_commands.Range[float, 0.5, 336.0],
                     reason: app_commands.Range[str, 1, 200], game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        report = await self.bot.service.extensions.request(view.id, interaction.user.id, hours,
                                                           reason)
        await reply(interaction, _extension_reply(lang, report))


def schedule_summary(lang: str, settings: GameSettings) -> str:
    """A game's time zone, schedule and missed-orders rule in plain words."""
    lines = [tr(lang, "schedule.zone", zone=settings.timezone), deadline_rule(lang, settings)]
    if settings.nmr_policy == "grace":
        lines.append(tr(lang, "schedule.grace", grace=duration(lang, settings.nmr_grace)))
    else:
        lines.append(tr(lang, "schedule.immediate"))
    return "\n".join(lines)


def _extension_reply(lang: str, report) -> str:
    key = {"pending": "extension.waiting", "granted": "extension.granted_reply",
           "refused": "extension.refused_reply"}[report.status]
    return tr(lang, key, game=report.game, length=duration(lang, report.length),
              deadline=timestamp(report.deadline))


class RefuseAbsence(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"arbitro:absence-refuse:(?P<id>[0-9]+)"):
    """On the moderator's private notice of an absence."""

    def __init__(self, absence_id: int, label: str = "-") -> None:
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.danger, label=label,
                                           custom_id=f"arbitro:absence-refuse:{absence_id}"))
        self.absence_id = absence_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> RefuseAbsence:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        service = bot.service
        try:
            game = await service.games.status(await service.absences.game_of(self.absence_id))
            if not await moderates_now(bot, game, interaction.user.id):
                await interaction.response.send_message(tr(lang, "absence.not_yours"),
                                                        ephemeral=True)
                return
            absence = await service.absences.refuse(self.absence_id, interaction.user.id)
        except ServiceError as error:
            await interaction.response.send_message(error_text(lang, error), ephemeral=True)
            return
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(tr(lang, "absence.refused_done", game=game.name,
                                           user=f"<@{absence.user_id}>"))


class AnswerExtension(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"arbitro:extension:(?P<id>[0-9]+):(?P<answer>yes|no)"):
    """Agree / refuse on an extension: the moderator's private notice, or the channel's vote."""

    def __init__(self, extension_id: int, agrees: bool, label: str = "-") -> None:
        answer = "yes" if agrees else "no"
        super().__init__(discord.ui.Button(
            style=discord.ButtonStyle.success if agrees else discord.ButtonStyle.danger,
            label=label, custom_id=f"arbitro:extension:{extension_id}:{answer}"))
        self.extension_id = extension_id
        self.agrees = agrees

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> AnswerExtension:
        return cls(int(match["id"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        service = bot.service
        try:
            game = await service.games.status(await service.extensions.game_of(self.extension_id))
            if game.settings.extension_rule == "moderator" and \
                    not await moderates_now(bot, game, interaction.user.id):
                await interaction.response.send_message(
                    tr(lang, "extension.not_moderator", game=game.name), ephemeral=True)
                return
            report = await service.extensions.answer(self.extension_id, interaction.user.id,
                                                     self.agrees)
        except ServiceError as error:
            await interaction.response.send_message(error_text(lang, error), ephemeral=True)
            return
        text = (tr(lang, "extension.vote_counted", game=report.game)
                if report.status == "pending" else _extension_reply(lang, report))
        await interaction.response.send_message(text, ephemeral=True)
        if report.status != "pending" and interaction.message is not None:
            try:
                await interaction.message.edit(view=None)
            except discord.HTTPException:
                log.warning("could not take the buttons off extension %s", self.extension_id)


def absence_buttons(message: Message, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RefuseAbsence(int(message.params["absence_id"]),
                                tr(lang, "absence.refuse_button")))
    return view


def extension_buttons(message: Message, lang: str) -> discord.ui.View:
    ext_id = int(message.params["extension_id"])
    view = discord.ui.View(timeout=None)
    view.add_item(AnswerExtension(ext_id, True, tr(lang, "extension.agree_button")))
    view.add_item(AnswerExtension(ext_id, False, tr(lang, "extension.refuse_button")))
    return view


async def setup(bot: ArbitroBot) -> None:
    bot.add_dynamic_items(RefuseAbsence, AnswerExtension)
    bot.message_views.update({"absence.moderator": absence_buttons,
                              "extension.ask_moderator": extension_buttons,
                              "extension.vote": extension_buttons})
    await bot.add_cog(Schedules(bot))
