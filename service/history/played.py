"""The phases a game has played, as its results were announced: all of them (text only), or
one by its name with its map."""

from __future__ import annotations

from service.errors import InvalidRequest
from service.games.lookups import game_or_fail
from service.models import PhaseReport
from service.notices.announcing import Announcer
from service.storage.db import Database
from service.storage.repos import phases


class History:
    def __init__(self, db: Database, announcer: Announcer) -> None:
        self.db = db
        self.announcer = announcer

    async def phases(self, game_id: int) -> list[PhaseReport]:
        """Every adjudicated phase, oldest first, with results and text (no images)."""
        async with self.db.read() as conn:
            await game_or_fail(conn, game_id)
            done = [p.id for p in await phases.history(conn, game_id) if p.status == "done"]
        return [await self.announcer.phase_report_of(p, with_image=False) for p in done]

    async def phase(self, game_id: int, phase: str) -> PhaseReport:
        """One adjudicated phase (e.g. "F1901M") with its results and its map image."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            row = await phases.by_name(conn, game_id, phase.strip().upper())
        if row is None or row.status != "done":
            raise InvalidRequest("history.no_such_phase", f"{game.name} has no adjudicated "
                                 f"phase {phase.strip().upper()}", game=game.name,
                                 phase=phase.strip().upper())
        return await self.announcer.phase_report_of(row.id, with_image=True)
