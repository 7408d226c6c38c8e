"""Draw votes, one per power; secret until the draw passes."""

from __future__ import annotations

import aiosqlite

from engine.vocabulary import Power


async def set_vote(conn: aiosqlite.Connection, game_id: int, power: Power, vote: bool,
                   at: float) -> None:
    await conn.execute("INSERT INTO draw_votes (game_id, power, vote, voted_at) "
                       "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, power) DO UPDATE SET "
                       "vote = excluded.vote, voted_at = excluded.voted_at",
                       (game_id, power.value, int(vote), at))


async def in_favour(conn: aiosqlite.Connection, game_id: int) -> set[Power]:
    rows = await conn.execute_fetchall("SELECT power FROM draw_votes WHERE game_id = ? AND vote = 1",
                                       (game_id,))
    return {Power(r[0]) for r in rows}


async def clear(conn: aiosqlite.Connection, game_id: int) -> None:
    await conn.execute("DELETE FROM draw_votes WHERE game_id = ?", (game_id,))
