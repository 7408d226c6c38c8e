"""What every area of the game service shares: its resources (database, clock, notifier,
renderer in worker processes) and the small helpers the mixins use (reading a game or its open
phase, drawing a map). Telling the channel or a player is the outbox's (service/notices/outbox.py).

The layers, each a class on top of the one before: `ServiceBase` (here), `Announcing`
(service/notices/announcing.py: posting results), `ServiceCore` (service/core.py: start-up,
deadlines, reminders, adjudication), then one mixin per area and `GameService`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import re
import socket
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from engine.vocabulary import Phase, Power
from service.errors import InvalidRequest, NotAllowed, NotFound
from service.games.obligations import needs_orders
from service.maps.images import Renderer, default_renderer, stand_in_png
from service.models import FINISHED, Game, MapImage, PhaseRow
from service.notices.notifier import Message, Notifier
from service.storage.db import Database
from service.storage.repos import games, phases, seats
from service.timing.clock import Clock, to_ts

log = logging.getLogger(__name__)


# How often a drawing is tried when its worker process dies (each time in a new pool).
DRAW_TRIES = 3

_MENTION = re.compile(r"<@!?\d+>")


class ServiceBase:
    db: Database

    def __init__(self, db_path: str | Path, notifier: Notifier, clock: Clock,
                 renderer: Renderer | None, scheduler: bool,
                 render_processes: int | None = None, instance: str | None = None) -> None:
        self.db_path = str(db_path)
        # this process's name in the announcement claims it holds in the database
        self.instance = instance or os.environ.get("ARBITRO_INSTANCE", "").strip() \
            or socket.gethostname()
        self.notifier = notifier
        self.clock = clock
        self.renderer: Renderer = renderer or default_renderer()
        self.use_scheduler = scheduler
        # The real renderer is CPU work that holds the GIL (about 11 ms a map, plus a static
        # board drawn once per process), so threads do not help: maps, replays and charts are
        # drawn in worker processes, one per core, unless a renderer was injected (tests record
        # its calls in this process) or 0 is asked for.
        if render_processes is None:
            render_processes = (os.cpu_count() or 1) if renderer is None \
                and self.renderer is not stand_in_png else 0
        self.render_processes = render_processes
        self._pool: ProcessPoolExecutor | None = None
        self.scheduler: AsyncIOScheduler | None = None
        # Games with an adjudication under way in this process: orders for them are refused
        # at once rather than queued behind it and silently applied to the next phase.
        self._adjudicating: Counter[int] = Counter()
        self._render_slots = asyncio.Semaphore(4)
        # Phases whose announcement is claimed by a coroutine of this process (claimed inside
        # the adjudicating transaction, so a retry of pending announcements never doubles it).
        self._announcing: set[int] = set()
        # Phases whose channel refused their results (ChannelUnavailable): when to try again,
        # and whether the moderator was told (once per phase in this process).
        self._refused_until: dict[int, float] = {}
        # Phases whose announcement failed otherwise: when this process tries again (the
        # pause of their game's fault, service/timing/boundary.py).
        self._retry_after: dict[int, float] = {}


    # -- helpers shared by the mixins -------------------------------------------------------
    def now_ts(self) -> float:
        return to_ts(self.clock.now())

    async def game_owning(self, game_of: Any, row_id: int) -> int | None:
        """The game a row (an extension, absence, claim) belongs to, read before the write
        transaction that changes the row, so that transaction can lock the game first (None
        when there is no such row: the transaction then says so)."""
        async with self.db.read() as conn:
            return await game_of(conn, row_id)

    @staticmethod
    async def game_or_fail(conn: Any, game_id: int) -> Game:
        game = await games.get(conn, game_id)
        if game is None:
            raise NotFound("game.not_found", f"there is no game {game_id}", game_id=game_id,
                           id=game_id)
        return game

    @staticmethod
    async def open_phase_or_fail(conn: Any, game: Game) -> PhaseRow:
        phase = await phases.latest(conn, game.id)
        if game.status == FINISHED or phase is None or phase.status != "open":
            raise InvalidRequest("game.no_open_phase", f"{game.name} has no phase in play "
                                 f"(the game is {game.status})", game=game.name,
                                 status=game.status)
        return phase

    @staticmethod
    async def powers_or_fail(conn: Any, game: Game, user_id: int) -> list[Power]:
        """The powers `user_id` plays in `game` (NotAllowed when none)."""
        mine = await seats.powers_of(conn, game.id, user_id)
        if not mine:
            raise NotAllowed("orders.not_seated", f"you do not play a power in {game.name}",
                             game=game.name)
        return mine

    async def render(self, position: Any, **kwargs: Any) -> bytes:
        """The renderer, in a worker process or thread (CPU work: the event loop stays
        free)."""
        return await self.draw(self.renderer, position, **kwargs)

    async def draw(self, drawing: Any, *args: Any, **kwargs: Any) -> bytes:
        """Any drawing function (a map, a replay, a chart) where maps are drawn: in a worker
        process, or in a thread when no processes were asked for."""
        if self.render_processes > 0:
            call = functools.partial(drawing, *args, **kwargs)
            for attempt in range(DRAW_TRIES):
                pool = self._worker_pool()
                try:
                    return await asyncio.get_running_loop().run_in_executor(pool, call)
                except BrokenProcessPool:
                    # a worker died (the out-of-memory killer): every drawing it had fails
                    # with this; the pool is replaced once, and each drawing tried again
                    log.warning("a map worker died (try %s of %s): the pool is replaced",
                                attempt + 1, DRAW_TRIES)
                    self._drop_pool(pool)
            raise BrokenProcessPool("the map workers died on every try")
        async with self._render_slots:
            return await asyncio.to_thread(drawing, *args, **kwargs)

    def _worker_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.render_processes,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def _drop_pool(self, pool: ProcessPoolExecutor) -> None:
        """Forget a broken pool (the drawings that failed in it make the next one)."""
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    async def map_image(self, game: Game, phase: PhaseRow, size: str = "normal",
                        **kwargs: Any) -> MapImage:
        """A phase's map in the game's language (and colours); `size` "large": 1440 px wide
        (the renderer is given `size` only then, so a renderer without it still draws the
        posted maps)."""
        if size != "normal":
            kwargs["size"] = size
        png = await self.render(phase.position, game_name=game.name,
                                language=game.settings.language or "en",
                                palette=game.settings.palette, **kwargs)
        suffix = "" if size == "normal" else f"-{size}"
        return MapImage(phase.name, png, f"game-{game.id}-{phase.name}{suffix}.png")

    @staticmethod
    def as_posted(game: Game, message: Message) -> Message:
        """`message` as the game's channel may show it: in an anonymous game an anonymous
        message (its English text without mentions)."""
        if game.settings.anonymous and not message.anonymous:
            message = replace(message, anonymous=True, ping=False,
                              text=_MENTION.sub("someone", message.text))
        return message

    def is_adjudicating(self, game_id: int) -> bool:
        return self._adjudicating[game_id] > 0


    # -- shared by ordering and status ------------------------------------------------------
    @staticmethod
    def seat_needs_orders(phase: PhaseRow, power: Power, game: Game) -> bool:
        return needs_orders(phase.position, power, game.neutral_in(phase.position.phase))

    @staticmethod
    def phase_of(name: str) -> Phase:
        return Phase.parse(name)

    @staticmethod
    def length_of(game: Game, phase: PhaseRow) -> timedelta:
        return game.settings.deadline_for(phase.position.phase.kind)
