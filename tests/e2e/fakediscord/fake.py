"""`FakeDiscord`: the server's lifecycle and the API the end-to-end tests use (see the package
docstring for a walk-through)."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from . import gateway as gw
from .commands import (
    Resolved,
    build_command_data,
    check_member_can_use,
)
from .components import click_data, interaction_payload, modal_submission
from .interaction_routes import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL_SUBMIT
from .models import (
    BOT_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    MANAGE_GUILD,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Channel,
    FakeDiscordError,
    Guild,
    InjectedFailure,
    Interaction,
    Member,
    Message,
    RecordedRequest,
    Response,
    Role,
    User,
    check_locale,
)
from .rest import RestApi
from .world import World


class FakeDiscord:
    """A local stand-in for Discord's REST API and gateway, on 127.0.0.1 at a free port.

    `timeout` bounds every `wait_*` call; `response_deadline` is how long the bot has to give
    an interaction its first answer (3 s on Discord); `heartbeat_interval_ms` is sent in HELLO;
    `shard_count` is the number of shards GET /gateway/bot recommends and every connection
    must identify with (see gateway.py for how events are routed to shards);
    `global_rate_limit`: requests per second the bot may make in all, across every connection
    and process (Discord's is 50; None: unlimited, see ratelimit.py).
    """

    def __init__(self, *, bot_name: str = "Arbitro", timeout: float = 15.0,
                 response_deadline: float = 3.0, heartbeat_interval_ms: int = 41_250,
                 shard_count: int = 1, global_rate_limit: int | None = None) -> None:
        if shard_count < 1:
            raise ValueError("shard_count must be 1 or more")
        self.token = "fake." + secrets.token_urlsafe(24)
        self.timeout = timeout
        self.shard_count = shard_count
        self.world = World(token=self.token, bot_name=bot_name,
                           heartbeat_interval_ms=heartbeat_interval_ms, shard_count=shard_count)
        self.world.global_limit.per_second = global_rate_limit
        self._rest = RestApi(self.world, response_deadline=response_deadline)
        self._runner: web.AppRunner | None = None
        self.api_base = ""

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(middlewares=[self._rest.middleware], client_max_size=64 * 2**20)
        app.add_routes(self._rest.routes())
        app.add_routes([web.get("/gateway", self.world.gateway.handle),
                        web.get(r"/attachments/{channel_id:\d+}/{attachment_id:\d+}/{filename}",
                                self._rest.attachment)])
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]   # the port the OS chose
        self.world.base_url = f"http://127.0.0.1:{port}"
        self.world.gateway.url = f"ws://127.0.0.1:{port}/gateway"
        self.api_base = f"{self.world.base_url}/api/v10"
        return self

    async def stop(self) -> None:
        await self.world.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- the world -------------------------------------------------------------------------

    def shard_of(self, guild: Guild) -> int:
        """The shard whose connection receives `guild`'s events."""
        return gw.shard_of(guild.id, self.shard_count)

    @property
    def response_deadline(self) -> float:
        """Seconds the bot has to give an interaction its first answer (3 on Discord)."""
        return self._rest.interactions.response_deadline

    @response_deadline.setter
    def response_deadline(self, seconds: float) -> None:
        self._rest.interactions.response_deadline = seconds

    @property
    def gateway_url(self) -> str:
        """The websocket URL (also the answer of GET /gateway/bot)."""
        return self.world.gateway.url

    @property
    def bot(self) -> User:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    def add_user(self, name: str, locale: str = "en-US") -> User:
        """A Discord user whose client reports `locale` ("en-US", "it", "nl", ...)."""
        user = User(self.world.ids.next(), name, check_locale(locale))
        self.world.users[user.id] = user
        return user

    def add_guild(self, name: str, *, locale: str = "en-US",
                  bot_permissions: int = BOT_PERMISSIONS, shard: int | None = None) -> Guild:
        """A guild owned by a user of its own, with the bot as a member through a managed
        role with `bot_permissions` (by default the usual ones of an invited bot, without
        Administrator: channel overwrites apply to it). `shard`: give it an id that lands on
        that shard, (id >> 22) % shard_count (`shard_of(guild)` tells any guild's)."""
        owner = self.add_user(f"{name}-owner")
        guild_id = (self.world.ids.next() if shard is None
                    else self.world.ids.next_on_shard(shard, self.shard_count))
        guild = Guild(guild_id, name, owner, check_locale(locale))
        guild.roles[guild.id] = Role(guild.id, guild.id, "@everyone", EVERYONE_PERMISSIONS, 0)
        self.world.guilds[guild.id] = guild
        guild.members[owner.id] = Member(owner, guild.id)
        bot_role = Role(self.world.ids.next(), guild.id, self.bot.name, bot_permissions,
                        managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = Member(self.bot, guild.id, [bot_role.id])
        self._announce("GUILD_CREATE", guild.payload(), gw.GUILDS)
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(self.world.ids.next(), name, guild_id=guild.id,
                          position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.world.channels[channel.id] = channel
        self._announce("CHANNEL_CREATE", channel.payload(), gw.GUILDS)
        return channel

    def add_role(self, guild: Guild, name: str, *, permissions: int = 0) -> Role:
        role = Role(self.world.ids.next(), guild.id, name, permissions, len(guild.roles))
        guild.roles[role.id] = role
        self._announce("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()},
                       gw.GUILDS)
        return role

    def add_member(self, guild: Guild, user: User, *, roles: tuple[Role, ...] | list[Role] = (),
                   manage_guild: bool = False) -> Member:
        """Make `user` a member; `manage_guild` gives them a role with Manage Server."""
        role_ids = [r.id for r in roles]
        if manage_guild:
            role = guild.role_named("Server managers") or self.add_role(
                guild, "Server managers", permissions=MANAGE_GUILD)
            role_ids.append(role.id)
        member = Member(user, guild.id, role_ids)
        guild.members[user.id] = member
        user.left_every_guild = False
        self._announce("GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)},
                       gw.GUILD_MEMBERS)
        return member

    def remove_member(self, guild: Guild, user: User) -> None:
        """`user` leaves the guild (GUILD_MEMBER_REMOVE). Discord refuses the bot's DMs to a
        user who shares no server with it any more (403, code 50007), as to closed DMs."""
        del guild.members[user.id]
        user.left_every_guild = not any(user.id in g.members for g in self.world.guilds.values())
        self._announce("GUILD_MEMBER_REMOVE", {"guild_id": str(guild.id),
                                               "user": user.payload()}, gw.GUILD_MEMBERS)

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes `channel` (CHANNEL_DELETE); the bot's posts to it then get
        404, code 10003."""
        guild = self.world.guild_of(channel)
        if guild is None:
            raise FakeDiscordError("only guild channels can be deleted")
        del guild.channels[channel.id]
        del self.world.channels[channel.id]
        self._announce("CHANNEL_DELETE", channel.payload(), gw.GUILDS)

    def _announce(self, event: str, data: dict[str, Any], intent: int) -> None:
        """Tell a connected bot about a change made by the test (a bot that identifies later
        gets it in READY and GUILD_CREATE)."""
        if self.world.gateway.sessions:
            self.world.gateway.announce(event, data, intent=intent)

    def set_overwrite(self, channel: Channel, target: Role | User, *, allow: int = 0,
                      deny: int = 0) -> None:
        """Allow or deny permissions (bits of `discord.Permissions`, e.g.
        `discord.Permissions(send_messages=True).value`) in `channel` for a role or a member,
        the bot included; the bot gets CHANNEL_UPDATE."""
        kind = 0 if isinstance(target, Role) else 1
        channel.overwrites[target.id] = (kind, allow, deny)
        self._announce("CHANNEL_UPDATE", channel.payload(), gw.GUILDS)

    def close_dms(self, user: User) -> None:
        """`user` does not accept DMs from the bot: sending one fails with 403, code 50007."""
        user.accepts_dms = False

    def fail_next(self, method: str, path: str, *, status: int = 500, code: int = 0,
                  message: str = "Internal Server Error", times: int = 1,
                  retry_after: float | None = None) -> None:
        """The next `times` REST calls `method` to a path matching the regular expression
        `path` (after /api/v10, e.g. r"/channels/\\d+/messages") get this error instead.
        `status=429` with `retry_after` is a rate limit discord.py waits out and retries."""
        body: dict[str, Any] = {"message": message, "code": code}
        if retry_after is not None:
            body |= {"retry_after": retry_after, "global": False}
        self.world.failures.append(InjectedFailure(method.upper(), re.compile(path), status,
                                                   body, times, retry_after))

    async def force_reconnect(self) -> None:
        """Send opcode 7 (RECONNECT): the client drops the connection and resumes."""
        await self.world.gateway.reconnect_all()

    # -- waiting for the bot ---------------------------------------------------------------

    async def wait_until_ready(self, timeout: float | None = None, *,
                               shards: tuple[int, ...] | list[int] | range | None = None) -> None:
        """Until a bot is connected and has been sent READY and every GUILD_CREATE (or has
        resumed). After a bot restart this waits for the new connection. `shards`: until
        each of these shards has such a connection."""
        sessions = self.world.gateway.sessions

        def ready() -> bool:
            live = {s.shard_id for s in sessions.values() if s.live}
            return set(shards) <= live if shards is not None else bool(live)
        await self.world.wait_until(ready, timeout=timeout or self.timeout,
                                    what=f"the bot to IDENTIFY (shards {shards or 'any'})")

    async def wait_for_commands(self, guild: Guild | None = None, *, names: tuple[str, ...] = (),
                                timeout: float | None = None) -> list[dict[str, Any]]:
        """Until the bot has synced commands to `guild` (None: globally), including `names`."""
        def synced() -> list[dict[str, Any]] | None:
            commands = self.world.commands.scope(guild.id if guild else None)
            have = {c["name"] for c in commands}
            return commands if commands and set(names) <= have else None
        return await self.world.wait_until(synced, timeout=timeout or self.timeout,
                                           what=f"commands {names or ''} to be synced")

    async def settle(self, quiet: float = 0.3, *, timeout: float | None = None) -> None:
        """Until neither the bot nor the stand-in has done anything for `quiet` seconds: for
        asserting that something did *not* happen without sleeping a guessed time."""
        await self.world.wait_until(
            lambda: time.monotonic() - self.world.last_change >= quiet,
            timeout=timeout or self.timeout, what=f"{quiet}s without activity")

    async def wait_for_message(self, predicate: Callable[[Message], bool] = lambda m: True, *,
                               channel: Channel | None = None, after: Message | None = None,
                               timeout: float | None = None) -> Message:
        """The first message by the bot (optionally in `channel`, posted after `after`) that
        satisfies `predicate`; waits for it if it has not come yet."""
        def found() -> Message | None:
            return next((m for m in self._bot_messages(channel, after) if predicate(m)), None)
        return await self.world.wait_until(found, timeout=timeout or self.timeout,
                                           what="a bot message matching the predicate"
                                                + (f" in #{channel.name}" if channel else ""))

    async def wait_for_dm(self, user: User, predicate: Callable[[Message], bool] = lambda m: True,
                          *, after: Message | None = None, timeout: float | None = None) -> Message:
        return await self.wait_for_message(predicate, channel=self.world.dm_channel(user),
                                           after=after, timeout=timeout)

    async def wait_for_response(self, interaction: Interaction,
                                predicate: Callable[[Response], bool] = lambda r: True, *,
                                timeout: float | None = None) -> Response:
        """The first answer to `interaction` satisfying `predicate` (a deferral counts as an
        answer: pass a predicate such as `lambda r: r.kind == "followup"` to wait past it)."""
        return await self.world.wait_until(
            lambda: next((r for r in interaction.responses if predicate(r)), None),
            timeout=timeout or self.timeout, what=f"an answer to interaction {interaction.id}")

    # -- acting as users -------------------------------------------------------------------

    def _require_bot(self) -> None:
        # Without this a test acting before the bot connected would wait for a reply that
        # can never come, and fail far from the cause.
        if not self.world.gateway.sessions:
            raise FakeDiscordError("no bot is connected to the gateway (start it and "
                                   "`await fake.wait_until_ready()` first)")

    async def send_dm(self, user: User, content: str,
                      files: list[tuple[str, bytes]] | None = None) -> Message:
        """`user` writes to the bot in private, optionally attaching `files`
        [(filename, bytes)]; the bot gets MESSAGE_CREATE."""
        self._require_bot()
        return await self._user_post(self.world.dm_channel(user), user, content, files)

    async def post_in_channel(self, user: User, channel: Channel, content: str,
                              files: list[tuple[str, bytes]] | None = None) -> Message:
        """`user` writes in a guild channel (the bot sees the content only with the
        MESSAGE_CONTENT intent or when mentioned)."""
        guild = self.world.guild_of(channel)
        if guild is None or user.id not in guild.members:
            raise FakeDiscordError(f"{user.name} is not a member of the guild of #{channel.name}")
        if ~guild.permissions_in(user, channel) & (VIEW_CHANNEL | SEND_MESSAGES):
            raise FakeDiscordError(f"{user.name} may not write in #{channel.name}")
        self._require_bot()
        return await self._user_post(channel, user, content, files)

    async def _user_post(self, channel: Channel, user: User, content: str,
                         files: list[tuple[str, bytes]] | None) -> Message:
        # Longer content than a client sends (4000 characters with Nitro; longer pastes
        # become a message.txt attachment) is let through, so the bot's own guard can be
        # tested.
        if not content and not files:
            raise FakeDiscordError("Discord clients do not send empty messages")
        attachments = [self.world.new_attachment(name, data) for name, data in files or []]
        return await self.world.post(channel, user, content, attachments=attachments)

    def _new_interaction(self, kind: int, user: User, guild: Guild | None,
                         channel: Channel | None, data: dict[str, Any], locale: str | None,
                         message: Message | None = None) -> tuple[Interaction, dict[str, Any]]:
        if channel is None:
            if guild is not None:
                raise FakeDiscordError("an interaction in a guild needs its channel")
            channel = self.world.dm_channel(user)
        elif channel.guild_id != (guild.id if guild else None):
            raise FakeDiscordError(f"#{channel.name} is not a channel of "
                                   f"{guild.name if guild else 'the DM'}")
        if guild is not None and user.id not in guild.members:
            raise FakeDiscordError(f"{user.name} is not a member of {guild.name!r}")
        interaction = Interaction(self.world.ids.next(), secrets.token_urlsafe(32), kind, user,
                                  guild, channel, data, check_locale(locale or user.locale),
                                  self.application_id, message=message)
        self.world.interactions[interaction.id] = interaction
        payload = interaction_payload(interaction, self.bot, self.world.base_url)
        return interaction, payload

    async def _dispatch_interaction(self, interaction: Interaction,
                                    payload: dict[str, Any]) -> Interaction:
        if not await self.world.gateway.dispatch("INTERACTION_CREATE", payload):
            where = (f"shard {self.shard_of(interaction.guild)}" if interaction.guild
                     else "shard 0 (direct messages)")
            raise FakeDiscordError(f"no bot is connected to the gateway on {where} to receive "
                                   f"the interaction")
        return interaction

    def _command_data(self, user: User, guild: Guild | None, channel: Channel | None,
                      path: tuple[str, ...], options: dict[str, Any], focused: str | None,
                      ignore_default_permissions: bool) -> tuple[dict[str, Any], Resolved]:
        if not path:
            raise FakeDiscordError("name the command, e.g. invoke(user, guild, channel, 'game', 'join')")
        command = self.world.commands.find(path[0], guild)
        where = channel or self.world.dm_channel(user)
        if not ignore_default_permissions:
            check_member_can_use(command, guild, where, user)
        resolved = Resolved(guild, self.world.base_url, where, user)
        data = build_command_data(command, path[1:], options, resolved,
                                  self.world.new_attachment, focused=focused)
        return data, resolved

    async def invoke(self, user: User, guild: Guild | None, channel: Channel | None,
                     *path: str, options: dict[str, Any] | None = None, locale: str | None = None,
                     ignore_default_permissions: bool = False) -> Interaction:
        """`user` runs the slash command `/path...` with `options` (name -> value: str, int,
        float, bool, User, Role, Channel, or (filename, bytes) for attachments). `guild=None`
        and `channel=None` runs it in the user's DM with the bot. Raises `FakeDiscordError`
        if the bot did not sync such a command, or a Discord client would not allow it
        (`ignore_default_permissions` models a server admin granting the command anyway)."""
        data, resolved = self._command_data(user, guild, channel, path, options or {}, None,
                                            ignore_default_permissions)
        interaction, payload = self._new_interaction(APPLICATION_COMMAND, user, guild, channel,
                                                     data, locale)
        interaction.attachments = resolved.attachments
        return await self._dispatch_interaction(interaction, payload)

    async def autocomplete(self, user: User, guild: Guild | None, channel: Channel | None,
                           *path: str, focused: str, options: dict[str, Any],
                           locale: str | None = None,
                           timeout: float | None = None) -> list[dict[str, Any]]:
        """`user` types `options[focused]` into an autocomplete option; returns the choices the
        bot answered (each `{"name": ..., "value": ...}`)."""
        data, _ = self._command_data(user, guild, channel, path, options, focused, True)
        interaction, payload = self._new_interaction(AUTOCOMPLETE, user, guild, channel, data,
                                                     locale)
        await self._dispatch_interaction(interaction, payload)
        response = await self.wait_for_response(interaction, timeout=timeout)
        return response.choices or []

    async def click(self, user: User, message: Message, custom_id: str, *,
                    values: list[str] | None = None, locale: str | None = None) -> Interaction:
        """`user` presses a button or picks `values` in a select menu of `message`."""
        if message.deleted:
            raise FakeDiscordError(f"message {message.id} has been deleted")
        recipient = message.channel.recipient
        if recipient is not None and recipient is not user:
            raise FakeDiscordError(f"{user.name} cannot see a DM to {recipient.name}")
        if message.ephemeral and not self._sees_ephemeral(user, message):
            raise FakeDiscordError(f"{user.name} cannot see an ephemeral message meant for "
                                   f"someone else")
        data = click_data(message, custom_id, values)
        guild = self.world.guild_of(message.channel)
        if guild is not None and not guild.permissions_in(user, message.channel) & VIEW_CHANNEL:
            raise FakeDiscordError(f"{user.name} cannot see #{message.channel.name}")
        interaction, payload = self._new_interaction(MESSAGE_COMPONENT, user, guild,
                                                     message.channel, data, locale, message)
        return await self._dispatch_interaction(interaction, payload)

    async def submit_modal(self, user: User, interaction: Interaction,
                           values: dict[str, str | list[str]], *,
                           locale: str | None = None) -> Interaction:
        """`user` fills in and submits the modal the bot opened in answer to `interaction`;
        `values` maps each input's custom_id to its text (or to the picked values of a
        select)."""
        modal = next((r.modal for r in interaction.responses if r.modal is not None), None)
        if modal is None:
            raise FakeDiscordError(f"the bot opened no modal for interaction {interaction.id}")
        data = modal_submission(modal, values)
        submitted, payload = self._new_interaction(MODAL_SUBMIT, user, interaction.guild,
                                                   interaction.channel, data, locale,
                                                   interaction.message)
        submitted.trigger = interaction
        return await self._dispatch_interaction(submitted, payload)

    # -- what the bot did ------------------------------------------------------------------

    def _bot_messages(self, channel: Channel | None, after: Message | None) -> list[Message]:
        return [m for m in self.world.messages
                if m.author is self.bot and not m.deleted
                and (channel is None or m.channel is channel)
                and (after is None or m.id > after.id)]

    def messages_in(self, channel: Channel) -> list[Message]:
        """The bot's messages still standing in `channel`, oldest first (ephemeral ones too)."""
        return self._bot_messages(channel, None)

    def _sees_ephemeral(self, user: User, message: Message) -> bool:
        interaction = self.world.interactions.get(message.interaction_id or 0)
        return interaction is not None and interaction.user is user

    def visible_to(self, user: User, channel: Channel) -> list[Message]:
        """What `user` sees of the bot in `channel`: its public messages and the ephemeral
        answers to `user`'s own interactions — for checking that nothing private leaks."""
        return [m for m in self._bot_messages(channel, None)
                if not m.ephemeral or self._sees_ephemeral(user, m)]

    def dms_to(self, user: User) -> list[Message]:
        return self._bot_messages(self.world.dm_channel(user), None)

    def responses_to(self, interaction: Interaction) -> list[Response]:
        return list(interaction.responses)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every REST call the bot made, in order."""
        return self.world.requests

    def unexpected_requests(self) -> list[RecordedRequest]:
        """Calls to routes the stand-in does not serve (answered 404), and calls it failed
        on (answered 400, with `error` set)."""
        return [r for r in self.world.requests if not r.matched or r.error]

    @property
    def events(self) -> list[tuple[str, dict[str, Any]]]:
        """Every gateway dispatch sent to the bot, as (event name, data)."""
        return self.world.events

    @property
    def commands(self) -> dict[str, Any]:
        """The synced command trees: {"global": [...], guild_id: [...]}."""
        return {"global": self.world.commands.global_commands,
                **self.world.commands.guild_commands}
