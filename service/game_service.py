"""The composition root of the game service: the one place that builds every area and shows
how they are wired. The bot, the command line, the demo, the benchmarks and the tests drive the
service through the object it returns:

    async with GameService.open("arbitro.sqlite", notifier=my_notifier) as service:
        game = await service.games.create(channel_id=1, moderator_id=9, name="Spring league")
        await service.orders.submit(game.id, user_id, "A Par - Bur")

Callers use `service.<area>.<verb>`; each area is a plain class given what it needs in its
constructor (docs/architecture.md is the map). The service is transport-agnostic (no discord
imports): it talks back only through its `Notifier`, and its errors are
`service.errors.ServiceError`s carrying a message key, parameters and English text.
Authorising moderators is the caller's job (Discord roles); the service checks that only the
player seated at a power orders it, and records the actor of every moderator action.
"""

from __future__ import annotations

import socket
from pathlib import Path
from types import TracebackType

from service.games.adjudication import Adjudication
from service.games.channels import GameChannels
from service.games.config import GameConfig
from service.games.endgame import Endgame
from service.games.lifecycle import Games
from service.history.exports import Exports
from service.history.played import History
from service.history.replays import Replays
from service.maps.drawing import Drawing
from service.maps.images import Renderer
from service.maps.views import Maps
from service.moderation.moderation import Moderation
from service.moderation.upkeep import Upkeep
from service.notices.announcing import Announcer
from service.notices.notifier import MemoryNotifier, Notifier
from service.notices.outbox import Outbox
from service.orders.ordering import Orders
from service.players.absences import Absences
from service.players.computer import ComputerSeats
from service.players.extensions import Extensions
from service.players.guide import Guides
from service.players.missed_orders import MissedOrders
from service.players.preferences import Preferences
from service.players.records import Records
from service.players.seating import Seating
from service.press.press import Press
from service.storage.db import Database, open_database
from service.timing.alarms import Alarms
from service.timing.boundary import Faults
from service.timing.clock import Clock, SystemClock
from service.timing.deadlines import Deadlines
from service.timing.reminders import Reminders
from service.timing.schedules import Schedules

DEFAULT_DB = "arbitro.sqlite"


class GameService:
    """Every game's state and clock. Open it with `GameService.open(...)` as an async context
    manager: the database is created and migrated, every area is built on it, the deadline
    alarms are rebuilt from the database rows, and deadlines that passed while the process was
    down are processed once, in order."""

    db: Database
    # the areas, built on entering (they need the open database)
    games: Games
    orders: Orders
    maps: Maps
    history: History
    moderation: Moderation
    preferences: Preferences
    seating: Seating
    computer: ComputerSeats
    absences: Absences
    extensions: Extensions
    missed_orders: MissedOrders
    records: Records
    guide: Guides
    schedules: Schedules
    deadlines: Deadlines
    game_config: GameConfig
    game_channels: GameChannels
    endgame: Endgame
    upkeep: Upkeep
    exports: Exports
    replays: Replays
    press: Press
    # the machinery the areas share
    outbox: Outbox
    announcer: Announcer
    faults: Faults
    alarms: Alarms
    adjudication: Adjudication
    reminders: Reminders

    def __init__(self, db_path: str | Path, notifier: Notifier, clock: Clock,
                 drawing: Drawing, scheduler: bool, instance: str, start: bool) -> None:
        self.db_path = str(db_path)
        self.notifier = notifier
        self.clock = clock
        self.drawing = drawing
        self.use_scheduler = scheduler
        self.instance = instance       # this process's name in the claims it holds
        self.start_on_open = start     # `open(start=False)`: the caller runs startup()

    @classmethod
    def open(cls, db_path: str | Path | None = None, *, notifier: Notifier | None = None,
             clock: Clock | None = None, renderer: Renderer | None = None,
             scheduler: bool = True, render_processes: int | None = None,
             instance: str | None = None, start: bool = True) -> GameService:
        """`db_path`: a SQLite file or a `postgresql://` URL (default `arbitro.sqlite`; the
        bot passes its settings' `ARBITRO_DB`). `instance` names this process in the
        database's announcement claims (default: the host's name; the bot passes
        `ARBITRO_INSTANCE`). `scheduler=False` leaves deadlines to explicit
        `deadlines.run_due()` calls (tests with a ManualClock, the demo). `renderer` defaults
        to `render.render_png` (drawn in `render_processes` worker processes, default one per
        core); an injected renderer runs in a thread. `start=False`: opening only opens and
        migrates the database; the caller runs `await service.startup()` (announcements and
        deadlines missed while down) once what the notifier needs is in place (the bot: its
        service attached, bot/runner.py)."""
        return cls(db_path or DEFAULT_DB, notifier or MemoryNotifier(), clock or SystemClock(),
                   Drawing(renderer, render_processes), scheduler,
                   instance or socket.gethostname(), start)

    def _compose(self, db: Database) -> None:
        """Build every area on the open database: the wiring, in one place, lower rooms
        first (each area is given the ones it calls)."""
        clock, drawing, instance = self.clock, self.drawing, self.instance
        self.db = db
        self.replays = Replays(db, drawing)
        self.outbox = outbox = Outbox(db, clock, self.notifier, drawing, self.replays, instance)
        self.faults = faults = Faults(db, clock, outbox)
        self.announcer = announcer = Announcer(db, clock, self.notifier, drawing, outbox, faults,
                                               instance)
        self.alarms = alarms = Alarms(db, self.use_scheduler)
        self.schedules = schedules = Schedules(db)
        self.missed_orders = missed = MissedOrders(db, clock, outbox)
        self.reminders = reminders = Reminders(db, outbox)
        self.adjudication = adjudication = Adjudication(db, clock, outbox, announcer, schedules,
                                                        missed, instance)
        self.computer = computer = ComputerSeats(db, clock)
        self.deadlines = deadlines = Deadlines(db, clock, alarms, adjudication, announcer,
                                               faults, outbox, missed, reminders, computer)
        self.games = Games(db, clock, outbox, schedules, alarms)
        self.orders = Orders(db, clock, outbox, adjudication, deadlines)
        self.maps = Maps(db, drawing, announcer)
        self.history = History(db, announcer)
        self.moderation = Moderation(db, clock, outbox, alarms, adjudication, deadlines,
                                     schedules)
        self.preferences = Preferences(db)
        self.seating = Seating(db, clock, outbox)
        self.absences = Absences(db, clock, outbox, alarms)
        self.extensions = Extensions(db, clock, outbox, alarms)
        self.records = Records(db)
        self.guide = Guides(db)
        self.game_config = GameConfig(db, clock, outbox, alarms)
        self.game_channels = channels = GameChannels(db, clock)
        self.endgame = Endgame(db, clock, outbox, alarms)
        self.upkeep = Upkeep(db, clock, outbox, reminders)
        self.exports = Exports(db)
        self.press = Press(db, clock, outbox, channels)

    async def startup(self) -> None:
        """Announce phases adjudicated but never announced, process overdue deadlines once in
        order, then (with the scheduler) set one alarm per game from the database rows."""
        await self.deadlines.startup()

    async def shutdown(self) -> None:
        """Stop the alarms and the map workers."""
        if hasattr(self, "alarms"):
            self.alarms.stop()
        self.drawing.shutdown()

    async def __aenter__(self) -> GameService:
        db = await open_database(self.db_path)
        try:
            await db.migrate()
        except BaseException:
            await db.close()
            raise
        self._compose(db)
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
