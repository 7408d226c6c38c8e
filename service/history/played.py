"""The phases a game has played, as its results were announced: all of them (text only), or
one by its name with its map."""

from __future__ import annotations

import asyncio

from sandbox import sandbox_map, try_orders
from service.errors import InvalidRequest
from service.games.lookups import game_or_fail
from service.games.sealed import ensure_unsealed
from service.models import OrderResultRow, PhaseReport, SandboxAnswer, SandboxStart
from service.notices.announcing import Announcer
from service.storage.db import Database
from service.storage.repos import phases
from service.storage.repos.results import after_record


class History:
    def __init__(self, db: Database, announcer: Announcer) -> None:
        self.db = db
        self.announcer = announcer

    async def phases(self, game_id: int) -> list[PhaseReport]:
        """Every adjudicated phase, oldest first, with results and text (no images)."""
        async with self.db.read() as conn:
            ensure_unsealed(await game_or_fail(conn, game_id))    # fog of war: once it ends
            done = [p.id for p in await phases.history(conn, game_id) if p.status == "done"]
        return [await self.announcer.phase_report_of(p, with_image=False) for p in done]

    async def phase(self, game_id: int, phase: str) -> PhaseReport:
        """One adjudicated phase (e.g. "F1901M") with its results and its map image."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            ensure_unsealed(game)
            row = await phases.by_name(conn, game_id, phase.strip().upper())
        if row is None or row.status != "done":
            raise InvalidRequest("history.no_such_phase", f"{game.name} has no adjudicated "
                                 f"phase {phase.strip().upper()}", game=game.name,
                                 phase=phase.strip().upper())
        return await self.announcer.phase_report_of(row.id, with_image=True)

    async def sandbox_start(self, game_id: int, phase: str | None = None) -> SandboxStart:
        """The position a what-if starts from (`sandbox/`): the phase `phase` (e.g. "F1901M"),
        played or open, else the game's open phase, else (a finished game) its last one.
        Never any order: only the board as it stood."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            ensure_unsealed(game)
            if phase is None:
                row = await phases.latest(conn, game_id)
            else:
                row = await phases.by_name(conn, game_id, phase.strip().upper())
        if row is None:
            raise InvalidRequest("history.no_such_phase", f"{game.name} has no phase "
                                 f"{(phase or '').strip().upper()}", game=game.name,
                                 phase=(phase or "").strip().upper())
        now = row.position.phase
        return SandboxStart(game.id, game.name, row.name, row.position, game.settings.rules,
                            game.neutral_in(now), game.closed_in(now))

    async def sandbox(self, game_id: int, text: str, phase: str | None = None,
                      reply_lang: str | None = None, language: str = "en") -> SandboxAnswer:
        """A private what-if (`/sandbox`): `text`, orders in free text for any units of any
        power, adjudicated on `sandbox_start(game_id, phase)`'s position with the phase's
        defaults for the rest, and its map in `language`. Reads the board only: never an
        order of the game, never a write."""
        start = await self.sandbox_start(game_id, phase)
        run = try_orders(start.position, text, reply_lang=reply_lang, rules=start.rules,
                         neutral=start.neutral, closed=start.closed)
        png = await asyncio.to_thread(sandbox_map, run, language, start.game_name)
        rows = tuple(OrderResultRow(r.power, r.order.canonical(), r.outcome.status.value,
                                    r.outcome.reason.value if r.outcome.reason else None,
                                    r.outcome.province) for r in run.result.results)
        unread = tuple((line.input, line.error or "") for line in run.unread)
        return SandboxAnswer(start, rows, after_record(run.result), unread, png)
