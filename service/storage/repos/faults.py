"""Games whose adjudication, announcement or reminders failed (`game_faults`, one row a game):
what failed, since when, how often, when to try again, and whether the moderator was told."""

from __future__ import annotations

from dataclasses import dataclass

from service.storage.db import Connection

_COLUMNS = ("game_id, phase_id, stage, reason, first_at, last_at, attempts, retry_at, "
            "reported_at")


@dataclass(frozen=True)
class Fault:
    game_id: int
    phase_id: int | None
    stage: str              # "adjudicate", "announce", "reminders"
    reason: str             # the exception's type and message, as the log has it
    first_at: float
    last_at: float
    attempts: int
    retry_at: float
    reported_at: float | None


async def record(conn: Connection, game_id: int, phase_id: int | None, stage: str,
                 reason: str, now: float) -> Fault:
    """One more failure of the game (the first makes its row); the row after. Its next try
    is the caller's to set (`set_retry`), from the attempts counted here."""
    rows = await conn.fetch(
        "INSERT INTO game_faults (game_id, phase_id, stage, reason, first_at, last_at, "
        "attempts, retry_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET phase_id = excluded.phase_id, "
        "stage = excluded.stage, reason = excluded.reason, last_at = excluded.last_at, "
        "attempts = game_faults.attempts + 1 RETURNING " + _COLUMNS,
        (game_id, phase_id, stage, reason, now, now, now))
    return Fault(*rows[0])


async def set_retry(conn: Connection, game_id: int, retry_at: float) -> None:
    await conn.execute("UPDATE game_faults SET retry_at = ? WHERE game_id = ?",
                       (retry_at, game_id))


async def mark_reported(conn: Connection, game_id: int, now: float) -> bool:
    """Note that the moderator was told; False when someone was told already."""
    changed = await conn.execute(
        "UPDATE game_faults SET reported_at = ? WHERE game_id = ? AND reported_at IS NULL",
        (now, game_id))
    return changed == 1


async def clear(conn: Connection, game_id: int, stage: str) -> bool:
    """The step that failed works again: the game's row goes (True when there was one)."""
    return await conn.execute("DELETE FROM game_faults WHERE game_id = ? AND stage = ?",
                              (game_id, stage)) == 1


async def waiting(conn: Connection, now: float) -> set[int]:
    """Games failing and not yet due for their next try."""
    rows = await conn.fetch("SELECT game_id FROM game_faults WHERE retry_at > ?", (now,))
    return {r[0] for r in rows}


async def get(conn: Connection, game_id: int) -> Fault | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM game_faults WHERE game_id = ?",
                            (game_id,))
    return Fault(*rows[0]) if rows else None


async def all_faults(conn: Connection) -> list[Fault]:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM game_faults ORDER BY game_id")
    return [Fault(*r) for r in rows]


async def on_postgres(conn: Connection) -> bool:
    """Whether a PostgreSQL database has the table yet (`arbitro doctor` on an older one)."""
    return bool(await conn.fetchval("SELECT to_regclass('game_faults') IS NOT NULL"))
