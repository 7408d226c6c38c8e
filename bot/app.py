"""The bot: a `commands.AutoShardedBot` that holds the game service and loads one cog per area.

One process connects every shard Discord recommends, or (ARBITRO_SHARDS) its slice of them:
see docs/scaling.md. Direct messages reach only the process holding shard 0; slash commands
reach the process holding their server's shard; what the service posts by itself goes out by
REST from whichever process adjudicated, within this process's REST budget.

Handlers stay thin: they resolve the game and the caller, call the service, and turn what comes
back (or the domain error raised) into a reply in the caller's language.
"""

from __future__ import annotations

import asyncio
import logging
from time import monotonic
from typing import TYPE_CHECKING, Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.guild_facts import GuildFactsBook
from bot.i18n import language_of, tr
from bot.limits import split_text
from bot.params import words
from bot.permissions import intents
from bot.ratelimit import DmQueues
from bot.rest_budget import RestBudget
from bot.translator import CatalogueTranslator
from ops.settings import Settings
from service.errors import ServiceError

if TYPE_CHECKING:
    from service.game_service import GameService

log = logging.getLogger(__name__)

# How long a user's language, as read from the database, is trusted before it is read again
# (a /language choice made through another bot process reaches this one within it).
LANGUAGE_TTL = 60.0

EXTENSIONS = ("bot.cogs.games", "bot.cogs.orders", "bot.cogs.moderation", "bot.cogs.deadlines",
              "bot.cogs.help", "bot.cogs.schedules", "bot.cogs.seats", "bot.cogs.channels",
              "bot.cogs.press")


class NotModerator(app_commands.CheckFailure):
    """A /mod command from someone without Manage Server or the moderator role."""


def apply_api_base(base: str | None) -> None:
    """Point discord.py's REST client at `base` (a stand-in of Discord in tests). The gateway
    address then comes from that server's GET /gateway/bot (see `ArbitroBot.setup_hook`)."""
    if base:
        discord.http.Route.BASE = base.rstrip("/")


class ArbitroBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, sync: bool = False,
                 tick_seconds: float = 60.0, gateway: bool = True) -> None:
        shards = settings.shards     # None: every shard, as many as Discord recommends
        super().__init__(shard_ids=list(shards.ids) if shards else None,
                         shard_count=shards.count if shards else None,
                         command_prefix=commands.when_mentioned,
                         intents=intents(members=settings.members_intent,
                                         message_content=settings.message_content),
                         help_command=None,
                         # names show without notifying anyone; reminders and "your
                         # turn" posts ask for pings explicitly (bot.notifier)
                         allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.sync_commands = sync
        # False: a worker, logged in for REST only (posts, no gateway, no commands published)
        self.gateway = gateway
        self.tick_seconds = tick_seconds       # how often the deadlines cog runs what is due
        self.service: GameService = None  # type: ignore[assignment]  # set by `serve`
        self.serving = asyncio.Event()       # set once the service is there
        self.dm_queues = DmQueues()          # a user's DMs are read one at a time, in order
        # user id -> (chosen with /language, last seen Discord locale): a cache of what the
        # service stores, so replies stay in a user's language after a restart too.
        self._languages: dict[int, tuple[str | None, str | None]] = {}
        # when each was read from the database: another process (another shard's) may store a
        # new choice, so a cached one is read again after LANGUAGE_TTL seconds
        self._languages_read: dict[int, float] = {}
        # Buttons to attach to the service's messages of a key (message, language -> view):
        # registered by the cogs that answer them (bot/notifier.py attaches them).
        self.message_views: dict[str, Any] = {}
        # the language and upload limit of servers, also those of other processes' shards
        self.guild_facts = GuildFactsBook(self)
        # this process's share of Discord's global request budget (bot/rest_budget.py)
        self.rest_budget = (RestBudget(settings.rest_budget)
                            if settings.rest_budget is not None else None)
        if self.rest_budget is not None:
            self.http.request = self.rest_budget.wrap(self.http.request)  # type: ignore[method-assign]

    def serve(self, service: GameService) -> None:
        """Hand the bot its service (the runner, once the service is open)."""
        self.service = service
        self.serving.set()

    async def start_serving(self, service: GameService) -> None:
        """Attach the service opened with `start=False`, then run its start-up (phases
        adjudicated but never announced, deadlines that passed while the bot was down): those
        posts go through this bot, which needs its service (server facts, languages, a game's
        channels), so it is attached first and the announcements go out at once."""
        self.service = service
        await service.startup()
        self.serving.set()

    async def setup_hook(self) -> None:
        if self.settings.discord_api_base and self.gateway:
            await self._follow_gateway()
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.tree.on_error = self.on_app_command_error
        await self.tree.set_translator(CatalogueTranslator())
        await self._sync()

    async def _follow_gateway(self) -> None:
        # discord.py connects to Discord's fixed gateway unless told otherwise; a custom API
        # base says where its gateway is through the documented GET /gateway/bot.
        _shards, url, _limits = await self.http.get_bot_gateway()
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        log.info("using the gateway %s of %s", url, self.settings.discord_api_base)

    async def _sync(self) -> None:
        """Publish the commands: to the test server (by the process holding its shard, so
        several processes do not all sync it), or globally when asked (`--sync`: give it to
        one process only)."""
        guild_id = self.settings.test_guild_id
        shards = self.settings.shards
        if not self.gateway:
            return                         # a worker answers no commands: it publishes none
        if guild_id and shards and (guild_id >> 22) % shards.count not in shards.ids:
            log.info("the test server %s is on another process's shard: not synced here",
                     guild_id)
        elif guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the test server %s", len(synced), guild_id)
        elif self.sync_commands:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d servers on shards %s of %s", self.user,
                 getattr(self.user, "id", "?"), len(self.guilds),
                 self.shard_ids or "all", self.shard_count)
        for guild in self.guilds:
            await self._remember_guild(guild)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self._remember_guild(guild)

    async def on_guild_update(self, _before: discord.Guild, after: discord.Guild) -> None:
        await self._remember_guild(after)

    async def _remember_guild(self, guild: discord.Guild) -> None:
        try:
            await self.guild_facts.remember(guild)
        except Exception:  # noqa: BLE001 - posts fall back to asking Discord
            log.exception("storing the language and upload limit of server %s failed", guild.id)

    # --- languages ---------------------------------------------------------------------

    async def language_of_user(self, user_id: int, locale: object | None = None) -> str:
        """The user's chosen language (/language), else their Discord locale (as given now,
        or as last seen in one of their commands and stored), else English. Discord tells a
        user's locale only with their commands, not with their DMs: a new one is stored."""
        await self._read_languages(user_id)
        chosen, seen = self._languages[user_id]
        if locale is not None:
            current = language_of(locale)
            if current != seen:
                await self.service.preferences.remember_seen_language(user_id, current)
                seen = current
                self._languages[user_id] = (chosen, seen)
        return chosen or seen or "en"

    async def known_language(self, user_id: int) -> str | None:
        """The user's chosen or last seen language; None for a user the bot has never seen
        (seated by a moderator, say, before any command of theirs)."""
        await self._read_languages(user_id)
        chosen, seen = self._languages[user_id]
        return chosen or seen

    async def _read_languages(self, user_id: int) -> None:
        if user_id not in self._languages \
                or monotonic() - self._languages_read.get(user_id, 0.0) > LANGUAGE_TTL:
            self._languages[user_id] = await self.service.preferences.user_languages(user_id)
            self._languages_read[user_id] = monotonic()

    def remembered_language(self, user_id: int) -> str:
        """The user's language as far as known without asking the service (for error replies
        when the service itself is failing)."""
        chosen, seen = self._languages.get(user_id, (None, None))
        return chosen or seen or "en"

    def knows_language(self, user_id: int) -> bool:
        """Whether a choice or a locale is known for the user (else the orders' language may
        decide the reply's)."""
        return any(self._languages.get(user_id, (None, None)))

    async def set_language(self, user_id: int, lang: str) -> None:
        await self.service.preferences.set_user_language(user_id, lang)
        _chosen, seen = self._languages.get(user_id, (None, None))
        self._languages[user_id] = (lang, seen)

    async def language_of_interaction(self, interaction: discord.Interaction) -> str:
        return await self.language_of_user(interaction.user.id, interaction.locale)

    # --- errors --------------------------------------------------------------------------

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        try:
            lang = await self.language_of_interaction(interaction)
        except Exception:  # noqa: BLE001 - the reply below must still go out
            lang = self.remembered_language(interaction.user.id)
        original = getattr(error, "original", error)
        if isinstance(original, ServiceError):
            text = error_text(lang, original)
        elif isinstance(error, NotModerator):
            text = tr(lang, "mod.refused")
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = tr(lang, "error.server_only")
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s by user %s in server %s channel %s failed", command,
                      interaction.user.id, interaction.guild_id, interaction.channel_id,
                      exc_info=original)
            text = tr(lang, "error.unexpected")
        await reply(interaction, text)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        # the arguments' kinds only: a message's text or an interaction's token stays out
        log.exception("unexpected error in %s (args: %s)", event_method,
                      ", ".join(type(a).__name__ for a in args[:2]))


def error_text(lang: str, error: ServiceError) -> str:
    """A domain error in the reader's language (its English text if no catalogue has it)."""
    return tr(lang, error.key, fallback=error.text, **words(lang, error.params))


async def reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True,
                file: discord.File | None = None) -> None:
    """Answer an interaction whether or not it was already answered or deferred, splitting
    text longer than one message."""
    pieces = split_text(text)
    for index, piece in enumerate(pieces):
        extra: dict[str, Any] = {}
        if file is not None and index == len(pieces) - 1:
            extra["file"] = file
        if not interaction.response.is_done():
            await interaction.response.send_message(piece, ephemeral=ephemeral, **extra)
        else:
            await interaction.followup.send(piece, ephemeral=ephemeral, **extra)
