"""The real bot (bot/ with the real service, grammar and renderer, a SQLite file in tmp_path)
running against the Discord stand-in, with a clock the test moves by hand.

    async with arbitro_bot(fake, tmp_path) as table:
        await table.run("mod", "create", user=mod, options={"name": "Lepanto"})
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.runner import running_bot
from ops.settings import Settings, ShardSlice
from service.timing.clock import ManualClock
from tests.e2e.fakediscord import Channel, FakeDiscord, Guild, Message, Response, User

PNG = b"\x89PNG\r\n\x1a\n"
TICK = 0.05   # seconds between the deadlines cog's runs (60 in production)
# How long after READY the bot waits for one more server before it is ready (2 s in
# production): the stand-in sends READY and every GUILD_CREATE back to back, and each bot
# start in these tests would otherwise wait the full 2 s for nothing.
GUILD_READY = 0.5


@dataclass
class Table:
    """One server with a game channel, the bot running, and helpers to act as its users."""

    fake: FakeDiscord
    bot: Any
    clock: ManualClock
    guild: Guild
    channel: Channel

    async def run(self, *path: str, user: User, options: dict[str, Any] | None = None,
                  channel: Channel | None = None, guild: Guild | None = None,
                  dm: bool = False, granted: bool = False) -> Response:
        """Run a slash command and return its final answer (past any deferral). `granted`:
        a server admin let this member use a command hidden by its default permissions."""
        where_guild = None if dm else (guild or self.guild)
        where_channel = None if dm else (channel or self.channel)
        interaction = await self.fake.invoke(user, where_guild, where_channel, *path,
                                             options=options or {},
                                             ignore_default_permissions=granted)
        return await self.fake.wait_for_response(
            interaction, lambda r: not (r.kind == "callback" and r.type == 5), timeout=20)

    async def dm(self, user: User, text: str) -> Message:
        """`user` sends orders in private; returns the bot's (first) reply."""
        sent = await self.fake.send_dm(user, text)
        return await self.fake.wait_for_dm(user, after=sent, timeout=20)

    async def pass_deadline(self, hours: float = 25) -> None:
        """Move the clock past the deadline; the bot's deadline tick does the rest."""
        self.clock.advance(timedelta(hours=hours))

    async def channel_message(self, predicate, *, after: Message | None = None,
                              timeout: float = 45) -> Message:
        """The first bot message in the game's channel matching `predicate`. A post with a map
        may wait for a drawing process to start (spawned on demand): on a machine loaded by
        four test workers that once took longer than 20 s, so the wait allows 45."""
        return await self.fake.wait_for_message(predicate, channel=self.channel, after=after,
                                                timeout=timeout)

    def last_in_channel(self) -> Message | None:
        messages = self.fake.messages_in(self.channel)
        return messages[-1] if messages else None


@asynccontextmanager
async def arbitro_bot(fake: FakeDiscord, tmp_path: Path, *, guild_locale: str = "en-US",
                      db_name: str = "arbitro.sqlite",
                      again: Table | None = None,
                      members_intent: bool = False, message_content: bool = False,
                      bot_permissions: int | None = None,
                      backup_dir: Path | None = None, shards: ShardSlice | None = None,
                      guild_shard: int | None = None, sync: bool = True,
                      tick_seconds: float = TICK, db: str | None = None,
                      instance: str | None = None,
                      log_level: str = "INFO") -> AsyncIterator[Table]:
    """The bot running on a new server with a game channel, or (`again`) a restart of the bot
    of an earlier Table: same server, channel, clock and database file. `bot_permissions`:
    the bot's server permissions (default: those of a bot invited with the usual scopes).

    Several bot processes: `shards` is the process's slice (ARBITRO_SHARDS), `guild_shard`
    the shard of the new server; a second process is `again=` the first one's Table while
    the first still runs (same server, clock and database), with `sync=False` (one process
    publishes the commands) and its own `instance` name. `db`: ARBITRO_DB instead of a SQLite
    file in tmp_path. `log_level`: the bot's own loggers' (ARBITRO_LOG_LEVEL)."""
    if again is None:
        extra = {} if bot_permissions is None else {"bot_permissions": bot_permissions}
        guild = fake.add_guild("Diplomacy club", locale=guild_locale, shard=guild_shard,
                               **extra)
        channel = fake.add_channel(guild, "lepanto")
        clock = ManualClock()
    else:
        guild, channel, clock = again.guild, again.channel, again.clock
    settings = Settings(db_path=db or str(tmp_path / db_name), log_level=log_level,
                        discord_token=fake.token, discord_api_base=fake.api_base,
                        members_intent=members_intent, message_content=message_content,
                        backup_dir=str(backup_dir) if backup_dir else None, shards=shards,
                        instance=instance,
                        # maps drawn by the real renderer in a thread: the worker processes
                        # are tested in tests/service/test_map_workers.py; here a rollback's
                        # post twice waited past 45 s for a drawing process on a machine
                        # loaded by four test workers
                        render_processes=0)
    logging.getLogger("bot").setLevel(log_level)
    async with running_bot(settings, clock=clock, sync=sync, scheduler=False,
                           tick_seconds=tick_seconds, guild_ready_timeout=GUILD_READY) as bot:
        await fake.wait_for_commands(None, names=("game", "orders", "mod", "ready", "draw",
                                                  "language"), timeout=20)
        yield Table(fake, bot, clock, guild, channel)
        await asyncio.sleep(0)


# Who plays what, and the locale of their Discord client (their replies' language).
PLAYERS = {"England": ("Emma", "en-GB"), "France": ("Francesca", "it"),
           "Germany": ("Gert", "nl"), "Italy": ("Italo", "it"), "Austria": ("Anna", "en-US"),
           "Russia": ("Ruud", "nl"), "Turkey": ("Tariq", "en-US")}


async def seat_everyone(fake: FakeDiscord, table: Table, name: str = "Lepanto", *,
                        options: dict[str, Any] | None = None, mod_locale: str = "en-US",
                        players: dict[str, tuple[str, str]] | None = None):
    """A moderator creates a game (with `options` besides name, deadline and reminder), its
    players join and are seated: `players` (power -> (user name, locale)), by default the
    seven of PLAYERS."""
    mod = fake.add_user("Mara", locale=mod_locale)
    fake.add_member(table.guild, mod, manage_guild=True)
    users = {}
    for power, (user_name, locale) in (players or PLAYERS).items():
        users[power] = fake.add_user(user_name, locale=locale)
        fake.add_member(table.guild, users[power])
    created = await table.run("mod", "create", user=mod, options={
        "name": name, "movement_hours": 24.0, "reminders": "24h, 2h", **(options or {})})
    assert name in created.content and created.ephemeral
    await table.channel_message(lambda m: not m.ephemeral and m.content.startswith("🎲")
                                and f"**{name}**" in m.content)
    for user in users.values():
        joined = await table.run("game", "join", user=user)
        assert name in joined.content
    assignments = ", ".join(f"{p} <@{u.id}>" for p, u in users.items())
    started = await table.run("mod", "start", user=mod, options={"assignments": assignments})
    assert name in started.content
    announcement = await table.channel_message(
        lambda m: not m.ephemeral and m.content.startswith(f"🏁 **{name}**"))
    assert all(f"<@{u.id}>" in announcement.content for u in users.values())
    assert announcement.mentions == []          # the roster names players without pinging
    await delivered(table)
    return mod, users


async def delivered(table: Table, timeout: float = 20) -> None:
    """Wait until the bot has posted everything its outbox owes (a new game's briefings go
    out after its start post: a test that reads a player's next DM must not find one of them
    there instead of the reply it waits for)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (waiting := await table.bot.service.outbox.owed_waiting()):
        if loop.time() > deadline:
            raise TimeoutError(f"the outbox still owes {waiting} message(s) after {timeout}s")
        await asyncio.sleep(0.02)


async def confirm(table: Table, user: User, asked: Response, button: int = 0) -> Response:
    """Press a button (0: go ahead, 1: cancel) of the question `asked`; the final answer."""
    click = await table.fake.click(user, asked.message, asked.message.custom_ids()[button])
    return await table.fake.wait_for_response(click, lambda r: r.kind == "followup"
                                              or (r.kind == "callback" and r.type == 7
                                                  and button == 1), timeout=20)


async def process_now(table: Table, mod: User, **options: Any) -> Response:
    """`/mod process`, confirming when it asks (orders missing); the final answer."""
    answer = await table.run("mod", "process", user=mod, options=options)
    if answer.message is not None and answer.message.custom_ids():
        return await confirm(table, mod, answer)
    return answer


def announced(table: Table, text: str, after: Message | None = None):
    """The first public post in the game's channel containing `text` (after `after`)."""
    return table.channel_message(lambda m: not m.ephemeral and text in m.content, after=after)


async def second_game(fake: FakeDiscord, table: Table, player: User, name: str = "Trafalgar",
                      *, power: str | None = None):
    """A second game, in its own channel, started with `player` (at `power`, else one drawn
    by lot) and six newcomers."""
    channel = fake.add_channel(table.guild, name.lower())
    mod = fake.add_user("Moe")
    fake.add_member(table.guild, mod, manage_guild=True)
    others = [fake.add_user(f"p{i}") for i in range(6)]
    for user in others:
        fake.add_member(table.guild, user)
    await table.run("mod", "create", user=mod, channel=channel, options={"name": name})
    for user in [player, *others]:
        await table.run("game", "join", user=user, channel=channel)
    assignments = None
    if power is not None:
        others_powers = [p for p in PLAYERS if p != power]
        assignments = ", ".join([f"{power} <@{player.id}>", *(
            f"{p} <@{u.id}>" for p, u in zip(others_powers, others, strict=True))])
    await table.run("mod", "start", user=mod, channel=channel,
                    options={"assignments": assignments} if assignments else None)
    await delivered(table)
    return channel
