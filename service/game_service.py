"""The public API of the game service: `GameService`, the one object the bot, the command line,
the demo, the benchmark and the tests drive.

    async with GameService.open("arbitro.sqlite", notifier=my_notifier) as service:
        game = await service.create_game(channel_id=1, moderator_id=9, name="Spring league")
        ...

It is transport-agnostic (no discord imports): it talks back only through its `Notifier`, and
its errors are `service.errors.ServiceError`s carrying a message key, parameters and English
text. Authorising moderators is the caller's job (Discord roles); the service checks that only
the player seated at a power orders it, and records the actor of every moderator action.

The methods live in small mixins, one per area: lifecycle (create, join, start, status),
ordering (orders, ready marks, draws, maps), moderation, on top of the core (start-up,
deadlines, adjudication: service/core.py), the announcements (service/announcing.py) and the
shared resources (service/base.py).
"""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from types import TracebackType

from service.clock import Clock, SystemClock
from service.core import Renderer, ServiceCore
from service.db import Database
from service.guide import Guides
from service.lifecycle import LifecycleMixin
from service.moderation import ModerationMixin
from service.notifier import MemoryNotifier, Notifier
from service.ordering import OrderingMixin
from service.preferences import PreferencesMixin
from service.schema import migrate

DEFAULT_DB = "arbitro.sqlite"


class GameService(LifecycleMixin, OrderingMixin, ModerationMixin, PreferencesMixin, ServiceCore):
    """Every game's state and clock. Open it with `GameService.open(...)` as an async context
    manager: the database is created and migrated, the deadline jobs are rebuilt from the
    database rows, and deadlines that passed while the process was down are processed once,
    in order."""

    @classmethod
    def open(cls, db_path: str | Path | None = None, *, notifier: Notifier | None = None,
             clock: Clock | None = None, renderer: Renderer | None = None,
             scheduler: bool = True, render_processes: int | None = None) -> GameService:
        """`db_path` defaults to `$ARBITRO_DB`, else `arbitro.sqlite`. `scheduler=False` leaves
        deadlines to explicit `run_due()` calls (tests with a ManualClock, the demo).
        `renderer` defaults to `render.render_png` (drawn in `render_processes` worker
        processes, default one per core); an injected renderer runs in a thread."""
        path = db_path or os.environ.get("ARBITRO_DB", "").strip() or DEFAULT_DB
        return cls(path, notifier or MemoryNotifier(), clock or SystemClock(), renderer,
                   scheduler, render_processes)

    @cached_property
    def guide(self) -> Guides:
        """A player's guide to their game (`/help`)."""
        return Guides(self)

    async def __aenter__(self) -> GameService:
        self.db = await Database.open(self.db_path)
        try:
            await migrate(self.db.conn, self.db_path)
        except BaseException:
            await self.db.close()
            raise
        await self.startup()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.shutdown()
        await self.db.close()
