"""The message in a game's channel that shows its roster, edited as players join and leave."""

from __future__ import annotations

from service.storage.db import Connection


async def message_id(conn: Connection, game_id: int) -> int | None:
    rows = await conn.fetch("SELECT roster_message_id FROM games WHERE id = ?", (game_id,))
    return int(rows[0][0]) if rows and rows[0][0] is not None else None


async def set_message_id(conn: Connection, game_id: int, message: int | None) -> None:
    await conn.execute("UPDATE games SET roster_message_id = ? WHERE id = ?",
                       (message, game_id))
