"""What a post needs to know about its server, wherever it is made from: the server's
language (its preferred locale) and its upload limit.

With several bot processes (ARBITRO_SHARDS) a process has in its cache only the servers of
its own shards, but it posts the results and reminders of every game it adjudicates: for a
channel fetched by REST, discord.py gives an "unavailable" placeholder server, whose locale
and upload limit are defaults. So the facts are taken from the cached server when there is
one, else from what was stored when the owning process saw the server, else asked of
Discord (one GET /guilds/{id}) and stored.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.i18n import language_of
from bot.limits import DEFAULT_UPLOAD_LIMIT

if TYPE_CHECKING:
    from service.game_service import GameService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GuildFacts:
    locale: str           # the server's preferred locale as Discord names it ("it", "en-US")
    upload_limit: int     # bytes of attachments a message may carry there

    @classmethod
    def of(cls, guild: discord.Guild) -> GuildFacts:
        locale = guild.preferred_locale
        return cls(str(getattr(locale, "value", locale)), guild.filesize_limit)


# A direct message, or a server nothing can be learnt about.
NO_GUILD = GuildFacts("en-US", DEFAULT_UPLOAD_LIMIT)


def post_language(facts: GuildFacts, game_language: str | None = None) -> str:
    """A game's channel speaks the game's language; a channel without one falls back to the
    server's preferred locale (only Community servers can set it), then English."""
    return language_of(game_language) if game_language else language_of(facts.locale)


class FactsClient(Protocol):
    """What the book asks of the bot (bot.app.ArbitroBot): its cache of servers, Discord's
    REST and the service that stores the facts for the other processes."""

    service: GameService

    def get_guild(self, guild_id: int, /) -> discord.Guild | None: ...

    async def fetch_guild(self, guild_id: int, /) -> discord.Guild: ...


class GuildFactsBook:
    """The facts of the servers this process posts to (`bot.guild_facts`), kept in the
    service's guild_prefs so that every process reads what the owning one saw."""

    def __init__(self, bot: FactsClient) -> None:
        self.bot = bot
        self._written: dict[int, GuildFacts] = {}   # what this process last stored

    async def remember(self, guild: discord.Guild) -> None:
        """The owning process saw `guild` (ready, joined, changed): store its facts for the
        processes that post there without it in their cache."""
        facts = GuildFacts.of(guild)
        if self._written.get(guild.id) != facts:
            await self._store(guild.id, facts)

    async def for_channel(self, channel: Any) -> GuildFacts:
        guild_id = getattr(channel, "guild_id", None) or getattr(
            getattr(channel, "guild", None), "id", None)
        return await self.for_guild(guild_id)

    async def for_guild(self, guild_id: int | None) -> GuildFacts:
        if guild_id is None:
            return NO_GUILD
        cached = self.bot.get_guild(guild_id)
        if cached is not None and not cached.unavailable:
            return GuildFacts.of(cached)
        locale, upload_limit = await self.bot.service.preferences.guild_facts(guild_id)
        if locale is not None and upload_limit is not None:
            return GuildFacts(locale, upload_limit)
        try:       # never seen by its shard's process (yet): one GET, stored for next time
            fetched = GuildFacts.of(await self.bot.fetch_guild(guild_id))
        except discord.HTTPException as exc:
            log.warning("server %s: its language and upload limit are unknown (%s); "
                        "posting in English within the default limit", guild_id, exc)
            return NO_GUILD
        await self._store(guild_id, fetched)
        return fetched

    async def _store(self, guild_id: int, facts: GuildFacts) -> None:
        await self.bot.service.preferences.remember_guild(guild_id, facts.locale, facts.upload_limit)
        self._written[guild_id] = facts
