"""Application commands: the trees the bot syncs, and interaction data built from them the way
Discord's client would build it, so a test cannot invoke a command, subcommand, option or choice
the bot never registered, nor pass a value of the wrong type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .models import (
    Attachment,
    Channel,
    FakeDiscordError,
    Guild,
    Role,
    User,
)

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
_TYPE_NAMES = {STRING: "string", INTEGER: "integer", BOOLEAN: "boolean", USER: "user",
               CHANNEL: "channel", ROLE: "role", MENTIONABLE: "mentionable", NUMBER: "number",
               ATTACHMENT: "attachment"}
CONTEXT_GUILD, CONTEXT_BOT_DM = 0, 1


class CommandStore:
    """The command trees the bot synced: global ones and one per guild. Ids stay the same when
    a command is synced again under the same name, as on Discord."""

    def __init__(self, application_id: int, new_id: Callable[[], int]) -> None:
        self.application_id = application_id
        self._new_id = new_id
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.syncs = 0

    def scope(self, guild_id: int | None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.setdefault(guild_id, [])

    def _complete(self, body: dict[str, Any], guild_id: int | None,
                  old: list[dict[str, Any]]) -> dict[str, Any]:
        kind = body.get("type", 1)
        same = next((c for c in old if c["name"] == body["name"] and c["type"] == kind), None)
        command = {"options": [], "default_member_permissions": None, "nsfw": False,
                   "description": "", **body, "type": kind,
                   "id": same["id"] if same else str(self._new_id()),
                   "application_id": str(self.application_id),
                   "version": str(self._new_id())}
        # As Discord stores them: permissions as a string of digits, and installed to servers
        # (integration type 0) when the bot names no integration type.
        if command["default_member_permissions"] is not None:
            command["default_member_permissions"] = str(command["default_member_permissions"])
        if command.get("integration_types") is None:
            command["integration_types"] = [0]
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def replace(self, guild_id: int | None, bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
        old = self.scope(guild_id)
        new = [self._complete(b, guild_id, old) for b in bodies]
        old[:] = new
        self.syncs += 1
        return new

    def upsert(self, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
        commands = self.scope(guild_id)
        command = self._complete(body, guild_id, commands)
        commands[:] = [c for c in commands if c["id"] != command["id"]] + [command]
        self.syncs += 1
        return command

    def delete(self, guild_id: int | None, command_id: str) -> bool:
        commands = self.scope(guild_id)
        before = len(commands)
        commands[:] = [c for c in commands if c["id"] != command_id]
        return len(commands) < before

    def find(self, name: str, guild: Guild | None) -> dict[str, Any]:
        """The chat-input command a user in `guild` (None: in a DM with the bot) would see."""
        visible = list(self.global_commands)
        if guild is not None:
            visible = self.scope(guild.id) + visible
        for command in visible:
            if command["name"] == name and command["type"] == 1:
                if guild is None and not _usable_in_dm(command):
                    raise FakeDiscordError(f"/{name} is not available in DMs "
                                           f"(contexts={command.get('contexts')}, "
                                           f"dm_permission={command.get('dm_permission')})")
                return command
        where = f"guild {guild.name!r}" if guild else "DMs"
        names = sorted(c["name"] for c in visible if c["type"] == 1)
        raise FakeDiscordError(f"no slash command /{name} synced for {where}; synced: {names}")


def _usable_in_dm(command: dict[str, Any]) -> bool:
    if command.get("guild_id") is not None:
        return False
    contexts = command.get("contexts")
    if contexts is not None:
        return CONTEXT_BOT_DM in contexts
    return command.get("dm_permission", True) is not False


class Resolved:
    """The `resolved` section of an interaction: full objects for user/channel/role/attachment
    option values."""

    def __init__(self, guild: Guild | None, base_url: str, channel: Channel,
                 invoker: User) -> None:
        self.guild = guild
        self.base_url = base_url
        self.channel = channel
        self.invoker = invoker
        self.data: dict[str, dict[str, Any]] = {}
        self.attachments: list[Attachment] = []

    def add_user(self, user: User) -> None:
        self.data.setdefault("users", {})[str(user.id)] = user.payload()
        if self.guild is not None and user.id in self.guild.members:
            member = self.guild.members[user.id].payload(with_user=False)
            member["permissions"] = str(self.guild.permissions_in(user, self.channel))
            self.data.setdefault("members", {})[str(user.id)] = member

    def add_role(self, role: Role) -> None:
        self.data.setdefault("roles", {})[str(role.id)] = role.payload()

    def add_channel(self, channel: Channel) -> None:
        self.data.setdefault("channels", {})[str(channel.id)] = interaction_channel_payload(
            channel, self.guild, self.invoker)

    def add_attachment(self, attachment: Attachment) -> None:
        self.attachments.append(attachment)
        self.data.setdefault("attachments", {})[str(attachment.id)] = attachment.payload(
            self.base_url, self.channel.id)


def _convert(option: dict[str, Any], value: Any, resolved: Resolved,
             new_attachment: Callable[[str, bytes], Attachment]) -> Any:
    """An option value as Discord sends it, checked against the option's declared type,
    choices and bounds."""
    kind, name = option["type"], option["name"]
    expected = _TYPE_NAMES.get(kind, str(kind))

    def wrong() -> FakeDiscordError:
        return FakeDiscordError(f"option {name!r} is a {expected} option; got {value!r}")

    if kind == STRING:
        if not isinstance(value, str):
            raise wrong()
        if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise FakeDiscordError(f"option {name!r}: length {len(value)} outside "
                                   f"{option.get('min_length', 0)}..{option.get('max_length', 6000)}")
    elif kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float) or (
                kind == INTEGER and not isinstance(value, int)):
            raise wrong()
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise FakeDiscordError(f"option {name!r}: {value} outside {low}..{high}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise wrong()
    elif kind == USER or (kind == MENTIONABLE and isinstance(value, User)):
        if not isinstance(value, User):
            raise wrong()
        resolved.add_user(value)
        return str(value.id)
    elif kind == ROLE or (kind == MENTIONABLE and isinstance(value, Role)):
        if not isinstance(value, Role):
            raise wrong()
        resolved.add_role(value)
        return str(value.id)
    elif kind == CHANNEL:
        if not isinstance(value, Channel):
            raise wrong()
        allowed = option.get("channel_types")
        if allowed and value.type not in allowed:
            raise FakeDiscordError(f"option {name!r} takes channel types {allowed}, "
                                   f"not {value.type}")
        resolved.add_channel(value)
        return str(value.id)
    elif kind == ATTACHMENT:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes)):
            raise FakeDiscordError(f"option {name!r} takes a (filename, bytes) attachment")
        attachment = new_attachment(*value)
        resolved.add_attachment(attachment)
        return str(attachment.id)
    else:
        raise wrong()
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise FakeDiscordError(f"option {name!r} must be one of "
                               f"{[c['value'] for c in choices]}; got {value!r}")
    return value


def build_command_data(command: dict[str, Any], path: tuple[str, ...], options: dict[str, Any],
                       resolved: Resolved, new_attachment: Callable[[str, bytes], Attachment],
                       *, focused: str | None = None) -> dict[str, Any]:
    """The `data` of an APPLICATION_COMMAND (or, with `focused`, AUTOCOMPLETE) interaction for
    `/command *path` with `options` (name -> Python value)."""
    node, chain = command, []
    for part in path:
        sub = next((o for o in node.get("options") or []
                    if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            known = [o["name"] for o in node.get("options") or []
                     if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise FakeDiscordError(f"/{command['name']} has no subcommand {part!r} under "
                                   f"{node['name']!r}; it has {known}")
        chain.append(sub)
        node = sub
    declared = node.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in declared):
        raise FakeDiscordError(f"/{' '.join([command['name'], *path])} needs a subcommand: "
                               f"{[o['name'] for o in declared]}")
    by_name = {o["name"]: o for o in declared}
    options = {k: v for k, v in options.items() if v is not None}   # None: left empty
    leaf_options: list[dict[str, Any]] = []
    for name, value in options.items():
        if name not in by_name:
            raise FakeDiscordError(f"/{' '.join([command['name'], *path])} has no option "
                                   f"{name!r}; it has {sorted(by_name)}")
        option = by_name[name]
        if name == focused:
            if not option.get("autocomplete"):
                raise FakeDiscordError(f"option {name!r} was not registered with autocomplete")
            leaf_options.append({"name": name, "type": option["type"], "value": str(value),
                                 "focused": True})
            continue
        leaf_options.append({"name": name, "type": option["type"],
                             "value": _convert(option, value, resolved, new_attachment)})
    if focused is None:
        missing = [o["name"] for o in declared if o.get("required") and o["name"] not in options]
        if missing:
            raise FakeDiscordError(f"/{' '.join([command['name'], *path])} needs {missing}")
    elif focused not in options:
        raise FakeDiscordError(f"the focused option {focused!r} needs a (partial) value")
    for sub in reversed(chain):
        leaf_options = [{"name": sub["name"], "type": sub["type"], "options": leaf_options}]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1,
                            "options": leaf_options}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved.data:
        data["resolved"] = resolved.data
    return data


def check_member_can_use(command: dict[str, Any], guild: Guild | None, channel: Channel,
                         user: User) -> None:
    """Discord hides a command with default_member_permissions from members lacking them."""
    required = command.get("default_member_permissions")
    if guild is None or required is None:
        return
    if int(required) & ~guild.permissions_in(user, channel):
        raise FakeDiscordError(f"{user.name} lacks the permissions /{command['name']} requires "
                               f"({required}); Discord would not show it to them")


def interaction_channel_payload(channel: Channel, guild: Guild | None,
                                user: User) -> dict[str, Any]:
    """A channel as interactions carry it: with the invoking user's permissions in it."""
    data = channel.payload()
    if guild is not None and user.id in guild.members:
        data["permissions"] = str(guild.permissions_in(user, channel))
    return data
