"""Absences players declared: when, and whether the moderator refused them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.storage.db import Connection
from service.timing.clock import from_ts

_COLUMNS = "id, game_id, user_id, starts_at, ends_at, status, phase_id, moved_from"


@dataclass(frozen=True)
class Absence:
    id: int
    game_id: int
    user_id: int
    starts_at: datetime
    ends_at: datetime
    status: str                      # accepted, refused
    phase_id: int | None             # the open phase whose deadline it moved
    moved_from: datetime | None      # that deadline before

    @property
    def days(self) -> int:
        """Days it counts against the cap: started days, at least one."""
        seconds = (self.ends_at - self.starts_at).total_seconds()
        return max(1, -(-int(seconds) // 86400))


def _absence(row: tuple) -> Absence:
    return Absence(row[0], row[1], row[2], from_ts(row[3]), from_ts(row[4]), row[5], row[6],
                   from_ts(row[7]))


async def insert(conn: Connection, game_id: int, user_id: int, starts_at: float,
                 ends_at: float, at: float) -> int:
    new_id = await conn.fetchval(
        "INSERT INTO absences (game_id, user_id, starts_at, ends_at, created_at) "
        "VALUES (?, ?, ?, ?, ?) RETURNING id", (game_id, user_id, starts_at, ends_at, at))
    return int(new_id)


async def get(conn: Connection, absence_id: int) -> Absence | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM absences WHERE id = ?",
                            (absence_id,))
    return _absence(rows[0]) if rows else None


async def of_game(conn: Connection, game_id: int, *,
                  user_id: int | None = None) -> list[Absence]:
    """The game's accepted absences (of one player), earliest first."""
    rows = await conn.fetch(
        f"SELECT {_COLUMNS} FROM absences WHERE game_id = ? AND status = 'accepted' "
        "AND (CAST(? AS BIGINT) IS NULL OR user_id = ?) ORDER BY starts_at, id", (game_id, user_id, user_id))
    return [_absence(r) for r in rows]


async def note_moved(conn: Connection, absence_id: int, phase_id: int,
                     moved_from: float) -> None:
    await conn.execute("UPDATE absences SET phase_id = ?, moved_from = ? WHERE id = ?",
                       (phase_id, moved_from, absence_id))


async def refuse(conn: Connection, absence_id: int) -> bool:
    changed = await conn.execute("UPDATE absences SET status = 'refused' WHERE id = ? "
                                 "AND status = 'accepted'", (absence_id,))
    return changed == 1


async def game_of(conn: Connection, row_id: int) -> int | None:
    """The game the row belongs to (to lock it before changing the row)."""
    return await conn.fetchval("SELECT game_id FROM absences WHERE id = ?", (row_id,))
