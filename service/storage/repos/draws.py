"""Draw votes, one per power; secret until the draw passes."""

from __future__ import annotations

from engine.vocabulary import Power
from service.storage.db import Connection


async def set_vote(conn: Connection, game_id: int, power: Power, vote: bool,
                   at: float) -> None:
    await conn.execute("INSERT INTO draw_votes (game_id, power, vote, voted_at) "
                       "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, power) DO UPDATE SET "
                       "vote = excluded.vote, voted_at = excluded.voted_at",
                       (game_id, power.value, int(vote), at))


async def in_favour(conn: Connection, game_id: int) -> set[Power]:
    rows = await conn.fetch("SELECT power FROM draw_votes WHERE game_id = ? AND vote = 1",
                            (game_id,))
    return {Power(r[0]) for r in rows}


async def forget(conn: Connection, game_id: int, power: Power) -> None:
    """The vote of `power` gone: its seat changed hands (a vote is its player's)."""
    await conn.execute("DELETE FROM draw_votes WHERE game_id = ? AND power = ?",
                       (game_id, power.value))


async def clear(conn: Connection, game_id: int) -> None:
    await conn.execute("DELETE FROM draw_votes WHERE game_id = ?", (game_id,))
