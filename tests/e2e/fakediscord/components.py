"""What a Discord client sends when a user acts on what the bot showed: the INTERACTION_CREATE
payload, the data of a click on a button or select menu, and of a submitted modal, each
checked against what the bot really sent."""

from __future__ import annotations

from typing import Any

from .commands import interaction_channel_payload
from .models import (
    DM_BOT_PERMISSIONS,
    FakeDiscordError,
    Interaction,
    Message,
    User,
    iter_components,
)

_GUILD_CONTEXT, _BOT_DM_CONTEXT = 0, 1
# Component types.
ACTION_ROW, STRING_SELECT, TEXT_INPUT, LABEL = 1, 3, 4, 18
_SELECTS = {STRING_SELECT, 5, 6, 7, 8}   # string, user, role, mentionable and channel selects


def interaction_payload(interaction: Interaction, bot: User, base_url: str) -> dict[str, Any]:
    """INTERACTION_CREATE's data: who, where (with permissions), in which locale, and on
    which message for components."""
    guild, channel, user = interaction.guild, interaction.channel, interaction.user
    payload: dict[str, Any] = {
        "id": str(interaction.id), "application_id": str(interaction.application_id),
        "type": interaction.type, "data": interaction.data, "token": interaction.token,
        "version": 1,
        "channel": interaction_channel_payload(channel, guild, user),
        "channel_id": str(channel.id), "locale": interaction.locale,
        "app_permissions": str(guild.permissions_in(bot, channel) if guild
                               else DM_BOT_PERMISSIONS),
        "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
    }
    if guild is not None:
        member = guild.members[user.id].payload()
        member["permissions"] = str(guild.permissions_in(user, channel))
        payload |= {"guild_id": str(guild.id), "guild_locale": guild.locale,
                    "member": member, "context": _GUILD_CONTEXT,
                    "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                    "authorizing_integration_owners": {"0": str(guild.id)}}
    else:
        payload |= {"user": user.payload(), "context": _BOT_DM_CONTEXT,
                    "authorizing_integration_owners": {"1": str(user.id)}}
    if interaction.message is not None:
        payload["message"] = interaction.message.payload(base_url, guild)
    return payload


def click_data(message: Message, custom_id: str, values: list[str] | None) -> dict[str, Any]:
    """The data of a click on the component `custom_id` of `message`."""
    component = next((c for c in iter_components(message.components)
                      if c.get("custom_id") == custom_id), None)
    if component is None:
        raise FakeDiscordError(f"message {message.id} has no component {custom_id!r}; it has "
                               f"{message.custom_ids()}")
    if component.get("disabled"):
        raise FakeDiscordError(f"component {custom_id!r} is disabled")
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
    if component["type"] in _SELECTS:
        if values is None:
            raise FakeDiscordError(f"{custom_id!r} is a select menu: pass values=[...]")
        options = [o["value"] for o in component.get("options", [])]
        if component["type"] == STRING_SELECT and not set(values) <= set(options):
            raise FakeDiscordError(f"select {custom_id!r} offers {options}; got {values}")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise FakeDiscordError(f"select {custom_id!r} takes {low}..{high} values")
        data["values"] = values
    return data


def modal_submission(modal: dict[str, Any], values: dict[str, str | list[str]]) -> dict[str, Any]:
    """The data of submitting `modal` filled in with `values` (custom_id -> text, or the
    picked values of a select)."""
    inputs = {c["custom_id"]: c for c in iter_components(modal["components"])
              if "custom_id" in c}
    unknown = set(values) - set(inputs)
    if unknown:
        raise FakeDiscordError(f"modal {modal['custom_id']!r} has no inputs {sorted(unknown)}; "
                               f"it has {sorted(inputs)}")
    for custom_id, spec in inputs.items():
        value = values.get(custom_id)
        if spec["type"] == TEXT_INPUT:
            text = value or ""
            if not isinstance(text, str):
                raise FakeDiscordError(f"text input {custom_id!r} takes a string")
            if spec.get("required", True) and not text:
                raise FakeDiscordError(f"text input {custom_id!r} is required")
            if text and not spec.get("min_length", 0) <= len(text) <= spec.get(
                    "max_length", 4000):
                raise FakeDiscordError(f"text input {custom_id!r}: length {len(text)} outside "
                                       f"{spec.get('min_length', 0)}..{spec.get('max_length', 4000)}")

    def answered(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
        result = []
        for c in components:
            if c["type"] == ACTION_ROW:
                result.append({"type": ACTION_ROW, "components": answered(c["components"])})
            elif c["type"] == LABEL:
                result.append({"type": LABEL, "component": answered([c["component"]])[0]})
            elif c["type"] == TEXT_INPUT:
                result.append({"type": TEXT_INPUT, "custom_id": c["custom_id"],
                               "value": values.get(c["custom_id"], "")})
            elif "custom_id" in c:
                result.append({"type": c["type"], "custom_id": c["custom_id"],
                               "values": list(values.get(c["custom_id"], []))})
        return result

    data = {"custom_id": modal["custom_id"], "components": answered(modal["components"])}
    return data
