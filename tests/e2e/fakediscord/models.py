"""The stand-in's world: users, guilds, channels, roles, members, messages and interactions,
each able to write itself as the JSON payload Discord's API v10 would send."""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
MANAGE_GUILD = 1 << 5
MANAGE_CHANNELS = 1 << 4
MANAGE_ROLES = 1 << 28
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_APPLICATION_COMMANDS = 1 << 31
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
                        | READ_MESSAGE_HISTORY | ADD_REACTIONS | USE_APPLICATION_COMMANDS)
MANAGE_MESSAGES = 1 << 13
# What a bot invited with the usual scopes gets: no Administrator, so channel overwrites bind it.
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MENTION_EVERYONE | MANAGE_MESSAGES
DM_BOT_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
                      | READ_MESSAGE_HISTORY | ADD_REACTIONS)

# Channel types.
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7


# The locales a Discord client reports (https://discord.com/developers/docs/reference#locales).
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko"})


class FakeDiscordError(AssertionError):
    """The test asked for something Discord's own client would not let a user do (an unknown
    command or option, a wrong type, an unknown locale), or something did not happen in
    time."""


def check_locale(locale: str) -> str:
    if locale not in LOCALES:
        raise FakeDiscordError(f"{locale!r} is not a Discord locale; Discord's are "
                             f"{sorted(LOCALES)}")
    return locale


class Snowflakes:
    """Ids as Discord makes them: milliseconds since 2015 in the high bits, so ids sort by time
    and `discord.utils.snowflake_time` gives a sensible creation date."""

    def __init__(self) -> None:
        self._counter = itertools.count()

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """An id whose guild lands on `shard_id` of `shard_count`, (id >> 22) % count: its
        time part moved back by less than `shard_count` milliseconds."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} is not one of 0..{shard_count - 1}")
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        ms -= (ms - shard_id) % shard_count
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass(eq=False)
class User:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    dm_channel_id: int | None = None
    accepts_dms: bool = True     # False: the bot's DMs are refused (403, code 50007)
    left_every_guild: bool = False   # True: left the last server shared with the bot (DMs 403)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "global_name": self.name,
                "discriminator": "0", "avatar": None, "bot": self.bot, "public_flags": 0,
                "flags": 0, "primary_guild": None}


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 1
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False, "icon": None, "unicode_emoji": None, "position": self.position,
                "permissions": str(self.permissions), "managed": self.managed,
                "mentionable": True, "flags": 0}


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    recipient: User | None = None   # the other side of a DM channel
    position: int = 0
    parent_id: int | None = None    # the category a guild channel is in
    # Permission overwrites: role or user id -> (type 0 role / 1 member, allow, deny).
    overwrites: dict[int, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM, "last_message_id": None,
                    "recipients": [self.recipient.payload()], "flags": 0}
        return {"id": str(self.id), "type": self.type, "guild_id": str(self.guild_id),
                "name": self.name, "position": self.position,
                "permission_overwrites": [
                    {"id": str(target), "type": kind, "allow": str(allow), "deny": str(deny)}
                    for target, (kind, allow, deny) in self.overwrites.items()],
                "parent_id": str(self.parent_id) if self.parent_id else None,
                "topic": None, "nsfw": False, "last_message_id": None,
                "rate_limit_per_user": 0, "flags": 0}


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    nick: str | None = None

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {"roles": [str(r) for r in self.role_ids], "nick": self.nick,
                                "avatar": None, "banner": None, "joined_at": self.joined_at,
                                "deaf": False,
                                "mute": False, "flags": 0, "pending": False,
                                "premium_since": None, "communication_disabled_until": None}
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner: User
    locale: str = "en-US"
    channels: dict[int, Channel] = field(default_factory=dict)
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def role_named(self, name: str) -> Role | None:
        return next((r for r in self.roles.values() if r.name == name), None)

    def permissions_of(self, user: User) -> int:
        """The member's guild-wide permissions, as Discord computes them without overwrites."""
        if user.id == self.owner.id:
            return ALL_PERMISSIONS
        member = self.members[user.id]
        bits = self.everyone.permissions
        for role_id in member.role_ids:
            bits |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if bits & ADMINISTRATOR else bits

    def permissions_in(self, user: User, channel: Channel) -> int:
        """The member's permissions in `channel`: @everyone's overwrite, then the roles'
        together, then the member's own, as Discord applies them."""
        bits = self.permissions_of(user)
        if bits == ALL_PERMISSIONS:
            return bits
        member = self.members[user.id]

        def apply(bits: int, target: int) -> int:
            _, allow, deny = channel.overwrites.get(target, (0, 0, 0))
            return (bits & ~deny) | allow
        bits = apply(bits, self.id)
        role_allow = role_deny = 0
        for role_id in member.role_ids:
            _, allow, deny = channel.overwrites.get(role_id, (0, 0, 0))
            role_allow, role_deny = role_allow | allow, role_deny | deny
        bits = (bits & ~role_deny) | role_allow
        return apply(bits, user.id)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "name": self.name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(self.owner.id), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "roles": [r.payload() for r in self.roles.values()],
            "emojis": [], "stickers": [], "features": [], "mfa_level": 0, "application_id": None,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "vanity_url_code": None, "description": None, "banner": None, "premium_tier": 0,
            "premium_subscription_count": 0, "preferred_locale": self.locale,
            "public_updates_channel_id": None, "nsfw_level": 0, "nsfw": False,
            "premium_progress_bar_enabled": False, "home_header": None, "region": "deprecated",
            "widget_enabled": False, "widget_channel_id": None, "max_presences": None,
            "max_members": 250_000, "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25, "safety_alerts_channel_id": None,
            "incidents_data": None,
            # Gateway-only fields of GUILD_CREATE. member_count equal to the members sent
            # means discord.py sees the guild as chunked and does not ask for members.
            "joined_at": iso_now(), "large": False, "unavailable": False,
            "member_count": len(self.members),
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in self.channels.values()],
            "threads": [], "presences": [], "voice_states": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
        }


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    description: str | None = None

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {"id": str(self.id), "filename": self.filename,
                                "size": len(self.data), "url": url, "proxy_url": url,
                                "content_type": self.content_type}
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass(eq=False)
class Message:
    """A message anybody posted: the bot (through REST or an interaction response) or a test
    user (through the test-side API)."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    interaction: Interaction | None = None    # the interaction this message answers
    reference_id: int | None = None
    mentions: list[User] = field(default_factory=list)
    reactions: list[str] = field(default_factory=list)
    # what it showed before each edit, oldest first: (content, embeds, components, attachments)
    earlier: list[tuple[str, list[dict[str, Any]], list[dict[str, Any]], list[Attachment]]] = \
        field(default_factory=list)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(a.filename, a.data) for a in self.attachments]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def interaction_id(self) -> int | None:
        return self.interaction.id if self.interaction else None

    @property
    def text(self) -> str:
        """Content and every embed's visible text in one string, for assertions on what a
        player would read."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for f in embed.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append(embed.get("footer", {}).get("text", ""))
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def payload(self, base_url: str, guild: Guild | None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel.id), "type": 0,
            "author": self.author.payload(), "content": self.content,
            "timestamp": self.timestamp, "edited_timestamp": self.edited_timestamp,
            "tts": False, "mention_everyone": False,
            "mentions": [u.payload() for u in self.mentions], "mention_roles": [],
            "attachments": [a.payload(base_url, self.channel.id) for a in self.attachments],
            "embeds": embeds_payload(self.embeds),
            "components": components_payload(self.components),
            "pinned": False, "flags": self.flags,
        }
        if self.interaction is not None:
            # Interaction answers are posted through the application's webhook.
            app = str(self.interaction.application_id)
            data |= {"webhook_id": app, "application_id": app,
                     "interaction_metadata": self.interaction.metadata()}
        if self.reference_id is not None:
            data["message_reference"] = {"type": 0, "message_id": str(self.reference_id),
                                         "channel_id": str(self.channel.id)}
            if guild is not None:
                data["message_reference"]["guild_id"] = str(guild.id)
        if guild is not None:
            data["guild_id"] = str(guild.id)
            member = guild.members.get(self.author.id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        return data


def embeds_payload(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Embeds as Discord answers them: of type "rich" unless said, each field's `inline`
    filled in (False)."""
    return [{"type": "rich", **embed,
             **({"fields": [{"inline": False, **f} for f in embed["fields"]]}
                if "fields" in embed else {})}
            for embed in embeds]


# Select menus: string, user, role, mentionable, channel.
_SELECTS = frozenset({3, 5, 6, 7, 8})


def components_payload(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components as Discord answers them: each numbered with an `id` (1, 2, ... in the
    message's order, where the bot gave none), a select menu's `min_values`/`max_values`
    filled in (1 by default), and a Unicode emoji given by its name alone (discord.py sends
    `"id": null` beside it). The stored components are left as the bot sent them."""
    counter = itertools.count(1)

    def emoji(data: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in data.items() if not (k == "id" and v is None)}

    def fill(component: dict[str, Any]) -> dict[str, Any]:
        number = next(counter)
        done = {**component, "id": component.get("id") or number}
        if component.get("type") in _SELECTS:
            done.setdefault("min_values", 1)
            done.setdefault("max_values", 1)
        if "emoji" in component:
            done["emoji"] = emoji(component["emoji"])
        if "options" in component:
            done["options"] = [{**o, "emoji": emoji(o["emoji"])} if "emoji" in o else o
                               for o in component["options"]]
        if "components" in component:
            done["components"] = [fill(c) for c in component["components"]]
        if "accessory" in component:
            done["accessory"] = fill(component["accessory"])
        return done

    return [fill(c) for c in components]


def iter_components(components: list[dict[str, Any]]):
    """Every component of a message, action rows and containers opened."""
    for component in components:
        yield component
        yield from iter_components(component.get("components", []))
        if "accessory" in component:
            yield component["accessory"]


@dataclass
class Response:
    """One thing the bot did in answer to an interaction: the callback (`kind="callback"`,
    with the callback `type`), a followup, or an edit or deletion of the original response."""

    kind: str
    type: int | None = None
    message: Message | None = None
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return self.message.files if self.message else []

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.ephemeral)

    @property
    def text(self) -> str:
        return self.message.text if self.message else ""


@dataclass(eq=False)
class Interaction:
    """An interaction the test sent to the bot, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: User
    guild: Guild | None
    channel: Channel
    data: dict[str, Any]
    locale: str
    application_id: int = 0
    created: float = field(default_factory=time.monotonic)
    message: Message | None = None            # the message a clicked component is on
    attachments: list[Attachment] = field(default_factory=list)   # attachment option values
    responses: list[Response] = field(default_factory=list)
    original: Message | None = None           # the message the callback created, if any
    acknowledged: bool = False
    trigger: Interaction | None = None        # a modal submission: the interaction that opened it

    def metadata(self) -> dict[str, Any]:
        """The `interaction_metadata` of the messages answering it. The bot is installed to
        servers (integration type 0): the owner is the server, "0" in a DM with the bot."""
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "user": self.user.payload(),
            "authorizing_integration_owners": {"0": str(self.guild.id) if self.guild else "0"}}
        if self.type == 3:     # a component: the message it is on
            assert self.message is not None
            data["interacted_message_id"] = str(self.message.id)
        elif self.type == 5:   # a modal: what opened it
            assert self.trigger is not None
            data["triggering_interaction_metadata"] = self.trigger.metadata()
        return data

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """The autocomplete choices the bot answered, if it has answered."""
        return next((r.choices for r in self.responses if r.choices is not None), None)


@dataclass
class InjectedFailure:
    """An answer the test wants the next matching REST call(s) to get instead of success."""

    method: str
    path: re.Pattern[str]
    status: int
    body: dict[str, Any]
    times: int = 1
    retry_after: float | None = None


@dataclass
class RecordedRequest:
    """A REST call the bot made, as the tests see it."""

    method: str
    path: str
    query: dict[str, str]
    json: Any = None
    files: list[tuple[str, int]] = field(default_factory=list)   # (filename, size)
    status: int = 0
    matched: bool = True
    error: str | None = None      # set when the stand-in itself failed on the call
    multipart: bool = False       # the body came as multipart/form-data (with payload_json)
    answer: Any = None            # the JSON the stand-in answered (None: no body)
    injected: bool = False        # answered by a failure the test asked for (`fail_next`)

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"
