"""The public API of the game service: `GameService`, the one object the bot, the command line,
the demo, the benchmark and the tests drive.

    async with GameService.open("arbitro.sqlite", notifier=my_notifier) as service:
        game = await service.create_game(channel_id=1, moderator_id=9, name="Spring league")
        ...

It is transport-agnostic (no discord imports): it talks back only through its `Notifier`, and
its errors are `service.errors.ServiceError`s carrying a message key, parameters and English
text. Authorising moderators is the caller's job (Discord roles); the service checks that only
the player seated at a power orders it, and records the actor of every moderator action.

The first methods live in small mixins: lifecycle (create, join, start, status), ordering
(orders, ready marks, draws, maps), moderation, on top of the core (start-up, deadlines,
adjudication: service/core.py), the announcements (service/notices/announcing.py) and the shared
resources (service/base.py). Newer areas are objects composed into the service, each built
once with the service it works for, with its own module and repository:

    service.schedules      time zone, fixed schedule, typed deadlines (service/timing/schedules.py)
    service.missed_orders  grace before civil disorder, abandoned seats
    service.absences       players away (service/players/absences.py)
    service.extensions     extensions asked by players (service/players/extensions.py)
    service.guide          a player's guide to their game, for /help (service/players/guide.py)
    service.game_config    settings shown and changed mid-game (service/games/config.py)
    service.upkeep         who owes orders, reminders now, deleting a game (service/moderation/upkeep.py)
    service.endgame        draws declared, concessions (service/games/endgame.py)
    service.exports        a whole game as JSON (service/history/exports.py)
    service.replays        a game's replay and supply-centre chart (service/history/replays.py)
    service.seating        open seats, claims, unreachable players (service/players/seating.py)
    service.records        a player's record across games (service/players/records.py)
    service.game_channels  a game's category, power channels and roles (service/games/channels.py)
    service.press          press relayed between powers, by the game's rules (service/press/press.py)
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import Any

from service.core import Renderer, ServiceCore
from service.games.channels import GameChannels
from service.games.config import GameConfig
from service.games.endgame import Endgame
from service.games.lifecycle import LifecycleMixin
from service.history.exports import Exports
from service.history.replays import Replays
from service.moderation.moderation import ModerationMixin
from service.moderation.upkeep import Upkeep
from service.notices.notifier import MemoryNotifier, Notifier
from service.orders.ordering import OrderingMixin
from service.players.absences import Absences
from service.players.extensions import Extensions
from service.players.guide import Guides
from service.players.missed_orders import MissedOrders
from service.players.preferences import PreferencesMixin
from service.players.records import Records
from service.players.seating import Seating
from service.press.press import Press
from service.storage.db import open_database
from service.timing.clock import Clock, SystemClock
from service.timing.schedules import Schedules

DEFAULT_DB = "arbitro.sqlite"


class GameService(LifecycleMixin, OrderingMixin, ModerationMixin, PreferencesMixin, ServiceCore):
    """Every game's state and clock. Open it with `GameService.open(...)` as an async context
    manager: the database is created and migrated, the deadline jobs are rebuilt from the
    database rows, and deadlines that passed while the process was down are processed once,
    in order."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.start_on_open = True      # `open(start=False)`: the caller runs startup()
        # the areas composed into the service (the core calls the first two)
        self.schedules = Schedules(self)
        self.missed_orders = MissedOrders(self)
        self.absences = Absences(self)
        self.extensions = Extensions(self)
        self.guide = Guides(self)
        self.game_config = GameConfig(self)
        self.upkeep = Upkeep(self)
        self.endgame = Endgame(self)
        self.exports = Exports(self)
        self.replays = Replays(self)
        self.game_channels = GameChannels(self)
        self.press = Press(self)

    @classmethod
    def open(cls, db_path: str | Path | None = None, *, notifier: Notifier | None = None,
             clock: Clock | None = None, renderer: Renderer | None = None,
             scheduler: bool = True, render_processes: int | None = None,
             instance: str | None = None, start: bool = True) -> GameService:
        """`db_path` (a SQLite file or a `postgresql://` URL) defaults to `$ARBITRO_DB`, else
        `arbitro.sqlite`. `instance` names this process in the database's announcement claims
        (default `$ARBITRO_INSTANCE`, else the host's name). `scheduler=False` leaves
        deadlines to explicit `run_due()` calls (tests with a ManualClock, the demo).
        `renderer` defaults to `render.render_png` (drawn in `render_processes` worker
        processes, default one per core); an injected renderer runs in a thread.
        `start=False`: opening only opens and migrates the database; the caller runs
        `await service.startup()` (announcements and deadlines missed while down) once what
        the notifier needs is in place (the bot: its service attached, bot/runner.py)."""
        path = db_path or os.environ.get("ARBITRO_DB", "").strip() or DEFAULT_DB
        service = cls(path, notifier or MemoryNotifier(), clock or SystemClock(), renderer,
                      scheduler, render_processes, instance)
        service.start_on_open = start
        return service

    async def __aenter__(self) -> GameService:
        self.db = await open_database(self.db_path)
        try:
            await self.db.migrate()
        except BaseException:
            await self.db.close()
            raise
        self.seating = Seating(self)
        self.records = Records(self.db)
        try:
            await self.seating.load()
            if self.start_on_open:
                await self.startup()
        except BaseException:
            # a start-up that fails leaves nothing running (the scheduler, the map workers,
            # the database's thread), so the process can exit and be restarted
            await self.shutdown()
            await self.db.close()
            raise
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.shutdown()
        await self.db.close()
