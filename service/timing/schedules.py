"""The schedule area: when a phase's deadline falls (the game's time zone, an optional fixed
schedule, players' absences), and deadlines typed by a moderator in the game's zone.

The rules themselves are pure (service/timing/slots.py, service/timing/when.py); this area reads what they
need from the database. The core asks it for each new phase's deadline
(`deadline_after`), so processing early or late never moves a fixed schedule's slots.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from engine.vocabulary import PhaseKind
from service.models import Game
from service.storage.db import Database
from service.storage.repos import absences, seats
from service.timing.clock import from_ts, to_ts
from service.timing.slots import after_absences, next_deadline
from service.timing.when import zone


class Schedules:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def deadline_after(self, conn: Any, game: Game, kind: PhaseKind, *, now: float,
                             previous_deadline: float | None) -> float:
        """The deadline (UTC seconds) of a phase of `kind` opening `now`, after a phase whose
        deadline was `previous_deadline` (None: the first phase), moved past the absences of
        the game's seated players."""
        settings = game.settings
        first_day: date | None = None
        if game.started_at is not None:
            first_day = game.started_at.astimezone(zone(settings.timezone)).date()
        deadline = next_deadline(settings, kind, now=from_ts(now),
                                 previous_deadline=from_ts(previous_deadline),
                                 first_day=first_day)
        return to_ts(after_absences(deadline, await self.absent_spans(conn, game.id)))

    @staticmethod
    async def absent_spans(conn: Any, game_id: int) -> list[tuple[Any, Any]]:
        """(start, end) of the accepted absences of players seated in the game."""
        seated = {s.user_id for s in await seats.all_seats(conn, game_id)}
        return [(a.starts_at, a.ends_at) for a in await absences.of_game(conn, game_id)
                if a.user_id in seated]
