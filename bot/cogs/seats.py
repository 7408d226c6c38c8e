"""Seats: claiming an open seat by button, the moderator's answer by button, `/profile`, and
players the bot cannot reach (reported to the game's moderator).

The buttons carry what they act on in their custom id (`arbitro:claim:<game>:<power>`,
`arbitro:approve:<claim>`, `arbitro:refuse:<claim>`): nothing is held in memory, so they
still work after the bot restarts."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import error_text, reply
from bot.formatting import power_name
from bot.i18n import tr
from bot.rights import moderates_now
from bot.seating import profile_text
from engine.vocabulary import Power
from service.errors import ServiceError
from service.notices.notifier import Message

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)

# Posts that offer a seat get the claim button; a claim sent to the moderator gets the answers.
OFFER_KEYS = ("seat.offered", "seat.abandoned")
CLAIM_KEY = "seat.claim"


class ClaimSeat(discord.ui.DynamicItem[discord.ui.Button],
                template=r"arbitro:claim:(?P<game>[0-9]+):(?P<power>[A-Za-z]+)"):
    """The button under an offered seat: whoever presses it asks the moderator for it."""

    def __init__(self, game_id: int, power: str, label: str = "-") -> None:
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.primary, emoji="🪑",
                                           label=label,
                                           custom_id=f"arbitro:claim:{game_id}:{power}"))
        self.game_id, self.power = game_id, power

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ClaimSeat:
        return cls(int(match["game"]), match["power"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            claim = await bot.service.seating.claim_seat(self.game_id, Power.read(self.power),
                                                         interaction.user.id)
            game = await bot.service.games.status(self.game_id)
        except ServiceError as error:
            await reply(interaction, error_text(lang, error))
            return
        await reply(interaction, tr(lang, "seat.claim_sent", game=game.name,
                                    power=power_name(lang, claim.power)))


class DecideClaim(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"arbitro:(?P<answer>approve|refuse):(?P<claim>[0-9]+)"):
    """The moderator's two buttons under a claim (in their DMs)."""

    def __init__(self, answer: str, claim_id: int, label: str = "-") -> None:
        style = discord.ButtonStyle.success if answer == "approve" else \
            discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(style=style, label=label,
                                           custom_id=f"arbitro:{answer}:{claim_id}"))
        self.answer, self.claim_id = answer, claim_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> DecideClaim:
        return cls(match["answer"], int(match["claim"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        seating = bot.service.seating
        # seating a player draws the map for their briefing: answer Discord first
        await interaction.response.defer()
        try:
            claim = await seating.claim(self.claim_id)
            game = await bot.service.games.status(claim.game_id)
            if not await moderates_now(bot, game, interaction.user.id):
                await interaction.followup.send(tr(lang, "seat.not_moderator", game=game.name))
                return
            if self.answer == "approve":
                await seating.approve_claim(self.claim_id, interaction.user.id)
            else:
                await seating.refuse_claim(self.claim_id, interaction.user.id)
        except ServiceError as error:
            await interaction.followup.send(error_text(lang, error))
            return
        key = "seat.approved" if self.answer == "approve" else "seat.refused"
        done = tr(lang, key, game=game.name, user=f"<@{claim.user_id}>",
                  power=power_name(lang, claim.power))
        original = interaction.message.content if interaction.message else ""
        await interaction.edit_original_response(content=f"{original}\n\n{done}",
                                                 view=None)


def seat_view(message: Message, lang: str) -> discord.ui.View | None:
    """The buttons that go with a seat message (None for any other message)."""
    params = message.params
    game_id = params.get("game_id")
    view = discord.ui.View(timeout=None)
    if message.key in OFFER_KEYS and params.get("power") and game_id:
        view.add_item(ClaimSeat(game_id, str(params["power"]),
                                tr(lang, "seat.claim_button")))
        return view
    if message.key == CLAIM_KEY and params.get("claim_id"):
        view.add_item(DecideClaim("approve", int(params["claim_id"]),
                                  tr(lang, "seat.approve_button")))
        view.add_item(DecideClaim("refuse", int(params["claim_id"]),
                                  tr(lang, "seat.refuse_button")))
        return view
    return None


class Seats(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        self._reports: set[asyncio.Task[None]] = set()

    @app_commands.command(name="profile", description="A player's record: phases ordered on "
                                                      "time, missed, games finished and left")
    @app_commands.describe(user="whose record (default: yours)")
    async def profile(self, interaction: discord.Interaction,
                      user: discord.User | None = None) -> None:
        lang = await self.bot.language_of_interaction(interaction)
        who = user or interaction.user
        record = await self.bot.service.records.record(who.id)
        await reply(interaction, profile_text(lang, record, who.mention))

    # -- players the bot cannot reach -------------------------------------------------------
    def report_unreachable(self, user_id: int) -> None:
        """A DM to `user_id` was refused: find out why and tell the service (in a task of
        its own: the notifier may be called while the service is busy)."""
        task = asyncio.create_task(self._report(user_id), name=f"unreachable-{user_id}")
        self._reports.add(task)
        task.add_done_callback(self._reports.discard)

    async def _report(self, user_id: int) -> None:
        try:
            reason = "dm_closed"
            for guild_id in await self.bot.service.seating.guilds_of(user_id):
                guild = self.bot.get_guild(guild_id)
                if guild is not None and not await _is_member(guild, user_id):
                    reason = "left_server"
            await self.bot.service.seating.note_unreachable(user_id, reason)
        except Exception:  # a report must not die silently
            log.exception("reporting that user %s cannot be reached failed", user_id)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Someone left a server (delivered only with the Server Members intent, see
        docs/seats.md): the moderators of their games there are told."""
        await self.bot.service.seating.note_unreachable(payload.user.id, "left_server",
                                                        guild_id=payload.guild_id)


async def _is_member(guild: discord.Guild, user_id: int) -> bool:
    """Asked of Discord (GET /guilds/{id}/members/{user}: no privileged intent needed)."""
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return True          # cannot tell: the closed DMs are the likelier reason
    return True


async def setup(bot: ArbitroBot) -> None:
    bot.add_dynamic_items(ClaimSeat, DecideClaim)
    # the service's seat messages carry their buttons (bot.notifier asks by message key)
    bot.message_views.update(dict.fromkeys((*OFFER_KEYS, CLAIM_KEY), seat_view))
    await bot.add_cog(Seats(bot))
