"""The scheduler's alarms: one APScheduler job per game, at its next reminder or deadline,
rebuilt from the database rows at start-up and after every change. A job only wakes the
deadline pass for its game (`service/timing/deadlines.py`), which decides from the rows and
the clock; so an alarm too early, too late or twice does no harm."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC
from typing import Any

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from service.models import ACTIVE
from service.storage.db import Database
from service.storage.repos import faults, games, phases
from service.timing.clock import from_ts, to_ts
from service.timing.reminders import reminders_within

log = logging.getLogger(__name__)

Wake = Callable[[int], Awaitable[Any]]


class Alarms:
    def __init__(self, db: Database, enabled: bool) -> None:
        self.db = db
        self.enabled = enabled       # False: deadlines wait for explicit `run_due()` calls
        self.scheduler: AsyncIOScheduler | None = None
        self._wake: Wake | None = None

    async def start(self, wake: Wake) -> None:
        """Start the scheduler (when enabled) and set one alarm per game with an open
        deadline; each alarm calls `wake(game_id)`."""
        if not self.enabled:
            return
        self._wake = wake
        self.scheduler = AsyncIOScheduler(timezone=UTC)
        self.scheduler.start()
        async with self.db.read() as conn:
            rows = await phases.open_deadlines(conn)
        for game_id in dict.fromkeys(game_id for _p, game_id, _d in rows):
            try:
                await self.reschedule(game_id)
            except Exception:  # the bot's tick still runs its deadlines
                log.exception("scheduling game %s failed", game_id)

    def stop(self) -> None:
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=False)
            self.scheduler = None

    async def reschedule(self, game_id: int) -> None:
        """Point the game's alarm at its next reminder or deadline (or drop it)."""
        if self.scheduler is None:
            return
        async with self.db.read() as conn:
            wake = await self._next_wake(conn, game_id)
        job_id = f"game-{game_id}"
        if wake is None:
            if self.scheduler.get_job(job_id):
                self.scheduler.remove_job(job_id)
            return
        self.scheduler.add_job(self._job, "date", run_date=from_ts(wake), args=[game_id],
                               id=job_id, replace_existing=True, misfire_grace_time=None,
                               coalesce=True)

    async def _job(self, game_id: int) -> None:
        try:
            if self._wake is not None:
                await self._wake(game_id)
        except Exception:  # a job must not die silently: log with the game
            log.exception("deadline job of game %s failed", game_id)

    @staticmethod
    async def _next_wake(conn: Any, game_id: int) -> float | None:
        game = await games.get(conn, game_id)
        phase = await phases.latest(conn, game_id) if game else None
        if (game is None or game.status != ACTIVE or phase is None or phase.status != "open"
                or phase.deadline_at is None):
            return None
        deadline = to_ts(phase.deadline_at)
        sent = await phases.reminders_sent(conn, phase.id)
        times = [deadline] + [deadline - r for r in reminders_within(game, phase)
                              if r not in sent]
        fault = await faults.get(conn, game_id)     # a failing game waits for its next try
        return max(min(times), fault.retry_at) if fault else min(times)
