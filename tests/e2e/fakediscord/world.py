"""The stand-in's state and the operations shared by REST, gateway and the test side: creating,
editing and deleting messages (and telling the bot over the gateway, as Discord does),
recording, and waiting for something to happen without sleeping blindly."""

from __future__ import annotations

import asyncio
import contextlib
import mimetypes
import re
import time
from collections.abc import Callable
from typing import Any, TypeVar

from . import gateway as gw
from .commands import CommandStore
from .models import (
    DM,
    EPHEMERAL,
    Attachment,
    Channel,
    FakeDiscordError,
    Guild,
    InjectedFailure,
    Interaction,
    Message,
    RecordedRequest,
    Snowflakes,
    User,
    iso_now,
)
from .ratelimit import GlobalRateLimit

T = TypeVar("T")
_USER_MENTION = re.compile(r"<@!?(\d+)>")


class World:
    def __init__(self, *, token: str, bot_name: str, heartbeat_interval_ms: int,
                 shard_count: int = 1) -> None:
        self.ids = Snowflakes()
        self.token = token
        self.bot = User(self.ids.next(), bot_name, bot=True)
        self.application_id = self.ids.next()
        self.owner = User(self.ids.next(), "app-owner")
        self.base_url = ""                  # http://127.0.0.1:PORT, set once listening
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: list[Message] = []
        self.interactions: dict[int, Interaction] = {}
        self.requests: list[RecordedRequest] = []
        self.failures: list[InjectedFailure] = []
        self.global_limit = GlobalRateLimit()   # off unless FakeDiscord(global_rate_limit=)
        self.events: list[tuple[str, dict[str, Any]]] = []   # every dispatch sent, in order
        self.commands = CommandStore(self.application_id, self.ids.next)
        self.gateway = gw.Gateway(token=token, heartbeat_interval_ms=heartbeat_interval_ms,
                                  ready_events=self._ready_events, on_event=self._saw_event,
                                  members_of=self._member_payloads, on_change=self.changed,
                                  shard_count=shard_count)
        self._changed = asyncio.Event()
        self.last_change = time.monotonic()

    # -- waiting ---------------------------------------------------------------------------

    def changed(self) -> None:
        """Wake everything waiting in `wait_until`; called after every recorded change."""
        self.last_change = time.monotonic()
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, check: Callable[[], T | None], *, timeout: float,
                         what: str) -> T:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = "\n  ".join(str(r) for r in self.requests[-8:]) or "(none)"
                raise FakeDiscordError(f"timed out after {timeout}s waiting for {what}; the "
                                       f"bot's last REST calls:\n  {recent}")
            event = self._changed
            with contextlib.suppress(TimeoutError):
                # Woken by any change here; the short cap also notices conditions on the
                # bot's side (its cache, its own state) that change without telling us.
                await asyncio.wait_for(event.wait(), min(remaining, 0.05))

    def _member_payloads(self, guild_id: int) -> list[dict[str, Any]]:
        guild = self.guilds.get(guild_id)
        return [m.payload() for m in guild.members.values()] if guild else []

    def _saw_event(self, name: str, data: dict[str, Any]) -> None:
        self.events.append((name, data))
        self.changed()

    # -- gateway ---------------------------------------------------------------------------

    def guilds_on_shard(self, shard_id: int) -> list[Guild]:
        return [g for g in self.guilds.values()
                if gw.shard_of(g.id, self.gateway.shard_count) == shard_id]

    def _ready_events(self, session: gw.Session) -> list[tuple[str, dict[str, Any]]]:
        guilds = self.guilds_on_shard(session.shard_id)
        ready = {"v": 10, "user": self.bot.payload(), "session_id": session.id,
                 "resume_gateway_url": self.gateway.url,
                 "shard": [session.shard_id, self.gateway.shard_count],
                 "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                 "application": {"id": str(self.application_id), "flags": 0},
                 "private_channels": [], "relationships": [], "user_settings": {},
                 "session_type": "normal", "auth": {}, "geo_ordered_rtc_regions": []}
        events = [("READY", ready)]
        if session.intents & gw.GUILDS:
            events += [("GUILD_CREATE", g.payload()) for g in guilds]
        return events

    # -- lookups ---------------------------------------------------------------------------

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between `user` and the bot, made on first use as Discord does."""
        if user.dm_channel_id is None:
            channel = Channel(self.ids.next(), name="", type=DM, recipient=user)
            self.channels[channel.id] = channel
            user.dm_channel_id = channel.id
        return self.channels[user.dm_channel_id]

    def message(self, message_id: int) -> Message | None:
        return next((m for m in reversed(self.messages) if m.id == message_id), None)

    def new_attachment(self, filename: str, data: bytes, *, content_type: str | None = None,
                       description: str | None = None) -> Attachment:
        if content_type is None:
            content_type = ("image/png" if data.startswith(b"\x89PNG")
                            else mimetypes.guess_type(filename)[0] or "application/octet-stream")
        return Attachment(self.ids.next(), filename, data, content_type, description)

    # -- messages --------------------------------------------------------------------------

    def _mentions(self, content: str,
                  allowed: dict[str, Any] | None = None) -> list[User]:
        """The users a message notifies, as Discord fills `mentions`: those written as
        mentions in its content, narrowed by the sender's `allowed_mentions` (absent: all;
        `parse` without "users": only the ids listed in `users`)."""
        found = (self.users.get(int(i)) for i in _USER_MENTION.findall(content))
        users = [u for u in dict.fromkeys(found) if u is not None]
        if allowed is None or "users" in (allowed.get("parse") or []):
            return users
        listed = {int(i) for i in allowed.get("users") or []}
        return [u for u in users if u.id in listed]

    async def post(self, channel: Channel, author: User, content: str = "", *,
                   embeds: list[dict[str, Any]] | None = None,
                   components: list[dict[str, Any]] | None = None,
                   attachments: list[Attachment] | None = None, flags: int = 0,
                   interaction: Interaction | None = None,
                   reference_id: int | None = None,
                   allowed_mentions: dict[str, Any] | None = None) -> Message:
        """Store a message and, unless it is ephemeral, dispatch MESSAGE_CREATE to the bot."""
        message = Message(self.ids.next(), channel, author, content, embeds or [],
                          components or [], attachments or [], flags,
                          interaction=interaction,
                          reference_id=reference_id,
                          mentions=self._mentions(content, allowed_mentions))
        self.messages.append(message)
        self.changed()
        if not message.ephemeral:
            await self._dispatch_message("MESSAGE_CREATE", message)
        return message

    async def _dispatch_message(self, event: str, message: Message) -> None:
        guild = self.guild_of(message.channel)
        data = message.payload(self.base_url, guild)
        if guild is None:
            await self.gateway.dispatch(event, data, intent=gw.DIRECT_MESSAGES)
            return
        # Without MESSAGE_CONTENT a bot still reads its own messages and those mentioning it.
        exempt = message.author.id == self.bot.id or self.bot in message.mentions
        await self.gateway.dispatch(event, data, intent=gw.GUILD_MESSAGES,
                                    content_intent_needed=not exempt)

    async def edit(self, message: Message, body: dict[str, Any],
                   new_files: list[tuple[str, bytes]]) -> Message:
        """Apply a PATCH body: fields present replace the old ones; `attachments` lists the
        old attachments to keep (by id) and the new uploads (by index). What it showed
        before is kept in `message.earlier`."""
        message.earlier.append((message.content, list(message.embeds),
                                list(message.components), list(message.attachments)))
        if "content" in body:
            message.content = body["content"] or ""
            message.mentions = self._mentions(message.content, body.get("allowed_mentions"))
        for key in ("embeds", "components"):
            if key in body:
                setattr(message, key, body[key] or [])
        if "flags" in body and body["flags"] is not None:
            message.flags = (message.flags & EPHEMERAL) | (int(body["flags"]) & ~EPHEMERAL)
        if "attachments" in body or new_files:
            kept = {str(a.id): a for a in message.attachments}
            wanted = body.get("attachments")
            if wanted is None:
                result = list(message.attachments)
                result += [self.new_attachment(n, d) for n, d in new_files]
            else:
                result = []
                for entry in wanted:
                    if str(entry["id"]) in kept:
                        result.append(kept[str(entry["id"])])
                    elif str(entry["id"]).isdigit() and int(entry["id"]) < len(new_files):
                        name, data = new_files[int(entry["id"])]
                        result.append(self.new_attachment(entry.get("filename", name), data,
                                                          description=entry.get("description")))
            message.attachments = result
        message.edited_timestamp = iso_now()
        self.changed()
        if not message.ephemeral:
            await self._dispatch_message("MESSAGE_UPDATE", message)
        return message

    async def delete(self, message: Message) -> None:
        message.deleted = True
        self.changed()
        if message.ephemeral:
            return
        data = {"id": str(message.id), "channel_id": str(message.channel.id)}
        guild = self.guild_of(message.channel)
        if guild is not None:
            data["guild_id"] = str(guild.id)
        intent = gw.GUILD_MESSAGES if guild else gw.DIRECT_MESSAGES
        await self.gateway.dispatch("MESSAGE_DELETE", data, intent=intent)

    # -- attachments from message bodies ---------------------------------------------------

    def attachments_for(self, body: dict[str, Any],
                        files: list[tuple[str, bytes]]) -> list[Attachment]:
        """The uploads of a new message, named as the payload's `attachments` list says."""
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        result = []
        for index, (filename, data) in enumerate(files):
            meta = described.get(str(index), {})
            result.append(self.new_attachment(meta.get("filename", filename), data,
                                              description=meta.get("description")))
        return result
