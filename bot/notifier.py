"""The service's `Notifier`, implemented with Discord: channel posts (results, maps, reminders,
announcements) and direct messages, each in its reader's language and within Discord's limits.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.guild_facts import post_language
from bot.i18n import tr
from bot.limits import DEFAULT_UPLOAD_LIMIT, split_blocks
from bot.messages import render_message
from bot.roster import is_roster, post_roster
from service.notifier import ChannelUnavailable, Message

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)


class DiscordNotifier:
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot

    async def post(self, channel_id: int, message: Message) -> None:
        """Post to a game's channel. A channel that is gone, or where the bot may not write,
        is logged as an error and raised as ChannelUnavailable (a moderator must fix it: the
        service tells them and tries again later); other failures (Discord down) are raised
        as they are, so the service announces the phase again at its next run."""
        channel = self.bot.get_channel(channel_id)
        try:
            if channel is None:
                channel = await self.bot.fetch_channel(channel_id)
            await self._post(channel, message)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.error("cannot post %s to channel %s: %s (the bot needs View Channel, Send "
                      "Messages and Attach Files there)", message.key, channel_id, exc)
            # the service keeps the results unannounced, tells the moderator, tries later
            raise ChannelUnavailable(f"channel {channel_id}: {exc}") from exc
        finally:
            channels = self.bot.get_cog("Channels")
            if channels is not None:        # a game's own channels follow (bot/cogs/channels.py)
                await channels.after_post(channel_id, message)  # type: ignore[attr-defined]

    async def _post(self, channel: Any, message: Message) -> None:
        # the server's language and upload limit, also when this process does not have the
        # server in its cache (another process's shard: bot/guild_facts.py)
        facts = await self.bot.guild_facts.for_channel(channel)
        lang = post_language(facts, message.lang)
        blocks = await render_message(self.bot, message, lang)
        if is_roster(message):      # one message per game, edited (bot/roster.py)
            await post_roster(self.bot, channel, message, lang, " ".join(blocks))
            return
        view = self._buttons(message, lang)
        await send_pieces(channel, blocks, message, lang, facts.upload_limit, view=view)
        log.info("posted %s to channel %s (%d characters%s)", message.key, channel.id,
                 sum(map(len, blocks)), f", {message.image_name}" if message.image else "")

    async def send_private(self, user_id: int, message: Message) -> None:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            lang = await self.bot.language_of_user(user_id)
            blocks = await render_message(self.bot, message, lang)
            channel = user.dm_channel or await user.create_dm()
            view = self._buttons(message, lang)
            await send_pieces(channel, blocks, message, lang, DEFAULT_UPLOAD_LIMIT, view=view)
        except discord.Forbidden:
            log.warning("user %s does not accept direct messages: %s not delivered", user_id,
                        message.key)
            seats = self.bot.get_cog("Seats")
            if seats is not None:           # the moderator hears of it (bot/cogs/seats.py)
                seats.report_unreachable(user_id)  # type: ignore[attr-defined]
            return
        except discord.HTTPException:
            log.exception("direct message %s to user %s failed", message.key, user_id)
            return
        await self.bot.service.seating.note_reachable(user_id)

    def _buttons(self, message: Message, lang: str) -> discord.ui.View | None:
        """The buttons a cog registered for this kind of message (`bot.message_views`)."""
        make = getattr(self.bot, "message_views", {}).get(message.key)
        return make(message, lang) if make is not None else None


async def send_pieces(channel: discord.abc.Messageable, blocks: list[str], message: Message,
                      lang: str, upload_limit: int,
                      view: discord.ui.View | None = None) -> list[discord.Message]:
    """Send the text in as many messages as it needs, the image and the buttons (`view`) with
    the last one (the image alone, with a note, when it is over the channel's upload limit:
    never silently dropped)."""
    pieces = split_blocks(blocks) or [""]
    file: discord.File | None = None
    if message.image is not None:
        if len(message.image) <= upload_limit:
            file = discord.File(io.BytesIO(message.image),
                                filename=message.image_name or "arbitro-map.png")
        else:
            pieces.extend(split_blocks([tr(lang, "map.too_large", size=len(message.image))]))
    sent = []
    mentions = (discord.AllowedMentions(everyone=False, roles=False, users=True)
                if message.ping else discord.AllowedMentions.none())
    for index, piece in enumerate(pieces):
        extra: dict[str, Any] = {"allowed_mentions": mentions}
        if file is not None and index == len(pieces) - 1:
            extra["file"] = file
        if view is not None and index == len(pieces) - 1:
            extra["view"] = view
        if not piece and "file" not in extra:
            continue
        sent.append(await channel.send(piece or None, **extra))
    return sent
