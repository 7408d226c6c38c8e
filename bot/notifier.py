"""The service's `Notifier`, implemented with Discord: channel posts (results, maps, reminders,
announcements) and direct messages, each in its reader's language and within Discord's limits.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.game_layout import MissingPermissions
from bot.guild_facts import post_language
from bot.i18n import language_of, tr
from bot.limits import DEFAULT_UPLOAD_LIMIT, split_blocks
from bot.map_files import map_file
from bot.messages import render_message
from bot.roster import is_roster, post_roster
from engine.vocabulary import Power
from service.notices.notifier import ChannelUnavailable, Message, Undeliverable

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)


class DiscordNotifier:
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        self._maps: dict[tuple[int, str], Any] = {}    # (game, phase): its map (MapImage)

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
        """A direct message. A user who does not accept the bot's messages (or is unknown,
        or a request Discord refuses as it is) raises Undeliverable: the outbox records it
        and gives up. Anything else (Discord down, a 5xx, rate limits) is raised as it is,
        and the outbox tries again."""
        if message.game_id is not None and await self._to_room(user_id, message):
            return
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            lang = await self._reader_language(user_id, message)
            blocks = await render_message(self.bot, message, lang)
            channel = user.dm_channel or await user.create_dm()
            view = self._buttons(message, lang)
            await send_pieces(channel, blocks, message, lang, DEFAULT_UPLOAD_LIMIT, view=view)
        except discord.Forbidden as exc:
            log.warning("user %s does not accept direct messages: %s not delivered", user_id,
                        message.key)
            seats = self.bot.get_cog("Seats")
            if seats is not None:           # the moderator hears of it (bot/cogs/seats.py)
                seats.report_unreachable(user_id)  # type: ignore[attr-defined]
            raise Undeliverable(f"user {user_id}: {exc.status}") from exc
        except discord.HTTPException as exc:
            if 400 <= exc.status < 500 and exc.status != 429:
                log.warning("direct message %s to user %s refused: %s", message.key,
                            user_id, exc.status)
                raise Undeliverable(f"user {user_id}: {exc.status}") from exc
            log.warning("direct message %s to user %s failed (%s); it will be tried again",
                        message.key, user_id, exc.status)
            raise
        await self.bot.service.seating.note_reachable(user_id)

    async def role_members(self, guild_id: int, role_id: int) -> list[int]:
        """The members holding a role whom this process knows (fault reports go to the
        server's moderator role too, `Outbox.moderators_of`): those in its member cache,
        which holds every member only with the members intent (`members_intent`); without
        it, only those seen lately. Bots are left out; a server of another process's shard
        gives none."""
        guild = self.bot.get_guild(guild_id)
        role = guild.get_role(role_id) if guild is not None else None
        return [m.id for m in role.members if not m.bot] if role is not None else []

    async def _to_room(self, user_id: int, message: Message) -> bool:
        """A private notice about a game with its own channels goes to the reader's power's
        channel, naming them, in their language, with the channel's Orders button, unless
        they asked for direct messages (`GameChannels.notice_room`, docs/channels.md). False:
        send it by DM (also when the channel refuses it: the notice is not lost)."""
        assert message.game_id is not None
        try:
            room = await self.bot.service.game_channels.notice_room(
                message.game_id, user_id, _power_of(message))
            if room is None:
                return False
            channels = self.bot.get_cog("Channels")
            if channels is not None and message.key == "game.briefing":
                # a newly seated player sees the channel before they are named in it
                await channels.build(message.game_id)  # type: ignore[attr-defined]
            channel = (self.bot.get_channel(room.channel_id)
                       or await self.bot.fetch_channel(room.channel_id))
            lang = await self._reader_language(user_id, message)
            # it names its reader, who alone is notified (bot/notifier.py `pinged`)
            shown = replace(message, ping=True,
                            params={**message.params, "room": room.game_channel_id,
                                    "user_id": user_id})
            if message.key == "turn.notice" and message.image is None:
                shown = await self._with_map(shown, user_id)
            blocks = await render_message(self.bot, shown, lang)
            blocks = [f"<@{user_id}> {blocks[0]}", *blocks[1:]] if blocks else [f"<@{user_id}>"]
            facts = await self.bot.guild_facts.for_channel(channel)
            view = self._buttons(shown, lang) or _orders_button(message, room.power, lang)
            await send_pieces(channel, blocks, shown, lang, facts.upload_limit, view=view)
        except (discord.HTTPException, MissingPermissions) as exc:
            log.warning("the power channel refused %s for user %s (%s): sent by DM",
                        message.key, user_id, exc)
            return False
        except Exception:  # noqa: BLE001 - the notice goes by DM rather than not at all
            log.exception("posting %s for user %s in their power's channel failed: sent by "
                          "DM", message.key, user_id)
            return False
        log.info("sent %s for user %s to their power's channel %s", message.key, user_id,
                 room.channel_id)
        return True

    async def _with_map(self, message: Message, user_id: int) -> Message:
        """A "your turn" in a power's channel comes with the map of the phase it opens (one
        drawing per game and phase, whoever it goes to; with its deadline, so that a phase
        opened again after a rollback is drawn again; in a fog game, one per player: what
        they see)."""
        assert message.game_id is not None
        key = (message.game_id, f"{message.params.get('phase')} "
                                f"{message.params.get('deadline')}")
        try:
            if (await self.bot.service.games.status(message.game_id)).settings.fog:
                key = (key[0], f"{key[1]} {user_id}")
            if key not in self._maps:
                if len(self._maps) >= 16:
                    self._maps.pop(next(iter(self._maps)))
                self._maps[key] = await self.bot.service.maps.current(message.game_id,
                                                                      viewer=user_id)
            image = self._maps[key]
        except Exception:  # noqa: BLE001 - the notice goes without its map rather than not
            log.exception("drawing the map of game %s for a power's channel failed", key[0])
            return message
        return replace(message, image=image.png, image_name=image.filename)

    async def _reader_language(self, user_id: int, message: Message) -> str:
        """The reader's language; for one the bot has never seen, that of the game the message
        is about (its own, else its server's), else English."""
        known = await self.bot.known_language(user_id)
        if known:
            return known
        if message.lang:
            return language_of(message.lang)
        if message.guild_id is not None:
            return language_of((await self.bot.guild_facts.for_guild(message.guild_id)).locale)
        return language_of(None)

    def _buttons(self, message: Message, lang: str) -> discord.ui.View | None:
        """The buttons a cog registered for this kind of message (`bot.message_views`)."""
        make = getattr(self.bot, "message_views", {}).get(message.key)
        return make(message, lang) if make is not None else None


def _power_of(message: Message) -> Power | None:
    """The power a notice is about (its channel carries it), when it names one."""
    params = message.params
    named = params.get("to_power") or (params.get("powers") or [None])[0] \
        or next((d.get("power") for d in params.get("duties") or ()), None) \
        or next(iter(params.get("missing") or {}), None) or params.get("power")
    try:
        return Power.read(named) if isinstance(named, str) else None
    except ValueError:
        return None


def _orders_button(message: Message, power: Power, lang: str) -> discord.ui.View | None:
    """The power channel's Orders button, under a notice that asks for orders."""
    if message.key not in ("turn.notice", "game.briefing"):
        return None
    from bot.cogs.channels import OrdersButton  # (the cog builds on this module)
    view = discord.ui.View(timeout=None)
    assert message.game_id is not None
    view.add_item(OrdersButton(message.game_id, power, tr(lang, "channels.orders_button")))
    return view


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
            file = map_file(message.image, message.image_name or "arbitro-map.png", lang)
        else:
            pieces.extend(split_blocks([tr(lang, "map.too_large", size=len(message.image))]))
    sent = []
    mentions = pinged(message)
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


def pinged(message: Message) -> discord.AllowedMentions:
    """Who a post may notify: a pinging message (a reminder, a vote, "your turn") the users it
    is for (its `users` and `user_id`: ids the service chose) and nobody else, whatever its text mentions (a
    reason or a name a user typed); any other message nobody."""
    if not message.ping:
        return discord.AllowedMentions.none()
    params = message.params
    listed = list(params.get("users") or []) + ([params["user_id"]] if params.get("user_id")
                                                 else [])
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(int(u)) for u in listed])
