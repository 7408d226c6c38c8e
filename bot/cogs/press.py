"""Press between powers (docs/press.md): `/press send` relays a message to another power's
player by private message, signed by the sending power or, where the game allows grey press,
unsigned. The rules are the service's (service/press/press.py); the answer is private either way."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import reply
from bot.choosing import game_autocomplete, parse_power, power_autocomplete, resolve_game
from bot.formatting import clean, power_name
from bot.i18n import tr

if TYPE_CHECKING:
    from bot.app import ArbitroBot

GAME = "the game (default: your only game here)"


class Press(commands.GroupCog, group_name="press",
            group_description="Talk to the other powers, as your game allows"):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="send", description="Send a message to another power's player, "
                                                   "through the bot")
    @app_commands.describe(to="the power you write to", text="your message",
                           anonymous_sender="leave the message unsigned (only where the game "
                                            "allows grey press)",
                           as_power="if you play several powers: the one that speaks",
                           game=GAME)
    @app_commands.autocomplete(to=power_autocomplete, as_power=power_autocomplete,
                               game=game_autocomplete())
    async def send(self, interaction: discord.Interaction, to: str,
                   text: app_commands.Range[str, 1, 1500], anonymous_sender: bool = False,
                   as_power: str | None = None, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        sent = await self.bot.service.press.send(
            view.id, interaction.user.id, parse_power(to, view.settings.board), clean(text),
            signed=not anonymous_sender,
            from_power=parse_power(as_power, view.settings.board) if as_power else None)
        # "sent" only when Discord took it; else kept (delivered later, the sender told
        # then) or refused for good by the reader's settings (service/notices/outbox.py)
        key = {"pending": "press.queued", "failed": "press.undeliverable"}.get(
            sent.delivery, "press.sent" if sent.signed else "press.sent_grey")
        await reply(interaction, tr(lang, key, game=sent.game,
                                    to_power=power_name(lang, sent.to_power),
                                    power=power_name(lang, sent.from_power)))

    @app_commands.command(name="open", description="Open a private channel between your power "
                                                   "and others, where the game allows it")
    @app_commands.describe(with_="the power to talk with", also="a third power (optional)",
                           as_power="if you play several powers: the one that speaks",
                           game=GAME)
    @app_commands.rename(with_="with")
    @app_commands.autocomplete(with_=power_autocomplete, also=power_autocomplete,
                               as_power=power_autocomplete, game=game_autocomplete())
    @app_commands.guild_only()
    async def open(self, interaction: discord.Interaction, with_: str, also: str | None = None,
                   as_power: str | None = None, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        board = view.settings.board
        others = [parse_power(with_, board)] + ([parse_power(also, board)] if also else [])
        room = await self.bot.service.press.room_for(
            view.id, interaction.user.id, others,
            from_power=parse_power(as_power, board) if as_power else None)
        guild = interaction.guild
        assert guild is not None
        channel_lang = room.language or lang
        names = [power_name(channel_lang, p) for p in room.powers]
        hidden = discord.PermissionOverwrite(view_channel=False)
        talk = discord.PermissionOverwrite(view_channel=True, read_message_history=True,
                                           send_messages=True)
        overwrites: dict = {guild.default_role: hidden, guild.me: talk}
        roles = [guild.get_role(r) for r in room.role_ids]
        if any(role is None for role in roles):       # deleted by hand since /mod setup
            await reply(interaction, tr(lang, "press.no_channels", game=room.game))
            return
        overwrites.update({role: talk for role in roles})
        overwrites[discord.Object(id=room.moderator_id)] = talk
        category = guild.get_channel(room.category_id)
        channel = await guild.create_text_channel(
            "-".join(["press", *names]).lower()[:100], overwrites=overwrites,
            category=category if isinstance(category, discord.CategoryChannel) else None,
            reason=f"Arbitro: press in game {view.id}")
        await channel.send(tr(channel_lang, "press.channel_intro", game=room.game,
                              powers=", ".join(names)))
        await reply(interaction, tr(lang, "press.opened", game=room.game,
                                    channel=channel.mention))


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(Press(bot))
