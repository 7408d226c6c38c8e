"""The service's `Notifier`, implemented with Discord: channel posts (results, maps, reminders,
announcements) and direct messages, each in its reader's language and within Discord's limits.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import tr
from bot.limits import DEFAULT_UPLOAD_LIMIT, split_blocks
from bot.messages import render_message
from service.notifier import Message

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)


REMINDER_GATHERING = 1.0   # seconds to gather one round of reminder DMs into a channel post


class DiscordNotifier:
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        # The service reminds each player by DM; the channel gets one post per round that
        # mentions them all: (game name, phase) -> (user ids, the deadline).
        self._reminded: dict[tuple[str, str], tuple[list[int], Any]] = {}

    async def post(self, channel_id: int, message: Message) -> None:
        """Post to a game's channel. A channel that is gone, or where the bot may not write,
        is logged as an error (a moderator must fix the permissions: retrying cannot); other
        failures (Discord down) are raised, so the service announces the phase again later."""
        channel = self.bot.get_channel(channel_id)
        try:
            if channel is None:
                channel = await self.bot.fetch_channel(channel_id)
            await self._post(channel, message)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.error("cannot post %s to channel %s: %s (the bot needs View Channel, Send "
                      "Messages and Attach Files there)", message.key, channel_id, exc)

    async def _post(self, channel: Any, message: Message) -> None:
        lang = self.bot.language_of_channel(channel)
        blocks = await render_message(self.bot, message, lang)
        upload_limit = getattr(getattr(channel, "guild", None), "filesize_limit",
                               DEFAULT_UPLOAD_LIMIT)
        await send_pieces(channel, blocks, message, lang, upload_limit)
        log.info("posted %s to channel %s (%d characters%s)", message.key, channel.id,
                 sum(map(len, blocks)), f", {message.image_name}" if message.image else "")

    async def send_private(self, user_id: int, message: Message) -> None:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            lang = await self.bot.language_of_user(user_id)
            blocks = await render_message(self.bot, message, lang)
            channel = user.dm_channel or await user.create_dm()
            await send_pieces(channel, blocks, message, lang, DEFAULT_UPLOAD_LIMIT)
        except discord.Forbidden:
            log.warning("user %s does not accept direct messages: %s not delivered", user_id,
                        message.key)
        except discord.HTTPException:
            log.exception("direct message %s to user %s failed", message.key, user_id)
        if message.key == "reminder":
            self._gather_reminder(user_id, message)

    def _gather_reminder(self, user_id: int, message: Message) -> None:
        key = (str(message.params.get("game", "")), str(message.params.get("phase", "")))
        if key in self._reminded:
            self._reminded[key][0].append(user_id)
            return
        self._reminded[key] = ([user_id], message.params.get("deadline"))
        self.bot.loop.create_task(self._post_reminder(key), name="arbitro-reminder")

    async def _post_reminder(self, key: tuple[str, str]) -> None:
        await asyncio.sleep(REMINDER_GATHERING)
        users, deadline = self._reminded.pop(key)
        game_name, phase = key
        try:
            games = [g for g in await self.bot.service.games_of_user(users[0])
                     if g.name == game_name and g.phase == phase]
        except Exception:  # noqa: BLE001 - the DMs went out; the channel post is a courtesy
            log.exception("cannot find the channel of game %r for its reminder", game_name)
            return
        for game in games[:1]:
            await self.post(game.channel_id, Message(
                "reminder.channel", f"{game_name}: the deadline for {phase} is near; still "
                "owing orders: " + " ".join(f"<@{u}>" for u in users),
                {"game": game_name, "phase": phase, "deadline": deadline, "users": users}))


async def send_pieces(channel: discord.abc.Messageable, blocks: list[str], message: Message,
                      lang: str, upload_limit: int) -> list[discord.Message]:
    """Send the text in as many messages as it needs, the image with the last one (or alone,
    with a note, when it is over the channel's upload limit: never silently dropped)."""
    pieces = split_blocks(blocks) or [""]
    file: discord.File | None = None
    if message.image is not None:
        if len(message.image) <= upload_limit:
            file = discord.File(io.BytesIO(message.image),
                                filename=message.image_name or "arbitro-map.png")
        else:
            pieces.extend(split_blocks([tr(lang, "map.too_large", size=len(message.image))]))
    sent = []
    for index, piece in enumerate(pieces):
        extra: dict[str, Any] = {}
        if file is not None and index == len(pieces) - 1:
            extra["file"] = file
        if not piece and "file" not in extra:
            continue
        sent.append(await channel.send(piece or None, **extra))
    return sent
