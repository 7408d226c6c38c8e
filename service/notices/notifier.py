"""How the service talks back: a small protocol the bot implements with Discord, and the tests,
the demo and the benchmark implement in memory.

Every message carries a key and parameters (the bot may translate them) and an English text
(used as is by the CLI and by a bot that does not translate that key)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class ChannelUnavailable(Exception):
    """Raised by `Notifier.post` when the channel refuses the post for good (it is gone, or
    the bot may not write there): retrying at once cannot help until someone fixes it. The
    service keeps such a phase unannounced, tells the moderator, and tries again later."""


class Undeliverable(Exception):
    """Raised by `Notifier.send_private` when the recipient can never take the message (their
    direct messages are closed to the bot, the user is unknown): trying again cannot help, so
    the outbox records it and gives up (service/notices/outbox.py). Any other exception is taken as
    transient (Discord down, a 5xx) and the message is tried again."""


@dataclass(frozen=True)
class Message:
    key: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    image: bytes | None = None       # PNG
    image_name: str | None = None    # e.g. "S1901M.png"
    # The language a channel post is written in: the game's, when it has one (else the
    # server's). Private messages are in their reader's language; about a game, one to a
    # reader the bot has never seen falls back to the game's (`lang`), then the server's.
    lang: str | None = None
    guild_id: int | None = None      # a private message about a game: the game's server
    # ... and the game: in a game with its own channels it goes to the player's power's
    # channel, unless they asked for direct messages (docs/channels.md, `/notices`)
    game_id: int | None = None
    # Whether the users it names are pinged (reminders and "your turn"); everything else
    # shows names without notifying anyone.
    ping: bool = False
    # An anonymous game's channel post (docs/press.md): the users it names are shown as
    # "someone" (or in the key's ".anonymous" wording), never as who they are.
    anonymous: bool = False


class Notifier(Protocol):
    async def post(self, channel_id: int, message: Message) -> None:
        """Post to a game's channel (ChannelUnavailable when it refuses the post for good)."""
        ...

    async def send_private(self, user_id: int, message: Message) -> None:
        """Send a private (direct) message to one player (Undeliverable when they can never
        take it; any other exception: try again later)."""
        ...


class KnowsRoles(Protocol):
    """What a notifier may also say (optional): the members of a server holding a role that
    it knows of (the bot: those in its member cache). Fault reports go to them too when the
    role is the server's moderator role (`Outbox.moderators_of`)."""

    async def role_members(self, guild_id: int, role_id: int) -> list[int]:
        ...


@dataclass
class MemoryNotifier:
    """Keeps everything it is asked to send, in order."""

    posts: list[tuple[int, Message]] = field(default_factory=list)
    private: list[tuple[int, Message]] = field(default_factory=list)
    # (server, role) -> the members holding it (for `role_members`)
    roles: dict[tuple[int, int], list[int]] = field(default_factory=dict)

    async def post(self, channel_id: int, message: Message) -> None:
        self.posts.append((channel_id, message))

    async def send_private(self, user_id: int, message: Message) -> None:
        self.private.append((user_id, message))

    async def role_members(self, guild_id: int, role_id: int) -> list[int]:
        return list(self.roles.get((guild_id, role_id), []))

    def posted(self, key: str | None = None, channel_id: int | None = None) -> list[Message]:
        return [m for c, m in self.posts
                if (key is None or m.key == key) and (channel_id is None or c == channel_id)]

    def sent_to(self, user_id: int, key: str | None = None) -> list[Message]:
        return [m for u, m in self.private if u == user_id and (key is None or m.key == key)]
