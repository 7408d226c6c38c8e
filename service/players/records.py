"""A player's record across every game on this bot (`/profile`), and the minimum on-time rate
a game may ask of the players who join it or claim a seat in it."""

from __future__ import annotations

from typing import Any

from engine.scoring import SCORING_SYSTEMS, FinishedGame, standings
from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from service.models import Game, PlayerRecord, StandingsTable
from service.storage.db import Database
from service.storage.repos import records as record_rows
from service.storage.repos import standings as standing_rows

DEFAULT_SCORING = "draw-size"
# How a stored outcome's kind reads for scoring (service/games/end_rules.py, endgame.py): a
# concession gives the win to the power named, like a solo; a declared draw is a draw.
_HOW = {"victory": "solo", "concession": "solo", "draw": "draw", "end_year": "end_year"}


class Records:
    """Composed into `GameService` as `service.records`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, user_id: int) -> PlayerRecord:
        async with self.db.read() as conn:
            return await record_rows.record(conn, user_id)

    async def standings(self, guild_id: int, system: str | None = None) -> StandingsTable:
        """The server's table over its finished games (engine/scoring.py), in `system` or the
        server's own (draw-size unless a moderator chose another)."""
        async with self.db.read() as conn:
            system = system or await standing_rows.scoring(conn, guild_id) or DEFAULT_SCORING
            found = await standing_rows.finished_games(conn, guild_id)
            games = [_finished(outcome, seats) for _id, outcome, seats in found]
            games = [g for g in games if g is not None]
            table = standings(games, _known(system))
            records = [await record_rows.record(conn, row.player) for row in table]
        return StandingsTable(guild_id, system, len(games), tuple(zip(table, records,
                                                                      strict=True)))

    async def set_scoring(self, guild_id: int, system: str) -> str:
        """The server's scoring system for `/standings` (a moderator's choice)."""
        async with self.db.transaction() as conn:
            await standing_rows.set_scoring(conn, guild_id, _known(system))
        return system


def _known(system: str) -> str:
    if system not in SCORING_SYSTEMS:
        raise InvalidRequest("standings.unknown_system", f"no scoring system {system!r}",
                             system=system)
    return system


def _finished(outcome: dict[str, Any], seats: dict) -> FinishedGame | None:
    """A stored outcome as the scoring reads it; None for a game ended with no result."""
    how = outcome.get("how")
    if how not in ("solo", "last_player", "draw", "end_year"):
        how = _HOW.get(str(outcome.get("kind")))
    winners = outcome.get("winners") or outcome.get("powers") or []
    if how is None or not winners:
        return None
    centers = {Power(p): int(n) for p, n in (outcome.get("centers") or {}).items()}
    return FinishedGame(how, frozenset(Power(p) for p in winners), centers, seats)


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
