"""The guild's layout, as the bot changes it: categories and text channels (with their
permission overwrites), roles, and members' roles. Each change is checked against the bot's
permissions as Discord checks them (Manage Channels, Manage Roles, the role hierarchy) and told
to the bot over the gateway (CHANNEL_*, GUILD_ROLE_*, GUILD_MEMBER_UPDATE), so discord.py's
cache follows."""

from __future__ import annotations

import re
from typing import Any

from aiohttp import web

from . import gateway as gw
from .models import (
    GUILD_CATEGORY,
    GUILD_TEXT,
    MANAGE_CHANNELS,
    MANAGE_ROLES,
    Channel,
    Guild,
    Member,
    Role,
)
from .wire import BODY, Refusal, error, ok
from .world import World

MEMBER, ROLE = 1, 0     # overwrite types


def _missing_permissions() -> Refusal:
    return Refusal(error(403, 50013, "Missing Permissions"))


def text_channel_name(name: str) -> str:
    """Discord's rule for text channel names: lower case, spaces as dashes."""
    return re.sub(r"\s+", "-", name.strip().lower())


class GuildRoutes:
    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self) -> list[web.RouteDef]:
        return [
            web.post("/guilds/{guild_id}/channels", self.create_channel),
            web.delete("/channels/{channel_id}", self.delete_channel),
            web.put("/channels/{channel_id}/permissions/{overwrite_id}", self.put_overwrite),
            web.delete("/channels/{channel_id}/permissions/{overwrite_id}",
                       self.delete_overwrite),
            web.post("/guilds/{guild_id}/roles", self.create_role),
            web.delete("/guilds/{guild_id}/roles/{role_id}", self.delete_role),
            web.put("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.add_role),
            web.delete("/guilds/{guild_id}/members/{user_id}/roles/{role_id}",
                       self.remove_role),
        ]

    # -- lookups and checks ----------------------------------------------------------------

    def _guild(self, request: web.Request) -> Guild:
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise Refusal(error(404, 10004, "Unknown Guild"))
        return guild

    def _guild_channel(self, request: web.Request) -> tuple[Guild, Channel]:
        channel = self.world.channels.get(int(request.match_info["channel_id"]))
        guild = self.world.guild_of(channel) if channel else None
        if channel is None or guild is None:
            raise Refusal(error(404, 10003, "Unknown Channel"))
        return guild, channel

    def _role(self, guild: Guild, role_id: str) -> Role:
        role = guild.roles.get(int(role_id))
        if role is None:
            raise Refusal(error(404, 10011, "Unknown Role"))
        return role

    def _member(self, guild: Guild, user_id: str) -> Member:
        member = guild.members.get(int(user_id))
        if member is None:
            raise Refusal(error(404, 10007, "Unknown Member"))
        return member

    def _require(self, guild: Guild, bits: int, channel: Channel | None = None) -> int:
        bot = self.world.bot
        granted = (guild.permissions_in(bot, channel) if channel is not None
                   else guild.permissions_of(bot))
        if bits & ~granted:
            raise _missing_permissions()
        return granted

    def _top_position(self, guild: Guild) -> int:
        member = guild.members[self.world.bot.id]
        return max((guild.roles[r].position for r in member.role_ids), default=0)

    def _below_bot(self, guild: Guild, role: Role) -> None:
        """A bot manages only roles below its highest one (and never @everyone, managed ones)."""
        if role.managed or role.id == guild.id or role.position >= self._top_position(guild):
            raise _missing_permissions()

    def _overwrites(self, guild: Guild, granted: int,
                    given: list[dict[str, Any]]) -> dict[int, tuple[int, int, int]]:
        """A body's permission_overwrites, refused (50013) when they allow or deny a permission
        the bot does not have itself, as Discord refuses them."""
        found: dict[int, tuple[int, int, int]] = {}
        for o in given:
            kind, allow, deny = int(o.get("type", ROLE)), int(o.get("allow") or 0), int(
                o.get("deny") or 0)
            target = int(o["id"])
            if kind == ROLE and target not in guild.roles:
                raise Refusal(error(404, 10011, "Unknown Role"))
            if (allow | deny) & ~granted:
                raise _missing_permissions()
            found[target] = (kind, allow, deny)
        return found

    async def _tell(self, event: str, data: dict[str, Any], intent: int = gw.GUILDS) -> None:
        await self.world.gateway.dispatch(event, data, intent=intent)

    # -- channels ----------------------------------------------------------------------------

    async def create_channel(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        body = request[BODY] or {}
        kind = int(body.get("type") or GUILD_TEXT)
        if kind not in (GUILD_TEXT, GUILD_CATEGORY):
            return error(400, 50035, "Invalid Form Body (type: only text channels and "
                                     "categories are served here)")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            return error(400, 50035, "Invalid Form Body (name: must be 1-100 characters)")
        given = body.get("permission_overwrites") or []
        granted = self._require(guild, MANAGE_CHANNELS | (MANAGE_ROLES if given else 0))
        parent_id = int(body["parent_id"]) if body.get("parent_id") else None
        if parent_id is not None:
            parent = guild.channels.get(parent_id)
            if parent is None or parent.type != GUILD_CATEGORY:
                return error(400, 50035, "Invalid Form Body (parent_id: not a category)")
        channel = Channel(self.world.ids.next(),
                          text_channel_name(name) if kind == GUILD_TEXT else name, type=kind,
                          guild_id=guild.id, position=len(guild.channels), parent_id=parent_id,
                          overwrites=self._overwrites(guild, granted, given))
        guild.channels[channel.id] = channel
        self.world.channels[channel.id] = channel
        await self._tell("CHANNEL_CREATE", channel.payload())
        return ok(channel.payload(), 201)

    async def delete_channel(self, request: web.Request) -> web.Response:
        guild, channel = self._guild_channel(request)
        self._require(guild, MANAGE_CHANNELS, channel)
        del guild.channels[channel.id]
        del self.world.channels[channel.id]
        for child in guild.channels.values():
            if child.parent_id == channel.id:        # Discord leaves them uncategorised
                child.parent_id = None
        await self._tell("CHANNEL_DELETE", channel.payload())
        return ok(channel.payload())

    async def put_overwrite(self, request: web.Request) -> web.Response:
        guild, channel = self._guild_channel(request)
        granted = self._require(guild, MANAGE_ROLES, channel)
        body = {**(request[BODY] or {}), "id": request.match_info["overwrite_id"]}
        channel.overwrites.update(self._overwrites(guild, granted | self._guild_bits(guild),
                                                   [body]))
        await self._tell("CHANNEL_UPDATE", channel.payload())
        return ok(None)

    def _guild_bits(self, guild: Guild) -> int:
        return guild.permissions_of(self.world.bot)

    async def delete_overwrite(self, request: web.Request) -> web.Response:
        guild, channel = self._guild_channel(request)
        self._require(guild, MANAGE_ROLES, channel)
        channel.overwrites.pop(int(request.match_info["overwrite_id"]), None)
        await self._tell("CHANNEL_UPDATE", channel.payload())
        return ok(None)

    # -- roles -------------------------------------------------------------------------------

    async def create_role(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        granted = self._require(guild, MANAGE_ROLES)
        body = request[BODY] or {}
        permissions = int(body.get("permissions") or 0)
        if permissions & ~granted:
            raise _missing_permissions()
        name = str(body.get("name") or "new role")[:100]
        # A new role goes just above @everyone; the others move up one.
        for role in guild.roles.values():
            if role.id != guild.id:
                role.position += 1
        role = Role(self.world.ids.next(), guild.id, name, permissions, position=1)
        guild.roles[role.id] = role
        await self._tell("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return ok(role.payload())

    async def delete_role(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        self._require(guild, MANAGE_ROLES)
        role = self._role(guild, request.match_info["role_id"])
        self._below_bot(guild, role)
        del guild.roles[role.id]
        for member in guild.members.values():
            if role.id in member.role_ids:
                member.role_ids.remove(role.id)
        for channel in guild.channels.values():
            channel.overwrites.pop(role.id, None)
        await self._tell("GUILD_ROLE_DELETE", {"guild_id": str(guild.id),
                                               "role_id": str(role.id)})
        return ok(None)

    async def _member_role(self, request: web.Request, *, add: bool) -> web.Response:
        guild = self._guild(request)
        self._require(guild, MANAGE_ROLES)
        member = self._member(guild, request.match_info["user_id"])
        role = self._role(guild, request.match_info["role_id"])
        self._below_bot(guild, role)
        if add and role.id not in member.role_ids:
            member.role_ids.append(role.id)
        elif not add and role.id in member.role_ids:
            member.role_ids.remove(role.id)
        else:
            return ok(None)
        await self._tell("GUILD_MEMBER_UPDATE", {**member.payload(), "guild_id": str(guild.id)},
                         gw.GUILD_MEMBERS)
        return ok(None)

    async def add_role(self, request: web.Request) -> web.Response:
        return await self._member_role(request, add=True)

    async def remove_role(self, request: web.Request) -> web.Response:
        return await self._member_role(request, add=False)
