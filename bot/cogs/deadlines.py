"""Deadlines. The service keeps them (the database row is the truth; its scheduler's jobs are
rebuilt from the rows at start-up, and overdue phases are processed once). This cog adds a
steady tick that asks the service to run whatever is due, so a missed scheduler wake-up, or a
clock the tests move by hand, is caught within one tick. Running a phase twice is impossible:
the service closes a phase in the same transaction that adjudicates it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)


class Deadlines(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        self.tick.change_interval(seconds=bot.tick_seconds)

    async def cog_load(self) -> None:
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()

    @tasks.loop(seconds=60)
    async def tick(self) -> None:
        try:
            processed = await self.bot.service.deadlines.run_due()
        except Exception:  # noqa: BLE001 - one bad tick must not stop the next ones
            log.exception("running due deadlines failed; trying again in %s s",
                          self.bot.tick_seconds)
            return
        if processed:
            log.info("deadline tick: %d phase(s) adjudicated", processed)

    @tick.before_loop
    async def _wait_for_connection(self) -> None:
        # a worker (no gateway) ticks as soon as its service is there
        await self.bot.serving.wait()
        if self.bot.gateway:
            await self.bot.wait_until_ready()


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(Deadlines(bot))
