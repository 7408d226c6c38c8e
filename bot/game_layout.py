"""A game's corner of the server made real: the service says what it should be
(`service.game_channels.ChannelPlan`), this module makes Discord match it and records the ids
of what it made. Running it twice changes nothing the second time: it compares each channel's
permission overwrites with the wanted ones and edits only the differences.

Who sees a power's channel: its player (a member overwrite, and the power's role), the game's
moderator, the server's moderator role (/mod role) and the bot; @everyone does not. When the
game is over the archive opens: everyone reads, nobody but the bot writes. See docs/channels.md.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.formatting import power_name

if TYPE_CHECKING:
    from bot.app import ArbitroBot
    from service.games.channels import ChannelPlan, GameChannels, PowerRoom

log = logging.getLogger(__name__)

ROLE, MEMBER = 0, 1     # Discord's overwrite types
P = discord.Permissions
READ = P(view_channel=True, read_message_history=True).value
WRITE = READ | P(send_messages=True).value
BOT = WRITE | P(embed_links=True, attach_files=True).value
HIDE = P(view_channel=True).value
NO_WRITING = P(send_messages=True).value
# What the bot needs server-wide to lay out a game (names as discord.Permissions spells them).
NEEDED = ("manage_channels", "manage_roles")


@dataclass(frozen=True)
class Overwrite:
    kind: int       # ROLE or MEMBER
    allow: int
    deny: int


class MissingPermissions(Exception):
    """The bot lacks server permissions it needs to lay out the game's channels."""

    def __init__(self, missing: list[str]) -> None:
        super().__init__(", ".join(missing))
        self.missing = missing


def missing_permissions(guild: discord.Guild) -> list[str]:
    """The permissions of NEEDED the bot does not have in `guild`."""
    granted = guild.me.guild_permissions
    return [name for name in NEEDED if not getattr(granted, name)]


def wanted_in_category(plan: ChannelPlan, guild: discord.Guild) -> dict[int, Overwrite]:
    """The category: hidden from @everyone while the game runs, read-only for all after."""
    staff = READ if plan.finished else WRITE
    wanted = {guild.id: (Overwrite(ROLE, READ, NO_WRITING) if plan.finished
                         else Overwrite(ROLE, 0, HIDE)),
              plan.moderator_id: Overwrite(MEMBER, staff, NO_WRITING if plan.finished else 0)}
    if plan.moderator_role_id:
        wanted[plan.moderator_role_id] = Overwrite(ROLE, staff,
                                                   NO_WRITING if plan.finished else 0)
    wanted[guild.me.id] = Overwrite(MEMBER, BOT, 0)
    return wanted


def wanted_in_room(plan: ChannelPlan, room: PowerRoom, guild: discord.Guild,
                   role_id: int) -> dict[int, Overwrite]:
    """A power's channel: the category's, plus its role and its player."""
    wanted = wanted_in_category(plan, guild)
    player = (Overwrite(MEMBER, READ, NO_WRITING) if plan.finished
              else Overwrite(MEMBER, WRITE, 0))
    wanted[role_id] = Overwrite(ROLE, player.allow, player.deny)
    if room.player_id is not None and room.player_id != guild.me.id:
        wanted[room.player_id] = player
    return wanted


def current_overwrites(channel: discord.abc.GuildChannel) -> dict[int, Overwrite]:
    found = {}
    for target, overwrite in channel.overwrites.items():
        kind = ROLE if isinstance(target, discord.Role) or getattr(
            target, "type", None) is discord.Role else MEMBER
        allow, deny = overwrite.pair()
        found[target.id] = Overwrite(kind, allow.value, deny.value)
    return found


class Layout:
    """Makes one game's part of the server match its plan."""

    def __init__(self, bot: ArbitroBot,
                 announce_room: Callable[[discord.TextChannel, ChannelPlan, PowerRoom],
                                         Awaitable[None]]) -> None:
        self.bot = bot
        self.announce_room = announce_room   # (channel, plan, room) -> posts the Orders button

    @property
    def store(self) -> GameChannels:
        return self.bot.service.game_channels

    async def apply(self, plan: ChannelPlan) -> None:
        guild = self.bot.get_guild(plan.guild_id)
        if guild is None:
            log.warning("game %s: the bot is not in server %s", plan.game_id, plan.guild_id)
            return
        if plan.delete_due:
            await self._delete(plan, guild)
            return
        missing = missing_permissions(guild)
        if missing:
            raise MissingPermissions(missing)
        category = guild.get_channel(plan.category_id) if plan.category_id else None
        if not isinstance(category, discord.CategoryChannel):
            category = await guild.create_category(
                plan.game_name[:100], reason=f"Arbitro: game {plan.game_id}",
                overwrites={guild.default_role: discord.PermissionOverwrite(view_channel=False),
                            guild.me: discord.PermissionOverwrite.from_pair(P(BOT), P.none())})
            await self.store.record_category(plan.game_id, category.id)
        await self._sync(category, wanted_in_category(plan, guild))
        for room in plan.rooms:
            await self._room(plan, room, guild, category)
        if plan.finished:
            # the other channels of the category (press between powers) join the archive
            rooms = {room.channel_id for room in plan.rooms}
            for channel in category.channels:
                if channel.id not in rooms:
                    await self._sync(channel, wanted_in_category(plan, guild))
        if plan.finished != plan.archived:          # over; or rolled back to running
            await self.store.record_archived(plan.game_id, archived=plan.finished)
            log.info("game %s: its channels are %s", plan.game_id,
                     "open to read" if plan.finished else "private again")

    async def _room(self, plan: ChannelPlan, room: PowerRoom, guild: discord.Guild,
                    category: discord.CategoryChannel) -> None:
        name = power_name(plan.language, room.power)
        role = guild.get_role(room.role_id) if room.role_id else None
        if role is None:
            role = await guild.create_role(name=f"{plan.game_name} · {name}"[:100],
                                           reason=f"Arbitro: game {plan.game_id}")
            await self.store.record_room(plan.game_id, room.power, room.channel_id, role.id)
        channel = guild.get_channel(room.channel_id) if room.channel_id else None
        created = channel is None
        if channel is None:
            channel = await guild.create_text_channel(
                name, category=category, reason=f"Arbitro: game {plan.game_id}",
                overwrites={guild.default_role: discord.PermissionOverwrite(view_channel=False),
                            guild.me: discord.PermissionOverwrite.from_pair(P(BOT), P.none())})
            await self.store.record_room(plan.game_id, room.power, channel.id, role.id)
        added, gone = await self._sync(channel, wanted_in_room(plan, room, guild, role.id))
        for user_id in gone:                     # a replaced or removed player
            await self._role(guild, user_id, role.id, add=False)
        if room.player_id is not None and room.player_id in added:
            await self._role(guild, room.player_id, role.id, add=True)
        if created:
            await self.announce_room(channel, plan, room)

    async def _sync(self, channel: discord.abc.GuildChannel,
                    wanted: dict[int, Overwrite]) -> tuple[set[int], set[int]]:
        """Edit the overwrites that differ; (the members who got one, those whose went)."""
        current = current_overwrites(channel)
        http = self.bot.http
        for target, overwrite in wanted.items():
            if current.get(target) != overwrite:
                await http.edit_channel_permissions(channel.id, target, str(overwrite.allow),
                                                    str(overwrite.deny), overwrite.kind)
        gone = [t for t in current if t not in wanted]
        for target in gone:
            await http.delete_channel_permissions(channel.id, target)
        added = {t for t, o in wanted.items() if o.kind == MEMBER and t not in current}
        return added, {t for t in gone if current[t].kind == MEMBER}

    async def _role(self, guild: discord.Guild, user_id: int, role_id: int, *,
                    add: bool) -> None:
        change = self.bot.http.add_role if add else self.bot.http.remove_role
        try:
            await change(guild.id, user_id, role_id, reason="Arbitro: seat changed")
        except discord.NotFound:
            log.info("user %s is not in server %s: role %s left as it is", user_id, guild.id,
                     role_id)

    async def _delete(self, plan: ChannelPlan, guild: discord.Guild) -> None:
        """The days to keep the archive have passed: its channels and roles go."""
        things = [found for room in plan.rooms
                  for found in (guild.get_channel(room.channel_id or 0),
                                guild.get_role(room.role_id or 0))]
        category = guild.get_channel(plan.category_id or 0)
        things += list(getattr(category, "channels", ()))     # press channels too
        things.append(category)
        for thing in things:
            if thing is not None:
                with contextlib.suppress(discord.NotFound):
                    await thing.delete(reason=f"Arbitro: game {plan.game_id} archive expired")
        await self.store.record_deleted(plan.game_id)
        log.info("game %s: its archived channels were deleted", plan.game_id)
