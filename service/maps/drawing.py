"""Drawing maps, replays and charts where the CPU work does not hold up the event loop: in
worker processes (one per core) with the real renderer, or in a thread with an injected one.

The real renderer is CPU work that holds the GIL (about 11 ms a map, plus a static board drawn
once per process), so threads do not help: maps, replays and charts are drawn in worker
processes, one per core, unless a renderer was injected (tests record its calls in this
process) or 0 processes are asked for. A worker that dies (the out-of-memory killer) breaks
its pool: the pool is replaced and the drawing tried again, DRAW_TRIES times in all. A drawing
that takes longer than its time limit (a worker hung: nothing should take a tenth of it) has
its pool's workers stopped and is tried again in a new pool; a drawing that cannot be made
raises, and the results go without their map (service/notices/announcing.py)."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from service.maps.images import Renderer, default_renderer, stand_in_png
from service.models import Game, MapImage, PhaseRow

log = logging.getLogger(__name__)

# How often a drawing is tried when its worker process dies (each time in a new pool).
DRAW_TRIES = 3
# Seconds a drawing may take before its worker is taken as hung (a map takes about 11 ms, a
# whole game's replay a few seconds: bench/render.py).
DRAW_SECONDS = 60.0


class Drawing:
    def __init__(self, renderer: Renderer | None = None,
                 processes: int | None = None, time_limit: float = DRAW_SECONDS) -> None:
        self.renderer: Renderer = renderer or default_renderer()
        if processes is None:
            processes = (os.cpu_count() or 1) if renderer is None \
                and self.renderer is not stand_in_png else 0
        self.processes = processes
        self.time_limit = time_limit
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(4)

    async def render(self, position: Any, **kwargs: Any) -> bytes:
        """The renderer, in a worker process or thread (CPU work: the event loop stays
        free)."""
        return await self.draw(self.renderer, position, **kwargs)

    async def draw(self, drawing: Any, *args: Any, **kwargs: Any) -> bytes:
        """Any drawing function (a map, a replay, a chart) where maps are drawn: in a worker
        process, or in a thread when no processes were asked for."""
        if self.processes > 0:
            call = functools.partial(drawing, *args, **kwargs)
            for attempt in range(DRAW_TRIES):
                pool = self._worker_pool()
                try:
                    return await asyncio.wait_for(
                        asyncio.get_running_loop().run_in_executor(pool, call), self.time_limit)
                except BrokenProcessPool:
                    # a worker died: every drawing it had fails with this; the pool is
                    # replaced once, and each drawing tried again
                    log.warning("a map worker died (try %s of %s): the pool is replaced",
                                attempt + 1, DRAW_TRIES)
                    self._drop_pool(pool)
                except TimeoutError:
                    # a worker hung: its pool's workers are stopped (the other drawings in it
                    # fail as above, and are tried again) and this drawing tried again
                    log.warning("a map took over %s s (try %s of %s): the workers are stopped "
                                "and the pool replaced", self.time_limit, attempt + 1,
                                DRAW_TRIES)
                    self._drop_pool(pool, stop_workers=True)
            raise BrokenProcessPool("the map workers died or hung on every try")
        async with self._slots:
            # (a thread cannot be stopped: a drawing past its time limit is given up on)
            return await asyncio.wait_for(asyncio.to_thread(drawing, *args, **kwargs),
                                          self.time_limit)

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

    def shutdown(self) -> None:
        """Stop the worker processes (waiting for the drawings under way)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _worker_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def _drop_pool(self, pool: ProcessPoolExecutor, stop_workers: bool = False) -> None:
        """Forget a broken pool (the drawings that failed in it make the next one); with
        `stop_workers`, its worker processes are ended first (a hung one never would be)."""
        if stop_workers:
            # (the executor lists its workers only in a private table: read with care)
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
