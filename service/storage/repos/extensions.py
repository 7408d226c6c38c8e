"""Extensions players asked for, and the other players' votes on them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from service.storage.db import Connection

_COLUMNS = "id, game_id, phase_id, user_id, seconds, reason, status"


@dataclass(frozen=True)
class Extension:
    id: int
    game_id: int
    phase_id: int
    user_id: int
    length: timedelta
    reason: str
    status: str                      # pending, granted, refused


def _extension(row: tuple) -> Extension:
    return Extension(row[0], row[1], row[2], row[3], timedelta(seconds=row[4]), row[5], row[6])


async def insert(conn: Connection, game_id: int, phase_id: int, user_id: int,
                 seconds: float, reason: str, at: float) -> int:
    new_id = await conn.fetchval(
        "INSERT INTO extensions (game_id, phase_id, user_id, seconds, reason, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?) RETURNING id", (game_id, phase_id, user_id, seconds, reason, at))
    return int(new_id)


async def get(conn: Connection, extension_id: int) -> Extension | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM extensions WHERE id = ?",
                            (extension_id,))
    return _extension(rows[0]) if rows else None


async def of_game(conn: Connection, game_id: int) -> list[Extension]:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM extensions WHERE game_id = ? "
                            "ORDER BY id", (game_id,))
    return [_extension(r) for r in rows]


async def decide(conn: Connection, extension_id: int, status: str,
                 at: float) -> bool:
    """Grant or refuse a pending request; False if it was decided before."""
    changed = await conn.execute("UPDATE extensions SET status = ?, decided_at = ? "
                                 "WHERE id = ? AND status = 'pending'",
                                 (status, at, extension_id))
    return changed == 1


async def vote(conn: Connection, extension_id: int, user_id: int,
               agrees: bool) -> None:
    await conn.execute("INSERT INTO extension_votes (extension_id, user_id, agrees) "
                       "VALUES (?, ?, ?) ON CONFLICT (extension_id, user_id) "
                       "DO UPDATE SET agrees = excluded.agrees",
                       (extension_id, user_id, int(agrees)))


async def votes(conn: Connection, extension_id: int) -> dict[int, bool]:
    rows = await conn.fetch("SELECT user_id, agrees FROM extension_votes "
                            "WHERE extension_id = ?", (extension_id,))
    return {r[0]: bool(r[1]) for r in rows}


async def game_of(conn: Connection, row_id: int) -> int | None:
    """The game the row belongs to (to lock it before changing the row)."""
    return await conn.fetchval("SELECT game_id FROM extensions WHERE id = ?", (row_id,))
