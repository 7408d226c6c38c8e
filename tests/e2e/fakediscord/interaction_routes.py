"""Interaction routes: the callback that gives an interaction its first answer, followups,
and the original response and followups read, edited and deleted through the webhook."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from . import limits
from .models import EPHEMERAL, LOADING, Interaction, Message, Response
from .wire import BODY, FILES, Refusal, error, ok
from .world import World

# Interaction and callback types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
_CALLBACKS_ALLOWED = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE,
                        UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


class InteractionRoutes:
    def __init__(self, world: World, *, response_deadline: float) -> None:
        self.world = world
        self.response_deadline = response_deadline   # FakeDiscord.response_deadline sets it

    def routes(self) -> list[web.RouteDef]:
        return [
            web.post("/interactions/{interaction_id}/{token}/callback", self.callback),
            web.post("/webhooks/{app_id}/{token}", self.followup),
            web.get("/webhooks/{app_id}/{token}/messages/{message_id}", self.get_response),
            web.patch("/webhooks/{app_id}/{token}/messages/{message_id}", self.edit_response),
            web.delete("/webhooks/{app_id}/{token}/messages/{message_id}", self.delete_response),
        ]

    def _payload(self, message: Message) -> dict[str, Any]:
        return message.payload(self.world.base_url, self.world.guild_of(message.channel))

    def _interaction(self, request: web.Request) -> Interaction:
        """The interaction a callback or webhook call names; webhook calls carry the
        application id and the token, callbacks the interaction id and the token."""
        token = request.match_info["token"]
        if "interaction_id" in request.match_info:
            found = self.world.interactions.get(int(request.match_info["interaction_id"]))
            if found is None or found.token != token:
                raise Refusal(error(404, 10062, "Unknown interaction"))
            return found
        if request.match_info["app_id"] != str(self.world.application_id):
            raise Refusal(error(404, 10015, "Unknown Webhook"))
        found = next((i for i in self.world.interactions.values() if i.token == token), None)
        if found is None or not found.acknowledged:
            # Followups only exist once the interaction has been answered.
            raise Refusal(error(404, 10015, "Unknown Webhook"))
        return found

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        if interaction.acknowledged:
            return error(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - interaction.created > self.response_deadline:
            return error(404, 10062, "Unknown interaction")
        body, files = request[BODY] or {}, request[FILES]
        kind, data = body.get("type"), body.get("data") or {}
        if kind not in _CALLBACKS_ALLOWED.get(interaction.type, set()):
            return error(400, 40043, f"Interaction callback type {kind} is not allowed for "
                                     f"interaction type {interaction.type}")
        # Everything Discord would refuse is checked before the interaction counts as
        # answered, so a refused answer can be corrected and sent again.
        if kind == CHANNEL_MESSAGE:
            limits.check_message(data, files)
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if interaction.message is None:
                return error(400, 40043, "There is no message to update for this interaction")
            limits.check_message(data, files, require_something=False)
        elif kind == AUTOCOMPLETE_RESULT:
            limits.check_choices(data.get("choices") or [])
        elif kind == MODAL:
            limits.check_modal(data)
        interaction.acknowledged = True   # before any await: a second answer races no more
        response = Response("callback", kind)
        if kind == CHANNEL_MESSAGE:
            response.message = await self._respond_with_message(interaction, data, files)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            response.message = await self.world.post(interaction.channel, self.world.bot,
                                                     flags=flags, interaction=interaction)
            interaction.original = response.message
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            # For these the "original response" is the message the component is on.
            interaction.original = interaction.message
            if kind == UPDATE_MESSAGE:
                response.message = await self.world.edit(interaction.message, data, files)
        elif kind == AUTOCOMPLETE_RESULT:
            response.choices = data.get("choices") or []
        elif kind == MODAL:
            response.modal = data
        interaction.responses.append(response)
        self.world.changed()
        callback: dict[str, Any] = {"interaction": {
            "id": str(interaction.id), "type": interaction.type,
            "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(response.message and response.message.ephemeral)}}
        if response.message is not None:
            callback["interaction"]["response_message_id"] = str(response.message.id)
            if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                # Only a message sent or updated is a resource; a deferral has none yet.
                callback["resource"] = {"type": kind, "message": self._payload(response.message)}
        return ok(callback)

    async def _respond_with_message(self, interaction: Interaction, data: dict[str, Any],
                                    files: list[tuple[str, bytes]]) -> Message:
        message = await self.world.post(
            interaction.channel, self.world.bot, data.get("content") or "",
            embeds=data.get("embeds"), components=data.get("components"),
            attachments=self.world.attachments_for(data, files),
            flags=int(data.get("flags") or 0) & (EPHEMERAL | (1 << 2)),
            interaction=interaction, allowed_mentions=data.get("allowed_mentions"))
        interaction.original = message
        return message

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        body, files = request[BODY] or {}, request[FILES]
        limits.check_message(body, files)
        original = interaction.original
        if original is not None and original.flags & LOADING:
            # After a deferred response the first followup fills the "thinking" message,
            # keeping the deferral's visibility.
            original.flags &= ~LOADING
            message = await self.world.edit(original, body, files)
        else:
            message = await self.world.post(
                interaction.channel, self.world.bot, body.get("content") or "",
                embeds=body.get("embeds"), components=body.get("components"),
                attachments=self.world.attachments_for(body, files),
                flags=int(body.get("flags") or 0) & EPHEMERAL, interaction=interaction,
                allowed_mentions=body.get("allowed_mentions"))
        interaction.responses.append(Response("followup", message=message))
        self.world.changed()
        return ok(self._payload(message))

    def _response_message(self, request: web.Request) -> tuple[Interaction, Message]:
        interaction = self._interaction(request)
        wanted = request.match_info["message_id"]
        if wanted == "@original":
            message = interaction.original
        else:
            message = self.world.message(int(wanted))
            if message is not None and message.interaction_id != interaction.id:
                message = None
        if message is None or message.deleted:
            raise Refusal(error(404, 10008, "Unknown Message"))
        return interaction, message

    async def get_response(self, request: web.Request) -> web.Response:
        return ok(self._payload(self._response_message(request)[1]))

    async def edit_response(self, request: web.Request) -> web.Response:
        interaction, message = self._response_message(request)
        body = request[BODY] or {}
        limits.check_message(body, request[FILES], require_something=False)
        message.flags &= ~LOADING
        message = await self.world.edit(message, body, request[FILES])
        interaction.responses.append(Response("edit", message=message))
        self.world.changed()
        return ok(self._payload(message))

    async def delete_response(self, request: web.Request) -> web.Response:
        interaction, message = self._response_message(request)
        await self.world.delete(message)
        interaction.responses.append(Response("delete", message=message))
        self.world.changed()
        return ok(None)
