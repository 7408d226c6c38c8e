"""The core every area of the service shares: its resources (database, clock, notifier,
renderer), adjudication (one transaction, guarded by the phase id), deadlines and reminders
(APScheduler jobs rebuilt from the database rows), and announcements."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from service.clock import Clock
from service.db import Database
from service.notifier import Notifier

# render.render_png(position, *, results=(), orders=(), game_name="", civil_disorder=()) -> bytes
Renderer = Callable[..., bytes]


class ServiceCore:
    db: Database

    def __init__(self, db_path: str | Path, notifier: Notifier, clock: Clock,
                 renderer: Renderer | None, scheduler: bool) -> None:
        self.db_path = str(db_path)
        self.notifier = notifier
        self.clock = clock
        self.renderer = renderer
        self.use_scheduler = scheduler

    async def startup(self) -> None:
        """Announce phases adjudicated but never announced, process overdue deadlines once in
        order, then (with the scheduler) rebuild one job per game from the database rows."""
        raise NotImplementedError

    async def shutdown(self) -> None:
        raise NotImplementedError

    async def run_due(self, game_id: int | None = None) -> int:
        """Send due reminders and adjudicate every phase whose deadline has passed (by the
        clock), soonest deadline first. Returns how many phases were adjudicated. The
        scheduler calls this; tests with a ManualClock call it after moving the clock."""
        raise NotImplementedError
