"""A player's record across every game on this bot (`/profile`), and the minimum on-time rate
a game may ask of the players who join it or claim a seat in it."""

from __future__ import annotations

from typing import Any

from service.errors import NotAllowed
from service.models import Game, PlayerRecord
from service.storage.db import Database
from service.storage.repos import records as record_rows


class Records:
    """Composed into `GameService` as `service.records`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, user_id: int) -> PlayerRecord:
        async with self.db.read() as conn:
            return await record_rows.record(conn, user_id)


async def require_record(conn: Any, game: Game, user_id: int) -> None:
    """NotAllowed when the game asks for a minimum on-time rate the player's record is below.
    A player with no phases played yet has no rate and is let in."""
    wanted = game.settings.min_on_time
    if wanted is None:
        return
    rate = (await record_rows.record(conn, user_id)).on_time_percent
    if rate is not None and rate < wanted:
        raise NotAllowed("game.record_too_low", f"{game.name} asks for at least {wanted}% of "
                         f"phases ordered on time; your record is {rate}%", game=game.name,
                         wanted=wanted, rate=rate)
