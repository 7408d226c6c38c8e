"""Start-up: the long-lived resources are opened under `async with` and handed to the bot.

    async with running_bot(settings) as bot:   # connected and ready
        ...

`run_forever` is what `arbitro bot` runs; the end-to-end tests use `running_bot` with a
ManualClock and a short tick, against a stand-in of Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.app import ArbitroBot, apply_api_base
from bot.logs import keep_private
from bot.notifier import DiscordNotifier
from ops.daily_backups import daily_backups
from ops.settings import Settings
from service.game_service import GameService
from service.storage.db import shown
from service.timing.clock import Clock

log = logging.getLogger(__name__)


def _bot(settings: Settings, **options) -> ArbitroBot:
    """The bot of this process (`arbitro bot`, a worker, the tests), its REST client pointed
    where the settings say, its libraries' logs kept private."""
    if not settings.discord_token:
        raise ValueError("no DISCORD_TOKEN: see `arbitro bot` for how to get one")
    apply_api_base(settings.discord_api_base)
    keep_private()              # no library logs payloads, statements or tokens (bot/logs.py)
    return ArbitroBot(settings, **options)


def _service(settings: Settings, bot: ArbitroBot, *, clock: Clock | None = None,
             scheduler: bool = True) -> GameService:
    """The game service of a bot or worker process, posting through it. Opening it only opens
    the database: its start-up, which posts, runs in `bot.start_serving` once the bot holds
    it."""
    return GameService.open(settings.db_path, notifier=DiscordNotifier(bot), clock=clock,
                            scheduler=scheduler, instance=settings.instance,
                            render_processes=settings.render_processes, start=False)


@asynccontextmanager
async def running_bot(settings: Settings, *, clock: Clock | None = None, sync: bool = False,
                      scheduler: bool = True, tick_seconds: float = 60.0,
                      ready_timeout: float = 30.0) -> AsyncIterator[ArbitroBot]:
    """The bot logged in, its commands synced as asked, connected to the gateway and ready;
    closed (and the database with it) when the block ends.

    The order matters: log in first (REST works from then on), then open the service and
    attach it to the bot, then run the service's start-up, which may announce phases
    adjudicated while the bot was down (through the bot, which needs the service), then
    connect to the gateway, so no command arrives before the service is there to answer it."""
    bot = _bot(settings, sync=sync, tick_seconds=tick_seconds)
    async with bot:
        await bot.login(settings.discord_token)
        async with _service(settings, bot, clock=clock, scheduler=scheduler) as service, \
                daily_backups(settings.db_path, settings.backup_dir, settings.backup_keep,
                              clock):
            await bot.start_serving(service)
            runner = asyncio.create_task(bot.connect(), name="arbitro-gateway")
            ready = asyncio.create_task(bot.wait_until_ready())
            done, _ = await asyncio.wait({runner, ready}, timeout=ready_timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
            if ready not in done:
                ready.cancel()
                if runner in done:
                    runner.result()  # raises the reason the bot could not connect
                raise TimeoutError(f"the bot was not ready within {ready_timeout} s")
            try:
                yield bot
            finally:
                await bot.close()
                runner.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await runner


async def run_forever(settings: Settings, *, sync: bool = False) -> None:
    """`arbitro bot`: run until interrupted (same order as `running_bot`)."""
    bot = _bot(settings, sync=sync)
    async with bot:
        await bot.login(settings.discord_token or "")
        async with _service(settings, bot) as service, \
                daily_backups(settings.db_path, settings.backup_dir, settings.backup_keep):
            await bot.start_serving(service)
            log.info("database %s open; connecting to the gateway", shown(settings.db_path))
            await bot.connect()


@asynccontextmanager
async def running_worker(settings: Settings, *, clock: Clock | None = None,
                         tick_seconds: float = 60.0) -> AsyncIterator[ArbitroBot]:
    """A worker: a process that adjudicates and announces but holds no shard. It logs in for
    REST only (posting results, maps, reminders and notices), opens the service with its
    deadline alarms, and its deadlines cog runs what is due each `tick_seconds`, as in a bot
    process; it never connects to the gateway, so it receives no commands and no messages.
    Several processes on one PostgreSQL database share the deadlines (docs/scaling.md)."""
    bot = _bot(settings, tick_seconds=tick_seconds, gateway=False)
    async with bot:
        await bot.login(settings.discord_token)
        async with _service(settings, bot, clock=clock) as service:
            await bot.start_serving(service)
            yield bot           # the deadlines cog ticks from now on


async def run_worker_forever(settings: Settings) -> None:
    """`arbitro bot --worker`: run until interrupted."""
    async with running_worker(settings):
        log.info("worker on %s: adjudicating and announcing, no gateway",
                 shown(settings.db_path))
        await asyncio.Event().wait()

