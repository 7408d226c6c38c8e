"""Players the bot cannot reach (DMs closed, or gone from the server), by user."""

from __future__ import annotations

from service.storage.db import Connection


async def mark(conn: Connection, user_id: int, reason: str, at: float) -> bool:
    """Record why `user_id` cannot be reached; True when this is news (not marked, or marked
    for another reason before)."""
    changed = await conn.execute(
        "INSERT INTO unreachable (user_id, reason, since_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET reason = excluded.reason, since_at = excluded.since_at "
        "WHERE unreachable.reason != excluded.reason", (user_id, reason, at))
    return changed == 1


async def clear(conn: Connection, user_id: int) -> bool:
    changed = await conn.execute("DELETE FROM unreachable WHERE user_id = ?", (user_id,))
    return changed == 1


async def reason(conn: Connection, user_id: int) -> str | None:
    rows = await conn.fetch("SELECT reason FROM unreachable WHERE user_id = ?",
                            (user_id,))
    return rows[0][0] if rows else None


async def of_game(conn: Connection, game_id: int) -> dict[int, str]:
    """The unreachable players seated in a game, with why."""
    rows = await conn.fetch(
        "SELECT u.user_id, u.reason FROM unreachable u JOIN seats s ON s.user_id = u.user_id "
        "WHERE s.game_id = ?", (game_id,))
    return {r[0]: r[1] for r in rows}


async def everyone(conn: Connection) -> set[int]:
    """Every user marked unreachable."""
    return {r[0] for r in await conn.fetch("SELECT user_id FROM unreachable")}
