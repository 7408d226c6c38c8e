"""The REST API (v10) routes the bot uses. Every call is recorded; a call to a route not
served here is recorded too and answered 404 in Discord's error shape, so it shows up in the
test instead of hanging."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from . import limits
from .guild_routes import GuildRoutes
from .interaction_routes import InteractionRoutes
from .models import (
    ATTACH_FILES,
    EMBED_LINKS,
    EPHEMERAL,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Channel,
    Message,
    RecordedRequest,
)
from .wire import (
    BODY,
    FILES,
    Refusal,
    error,
    json_response,
    ok,
    read_body,
    snowflake_params,
)
from .world import World

log = logging.getLogger(__name__)
API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _globally_limited(retry_after: float) -> web.Response:
    """Discord's answer past the global rate limit (discord.py trusts a 429 only when it came
    through Discord's proxy: Via)."""
    response = json_response({"message": "You are being rate limited.", "code": 0,
                              "retry_after": retry_after, "global": True}, 429)
    response.headers.update({"Retry-After": str(max(1, round(retry_after))),
                             "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global",
                             "Via": "1.1 google"})
    return response


class RestApi:
    def __init__(self, world: World, *, response_deadline: float) -> None:
        self.world = world
        self.interactions = InteractionRoutes(world, response_deadline=response_deadline)
        self.guild_layout = GuildRoutes(world)

    def routes(self) -> list[web.RouteDef]:
        r = [
            web.get("/gateway/bot", self.gateway_bot), web.get("/gateway", self.gateway_bot),
            web.get("/users/@me", self.me), web.get("/users/{user_id}", self.get_user),
            web.get("/users/@me/guilds", self.my_guilds),
            web.get("/oauth2/applications/@me", self.application),
            web.get("/applications/@me", self.application),
            web.post("/users/@me/channels", self.open_dm),
            web.get("/channels/{channel_id}", self.get_channel),
            web.post("/channels/{channel_id}/messages", self.create_message),
            web.get("/channels/{channel_id}/messages", self.history),
            web.get("/channels/{channel_id}/messages/{message_id}", self.get_message),
            web.patch("/channels/{channel_id}/messages/{message_id}", self.edit_message),
            web.delete("/channels/{channel_id}/messages/{message_id}", self.delete_message),
            web.post("/channels/{channel_id}/typing", self.no_content),
            web.put("/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                    self.react),
            web.delete("/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                       self.no_content),
            web.get("/guilds/{guild_id}", self.get_guild),
            web.get("/guilds/{guild_id}/channels", self.guild_channels),
            web.get("/guilds/{guild_id}/roles", self.guild_roles),
            web.get("/guilds/{guild_id}/members", self.guild_members),
            web.get("/guilds/{guild_id}/members/{user_id}", self.guild_member),
        ]
        r.append(web.get("/applications/{app_id}/guilds/{guild_id}/commands/permissions",
                         self.command_permissions))
        for prefix in ("/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"):
            r += [web.get(prefix + "/commands", self.get_commands),
                  web.put(prefix + "/commands", self.put_commands),
                  web.post(prefix + "/commands", self.post_command),
                  web.get(prefix + "/commands/{command_id}", self.get_command),
                  web.delete(prefix + "/commands/{command_id}", self.delete_command)]
        r += self.interactions.routes()
        r += self.guild_layout.routes()
        return [web.RouteDef(d.method, API + snowflake_params(d.path), d.handler, d.kwargs)
                for d in r]

    # -- the middleware that records every call ---------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API):
            return await handler(request)
        body, files = await read_body(request)
        request[BODY], request[FILES] = body, files
        record = RecordedRequest(request.method, request.path[len(API):], dict(request.query),
                                 body, [(name, len(data)) for name, data in files],
                                 multipart=request.content_type.startswith("multipart/"))
        self.world.requests.append(record)
        unauthenticated = ("/interactions/", "/webhooks/")
        if (not record.path.startswith(unauthenticated)
                and request.headers.get("Authorization") != f"Bot {self.world.token}"):
            response: web.StreamResponse = error(401, 0, "401: Unauthorized")
        elif (not record.path.startswith(unauthenticated)
              and (wait := self.world.global_limit.retry_after()) is not None):
            response = _globally_limited(wait)
        elif (injected := self._injected_failure(request.method, record.path)) is not None:
            response = injected
            record.injected = True
        else:
            try:
                response = await handler(request)
            except web.HTTPNotFound:
                record.matched = False
                response = error(404, 0, "404: Not Found")
            except web.HTTPMethodNotAllowed:
                record.matched = False
                response = error(405, 0, "405: Method Not Allowed")
            except Refusal as refusal:
                response = refusal.response
            except limits.FormError as exc:
                response = json_response(exc.body, exc.status)
            except Exception as exc:
                # A bug of the stand-in (or a body it cannot read). Answered 400, not 500,
                # because discord.py retries a 5xx for half a minute; kept for the test.
                log.exception("fake Discord failed on %s %s", request.method, record.path)
                record.error = f"{type(exc).__name__}: {exc}"
                response = error(400, 0, f"fake Discord could not handle this: {record.error}")
        record.status = response.status
        if isinstance(response, web.Response) and response.body is not None \
                and response.content_type == "application/json":
            record.answer = json.loads(response.body)   # kept to check against the spec
        self.world.changed()
        return response

    def _injected_failure(self, method: str, path: str) -> web.Response | None:
        for failure in self.world.failures:
            if failure.method == method and failure.path.fullmatch(path) and failure.times:
                failure.times -= 1
                response = json_response(failure.body, failure.status)
                if failure.retry_after is not None:
                    # discord.py trusts a 429 only when it came through Discord's proxy (Via).
                    response.headers.update({"Retry-After": str(failure.retry_after),
                                             "Via": "1.1 google", "X-RateLimit-Scope": "user",
                                             "X-RateLimit-Remaining": "0"})
                return response
        return None

    # -- helpers ---------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            raise Refusal(error(404, 10003, "Unknown Channel"))
        return channel

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.world.message(int(request.match_info["message_id"]))
        if message is None or message.deleted or message.channel is not channel:
            raise Refusal(error(404, 10008, "Unknown Message"))
        return message

    def _check_bot_may_post(self, channel: Channel, body: dict[str, Any],
                            files: list[tuple[str, bytes]]) -> None:
        guild = self.world.guild_of(channel)
        if guild is None:
            return
        granted = guild.permissions_in(self.world.bot, channel)
        if not granted & VIEW_CHANNEL:
            raise Refusal(error(403, 50001, "Missing Access"))
        needed = SEND_MESSAGES | (ATTACH_FILES if files else 0) | (
            EMBED_LINKS if body.get("embeds") else 0)
        if needed & ~granted:
            raise Refusal(error(403, 50013, "Missing Permissions"))

    def _payload(self, message: Message) -> dict[str, Any]:
        return message.payload(self.world.base_url, self.world.guild_of(message.channel))

    # -- identity and application ----------------------------------------------------------

    async def gateway_bot(self, request: web.Request) -> web.Response:
        return ok({"url": self.world.gateway.url, "shards": self.world.gateway.shard_count,
                   "session_start_limit": {"total": 1000, "remaining": 999,
                                           "reset_after": 86_400_000, "max_concurrency": 1}})

    async def me(self, request: web.Request) -> web.Response:
        # The bot's own user, with the fields only its owner sees.
        return ok({**self.world.bot.payload(), "mfa_enabled": False, "locale": "en-US",
                   "verified": True})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request.match_info["user_id"]))
        return ok(user.payload()) if user else error(404, 10013, "Unknown User")

    async def my_guilds(self, request: web.Request) -> web.Response:
        return ok([{"id": str(g.id), "name": g.name, "icon": None, "banner": None, "owner": False,
                    "permissions": str((1 << 51) - 1), "features": []}
                   for g in self.world.guilds.values()])

    async def application(self, request: web.Request) -> web.Response:
        w = self.world
        return ok({"id": str(w.application_id), "name": w.bot.name, "icon": None,
                   "description": "", "type": None, "bot_public": False,
                   "bot_require_code_grant": False, "owner": w.owner.payload(), "team": None,
                   "verify_key": "00" * 32, "flags": 0, "flags_new": "0",
                   "bot": w.bot.payload(), "redirect_uris": [],
                   "interactions_endpoint_url": None, "role_connections_verification_url": None,
                   "approximate_guild_count": len(w.guilds),
                   "approximate_user_install_count": 0,
                   "approximate_user_authorization_count": 0, "explicit_content_filter": 0,
                   "eligible_oauth2_scopes": ["applications.commands", "bot"],
                   "rpc_origins": []})

    # -- commands ----------------------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if request.match_info["app_id"] != str(self.world.application_id):
            raise Refusal(error(404, 10002, "Unknown Application"))
        guild = request.match_info.get("guild_id")
        return int(guild) if guild else None

    async def get_commands(self, request: web.Request) -> web.Response:
        return ok(self.world.commands.scope(self._scope(request)))

    async def put_commands(self, request: web.Request) -> web.Response:
        bodies = request[BODY] or []
        limits.check_commands(bodies)
        return ok(self.world.commands.replace(self._scope(request), bodies))

    async def post_command(self, request: web.Request) -> web.Response:
        limits.check_commands([request[BODY]])
        return ok(self.world.commands.upsert(self._scope(request), request[BODY]), 201)

    async def get_command(self, request: web.Request) -> web.Response:
        found = [c for c in self.world.commands.scope(self._scope(request))
                 if c["id"] == request.match_info["command_id"]]
        return ok(found[0]) if found else error(404, 10063, "Unknown application command")

    async def delete_command(self, request: web.Request) -> web.Response:
        if self.world.commands.delete(self._scope(request), request.match_info["command_id"]):
            return ok(None)
        return error(404, 10063, "Unknown application command")

    async def command_permissions(self, request: web.Request) -> web.Response:
        return ok([])

    # -- channels and messages --------------------------------------------------------------

    async def open_dm(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request[BODY]["recipient_id"]))
        if user is None:
            return error(400, 50033, "Invalid Recipient(s)")
        return ok(self.world.dm_channel(user).payload())

    async def get_channel(self, request: web.Request) -> web.Response:
        return ok(self._channel(request).payload())

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.recipient is not None and (not channel.recipient.accepts_dms
                                              or channel.recipient.left_every_guild):
            return error(403, 50007, "Cannot send messages to this user")
        body, files = request[BODY] or {}, request[FILES]
        self._check_bot_may_post(channel, body, files)
        limits.check_message(body, files)
        reference = (body.get("message_reference") or {}).get("message_id")
        message = await self.world.post(
            channel, self.world.bot, body.get("content") or "", embeds=body.get("embeds"),
            components=body.get("components"),
            attachments=self.world.attachments_for(body, files),
            flags=int(body.get("flags") or 0) & ~EPHEMERAL,
            reference_id=int(reference) if reference else None,
            allowed_mentions=body.get("allowed_mentions"))
        return ok(self._payload(message))

    async def history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = int(request.query.get("limit", 50))
        before = int(request.query.get("before", 1 << 63))
        after = int(request.query.get("after", 0))
        found = [m for m in reversed(self.world.messages)
                 if m.channel is channel and not m.deleted and not m.ephemeral
                 and after < m.id < before]
        if "after" in request.query:
            found = list(reversed(found))[:limit][::-1]   # the oldest after it, newest first
        return ok([self._payload(m) for m in found[:limit]])

    async def get_message(self, request: web.Request) -> web.Response:
        return ok(self._payload(self._message(request, self._channel(request))))

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        if message.author is not self.world.bot:
            return error(403, 50005, "Cannot edit a message authored by another user")
        body = request[BODY] or {}
        limits.check_message(body, request[FILES], require_something=False)
        return ok(self._payload(await self.world.edit(message, body, request[FILES])))

    async def delete_message(self, request: web.Request) -> web.Response:
        await self.world.delete(self._message(request, self._channel(request)))
        return ok(None)

    async def react(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        message.reactions.append(request.match_info["emoji"])
        return ok(None)

    async def no_content(self, request: web.Request) -> web.Response:
        return ok(None)

    # -- guilds ------------------------------------------------------------------------------

    def _guild(self, request: web.Request):
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise Refusal(error(404, 10004, "Unknown Guild"))
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self._guild(request).payload()
        for gateway_only in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(gateway_only)
        return ok(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        return ok([c.payload() for c in self._guild(request).channels.values()])

    async def guild_roles(self, request: web.Request) -> web.Response:
        return ok([r.payload() for r in self._guild(request).roles.values()])

    async def guild_members(self, request: web.Request) -> web.Response:
        members = list(self._guild(request).members.values())
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 1))
        members = sorted((m for m in members if m.user.id > after), key=lambda m: m.user.id)
        return ok([m.payload() for m in members[:limit]])

    async def guild_member(self, request: web.Request) -> web.Response:
        member = self._guild(request).members.get(int(request.match_info["user_id"]))
        return ok(member.payload()) if member else error(404, 10007, "Unknown Member")

    # -- attachments (served so `Attachment.read()` works) -----------------------------------

    async def attachment(self, request: web.Request) -> web.Response:
        wanted = int(request.match_info["attachment_id"])
        for message in self.world.messages:
            for a in message.attachments:
                if a.id == wanted:
                    return web.Response(body=a.data, content_type=a.content_type)
        for interaction in self.world.interactions.values():
            for a in interaction.attachments:
                if a.id == wanted:
                    return web.Response(body=a.data, content_type=a.content_type)
        return web.Response(status=404)
